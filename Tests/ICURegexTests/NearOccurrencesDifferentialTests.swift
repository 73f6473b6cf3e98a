@testable import ICURegex
import Testing
import TestSupport

/// The search plan's tries of the starts near a required literal's occurrences
/// (``SearchPlan/Strategy/requiredLiterals(_:maximumUTF16Offset:)`` with the match automaton)
/// against ICU alone: patterns with zero-width assertions and a literal a few units after the
/// match's start, over texts where the literal mostly occurs without a match.
@Suite struct NearOccurrencesDifferentialTests {
    /// What comes before the literal: at most a few units, with assertions.
    static let heads = [
        "\\b", "\\b", "\\B", "(?<=\\s)", "(?<!x)", "^", "\\b\\w?", "[a-c]{0,2}\\b", "(?:x|😀)?\\b", "\\b.{0,3}",
        "(?:\\b|x)", "\\b\\w{0,6}", "\\b(?:Mr|Dr)\\.? ",
    ]
    /// The literals.
    static let literals = ["ab", "abc", "😀b", "ab|ba", "xab", "help", "control"]
    /// What comes after the literal.
    static let tails = [
        "", "\\b", "[a-z]*er\\b", "\\w*", "(?:s|ed|ing)?\\b", "\\W+\\w+", "$", "(?!c)", "\\b\\w*",
    ]
    /// Text pieces: the literals in and out of words, words that end as the tails want or not,
    /// surrogate pairs, and lone surrogates.
    static let pieces = [
        " ", " ", "  ", "pq", "ab", "xab", "abz", "ab ", " ab", "ba", "abc", "abcer ", "😀b", "😀", "help",
        "helped", "xhelp", "controller ", "controlx", "xcontroller", "control", "Mr. ", "Dr", ", ", "\n",
        "ab😀", "é",
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

    /// What `pattern` finds in `text[range]`: the first match (UTF-16, anchored or not, and
    /// through a `String`'s UTF-8) and every match, as comparable text.
    static func answers(_ pattern: RegexPattern, _ text: [UInt16], _ range: Range<Int>) -> [String] {
        var answers: [String] = []
        text.withUnsafeBufferPointer { buffer in
            for anchored in [false, true] {
                do {
                    let match = try pattern.firstRange(inUTF16: buffer, range: range, anchored: anchored)
                    answers.append(match.isNotFound ? "not found" : "\(match.location)+\(match.length)")
                } catch {
                    answers.append("error \(error)")
                }
            }
            answers.append("\(Array(pattern.matches(inUTF16: buffer, range: range)))")
        }
        // The range as a string of its own (read as UTF-8 by the string searches), when its
        // ends are not inside a pair.
        let units = Array(text[range])
        if let string = String(validating: units, as: UTF16.self) {
            let first = try? pattern.firstRange(in: string)
            answers.append(first.map { "\(string.utf16.distance(from: string.startIndex, to: $0.lowerBound)) \(string[$0])" } ?? "none")
            answers.append("\(pattern.matches(in: string).map { string[$0.range] })")
        }
        return answers
    }

    /// What a matcher of `pattern` finds in the whole of `text`: its loop over every match from
    /// the start, then its first match from each of `starts`.
    static func matcherAnswers(_ pattern: RegexPattern, _ text: [UInt16], starts: [Int]) throws -> [String] {
        let matcher = try pattern.makeMatcher()
        return text.withUnsafeBufferPointer { buffer in
            var answers: [String] = []
            var from = 0
            for start in [nil] + starts {
                while true {
                    let found = try? matcher.firstMatch(inUTF16: buffer, from: start ?? from)
                    answers.append("\(start ?? from): \(found.map { "\($0)" } ?? "none")")
                    guard start == nil, let found else { break }
                    from = found.upperBound
                }
            }
            return answers
        }
    }

    /// The warmed pattern: it has searched enough to have the match automaton, which then
    /// tries the starts near the occurrences on any long range.
    static func warmedPattern(_ source: String) throws -> RegexPattern {
        let pattern = try RegexPattern(source, options: [], limits: .default, usesSearchPlan: true)
        let warmUp = [UInt16](repeating: 0x2D, count: SearchPlan.automatonSearchLength)
        _ = try warmUp.withUnsafeBufferPointer { try pattern.firstRange(inUTF16: $0) }
        return pattern
    }

    @Test("generated patterns with a literal near the match's start: the tries find what ICU alone finds")
    func generated() throws {
        var random = SplitMix64(seed: 0x7072_6566_6978_736B)
        var failures = 0
        var tried = 0
        for _ in 0..<160 {
            let head = random.element(of: Self.heads)
            let source = head + "(?:" + random.element(of: Self.literals) + ")" + random.element(of: Self.tails)
            guard case .requiredLiterals(_, let offset?) = SearchPlan(pattern: source, options: [])?.strategy,
                offset <= SearchPlan.maximumTriedOffset
            else { continue }
            tried += 1
            let planned = try Self.warmedPattern(source)
            let plain = try RegexPattern(source, options: [], limits: .default, usesSearchPlan: false)
            for _ in 0..<3 {
                let text = Self.text(
                    length: random.element(of: [4_500, 9_000]), spacing: random.element(of: [2, 6, 40, 400]), random: &random)
                // The whole text, a range inside it, a range from just before or after a match
                // of ICU's (a match at the range's start, and one just cut by its end).
                var ranges = [0..<text.count, random.number(in: 1..<60)..<(text.count - random.number(in: 1..<60))]
                let icuMatches = text.withUnsafeBufferPointer { plain.matches(inUTF16: $0).map(\.range) }
                if let match = icuMatches.dropFirst(icuMatches.count / 2).first, text.count - match.lowerBound >= 4_200 {
                    ranges.append(match.lowerBound..<text.count)
                    ranges.append(max(0, match.lowerBound - 1)..<text.count)
                    if match.upperBound >= 4_200 {
                        ranges.append(0..<match.upperBound)
                        ranges.append(0..<(match.upperBound - 1))
                    }
                }
                let starts = (0..<6).map { _ in random.number(in: 0...text.count) }
                let foundByMatcher = try Self.matcherAnswers(planned, text, starts: starts)
                #expect(try foundByMatcher == Self.matcherAnswers(plain, text, starts: starts), "pattern \(source), RegexMatcher")
                for range in ranges {
                    let found = Self.answers(planned, text, range)
                    let expected = Self.answers(plain, text, range)
                    #expect(found == expected, "pattern \(source) range \(range)")
                    if found != expected { failures += 1 }
                }
                if failures > 5 { return }
            }
        }
        #expect(tried > 60, "most generated patterns have a bounded offset (\(tried))")
    }

    @Test("occurrences without a match, sparse then dense, then a match; and one in a surrogate pair's shadow")
    func denseOccurrences() throws {
        let sources = ["\\bcontrol[a-z]*er\\b", "\\bhelp\\w*", "\\b(?:ab|ba)\\b", "(?<!x)ab", "\\b\\w{0,6}ab\\b", "😀?\\bab"]
        for source in sources {
            let planned = try Self.warmedPattern(source)
            let plain = try RegexPattern(source, options: [], limits: .default, usesSearchPlan: false)
            for (sparse, dense) in [(0, 2_000), (40, 300), (60, 0), (0, 0)] {
                var text: [UInt16] = []
                for _ in 0..<sparse { text += Array((String(repeating: " ", count: 300) + "xcontrol xhelp xab controlx").utf16) }
                // Dense occurrences without a match, and now and then a match, after the
                // tries have given way to the search of the rest.
                for index in 0..<dense {
                    text += Array(" xhelp xab controlxy 😀xab".utf16)
                    if index % 50 == 49 { text += Array(" controller helpful ab 😀ab".utf16) }
                }
                while text.count < 4_200 { text += Array("    ".utf16) }
                text += Array("😀ab controller helpful ab ".utf16)
                for range in [0..<text.count, 1..<(text.count - 3)] {
                    let found = Self.answers(planned, text, range)
                    #expect(found == Self.answers(plain, text, range), "\(source) \(sparse) \(dense) \(range)")
                }
                let foundByMatcher = try Self.matcherAnswers(planned, text, starts: [1, 300])
                #expect(try foundByMatcher == Self.matcherAnswers(plain, text, starts: [1, 300]), "\(source)")
            }
        }
    }
}
