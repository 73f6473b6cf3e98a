import sys,math,importlib.util
spec=importlib.util.spec_from_file_location('c','/tmp/r13/cmp.py')
import re
def load(p):
    d={}
    for line in open(p):
        if not line.startswith('| ') or line.startswith('| case') or line.startswith('|---'): continue
        parts=[x.strip() for x in line.strip().strip('|').split('|')]
        for item in parts[2].split(';'):
            m=re.match(r'\s*(\S+) ([0-9.e-]+)',item)
            if m: d[(parts[0],m.group(1))]=float(m.group(2))
    return d
pairs=[(load(a),load(b)) for a,b in zip(sys.argv[1::2],sys.argv[2::2])]
keys=set(pairs[0][0])
out=[]
for k in keys:
    rs=[b[k]/a[k] for a,b in pairs if k in a and k in b and a[k]>0]
    g=math.exp(sum(map(math.log,rs))/len(rs))
    out.append((g,k,rs))
allg=math.exp(sum(math.log(g) for g,_,_ in out)/len(out))
print(f"geomean of new/old over {len(out)} rows: {allg:.3f}")
for g,k,rs in sorted(out,reverse=True)[:15]: print(f"{g:.2f} {k[0]} / {k[1]} {['%.2f'%r for r in rs]}")
