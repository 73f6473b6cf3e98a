import Foundation

/// The `shared` folder that developers and CI keep beside the package (`<root>/../shared`), with
/// ICU's conformance data and text corpora. Tests that need it skip when it is absent.
enum SharedFolder {
    /// `<package root>/../shared`, found from this file's path
    /// (`<root>/Tests/ICURegexTests/Support/SharedFolder.swift`).
    static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ICURegexTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()  // its parent
        .appendingPathComponent("shared", isDirectory: true)

    /// ICU's regular-expression test cases, one JSON object per line.
    static let icuCases = url.appendingPathComponent("conformance/icu/cases.jsonl")

    static var hasICUCases: Bool {
        FileManager.default.fileExists(atPath: icuCases.path)
    }
}
