import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

extension LibraryTests {
    /// The end flags of `ICURegularExpression.enumerateMatches` where the walk works them out
    /// from a barrier of two characters that no way of the pattern consumes one after the
    /// other, and from a match at the text's end of a pattern that ends with an unbounded
    /// loop (see `EndFlagFacts`): lexer-like alternations of many groups, too many positions
    /// for a match automaton, whose long texts the capture backtracker searches (rebar's
    /// `lexer-veryl`), and patterns such as `.*.*=.*` on short texts that the automaton takes
    /// over (rebar's `cloud-flare-redos`). Every callback's range, groups and flags against
    /// Foundation's `NSRegularExpression`, and every match's flags against ICU's own loop.
    @Suite struct BacktrackingSearchEndFlagsTests {
        static let seed: UInt64 = 0x4241_434B_464C_4147

        static let letters = Array("abcdefghijklmnopqrstuvwxyz_")

        /// A branch of one to three atoms with quantifiers and assertions, which the capture
        /// backtracker runs (it takes no look-around).
        static func branch(_ random: inout SplitMix64) -> String {
            var branch = ""
            for _ in 0..<random.number(in: 1...3) {
                if random.chance(0.3) {
                    branch += random.element(of: ICURegularExpressionEndFlagsTests.assertions)
                } else {
                    branch += random.element(of: ICURegularExpressionEndFlagsTests.atoms)
                    branch += random.element(of: ICURegularExpressionEndFlagsTests.quantifiers)
                }
            }
            return branch
        }

        /// A lexer's alternation: line ends, blanks, `\b`-keywords (enough of them that the
        /// pattern has too many positions for an automaton), identifiers, numbers, a few
        /// operators and one or two generated branches with end anchors, in
        /// groups; with or without a last `(.)` that takes any other character.
        static func lexer(_ random: inout SplitMix64, keywords: [String]) -> String {
            var branches = ["(\\r\\n|\\r|\\n)", "([\\t ]+)", "(//.*(?:\\r\\n|\\r|\\n))"]
            branches += keywords.map { "(\\b\($0)\\b)" }
            branches += ["([a-z_][a-z0-9_]*)", "([0-9]+)", "(\\{)", "(\\})", "(;)", "(==|=)", "(\\+|-)"]
            for _ in 0..<random.number(in: 1...2) {
                let generated = "(" + Self.branch(&random) + ")"
                branches.insert(generated, at: random.number(in: 0...branches.count))
            }
            if random.chance(0.6) { branches.append("(.)") }
            return branches.joined(separator: "|")
        }

        static let closings = ["}", "}\n", ";\n}\n", "x", "x\n", "foo ", "// note\n", "\n\n", "a == b", "1;", "\r\n", "é", " "]

        /// A text of about `length` units of the lexer's tokens and some it does not know,
        /// ending in one to three closings.
        static func text(_ random: inout SplitMix64, keywords: [String], length: Int) -> String {
            let pieces = keywords + ["x", "foo", "bar_1", "42", "{", "}", ";", "=", "==", "+", "-", "é", "#", "// c\n", "ab"]
            var text = ""
            var units = 0
            while units < length {
                let piece =
                    random.element(of: pieces) + random.element(of: [" ", " ", "", "\n", ";\n", "\n  ", "\r\n"])
                text += piece
                units += piece.utf16.count
            }
            for _ in 0..<random.number(in: 1...3) { text += random.element(of: closings) }
            return text
        }

        /// Compares `pattern` on `texts` with Foundation and ICU's loop, after a first search
        /// of `warming` (which works out the automaton); returns what differs.
        static func differences(pattern: String, warming: String = "", texts: [String], workedOut: inout Int) throws -> [String] {
            guard let compiled = try EndFlagComparisons.compiled(pattern) else { return [] }
            let (foundation, ours, strategy, icuOnly) = (compiled.foundation, compiled.ours, compiled.strategy, compiled.icuOnly)
            if !warming.isEmpty {
                // A first walk of each works out the pattern's ways (the first search of a new
                // pattern is ICU's).
                let units = Array(warming.utf16)
                _ = try units.withUnsafeBufferPointer { units in
                    let walk = try MatchWalk(pattern: strategy, text: units.baseAddress, count: units.count, findsEndFlags: true)
                    while try walk.next() != nil {}
                }
                ours.enumerateMatches(in: warming, range: NSRange(location: 0, length: units.count)) { _, _, _ in }
            }
            var differences: [String] = []
            for text in texts {
                differences += ICURegularExpressionEndFlagsTests.differences(
                    pattern: pattern, options: [], text: text, foundation: foundation, ours: ours, strategy: strategy,
                    icuOnly: icuOnly)
                // The matches whose flags this pattern's walk worked out without ICU (the other
                // suite's counter is shared with its own cases).
                let units = Array(text.utf16)
                workedOut += try units.withUnsafeBufferPointer { units in
                    let walk = try MatchWalk(pattern: strategy, text: units.baseAddress, count: units.count, findsEndFlags: true)
                    while try walk.next() != nil {}
                    return walk.endFlagsWorkedOutWithoutICU
                }
            }
            return differences
        }

