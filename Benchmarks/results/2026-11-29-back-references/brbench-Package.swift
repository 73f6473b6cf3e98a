// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "brbench",
    dependencies: [.package(path: "/work/wt/backref")],
    targets: [
        .target(name: "RawICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        .executableTarget(name: "brbench", dependencies: ["RawICU", .product(name: "ICURegex", package: "backref")]),
    ]
)
