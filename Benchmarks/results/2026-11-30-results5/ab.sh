#!/bin/sh
# ab.sh TAG N FILTER BUILD...: N alternations of the probes /tmp/rebar-probe-BUILD on FILTER,
# each run saved as ab-TAG-BUILD-i.txt.
tag=$1; n=$2; filter=$3; shift 3
export ICUGREP_REBAR=/tmp/rebar ICUGREP_CORPORA=/work/shared/corpora
for i in $(seq 1 $n); do for b in "$@"; do
  /tmp/rebar-probe-$b "$filter" > ab-$tag-$b-$i.txt
done; done
