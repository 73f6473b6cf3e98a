#!/bin/sh
# cg.sh NAME MODE PATTERN: callgrind's instruction count of one MODE (one-first, one-every) call
# of PATTERN over 1 MB of the English subtitles as UTF-16, by /tmp/runfix-cg/Drive26-NAME.
export ICUGREP_CORPORA=/work/shared/corpora
PATTERN="$3" valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*drive26Measured*' \
  --callgrind-out-file=/tmp/runfix-cg/$1-$2-$(printf %s "$3" | tr -c a-z _).out /tmp/runfix-cg/Drive26-$1 $2 1 1000000 2>&1 |
  grep -E "refs|result" | tr '\n' ' '
printf "%s %s %s\n" "$1" "$2" "$3"
