// swift-tools-version:6.0
// A/B probe for the one-strategy branch: call overhead and workloads, CPU time.
import PackageDescription
import Foundation
let root = ProcessInfo.processInfo.environment["PROBE_ROOT"]!
let package = Package(
    name: "probe",
    dependencies: [.package(path: root)],
    targets: [
        .target(name: "RawICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        .executableTarget(name: "Probe", dependencies: ["RawICU", .product(name: "ICURegex", package: URL(fileURLWithPath: root).lastPathComponent.lowercased())]),
    ]
)
