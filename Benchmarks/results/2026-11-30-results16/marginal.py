# marginal.py SHORT.out N1 LONG.out N2 MATCHES: callgrind instructions per call and per match of each function,
# from two runs of one binary (the difference removes the first call and the set-up).
import subprocess, re, sys
def load(f):
    out = subprocess.run(['callgrind_annotate', '--threshold=100', f], capture_output=True, text=True).stdout
    d = {}
    for l in out.splitlines():
        m = re.match(r'\s*([\d,]+) \([ \d.]+%\)\s+(.*?)( \[.*)?$', l)
        if m: d[m.group(2)] = int(m.group(1).replace(',', ''))
    return d
a, n1, b, n2, matches = load(sys.argv[1]), int(sys.argv[2]), load(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
rows = sorted((((b.get(k, 0) - a.get(k, 0)) / (n2 - n1)), k) for k in set(a) | set(b))[::-1]
for per_call, k in rows[:int(sys.argv[6]) if len(sys.argv) > 6 else 25]:
    print('%12.0f %7.1f  %s' % (per_call, per_call / matches, k[:110]))
