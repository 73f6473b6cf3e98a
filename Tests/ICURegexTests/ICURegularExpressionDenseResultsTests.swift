import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

extension LibraryTests {
    /// What makes `ICURegularExpression`'s enumeration of dense matches cheap, against
    /// Foundation's `NSRegularExpression`: the walk takes the match automaton's runs while their
    /// matches need no end flag (every call's flags, ranges and `stop` as Foundation's, on long
    /// texts of patterns without groups, ASCII and not, in ranges that do not start at 0), and
    /// an enumeration keeps its last result for the expression's next one (a result kept by a
    /// block, or by anyone, is never changed; the expression is not kept alive by it; nested
    /// and concurrent enumerations see their own results).
    @Suite struct ICURegularExpressionDenseResultsTests {
        static let seed: UInt64 = 0x4445_4E53_4552_554E

        /// Patterns without groups whose matches the automaton finds in runs, some of whose
        /// attempts reach the text's end (`\w+$`, `[^ ]+ ?`) or whose end flags are ICU's.
        static let patterns = [
            "\\b\\w+\\b", "\\w+", "[A-Za-z]+", "\\b[0-9A-Za-z_]+\\b", "\\p{L}+", "[^ ]+ ?", "\\w+$", "a|é+|😀", "x*", "\\d+\\b",
            "\\b\\w+\\b(?!\\s*$)",
        ]

        static let words = ["foo", "bar", "ab", "a", "Холмс", "x", "é", "😀", "123", "Foo", "abba", "ba", "word"]
        static let separators = [" ", " ", " ", "\n", ", ", "\r\n", ".", "", "  "]
        static let endings = ["", "a", " ", "\n", "foo", "é", "😀", "12", "x ", "ab\n"]

        /// A text of about `length` units, ASCII alone when `ascii`.
        static func text(_ random: inout SplitMix64, length: Int, ascii: Bool) -> String {
            let words = ascii ? Self.words.filter { $0.allSatisfy(\.isASCII) } : Self.words
            var text = ""
            while text.utf16.count < length {
                text += random.element(of: words) + random.element(of: separators)
            }
            let ending = random.element(of: endings)
            return text + (ascii && !ending.allSatisfy(\.isASCII) ? "" : ending)
        }

        @Test("enumerateMatches' runs of matches carry Foundation's flags, ranges and stop")
        func runsWithEndFlags() throws {
            var random = SplitMix64(seed: Self.seed)
            var failures: [String] = []
            var compared = 0
            for pattern in Self.patterns {
                let ours = try ICURegularExpression(pattern: pattern)
                let foundation = try NSRegularExpression(pattern: pattern)
                for _ in 0..<4 {
                    let text = Self.text(&random, length: random.number(in: 4_500...9_000), ascii: random.chance(0.5))
                    let length = text.utf16.count
                    // The whole text, or a range that starts and ends inside it (on a scalar).
                    var range = NSRange(location: 0, length: length)
                    if random.chance(0.5) {
                        // The UTF-16 offset of each scalar, and the text's end.
                        var boundaries = text.unicodeScalars.indices.map { $0.utf16Offset(in: text) }
                        boundaries.append(length)
                        let lower = boundaries[random.number(in: 0..<(boundaries.count / 4))]
                        let upper = boundaries[random.number(in: (boundaries.count / 2)..<boundaries.count)]
                        range = NSRange(location: lower, length: upper - lower)
                    }
                    let stopAt: Int? = random.chance(0.3) ? random.number(in: 0...400) : nil
                    for options in [NSRegularExpression.MatchingOptions(), .reportCompletion] {
                        let theirs = EndFlagComparisons.calls(groups: 0, stopAt: stopAt) {
                            foundation.enumerateMatches(in: text, options: options, range: range, using: $0)
                        }
                        let mine = EndFlagComparisons.calls(groups: 0, stopAt: stopAt) {
                            ours.enumerateMatches(in: text, options: options, range: range, using: $0)
                        }
                        compared += 1
                        if mine != theirs {
                            let index = ICURegularExpressionEndFlagsTests.firstDifference(mine, theirs)
                            failures.append(
                                "\(pattern) in \(range) of \(length) units, options \(options.rawValue), stop at \(String(describing: stopAt)): "
                                    + "\(mine.count) calls, Foundation \(theirs.count); first difference at \(index): "
                                    + "ours \(index < mine.count ? mine[index] : "none"), "
                                    + "Foundation \(index < theirs.count ? theirs[index] : "none")")
                        }
                    }
                }
            }
            for failure in failures.prefix(10) { Issue.record(Comment(rawValue: failure)) }
            #expect(failures.isEmpty, "\(failures.count) of \(compared) enumerations differ")
        }

