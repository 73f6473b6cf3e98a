import Foundation
import Testing

@Test func binaryRuns() throws {
    let result = try TestProcess.icugrep([], stdin: "")
    #expect(result.status >= 0)
}
