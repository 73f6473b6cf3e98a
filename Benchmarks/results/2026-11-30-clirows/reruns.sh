#!/usr/bin/env bash
# The compare-cli searches whose CPU ratio new/f48baab read above 1.05 in the run (and the
# phone numbers, this task's row), each rerun alone by ab.sh (base and new alternated, RUNS
# each). B=the corpora's directory.
runs=${RUNS:-9} B=${B:-/tmp/clirows2-bench}
here=$(dirname "$0")
r() { "$here/ab.sh" "$runs" "$@"; }
r $B/en-256MiB.txt -- -v e
r $B/en-256MiB.txt -- -c the
r $B/en-256MiB.txt -- '\bthe\b'
r $B/en-256MiB.txt -- '\d+:\d+'
r $B/zh-256MiB.txt -- '\p{Han}+的\p{Han}+'
r $B/ru-256MiB.txt -- '\p{Lu}\p{Ll}+\s+\p{Lu}\p{Ll}+'
r $B/tree -- -r -l 'import Foundation'
r $B/en-256MiB.txt -- '[0-9]{3}-[0-9]{4}'
