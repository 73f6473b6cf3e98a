# Medians (p50) of the two builds side by side, from the Markdown reports of run.sh: python3 table.py Workloads 2
import re, sys, collections
def parse(path):
    res = {}
    name = None
    unit = None
    for line in open(path):
        m = re.match(r'^### (.*)$', line.strip())
        if m: name = m.group(1); continue
        m = re.match(r'^\| Time \(wall clock\) \((\S+)\) \*?\s*\|(.*)$', line.strip())
        if m and name:
            cols = [c.strip() for c in m.group(2).split('|') if c.strip()]
            scale = {'ns':1e-6,'μs':1e-3,'us':1e-3,'ms':1,'s':1000}[m.group(1)]
            res[name] = float(cols[2]) * scale  # p50 in ms
    return res
suite, run = sys.argv[1], sys.argv[2]
# The reports run.sh wrote.
DIR = __import__('os').environ.get('RESULTS', '/tmp/conv4-results')  # or reports/ here
mine = parse(f'{DIR}/{suite}-conv4-{run}.md')
base = parse(f'{DIR}/{suite}-conv4-base-{run}.md')
if suite == 'Workloads':
    groups = collections.OrderedDict()
    for k in mine:
        w, peer = k.split(' / ', 1)
        groups.setdefault(w.replace('Workloads: ',''), {})[peer] = (base.get(k), mine[k])
    peers = [('raw ICU (C) findNext loop','raw ICU'), ('ICURegex RegexPattern.matches(inUTF16:)','matches'), ('ICURegex RegexMatcher.firstMatch(inUTF16:from:) loop','RegexMatcher'), ('ICURegularExpression.numberOfMatches(in:)','ICURegularExpression')]
    print('| workload | ' + ' | '.join(f'{p[1]} main | {p[1]} branch' for p in peers) + ' |')
    print('|---' * (1 + 2*len(peers)) + '|')
    for w, d in sorted(groups.items()):
        if 'raw ICU (C) findNext loop' not in d: continue  # no raw ICU peer to compare with
        row = [w]
        icu_b, icu_m = d['raw ICU (C) findNext loop']
        for p, short in peers:
            b, m = d.get(p, (None, None))
            if b is None or m is None: row += ['', '']; continue
            if p.startswith('raw'):
                row += [f'{b:.2f} ms', f'{m:.2f} ms']
            else:
                row += [f'{b:.2f} ms ({icu_b/b:.2f}×)', f'{m:.2f} ms ({icu_m/m:.2f}×)']
        print('| ' + ' | '.join(row) + ' |')
else:
    print('| case | main | branch |')
    print('|---|--:|--:|')
    for k in mine:
        print(f'| {k.replace("CallOverhead: ", "")} | {base.get(k,0)*1e6:.0f} ns | {mine[k]*1e6:.0f} ns |')
    # Ratios in the same process: Foundation's time over ours, ours over raw ICU's.
    P = 'CallOverhead: '
    pairs = [('NSString.range(ofRegex:) vs Foundation NSString', 'ICURegex NSString.range(ofRegex:)', 'Foundation NSString.range(of:)', True),
             ('String.range(ofRegex:) vs Foundation String', 'ICURegex String.range(ofRegex:)', 'Foundation String.range(of:)', True),
             ('NSString.range(ofRegex:) / raw ICU', 'ICURegex NSString.range(ofRegex:)', 'raw ICU (C)', False),
             ('String.range(ofRegex:) / raw ICU', 'ICURegex String.range(ofRegex:)', 'raw ICU (C)', False)]
    for label in ['Russian', 'Chinese']:
        pairs += [(f'NSString.range(ofRegex:) vs Foundation NSString, {label}', f'ICURegex NSString.range(ofRegex:) / {label}', f'Foundation NSString.range(of:) / {label}', True),
                  (f'NSString.range(ofRegex:) / raw ICU, {label}', f'ICURegex NSString.range(ofRegex:) / {label}', f'raw ICU (C) / {label}', False),
                  (f'String.range(ofRegex:) / raw ICU, {label}', f'ICURegex String.range(ofRegex:) / {label}', f'raw ICU (C) / {label}', False)]
    for label in ['ASCII', 'Russian', 'Chinese']:
        for call in ['rangeOfFirstMatch (NSString)', 'firstMatch (NSString)', 'rangeOfFirstMatch (String)']:
            pairs.append((f'ICURegularExpression.{call} vs NSRegularExpression, {label}', f'ICURegularExpression.{call} / {label}', f'NSRegularExpression.rangeOfFirstMatch (NSString) / {label}', True))
    print()
    print('| ratio | main | branch |')
    print('|---|--:|--:|')
    for name, ours, peer, foundation in pairs:
        cells = []
        for d in (base, mine):
            a, b = d.get(P + ours), d.get(P + peer)
            cells.append('' if not a or not b else (f'{b/a:.1f}×' if foundation else f'{a/b:.2f}'))
        print(f'| {name} | {cells[0]} | {cells[1]} |')
