import Foundation
import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

extension LibraryTests {
    /// The results of `ICURegularExpression` against Foundation's where they are made cheaply:
    /// `enumerateMatches` moves a result that the block did not keep on to the next match, and
    /// the results of `matches(in:range:)` share one array of ranges. Every result that the
    /// block keeps (strongly, or weakly while it lives) and every result of an array keeps the
    /// ranges of its own match, whatever comes after it.
    @Suite struct ICURegularExpressionResultReuseTests {
        static let notFound = NSRange(location: NSNotFound, length: 0)

        /// Patterns without groups, with groups (named, optional, nested) and of each way the
        /// walk finds matches: ICU's loop, the automaton, the one-pass runs, the plan.
        static let patterns = [
            "\\b\\w+\\b", "[a-z]+", "(\\w+)@(\\w+)(\\.com)?", "(?<word>[A-Za-zа-я]+)(?<digits>[0-9]+)?",
            "((a)|(b))+", "x*", "(?:(\\p{L}+)\\s)?(\\d+)", "^(\\w+) (\\w+)$",
        ]

        /// Texts: short, long enough for the search plan and the automaton, dense and sparse
        /// in matches, ASCII and not (the UTF-16 and UTF-8 paths).
        static let texts: [String] = {
            var random = SplitMix64(seed: 0x5245_5355_4C54)
            let words = ["ann@example.com", "bob@test", "Холмс", "word", "abba", "42", "x", "😀", "\n", " ", "  ", "ba7"]
            var texts = ["", "ann@example.com and bob@test", "abab ba xx", "hello world"]
            for length in [40, 600, 5_000] {
                var text = ""
                while text.utf16.count < length {
                    text += words[random.number(in: 0..<words.count)]
                    if random.chance(0.6) { text += " " }
                }
                texts.append(text)
            }
            return texts
        }()

        /// Every range of `result`, and those of its names.
        static func describe(_ result: NSTextCheckingResult?) -> String {
            guard let result else { return "nil" }
            var parts = (0..<result.numberOfRanges).map { index -> String in
                let range = result.range(at: index)
                return range.location == NSNotFound ? "{NF}" : "{\(range.location),\(range.length)}"
            }
            for name in ["word", "digits"] {
                let range = result.range(withName: name)
                parts.append(range.location == NSNotFound ? "\(name){NF}" : "\(name){\(range.location),\(range.length)}")
            }
            return parts.joined()
        }

        /// The enumeration's options that send it through ICU's loop or through the strategy.
        static let optionSets: [NSRegularExpression.MatchingOptions] = [[], .reportCompletion, .withTransparentBounds]

        /// The block keeps some results (every third, and every result of a pattern's first
        /// match): each kept one reads, after the enumeration, as it did when the block saw it,
        /// and as Foundation's result of the same match.
        @Test func keptResultsKeepTheirRanges() throws {
            for pattern in Self.patterns {
                let ours = try ICURegularExpression(pattern: pattern)
                let foundation = try NSRegularExpression(pattern: pattern)
                for text in Self.texts {
                    for options in Self.optionSets {
                        let range = NSRange(location: 0, length: text.utf16.count)
                        var theirs: [String] = []
                        foundation.enumerateMatches(in: text, options: options, range: range) { result, flags, _ in
                            theirs.append("\(Self.describe(result)) \(flags.rawValue)")
                        }
                        var mine: [String] = []
                        var kept: [(result: NSTextCheckingResult, seen: String)] = []
                        ours.enumerateMatches(in: text, options: options, range: range) { result, flags, _ in
                            mine.append("\(Self.describe(result)) \(flags.rawValue)")
                            if let result, mine.count % 3 == 1 { kept.append((result, Self.describe(result))) }
                        }
                        #expect(mine == theirs, "\(pattern) in \(text.prefix(40)) with \(options.rawValue)")
                        for (result, seen) in kept {
                            #expect(Self.describe(result) == seen, "\(pattern) in \(text.prefix(40))")
                            #expect(result.regularExpression?.pattern == pattern)
                            #expect(result.icuRegularExpression === ours)
                        }
                        // Kept results are distinct objects.
                        #expect(Set(kept.map { ObjectIdentifier($0.result) }).count == kept.count)
                    }
                }
            }
        }