        @Test("A lexer's long texts: the capture backtracker's matches, with flags worked out up to the last barrier")
        func lexers() throws {
            var random = SplitMix64(seed: Self.seed)
            var failures: [String] = []
            var workedOut = 0
            for _ in 0..<6 {
                let keywords = (0..<40).map { _ in
                    String((0..<random.number(in: 6...9)).map { _ in random.element(of: Self.letters) })
                }
                let pattern = Self.lexer(&random, keywords: keywords)
                let texts = (0..<3).map { _ in Self.text(&random, keywords: keywords, length: random.number(in: 4_200...6_000)) }
                failures += try Self.differences(pattern: pattern, warming: texts[2], texts: texts, workedOut: &workedOut)
            }
            for failure in failures.prefix(10) {
                Issue.record(Comment(rawValue: failure))
            }
            #expect(failures.isEmpty, "\(failures.count) cases differ")
            // The rule, not ICU, gave most matches' flags.
            #expect(workedOut > 9_000, "\(workedOut) matches' flags worked out without ICU")
        }

        /// Patterns that end with an unbounded loop of one character (a match at the end sets
        /// `hitEnd`), and some that look so but do not (lazy, bounded, a loop of a group, an
        /// end anchor, a branch without the loop).
        static let loopPatterns = [
            ".*.*=.*",
            #"(?:(?:"|'|\]|\}|\\|\d|(?:nan|infinity|true|false|null|undefined|symbol|math)|`|-|\+)+[)]*;?((?:\s|-|~|!|\{\}|\|\||\+)*.*(?:.*=.*)))"#,
            "\\w+", "[^,]*", "a+|b*", "(x)(.*)\\b", "=(?:.)+", "x[^=]*(?=\\z)", "x.*?", "x.{0,5}", "(?:x=)*", "x.*$",
            "=.*|x", "(=.++)", "x*+(?!y)", "[a-z]+\\Z", "=\\s*",
        ]

        @Test("Patterns that end with an unbounded loop: flags of a match at the end, short texts and long")
        func endingLoops() throws {
            var random = SplitMix64(seed: Self.seed ^ 1)
            var failures: [String] = []
            var workedOut = 0
            let pieces = ["x", "=", "math", " ", "xx", "\n", ",", "é", "y", "x=", "\r\n", "true"]
            for pattern in Self.loopPatterns {
                // A first long search works out the automaton, which later walks of short texts take.
                let warming = String(repeating: "math x=" + String(repeating: "x", count: 100) + "\n", count: 700)
                var texts = [
                    "math x=" + String(repeating: "x", count: 100), "x=" + String(repeating: "x", count: 100),
                    String(warming.prefix(5_000)), String(warming.prefix(5_000)) + "x=x",
                ]
                for length in [1, 3, 10, 40, 200, 5_000] {
                    var text = ""
                    while text.utf16.count < length { text += random.element(of: pieces) }
                    texts.append(text)
                }
                // The same text many times, so that the pattern's ICU searches repay its automaton.
                texts += Array(repeating: "x=" + String(repeating: "x", count: 100), count: 30)
                failures += try Self.differences(pattern: pattern, warming: warming, texts: texts, workedOut: &workedOut)
            }
            for failure in failures.prefix(10) {
                Issue.record(Comment(rawValue: failure))
            }
            #expect(failures.isEmpty, "\(failures.count) cases differ")
            #expect(workedOut > 1_000, "\(workedOut) matches' flags worked out without ICU")
        }
    }
}
