#!/bin/sh
# Builds the probe against the ICURegex sources at $1 into the binary $2, with the Benchmarks
# package's RawICU and BenchmarkSupport and the Workloads suite's definitions of this branch.
set -e
here=$(cd "$(dirname "$0")" && pwd)
benchmarks=$(cd "$here/../../.." && pwd)
src=/tmp/rebar-probe-src-$(basename "$2")
rm -rf "$src/Sources" && mkdir -p "$src/Sources/Probe"
cp "$here/Package.swift" "$src/"
cp -r "$benchmarks/Sources/RawICU" "$benchmarks/Sources/BenchmarkSupport" "$src/Sources/"
cp "$here/main.swift" "$src/Sources/Probe/"
cp "$benchmarks/Benchmarks/Workloads/WorkloadDefinitions.swift" "$benchmarks/Benchmarks/Workloads/RebarCurated.swift" "$src/Sources/Probe/"
(cd "$src" && PROBE_ROOT="$1" swift build -c release --scratch-path "$src.build" >&2)
cp "$src.build/release/Probe" "$2.tmp" && mv "$2.tmp" "$2"
