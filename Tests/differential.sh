#!/usr/bin/env bash
# Longer differential runs than `swift test` makes: the one pattern reader's analyses against
# ICU (PatternSyntaxTests' generated patterns) on seed after seed, until the time is up. A
# failure prints the pattern and text, and the seed to run it again with.
#
# Usage: Tests/differential.sh [--seed N] [--minutes M] [--patterns P]
#   --seed N       the first seed (default: 1); the runs take N, N+1, ...
#   --minutes M    how long to go on (default: 10)
#   --patterns P   patterns per seed (default: 50000)
set -euo pipefail
cd "$(dirname "$0")/.."

seed=1 minutes=10 patterns=50000
while [ $# -gt 0 ]; do
    case $1 in
        --seed) seed=$2; shift 2 ;;
        --minutes) minutes=$2; shift 2 ;;
        --patterns) patterns=$2; shift 2 ;;
        *) echo "differential.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

swift build --build-tests >&2
deadline=$(( $(date +%s) + minutes * 60 ))
runs=0
while [ "$(date +%s)" -lt "$deadline" ]; do
    if ! ICUREGEX_SEED=$seed ICUREGEX_PATTERNS=$patterns \
        swift test --skip-build --filter 'PatternSyntaxTests/generatedPatterns' >"${TMPDIR:-/tmp}/differential-$seed.log" 2>&1; then
        grep -E '✘|pattern |text ' "${TMPDIR:-/tmp}/differential-$seed.log" | head -40 >&2
        echo "differential.sh: seed $seed failed (log: ${TMPDIR:-/tmp}/differential-$seed.log)" >&2
        exit 1
    fi
    grep -q 'PatternSyntaxTests: seed' "${TMPDIR:-/tmp}/differential-$seed.log" ||
        { echo "differential.sh: the generated-pattern test did not run (log: ${TMPDIR:-/tmp}/differential-$seed.log)" >&2; exit 1; }
    runs=$((runs + 1))
    seed=$((seed + 1))
done
echo "differential.sh: $runs seeds of $patterns patterns passed"
