#!/bin/sh
# ab.sh OUT A B ROUNDS FILTER...: pinned, alternated PROBE_ONLY=RegexMatcher times of each filter's rows, A then B, ROUNDS times
out=$1; a=$2; b=$3; rounds=$4; shift 4
export ICUGREP_REBAR=/tmp/rebar ICUGREP_CORPORA=/work/shared/corpora PROBE_ONLY=${API:-RegexMatcher} PROBE_SECONDS=${SECS:-2}
: > $out
for r in $(seq $rounds); do
  for f in "$@"; do
    for side in A B; do
      bin=$a; [ $side = B ] && bin=$b
      taskset -c 1 $bin "$f" | sed "s/^/$side r$r /" >> $out
    done
  done
done
