// swift-tools-version:6.0
//
// ICURegex: Foundation-exact, single-range regular-expression search on the system ICU,
// and icugrep, a GNU-grep-compatible command-line search built on it.
//
// The package needs nothing but the Swift toolchain and ICU's development files
// (Debian: `apt-get install libicu-dev`); its one dependency, swift-docc-plugin, only builds
// the documentation. The benchmarks live in their own package under `Benchmarks/`, so users
// of the library never build package-benchmark.

import PackageDescription

let package = Package(
    name: "icugrep",
    products: [
        .library(name: "ICURegex", targets: ["ICURegex"]),
        .library(name: "ICURegexFoundation", targets: ["ICURegexFoundation"]),
        .executable(name: "icugrep", targets: ["icugrep"]),
    ],
    dependencies: [
        // `swift package generate-documentation --target ICURegex` (DocC). A command plugin,
        // which no target depends on: nothing of it is built into the products.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // An opaque C layer over ICU: Swift cannot call ICU's versioned macros, and must not
        // see ICU's types next to the copy of ICU that Foundation bundles. It includes ICU's
        // headers from the system's include path (libicu-dev) and is not linked with ICU: it
        // opens ICU's libraries at its first call into ICU (see icushim.c), so that a search
        // that needs no ICU (a literal, --help) does not load them.
        .target(
            name: "CICUShim"
        ),
        // The library: the regular-expression search, and the line search behind icugrep
        // (its prefilter's hot loop is CByteScan).
        .target(
            name: "ICURegex",
            dependencies: ["CICUShim", "CByteScan"]
        ),
        .target(
            name: "ICURegexFoundation",
            dependencies: ["ICURegex", "CSwiftRuntime"]
        ),
        // Declarations of two Swift runtime functions that retain and release an object n
        // times in one atomic operation, which Swift code cannot name (see swiftruntime.h).
        .target(
            name: "CSwiftRuntime"
        ),
        // The hot loop of the line search's literal prefilter, in C: Swift cannot compile one
        // function for AVX2 and choose it at run time, so the scan is AVX2 C code chosen once
        // with `__builtin_cpu_supports`, with portable vectors for other processors.
        .target(
            name: "CByteScan"
        ),
        // Large files mapped into memory for icugrep, guarded against SIGBUS (a file truncated
        // while mapped), in C: a signal handler cannot be written safely in Swift.
        .target(
            name: "CFileMapping"
        ),
        // The command line: options, walking, parallelism and printing over ICURegex's line
        // search. What it needs of ICU, ICURegex gives it; its one C module maps files.
        .executableTarget(
            name: "icugrep",
            dependencies: ["ICURegex", "CFileMapping"]
        ),
        // What both test targets share: the seeded generator of their generated cases and the
        // `../shared` folder of corpora and conformance data.
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "ICURegexTests",
            dependencies: ["ICURegex", "ICURegexFoundation", "TestSupport"]
        ),
        .testTarget(
            name: "icugrepTests",
            dependencies: ["icugrep", "ICURegex", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
