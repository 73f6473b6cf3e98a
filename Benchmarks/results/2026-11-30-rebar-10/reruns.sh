#!/usr/bin/env bash
# The compare-cli searches whose CPU ratio integ/f48baab read above 1.05 in this round's run
# (cpu-ratios.txt), each rerun alone by before26's ab.sh (f48baab and $NEW alternated, RUNS
# each; CPU time by perf stat). B=the corpora's directory.
runs=${RUNS:-9} B=${B:-/tmp/before26-bench}
export NEW=${NEW:-/tmp/icugrep-integ43}
ab="$(dirname "$0")/../2026-11-30-before26/ab.sh"
r() { "$ab" "$runs" "$@" 2>/dev/null; }   # the binary-file notices of -r searches dropped
r $B/ru-256MiB.txt -- '\bне\b'
r $B/en-256MiB.txt -- '[0-9]{3}-[0-9]{4}'
r $B/tree -- -r -c '\bpublic\b'
r $B/en-256MiB.txt -- -w you
r $B/en-256MiB.txt -- -i -w you
r $B/en-256MiB.txt -- -v -w the
r $B/en-256MiB.txt -- '\p{Lu}\p{Ll}+\s+\p{Lu}\p{Ll}+'
r $B/zh-256MiB.txt -- '\p{Han}{6}'
r $B/zh-256MiB.txt -- -v '的'
r $B/tree -- -r 'FIXME|XXX|HACK'
r $B/ru-256MiB.txt -- '\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}'
