import Foundation
import Testing
import TestSupport

/// Replays the inputs the fuzz target FuzzLineSearch found (`Tests/Fixtures/fuzz/line-search`;
/// see `Fuzz/README.md`) through the same check, so that a fixed finding stays fixed.
@Suite struct LineSearchFuzzRegressionTests {
    @Test func lineSearchInputs() throws {
        let directory = TestFixtures.url.appendingPathComponent("fuzz/line-search", isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.filter({ !$0.hasPrefix(".") }).sorted() {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
            #expect(LineSearchFuzzCheck.check(bytes) == [], "\(name)")
        }
    }
}
