import re, sys, statistics, collections
# usage: cmp.py FILE  (sections "== SIDE round N", probe lines)
data = collections.defaultdict(lambda: collections.defaultdict(list))
side = None
ratios = collections.defaultdict(lambda: collections.defaultdict(list))
for line in open(sys.argv[1]):
    m = re.match(r'== (\S+)', line)
    if m: side = m.group(1); continue
    m = re.match(r'(.*) r(\d): rawICU ([\d.]+) ms(.*)', line)
    if not m or m.group(2) == '0': continue
    case = m.group(1)
    raw = float(m.group(3))
    data[(case, 'rawICU')][side].append(raw)
    for api, t in re.findall(r'\| (\S+) ([\d.]+) ms', m.group(4)):
        data[(case, api)][side].append(float(t))
        ratios[(case, api)][side].append(float(t) / raw)
sides = sorted({s for v in data.values() for s in v})
base, new = sys.argv[2], sys.argv[3]
print('| case | API | %s ms | %s ms | new/base | %s x raw | %s x raw | ratio new/base |' % (base, new, base, new)); print('|---|---|---|---|---|---|---|---|')
for (case, api), v in data.items():
    if base in v and new in v:
        b, n = statistics.median(v[base]), statistics.median(v[new])
        r = ratios.get((case, api))
        extra = ' %.3f | %.3f | %.2f |' % (statistics.median(r[base]), statistics.median(r[new]), statistics.median(r[new]) / statistics.median(r[base])) if r else ' | | |'
        print('| %s | %s | %.3f | %.3f | %.2f |%s' % (case, api, b, n, n / b, extra))
