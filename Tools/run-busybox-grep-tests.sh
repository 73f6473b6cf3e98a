#!/usr/bin/env bash
# Runs BusyBox's grep tests (testsuite/grep.tests) with `grep` and `egrep` being icugrep
# invoked by those names (or, with --gnu, the system's GNU grep), and prints the number of
# tests that pass, fail and are skipped, and the names of those that fail.
#
# Usage: Tools/run-busybox-grep-tests.sh [--gnu] BUSYBOX_SOURCE_DIR
#
#   BUSYBOX_SOURCE_DIR  BusyBox's source tree, outside this repository (its tests are GPL and
#                       are never copied in). Get it with
#                         cd /tmp && apt-get source busybox   (Debian, with deb-src enabled)
#                       or from https://busybox.net/downloads/. Only testsuite/ is needed.
#
# Environment: ICUGREP, the icugrep binary (default .build/debug/icugrep). Every optional
# feature the tests ask for (EXTRA_COMPAT, EGREP) is on, as GNU grep has them all.
#
# Result, 2026-11-28 (BusyBox 1.35.0's testsuite, Debian 12): icugrep as grep passes 48 of
# 51, GNU grep 3.8 the same 48; both fail "grep matches NUL", "grep -L exitcode 0" and
# "grep -L exitcode 1", which test BusyBox's own behaviour.
# The same on 2026-11-29 (main d8970d5), with the debug and the release build.
set -euo pipefail

target=icugrep
if [ "${1-}" = --gnu ]; then target=gnu; shift; fi
[ $# -eq 1 ] || { sed -n '6,11p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
suite=$(cd "$1/testsuite" && pwd)
[ -f "$suite/grep.tests" ] || { echo "run-busybox-grep-tests.sh: no testsuite/grep.tests in $1" >&2; exit 2; }
repository=$(cd "$(dirname "$0")/.." && pwd)
icugrep=${ICUGREP:-$repository/.build/debug/icugrep}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" "$work/run"
if [ "$target" = gnu ]; then
    for name in grep egrep fgrep; do ln -s "$(command -v $name)" "$work/bin/$name"; done
else
    [ -x "$icugrep" ] || { echo "run-busybox-grep-tests.sh: no icugrep at $icugrep (swift build)" >&2; exit 2; }
    icugrep=$(cd "$(dirname "$icugrep")" && pwd)/$(basename "$icugrep")
    for name in grep egrep fgrep; do ln -s "$icugrep" "$work/bin/$name"; done
fi
cp "$suite/testing.sh" "$suite/grep.tests" "$work/run/"
# grep.tests searches itself (`grep grep '$0'`) and expects to be run from its directory.
(cd "$work/run" && PATH="$work/bin:$PATH" OPTIONFLAGS=":EXTRA_COMPAT:EGREP:" ECHO=echo \
    LC_ALL=C.UTF-8 bash ./grep.tests >"$work/output.log" 2>&1) || true

count() { grep -c "^$1: " "$work/output.log" || true; }
echo "BusyBox grep.tests against $([ "$target" = gnu ] && echo "GNU grep" || echo "icugrep ($icugrep)"):"
echo "  pass $(count PASS), fail $(count FAIL), skip $(count SKIPPED)"
failing=$(grep '^FAIL: ' "$work/output.log" | sed 's/^FAIL: //' | tr '\n' ';')
[ -z "$failing" ] || echo "  failing: $failing"
