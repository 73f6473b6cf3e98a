# table.py: the probe runs here as a Markdown table of one API's ratios to raw ICU (r1/r2).
# Usage: API=4|5|6 (matches, RegexMatcher, numberOfMatches) python3 table.py RUN:BINARY ...
import re,sys,os
API=os.environ.get("API","4")
cols=sys.argv[1:]
NAME={"4":"matches","5":"RegexMatcher","6":"numberOfMatches"}[API]
data={}
rows=[]
for c in cols:
    run,b=c.split(':')
    for line in open(f'run{run}-{b}.txt'):
        m=re.match(r'(.*) r([12]): rawICU ([0-9.]+) ms \| matches [0-9.]+ ms \(([0-9.]+)x\) \| RegexMatcher [0-9.]+ ms \(([0-9.]+)x\) \| numberOfMatches [0-9.]+ ms \(([0-9.]+)x\)',line)
        if not m or 'casei' in m.group(1) or ' -i' in m.group(1): continue
        name=m.group(1)
        if name not in rows: rows.append(name)
        data.setdefault((name,c),[]).append(m.group(int(API)))
print('| case | '+' | '.join(f'{NAME}, run {c.split(":")[0]} {c.split(":")[1]}' for c in cols)+' |')
print('|---|'+'---|'*len(cols))
for r in rows:
    print(f'| {r} | '+' | '.join('/'.join(data.get((r,c),['-'])) for c in cols)+' |')
