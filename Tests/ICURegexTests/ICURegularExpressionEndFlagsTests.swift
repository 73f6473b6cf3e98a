import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

extension LibraryTests {
    /// The end flags of `ICURegularExpression.enumerateMatches` (`.hitEnd`, `.requiredEnd`),
    /// which the walk works out beside the strategy's matches where the pattern allows it and
    /// asks ICU elsewhere (see `EndFlagFacts`): every callback's range, groups and flags against
    /// Foundation's `NSRegularExpression`, and every match's flags against ICU's own `findNext`
    /// loop, on generated patterns with `$`, `\Z`, `\z`, `\b`, `^`, look-ahead, look-behind,
    /// alternations and groups, and texts whose matches touch or near the end. Each pattern is
    /// first searched over a long text, so that its strategy has worked out its automaton and
    /// the walks of the texts of the plan's length after it take it too (shorter ones are
    /// ICU's loop, whose flags are its own).
    @Suite struct ICURegularExpressionEndFlagsTests {
        static let seed: UInt64 = 0x454E_4446_4C41_4753

        /// Patterns whose matches rebar and the workloads look for, besides the generated ones.
        static let fixedPatterns = [
            "\\b\\w+\\b", "\\w+", "(\\w+) (\\w+)", "[A-Z][a-z]+", "\\w+$", "foo|bar$", "^\\w+$", "\\w+\\b", "a(?=b|$)",
            "\\s*$", "\\d+\\Z", "(?<=a)b", "x*", "\\bfoo\\b|o\\z", "[^ ]+ ?", "é+|😀$", "foo$", "bar\\Z", "ab$|x",
            "(?:foo|é)\\s*$", "foo(?=\\s*$)",
        ]

        static let atoms = ["a", "b", "ab", "foo", "é", "😀", " ", "\\w", "\\d", "[a-c]", ".", "\\s", "[^ ]", "x", "\\n"]
        static let quantifiers = ["", "", "", "+", "*", "?", "{1,3}", "+?", "*?"]
        static let assertions = ["$", "\\Z", "\\z", "\\b", "\\B", "^", "\\A", "$", "\\b"]

        /// A pattern of one to three branches of a few items each.
        static func pattern(_ random: inout SplitMix64, depth: Int = 2) -> String {
            var branches: [String] = []
            for _ in 0..<(random.chance(0.7) ? 1 : random.number(in: 2...3)) {
                var branch = ""
                for _ in 0..<random.number(in: 1...3) {
                    switch random.number(in: 0..<100) {
                    case 0..<55:
                        branch += random.element(of: atoms) + random.element(of: quantifiers)
                    case 55..<75:
                        branch += random.element(of: assertions)
                    case 75..<83 where depth > 0:
                        branch += random.element(of: ["(?=", "(?!"]) + pattern(&random, depth: depth - 1) + ")"
                    case 83..<86:
                        branch += random.element(of: ["(?<=a)", "(?<!b)", "(?<=\\w{1,2})"])
                    case 86..<100 where depth > 0:
                        let open = random.element(of: ["(", "(?:", "(?<name>"])
                        branch += open + pattern(&random, depth: depth - 1) + ")" + random.element(of: ["", "?", "+"])
                    default:
                        branch += random.element(of: atoms)
                    }
                }
                branches.append(branch)
            }
            return branches.joined(separator: "|")
        }

        static let words = ["foo", "bar", "ab", "a", "b", "x", "é", "😀", "123", "Foo", "Bar", "abba", "ba"]
        static let separators = [" ", " ", " ", "\n", ", ", "\r\n", ".", ""]
        static let endings = [
            "a", "b", "ab", "foo", "é", "😀", " ", "\n", "\r\n", "x", "1", ".", "\r", "\u{2028}", "foo\n", "bar\r\n", "ab\n", "é \n",
        ]

        /// A text of about `length` units of words, ending in zero to five pieces that the
        /// patterns look for, or line terminators.
        static func text(_ random: inout SplitMix64, length: Int) -> String {
            var text = ""
            var units = 0
            while units < length {
                let piece = random.element(of: words) + random.element(of: separators)
                text += piece
                units += piece.utf16.count
            }
            for _ in 0..<random.number(in: 0...5) { text += random.element(of: endings) }
            return text
        }

