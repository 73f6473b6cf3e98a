#!/bin/sh
# Usage: sh run.sh N (N names the reports, /tmp/convenience-results/<Suite>-<tree>-N.md); SUITES picks the suites.
# Runs the Workloads and CallOverhead suites of main's build and the branch's, back to back.
export ICUGREP_CORPORA=/work/shared/corpora
mkdir -p /tmp/convenience-results
for suite in ${SUITES:-Workloads CallOverhead}; do
  for tree in /work/wt/convenience /tmp/convenience-base; do
    name=$(basename $tree)
    (cd $tree/Benchmarks && nice swift package benchmark --target $suite --no-progress --format markdown --path stdout > /tmp/convenience-results/$suite-$name-$1.md 2>&1)
  done
done
echo done > /tmp/convenience-results/done-$1
