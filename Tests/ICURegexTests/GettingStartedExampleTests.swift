import ICURegex
import Testing

extension LibraryTests {
    /// The examples of the documentation's landing page and Getting Started article
    /// (Sources/ICURegex/ICURegex.docc), with the results their comments promise.
    @Suite struct GettingStartedExampleTests {
        @Test func landingPage() throws {
            let text = "call 555-123-4567 now"
            #expect(text.range(ofRegex: "[0-9]{3}-[0-9]{3}-[0-9]{4}").map { String(text[$0]) } == "555-123-4567")
            let email = try RegexPattern(#"(?<user>\w+)@(\w+)\.com"#)
            let printed = email.matches(in: "ann@example.com, bob@test.com").map { match in
                "\(match["user"] ?? "") \(match[2] ?? "")"
            }
            #expect(printed == ["ann example", "bob test"])
        }

        @Test func compileAndFirstMatch() throws {
            let word = try RegexPattern(#"\bstraße\b"#, options: .caseInsensitive)
            #expect(try word.firstMatch(in: "an der STRASSE") != nil)
            let phone = try RegexPattern("[0-9]{3}-[0-9]{3}-[0-9]{4}")
            let text = "call 555-123-4567 now"
            #expect(try phone.firstMatch(in: text).map { String(text[$0]) } == "555-123-4567")
            #expect(text.range(ofRegex: "CALL", options: .caseInsensitive).map { String(text[$0]) } == "call")
        }

        @Test func allMatchesWithGroups() throws {
            let email = try RegexPattern(#"(?<user>\w+)@(\w+)\.com"#)
            let text = "ann@example.com, bob@test.com"
            let first = try #require(email.matches(in: text).first { _ in true })
            #expect(first.substring == "ann@example.com")
            #expect(first[1] == "ann")
            #expect(first["user"] == "ann")
            #expect(first[2] == "example")
            #expect(first.range(at: 2).map { String(text[$0]) } == "example")
            #expect(email.numberOfCaptureGroups == 2)
            #expect(email.groupNumber(named: "user") == 1)
        }

        @Test func replacement() throws {
            let date = try RegexPattern(#"(?<year>\d{4})-(\d{2})-(\d{2})"#)
            #expect(try date.replacing(in: "due 2026-11-24", withTemplate: "$3.$2.${year}") == "due 24.11.2026")
            #expect(throws: ICURegexError.self) { try date.replacing(in: "2026-11-24", withTemplate: "${month}") }
            let number = try RegexPattern(#"\d+"#)
            let doubled = try number.replacing(in: "3 and 4") { match in
                String(Int(match.substring)! * 2)
            }
            #expect(doubled == "6 and 8")
        }

        @Test func errors() {
            let error = #expect(throws: ICURegexError.self) { try RegexPattern("ab(c") }
            #expect(error.map { "\($0)" } == "unbalanced parentheses at offset 4")
            #expect(error?.reason == "unbalanced parentheses")
            #expect(error?.icuName == "U_REGEX_MISMATCHED_PAREN")
            #expect(error?.patternOffset == 4)
        }

        /// The runaway pattern's time limit is LimitTests' first case.
        @Test func limits() throws {
            let tenTimesLonger = RegexPattern.Limits(timeLimitSteps: 100_000, stackLimitBytes: 8 << 20)
            let words = try RegexPattern(#"(\w+\s*)+$"#, limits: tenTimesLonger)
            #expect(words.limits == tenTimesLonger)
        }
    }
}
