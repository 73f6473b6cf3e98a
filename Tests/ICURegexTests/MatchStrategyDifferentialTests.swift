import Foundation
@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// Every API's first match against ICU alone, for the same pattern, text and range: the
    /// UTF-16 search, the UTF-8 search (where it decides), `String` and `Substring`,
    /// ``RegexMatcher``'s search and the first match of a ``MatchWalk``, each on the range
    /// searched as a text of its own. The patterns land in each of ``MatchStrategy``'s ways
    /// (back references, exact and required literals, an alternation of many strings, the match
    /// automaton, captures dense enough for the one-pass runs, ICU alone), and the texts are
    /// short, at least ``SearchPlan/minimumSearchLength`` units, and at least
    /// ``SearchPlan/automatonSearchLength`` units (which work out the lazy ways), searched in
    /// that order so that short texts are searched again once those are built.
    @Suite struct MatchStrategyDifferentialTests {
        static let seed: UInt64 = 0x4F4E_4553_5452_4154

        /// Patterns for each way, named for the way they are meant to take.
        static let patterns: [(way: String, pattern: String, options: RegexPattern.Options)] = [
            ("back references", #"(\w)\1"#, []),
            ("back references", #"\b(\w+) \1\b"#, []),
            ("exact literals", "Holmes", []),
            ("exact literals", "ab|cd", []),
            ("required literals in runs", #"\w+ing"#, []),
            ("required literals near the start", #"\bth\w+"#, []),
            ("required literals, case-insensitive", #"street\s\d+"#, .caseInsensitive),
            ("literal alternation", (["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota",
              "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi", "rho"]).joined(separator: "|"), []),
            ("automaton runs", #"[a-c]+d"#, []),
            ("automaton", #"\p{L}+\s\d"#, []),
            ("automaton with groups", #"(\w+)=(\d+)"#, []),
            ("one-pass captures", #"([a-z]+)-([0-9]+)"#, []),
            ("ICU: look-around", #"(?<=a)b+"#, []),
            ("ICU: grapheme clusters", #"\X\d"#, []),
            ("empty matches", #"x*"#, []),
        ]

        /// Pieces of the texts: words the patterns find, separators, other scripts and a
        /// character outside the BMP.
        static let pieces = [
            "Holmes", "ab", "cd", "singing", "the", "Street 21", "street 4", "alpha", "omicron", "rho", "abcd", "aab",
            "x=12", "key-42", "a", "b", "bb", "xx", " ", " ", " ", "\n", "é", "e\u{301}", "жж", "福", "😀", "7", "the the",
            "ing", "deltas", ".",
        ]

        /// A text of at least `length` units of pieces, with the UTF-16 offsets where its
        /// pieces start and end (where ranges may begin and end: on scalars).
        static func text(_ random: inout SplitMix64, length: Int) -> (text: String, boundaries: [Int]) {
            var text = ""
            var boundaries = [0]
            var units = 0
            while units < length {
                let piece = random.element(of: pieces)
                text += piece
                units += piece.utf16.count
                boundaries.append(units)
            }
            return (text, boundaries)
        }

        /// The differences between each API's answer and ICU's for `compiled` on `text[range]`.
        static func compare(
            _ compiled: RegexPattern, icu: RegexPattern, text: String, units: [UInt16], range: Range<Int>
        ) throws -> [String] {
            var failures: [String] = []
            let label = "\(compiled.pattern) on \(range) of \(units.count) units"
            let stringRange = String.Index(utf16Offset: range.lowerBound, in: text)..<String.Index(utf16Offset: range.upperBound, in: text)
            func offsets(_ found: Range<String.Index>?) -> Range<Int>? {
                found.map { $0.lowerBound.utf16Offset(in: text)..<$0.upperBound.utf16Offset(in: text) }
            }
            for anchored in [false, true] {
                let expected = try units.withUnsafeBufferPointer { try icu.firstRange(inUTF16: $0, range: range, anchored: anchored) }
                let expectedRange = expected.isNotFound ? nil : expected.location..<(expected.location + expected.length)
                let utf16 = try units.withUnsafeBufferPointer { try compiled.firstRange(inUTF16: $0, range: range, anchored: anchored) }
                if utf16 != expected { failures.append("\(label), anchored \(anchored): UTF-16 \(utf16), ICU \(expected)") }
                let string = offsets(try compiled.firstRange(in: text, range: stringRange, anchored: anchored))
                if string != expectedRange { failures.append("\(label), anchored \(anchored): String \(String(describing: string))") }
                let substring = offsets(try compiled.firstRange(in: text[stringRange], anchored: anchored))
                if substring != expectedRange {
                    failures.append("\(label), anchored \(anchored): Substring \(String(describing: substring))")
                }
                let slice = String(text[stringRange])
                let outcome = slice.utf8.withContiguousStorageIfAvailable { compiled.firstRange(inUTF8: $0, anchored: anchored) }
                if case .decided(let match) = outcome {
                    let utf8 = match.map { match -> Range<Int> in
                        let start = slice.utf8.index(slice.startIndex, offsetBy: match.lowerBound)
                        let end = slice.utf8.index(slice.startIndex, offsetBy: match.upperBound)
                        return (range.lowerBound + slice.utf16.distance(from: slice.startIndex, to: start))
                            ..< (range.lowerBound + slice.utf16.distance(from: slice.startIndex, to: end))
                    }
                    if utf8 != expectedRange { failures.append("\(label), anchored \(anchored): UTF-8 \(String(describing: utf8))") }
                }
            }
            // The searches from an offset, on the range as a text of its own.
            let expected = try units.withUnsafeBufferPointer { try icu.firstRange(inUTF16: $0, range: range) }
            let expectedRange = expected.isNotFound ? nil : (expected.location - range.lowerBound)..<(expected.location - range.lowerBound + expected.length)
            let own = Array(units[range])
            let matched = try own.withUnsafeBufferPointer { try compiled.makeMatcher().firstMatch(inUTF16: $0) }
            if matched != expectedRange { failures.append("\(label): RegexMatcher \(String(describing: matched))") }
            let walked = try own.withUnsafeBufferPointer { own in
                try MatchWalk(pattern: compiled, text: own.baseAddress, count: own.count).next()
            }
            if walked != expectedRange { failures.append("\(label): MatchWalk \(String(describing: walked))") }
            return failures
        }

        @Test func everyAPIFindsICUsFirstMatch() throws {
            var random = SplitMix64(seed: Self.seed)
            let lengths = [24, 40, 5_000, 70_000, 24, 40, 5_000, 24]
            let texts = lengths.map { Self.text(&random, length: $0) }
            var failures: [String] = []
            for (_, pattern, options) in Self.patterns {
                let compiled = try RegexPattern(pattern, options: options)
                let icu = try RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false)
                for (text, boundaries) in texts {
                    let units = Array(text.utf16)
                    var ranges = [0..<units.count]
                    let lower = random.element(of: boundaries)
                    ranges.append(lower..<random.element(of: boundaries.filter { $0 >= lower }))
                    for range in ranges {
                        failures += try Self.compare(compiled, icu: icu, text: text, units: units, range: range)
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) differences, the first: \(failures.prefix(5))")
        }

        /// The patterns take the ways they are named for, so that the comparison covers each.
        @Test func thePatternsTakeEachWay() throws {
            let ways = try Self.patterns.map { try RegexPattern($0.pattern, options: $0.options) }
            #expect(ways.contains { $0.backReferenceSearchers != nil })
            #expect(ways.contains { if case .exactLiterals = $0.plan?.strategy { true } else { false } })
            #expect(ways.contains { if case .requiredLiteralsInRuns = $0.plan?.strategy { true } else { false } })
            #expect(ways.contains { if case .requiredLiterals = $0.plan?.strategy { true } else { false } })
            #expect(ways.contains { if case .caseInsensitiveRuns = $0.plan?.strategy { true } else { false } })
            #expect(ways.contains { if case .automatonRuns = $0.plan?.strategy { true } else { false } })
            #expect(ways.contains { $0.literalAlternation != nil })
            #expect(ways.contains { $0.plan == nil && $0.backReferenceSearchers == nil })
        }
    }
}
