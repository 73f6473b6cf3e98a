#!/bin/sh
# cg.sh BINARY CASE OUT: instructions per resultsArray call (callgrind, only expressionResultsCount collected)
export ICUGREP_REBAR=/tmp/rebar ICUGREP_CORPORA=/work/shared/corpora
out=$(PROBE_ONLY=${API:-resultsArray} PROBE_SECONDS=${SECS:-1} taskset -c 1 valgrind --tool=callgrind --callgrind-out-file=$3 \
  --toggle-collect='$s5Probe11RebarRunnerV22expressionResultsCountSiyF' $1 "$2" 2>&1)
calls=$(echo "$out" | grep -o '([0-9]* calls)' | tr -dc 0-9)
ir=$(echo "$out" | grep "Collected" | sed "s/.*Collected : //" | tr -dc 0-9)
echo "$1 $2: $ir Ir / $calls calls = $((ir / calls)) per call"