        /// The runs are taken: on a long text of dense words, almost every match's flags are
        /// worked out without ICU (the last few reach the end), and the walk's matches and
        /// flags are ICU's own loop's.
        @Test func runsWorkOutTheFlagsOfDenseMatches() throws {
            var random = SplitMix64(seed: Self.seed ^ 1)
            for ascii in [true, false] {
                let text = Self.text(&random, length: 20_000, ascii: ascii) + " end"
                let strategy = try RegexPattern("\\b\\w+\\b")
                let icuOnly = try RegexPattern("\\b\\w+\\b", options: [], limits: .default, usesSearchPlan: false)
                let units = Array(text.utf16)
                try units.withUnsafeBufferPointer { units in
                    let walk = try MatchWalk(pattern: strategy, text: units.baseAddress, count: units.count, findsEndFlags: true)
                    let flagged = try EndFlagComparisons.walk(walk, groups: 0)
                    let icu = try EndFlagComparisons.walk(
                        MatchWalk(pattern: icuOnly, text: units.baseAddress, count: units.count, usesSearchPlan: false), groups: 0)
                    let index = ICURegularExpressionEndFlagsTests.firstDifference(flagged, icu)
                    #expect(index == flagged.count && index == icu.count, "first difference at match \(index) of \(flagged.count)")
                    #expect(flagged.count > 2_000)
                    #expect(walk.endFlagsWorkedOutWithoutICU >= flagged.count - 8, "\(walk.endFlagsWorkedOutWithoutICU) of \(flagged.count)")
                }
            }
        }

        /// Every range of `result`, as text.
        static func describe(_ result: NSTextCheckingResult) -> String {
            (0..<result.numberOfRanges).map { "\(result.range(at: $0))" }.joined()
        }

        /// Enumerations one after another on one expression, over lines as each their own range
        /// (an enumeration per line): a result kept strongly or weakly by a block, after its own
        /// enumeration or the next one's, reads as it did, and every call is Foundation's.
        @Test func resultKeptForTheNextEnumeration() throws {
            let lines = ["0041;LATIN CAPITAL LETTER A;Lu;0", "x;;y;1", "no fields", "😀;Холмс;Ll;12", "", "a;b;c;3"]
            let text = lines.joined(separator: "\n")
            for pattern in ["^([^;]*);([^;]*);([^;]*);([0-9]+)$", "([^;]+);", "(\\w+)"] {
                let ours = try ICURegularExpression(pattern: pattern)
                let foundation = try NSRegularExpression(pattern: pattern)
                var kept: [(NSTextCheckingResult, String)] = []
                weak var weaklyKept: NSTextCheckingResult?
                var weaklySeen = ""
                var location = 0
                for (index, line) in lines.enumerated() {
                    let range = NSRange(location: location, length: line.utf16.count)
                    location += line.utf16.count + 1
                    var theirs: [String] = []
                    foundation.enumerateMatches(in: text, range: range) { result, flags, _ in
                        theirs.append("\(result.map(Self.describe) ?? "nil") \(flags.rawValue)")
                    }
                    var mine: [String] = []
                    ours.enumerateMatches(in: text, range: range) { result, flags, _ in
                        mine.append("\(result.map(Self.describe) ?? "nil") \(flags.rawValue)")
                        guard let result else { return }
                        if index % 2 == 1 { kept.append((result, Self.describe(result))) }
                        if index == 3 {
                            weaklyKept = result
                            weaklySeen = Self.describe(result)
                        }
                    }
                    #expect(mine == theirs, "\(pattern) on line \(index)")
                    if let weaklyKept { #expect(Self.describe(weaklyKept) == weaklySeen, "\(pattern) after line \(index)") }
                }
                for (result, seen) in kept {
                    #expect(Self.describe(result) == seen, "\(pattern)")
                    #expect(result.regularExpression?.pattern == pattern)
                    #expect(result.icuRegularExpression === ours)
                }
            }
        }

        /// The result kept for the next enumeration does not keep its expression alive.
        @Test func keptResultLetsTheExpressionGo() throws {
            weak var released: ICURegularExpression?
            do {
                let expression = try ICURegularExpression(pattern: "(\\w+)")
                released = expression
                var count = 0
                expression.enumerateMatches(in: "ab cd", range: NSRange(location: 0, length: 5)) { result, _, _ in
                    if result != nil { count += 1 }
                }
                #expect(count == 2)
            }
            #expect(released == nil)
        }

        /// An enumeration inside another's block, of the same expression, and enumerations on
        /// several threads at once: each sees its own matches, as Foundation's.
        @Test func nestedAndConcurrentEnumerations() async throws {
            let pattern = "(\\w+)(\\d)?"
            let ours = try ICURegularExpression(pattern: pattern)
            let foundation = try NSRegularExpression(pattern: pattern)
            let text = "ab1 cd ef2 Холмс x9"
            let range = NSRange(location: 0, length: text.utf16.count)
            @Sendable func calls(
                _ enumerate: (@escaping (NSTextCheckingResult?, NSRegularExpression.MatchingFlags, UnsafeMutablePointer<ObjCBool>) -> Void)
                    -> Void
            ) -> [String] {
                final class Calls { var calls: [String] = [] }
                let record = Calls()
                enumerate { result, flags, _ in record.calls.append("\(result.map(Self.describe) ?? "nil") \(flags.rawValue)") }
                return record.calls
            }
            let expected = calls { foundation.enumerateMatches(in: text, range: range, using: $0) }
            var outer: [String] = []
            var inner: [[String]] = []
            ours.enumerateMatches(in: text, range: range) { result, flags, _ in
                inner.append(calls { ours.enumerateMatches(in: text, range: range, using: $0) })
                outer.append("\(result.map(Self.describe) ?? "nil") \(flags.rawValue)")
            }
            #expect(outer == expected)
            #expect(inner == Array(repeating: expected, count: expected.count))
            let concurrent = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        (0..<200).allSatisfy { _ in calls { ours.enumerateMatches(in: text, range: range, using: $0) } == expected }
                    }
                }
                return await group.reduce(true) { $0 && $1 }
            }
            #expect(concurrent)
        }
    }
}
