#!/bin/sh
# cg.sh SIDE CASE N [SIZE]: instructions of N calls of the measured closure (after one warm-up), by callgrind.
export ICUGREP_CORPORA=/work/shared/corpora
valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*drive26Measured*' \
  --callgrind-out-file=/tmp/before26-cg/$1-$2-$3.out /tmp/before26-cg/Drive26-$1 $2 $3 $4 2>&1 | grep -E "refs|ms min"
