import Foundation
@testable import ICURegex
import Testing
import TestSupport

/// ICU's `\b` and `\B` beside the characters it looks past (Grapheme_Extend and Cf: U+00AD
/// SOFT HYPHEN, U+200B to U+200F, U+2060, U+FEFF, combining marks, astral marks and tags),
/// which the match automaton decides as `isWordBoundary` does instead of answering unknown:
/// generated patterns with word boundaries on texts mixing words and those characters, the
/// automaton against ICU from every offset and up to every end (UTF-16 and UTF-8), and never
/// unknown there; the library's matches and ``RegexPatternSet`` against the loop and
/// Foundation.
@Suite struct WordBoundaryTransparencyTests {
    static let seed: UInt64 = 0x5742_464D_5430_3239

    /// The pieces the texts are made of: words, separators, and characters `\b` looks past.
    static let pieces = [
        "a", "ab", "the", "cat", "thex", "x", "1", "_", " ", " ", "-", ".", "é", "e\u{301}", "ж", "😀", "\u{212A}",
        "\u{AD}", "\u{AD}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2060}", "\u{FEFF}", "\u{301}",
        "\u{301}", "\u{20DD}", "\u{1D167}", "\u{E0041}",
    ]

    /// Patterns with word boundaries, written and generated.
    static let writtenPatterns = [
        #"\bthe\b"#, #"\b\w+\b"#, #"\w+"#, #"\B\w"#, #"\w\B"#, #"\b[a-z]+x\b"#, #"\bcat|the\b"#, #"\b(?:a|ab|the)\b"#,
        #"x\b"#, #"\b"#, #"\B"#, #"\b\W+\b"#, #"\B\W"#, #"\b.\b"#, #"a\B."#, #"\u00AD\b"#, #"\b\u00AD"#, #"\B\u0301"#,
        #"\b\w+ing\b|\bthe"#, #"\bthe\w*"#,
    ]

