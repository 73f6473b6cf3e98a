#!/bin/sh
# A copy of ../2026-11-30-libsuites3/run.sh (itself ../2026-11-29-libsuites/run.sh), writing to raw/ beside the script.
# Runs each suite alternately on f48baab's Benchmarks package and main's (base, main, base, main),
# writing package-benchmark's text output to raw/SUITE-SIDE-ROUND.txt.
# BASE and MAIN are the two checkouts' Benchmarks directories (FIX a third, with SIDES="base main fix");
# SUITES, ROUNDS, FILTER and SKIP (regular expressions over whole names) may be set.
set -u
# The outputs: raw/ beside this script, or the folder OUT names (a later run reusing it).
OUT=${OUT:-$(cd "$(dirname "$0")" && pwd)/raw}
mkdir -p "$OUT"
export ICUGREP_CORPORA=${ICUGREP_CORPORA:-/work/shared/corpora} ICUGREP_BENCH_LARGE_MB=10
for suite in ${SUITES:-CallOverhead PatternSet ZeroLengthMatches LargeInputs AllMatches}; do
  for round in ${ROUNDS:-1 2}; do
    for side in ${SIDES:-base main}; do
      case $side in base) dir=$BASE ;; main) dir=$MAIN ;; *) dir=$FIX ;; esac
      echo "$(date -u +%T) $suite $side $round"
      (cd "$dir" && swift package --disable-sandbox benchmark --target "$suite" --no-progress \
         --skip "${SKIP:-.*Swift Regex.*}" ${FILTER:+--filter "$FILTER"} 2>&1 | grep -v '^\[' ) > "$OUT/$suite-$side-$round.txt"
    done
  done
done
