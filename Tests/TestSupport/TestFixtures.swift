import Foundation

/// The data the tests read, kept in the repository under `Tests/Fixtures` (see its README):
/// ICU's conformance cases and text corpora, copied from the project's `shared` folder with
/// their licenses, so that a fresh clone runs every suite.
package enum TestFixtures {
    /// `<package root>/Tests/Fixtures`, found from this file's path
    /// (`<root>/Tests/TestSupport/TestFixtures.swift`).
    package static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// ICU's regular-expression test cases, one JSON object per line.
    package static let icuCases = url.appendingPathComponent("icu/cases.jsonl")

    /// The text corpora.
    package static let corpora = url.appendingPathComponent("corpora", isDirectory: true)
}
