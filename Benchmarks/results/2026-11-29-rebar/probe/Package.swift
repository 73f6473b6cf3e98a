// swift-tools-version:6.0
// The probe: the Workloads suite's cases and rebar's curated benchmarks timed outside
// package-benchmark (see ../README.md). build-probe.sh assembles it with the Benchmarks
// package's RawICU and BenchmarkSupport and the suite's definition files.
import PackageDescription
import Foundation
let root = ProcessInfo.processInfo.environment["PROBE_ROOT"]!
let rootName = URL(fileURLWithPath: root).lastPathComponent.lowercased()
let package = Package(
    name: "probe",
    dependencies: [.package(path: root)],
    targets: [
        .target(name: "RawICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        .target(name: "BenchmarkSupport", dependencies: ["RawICU"]),
        .executableTarget(
            name: "Probe",
            dependencies: [
                "RawICU", "BenchmarkSupport",
                .product(name: "ICURegex", package: rootName),
                .product(name: "ICURegexFoundation", package: rootName),
            ]),
    ]
)
