#!/usr/bin/env bash
# The compare-cli searches whose CPU ratio main/f48baab read above 1.05 in the run, each rerun
# alone by ab.sh (base and new alternated, RUNS each). B=the corpora's directory.
runs=${RUNS:-9} B=${B:-/tmp/before26-bench}
here=$(dirname "$0")
r() { "$here/ab.sh" "$runs" "$@"; }
r $B/tree -- -r -i todo
r $B/ru-256MiB.txt -- '\p{Lu}\p{Ll}+\s+\p{Lu}\p{Ll}+'
r $B/en-256MiB.txt -- "[a-z]+'[a-z]+"
r $B/en-256MiB.txt -- '\d+:\d+'
r $B/tree -- -r TODO
r $B/en-256MiB.txt -- -i 'Sherlock Holmes|John Watson|Irene Adler|Inspector Lestrade|Professor Moriarty'
r $B/en-256MiB.txt -- -i 'Sherlock Holmes'
r $B/ru-256MiB.txt -- -i -w 'да'
r $B/en-256MiB.txt -- '\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}'
r $B/zh-256MiB.txt -- '\p{Han}{4}[,，]\p{Han}{4}'
r $B/en-256MiB.txt -- '[0-9]{3}-[0-9]{4}'
