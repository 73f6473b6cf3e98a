import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

/// The match automaton's search of the runs around a required literal's occurrences in place
/// (``SearchPlan/Strategy/requiredLiteralsInRunsWithAssertions(_:_:minimumLength:maximumUTF16Offset:)``)
/// against ICU alone: patterns `assertion? class+ literal class* assertion?`, whose literal may
/// be far into the match, over texts of words with letters outside ASCII, digits, `_`,
/// combining marks and format characters (which ICU's `\b` looks past), where the literal
/// mostly occurs without a match.
@Suite struct RunsWithAssertionsDifferentialTests {
    /// The assertions before the match. `^` and `$` are searched with multi-line anchors.
    static let heads = ["", "\\b", "\\b", "\\B", "(?<!\\w)", "(?<=[ _])", "^"]
    /// The classes before the literal, repeated.
    static let leadingClasses = ["[a-z]+", "\\w+", "\\p{L}+", "[\\w-]+", "\\d+", "[a-zé]+", "\\w{2,}", "\\w+?", "[^ ]+"]
    /// The literals.
    static let literals = ["ing", "woman", "son", "é", "😀x", "_4", "ing|son"]
    /// The classes after the literal.
    static let trailingClasses = ["", "[a-z]*", "\\w*", "\\d*", "\\p{L}*?"]
    /// The assertions after the match.
    static let tails = ["", "\\b", "\\b", "\\B", "(?!\\w)", "(?=[.,])", "$"]

    /// Text pieces: the literals in words and alone, words that end as the tails want or not,
    /// letters outside ASCII, digits, `_`, a combining mark and U+200B (both looked past by
    /// `\b`), punctuation, line ends, surrogate pairs, and lone surrogates.
    static let pieces = [
        " ", " ", "  ", "pq", "sportswoman", "woman", "womanly", "washerwoman ", "sing", "singing", "ing", "son",
        "Johnson", "Anderson,", "Ørsted", "éing", "naïve", "x_ing", "_", "4ing", "ing4", "123", "co-ing", "ing-x",
        "😀x", "😀xing", "😀", "e\u{301}ing", "ing\u{301}", "\u{200B}", "son\u{200B}", ".", ",", "\n", "\r\n", "a_4",
        "_4_", "é", "ésonée", "ΣΩing",
    ].map { Array($0.utf16) } + [[0xD83D], [0xDE00]]

    /// A text of at least `length` units: spaces and filler, with a piece every `spacing`
    /// units on average.
    static func text(length: Int, spacing: Int, random: inout SplitMix64) -> [UInt16] {
        var units: [UInt16] = []
        while units.count < length {
            units += random.chance(1 / Double(spacing)) ? random.element(of: pieces) : random.element(of: Array(pieces[0..<4]))
        }
        return units
    }

    /// The pattern's source, the options it is compiled with, and whether the runs with
    /// assertions are to be its plan: with an assertion (without, the runs are searched as
    /// texts of their own), but not with anchors, which the automaton does not decide, nor
    /// `\b` with Unicode's word boundaries, which it does not model.
    static func pattern(random: inout SplitMix64) -> (source: String, options: RegexPattern.Options, takesRuns: Bool) {
        let head = random.element(of: heads)
        let tail = random.element(of: tails)
        let source =
            head + random.element(of: leadingClasses) + "(?:" + random.element(of: literals) + ")"
            + random.element(of: trailingClasses) + tail
        if head == "^" || tail == "$" { return (source, .anchorsMatchLines, false) }
        let hasAssertion = !head.isEmpty || !tail.isEmpty
        if random.chance(0.2) {
            return (source, .useUnicodeWordBoundaries, hasAssertion && !source.contains("\\b") && !source.contains("\\B"))
        }
        return (source, [], hasAssertion)
    }

    /// The warmed pattern: it has searched enough to have the match automaton, which then
    /// searches the runs on any long range.
    static func warmedPattern(_ source: String, options: RegexPattern.Options) throws -> RegexPattern {
        let pattern = try RegexPattern(source, options: options, limits: .default, usesSearchPlan: true)
        let warmUp = [UInt16](repeating: 0x2D, count: SearchPlan.automatonSearchLength)
        _ = try warmUp.withUnsafeBufferPointer { try pattern.firstRange(inUTF16: $0) }
        return pattern
    }

