import sys, re, subprocess, collections
cg, binary, pat = sys.argv[1], sys.argv[2], sys.argv[3]
costs = collections.Counter()
fn = None; addr = 0; skip = False; names = {}
for line in open(cg):
    line = line.rstrip('\n')
    if line.startswith('fn='):
        m = re.match(r'fn=\((\d+)\)(?: (.*))?', line)
        if m.group(2): names[m.group(1)] = m.group(2)
        fn = names.get(m.group(1), '')
        continue
    if line.startswith('cfn=') or line.startswith('cfi=') or line.startswith('cob='):
        m = re.match(r'cfn=\((\d+)\)(?: (.*))?', line)
        if m and m.group(2): names[m.group(1)] = m.group(2)
        continue
    if line.startswith('calls='):
        skip = True; continue
    if not line or line[0] not in '0123456789+-*': continue
    parts = line.split()
    p = parts[0]
    if p.startswith('0x'): addr = int(p, 16)
    elif p.startswith('+'): addr += int(p[1:])
    elif p.startswith('-'): addr -= int(p[1:])
    if skip: skip = False; continue
    if pat in fn and len(parts) > 2: costs[addr] += int(parts[2])
total = sum(costs.values())
print('total', total)
lo, hi = min(costs), max(costs)
dis = subprocess.run(['objdump', '-d', '--no-show-raw-insn', '--start-address=%#x' % lo, '--stop-address=%#x' % (hi + 16), binary], capture_output=True, text=True).stdout
for l in dis.splitlines():
    m = re.match(r'\s*([0-9a-f]+):\s*(.*)', l)
    if m:
        a = int(m.group(1), 16)
        print('%10d  %s' % (costs.get(a, 0), l.strip()[:110]))
