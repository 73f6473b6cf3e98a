#!/usr/bin/env bash
# ab2.sh RUNS FILE A B -- ARGS : alternates A and B
runs=$1 file=$2 A=$3 Bb=$4; shift 5
d=$(mktemp -d)
for i in $(seq $runs); do for p in $A $Bb; do
  perf stat -x, -e task-clock -o $d/s $p "$@" $file | wc -l > /dev/null
  echo $(grep task-clock $d/s | cut -d, -f1) >> $d/$(basename $p)
done; done
ma=$(sort -n $d/$(basename $A) | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'); mb=$(sort -n $d/$(basename $Bb) | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
echo "$* : $(basename $A) $ma | $(basename $Bb) $mb | ratio $(echo "$mb/$ma" | bc -l | cut -c1-5)"
rm -r $d
