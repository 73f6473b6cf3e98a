#!/usr/bin/env bash
# ab.sh RUNS FILE -- ARGS... : alternates /tmp/icugrep-base26 (f48baab) and $NEW (default /tmp/icugrep-clirows2), CPU ms by perf stat
runs=$1 file=$2; shift 3
NEW=${NEW:-/tmp/icugrep-clirows2}
d=$(mktemp -d)
for i in $(seq $runs); do for p in /tmp/icugrep-base26 $NEW; do
  perf stat -x, -e task-clock -o $d/s $p "$@" $file | wc -l > $d/lines
  echo $(grep task-clock $d/s | cut -d, -f1) >> $d/$(basename $p)
done; done
mb=$(sort -n $d/icugrep-base26 | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
mn=$(sort -n $d/$(basename $NEW) | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
minb=$(sort -n $d/icugrep-base26 | head -1); minn=$(sort -n $d/$(basename $NEW) | head -1)
echo "$* : base median $mb min $minb | new median $mn min $minn | ratio median $(echo "$mn/$mb" | bc -l | cut -c1-5) min $(echo "$minn/$minb" | bc -l | cut -c1-5) lines $(cat $d/lines)"
rm -r $d
