import Foundation
import ICURegex
import ICURegexFoundation
import Testing

extension LibraryTests {
    /// The README's ten-line example, line by line, with the results its comments promise.
    @Suite struct ReadmeExampleTests {
        @Test func tenLineExample() throws {
            let text = "call 555-123-4567 now"
            #expect(text.range(ofRegex: "[0-9]{3}-[0-9]{3}-[0-9]{4}").map { String(text[$0]) } == "555-123-4567")
            #expect(text.range(ofRegex: "CALL", options: .caseInsensitive).map { String(text[$0]) } == "call")
            let strasse = "STRASSE"
            #expect(strasse.range(ofRegex: "straße", options: .caseInsensitive) == strasse.startIndex..<strasse.endIndex)
            let phone = try RegexPattern("[0-9]{3}-[0-9]{3}-[0-9]{4}")
            let match = try phone.firstMatch(in: text)
            #expect(match.map { String(text[$0]) } == "555-123-4567")
            var caught = false
            do {
                _ = try RegexPattern("(")
            } catch ICURegexError.mismatchedParenthesis {
                caught = true
            } catch {
                Issue.record("not caught by name: \(error)")
            }
            #expect(caught)
            #expect((text as NSString).range(ofRegex: "\\d+") == NSRange(location: 5, length: 3))
        }
    }
}
