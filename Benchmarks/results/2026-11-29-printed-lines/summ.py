import json,sys
d=json.load(open(sys.argv[1]))['results']
print("| command | main [ms] (user) | new [ms] (user) | rg [ms] (user) | main/rg user | new/rg user | new/rg user+sys | new/main user |")
print("|:---|---:|---:|---:|---:|---:|---:|---:|")
for i in range(0,len(d),3):
    m,a,b=d[i],d[i+1],d[i+2]
    cmd=a['command'].split(' ',1)[1].replace(' /tmp/bench/en-256M.txt','').replace('/tmp/bench/','')
    f=lambda x:f"{x['mean']*1000:.0f} ± {x['stddev']*1000:.0f} ({x['user']*1000:.0f})"
    print(f"| `{cmd}` | {f(m)} | {f(a)} | {f(b)} | {m['user']/b['user']:.2f} | {a['user']/b['user']:.2f} | {(a['user']+a['system'])/(b['user']+b['system']):.2f} | {a['user']/m['user']:.2f} |")
