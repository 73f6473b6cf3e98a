#!/bin/sh
# Builds the rebar probe and DriveU8 (driver-main.swift) against the ICURegex sources at $1, into
# the binaries $2 (probe) and $2-driveu8, in one release build of the probe's package.
set -e
here=$(cd "$(dirname "$0")" && pwd)
probe=/work/main/Benchmarks/results/2026-11-29-rebar/probe
benchmarks=$(cd "$probe/../../.." && pwd)
src=/tmp/rebar-probe-src-$(basename "$2")
rm -rf "$src/Sources" && mkdir -p "$src/Sources/Probe" "$src/Sources/DriveU8"
cp "$probe/Package.swift" "$src/"
cat >> "$src/Package.swift" <<'SWIFT'
package.targets.append(.executableTarget(name: "DriveU8", dependencies: ["BenchmarkSupport",
    .product(name: "ICURegex", package: rootName), .product(name: "ICURegexFoundation", package: rootName)]))
SWIFT
cp -r "$benchmarks/Sources/RawICU" "$benchmarks/Sources/BenchmarkSupport" "$src/Sources/"
cp "$probe/main.swift" "$src/Sources/Probe/"
cp "$benchmarks/Benchmarks/Workloads/WorkloadDefinitions.swift" "$benchmarks/Benchmarks/Workloads/RebarCurated.swift" "$src/Sources/Probe/"
cp "$here/driver-main.swift" "$src/Sources/DriveU8/main.swift"
(cd "$src" && PROBE_ROOT="$1" swift build -c release --scratch-path "$src.build" >&2)
cp "$src.build/release/Probe" "$2.tmp" && mv "$2.tmp" "$2"
cp "$src.build/release/DriveU8" "$2-driveu8.tmp" && mv "$2-driveu8.tmp" "$2-driveu8"
