// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "brbench",
    dependencies: [.package(path: "/work/wt/bref2")],
    targets: [
        .target(name: "RawICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        .executableTarget(name: "brbench", dependencies: ["RawICU", .product(name: "ICURegex", package: "bref2")]),
        .executableTarget(name: "probe", dependencies: [.product(name: "ICURegex", package: "bref2")],
            swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