    @Test("generated patterns with a literal anywhere and assertions: the runs find what ICU alone finds")
    func generated() throws {
        var random = SplitMix64(seed: 0x6173_7365_7274_7275)
        var failures = 0
        var searchedByRuns = 0
        for _ in 0..<80 {
            let (source, options, takesRuns) = Self.pattern(random: &random)
            let plan = SearchPlan(pattern: source, options: options)
            let isRuns: Bool
            if case .requiredLiteralsInRunsWithAssertions = plan?.strategy { isRuns = true } else { isRuns = false }
            #expect(isRuns == takesRuns, "pattern \(source) options \(options.rawValue): \(String(describing: plan?.strategy))")
            let planned = try Self.warmedPattern(source, options: options)
            // Look-arounds of `\w` and `\b` together are more than the automaton models.
            let hasAutomaton = planned.matchAutomata?.state == .present
            if isRuns && hasAutomaton { searchedByRuns += 1 }
            let plain = try RegexPattern(source, options: options, limits: .default, usesSearchPlan: false)
            for _ in 0..<2 {
                let text = Self.text(
                    length: random.element(of: [4_500, 9_000]), spacing: random.element(of: [2, 8, 40, 300]), random: &random)
                // The whole text, a range inside it, and ranges from just before or at a match
                // of ICU's, and to just after or inside one.
                var ranges = [0..<text.count, random.number(in: 1..<60)..<(text.count - random.number(in: 1..<60))]
                let icuMatches = text.withUnsafeBufferPointer { plain.matches(inUTF16: $0).map(\.range) }
                if let match = icuMatches.dropFirst(icuMatches.count / 2).first, text.count - match.lowerBound >= 4_200 {
                    ranges.append(match.lowerBound..<text.count)
                    ranges.append((match.lowerBound + 1)..<text.count)
                    if match.upperBound >= 4_200 {
                        ranges.append(0..<match.upperBound)
                        ranges.append(0..<(match.upperBound - 1))
                    }
                }
                let starts = (0..<6).map { _ in random.number(in: 0...text.count) }
                let foundByMatcher = try NearOccurrencesDifferentialTests.matcherAnswers(planned, text, starts: starts)
                let expectedOfMatcher = try NearOccurrencesDifferentialTests.matcherAnswers(plain, text, starts: starts)
                #expect(foundByMatcher == expectedOfMatcher, "pattern \(source) options \(options.rawValue), RegexMatcher")
                if foundByMatcher != expectedOfMatcher { failures += 1 }
                for range in ranges {
                    let found = NearOccurrencesDifferentialTests.answers(planned, text, range)
                    let expected = NearOccurrencesDifferentialTests.answers(plain, text, range)
                    #expect(found == expected, "pattern \(source) options \(options.rawValue) range \(range)")
                    if found != expected { failures += 1 }
                }
                if failures > 5 { return }
            }
        }
        #expect(searchedByRuns > 24, "most generated patterns are searched by the runs (\(searchedByRuns))")
    }

    @Test("a run's last character next to a word character, a format character, or the range's end")
    func runEnds() throws {
        // `[a-z]` cannot consume `X`, `4` or `_`, which are word characters: the run ends
        // before them, and `\b` there does not hold. U+200B is looked past by `\b`.
        let filler = String(repeating: "- ", count: 2_500)
        let cases: [(pattern: String, text: String)] = [
            ("\\b[a-z]+woman\\b", filler + "sportswomanX sportswoman4 sportswoman_ sportswoman\u{200B}x sportswoman"),
            ("\\b[a-z]+woman\\B", filler + "sportswoman sportswomanX"),
            ("(?<!\\w)[a-z]+son(?!\\w)", filler + "Xjohnson johnson4 _johnson éjohnson johnson"),
            ("\\b[a-z]+ing\\b", filler + "singé singe\u{301} sing"),
            // A run longer than the plan measures: the rest is searched from its start.
            ("\\b[a-z]+ing\\b", filler + "xing" + String(repeating: "a", count: SearchPlan.longRunLimit) + " sing"),
        ]
        for (source, string) in cases {
            let planned = try Self.warmedPattern(source, options: [])
            let plain = try RegexPattern(source, options: [], limits: .default, usesSearchPlan: false)
            let text = Array(string.utf16)
            for range in [0..<text.count, 0..<(text.count - 1), 1..<(text.count - 3)] {
                #expect(
                    NearOccurrencesDifferentialTests.answers(planned, text, range)
                        == NearOccurrencesDifferentialTests.answers(plain, text, range), "pattern \(source) range \(range)")
            }
        }
    }
}

