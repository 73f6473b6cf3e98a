#!/bin/bash
# Usage: ab.sh REPS SECONDS "case1;case2" "api1 api2" bin1 bin2 ...
# Alternates the binaries, PROBE_ONLY per API, and prints ms a call per run.
export ICUGREP_REBAR=/tmp/rebar ICUGREP_CORPORA=/work/shared/corpora
reps=$1; secs=$2; cases=$3; apis=$4; shift 4
IFS=';' read -ra CASES <<< "$cases"
for c in "${CASES[@]}"; do
  for api in $apis; do
    for r in $(seq $reps); do
      for b in "$@"; do
        out=$(PROBE_ONLY=$api PROBE_SECONDS=$secs /tmp/rebar-probe-$b "$c" 2>&1 | grep "a call")
        echo "$b | $out"
      done
    done
  done
done
