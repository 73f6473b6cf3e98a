import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

extension LibraryTests {
    /// The end flags of walks over texts searched as texts of their own with patterns `^X$`,
    /// which the walk's whole-text run (``MatchStrategy/wholeTextBacktrackers``) now finds
    /// with end flags too: after a match that spans the text, both flags are set, and after
    /// every later search; a text without a match is ICU's to answer (see `MatchWalk`'s
    /// `wholeTextEndFlags`). Every call of `ICURegularExpression.enumerateMatches` (range,
    /// groups, flags; with `.reportCompletion`, `.reportProgress`, a block that stops) against
    /// Foundation's, and every match's flags of the walk against ICU's own `findNext` loop, on
    /// generated patterns and short texts, with and without a final line terminator.
    @Suite struct WholeTextEndFlagsTests {
        static let seed: UInt64 = 0x5748_4F4C_4546_4C47

        static let items = [
            "(a+)", "(b|ab)*", "([a-c]*?)", "(\\w+)", " ", "(.*)", "x?", "(?:a|b)+", "([^ ]*) ", "(é|😀)?", "(\\d*)", "a",
            "(a*?)(b*)", "(?=a)", "\\b", "(.+?)", "[^x]*", "(?!b)", "(\\s?)", "$", "(a|ab)(c|bcd)?",
        ]
        static let starts = ["^", "^", "\\A"]
        static let ends = ["$", "$", "\\Z", "\\z"]
        static let pieces = ["a", "b", "ab", " ", "x", "é", "😀", "1", "c", "bcd", "a b", "\n"]
        static let endings = ["", "", "", "", "\n", "\r\n", "\u{2028}", "a\r"]

        /// A pattern `^X$` of one to four items.
        static func pattern(_ random: inout SplitMix64) -> String {
            let body = (0..<random.number(in: 1...4)).map { _ in random.element(of: items) }.joined()
            return random.element(of: starts) + body + random.element(of: ends)
        }

        /// A short text of zero to six pieces, sometimes ending in a line terminator.
        static func text(_ random: inout SplitMix64) -> String {
            (0..<random.number(in: 0...6)).map { _ in random.element(of: pieces) }.joined() + random.element(of: endings)
        }

        @Test("enumerateMatches of ^X$ reports Foundation's flags, worked out by the whole-text run")
        func generatedWholeTextPatterns() throws {
            var random = SplitMix64(seed: Self.seed)
            var failures: [String] = []
            var compared = 0
            var workedOut = 0
            let variants: [(NSRegularExpression.MatchingOptions, Int?)] = [
                (.reportCompletion, nil), (.reportCompletion, 0), ([.reportCompletion, .reportProgress], nil),
                ([.reportCompletion, .reportProgress], 0), ([], nil),
            ]
            for _ in 0..<40 {
                let pattern = Self.pattern(&random)
                let options = random.element(of: [[], [], .caseInsensitive, .useUnixLineSeparators] as [NSRegularExpression.Options])
                guard let compiled = try EndFlagComparisons.compiled(pattern, options: options) else { continue }
                let (foundation, ours, strategy, icuOnly) = (compiled.foundation, compiled.ours, compiled.strategy, compiled.icuOnly)
                // The whole-text run is worked out once walks have searched enough: here at once
                // for the walks, and through the short enumerations below for `ours`.
                if let borrowed = strategy.strategy.borrowedWholeTextBacktracker(forSearchOf: SearchPlan.automatonSearchLength) {
                    strategy.strategy.wholeTextBacktrackers?.put(borrowed)
                }
                for _ in 0..<1_100 {
                    ours.enumerateMatches(in: "a", options: [], range: NSRange(location: 0, length: 1)) { _, _, _ in }
                }
                let groups = foundation.numberOfCaptureGroups
                for _ in 0..<60 {
                    let text = Self.text(&random)
                    let range = NSRange(location: 0, length: text.utf16.count)
                    compared += 1
                    for (matchingOptions, stopAt) in variants {
                        let theirs = EndFlagComparisons.calls(groups: groups, stopAt: stopAt) {
                            foundation.enumerateMatches(in: text, options: matchingOptions, range: range, using: $0)
                        }
                        let mine = EndFlagComparisons.calls(groups: groups, stopAt: stopAt) {
                            ours.enumerateMatches(in: text, options: matchingOptions, range: range, using: $0)
                        }
                        if mine != theirs {
                            failures.append(
                                "\(String(reflecting: pattern)) options \(options.rawValue) on \(String(reflecting: text)) "
                                    + "with \(matchingOptions.rawValue) stop \(String(describing: stopAt)): ours \(mine), Foundation \(theirs)")
                        }
                    }
                    let units = Array(text.utf16)
                    try units.withUnsafeBufferPointer { units in
                        let walk = try MatchWalk(pattern: strategy, text: units.baseAddress, count: units.count, findsEndFlags: true)
                        let flagged = try EndFlagComparisons.walk(walk, groups: groups)
                        workedOut += walk.endFlagsWorkedOutWithoutICU
                        let icu = try EndFlagComparisons.walk(
                            MatchWalk(pattern: icuOnly, text: units.baseAddress, count: units.count, usesSearchPlan: false),
                            groups: groups)
                        if flagged != icu {
                            failures.append(
                                "\(String(reflecting: pattern)) options \(options.rawValue) on \(String(reflecting: text)), walk: "
                                    + "ours \(flagged), ICU's loop \(icu)")
                        }
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) of \(compared) texts differ, the first: \(failures.prefix(5))")
            #expect(compared > 1_500)
            // The whole-text run, not ICU, gave matches' flags (122 here: most texts do not match).
            #expect(workedOut > 100, "\(workedOut) matches' flags worked out without ICU")
        }

        /// The cases of the argument by hand: a match that spans the text (both flags, after it
        /// and at completion, also where an earlier way's `$` failed), none (ICU's flags: none
        /// when no attempt reached the end, `hitEnd` alone for an `X` longer than the text, which
        /// ICU does not try (`fMinMatchLen`), both for a `$` inside `X` that holds at the end), a
        /// final line terminator (not the whole-text run's).
        @Test(arguments: [
            ("^(a+)(b*)$", "aab", "3 3"), ("^(a+)$", "aab", "0"), ("^(a)(b)(c)$", "ab", "1"), ("^(a|ab)$", "ab", "3 3"),
            ("^(a?)$b$", "a", "3"), ("^(a)$b$", "a", "1"), ("^(\\w+)\\z", "ab\n", "0"), ("^(\\w+)\\Z", "ab\n", "3 3"),
            ("^(.*?)$", "abc", "3 3"),
        ])
        func handPickedCases(pattern: String, text: String, flags: String) throws {
            let ours = try ICURegularExpression(pattern: pattern)
            let foundation = try NSRegularExpression(pattern: pattern)
            for _ in 0..<1_100 {
                ours.enumerateMatches(in: "a", options: [], range: NSRange(location: 0, length: 1)) { _, _, _ in }
            }
            let found = EndFlagComparisons.enumerationFlags(ours, foundation, in: text)
            #expect(found.foundation.joined(separator: " ") == flags)
            #expect(found.ours == found.foundation)
        }
    }
}
