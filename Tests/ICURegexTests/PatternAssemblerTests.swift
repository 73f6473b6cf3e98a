@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// The pattern texts of a line search: `-F` quoting, the `-w` and `-x` wrappers, joining,
    /// and the check that keeps patterns with back references apart.
    @Suite struct PatternAssemblerTests {
        @Test("-F quotes every character, \\E included")
        func fixedStringsAreQuoted() throws {
            for literal in ["a.c", "\\E", "x\\Ey", "\\", "a\\", "\\\\E", "(?", "[", "$^"] {
                let pattern = try RegexPattern(PatternAssembler.quoted(literal), options: [.useUnixLineSeparators])
                let text = "<" + literal + ">"
                let match = try #require(try pattern.firstRange(in: text), "\(literal) not found")
                #expect(String(text[match]) == literal, "\(literal)")
                #expect(try pattern.firstRange(in: "<" + String(literal.reversed()) + "x>") == nil || literal.count < 2)
            }
            #expect(PatternAssembler.quoted("") == "")
        }

        @Test("a quotation reads back as the string it quotes; other texts do not")
        func unquotedInvertsQuoted() {
            for literal in ["a.c", "\\E", "x\\Ey", "\\", "a\\", "\\\\E", "", "ß"] {
                #expect(PatternAssembler.unquoted(PatternAssembler.quoted(literal)) == literal, "\(literal)")
            }
            #expect(PatternAssembler.unquoted("a.c") == nil)
            #expect(PatternAssembler.unquoted("\\Qa\\E|\\Qb\\E") == nil)
        }

        @Test("a trie of strings finds, at each place, the longest string there: 300 generated lists against the alternation, longest first")
        func trieMatchesTheLongestString() throws {
            var random = SplitMix64(seed: 0x7E1E)
            let alphabet = Array("abcé😀.*(".unicodeScalars)
            for caseIndex in 0..<300 {
                var strings: [String] = []
                for _ in 0..<random.number(in: 1...30) {
                    var string = ""
                    for _ in 0..<random.number(in: 1...5) { string.unicodeScalars.append(random.element(of: alphabet)) }
                    strings.append(string)
                }
                var text = ""
                for _ in 0..<random.number(in: 0...40) { text.unicodeScalars.append(random.element(of: alphabet)) }
                let trie = try RegexPattern(PatternAssembler.trie(of: strings))
                let longestFirst = strings.sorted { $0.utf8.count > $1.utf8.count }
                let alternation = try RegexPattern(PatternAssembler.alternation(longestFirst.map(PatternAssembler.quoted)))
                let expected = alternation.matches(in: text).map(\.utf16Range)
                let actual = trie.matches(in: text).map(\.utf16Range)
                #expect(actual == expected, "case \(caseIndex): \(strings) in \(text)")
            }
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
