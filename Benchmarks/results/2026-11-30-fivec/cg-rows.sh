#!/usr/bin/env bash
# Usage: cg-rows.sh BINARY.sym... : instructions (callgrind) of check.sh's rows on the first 32 MiB
# of English (/tmp/before26-cg/en-32MiB.txt), output to a pipe; run where words500.txt and
# words5000.txt are.
five='Sherlock Holmes|John Watson|Irene Adler|Inspector Lestrade|Professor Moriarty'
rows=("Holmes" "-o Holmes" "-c '$five'" "'$five'" "-o '\w+olmes'" "-c -F -f words500.txt" "-F -f words500.txt" "-c -F -f words5000.txt" "-F -f words5000.txt")
for row in "${rows[@]}"; do
  eval "args=($row)"
  line="$row:"
  for bin in "$@"; do
    valgrind --tool=callgrind --dump-instr=no --callgrind-out-file=/dev/null --log-file=cg-rows.log "$bin" "${args[@]}" /tmp/before26-cg/en-32MiB.txt | md5sum >/dev/null
    refs=$(awk '/refs/ {gsub(",", "", $4); print $4}' cg-rows.log)
    line="$line $refs"
  done
  echo "$line"
done