    static func generatedPattern(_ random: inout SplitMix64) -> String {
        let items = [#"\b"#, #"\b"#, #"\B"#, #"\w"#, #"\w+"#, #"\W"#, "[a-z]+", "the", "a", "x", #"\u00AD"#, "(?:a|the)", ".", #"\s"#, "e"]
        return (0..<random.number(in: 1...5)).map { _ in random.element(of: items) }.joined()
    }

    static func generatedText(_ random: inout SplitMix64) -> String {
        (0..<random.number(in: 0...12)).map { _ in random.element(of: pieces) }.joined()
    }

    @Test("the automaton's first match is ICU's from every offset and up to every end, and never unknown")
    func automatonAgainstICU() throws {
        var random = SplitMix64(seed: Self.seed)
        var patterns = Self.writtenPatterns
        for _ in 0..<150 { patterns.append(Self.generatedPattern(&random)) }
        var counts = MatchAutomatonDifferentialTests.Counts()
        for pattern in patterns {
            for options in [RegexPattern.Options(), .caseInsensitive] {
                counts.patterns += 1
                let texts = (0..<12).map { _ in Self.generatedText(&random) }
                // Every prefix of a text is a text too: the end of a searched range.
                var units: [[UInt16]] = []
                for text in texts {
                    let whole = Array(text.utf16)
                    units.append(whole)
                    if whole.count > 1 { units.append(Array(whole[..<random.number(in: 1..<whole.count)])) }
                }
                let failures = MatchAutomatonDifferentialTests.compare(
                    pattern, options: options, texts: units, utf8Texts: texts.map { Array($0.utf8) }, counts: &counts)
                #expect(failures.isEmpty, "\(pattern) \(options): \(failures.prefix(3))")
            }
        }
        #expect(counts.planned * 10 >= counts.patterns * 9, "\(counts)")
        // The fallback for characters `\b` looks past must not come back.
        #expect(counts.unknown == 0, "\(counts)")
        #expect(counts.matches > 1_000, "\(counts)")
    }

    @Test("the first match before and after a long run of characters `\\b` looks past")
    func longRuns() throws {
        let plan = try #require(MatchAutomatonPlan(pattern: #"\bthe\b|\B"#, options: []))
        let automaton = MatchAutomaton(plan)
        let icu = try RegexPattern(#"\bthe\b|\B"#, options: [], limits: .default, usesSearchPlan: false).makeMatcher()
        for run in [1, 255, 256, 257, 600] {
            for text in ["a" + String(repeating: "\u{AD}", count: run) + "the x", " " + String(repeating: "\u{301}", count: run) + "the"] {
                let units = Array(text.utf16)
                try units.withUnsafeBufferPointer { buffer in
                    for from in [0, 1, units.count - 4, units.count - 3] {
                        let expected = try icu.firstMatch(inUTF16: buffer, from: from)
                        switch automaton.firstMatch(inUTF16: buffer.baseAddress!, from: from, to: units.count) {
                        case .unknown: #expect(run > MatchAutomaton.maximumTransparentRun, "run \(run) from \(from)")
                        case .noMatch: #expect(expected == nil, "run \(run) from \(from)")
                        case .match(let found): #expect(found == expected, "run \(run) from \(from)")
                        }
                    }
                }
            }
        }
    }

    @Test("every match, and RegexPatternSet, against the loop and Foundation")
    func matchesAndSetsAgainstFoundation() throws {
        var random = SplitMix64(seed: Self.seed &+ 1)
        for round in 0..<60 {
            let count = random.number(in: 1...5)
            let patterns = (0..<count).map { _ in
                random.chance(0.5) ? random.element(of: Self.writtenPatterns) : Self.generatedPattern(&random)
            }
            let options: RegexPattern.Options = round % 4 == 3 ? .caseInsensitive : []
            let generated = patterns.map { pattern in
                LibraryTests.PatternSetDifferentialTests.GeneratedPattern(text: { _ in pattern }, groups: 0, options: options)
            }
            let text = (0..<random.number(in: 1...8)).map { _ in Self.generatedText(&random) }.joined(separator: " ")
            try LibraryTests.PatternSetDifferentialTests.check(generated, text: text, againstFoundation: true)
        }
    }

    @Test("a set's alternation of word-bounded members reads soft hyphens and marks among words")
    func alternationNeverUnknown() throws {
        let members = [
            #"\b[a-z]+quite\b"#, #"\w+ Because\b"#, #"\bwoman\w*"#, #"\b\w+ing\b"#, #"\b[A-Z][a-z]+ Will"#, #"\w+-\w+"#,
            #"\b[a-z]+give\b"#, #"\b\d\b"#,
        ]
        let alternation = members.map { "(?:\($0))" }.joined(separator: "|")
        let plan = try #require(MatchAutomatonPlan(pattern: alternation, options: []))
        let automaton = MatchAutomaton(plan)
        let icu = try RegexPattern(alternation, options: [], limits: .default, usesSearchPlan: false).makeMatcher()
        var random = SplitMix64(seed: Self.seed &+ 2)
        let words = ["quite", "quiet", "because", "Because", "woman", "going", "give", "x", "a1", "ab-cd", "Will", "7"]
        var text = ""
        for _ in 0..<400 {
            var word = random.element(of: words)
            if random.chance(0.2) {
                let index = word.index(word.startIndex, offsetBy: random.number(in: 0...word.count))
                word.insert(random.element(of: ["\u{AD}", "\u{301}", "\u{200B}", "\u{FEFF}"]), at: index)
            }
            text += word + (random.chance(0.8) ? " " : ", ")
        }
        let units = Array(text.utf16)
        try units.withUnsafeBufferPointer { buffer in
            var from = 0
            var searches = 0
            while from < units.count {
                searches += 1
                let expected = try icu.firstMatch(inUTF16: buffer, from: from)
                let outcome = automaton.firstMatch(inUTF16: buffer.baseAddress!, from: from, to: units.count)
                #expect(outcome == (expected.map { .match($0) } ?? .noMatch), "from \(from)")
                guard let match = expected else { break }
                from = match.isEmpty ? match.upperBound + 1 : match.upperBound
            }
            #expect(searches > 100)
        }
    }

    @Test("the literal alternation matcher's \\b looks past soft hyphens and marks as ICU's does")
    func literalAlternations() throws {
        var random = SplitMix64(seed: Self.seed &+ 3)
        let words = ["the", "then", "a", "ab", "cat", "dog", "x1", "_y", "one", "two", "three", "four", "five", "six", "seven", "eight",
            "nine", "ten", "é", "zz"]
        let body = words.joined(separator: "|")
        var compared = 0
        for pattern in [#"\b(?:\#(body))\b"#, #"\b(?:\#(body))"#, #"(?:\#(body))\b"#] {
            let syntax = try #require(PatternReader.read(pattern))
            let matcher = try #require(LiteralAlternationMatcher(syntax, options: []), "\(pattern)")
            let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false).makeMatcher()
            for _ in 0..<60 {
                let pieces = (0..<random.number(in: 1...12)).map { _ in
                    random.chance(0.5)
                        ? random.element(of: words) : random.element(of: ["\u{AD}", "\u{301}", "\u{34F}", " ", "-", "x", "\u{AD}\u{AD}"])
                }
                let units = Array(pieces.joined().utf16)
                try units.withUnsafeBufferPointer { buffer in
                    var from = 0
                    while from <= units.count {
                        let expected = try icu.firstMatch(inUTF16: buffer, from: from)
                        let outcome = matcher.firstMatch(inUTF16: buffer.baseAddress!, from: from, to: units.count)
                        #expect(
                            outcome == (expected.map { .match($0) } ?? .noMatch), "\(pattern) from \(from): \(UTF16Units.describe(units))")
                        compared += 1
                        guard let match = expected else { break }
                        from = match.isEmpty ? match.upperBound + 1 : match.upperBound
                    }
                }
            }
        }
        #expect(compared > 300)
    }

    @Test("Unicode word boundaries ((?w), UREGEX_UWORD) are left to ICU: no plan")
    func unicodeWordBoundariesHaveNoPlan() {
        #expect(MatchAutomatonPlan(pattern: #"(?w)\bthe\b"#, options: []) == nil)
        #expect(MatchAutomatonPlan(pattern: #"\bthe\b"#, options: [.useUnicodeWordBoundaries]) == nil)
    }
}
