#!/bin/bash
# Runs mapscan's variants alternated, ROUNDS times each, and prints each variant's medians:
# task-clock ms, user ms and sys ms (the last two are split by the 250 Hz tick: coarse).
# Usage: run-mapscan.sh ROUNDS FILE VARIANT...
rounds=$1; file=$2; shift 2
out=$(mktemp)
for ((r = 0; r < rounds; r++)); do
    for v in "$@"; do
        perf stat -e task-clock /tmp/mapscan "$v" "$file" 2>&1 >/dev/null |
            awk -v v="$v" '/task-clock/ {t=$1} /seconds user/ {u=$1*1000} /seconds sys/ {s=$1*1000}
                           END {print v, t, u, s}' >> "$out"
    done
done
python3 - "$out" "$@" <<'PY'
import sys, statistics as st
rows = [l.split() for l in open(sys.argv[1])]
print(f"{'variant':12} {'n':>3} {'task ms':>8} {'user ms':>8} {'sys ms':>8}  task min..max")
for v in sys.argv[2:]:
    r = [list(map(float, x[1:])) for x in rows if x[0] == v]
    t = [x[0] for x in r]
    print(f"{v:12} {len(r):3} {st.median(t):8.2f} {st.median(x[1] for x in r):8.1f} {st.median(x[2] for x in r):8.1f}  {min(t):.1f}..{max(t):.1f}")
PY
rm -f "$out"
