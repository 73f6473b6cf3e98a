import re,sys,collections
# Per build and case: the median ratio to raw ICU over the r1, r2 lines of every process (r0 is a warm-up).
d=collections.defaultdict(lambda: collections.defaultdict(list))
v=None
for line in open(sys.argv[1]):
    m=re.match(r'== (\S+)',line)
    if m: v=m.group(1); continue
    m=re.match(r'(.*) r(\d): (.*)',line)
    if not m or m.group(2)=='0': continue
    for api,ratio in re.findall(r'\|? ?([^|]+?) [\d.]+ (?:ms|ns) \(([\d.]+)x',m.group(3)):
        if api.startswith('raw'): continue
        d[(m.group(1),api.strip())][v].append(float(ratio))
print('%-20s %-34s %s'%('case','API','median ratio to raw ICU (range): main | branch | branch/main'))
for k in d:
    x=d[k]; med=lambda a: sorted(a)[len(a)//2]
    mm,nn=med(x['main']),med(x['new'])
    if mm == 0: continue
    print('%-20s %-34s %.2f (%.2f-%.2f) | %.2f (%.2f-%.2f) | %.2f'%(k[0],k[1],mm,min(x['main']),max(x['main']),nn,min(x['new']),max(x['new']),nn/mm))
