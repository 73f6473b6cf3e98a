import re,sys,statistics,math
def load(files):
    d={}
    for f in files:
        for line in open(f):
            m=re.match(r'(.*) r\d+: (.*)',line.strip())
            if not m: continue
            row=m.group(1)
            for part in m.group(2).split('|'):
                mm=re.match(r'\s*(\S+) ([0-9.]+) ms',part)
                if mm: d.setdefault((row,mm.group(1)),[]).append(float(mm.group(2)))
    import os
    f=min if os.environ.get("STAT")=="min" else statistics.median
    return {k:f(v) for k,v in d.items()}
a=load(sys.argv[1].split(',')); b=load(sys.argv[2].split(','))
rs=[(b[k]/a[k],k) for k in a if k in b and k[1]!='rawICU']
print('geomean new/old API time over %d rows: %.3f'%(len(rs),math.exp(sum(math.log(r) for r,_ in rs)/len(rs))))
for r,k in sorted(rs,reverse=True)[:int(sys.argv[3]) if len(sys.argv)>3 else 15]: print('%.2f %s / %s  %.3f -> %.3f'%(r,k[0],k[1],a[k],b[k]))
