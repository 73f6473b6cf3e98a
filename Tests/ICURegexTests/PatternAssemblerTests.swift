@testable import ICURegex
import Testing

extension LibraryTests {
    /// The pattern texts of a line search: `-F` quoting, the `-w` and `-x` wrappers, joining,
    /// and the check that keeps patterns with back references apart.
    @Suite struct PatternAssemblerTests {
        @Test("-F quotes every character, \\E included")
        func fixedStringsAreQuoted() throws {
            for literal in ["a.c", "\\E", "x\\Ey", "\\", "a\\", "\\\\E", "(?", "[", "$^"] {
                let pattern = try RegexPattern(PatternAssembler.quoted(literal), options: [.useUnixLineSeparators])
                let text = "<" + literal + ">"
                let match = try #require(try pattern.firstMatch(in: text), "\(literal) not found")
                #expect(String(text[match]) == literal, "\(literal)")
                #expect(try pattern.firstMatch(in: "<" + String(literal.reversed()) + "x>") == nil || literal.count < 2)
            }
            #expect(PatternAssembler.quoted("") == "")
        }

        @Test("-w and -x wrap the pattern as grep -P does")
        func wordAndLineWrapping() {
            let unicodeWords: RegexPattern.Options = [.useUnicodeWordBoundaries]
            #expect(PatternAssembler.wrapped("a|b", in: .none, options: []) == "a|b")
            #expect(PatternAssembler.wrapped("a|b", in: .wholeWords, options: []) == "(?<!\\w)(?:a|b)(?!\\w)")
            #expect(PatternAssembler.wrapped("a|b", in: .wholeWords, options: unicodeWords) == "\\b(?:a|b)\\b")
            #expect(PatternAssembler.wrapped("a|b", in: .wholeLines, options: unicodeWords) == "^(?:a|b)$")
            #expect(PatternAssembler.alternation(["a|b", "c"]) == "(?:a|b)|(?:c)")
            #expect(PatternAssembler.alternation(["a|b"]) == "a|b")
        }

        @Test("Back references are found past escaped backslashes")
        func backReferenceDetection() {
            #expect(LinePatterns.mayHoldReference("(a)\\1"))
            #expect(LinePatterns.mayHoldReference("(?<x>a)\\k<x>"))
            #expect(!LinePatterns.mayHoldReference("a\\\\1"))
            #expect(!LinePatterns.mayHoldReference("\\d+\\w"))
            // Inline flags are read (the x flag is not): patterns with them can still be joined.
            #expect(!LinePatterns.mayHoldReference("(?i)holmes"))
            #expect(!LinePatterns.mayHoldReference("(?i:holmes)|(?-i)watson"))
            #expect(LinePatterns.mayHoldReference("(?i)(a)\\1"))
            #expect(LinePatterns.mayHoldReference("(?x)abc"), "no tree: assumed to hold a reference")
        }
    }
}
