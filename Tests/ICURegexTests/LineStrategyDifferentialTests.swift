@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// The line search's ways, as its ``LineStrategy`` chooses them for each of a set of
    /// patterns, against ICU's search of every line: the same lines, and in them the same
    /// matches, on generated lines (fixed seed), searched as icugrep searches a block.
    @Suite struct LineStrategyDifferentialTests {
        /// A pattern with what the line search is given, and the way of finding candidates its
        /// strategy is expected to choose.
        struct Case: CustomTestStringConvertible, Sendable {
            var patterns: [String]
            var options: RegexPattern.Options = .useUnixLineSeparators
            var wrapper = PatternWrapper.none
            var fixedStrings = false
            var prefersLongestMatches = false
            var way: LineStrategy.CandidateWay
            var testDescription: String { "\(patterns.prefix(3)) \(wrapper) \(way)" }
        }

        /// The pieces the lines are made of: the patterns' literals, their parts, and what
        /// surrounds them.
        static let pieces = [
            "a", "b", "ab", "ba", "olmes", "Holmes", "Sherlock", " ", "  ", "é", "3", "42", "-x", "x", "bab", "-", "aé",
            "word", "words", "\u{1F600}", "ſ", "K",
        ]

        /// Fixed strings enough to make a word list (``LinePatterns``), found by the
        /// longest-literal matcher.
        static let wordList = (0..<30).map { "w\($0 % 10)" + String(repeating: "a", count: $0 / 10) } + ["Holmes", "ab"]

        static let cases: [Case] = [
            Case(patterns: ["Holmes"], way: .literalsDecidingLines),
            Case(patterns: ["Holmes", "bab"], way: .literalsDecidingLines),
            Case(patterns: ["Holmes"], wrapper: .wholeWords, way: .literalsDecidingLines),
            Case(patterns: ["^ab"], way: .literalsDecidingLines),
            Case(patterns: [#"\w+olmes"#], way: .measured),
            Case(patterns: [#"[0-9]+-x"#], way: .measured),
            // The shape of compare-cli.sh's phone numbers, shortened so that the generated
            // lines hold some: a one-byte literal proposing lines that the line automaton
            // checks one by one.
            Case(patterns: [#"[0-9]{2}-[0-9]{2}"#], way: .measured),
            Case(patterns: [#"(a|ab)(c|bab)"#], prefersLongestMatches: true, way: .literalsDecidingLines),
            Case(patterns: [#"\d\s\w"#], way: .automaton),
            Case(patterns: [#"[ab]+"#], prefersLongestMatches: true, way: .automaton),
            Case(patterns: [#"(Holmes) \1"#], way: .literals),
            Case(patterns: [#"holmes"#], options: [.useUnixLineSeparators, .caseInsensitive], way: .literalsDecidingLines),
            Case(patterns: [#"é\b"#], options: [.useUnixLineSeparators, .useUnicodeWordBoundaries], way: .measured),
            Case(patterns: wordList.map(PatternAssembler.quoted), fixedStrings: true, way: .literalsDecidingLines),
            Case(patterns: [#"(\w)\1"#], way: .everyLine),
        ]

        @Test("each pattern's lines and matches, the strategy's way, are ICU's", arguments: cases)
        func sameAsICU(_ testCase: Case) throws {
            func patterns(prefilters: Bool) throws -> LinePatterns {
                var patterns = try LinePatterns(
                    patterns: testCase.patterns, options: testCase.options, wrapper: testCase.wrapper, limits: .default,
                    prefilters: prefilters, fixedStrings: testCase.fixedStrings)
                patterns.prefersLongestMatches = testCase.prefersLongestMatches
                return patterns
            }
            let chosen = try patterns(prefilters: true)
            #expect(chosen.strategy.candidateWay == testCase.way)
            let icu = try LineSearcher(patterns(prefilters: false))
            let strategy = try LineSearcher(chosen)
            var random = SplitMix64(seed: 0x11_5E_57)
            // Blocks of at least the measured length (``CandidateStrategyChooser``), so that a
            // measured choice may change ways from block to block.
            for _ in 0..<4 {
                var lines: [[UInt8]] = []
                var length = 0
                while length < CandidateStrategyChooser.minimumMeasuredBytes + 1024 {
                    let line = Array((0..<random.number(in: 0...12)).map { _ in random.element(of: Self.pieces) }.joined().utf8)
                    lines.append(line)
                    length += line.count + 1
                }
                try compare(lines, icu: icu, strategy: strategy, testCase: testCase)
            }
        }

        /// Searches the block of `lines` as icugrep does, with `strategy` (candidate lines,
        /// their verdicts, each line's matches without ICU where it can tell) and with `icu`,
        /// line by line.
        private func compare(_ lines: [[UInt8]], icu: LineSearcher, strategy: LineSearcher, testCase: Case) throws {
            let lineBlock = LineBlock(lines)
            let (block, starts) = (lineBlock.bytes, lineBlock.lineStartingAt)
            try block.withUnsafeBytes { block in
                strategy.forgetBlock()
                var found = Set<Int>()
                var offset = 0
                while offset < block.count {
                    let candidate = strategy.nextCandidateLine(in: block, from: offset, terminator: 10, nulEndsLines: false)
                    guard candidate.start < block.count else { break }
                    let index = try #require(starts[candidate.start])
                    let line = UnsafeRawBufferPointer(rebasing: block[candidate.start..<(candidate.start + lines[index].count)])
                    var matches = candidate.verdict == .certainMatch
                    if !matches {
                        switch strategy.hasMatchAutomaton ? strategy.firstMatchWithoutICU(inUTF8: line, from: 0) : .unknown {
                        case .match: matches = true
                        case .noMatch: matches = false
                        case .unknown: matches = try strategy.firstMatch(in: .utf8(line), from: 0) != nil
                        }
                    }
                    if matches {
                        found.insert(index)
                        let expected = try Self.matches(in: line) { try icu.reportedMatch(in: .utf8(line), from: $0) }
                        let text = String(decoding: line, as: UTF8.self)
                        #expect(try reportedMatches(in: line, strategy) == expected, "\(testCase) on \(text)")
                        #expect(try Self.matchesInUTF16(of: line, strategy) == Self.matchesInUTF16(of: line, icu), "\(testCase) on \(text)")
                    }
                    offset = candidate.start + line.count + 1
                }
                strategy.forgetBlock()
                var expected = Set<Int>()
                for (index, line) in lines.enumerated() {
                    let matches = try line.withUnsafeBytes { try icu.firstMatch(in: .utf8($0), from: 0) != nil }
                    if matches { expected.insert(index) }
                }
                #expect(found == expected, "\(testCase): \(found.symmetricDifference(expected).sorted().prefix(5).map { String(decoding: lines[$0], as: UTF8.self) })")
            }
        }

        /// The line's matches to report, as icugrep walks them: without ICU where the strategy
        /// can tell, else with the strategy's ways and ICU.
        private func reportedMatches(in line: UnsafeRawBufferPointer, _ strategy: LineSearcher) throws -> [Range<Int>] {
            if strategy.findsReportedMatchesWithoutICU {
                var found: [Range<Int>] = []
                var from = 0
                walk: while true {
                    switch strategy.reportedMatchWithoutICU(inUTF8: line, from: from) {
                    case .unknown: found = []; break walk
                    case .noMatch: return found
                    case .match(let match):
                        found.append(match)
                        if match.isEmpty {
                            guard match.lowerBound < line.count else { return found }
                            from = match.lowerBound + UTF8Decoding.unitsAndLength(
                                at: match.lowerBound, in: line.baseAddress!.assumingMemoryBound(to: UInt8.self), count: line.count).length
                        } else {
                            from = match.upperBound
                        }
                    }
                }
            }
            return try Self.matches(in: line) { try strategy.reportedMatch(in: .utf8(line), from: $0) }
        }

        /// The line's matches in its UTF-16 text, with `searcher`'s ways.
        private static func matchesInUTF16(of line: UnsafeRawBufferPointer, _ searcher: LineSearcher) throws -> [Range<Int>] {
            let units = Array(String(decoding: line, as: UTF8.self).utf16)
            return try units.withUnsafeBufferPointer { units in
                try Self.matches(inUTF16: units) { try searcher.reportedMatch(in: .utf16(units), from: $0) }
            }
        }

        /// Every match of the UTF-8 `line`, left to right, each search from where the last
        /// ended (one character further after an empty match), with `next`.
        private static func matches(in line: UnsafeRawBufferPointer, _ next: (Int) throws -> Range<Int>?) throws -> [Range<Int>] {
            var found: [Range<Int>] = []
            var from = 0
            while let match = try next(from) {
                found.append(match)
                if match.isEmpty {
                    guard match.lowerBound < line.count else { break }
                    from = match.lowerBound + UTF8Decoding.unitsAndLength(
                        at: match.lowerBound, in: line.baseAddress!.assumingMemoryBound(to: UInt8.self), count: line.count).length
                } else {
                    from = match.upperBound
                }
            }
            return found
        }

        /// The same in UTF-16.
        private static func matches(inUTF16 units: UnsafeBufferPointer<UInt16>, _ next: (Int) throws -> Range<Int>?) throws -> [Range<Int>] {
            var found: [Range<Int>] = []
            var from = 0
            while let match = try next(from) {
                found.append(match)
                if match.isEmpty {
                    guard match.lowerBound < units.count else { break }
                    from = match.lowerBound + (UTF16.isLeadSurrogate(units[match.lowerBound]) ? 2 : 1)
                } else {
                    from = match.upperBound
                }
            }
            return found
        }
    }
}