        /// The index of the first element where `a` and `b` differ (the shorter one's count when
        /// one is the other's prefix).
        static func firstDifference(_ a: [String], _ b: [String]) -> Int {
            (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        }

        /// The matches whose flags the walks compared so far worked out without ICU.
        nonisolated(unsafe) static var workedOut = 0

        /// Compares one pattern on one text; returns what differs.
        static func differences(
            pattern: String, options: NSRegularExpression.Options, text: String, foundation: NSRegularExpression,
            ours: ICURegularExpression, strategy: RegexPattern, icuOnly: RegexPattern
        ) -> [String] {
            var differences: [String] = []
            let range = NSRange(location: 0, length: text.utf16.count)
            let groups = foundation.numberOfCaptureGroups
            let theirs = EndFlagComparisons.calls(groups: groups) {
                foundation.enumerateMatches(in: text, options: .reportCompletion, range: range, using: $0)
            }
            let mine = EndFlagComparisons.calls(groups: groups) {
                ours.enumerateMatches(in: text, options: .reportCompletion, range: range, using: $0)
            }
            if mine != theirs {
                let index = firstDifference(mine, theirs)
                differences.append(
                    "enumerateMatches: \(mine.count) calls, Foundation \(theirs.count); first difference at call \(index): "
                        + "ours \(index < mine.count ? mine[index] : "none"), Foundation \(index < theirs.count ? theirs[index] : "none")")
            }
            let units = Array(text.utf16)
            units.withUnsafeBufferPointer { units in
                do {
                    let flaggedWalk = try MatchWalk(pattern: strategy, text: units.baseAddress, count: units.count, findsEndFlags: true)
                    let flagged = try EndFlagComparisons.walk(flaggedWalk, groups: groups)
                    workedOut += flaggedWalk.endFlagsWorkedOutWithoutICU
                    let icu = try EndFlagComparisons.walk(
                        MatchWalk(pattern: icuOnly, text: units.baseAddress, count: units.count, usesSearchPlan: false), groups: groups)
                    if flagged != icu {
                        let index = firstDifference(flagged, icu)
                        differences.append(
                            "walk: \(flagged.count) matches, ICU's loop \(icu.count); first difference at \(index): "
                                + "ours \(index < flagged.count ? flagged[index] : "none"), ICU \(index < icu.count ? icu[index] : "none")")
                    }
                } catch {
                    differences.append("walk threw \(error)")
                }
            }
            return differences.map { "pattern \(String(reflecting: pattern)) options \(options.rawValue) text of \(text.utf16.count) units ending \(String(reflecting: String(text.suffix(12)))): \($0)" }
        }

        @Test("enumerateMatches reports Foundation's and ICU's end flags for every match, found by the strategy")
        func generatedPatterns() throws {
            var random = SplitMix64(seed: Self.seed)
            var failures: [String] = []
            var compared = 0
            var generated = Self.fixedPatterns.map { ($0, NSRegularExpression.Options()) }
            for _ in 0..<100 {
                let options = random.element(of: [
                    [], [], [], .caseInsensitive, .anchorsMatchLines, .dotMatchesLineSeparators, .useUnixLineSeparators,
                    .useUnicodeWordBoundaries,
                ] as [NSRegularExpression.Options])
                generated.append((Self.pattern(&random), options))
            }
            for (index, (pattern, options)) in generated.enumerated() {
                guard let compiled = try EndFlagComparisons.compiled(pattern, options: options) else { continue }
                let (foundation, ours, strategy, icuOnly) = (compiled.foundation, compiled.ours, compiled.strategy, compiled.icuOnly)
                // The automaton is worked out by a first search of a long text, so that the
                // walks of the texts of the plan's length after it take it too; shorter texts
                // are ICU's loop, against Foundation's.
                let warming = Array(Self.text(&random, length: SearchPlan.automatonSearchLength).utf16)
                _ = try warming.withUnsafeBufferPointer { try strategy.firstRange(inUTF16: $0) }
                let warmingText = String(decoding: warming, as: UTF16.self)
                _ = ours.rangeOfFirstMatch(in: warmingText, range: NSRange(location: 0, length: warming.count))
                var lengths = [0, 3, 10, 40, 200, 5_000] + (0..<4).map { _ in random.number(in: 1...60) }
                if index % 5 == 0 { lengths.append(20_000) }
                for length in lengths {
                    let text = Self.text(&random, length: length)
                    compared += 1
                    failures += Self.differences(
                        pattern: pattern, options: options, text: text, foundation: foundation, ours: ours, strategy: strategy,
                        icuOnly: icuOnly)
                }
            }
            for failure in failures.prefix(20) {
                Issue.record(Comment(rawValue: failure))
            }
            #expect(failures.isEmpty, "\(failures.count) of \(compared) cases differ")
            #expect(compared > 1_000)
            // The rule, not ICU, gave most matches' flags.
            #expect(Self.workedOut > 10_000, "\(Self.workedOut) matches' flags worked out without ICU")
        }

        /// The cases of the argument in `EndFlagFacts`, by hand: flags sticky over the loop, a
        /// failed attempt that read to the end before a match, `$` before a final CR LF, a
        /// look-behind's limit, a pattern anchored at the start whose last search sets no flag.
        @Test(arguments: [
            ("a.*b|c", "xac cc", "1 1 1 1"), ("c", "xac ccd", "0 0 0 1"), ("c$|d", "d d c", "0 0 3 3"),
            ("c\\b", "c d c", "0 1 1"), ("\\w+", "ab cd", "0 1 1"), ("a$", "xa\r\n", "3 3"),
            ("(?<=a{1,3})b", "aab xx b", "1 1"), ("^a", "ab", "0 0"), ("a(?!b)", "ab a", "1 1"), ("x*", "ab", "0 0 1 1"),
        ])
        func handPickedCases(pattern: String, text: String, flags: String) throws {
            let ours = try ICURegularExpression(pattern: pattern)
            let foundation = try NSRegularExpression(pattern: pattern)
            let found = EndFlagComparisons.enumerationFlags(ours, foundation, in: text)
            #expect(found.foundation.joined(separator: " ") == flags)
            #expect(found.ours == found.foundation)
        }
    }
}
