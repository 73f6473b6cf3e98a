#!/usr/bin/env bash
# Usage: rows.sh RUNS MAIN MLINE7 BRANCH  (in a directory holding en-256M.txt, made as in
# ../2026-11-28-multiline-6/run.sh)
# As ../2026-11-29-multiline-7/rows.sh with three icugrep builds: every row through
# alternate.sh (MAIN, MLINE7, BRANCH and rg -U alternated, RUNS rounds; MAIN left out of the
# `\w+\n\w+` row, where it takes about 26 s a run: see multiline-7), then each program's output
# checked against rg -U's (md5) and its peak RSS (/usr/bin/time -f %M, KiB).
set -eu
runs=$1 M=$2 S=$3 A=$4
here=$(dirname "$0")
rows=("-o|Sherlock\s+Holmes" "-n|Sherlock\s+Holmes" "-c|Holmes\n[A-Z]" "-o|\?\n[A-Z][a-z]+\?"
  "-n|Holmes[.,!?]?\n\w+" "-c|\w+\n\w+" "--multiline-dotall -o|Holmes.{0,40}Watson")
for row in "${rows[@]}"; do
  o=${row%%|*} p=${row#*|}
  echo "## $o '$p'"
  if [ "$p" = '\w+\n\w+' ]; then
    "$here/alternate.sh" "$runs" "$o" "$p" "$S" "$A" rg
    progs=("$S" "$A")
  else
    "$here/alternate.sh" "$runs" "$o" "$p" "$M" "$S" "$A" rg
    progs=("$M" "$S" "$A")
  fi
  read -r -a options <<<"$o"
  r=$(rg -U "${options[@]}" "$p" en-256M.txt | md5sum | cut -c1-8)
  for prog in "${progs[@]}"; do
    m=$(/usr/bin/time -f %M -o rss.tmp "$prog" --multiline "${options[@]}" "$p" en-256M.txt | md5sum | cut -c1-8)
    echo "$prog: md5 $m (rg $r), peak RSS $(tail -n 1 rss.tmp) KiB"
  done
  /usr/bin/time -f %M -o rss.tmp rg -U "${options[@]}" "$p" en-256M.txt >/dev/null
  echo "rg: peak RSS $(tail -n 1 rss.tmp) KiB"
done
rm -f rss.tmp
