#!/usr/bin/env bash
# Usage: check.sh RUNS MAIN NEW  (in a directory holding en-256M.txt, made as in
# ../2026-11-28-multiline-6/run.sh)
# Issue 24's speed targets, each row's programs alternated RUNS rounds (MAIN, NEW, rg; MAIN
# left out of `\w+\n\w+`, where it takes about 26 s a run), each run's output to a pipe,
# timed by `perf stat -e task-clock` (CPU time, user + system); prints the minimum, first
# quartile and median of each, in ms. Rows are "icugrep options|rg options".
set -eu
runs=$1 M=$2 N=$3
rows=(
  "--replace=[\$0] Holmes|-r [\$0] Holmes"
  "-o --replace=[\$0] Holmes|-o -r [\$0] Holmes"
  "--passthru --replace=X Holmes|--passthru -r X Holmes"
  "--passthru Holmes|--passthru Holmes"
  "-o --replace=\$1 (\w+)olmes|-o -r \$1 (\w+)olmes"
  "--replace=[\$1] (\w+)\s+(Holmes)|-r [\$1] (\w+)\s+(Holmes)"
  "--multiline -o Sherlock\s+Holmes|-U -o Sherlock\s+Holmes"
  "--multiline -n Sherlock\s+Holmes|-U -n Sherlock\s+Holmes"
  "--multiline -c Holmes\n[A-Z]|-U -c Holmes\n[A-Z]"
  "--multiline -o \?\n[A-Z][a-z]+\?|-U -o \?\n[A-Z][a-z]+\?"
  "--multiline -n Holmes[.,!?]?\n\w+|-U -n Holmes[.,!?]?\n\w+"
  "--multiline -c \w+\n\w+|-U -c \w+\n\w+"
  "--multiline --multiline-dotall -o Holmes.{0,40}Watson|-U --multiline-dotall -o Holmes.{0,40}Watson"
)
dir=$(mktemp -d)
for row in "${rows[@]}"; do
  read -r -a mine <<<"${row%%|*}"
  read -r -a theirs <<<"${row#*|}"
  progs=("$M" "$N" rg)
  [[ "${row%%|*}" == *'\w+\n\w+'* ]] && progs=("$N" rg)
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
  echo "## ${row%%|*}"
  n=0
  for prog in "${progs[@]}"; do
    n=$((n + 1))
    sort -n "$dir/$n" | awk -v k="$prog" '{a[NR]=$1} END {printf "%s: min %.0f q1 %.0f median %.0f\n", k, a[1], a[int(NR/4)+1], a[int(NR/2)+1]}'
  done
done
rm -r "$dir"
