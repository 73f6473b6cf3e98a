#!/bin/sh
# Builds the probe and Drive26 of /tmp/src-$1 as /tmp/rebar-probe-$1 and /tmp/dfaloop2-cg/Drive26-$1.
set -e
name=$1
/work/main/Benchmarks/results/2026-11-29-rebar/probe/build-probe.sh /tmp/src-$name /tmp/rebar-probe-$name
src=/tmp/rebar-probe-src-rebar-probe-$name
mkdir -p $src/Sources/Drive26 /tmp/dfaloop2-cg
cp /work/main/Benchmarks/results/2026-11-30-before26/driver/main.swift $src/Sources/Drive26/
grep -q Drive26 $src/Package.swift || cat >> $src/Package.swift <<'PKG'
package.targets.append(.executableTarget(name: "Drive26", dependencies: ["BenchmarkSupport", "RawICU",
  .product(name: "ICURegex", package: rootName), .product(name: "ICURegexFoundation", package: rootName)]))
PKG
(cd $src && PROBE_ROOT=/tmp/src-$name swift build -c release --scratch-path $src.build --product Drive26 >&2)
cp $src.build/release/Drive26 /tmp/dfaloop2-cg/Drive26-$name
strip --strip-debug /tmp/dfaloop2-cg/Drive26-$name
echo built $name
