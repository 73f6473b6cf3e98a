#!/bin/sh
# Alternates the AllMatches suite's words rows: fix15 (main's code, 781a1e4's Sources but for a comment) and results16, pinned to CPU 1.
export ICUGREP_CORPORA=/work/shared/corpora
for round in $ROUNDS; do
  for side in fix15 results16; do
    (cd /work/wt/$side/Benchmarks && taskset -c 1 swift package --disable-sandbox benchmark --target AllMatches --no-progress \
       --filter 'AllMatches: words / (ICURegularExpression\.matches\(in:\)|raw ICU \(C\) findNext loop|ICURegularExpression\.numberOfMatches\(in:\))' 2>&1 | grep -v '^\[') > /tmp/r16/suite/words-$side-$round.txt
  done
done
