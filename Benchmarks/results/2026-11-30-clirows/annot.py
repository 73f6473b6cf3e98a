import sys,re,subprocess,collections
# annot.py OUT BINARY SYMBOL-SUBSTRING: per-instruction Ir of one function, beside objdump's disassembly.
out,binary,sym=sys.argv[1:4]
costs=collections.Counter(); calls=collections.Counter()
fn=None; last=0; incall=False
names={}
for line in open(out):
    line=line.rstrip('\n')
    m=re.match(r'^c?fn=\((\d+)\)(?: (.*))?$',line)
    if m and line.startswith('c'):
        if m.group(2): names[m.group(1)]=m.group(2)
        continue
    if m:
        if m.group(2): names[m.group(1)]=m.group(2)
        fn=names[m.group(1)]; continue
    if line.startswith('calls='): incall=True; continue
    m=re.match(r'^(0x[0-9a-f]+|\+\d+|-\d+|\*)\s+\S+\s+(\d+)',line)
    if m and fn and sym in fn:
        a=m.group(1)
        if a.startswith('0x'): addr=int(a,16)
        elif a=='*': addr=last
        else: addr=last+int(a)
        last=addr
        if incall: incall=False; continue
        costs[addr]+=int(m.group(2))
    elif m:
        a=m.group(1)
        if a.startswith('0x'): last=int(a,16)
        elif a!='*': last=last+int(a)
        incall=False
if not costs: sys.exit("no costs")
lo,hi=min(costs),max(costs)
dis=subprocess.run(['objdump','-d','--no-show-raw-insn','--start-address=%#x'%lo,'--stop-address=%#x'%(hi+16),binary],capture_output=True,text=True).stdout
for l in dis.splitlines():
    m=re.match(r'^\s+([0-9a-f]+):\s+(.*)',l)
    if m:
        a=int(m.group(1),16); print("%10d  %s"%(costs.get(a,0), l.strip()))
print("total",sum(costs.values()))
