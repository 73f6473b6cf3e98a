import re,sys
cur=None; rows=[]; tool=None; d={}
for line in open(sys.argv[1]):
    m=re.match(r'compare-cli: (\S+): timing',line)
    if m:
        if cur and d: rows.append((cur,d))
        cur=m.group(1); d={}; continue
    m=re.match(r'Benchmark \d+: (\S+)',line)
    if m: tool=m.group(1); continue
    m=re.search(r'Time \(mean ± σ\):\s+([\d.]+) (ms|s).*User: ([\d.]+) (ms|s), System: ([\d.]+) (ms|s)',line)
    if m and tool:
        f=lambda v,u: float(v)*(1000 if u=='s' else 1)
        d[tool]=(f(m.group(1),m.group(2)),f(m.group(3),m.group(4)),f(m.group(5),m.group(6)))
if cur and d: rows.append((cur,d))
print("| id | icugrep wall / user [ms] | baseline (main) wall / user [ms] | new/main wall | new/main user | rg user [ms] |")
print("|:---|---:|---:|---:|---:|---:|")
for cur,d in rows:
    if 'icugrep' in d and 'baseline' in d:
        a,b=d['icugrep'],d['baseline']; r=d.get('rg',(0,0,0))
        print(f"| {cur} | {a[0]:.0f} / {a[1]:.0f} | {b[0]:.0f} / {b[1]:.0f} | {a[0]/b[0]:.2f} | {a[1]/max(b[1],0.1):.2f} | {r[1]:.0f} |")
