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

        /// Every match of a walk over a short text (under ``SearchPlan/minimumSearchLength``
        /// units) against ICU's loop, with the groups, for patterns whose searches read to the
        /// end of the text (rebar's `quadratic` and `cloud-flare-redos`) and others: their
        /// searches read enough units that the walk takes the match automaton part way through
        /// (see `MatchWalk.unitsSearchedByICU`), and the matches before and after must be ICU's.
        @Test func aWalkThatTakesTheAutomatonPartWayFindsICUsMatches() throws {
            var random = SplitMix64(seed: Self.seed &+ 1)
            let patterns = [
                ".*[^A-Z]|[A-Z]", ".*.*=.*", #"\w+"#, #"(\w+)=(\d+)"#, #"\b\w+\b"#, "x*", #"[a-z]+\d|[a-z]"#, #"(.*)(\d)|(\w)"#,
            ]
            let texts = [String(repeating: "A", count: 500), "x=" + String(repeating: "x", count: 400)]
                + (0..<2).map { _ in Self.text(&random, length: 1_500).text }
            var failures: [String] = []
            for pattern in patterns {
                for text in texts {
                    let units = Array(text.utf16)
                    #expect(units.count < SearchPlan.minimumSearchLength)
                    // A pattern of its own for each text, so that each walk starts with ICU.
                    let compiled = try RegexPattern(pattern)
                    let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
                    let (found, expected) = try units.withUnsafeBufferPointer { units in
                        func matches(_ pattern: RegexPattern) throws -> [[Range<Int>?]] {
                            let walk = try MatchWalk(pattern: pattern, text: units.baseAddress, count: units.count)
                            var matches: [[Range<Int>?]] = []
                            while try walk.next() != nil {
                                matches.append((0...pattern.numberOfCaptureGroups).map { walk.range(ofGroup: $0) })
                            }
                            return matches
                        }
                        return (try matches(compiled), try matches(icu))
                    }
                    if found != expected {
                        failures.append("\(pattern) on \(units.count) units: \(found.count) matches, ICU \(expected.count)")
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) differences, the first: \(failures.prefix(5))")
            // The quadratic pattern's walk over 500 units reads about 125,000: it took the automaton.
            let quadratic = try RegexPattern(".*[^A-Z]|[A-Z]")
            let units = Array(String(repeating: "A", count: 500).utf16)
            try units.withUnsafeBufferPointer { units in
                let walk = try MatchWalk(pattern: quadratic, text: units.baseAddress, count: units.count)
                while try walk.next() != nil {}
            }
            #expect(quadratic.matchAutomata?.state == .present)
        }

        /// Walks over short texts (lines searched as texts of their own, as rebar's
        /// `unicode-character-data/parse-line` searches them) with patterns `^X$`, every match
        /// and group against ICU's loop: texts ending with and without line terminators (where
        /// `$` holds before the last one), with line terminators inside, CR LF, characters
        /// outside the BMP and a lone surrogate; patterns whose `X` is one-pass (the walk's
        /// whole-text run, ``MatchStrategy/wholeTextBacktrackers``), one whose first way may
        /// end early (a lazy loop: the backtracker decides), and ones that are not one-pass
        /// (ICU). Enough texts that the way is worked out, and taken, part way through.
        @Test func aWalkOverAWholeTextPatternFindsICUsMatch() throws {
            var random = SplitMix64(seed: Self.seed &+ 3)
            let patterns = [
                #"^([A-Z0-9]+);([^;]+);([^;]*);([0-9]*);([YN])$"#, #"^(a*?)(b*)$"#, #"\A(\w+)=(\d*)\z"#,
                #"^(\d+)(?:-(\d+))?\Z"#, #"^([^;]*);(x)?([^;]*)$"#, #"^([a-z]+|[a-z]+\d)$"#, #"^(.+);(.*)$"#, "^$",
            ]
            let pieces = [
                "A1", "B", "0", "42", ";", ";", ";", "Y", "N", "a", "b", "ab", "x", "=", "-", " ", "é", "😀", "\r", "\n",
                "\r\n", "\u{2028}", "\u{85}",
            ]
            let loneSurrogate: [UInt16] = [0x61, 0xD800, 0x3B]
            var failures: [String] = []
            for pattern in patterns {
                let compiled = try RegexPattern(pattern)
                let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
                // One matcher for every line, as a line search keeps one.
                let matcher = try compiled.makeMatcher()
                let icuMatcher = try icu.makeMatcher()
                var lines: [[UInt16]] = [loneSurrogate]
                while lines.count < 1_200 {
                    lines.append(Array((0..<Int(random.next() % 12)).map { _ in random.element(of: pieces) }.joined().utf16))
                }
                // The lines one after another in one buffer, each searched as a text of its own.
                let buffer = lines.flatMap { $0 }
                var start = 0
                try buffer.withUnsafeBufferPointer { buffer in
                    for line in lines {
                        let range = start..<(start + line.count)
                        start += line.count
                        let differences = try LineMatchComparisons.differences(
                            compiled, icu, matcher: matcher, icuMatcher: icuMatcher, in: buffer, range: range)
                        failures += differences.map { "\(pattern) on \(line): \($0)" }
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) differences, the first: \(failures.prefix(5))")
            // The first pattern's `X` is one-pass, and its walks worked it out.
            let fields = try RegexPattern(patterns[0])
            #expect(fields.strategy.wholeTextBacktrackers != nil)
            let units = Array("A1;b;;42;Y".utf16)
            for _ in 0..<1_200 {
                try units.withUnsafeBufferPointer { units in
                    let walk = try MatchWalk(pattern: fields, text: units.baseAddress, count: units.count)
                    #expect(try walk.next() == 0..<units.count)
                    #expect(walk.range(ofGroup: 2) == 3..<4)
                }
            }
            #expect(fields.strategy.wholeTextBacktrackers?.state == .present)
            let borrowed = fields.strategy.borrowedWholeTextBacktracker(forSearchOf: units.count)
            #expect(borrowed?.isOnePass == true)
            if let borrowed { fields.strategy.wholeTextBacktrackers?.put(borrowed) }
            #expect(try RegexPattern("^(a)$", options: .anchorsMatchLines).strategy.wholeTextBacktrackers == nil)
            #expect(try RegexPattern("^(a)|b$").strategy.wholeTextBacktrackers == nil)
        }

        /// An alternation of many strings is worked out on a shorter text the more strings it
        /// has (see ``MatchStrategy/repayingLength(ofAlternationOf:)``), and answers as ICU.
        @Test func aLargeAlternationIsWorkedOutOnAShortText() throws {
            #expect(MatchStrategy.repayingLength(ofAlternationOf: LiteralAlternationMatcher.minimumStrings) == SearchPlan.automatonSearchLength)
            #expect(MatchStrategy.repayingLength(ofAlternationOf: 3_000) == SearchPlan.minimumSearchLength)
            var random = SplitMix64(seed: Self.seed &+ 2)
            let letters = Array("abcdefghijklmnopqrstuvwxyzé")
            let words = (0..<400).map { _ in String((0..<(3 + Int(random.next() % 6))).map { _ in random.element(of: letters) }) }
            let compiled = try RegexPattern(words.joined(separator: "|"))
            let icu = try RegexPattern(words.joined(separator: "|"), options: [], limits: .default, usesSearchPlan: false)
            var failures: [String] = []
            for _ in 0..<3 {
                var text = Self.text(&random, length: 5_000).text
                text += random.element(of: words) + " " + Self.text(&random, length: 1_000).text
                let units = Array(text.utf16)
                for range in [0..<units.count, 0..<(units.count - 500)] {
                    failures += try Self.compare(compiled, icu: icu, text: text, units: units, range: range)
                }
            }
            #expect(failures.isEmpty, "\(failures.count) differences, the first: \(failures.prefix(5))")
            #expect(compiled.literalAlternation?.isWorkedOut == true)
        }

        /// Single-range UTF-16 searches one after another over a long text, as the
        /// `ZeroLengthMatches` benchmarks make them: each from the end of the last match (one
        /// unit further after an empty one) to the end of the text, so that each range is long
        /// and most matches are empty at its start, which the match automaton finds (its pool
        /// lent without a retain: ``MatchStrategy/withUnretainedMatchAutomata(_:)``). Each match
        /// against ICU alone's for the same range, and the automaton is shown to be taken.
        @Test func searchesFromEachMatchToTheEndFindICUsMatches() throws {
            var random = SplitMix64(seed: Self.seed &+ 5)
            let (text, _) = Self.text(&random, length: SearchPlan.automatonSearchLength + 5_000)
            let units = Array(text.utf16)
            var failures: [String] = []
            for pattern in ["x*", #"\b"#, "(?=a)", "(?<!a)", "(?:ab)*", #"\w*"#, "^", "$"] {
                let compiled = try RegexPattern(pattern)
                let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
                // From the text's start and from three other offsets, the first 300 matches each.
                let starts = [0] + (0..<3).map { _ in random.number(in: 0..<units.count) }
                try units.withUnsafeBufferPointer { units in
                    for start in starts {
                        var position = start
                        for _ in 0..<300 where position <= units.count {
                            let range = position..<units.count
                            let found = try compiled.firstRange(inUTF16: units, range: range)
                            let expected = try icu.firstRange(inUTF16: units, range: range)
                            if found != expected { failures.append("\(pattern) on \(range): \(found), ICU \(expected)") }
                            guard !expected.isNotFound else { break }
                            position = expected.location + max(expected.length, 1)
                        }
                    }
                }
                if pattern != "^" && pattern != "$" {
                    // The patterns the automaton reads (not the anchors) took it.
                    #expect(compiled.matchAutomata?.state == .present, "\(pattern)")
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
