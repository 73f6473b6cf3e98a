#!/usr/bin/env bash
# Usage: check.sh RUNS MAIN NEW [ROW-FILTER]  (in a directory holding en-256M.txt, words500.txt
# and words5000.txt: /tmp/bench)
# Issue 26's rows, each row's programs alternated RUNS rounds (MAIN, NEW, rg), each run's
# output to a pipe, timed by `perf stat -e task-clock` (CPU time, user + system); prints the
# minimum, first quartile and median of each, in ms, and NEW/rg and MAIN/rg of the medians.
# Rows are "icugrep arguments :: rg arguments", split as shell words (eval).
set -eu
runs=$1 M=$2 N=$3 filter=${4:-}
five="'Sherlock Holmes|John Watson|Irene Adler|Inspector Lestrade|Professor Moriarty'"
rows=(
  "Holmes :: Holmes"
  "-o Holmes :: -o Holmes"
  "-c $five :: -c $five"
  "$five :: $five"
  "-o '\w+olmes' :: -o '\w+olmes'"
  "-c -F -f words500.txt :: -c -F -f words500.txt"
  "-F -f words500.txt :: -F -f words500.txt"
  "-c -F -f words5000.txt :: -c -F -f words5000.txt"
  "-F -f words5000.txt :: -F -f words5000.txt"
)
dir=$(mktemp -d)
for row in "${rows[@]}"; do
  [[ -n "$filter" && "$row" != *"$filter"* ]] && continue
  eval "mine=(${row%% :: *})"
  eval "theirs=(${row#* :: })"
  progs=("$M" "$N" rg)
  rm -f "$dir"/*
  for _ in $(seq "$runs"); do
    n=0
    for prog in "${progs[@]}"; do
      n=$((n + 1))
      if [ "$prog" = rg ]; then cmd=(rg "${theirs[@]}"); else cmd=("$prog" "${mine[@]}"); fi
      perf stat -x, -e task-clock -o "$dir/stat" "${cmd[@]}" en-256M.txt | cat >/dev/null
      grep task-clock "$dir/stat" | cut -d, -f1 >>"$dir/$n"
    done
  done
  echo "## ${row%% :: *}"
  n=0
  for prog in "${progs[@]}"; do
    n=$((n + 1))
    sort -n "$dir/$n" | awk -v k="$prog" '{a[NR]=$1} END {printf "%s: min %.0f q1 %.0f median %.0f\n", k, a[1], a[int(NR/4)+1], a[int(NR/2)+1]}'
    sort -n "$dir/$n" | awk '{a[NR]=$1} END {print a[int(NR/2)+1]}' >"$dir/m$n"
  done
  awk -v m="$(cat "$dir/m1")" -v n="$(cat "$dir/m2")" -v r="$(cat "$dir/m3")" \
    'BEGIN {printf "median ratios: main/rg %.2f, new/rg %.2f, new/main %.2f\n", m / r, n / r, n / m}'
done
rm -r "$dir"
