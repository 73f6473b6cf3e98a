#!/bin/bash
# row.sh BIN FILTER -> prints p0 p50 of wall clock in ms
export ICUGREP_CORPORA=/work/shared/corpora ICUGREP_BENCH_LARGE_MB=${ICUGREP_BENCH_LARGE_MB:-10}
"$1" --filter "$2" 2>&1 | awk '/Time \(wall clock\)/{t=1;next} t&&/^ *[0-9]/{v[$2]=$1} t&&/^#\[Mean/{printf "p0 %.3f p50 %.3f ms\n", v["0.000000000000"]/1e6, v["0.500000000000"]/1e6; exit}'
