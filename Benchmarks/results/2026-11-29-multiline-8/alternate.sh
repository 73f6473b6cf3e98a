#!/usr/bin/env bash
# Usage: alternate.sh RUNS 'OPTIONS' PATTERN PROGRAM...  (in a directory holding en-256M.txt)
# As ../2026-11-28-multiline-6/alternate.sh, with OPTIONS (split at spaces, e.g. '-o' or
# '--multiline-dotall -o') given to every program: each PROGRAM (an icugrep, with --multiline
# added, or "rg", with -U) runs once in turn, RUNS rounds, and the minimum, first quartile and
# median task-clock (ms) of each is printed. Output goes to a pipe.
set -eu
runs=$1 o=$2 p=$3
shift 3
f=en-256M.txt
dir=$(mktemp -d)
read -r -a options <<<"$o"
for _ in $(seq "$runs"); do
  n=0
  for prog in "$@"; do
    n=$((n + 1))
    if [ "$prog" = rg ]; then cmd=(rg -U); else cmd=("$prog" --multiline); fi
    perf stat -x, -e task-clock -o "$dir/stat" "${cmd[@]}" "${options[@]}" "$p" "$f" | cat >/dev/null
    grep task-clock "$dir/stat" | cut -d, -f1 >>"$dir/$n"
  done
done
n=0
for prog in "$@"; do
  n=$((n + 1))
  sort -n "$dir/$n" | awk -v k="$prog" '{a[NR]=$1} END {printf "%s: min %.0f q1 %.0f median %.0f\n", k, a[1], a[int(NR/4)+1], a[int(NR/2)+1]}'
done
rm -r "$dir"
