#!/usr/bin/env bash
# Runs one libFuzzer target for a while: ./run.sh TARGET SECONDS [libFuzzer options...]
#
# TARGET is pattern-reader, search-plan, line-search or posix-translator (or its product
# name, such as FuzzSearchPlan); SECONDS is how long to fuzz (0: until stopped). The target is built first
# with the fuzzer and AddressSanitizer. The corpus grows in Fuzz/corpus/TARGET (not committed),
# seeded from Tests/Fixtures/fuzz/TARGET, the committed findings that `swift test` replays; a
# crash, a sanitizer report or a check's difference ("FUZZ FINDING: ...") stops the run and
# leaves the input in Fuzz/artifacts/TARGET/. Copy it (small) into Tests/Fixtures/fuzz/TARGET
# once fixed. The exit status is libFuzzer's: 0 when the time ran out without a finding.
set -euo pipefail
cd "$(dirname "$0")"

if [ $# -lt 2 ]; then
    echo "usage: $0 pattern-reader|search-plan|line-search|posix-translator SECONDS [libFuzzer options...]" >&2
    exit 2
fi
case $1 in
    pattern-reader|FuzzPatternReader) name=pattern-reader product=FuzzPatternReader ;;
    search-plan|FuzzSearchPlan) name=search-plan product=FuzzSearchPlan ;;
    line-search|FuzzLineSearch) name=line-search product=FuzzLineSearch ;;
    posix-translator|FuzzPOSIXTranslator) name=posix-translator product=FuzzPOSIXTranslator ;;
    *) echo "$0: unknown target '$1' (pattern-reader, search-plan, line-search, posix-translator)" >&2; exit 2 ;;
esac
seconds=$2
shift 2

# The Swift code with libFuzzer's coverage and AddressSanitizer, and the C targets (the shim,
# the SIMD byte scanners) with the same, so that a scanner reading past its buffer is a finding.
flags=(-c debug -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address)
swift build "${flags[@]}" --product "$product" 2>&1 \
    | grep -v "ld.gold: warning: Cannot export local symbol" || true
binary=$(swift build "${flags[@]}" --show-bin-path)/$product
[ -x "$binary" ] || { echo "$0: $product did not build" >&2; exit 2; }

mkdir -p "corpus/$name" "artifacts/$name"
# -timeout: an input that takes longer is a finding (a hang); the checks' own ICU limits
# keep ordinary inputs far below it. -max_len: patterns and lines of a few kilobytes.
exec "$binary" -max_total_time="$seconds" -timeout=30 -max_len=4096 \
    -artifact_prefix="artifacts/$name/" -dict=regex.dict -print_final_stats=1 "$@" \
    "corpus/$name" "../Tests/Fixtures/fuzz/$name"
