#!/bin/sh
# One full-probe alternation: main's probe (final41), then this branch's.
export ICUGREP_REBAR=/tmp/rebar ICUGREP_CORPORA=/work/shared/corpora
for build in final41 results9; do
  /tmp/rebar-probe-$build > full-$build.txt 2>&1
done
