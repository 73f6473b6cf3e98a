#!/bin/sh
# Main's probe (integ38, 832a0e6) and this branch's, alternated, two runs each.
for run in 1 2; do
  for p in integ38 matcherloop2; do
    ICUGREP_REBAR=/tmp/rebar ICUGREP_CORPORA=/work/shared/corpora nice /tmp/rebar-probe-$p "quadratic,cloud-flare,literal,Chinese,Russian" > /tmp/matcherloop-ab/$p-run$run.txt 2>&1
  done
done
echo finished > /tmp/matcherloop-ab/done
