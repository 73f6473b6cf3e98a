@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// The matches a line searcher reports for a pattern that is a run of one class followed
    /// by a literal (``SuffixLiteral``), found from the literal's occurrences
    /// (``ReverseSuffixSearch``): ICU's, match for match.
    @Suite struct ReverseSuffixSearchTests {
        @Test("which patterns are a run of one class followed by a literal")
        func recognized() {
            let cases: [(String, RegexPattern.Options, String?)] = [
                (#"\w+olmes"#, [], "olmes"), (#"(\w+)olmes"#, [], "olmes"), (#"(?:[a-z]*?)px"#, [], "px"), (#"x+é"#, [], "é"),
                (#"\w{2,}olmes"#, [], nil), (#".+olmes"#, [], nil), (#"\w++olmes"#, [], nil), (#"\w+olmes|x"#, [], nil),
                (#"\w+olmes\b"#, [], nil), (#"\w+[ol]mes"#, [], nil), (#"\w+olmes"#, .caseInsensitive, nil),
                (#"\w+olmes"#, .allowCommentsAndWhitespace, nil), (#"\w+"#, [], nil),
            ]
            for (pattern, options, literal) in cases {
                #expect(SuffixLiteral(pattern: pattern, options: options)?.bytes == literal.map { Array($0.utf8) }, "\(pattern)")
            }
        }

        /// `pattern`'s line searchers without prefilters (ICU's answers) and with them (the
        /// automaton's and the reverse-suffix search's).
        private static func searchers(_ pattern: String) throws -> (icu: LineSearcher, automaton: LineSearcher) {
            func searcher(prefilters: Bool) throws -> LineSearcher {
                try LineSearcher(
                    LinePatterns(
                        patterns: [pattern], options: .useUnixLineSeparators, wrapper: .none, limits: .default,
                        prefilters: prefilters, fixedStrings: false))
            }
            return (try searcher(prefilters: false), try searcher(prefilters: true))
        }

        /// Every match of each line, left to right, each search from where the last match
        /// ended, as icugrep walks them for `-o`: with `answer` for one search.
        private static func matches(
            in line: UnsafeRawBufferPointer, _ answer: (Int) throws -> MatchAutomaton.Outcome
        ) throws -> [Range<Int>]? {
            var found: [Range<Int>] = []
            var from = 0
            while true {
                switch try answer(from) {
                case .unknown: return nil
                case .noMatch: return found
                case .match(let match):
                    // The patterns' literals are not empty: no empty match.
                    #expect(!match.isEmpty)
                    found.append(match)
                    from = match.upperBound
                }
            }
        }

        @Test("the matches of 3,000 generated lines for each of 9 patterns are ICU's", arguments: [
            #"\w+olmes"#, #"(\w*)ab"#, #"[ab]+ab"#, #"a*?aa"#, #"[^ ]+ b"#, #"b+bab"#, #"\p{L}+é"#, #"[a-zé]*éa"#,
            #"\d+ab"#,
        ])
        func generatedLines(pattern: String) throws {
            var random = SplitMix64(seed: 0x5AF_F1C5)
            let pieces = ["a", "b", "ab", "ba", "aa", "olmes", "Holmes", " ", "é", "3", "x", "bab", "éa", "-"]
            let (icu, automaton) = try Self.searchers(pattern)
            #expect(automaton.findsReportedMatchesWithoutICU && automaton.reverseSuffixSearch != nil)
            var answered = 0
            for _ in 0..<3_000 {
                let line = Array((0..<random.number(in: 0...14)).map { _ in random.element(of: pieces) }.joined().utf8)
                try line.withUnsafeBytes { bytes in
                    // ICU always answers.
                    let expected = try Self.matches(in: bytes) { from in
                        try icu.reportedMatch(in: .utf8(bytes), from: from).map(MatchAutomaton.Outcome.match) ?? .noMatch
                    } ?? []
                    guard let found = try Self.matches(in: bytes, { automaton.reportedMatchWithoutICU(inUTF8: bytes, from: $0) })
                    else { return }
                    answered += 1
                    #expect(found == expected, "\(pattern) on \(String(decoding: line, as: UTF8.self))")
                    // The line, as a block of its own, is proposed when it matches, and
                    // certain only then.
                    let candidate = (line + [10]).withUnsafeBytes { block in
                        automaton.forgetBlock()
                        let candidate = automaton.nextCandidateLine(in: block, from: 0, terminator: 10, nulEndsLines: false)
                        // The line's first match, asked next as icugrep asks it, within the
                        // block: the start the verdict found, the match ICU's.
                        if candidate.start == 0, candidate.verdict == .certainMatch, let first = expected.first {
                            let lineBytes = UnsafeRawBufferPointer(rebasing: block[..<line.count])
                            #expect(automaton.reportedMatchWithoutICU(inUTF8: lineBytes, from: 0) == .match(first))
                        }
                        automaton.forgetBlock()
                        return candidate
                    }
                    if !expected.isEmpty { #expect(candidate.start == 0) }
                    if candidate.start == 0 && candidate.verdict == .certainMatch { #expect(!expected.isEmpty) }
                }
            }
            // The automaton answers for these well-formed lines.
            #expect(answered == 3_000)
        }

        @Test("the lines of scanned blocks, as icugrep asks about them: the literal found among the prefilter's occurrences, the matches ICU's, 40 blocks for each of 5 patterns", arguments: [
            #"\w+olmes"#, #"(\w*)ab"#, #"\p{L}+é"#, #"[a-zé]*éa"#, #"\d+ab"#,
        ])
        func scannedBlocks(pattern: String) throws {
            var random = SplitMix64(seed: 0x5CA_77ED)
            let pieces = ["a", "b", "ab", "ba", "aa", "olmes", "Holmes", " ", "é", "3", "x", "bab", "éa", "-"]
            let (icu, automaton) = try Self.searchers(pattern)
            let search = try #require(automaton.reverseSuffixSearch)
            #expect(search.findsLiteralAmongScannedOccurrences && automaton.scansBlocksFindingNUL)
            for blockIndex in 0..<40 {
                let lines = (0..<random.number(in: 1...400)).map { _ in
                    Array((0..<random.number(in: 0...14)).map { _ in random.element(of: pieces) }.joined().utf8)
                }
                let lineBlock = LineBlock(lines)
                let (block, starts) = (lineBlock.bytes, lineBlock.lineStartingAt)
                try block.withUnsafeBytes { block in
                    automaton.forgetBlock()
                    #expect(automaton.scanBlockFindingNUL(block, from: 0) == block.count, "block \(blockIndex): no NUL")
                    var matched: [Int: [Range<Int>]] = [:]
                    var position = 0
                    while position < block.count {
                        let candidate = automaton.nextCandidateLine(in: block, from: position, terminator: 10, nulEndsLines: false)
                        guard candidate.start < block.count else { break }
                        let index = try #require(starts[candidate.start], "block \(blockIndex): a line's start")
                        let line = UnsafeRawBufferPointer(rebasing: block[candidate.start..<(candidate.start + lines[index].count)])
                        matched[index] = try Self.matches(in: line) { automaton.reportedMatchWithoutICU(inUTF8: line, from: $0) }
                        position = candidate.start + lines[index].count + 1
                    }
                    automaton.forgetScannedBlock()
                    automaton.forgetBlock()
                    for (index, line) in lines.enumerated() {
                        let expected = try line.withUnsafeBytes { bytes in
                            try Self.matches(in: bytes) { from in
                                try icu.reportedMatch(in: .utf8(bytes), from: from).map(MatchAutomaton.Outcome.match) ?? .noMatch
                            } ?? []
                        }
                        // A line passed over has no match; a line asked about has ICU's.
                        #expect((matched[index] ?? []) == expected, "\(pattern), block \(blockIndex), line \(index): \(String(decoding: line, as: UTF8.self))")
                    }
                }
            }
        }
    }
}
