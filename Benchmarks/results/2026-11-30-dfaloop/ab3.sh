#!/bin/sh
# Alternated runs of main's probe (final41), integ's and this branch's, on the task's rows.
export ICUGREP_REBAR=/tmp/rebar ICUGREP_CORPORA=/work/shared/corpora
F='all words,words/all,capitalized,long words,bounded'
for r in ${RUNS:-1 2 3}; do
  /tmp/rebar-probe-final41 "$F" > final41-$r.txt 2>&1
  /tmp/rebar-probe-integ-dl "$F" > integ-$r.txt 2>&1
  /tmp/rebar-probe-dfaloop5 "$F" > dfaloop-$r.txt 2>&1
done
