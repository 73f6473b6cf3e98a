import re,sys,collections
# Per build and workload: the range of ratios (r1, r2 of each process; r0 is a warm-up).
d=collections.defaultdict(lambda: collections.defaultdict(list))
v=None
for line in open(sys.argv[1]):
    m=re.match(r'== (\S+)',line)
    if m: v=m.group(1); continue
    m=re.match(r'(.*) r(\d): (.*)',line)
    if not m or m.group(2)=='0': continue
    for api,ratio in re.findall(r'(RegexMatcher|matches|replacing) [\d.]+ ms \(([\d.]+)x\)',m.group(3)):
        d[(m.group(1),api)][v].append(float(ratio))
for k in d:
    print('%-32s %-12s'%k, '  '.join('%s %.2f-%.2f (med %.2f)'%(b,min(x),max(x),sorted(x)[len(x)//2]) for b,x in d[k].items()))
