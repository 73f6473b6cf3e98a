#!/usr/bin/env bash
# Usage: cpu.sh BEFORE AFTER RUNS  (in a directory holding en-256M.txt, made as in
# ../2026-11-28-multiline-2/run.sh)
# CPU time (task-clock, ms, mean of RUNS) of each search: icugrep --multiline before and after
# this change, and rg -U, one after another for each search. Output goes to a pipe (icugrep,
# like GNU grep, stops at the first match when its output is /dev/null).
set -eu
B=$1 A=$2 runs=$3
f=en-256M.txt
cases=("-c|Sherlock\s+Holmes" "-o|Sherlock\s+Holmes" "-n|Sherlock\s+Holmes" "-c|Holmes\n[A-Z]"
  "-n|Holmes[.,!?]?\n\w+" "-c|\?\n[A-Z][a-z]+\?" "-o|\?\n[A-Z][a-z]+\?")
ms() { perf stat -r "$runs" -x, -e task-clock -o cpu.tmp "$@" "$f" | cat >/dev/null; grep task-clock cpu.tmp | cut -d, -f1; }
echo '| search | before | after | rg -U | before / rg | after / rg |'
echo '|---|--:|--:|--:|--:|--:|'
for c in "${cases[@]}"; do
  o=${c%%|*} p=${c#*|}
  b=$(ms "$B" --multiline "$o" "$p")
  a=$(ms "$A" --multiline "$o" "$p")
  r=$(ms rg -U "$o" "$p")
  printf '| `%s %s` | %.0f | %.0f | %.0f | %.2f× | %.2f× |\n' "$o" "$p" "$b" "$a" "$r" "$(echo "$b/$r" | bc -l)" "$(echo "$a/$r" | bc -l)"
done
rm -f cpu.tmp
