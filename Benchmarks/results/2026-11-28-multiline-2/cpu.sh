#!/usr/bin/env bash
# Usage: cpu.sh ICUGREP RUNS  (in a directory holding en-256M.txt)
# CPU time (task-clock, ms, mean of RUNS) of each search: icugrep --multiline, the same binary with
# the match automaton off (ICUGREP_NO_PREFILTER=1: ICU decides every try, as before this change),
# and rg -U, one after another for each search. Output goes to a pipe, as in run.sh.
set -eu
I=$1 runs=$2
f=en-256M.txt
cases=("-c|Sherlock\s+Holmes" "-o|Sherlock\s+Holmes" "-n|Sherlock\s+Holmes" "-c|Holmes\n[A-Z]"
  "-n|Holmes[.,!?]?\n\w+" "-c|\?\n[A-Z][a-z]+\?")
ms() { perf stat -r "$runs" -x, -e task-clock -o cpu.tmp "$@" "$f" | cat >/dev/null; grep task-clock cpu.tmp | cut -d, -f1; }
echo '| search | icugrep | icugrep, ICU only | rg -U | icugrep / rg | ICU only / rg |'
echo '|---|--:|--:|--:|--:|--:|'
for c in "${cases[@]}"; do
  o=${c%%|*} p=${c#*|}
  a=$(ms "$I" --multiline "$o" "$p")
  b=$(ICUGREP_NO_PREFILTER=1 ms "$I" --multiline "$o" "$p")
  r=$(ms rg -U "$o" "$p")
  printf '| `%s %s` | %.0f | %.0f | %.0f | %.2f× | %.2f× |\n' "$o" "$p" "$a" "$b" "$r" "$(echo "$a/$r" | bc -l)" "$(echo "$b/$r" | bc -l)"
done
rm -f cpu.tmp
