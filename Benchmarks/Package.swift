// swift-tools-version:6.1
//
// The benchmarks of ICURegex, a package of their own so that users of the library never build
// package-benchmark. Run them from this directory with `swift package benchmark`; see README.md.
// CI neither builds nor runs them.

import PackageDescription

// SwiftPM names a path dependency after its directory, so the root package's identity is the
// name of the checkout's directory (e.g. "main", "icugrep"), lowercased.
let root = String(Context.packageDirectory.split(separator: "/").dropLast().last!).lowercased()

let package = Package(
    name: "icugrep-benchmarks",
    dependencies: [
        // The package under test, by path, as swift-nio's benchmarks do.
        .package(path: ".."),
        // The default traits pull in swift-runtime-interposer, which is not available here;
        // MallocInterposer alone provides the malloc counts.
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // ICU called directly from C, with no Swift layer: the floor that ICURegex is measured
        // against. Its header names no ICU type, so Swift never sees ICU's headers next to
        // Foundation's bundled ICU.
        .target(
            name: "RawICU",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]
        ),
        // What the suites share: the corpora, a text in each peer's form, the peers' names,
        // the owner of a raw ICU regex, and the walk over every match of a single-range search.
        .target(
            name: "BenchmarkSupport",
            dependencies: ["RawICU"]
        ),
    ]
)

// One executable per suite, so that each runs in a process of its own (the large inputs'
// hundreds of megabytes do not sit beside the call-overhead measurements) and can be run alone
// with `swift package benchmark --target <Suite>`.
for suite in ["CallOverhead", "ZeroLengthMatches", "LargeInputs", "AllMatches", "Workloads", "PatternSet"] {
    package.targets.append(
        .executableTarget(
            name: suite,
            dependencies: [
                "BenchmarkSupport",
                "RawICU",
                .product(name: "ICURegex", package: root),
                .product(name: "ICURegexFoundation", package: root),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/\(suite)",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        )
    )
}
