#!/bin/sh
# Usage: sh run.sh N (N names the reports, /tmp/conv3-results/<Suite>-<tree>-N.md); SUITES picks the suites.
# Runs the suites of main's build (/tmp/conv3-base, `git archive main`) and the branch's, back to back.
export ICUGREP_CORPORA=/work/shared/corpora
mkdir -p /tmp/conv3-results
for suite in ${SUITES:-CallOverhead Workloads}; do
  for tree in /work/wt/conv3 /tmp/conv3-base; do
    name=$(basename $tree)
    (cd $tree/Benchmarks && nice swift package benchmark --target $suite --no-progress --format markdown --path stdout > /tmp/conv3-results/$suite-$name-$1.md 2>&1)
  done
done
echo done > /tmp/conv3-results/done-$1
