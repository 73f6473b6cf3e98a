# Medians of each API's printed ratio to raw ICU, per probe binary, over every round of every run in a probe output of alternated binaries ("== run N binary" lines).
import re,sys,collections
# per (bin,row,api) list of ratios
d=collections.defaultdict(list); binname=None; order=[]
for line in open(sys.argv[1]):
    m=re.match(r'== run (\d+) (\S+)',line)
    if m: binname=m.group(2); continue
    m=re.match(r'(.*) r\d+: rawICU',line)
    if not m: continue
    row=m.group(1)
    for api,ratio in re.findall(r'\| (\S+) [\d.]+ ms \(([\d.]+)x\)',line):
        key=(row,api)
        if key not in order: order.append(key)
        d[(binname,)+key].append(float(ratio))
bins=sorted(set(k[0] for k in d))
import statistics
for key in order:
    vals=[ (b, statistics.median(d[(b,)+key])) for b in bins if d[(b,)+key]]
    print(f"{key[0][:40]:40} {key[1]:16} " + "  ".join(f"{b} {v:.3f}" for b,v in vals))
