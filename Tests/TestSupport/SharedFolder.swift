import Foundation

/// The `shared` folder that developers and CI keep beside the package (`<root>/../shared`), with
/// ICU's conformance data and text corpora. Tests that need it skip when it is absent.
package enum SharedFolder {
    /// `<package root>/../shared`, found from this file's path
    /// (`<root>/Tests/TestSupport/SharedFolder.swift`).
    package static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()  // its parent
        .appendingPathComponent("shared", isDirectory: true)

    /// ICU's regular-expression test cases, one JSON object per line.
    package static let icuCases = url.appendingPathComponent("conformance/icu/cases.jsonl")

    /// True when ``icuCases`` exists.
    package static var hasICUCases: Bool {
        FileManager.default.fileExists(atPath: icuCases.path)
    }

    /// The text corpora (`../shared/corpora`), or nil when absent.
    package static let corpora: URL? = {
        let corpora = url.appendingPathComponent("corpora", isDirectory: true)
        return FileManager.default.fileExists(atPath: corpora.path) ? corpora : nil
    }()
}
