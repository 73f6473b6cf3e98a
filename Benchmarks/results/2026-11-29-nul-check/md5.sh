#!/usr/bin/env bash
# Usage: md5.sh MAIN NEW  (in /tmp/bench): each row's output, NEW against MAIN and against rg.
set -u
five="'Sherlock Holmes|John Watson|Irene Adler|Inspector Lestrade|Professor Moriarty'"
rows=(
  "Holmes :: Holmes" "-o Holmes :: -o Holmes" "-c $five :: -c $five" "$five :: $five" "-o '\w+olmes' :: -o '\w+olmes'"
  "-c -F -f words500.txt :: -c -F -f words500.txt" "-F -f words500.txt :: -F -f words500.txt"
  "-c -F -f words5000.txt :: -c -F -f words5000.txt" "-F -f words5000.txt :: -F -f words5000.txt"
)
for row in "${rows[@]}"; do
  eval "mine=(${row%% :: *})"; eval "theirs=(${row#* :: })"
  m=$("$1" "${mine[@]}" en-256M.txt | md5sum); n=$("$2" "${mine[@]}" en-256M.txt | md5sum)
  r=$(rg "${theirs[@]}" en-256M.txt | md5sum)
  [ "$m" = "$n" ] && [ "$n" = "$r" ] && echo "same  ${row%% :: *}" || echo "DIFF  ${row%% :: *}: main $m new $n rg $r"
done
