// swift-tools-version:6.0
import PackageDescription
import Foundation
let root = ProcessInfo.processInfo.environment["PROBE_ROOT"]!
let rootName = URL(fileURLWithPath: root).lastPathComponent.lowercased()
let package = Package(
    name: "short",
    dependencies: [.package(path: root)],
    targets: [
        .executableTarget(name: "Short", dependencies: [.product(name: "ICURegexFoundation", package: rootName)]),
    ]
)