        /// A result the block keeps only weakly is, while it lives, the result of its own
        /// match: it is never moved on to a later one.
        @Test func weaklyKeptResultsAreNotReused() throws {
            final class WeakResult {
                weak var result: NSTextCheckingResult?
                let seen: String
                init(_ result: NSTextCheckingResult) {
                    self.result = result
                    seen = ICURegularExpressionResultReuseTests.describe(result)
                }
            }
            let expression = try ICURegularExpression(pattern: "(\\w)(\\w)?")
            let text = String(repeating: "ab c de fgh ", count: 200)
            var weakResults: [WeakResult] = []
            expression.enumerateMatches(in: text, range: NSRange(location: 0, length: text.utf16.count)) { result, _, _ in
                guard let result else { return }
                for weak in weakResults.suffix(3) {
                    if let earlier = weak.result {
                        #expect(Self.describe(earlier) == weak.seen)
                    }
                }
                weakResults.append(WeakResult(result))
            }
            #expect(weakResults.count == 1_000)
            for weak in weakResults {
                if let result = weak.result { #expect(Self.describe(result) == weak.seen) }
            }
        }

        /// The block stops the enumeration: the results it kept are intact, and it was called
        /// as often as Foundation's.
        @Test func stopKeepsResults() throws {
            for pattern in ["(\\w+)", "\\w+", "(?<word>[a-z]+)(?<digits>[0-9]+)?"] {
                let ours = try ICURegularExpression(pattern: pattern)
                let foundation = try NSRegularExpression(pattern: pattern)
                let text = String(repeating: "one two3 three 4 ", count: 300)
                let range = NSRange(location: 0, length: text.utf16.count)
                for stopAfter in [1, 2, 7, 500] {
                    var theirs: [String] = []
                    foundation.enumerateMatches(in: text, options: .reportCompletion, range: range) { result, _, stop in
                        theirs.append(Self.describe(result))
                        if theirs.count == stopAfter { stop.pointee = true }
                    }
                    var mine: [NSTextCheckingResult?] = []
                    ours.enumerateMatches(in: text, options: .reportCompletion, range: range) { result, _, stop in
                        mine.append(result)
                        if mine.count == stopAfter { stop.pointee = true }
                    }
                    #expect(mine.map(Self.describe) == theirs, "\(pattern), stopped after \(stopAfter)")
                }
            }
        }

        /// The results of `matches(in:range:)`, which share an array of ranges: distinct
        /// objects, each with its own match's ranges and names, through both paths (the
        /// string's UTF-8 walk without options, the UTF-16 enumeration with them), and each
        /// archived as Foundation's result of its own ranges.
        @Test func resultsArrays() throws {
            for pattern in Self.patterns {
                let ours = try ICURegularExpression(pattern: pattern)
                let foundation = try NSRegularExpression(pattern: pattern)
                for text in Self.texts {
                    for options in [[], NSRegularExpression.MatchingOptions.withTransparentBounds] {
                        let range = NSRange(location: 0, length: text.utf16.count)
                        let mine = ours.matches(in: text, options: options, range: range)
                        let theirs = foundation.matches(in: text, options: options, range: range)
                        #expect(mine.map(Self.describe) == theirs.map(Self.describe), "\(pattern) in \(text.prefix(40))")
                        #expect(Set(mine.map(ObjectIdentifier.init)).count == mine.count)
                        // Later enumerations and arrays leave these alone.
                        _ = ours.matches(in: text, options: options, range: range)
                        ours.enumerateMatches(in: text, range: range) { _, _, _ in }
                        #expect(mine.map(Self.describe) == theirs.map(Self.describe))
                    }
                }
            }
            let expression = try ICURegularExpression(pattern: "(a)(b)?(?<c>c)")
            let text = "xac abc ac"
            let results = expression.matches(in: text, range: NSRange(location: 0, length: text.utf16.count))
            #expect(results.count == 3)
            for result in results {
                let data = try NSKeyedArchiver.archivedData(withRootObject: result, requiringSecureCoding: true)
                let decoded = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: NSTextCheckingResult.self, from: data))
                #expect(decoded.numberOfRanges == 4)
                #expect((0..<4).map { decoded.range(at: $0) } == (0..<4).map { result.range(at: $0) })
            }
        }
    }
}
