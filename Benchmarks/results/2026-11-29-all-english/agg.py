import sys, collections, re
leaf=collections.Counter(); tot=0; alls=0
cur=[]
def flush():
    global tot, alls
    if not cur: return
    alls+=1
    if any('expressionResultsCount' in f for f in cur):
        tot+=1
        # leaf plus immediate caller in our code
        l=cur[0]
        c=next((f for f in cur[1:] if 'ICURegex' in f or 'Probe' in f), '?')
        leaf[(l[:70], c[:110])]+=1
for line in open(sys.argv[1], errors='replace'):
    line=line.rstrip('\n')
    if not line.strip():
        flush(); cur=[]; continue
    if line.startswith((' ','\t')):
        parts=line.split(None,1)
        if len(parts)==2: cur.append(parts[1].split(' (')[0])
flush()
print("samples", alls, "in expressionResultsCount", tot)
for (l,c),n in leaf.most_common(int(sys.argv[2]) if len(sys.argv)>2 else 30):
    print(f"{100*n/tot:5.1f}%  {l}   <- {c}")
