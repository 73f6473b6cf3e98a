import Foundation
import Testing
import TestSupport

/// Replays the inputs the fuzz targets of ICURegex found (`Tests/Fixtures/fuzz/pattern-reader`,
/// `search-plan` and `posix-translator`; see `Fuzz/README.md`) through the same checks, so that
/// a fixed finding stays fixed.
@Suite struct FuzzRegressionTests {
    /// The files of the fixture directory `name`, sorted by name.
    static func inputs(_ name: String) throws -> [(name: String, bytes: [UInt8])] {
        let directory = TestFixtures.url.appendingPathComponent("fuzz/\(name)", isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return try names.filter { !$0.hasPrefix(".") }.sorted().map {
            ($0, Array(try Data(contentsOf: directory.appendingPathComponent($0))))
        }
    }

    @Test func patternReaderInputs() throws {
        for input in try Self.inputs("pattern-reader") {
            #expect(ICURegexFuzzChecks.patternReader(input.bytes) == [], "\(input.name)")
        }
    }

    @Test func searchPlanInputs() throws {
        for input in try Self.inputs("search-plan") {
            #expect(ICURegexFuzzChecks.searchPlan(input.bytes) == [], "\(input.name)")
        }
    }

    @Test func posixTranslatorInputs() throws {
        for input in try Self.inputs("posix-translator") {
            #expect(ICURegexFuzzChecks.posixTranslator(input.bytes) == [], "\(input.name)")
        }
    }
}
