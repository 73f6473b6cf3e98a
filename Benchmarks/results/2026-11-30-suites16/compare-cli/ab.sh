#!/usr/bin/env bash
# ab.sh RUNS FILE -- ARGS... : alternates $BASE (default /tmp/icugrep-base26, f48baab) and $NEW, CPU ms by perf stat (task-clock), output piped to wc -l
runs=$1 file=$2; shift 3
BASE=${BASE:-/tmp/icugrep-base26} NEW=${NEW:-/tmp/icugrep-cli15}
d=$(mktemp -d)
for i in $(seq $runs); do for side in base new; do
  p=$BASE; [ $side = new ] && p=$NEW
  perf stat -x, -e task-clock -o $d/s $p "$@" $file | wc -l > $d/lines-$side
  echo $(grep task-clock $d/s | cut -d, -f1) >> $d/$side
done; done
med() { sort -n $1 | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
mb=$(med $d/base) mn=$(med $d/new) minb=$(sort -n $d/base | head -1) minn=$(sort -n $d/new | head -1)
printf '%s : base median %.1f min %.1f | new median %.1f min %.1f | ratio median %.3f min %.3f | lines %s %s\n' "$*" $mb $minb $mn $minn $(echo "$mn/$mb" | bc -l) $(echo "$minn/$minb" | bc -l) $(cat $d/lines-base) $(cat $d/lines-new)
rm -r $d
