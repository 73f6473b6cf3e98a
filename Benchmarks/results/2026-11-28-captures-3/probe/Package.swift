// swift-tools-version:6.0
// A/B probe: RegexMatcher loops, matches(inUTF16:) and raw ICU on the capture workloads.
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
