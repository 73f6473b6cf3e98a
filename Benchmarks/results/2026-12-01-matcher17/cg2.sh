#!/bin/sh
# cg2.sh BINARY CASE OUT: instructions per call of API (env API, default RegexMatcher; TOGGLE the function collected)
export ICUGREP_REBAR=/tmp/rebar ICUGREP_CORPORA=/work/shared/corpora
API=${API:-RegexMatcher}
TOGGLE=${TOGGLE:-'$s5Probe11RebarRunnerV12matcherCountSiyF'}
out=$(PROBE_ONLY=$API PROBE_SECONDS=${SECS:-2} taskset -c 1 valgrind --tool=callgrind --callgrind-out-file=$3 \
  --toggle-collect="$TOGGLE" $1 "$2" 2>&1)
echo "$out" | tail -3 >&2
calls=$(echo "$out" | grep -o '([0-9]* calls)' | tr -dc 0-9)
ir=$(echo "$out" | grep "Collected" | sed "s/.*Collected : //" | tr -dc 0-9)
echo "$1 $2 $API: $ir Ir / $calls calls = $((ir / calls)) per call"
