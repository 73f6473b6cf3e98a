// swift-tools-version:6.0
//
// libFuzzer targets for ICURegex and icugrep, a package of their own so that the main build
// never sees them: each target only links with the fuzzer runtime, so build them with
//
//     swift build -c debug -Xswiftc -sanitize=fuzzer,address --product FuzzPatternReader
//
// or run one with `./run.sh TARGET SECONDS` (see README.md).
//
// The library's and icugrep's sources are the root package's, reached through the symbolic
// links under Sources/: compiled as targets of this package, their `package` declarations are
// visible here (a path dependency's would not be), and icugrep's sources, without its
// `main.swift`, become the library IcugrepCore, read with `@testable import` (debug builds
// are testable).

import PackageDescription

let package = Package(
    name: "icugrep-fuzz",
    targets: [
        .target(name: "CICUShim"),
        .target(name: "CByteScan"),
        .target(name: "ICURegex", dependencies: ["CICUShim", "CByteScan"]),
        .target(name: "CFileMapping"),
        .target(name: "IcugrepCore", dependencies: ["ICURegex", "CFileMapping"], exclude: ["main.swift"]),
        // The libFuzzer entry point and the input decoding the targets share.
        .target(name: "FuzzSupport"),
        // (a) The pattern reader, literal facts and search plan on arbitrary pattern bytes.
        .executableTarget(name: "FuzzPatternReader", dependencies: ["ICURegex", "FuzzSupport"]),
        // (b) The search plan against ICU alone: first match and every match.
        .executableTarget(name: "FuzzSearchPlan", dependencies: ["ICURegex", "FuzzSupport"]),
        // (c) icugrep's line search on arbitrary bytes, with options from the input, the
        // prefiltered search against the plain one.
        .executableTarget(name: "FuzzLineSearch", dependencies: ["IcugrepCore", "ICURegex", "FuzzSupport"]),
        // (d) The POSIX translator on arbitrary bytes as a BRE and an ERE, then ICU's
        // compilation of the translations and a short search.
        .executableTarget(name: "FuzzPOSIXTranslator", dependencies: ["ICURegex", "FuzzSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
