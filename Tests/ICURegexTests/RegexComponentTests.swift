import ICURegex
import RegexBuilder
import Testing
import TestSupport

extension LibraryTests {
    /// ``RegexPattern`` as a `RegexComponent`: Swift's string algorithms and the `Regex`
    /// builder, each against the same search through ``RegexPattern/matches(in:range:)``, on
    /// generated cases (non-ASCII and case-insensitive ones among them) from a fixed seed.
    @Suite struct RegexComponentTests {
        static let caseCount = 4_000
        static let seed: UInt64 = 0xC0_4E47

        // The algorithms through a generic component, so that the pattern's own overloads
        // (`String.firstMatch(of:)` and the others, which return a ``RegexMatch``) do not
        // answer instead.

        static func ranges(of component: some RegexComponent, in text: Substring) -> [Range<String.Index>] {
            text.ranges(of: component)
        }

        static func contains(_ component: some RegexComponent, in text: Substring) -> Bool {
            text.contains(component)
        }

        static func firstRange(of component: some RegexComponent, in text: Substring) -> Range<String.Index>? {
            text.firstMatch(of: component)?.range
        }

        static func wholeRange(of component: some RegexComponent, in text: Substring) -> Range<String.Index>? {
            text.wholeMatch(of: component)?.range
        }

        static func pieces(split text: Substring, by component: some RegexComponent) -> [Substring] {
            text.split(separator: component)
        }

        static func replacing(_ component: some RegexComponent, in text: Substring) -> String {
            String(text.replacing(component, with: "<>"))
        }

        static func trimmingPrefix(_ component: some RegexComponent, of text: Substring) -> Substring {
            text.trimmingPrefix(component)
        }

        /// A text the algorithms search as `RegexPattern.matches(in:)` does: none of the
        /// combining marks, inside a `Character`, where Swift does not try a match.
        static func isSearchedAlike(_ units: [UInt16]) -> Bool {
            !units.contains(0x0301) && !units.contains(0x0308)
        }

        @Test("Swift's algorithms with a RegexPattern agree with RegexPattern.matches(in:) on 4,000 generated cases")
        func algorithmsAgreeWithMatches() throws {
            var generator = CaseGenerator(seed: Self.seed)
            var random = SplitMix64(seed: Self.seed)
            var compared = 0
            var withMatches = 0
            var nonASCII = 0
            var mismatches: [String] = []
            while compared < Self.caseCount {
                let generated = generator.nextCase(allowLoneSurrogates: false)
                guard Self.isSearchedAlike(generated.units), !generated.pattern.isEmpty,
                    let pattern = try? RegexPattern(generated.pattern, options: generated.caseInsensitive ? .caseInsensitive : [])
                else { continue }
                let string = String(decoding: generated.units, as: UTF16.self)
                // The whole string half of the time, else a substring on character bounds,
                // which the algorithms search as the text (look-behind and ^ see its start).
                let characters = string.count
                let lower = random.chance(0.5) ? 0 : random.number(in: 0...characters)
                let upper = random.chance(0.5) ? characters : lower + random.number(in: 0...(characters - lower))
                let text = string[string.index(string.startIndex, offsetBy: lower)..<string.index(string.startIndex, offsetBy: upper)]

                // Swift's algorithms that find every match search for each one in the rest of
                // the text after the previous match, which is then the text the pattern sees.
                var expected: [Range<String.Index>] = []
                var searchStart = text.startIndex
                while let match = try text[searchStart...].firstMatch(of: pattern) {
                    expected.append(match.range)
                    searchStart = match.range.upperBound
                    if match.range.isEmpty { break }
                }
                // After an empty match Swift moves on by a Character, ICU by a code point.
                guard !expected.contains(where: \.isEmpty) else { continue }
                compared += 1
                if !expected.isEmpty { withMatches += 1 }
                if text.utf8.contains(where: { $0 >= 0x80 }) { nonASCII += 1 }

                var expectedPieces: [Substring] = []
                var expectedReplacement = ""
                var previousEnd = text.startIndex
                for range in expected {
                    expectedPieces.append(text[previousEnd..<range.lowerBound])
                    expectedReplacement += text[previousEnd..<range.lowerBound] + "<>"
                    previousEnd = range.upperBound
                }
                expectedPieces.append(text[previousEnd...])
                expectedReplacement += text[previousEnd...]
                let first = expected.first
                let prefix = first.flatMap { $0.lowerBound == text.startIndex ? $0 : nil }
                let whole = prefix.flatMap { $0.upperBound == text.endIndex ? $0 : nil }

                func check<Value: Equatable>(_ api: String, _ answer: Value, _ expectedAnswer: Value) {
                    if answer != expectedAnswer {
                        mismatches.append("\(api) gave \(answer), matches(in:) \(expectedAnswer): \(generated) text \(String(reflecting: String(text)))")
                    }
                }
                check("ranges(of:)", Self.ranges(of: pattern, in: text), expected)
                check("contains(_:)", Self.contains(pattern, in: text), !expected.isEmpty)
                check("firstMatch(of:)", Self.firstRange(of: pattern, in: text), first)
                check("wholeMatch(of:)", Self.wholeRange(of: pattern, in: text), whole)
                // The pattern's own `Substring.wholeMatch(of:)` is ICU's whole match of the
                // substring as a text of its own: the same as on a copy of it.
                func offsets(_ range: Range<String.Index>?, in base: Substring) -> Range<Int>? {
                    range.map { base.utf8.distance(from: base.startIndex, to: $0.lowerBound)..<base.utf8.distance(from: base.startIndex, to: $0.upperBound) }
                }
                let copy = String(text)
                check(
                    "Substring.wholeMatch(of: RegexPattern)", offsets((try? text.wholeMatch(of: pattern))?.range, in: text),
                    offsets((try? copy.wholeMatch(of: pattern))?.range, in: copy[...]))
                check("split(separator:)", Self.pieces(split: text, by: pattern), expectedPieces.filter { !$0.isEmpty })
                check("replacing(_:with:)", Self.replacing(pattern, in: text), expectedReplacement)
                check("trimmingPrefix(_:)", Self.trimmingPrefix(pattern, of: text), text[(prefix?.upperBound ?? text.startIndex)...])
                let captured = Regex { Capture { pattern } }
                check("Regex { Capture { pattern } }", text.firstMatch(of: captured).map { $0.output.1 }, first.map { text[$0] })
                check("ranges(of: Regex { pattern })", text.ranges(of: Regex { pattern }), expected)
            }
            print("RegexComponentTests: \(compared) cases compared (\(withMatches) with a match, \(nonASCII) with non-ASCII text), \(mismatches.count) disagreements")
            for mismatch in mismatches.prefix(30) {
                Issue.record(Comment(rawValue: mismatch))
            }
            #expect(mismatches.isEmpty)
            #expect(withMatches > Self.caseCount / 20)
        }

