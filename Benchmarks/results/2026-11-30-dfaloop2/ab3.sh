#!/bin/sh
# Three alternations of main's probe (02d60b1, /tmp/rebar-probe-integ42) and this branch's
# (/tmp/rebar-probe-dfaloop2c) on the rows with `\b` and the dense rows; raw output to raw/probe/.
export ICUGREP_REBAR=/tmp/rebar ICUGREP_CORPORA=/work/shared/corpora
cd "$(dirname "$0")" && mkdir -p raw/probe
filter='all words,words/,capitalized,long words,bounded,dictionary'
for round in 1 2 3; do
  /tmp/rebar-probe-integ42 "$filter" > raw/probe/integ-$round.txt 2>&1
  /tmp/rebar-probe-dfaloop2c "$filter" > raw/probe/dfaloop2-$round.txt 2>&1
done
grep -h MISMATCH raw/probe/*.txt || echo "no MISMATCH"
