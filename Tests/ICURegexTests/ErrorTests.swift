import ICURegex
import Testing

extension LibraryTests {
    /// Malformed patterns throw `ICURegexError` with ICU's code, its name, the position, and
    /// words for what went wrong.
    @Suite struct ErrorTests {
        struct Malformed: Sendable, CustomTestStringConvertible {
            var pattern: String
            var error: ICURegexError
            var icuName: String
            var reason: String
            var offset: Int

            var testDescription: String { String(reflecting: pattern) }
        }

        /// ICU reports the offset at which it noticed the fault, often just after it.
        static let malformed: [Malformed] = [
            Malformed(pattern: "(", error: .mismatchedParenthesis, icuName: "U_REGEX_MISMATCHED_PAREN",
                     reason: "unbalanced parentheses", offset: 1),
            Malformed(pattern: "ab)", error: .mismatchedParenthesis, icuName: "U_REGEX_MISMATCHED_PAREN",
                     reason: "unbalanced parentheses", offset: 3),
            Malformed(pattern: "[a", error: .missingCloseBracket, icuName: "U_REGEX_MISSING_CLOSE_BRACKET",
                     reason: "missing closing bracket of a set expression", offset: 2),
            Malformed(pattern: "a{2,1}", error: .maxLessThanMin, icuName: "U_REGEX_MAX_LT_MIN",
                     reason: "in a {min,max} interval, max is less than min", offset: 6),
            Malformed(pattern: "\\p{Nope}", error: .propertySyntax, icuName: "U_REGEX_PROPERTY_SYNTAX",
                     reason: "incorrect Unicode property", offset: 8),
            Malformed(pattern: "[z-a]", error: .invalidRange, icuName: "U_REGEX_INVALID_RANGE",
                     reason: "in a character range [x-y], x is greater than y", offset: 4),
            Malformed(pattern: "(a)\\2", error: .invalidBackReference, icuName: "U_REGEX_INVALID_BACK_REF",
                     reason: "back-reference to a capture group that does not exist", offset: 5),
            Malformed(pattern: "(?<=a*)b", error: .lookBehindLimit, icuName: "U_REGEX_LOOK_BEHIND_LIMIT",
                     reason: "look-behind pattern without a bounded maximum length", offset: 7),
            Malformed(pattern: "*a", error: .syntax, icuName: "U_REGEX_RULE_SYNTAX",
                     reason: "syntax error in the pattern", offset: 1),
            Malformed(pattern: "a{1", error: .badInterval, icuName: "U_REGEX_BAD_INTERVAL",
                     reason: "error in a {min,max} interval", offset: 3),
        ]

        @Test(arguments: malformed)
        func malformedPatternThrows(_ item: Malformed) {
            let error = #expect(throws: ICURegexError.self) { try RegexPattern(item.pattern) }
            #expect(error == item.error)
            #expect(error?.icuName == item.icuName)
            #expect(error?.patternLine == 1)
            #expect(error?.patternOffset == item.offset)
            #expect(error?.reason == item.reason)
            #expect(error.map { "\($0)" } == "\(item.reason) at offset \(item.offset)")
            #expect(error?.isLimitExceeded == false)
        }

        @Test func catchByName() {
            var caught = false
            do {
                _ = try RegexPattern("(")
            } catch ICURegexError.missingCloseBracket {
                Issue.record("caught the wrong code")
            } catch ICURegexError.mismatchedParenthesis {
                caught = true
            } catch {
                Issue.record("not caught by name: \(error)")
            }
            #expect(caught)
        }

        @Test func errorsCompareByCodeOnly() {
            let located = ICURegexError(rawValue: ICURegexError.syntax.rawValue, patternLine: 3, patternOffset: 7)
            #expect(located == .syntax)
            #expect(located.hashValue == ICURegexError.syntax.hashValue)
            #expect(located != .mismatchedParenthesis)
            #expect("\(located)" == "syntax error in the pattern at offset 7 of line 3")
            #expect("\(ICURegexError.timeLimitExceeded)" == "the match took longer than the time limit")
            #expect(ICURegexError.timeLimitExceeded.isLimitExceeded)
            #expect(ICURegexError.stackLimitExceeded.isLimitExceeded)
        }

        /// Every error the library names has words of its own, not ICU's name of the code.
        @Test(arguments: [
            ICURegexError.illegalArgument, .memoryAllocation, .indexOutOfBounds, .unsupported,
            .internalError, .syntax, .invalidState, .badEscapeSequence, .propertySyntax,
            .unimplemented, .mismatchedParenthesis, .numberTooBig, .badInterval, .maxLessThanMin,
            .invalidBackReference, .invalidFlag, .lookBehindLimit, .setContainsString,
            .missingCloseBracket, .invalidRange, .patternTooBig, .invalidCaptureGroupName,
            .stackLimitExceeded, .timeLimitExceeded, .stoppedByCaller,
        ])
        func namedErrorHasWords(_ error: ICURegexError) {
            #expect(!error.reason.isEmpty)
            #expect(error.reason != error.icuName)
            #expect(!error.reason.hasPrefix("U_"))
            #expect("\(error)" == error.reason)
        }

        /// A code without words falls back to ICU's name of it.
        @Test func codeWithoutWordsIsNamedByICU() {
            let parseError = ICURegexError(rawValue: 9, patternLine: 1, patternOffset: 2)
            #expect(parseError.icuName == "U_PARSE_ERROR")
            #expect(parseError.reason == "U_PARSE_ERROR")
            #expect("\(parseError)" == "U_PARSE_ERROR at offset 2")
            #expect(parseError.rawValue == 9)
        }

        @Test func positionOnALaterLine() {
            let error = #expect(throws: ICURegexError.self) {
                try RegexPattern("a  # first line\n(b", options: .allowCommentsAndWhitespace)
            }
            #expect(error == .mismatchedParenthesis)
            #expect(error?.patternLine == 2)
            #expect(error?.patternOffset == 2)
            #expect(error.map { "\($0)" } == "unbalanced parentheses at offset 2 of line 2")
        }

        @Test func unknownEscapesAreErrorsOnlyWhenAsked() throws {
            _ = try RegexPattern("\\q")
            #expect(throws: ICURegexError.badEscapeSequence) {
                try RegexPattern("\\q", options: .errorOnUnknownEscapes)
            }
        }

        @Test func conveniencesAnswerNotFoundForMalformedPatterns() {
            #expect("abc".range(ofRegex: "(") == nil)
            #expect("abc".range(ofRegex: "[a") == nil)
            let units: [UInt16] = Array("abc".utf16)
            units.withUnsafeBufferPointer {
                #expect(RegexPattern.firstRange(of: "a{2,1}", inUTF16: $0) == .notFound)
            }
        }

        @Test func emptyPatternCompilesAndMatchesEmpty() throws {
            let empty = try RegexPattern("")
            #expect(try empty.firstRange(in: "abc").map { $0.isEmpty } == true)
            // The conveniences follow Foundation instead: an empty pattern finds nothing.
            #expect("abc".range(ofRegex: "") == nil)
        }
    }
}
