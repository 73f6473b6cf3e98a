import sys, re, subprocess
def load(f):
    out = subprocess.run(['callgrind_annotate','--inclusive=no','--threshold=100',f],capture_output=True,text=True).stdout
    d={}
    for l in out.splitlines():
        m=re.match(r'\s*([\d,]+) \([^)]*\)\s+(.*?) \[',l)
        if m:
            name=m.group(2).split(':',1)[-1]
            name=re.sub(r'icugrep-\w+\.sym','',name)
            d[name]=d.get(name,0)+int(m.group(1).replace(',',''))
    return d
a=load(sys.argv[1]); b=load(sys.argv[2])
rows=[(b.get(k,0)-a.get(k,0),k) for k in set(a)|set(b)]
rows.sort()
for dlt,k in rows:
    if abs(dlt)>200000: print(f"{a.get(k,0):>12,} {b.get(k,0):>12,} {dlt:>+12,}  {k[:110]}")
print(sum(a.values()), sum(b.values()))
