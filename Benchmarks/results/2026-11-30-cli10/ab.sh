#!/bin/bash
# ab.sh ROUNDS FILE ARGS... : CLI10_MAPPING=offset|aligned|huge of /tmp/cli10/exp and rg, alternated;
# medians of task-clock ms and page faults.
rounds=$1; file=$2; shift 2
out=$(mktemp)
for ((r = 0; r < rounds; r++)); do
  for v in offset aligned huge rg; do
    if [ $v = rg ]; then cmd=(rg "$@" "$file"); else cmd=(env CLI10_MAPPING=$v /tmp/cli10/exp "$@" "$file"); fi
    perf stat -x, -e task-clock,page-faults -o /tmp/cli10/ab.stat "${cmd[@]}" | cat >/dev/null
    echo "$v $(grep task-clock /tmp/cli10/ab.stat | cut -d, -f1) $(grep page-faults /tmp/cli10/ab.stat | cut -d, -f1)" >> $out
  done
done
for v in offset aligned huge rg; do
  grep "^$v " $out | awk '{print $2, $3}' | sort -n | awk -v v=$v '{t[NR]=$1; f[NR]=$2} END {printf "%-8s median %.1f ms (min %.1f), faults %d\n", v, t[int(NR/2)+1], t[1], f[int(NR/2)+1]}'
done
rm $out
