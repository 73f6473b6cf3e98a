import re,subprocess,sys
# fndiff.py A.out B.out: the functions whose instructions differ most between two callgrind outputs.
def load(p):
    d={}
    out=subprocess.run(['callgrind_annotate','--threshold=100',p],capture_output=True,text=True).stdout
    for l in out.splitlines():
        m=re.match(r'^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(\S+)',l)
        if m: d[m.group(2)]=d.get(m.group(2),0)+int(m.group(1).replace(',',''))
    return d
a=load(sys.argv[1]);b=load(sys.argv[2])
rows=sorted(set(a)|set(b),key=lambda k:-abs(b.get(k,0)-a.get(k,0)))
for k in rows[:int(sys.argv[3]) if len(sys.argv)>3 else 15]: print(f"{a.get(k,0):>12,} {b.get(k,0):>12,} {b.get(k,0)-a.get(k,0):>+12,} {k[:110]}")
