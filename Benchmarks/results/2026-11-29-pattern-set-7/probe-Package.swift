// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "probe",
    dependencies: [.package(path: "/work/wt/patset6")],
    targets: [.executableTarget(name: "probe", dependencies: [.product(name: "ICURegex", package: "patset6")],
        swiftSettings: [.swiftLanguageMode(.v5)])]
)
