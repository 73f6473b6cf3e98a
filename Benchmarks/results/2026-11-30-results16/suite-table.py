# suite-table.py FILES...: p0 and p50 wall-clock µs of the AllMatches words rows in package-benchmark's text output.
import sys, re
for f in sys.argv[1:]:
    t = open(f).read(); out = []
    for name, short in [("ICURegularExpression.matches(in:)", "matches"), ("ICURegularExpression.numberOfMatches(in:)", "numberOfMatches"), ("raw ICU (C) findNext loop", "raw ICU")]:
        i = t.index("AllMatches: words / " + name)
        m = re.search(r"Time \(wall clock\) \(μs\) \*\s*│\s*(\d+)\s*│\s*(\d+)\s*│\s*(\d+)", t[i:])
        out.append(f"{short} p0 {m.group(1)} p50 {m.group(3)}")
    print(f.split('/')[-1], "|", " | ".join(out))
