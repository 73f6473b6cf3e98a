#!/bin/sh
# row.sh EXE FILTER: p0/p25/p50/p75 wall clock (µs) of one benchmark row run alone.
ICUGREP_CORPORA=/work/shared/corpora "$1" --filter "$2" 2>/dev/null | awk '
/^Debug results for/ {name=$0; sub("Debug results for ","",name)}
/^Time \(wall clock\)/ {t=1; next}
t && /^ +[0-9.]+ 0\.0+ / {p0=$1}
t && /^ +[0-9.]+ 0\.2000/ {p25=$1}
t && /^ +[0-9.]+ 0\.5000/ {p50=$1}
t && /^ +[0-9.]+ 0\.75/ {p75=$1}
t && /^#\[Mean/ {printf "%s p0 %.1f p25 %.1f p50 %.1f p75 %.1f\n", name, p0/1000, p25/1000, p50/1000, p75/1000; t=0}'
