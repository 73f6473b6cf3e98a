import sys, re, statistics, collections
d=collections.defaultdict(list)
for line in open(sys.argv[1]):
    m=re.match(r'(\S+) \| rebar (\S+) (\S+): ([0-9.]+) ms a call', line)
    if m: d[(m.group(2),m.group(3),m.group(1))].append(float(m.group(4)))
cases=sorted(set((k[0]) for k in d)); bins=sorted(set(k[2] for k in d), key=lambda b: (b!='main', b))
for c in cases:
    raw={b: statistics.median(d[(c,'rawICU',b)]) for b in bins if (c,'rawICU',b) in d}
    rawall=statistics.median([x for b in bins for x in d.get((c,'rawICU',b),[])]) if raw else None
    for api in sorted(set(k[1] for k in d if k[0]==c)):
        if api=='rawICU': continue
        parts=[]
        for b in bins:
            v=d.get((c,api,b))
            if not v: continue
            med=statistics.median(v)
            parts.append(f"{b} {med:.3f} ms" + (f" ({med/rawall:.2f}x ICU)" if rawall else ""))
        print(f"{c} {api}: " + "; ".join(parts) + (f"; rawICU {rawall:.3f} ms" if rawall else ""))
