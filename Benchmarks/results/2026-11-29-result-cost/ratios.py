import re,sys,collections,statistics
def load(files):
    d=collections.defaultdict(list)
    for f in files:
        for line in open(f):
            m=re.match(r'(.*) r(\d): rawICU',line)
            if not m or m.group(2)=='0': continue
            for api,ratio in re.findall(r'\| (\S+) [\d.]+ ms \(([\d.]+)x\)',line):
                d[(m.group(1),api)].append(float(ratio))
    return d
a=load(sys.argv[1].split(','));b=load(sys.argv[2].split(','))
for k in a:
    print(f"{k[0]:45s} {k[1]:18s} main {statistics.median(a[k]):.3f}  mine {statistics.median(b.get(k,[0])):.3f}   ({' '.join('%.2f'%x for x in a[k])} | {' '.join('%.2f'%x for x in b.get(k,[]))})")
