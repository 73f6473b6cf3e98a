import re,sys
def load(p):
    d={}
    for line in open(p):
        if not line.startswith('| ') or line.startswith('| case') or line.startswith('|---'): continue
        parts=[x.strip() for x in line.strip().strip('|').split('|')]
        case=parts[0]
        for item in parts[2].split(';'):
            m=re.match(r'\s*(\S+) ([0-9.e-]+)',item)
            if m: d[(case,m.group(1))]=float(m.group(2))
    return d
a=load(sys.argv[1]); b=load(sys.argv[2]); th=float(sys.argv[3]) if len(sys.argv)>3 else 1.15
for k in a:
    if k in b and a[k]>0:
        r=b[k]/a[k]
        if r>th or r<1/th: print(f"{r:5.2f}  {k[0]} / {k[1]}: {a[k]:.3g} -> {b[k]:.3g}")
