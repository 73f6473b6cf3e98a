#!/usr/bin/env bash
# Usage: rows.sh RUNS BEFORE AFTER  (in a directory holding en-256M.txt, made as in
# ../2026-11-28-multiline-6/run.sh)
# Every row of this run through alternate.sh (BEFORE, AFTER and rg -U alternated, RUNS
# rounds), then each program's output checked against rg -U's (md5) and its peak RSS
# (/usr/bin/time -f %M, KiB).
set -eu
runs=$1 B=$2 A=$3
here=$(dirname "$0")
rows=("-o|Sherlock\s+Holmes" "-n|Sherlock\s+Holmes" "-c|Holmes\n[A-Z]" "-o|\?\n[A-Z][a-z]+\?"
  "-n|Holmes[.,!?]?\n\w+" "-c|\w+\n\w+" "--multiline-dotall -o|Holmes.{0,40}Watson")
for row in "${rows[@]}"; do
  o=${row%%|*} p=${row#*|}
  echo "## $o '$p'"
  if [ "$p" = '\w+\n\w+' ]; then
    # BEFORE takes about 30 s a run here: three runs of it alone, then AFTER and rg alternated.
    "$here/alternate.sh" 3 "$o" "$p" "$B"
    "$here/alternate.sh" "$runs" "$o" "$p" "$A" rg
  else
    "$here/alternate.sh" "$runs" "$o" "$p" "$B" "$A" rg
  fi
  read -r -a options <<<"$o"
  r=$(rg -U "${options[@]}" "$p" en-256M.txt | md5sum | cut -c1-8)
  for prog in "$B" "$A"; do
    m=$(/usr/bin/time -f %M -o rss.tmp "$prog" --multiline "${options[@]}" "$p" en-256M.txt | md5sum | cut -c1-8)
    echo "$prog: md5 $m (rg $r), peak RSS $(tail -n 1 rss.tmp) KiB"
  done
  /usr/bin/time -f %M -o rss.tmp rg -U "${options[@]}" "$p" en-256M.txt >/dev/null
  echo "rg: peak RSS $(tail -n 1 rss.tmp) KiB"
done
rm -f rss.tmp
