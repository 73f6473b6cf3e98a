#!/bin/sh
# build-driver.sh NAME: builds the before26 driver (Drive26) against the ICURegex sources at
# /tmp/src-NAME (a `git archive` of the commit) as /tmp/runfix-cg/Drive26-NAME, as
# 2026-11-30-dfaloop2/build-probe-and-driver.sh does, without the probe.
set -e
name=$1
probe=/work/main/Benchmarks/results/2026-11-29-rebar/probe
benchmarks=/work/main/Benchmarks
src=/tmp/runfix-cg/driver-$name
rm -rf "$src/Sources" && mkdir -p "$src/Sources/Drive26" /tmp/runfix-cg
cp "$probe/Package.swift" "$src/"
cp -r "$benchmarks/Sources/RawICU" "$benchmarks/Sources/BenchmarkSupport" "$src/Sources/"
cp /work/main/Benchmarks/results/2026-11-30-before26/driver/main.swift "$src/Sources/Drive26/"
mkdir -p "$src/Sources/Probe" && cp "$probe/main.swift" "$src/Sources/Probe/"
cp "$benchmarks/Benchmarks/Workloads/WorkloadDefinitions.swift" "$benchmarks/Benchmarks/Workloads/RebarCurated.swift" "$src/Sources/Probe/"
cat >> "$src/Package.swift" <<'PKG'
package.targets.append(.executableTarget(name: "Drive26", dependencies: ["BenchmarkSupport", "RawICU",
  .product(name: "ICURegex", package: rootName), .product(name: "ICURegexFoundation", package: rootName)]))
PKG
(cd "$src" && PROBE_ROOT=/tmp/src-$name swift build -c release --scratch-path "$src.build" --product Drive26 >&2)
cp "$src.build/release/Drive26" /tmp/runfix-cg/Drive26-$name
strip --strip-debug /tmp/runfix-cg/Drive26-$name
echo built $name