extension RunsWithAssertionsDifferentialTests {
    /// What lies between the pieces in UTF-8: enough Cyrillic and CJK that the text is not
    /// mostly ASCII, which the walk over a string's UTF-8 leaves to the UTF-16.
    static let utf8Filler = [" ", "слово ", "pq", "中文", "  "]

    /// A string of at least `length` bytes: filler, with a piece every `spacing` fillers on
    /// average (the pieces that are whole characters).
    static func utf8Text(length: Int, spacing: Int, random: inout SplitMix64) -> String {
        let wholePieces = pieces.compactMap { String(validating: $0, as: UTF16.self) }
        var text = ""
        while text.utf8.count < length {
            text += random.chance(1 / Double(spacing)) ? random.element(of: wholePieces) : random.element(of: utf8Filler)
        }
        return text
    }

    @Test("the walk over a string's UTF-8 searches the runs and finds what ICU alone and Foundation find")
    func generatedInUTF8() throws {
        var random = SplitMix64(seed: 0x7275_6E73_7574_6638)
        var failures = 0
        var patternsWalked = 0
        let warmUp = String(repeating: "слово ", count: SearchPlan.automatonSearchLength / 8)
        for _ in 0..<40 {
            let (source, options, takesRuns) = Self.pattern(random: &random)
            guard takesRuns, options.isEmpty else { continue }
            let planned = try Self.warmedPattern(source, options: options)
            let way = planned.strategy.utf8Walk(
                forSearchOf: SearchPlan.minimumSearchLength, isMostlyASCII: false, findsGroups: false, firstMatchOnly: false)
            // Look-arounds of `\w` and `\b` together are more than the automaton models.
            guard case .automaton(_, _, nearOccurrences: _?) = way else { continue }
            patternsWalked += 1
            let plain = try RegexPattern(source, options: [], limits: .default, usesSearchPlan: false)
            let expression = try ICURegularExpression(pattern: source)
            let foundation = try NSRegularExpression(pattern: source)
            _ = expression.numberOfMatches(in: warmUp, range: NSRange(location: 0, length: warmUp.utf16.count))
            let string = Self.utf8Text(
                length: random.element(of: [4_500, 9_000]), spacing: random.element(of: [2, 6, 40]), random: &random)
            let units = Array(string.utf16)
            let expected = units.withUnsafeBufferPointer { Array(plain.matches(inUTF16: $0)) }
            for firstMatchOnly in [false, true] {
                guard
                    let found = NearOccurrencesDifferentialTests.walked(
                        planned, string, findsGroups: false, firstMatchOnly: firstMatchOnly)
                else { continue }
                let wanted = firstMatchOnly ? Array(expected.prefix(1)) : expected
                #expect(
                    found == wanted,
                    "pattern \(source), first only \(firstMatchOnly): \(NearOccurrencesDifferentialTests.firstDifference(found, wanted))")
                if found != wanted { failures += 1 }
            }
            let answers = NearOccurrencesDifferentialTests.answers(expression, string)
            #expect(answers == NearOccurrencesDifferentialTests.answers(foundation, string), "pattern \(source), ICURegularExpression")
            if answers != NearOccurrencesDifferentialTests.answers(foundation, string) { failures += 1 }
            if failures > 5 { return }
        }
        #expect(patternsWalked > 10, "most generated patterns have the walk's runs (\(patternsWalked))")
    }
}
