// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "probe",
    dependencies: [.package(path: "/tmp/wordfmt-bench/base")],
    targets: [.executableTarget(name: "probe", dependencies: [.product(name: "ICURegex", package: "base")],
        swiftSettings: [.swiftLanguageMode(.v5)])]
)
