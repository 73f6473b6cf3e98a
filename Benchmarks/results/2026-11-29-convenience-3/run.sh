#!/bin/sh
# Usage: sh run.sh N (N names the reports, /tmp/conv4-results/CallOverhead-<tree>-N.md).
# Runs CallOverhead of the branch's build and of main's (/tmp/conv4-base: `git archive main`, with
# the branch's Benchmarks/Benchmarks/CallOverhead/CallOverhead.swift copied in, so that both run
# the same cases), back to back; odd runs start with the branch, even runs with main.
mkdir -p /tmp/conv4-results
if [ $(($1 % 2)) -eq 1 ]; then trees="/work/wt/conv4 /tmp/conv4-base"; else trees="/tmp/conv4-base /work/wt/conv4"; fi
for tree in $trees; do
  name=$(basename $tree)
  (cd $tree/Benchmarks && nice swift package --allow-writing-to-package-directory benchmark --target CallOverhead \
    --no-progress --format markdown --path stdout > /tmp/conv4-results/CallOverhead-$name-$1.md 2>&1)
done
echo done > /tmp/conv4-results/done-$1
