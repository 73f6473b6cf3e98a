import Foundation
import ICURegex
import ICURegexFoundation
import Testing

extension LibraryTests {
    /// The README's ten-line example, line by line, with the results its comments promise.
    @Suite struct ReadmeExampleTests {
        @Test func tenLineExample() throws {
            let text = "call 555-123-4567 or 555-765-4321 now"
            #expect(text.range(ofRegex: "[0-9]{3}-[0-9]{3}-[0-9]{4}").map { String(text[$0]) } == "555-123-4567")
            let strasse = "STRASSE"
            #expect(strasse.range(ofRegex: "straße", options: .caseInsensitive) == strasse.startIndex..<strasse.endIndex)
            let phone = try RegexPattern(#"(?<area>\d{3})-(\d{3})-(\d{4})"#)
            var printed: [String] = []
            for match in phone.matches(in: text) { printed.append("\(match["area"]!) \(match[3]!)") }
            #expect(printed == ["555 4567", "555 4321"])
            #expect(try phone.replacing(in: text, withTemplate: "(${area}) $2-$3") == "call (555) 123-4567 or (555) 765-4321 now")
            #expect(try phone.replacing(in: text) { $0[2]! + "…" } == "call 123… or 765… now")
            var description = ""
            do {
                _ = try RegexPattern("(")
            } catch ICURegexError.mismatchedParenthesis {
                description = "\(ICURegexError.mismatchedParenthesis)"
            } catch {
                Issue.record("not caught by name: \(error)")
            }
            #expect(!description.isEmpty)
            do {
                _ = try RegexPattern("(")
            } catch {
                #expect("\(error)" == "unbalanced parentheses at offset 1")
            }
            let dropIn = try ICURegularExpression(pattern: "\\d+")
            #expect(dropIn.matches(in: text, range: NSRange(location: 0, length: (text as NSString).length)).count == 6)
            #expect((text as NSString).range(ofRegex: "\\d+") == NSRange(location: 5, length: 3))
        }
    }
}
