import re,sys,collections,statistics
# rows: case -> build -> api -> list of ratios (r1,r2 rounds)
data=collections.defaultdict(lambda: collections.defaultdict(lambda: collections.defaultdict(list)))
build=None
for line in open(sys.argv[1]):
    if line.startswith('== '): build=line[3:].strip(); continue
    m=re.match(r'(.*) r(\d): rawICU [\d.]+ ms \| (.*)',line)
    if not m or m.group(2)=='0': continue
    case=m.group(1)
    for part in m.group(3).split(' | '):
        mm=re.match(r'(\S+) [\d.]+ ms \(([\d.]+)x\)',part)
        if mm: data[case][build][mm.group(1)].append(float(mm.group(2)))
apis=sys.argv[2].split(',')
print('| case | API | main | branch |'); print('|---|---|---|---|')
for case in data:
    for api in apis:
        cells=[]
        for b in ('base','branch'):
            v=data[case][b].get(api)
            if not v: cells=None; break
            cells.append('%.2f (%.2f-%.2f)'%(statistics.median(v),min(v),max(v)))
        if cells: print('| %s | %s | %s | %s |'%(case,api,cells[0],cells[1]))
