// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "driver",
    dependencies: [.package(path: "/work/wt/zerolen")],
    targets: [.executableTarget(name: "Driver", dependencies: [.product(name: "ICURegex", package: "zerolen")])]
)
