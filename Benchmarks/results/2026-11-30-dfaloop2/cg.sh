#!/bin/sh
# cg.sh SIDE MODE PATTERN: callgrind instructions of one MODE (one-first, one-every) call of PATTERN over 1 MB.
export ICUGREP_CORPORA=/work/shared/corpora
case $1 in base) bin=/tmp/before26-cg/Drive26-base-new;; main) bin=/tmp/before26-cg/Drive26-main-new;; *) bin=/tmp/dfaloop2-cg/Drive26-$1;; esac
PATTERN="$3" valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*drive26Measured*' \
  --callgrind-out-file=/tmp/dfaloop2-cg/$1-$2-$(printf %s "$3" | tr -c a-z _).out $bin $2 1 1000000 2>&1 | grep -E "refs|result" | tr '\n' ' '
printf "%s %s %s\n" "$1" "$2" "$3"
