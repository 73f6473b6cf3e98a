import json,sys
d=json.load(open(sys.argv[1]))['results']
print("| command | replace4 [ms] (user) | new [ms] (user) | rg [ms] (user) | new/rg wall | new/rg user | new/rg user+sys | replace4/rg user |")
print("|:---|---:|---:|---:|---:|---:|---:|---:|")
for i in range(0,len(d),3):
    m,a,b=d[i],d[i+1],d[i+2]
    cmd=a['command'].split(' ',1)[1].replace(' /tmp/bench/en-256M.txt','')
    f=lambda x:f"{x['mean']*1000:.0f} ± {x['stddev']*1000:.0f} ({x['user']*1000:.0f})"
    print(f"| `{cmd}` | {f(m)} | {f(a)} | {f(b)} | {a['mean']/b['mean']:.2f} | {a['user']/b['user']:.2f} | {(a['user']+a['system'])/(b['user']+b['system']):.2f} | {m['user']/b['user']:.2f} |")
