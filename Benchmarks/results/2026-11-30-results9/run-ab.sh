#!/bin/sh
# Three alternations of main's probe (final41) and this branch's on the rows of the task.
export ICUGREP_REBAR=/tmp/rebar ICUGREP_CORPORA=/work/shared/corpora
for round in 1 2 3; do
  for build in final41 results9; do
    /tmp/rebar-probe-$build 'words/all,parse-line,groups:' > ab-$build-$round.txt 2>&1
  done
done