        @Test("Look-behind, \\b and ^ see the searched text before the index, not a text that starts there")
        func contextBeforeTheIndex() throws {
            let afterA = try RegexPattern("(?<=a)b")
            #expect(Self.firstRange(of: afterA, in: "abcb"[...])?.lowerBound.utf16Offset(in: "abcb") == 1)
            let atStart = try RegexPattern("^b")
            #expect(!Self.contains(atStart, in: "ab"[...]))
            #expect(Self.contains(atStart, in: "ba"[...]))
            let wordStart = try RegexPattern("\\bé")
            #expect(!Self.contains(wordStart, in: "aé"[...]))
            #expect(Self.contains(wordStart, in: " é"[...]))
            // A substring is the text: its start is the start ^ sees.
            let text = "xab"
            #expect(Self.contains(try RegexPattern("^a"), in: text.dropFirst()))
            // Inside a Regex, the pattern starts where the builder's previous component ended.
            #expect("xab".firstMatch(of: Regex { "xa"; afterA })?.output == "xab")
            #expect("xb".firstMatch(of: Regex { "x"; atStart }) == nil)
            let afterXA = try RegexPattern("(?<=xa)b")
            let notWordStart = try RegexPattern("\\B1")
            #expect("xab".firstMatch(of: Regex { "xa"; afterXA })?.output == "xab")
            #expect("a1".firstMatch(of: Regex { "a"; notWordStart })?.output == "a1")
        }

        @Test("A search that hits the pattern's limits is no match to Swift's algorithms, and throws from a Regex")
        func limitsEndTheSearch() throws {
            let runaway = try RegexPattern("(a+)+b", limits: RegexPattern.Limits(timeLimitSteps: 1, stackLimitBytes: 8 << 20))
            let text = String(repeating: "a", count: 40)
            #expect(throws: ICURegexError.timeLimitExceeded) { try Regex { runaway }.firstMatch(in: text) }
            #expect(!Self.contains(runaway, in: text[...]))
            #expect(Self.ranges(of: runaway, in: text[...]).isEmpty)
        }

        @Test("The pattern's last search answers only for the same string and bounds")
        func lastSearchIsForItsText() throws {
            let b = try RegexPattern("b")
            #expect(Self.contains(b, in: "ab"[...]))
            #expect(!Self.contains(b, in: "aa"[...]))
            let text = "aab ab"
            #expect(Self.ranges(of: b, in: text[...]).count == 2)
            #expect(Self.ranges(of: b, in: text.prefix(4)).count == 1)
            #expect(Self.firstRange(of: b, in: "ba"[...]) != nil)
            // Every index of a long text without a match: one search, not one for each index.
            let long = String(repeating: "aé", count: 10_000)
            #expect(!Self.contains(b, in: long[...]))
        }

        @Test("Case-insensitive patterns and the pattern's options hold inside a Regex")
        func optionsHold() throws {
            let greek = try RegexPattern("σ+", options: .caseInsensitive)
            #expect("ΣΣς x".firstMatch(of: Regex { Capture { greek }; " x" })?.output.1 == "ΣΣς")
            #expect("straße".replacing(try RegexPattern("(?i)SS|ß"), with: "s") == "strase")
        }
    }
}
