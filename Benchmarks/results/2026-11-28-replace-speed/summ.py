import json,sys
d=json.load(open(sys.argv[1]))['results']
for i in range(0,len(d),2):
    a,b=d[i],d[i+1]
    print(f"| `{a['command'].split(' ',1)[1].replace('/tmp/bench/en-256M.txt','')}` | {a['mean']*1000:.0f} ± {a['stddev']*1000:.0f} ({a['user']*1000:.0f}) | {b['mean']*1000:.0f} ± {b['stddev']*1000:.0f} ({b['user']*1000:.0f}) | {a['mean']/b['mean']:.2f} | {a['user']/b['user']:.2f} | {(a['user']+a['system'])/(b['user']+b['system']):.2f} |")
