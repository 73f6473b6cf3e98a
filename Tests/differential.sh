#!/usr/bin/env bash
# Longer differential runs than `swift test` makes, on seed after seed until the time is up:
# the one pattern reader's analyses against ICU (PatternSyntaxTests' generated patterns), and
# ICURegularExpression and RegexPattern's matches against NSRegularExpression
# (RegularExpressionDifferentialTests, MatchSequenceDifferentialTests: generated cases and long
# texts), and the match automaton against ICU (MatchAutomatonDifferentialTests: priority
# puzzles, every construct of the reader, long texts, alternations of many strings). A failure
# prints the case, and the seed to run it again with.
#
# Usage: Tests/differential.sh [--seed N] [--minutes M] [--patterns P] [--cases C] [--only S]
#   --seed N       the first seed (default: 1); the runs take N, N+1, ...
#   --minutes M    how long to go on (default: 10)
#   --patterns P   patterns per seed for PatternSyntaxTests and for each generator of
#                  MatchAutomatonDifferentialTests (default: 50000; about 4 million searches)
#   --cases C      cases per seed for the NSRegularExpression suites (default: 200000; a
#                  quarter of them for MatchSequenceDifferentialTests, one in 800 and one in
#                  1200 long texts)
#   --only S       run only "patterns" (PatternSyntaxTests), "nsregex" (the two
#                  NSRegularExpression suites) or "automaton" (MatchAutomatonDifferentialTests)
set -euo pipefail
cd "$(dirname "$0")/.."

seed=1 minutes=10 patterns=50000 cases=200000 only=
while [ $# -gt 0 ]; do
    case $1 in
        --seed) seed=$2; shift 2 ;;
        --minutes) minutes=$2; shift 2 ;;
        --patterns) patterns=$2; shift 2 ;;
        --cases) cases=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        *) echo "differential.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

swift build --build-tests >&2
deadline=$(( $(date +%s) + minutes * 60 ))
runs=0
# Runs one filter of the test binary on the seed; fails unless `marker` shows it ran.
run() {
    local name=$1 filter=$2 marker=$3 log="${TMPDIR:-/tmp}/differential-$1-$seed.log"
    if ! ICUREGEX_SEED=$seed ICUREGEX_PATTERNS=$patterns ICUREGEX_CASES=$cases \
        swift test --skip-build --filter "$filter" >"$log" 2>&1; then
        grep -E '✘|pattern |text |^    ' "$log" | head -40 >&2
        echo "differential.sh: $name, seed $seed failed (log: $log)" >&2
        exit 1
    fi
    grep -q "$marker" "$log" ||
        { echo "differential.sh: $name did not run (log: $log)" >&2; exit 1; }
}

while [ "$(date +%s)" -lt "$deadline" ]; do
    if [ -z "$only" ] || [ "$only" = automaton ]; then
        run automaton 'MatchAutomatonDifferentialTests/(priorityPuzzles|readerConstructs|longTexts|literalAlternations)' \
            'MatchAutomatonDifferentialTests.priorityPuzzles: seed'
    fi
    if [ -z "$only" ] || [ "$only" = patterns ]; then
        run patterns 'PatternSyntaxTests/generatedPatterns' 'PatternSyntaxTests: seed'
    fi
    if [ -z "$only" ] || [ "$only" = nsregex ]; then
        # The generated cases and long texts only: the named tests do not depend on the seed.
        run nsregex 'RegularExpressionDifferentialTests/(generatedCases|longTexts)|MatchSequenceDifferentialTests/(generatedCases|longTexts|generatedPatternsOnLongTexts)' \
            'RegularExpressionDifferentialTests: seed'
        grep -q 'MatchSequenceDifferentialTests: seed' "${TMPDIR:-/tmp}/differential-nsregex-$seed.log" ||
            { echo "differential.sh: MatchSequenceDifferentialTests did not run" >&2; exit 1; }
    fi
    runs=$((runs + 1))
    seed=$((seed + 1))
done
echo "differential.sh: $runs seeds passed (${only:-all} suites; $patterns patterns, $cases cases per seed)"
