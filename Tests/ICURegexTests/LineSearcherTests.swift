@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// The lines a ``LineSearcher`` proposes in a block, and what it knows of them: the lines
    /// it passes over cannot match, and the lines it is certain of match without ICU.
    @Suite struct LineSearcherTests {
        /// The lines proposed in `text` for `patterns`, asked as icugrep asks: from each line
        /// after the last one proposed, within one block.
        static func candidates(
            _ patterns: [String], options: RegexPattern.Options = [], wrapper: PatternWrapper = .none,
            prefilters: Bool = true, in text: [UInt8]
        ) throws -> [LineCandidate] {
            let linePatterns = try LinePatterns(
                patterns: patterns, options: options.union(.useUnixLineSeparators), wrapper: wrapper,
                limits: .default, prefilters: prefilters, fixedStrings: false)
            let searcher = try LineSearcher(linePatterns)
            return text.withUnsafeBytes { block in
                searcher.forgetBlock()
                var found: [LineCandidate] = []
                var position = 0
                while position < block.count {
                    let candidate = searcher.nextCandidateLine(in: block, from: position, terminator: 10, nulEndsLines: false)
                    guard candidate.start < block.count else { break }
                    found.append(candidate)
                    position = (block[candidate.start...].firstIndex(of: 10) ?? block.count) + 1
                }
                return found
            }
        }

        @Test("a common literal's dense lines make the automaton try its own ways, with the same verdicts, unless the literal is the pattern", arguments: [
            ("[a-z]en", true), ("en", false),
        ])
        func denseCandidates(pattern: String, automatonTried: Bool) throws {
            // Lines of words, most holding the literal `en`, which only some match.
            var random = SplitMix64(seed: 0xDE_45E)
            let words = ["the", "cat", "ten", "en", "be", "on", "men", "e", "go", "then", "end"]
            var text: [UInt8] = []
            for _ in 0..<40_000 {
                let line = (0..<random.number(in: 1...4)).map { _ in random.element(of: words) }.joined(separator: " ")
                text += Array(line.utf8) + [10]
            }
            let patterns = try LinePatterns(
                patterns: [pattern], options: .useUnixLineSeparators, wrapper: .none, limits: .default, prefilters: true,
                fixedStrings: false)
            let matcher = try patterns.patterns[0].makeMatcher()
            let searcher = try LineSearcher(patterns)
            var sawDense = false
            // Blocks of 40 KiB, as icugrep's reads are blocks: the first block is searched
            // through the literal, later ones with the automaton's scans too once the
            // candidates are dense, each measured.
            var lineStart = 0
            while lineStart < text.count {
                let blockEnd = min(text.count, lineStart + 40 * 1024)
                let end = (text[..<blockEnd].lastIndex(of: 10) ?? text.count - 1) + 1
                try text[..<end].withUnsafeBytes { block in
                    searcher.forgetBlock()
                    sawDense = sawDense || searcher.strategyChooser.current != .literalsThenAutomaton
                    var position = lineStart
                    while position < end {
                        let candidate = searcher.nextCandidateLine(in: block, from: position, terminator: 10, nulEndsLines: false)
                        // Every line passed over cannot match.
                        while position < candidate.start {
                            let lineEnd = block[position...].firstIndex(of: 10)!
                            let line = Array(String(decoding: block[position..<lineEnd], as: UTF8.self).utf16)
                            #expect(try line.withUnsafeBufferPointer { try matcher.firstMatch(inUTF16: $0) } == nil)
                            position = lineEnd + 1
                        }
                        guard candidate.start < end else { break }
                        let lineEnd = block[candidate.start...].firstIndex(of: 10)!
                        let line = Array(String(decoding: block[candidate.start..<lineEnd], as: UTF8.self).utf16)
                        let matches = try line.withUnsafeBufferPointer { try matcher.firstMatch(inUTF16: $0) } != nil
                        #expect(candidate.verdict == .certainMatch ? matches : true)
                        position = lineEnd + 1
                    }
                }
                lineStart = end
            }
            #expect(sawDense == automatonTried, "the automaton's own ways were \(sawDense ? "" : "never ")tried")
        }

        @Test("patterns that are their literals: a line holding one certainly matches")
        func literalPatterns() throws {
            let text = Array("no\nSherlock Holmes\nx\nHolmes, Sherlock\nJohn Watson!\n".utf8)
            #expect(try Self.candidates(["Sherlock Holmes|John Watson"], in: text) == [
                LineCandidate(start: 3, verdict: .certainMatch), LineCandidate(start: 38, verdict: .certainMatch),
            ])
            // Ignoring case, a line proposed for a byte outside ASCII goes to the automaton.
            let ignoringCase = try Self.candidates(["holmes"], options: .caseInsensitive, in: Array("HOLMES\nſherlock\nnone\n".utf8))
            #expect(ignoringCase == [LineCandidate(start: 0, verdict: .certainMatch)])
        }

        @Test("the automaton checks the literal's lines: certain where it is exact, else ICU decides")
        func checkedLines() throws {
            let text = Array("Holmesian\nHolmes!\nMr Holmes\n".utf8)
            #expect(try Self.candidates(["Holmes"], wrapper: .wholeWords, in: text) == [
                LineCandidate(start: 10, verdict: .certainMatch), LineCandidate(start: 18, verdict: .certainMatch),
            ])
            // ICU's `\b` after a word character at the pattern's end is followed exactly.
            #expect(try Self.candidates(["Holmes\\b"], in: text) == [
                LineCandidate(start: 10, verdict: .certainMatch), LineCandidate(start: 18, verdict: .certainMatch),
            ])
            // Inside the pattern, the automaton drops `\B`, and it is exact nowhere.
            #expect(try Self.candidates(["Holm\\Bes"], in: text) == [
                LineCandidate(start: 0, verdict: .mayMatch), LineCandidate(start: 10, verdict: .mayMatch),
                LineCandidate(start: 18, verdict: .mayMatch),
            ])
            // Ill-formed UTF-8 reads as U+FFFD, as the decoder reads it: a line that holds some
            // is decided all the same, here a match after it and none across it.
            #expect(try Self.candidates(["\\w+\\s+Holmes"], in: text + [0x78, 0xFF] + Array("y Holmes\n".utf8)) == [
                LineCandidate(start: 18, verdict: .certainMatch), LineCandidate(start: 28, verdict: .certainMatch),
            ])
            #expect(try Self.candidates(["x\\W\\s*Holmes"], in: text + [0x78, 0xFF] + Array(" Holmes\n".utf8) + [0x78, 0xFF, 0x79, 0x20] + Array("Holmes\n".utf8)) == [
                LineCandidate(start: 28, verdict: .certainMatch)
            ])
            // Without a literal, the automaton scans the lines itself.
            #expect(try Self.candidates(["\\w{2}\\s+\\w"], in: text) == [LineCandidate(start: 18, verdict: .certainMatch)])
        }

        @Test("literals at a line's edges: which patterns are such literals")
        func anchoredLiteralForms() throws {
            let options: RegexPattern.Options = .useUnixLineSeparators
            func form(_ patterns: [String], _ options: RegexPattern.Options = .useUnixLineSeparators) -> AnchoredLiterals? {
                AnchoredLiterals(patterns: patterns, options: options)
            }
            #expect(form(["^Sherlock"]).map { [$0.atStart, $0.atEnd] } == [true, false])
            #expect(form(["Holmes$"]).map { [$0.atStart, $0.atEnd, $0.beforeFinalTerminator] } == [false, true, true])
            #expect(form(["Holmes\\z"]).map { [$0.atEnd, $0.beforeFinalTerminator] } == [true, false])
            #expect(form(["^(?:No\\.|Да)$"]).map(\.literals) == [Array("No.".utf8), Array("Да".utf8)])
            #expect(form(["(^Holmes)", "^Watson"])?.literals.count == 2)
            #expect(form(["\\A[?!]"]).map(\.literals) == [Array("?".utf8), Array("!".utf8)])
            // Not: no anchor, anchors that differ, an anchor inside, a class, case, multi-line
            // anchors, a word boundary, a flag group.
            for patterns in [["Holmes"], ["^Holmes", "Watson$"], ["^Holmes$|x"], ["^(?:a$)$"], ["^\\w+"], ["^(?i)ab"], ["\\bab$"], ["^a?$"]] {
                #expect(form(patterns) == nil, "\(patterns)")
            }
            #expect(form(["^ab"], options.union(.caseInsensitive)) == nil)
            #expect(form(["^ab"], options.union(.anchorsMatchLines)) == nil)
        }

        @Test("literals at a line's edges decide their lines as ICU does: 4,000 generated lines for each of 12 patterns")
        func anchoredLiteralVerdicts() throws {
            let patterns = [
                "^ab", "ab$", "^ab$", "ab\\z", "\\Aab", "ab\\Z", "^(?:ab|abab)$", "(?:b|ab)$", "^Да", "Да\\.$", "^(?:ab|Да)", "^$x",
            ]
            let pieces = ["ab", "a", "b", "Да", ".", " ", "\r", "\r\n", "\u{2028}", "\u{85}", "\u{0B}", "\u{0C}", "\n", "x"]
            var random = SplitMix64(seed: 0xA_9C40)
            for pattern in patterns {
                let linePatterns = try LinePatterns(
                    patterns: [pattern], options: .useUnixLineSeparators, wrapper: .none, limits: .default, prefilters: true,
                    fixedStrings: false)
                let matcher = try linePatterns.patterns[0].makeMatcher()
                guard let anchored = linePatterns.strategy.anchoredLiterals else {
                    #expect(pattern == "^$x", "\(pattern) is a literal at a line's edge")
                    continue
                }
                var decided = 0
                for _ in 0..<4_000 {
                    let line = Array((0..<random.number(in: 0...4)).map { _ in random.element(of: pieces) }.joined().utf8)
                    let matches = try line.withUnsafeBytes { bytes in
                        let units = Array(String(decoding: bytes, as: UTF8.self).utf16)
                        return try units.withUnsafeBufferPointer { try matcher.firstMatch(inUTF16: $0) } != nil
                    }
                    let verdict = line.withUnsafeBytes { anchored.verdict(onLineFrom: 0, to: line.count, in: $0) }
                    switch verdict {
                    case .match: #expect(matches, "\(pattern) on \(line)")
                    case .noMatch: #expect(!matches, "\(pattern) on \(line)")
                    case .unknown: break
                    }
                    if verdict != .unknown { decided += 1 }
                }
                #expect(decided > 3_000, "\(pattern)")
            }
        }

        @Test("literals between word edges: which patterns are such literals")
        func wordBoundedLiteralForms() throws {
            func form(_ patterns: [String], _ options: RegexPattern.Options = .useUnixLineSeparators) -> WordBoundedLiterals? {
                WordBoundedLiterals(patterns: patterns, options: options)
            }
            let ignoringCase: RegexPattern.Options = [.useUnixLineSeparators, .caseInsensitive]
            #expect(form(["\\bthe\\b"])?.literals == [Array("the".utf8)])
            #expect(form(["(?<!\\w)(?:you|them)(?!\\w)"])?.literals == [Array("you".utf8), Array("them".utf8)])
            #expect(form(["\\bthe"]) != nil)
            #expect(form(["the\\b", "you\\b"])?.literals.count == 2)
            #expect(form(["\\bTHE\\b"], ignoringCase)?.literals == [Array("the".utf8)])
            #expect(form(["(?<!\\w)(?:-x)(?!\\w)"]) != nil)
            // GNU's `\<the\>` and `-w`'s edges as the POSIX translator writes them.
            for gnu in ["\\<the\\>", "\\bthe\\b", "\\<the"] {
                let translated = try POSIXPatternTranslator.translate(gnu, syntax: .basic).pattern
                #expect(form([translated])?.literals == [Array("the".utf8)], "\(gnu) as \(translated)")
            }
            // Not: no edge, `\b` beside a character that is no word character, a literal that
            // starts or ends outside ASCII, edges that differ, a class, an alternation outside
            // the edges, another lookaround, `\B`, Unicode word boundaries, a literal outside
            // ASCII ignoring case.
            for patterns in [
                ["the"], ["\\b-x\\b"], ["\\bне\\b"], ["(?<!\\w)(?:да)(?!\\w)"], ["\\bthe\\b", "you\\b"], ["\\b\\w+\\b"],
                ["\\bthe\\b|x"], ["(?<!\\d)(?:the)"], ["\\Bthe\\B"],
            ] {
                #expect(form(patterns) == nil, "\(patterns)")
            }
            #expect(form(["\\bthe\\b"], [.useUnixLineSeparators, .useUnicodeWordBoundaries]) == nil)
            #expect(form(["\\bcafés\\b"], ignoringCase) == nil)
        }

        /// GNU's `\<the\>` as the POSIX translator writes it.
        static let gnuWordBounded = "(?<!\(POSIXPatternTranslator.wordSet))the(?!\(POSIXPatternTranslator.wordSet))"

        @Test("literals between word edges decide their lines as ICU does: 4,000 generated lines for each of 12 patterns")
        func wordBoundedLiteralVerdicts() throws {
            let cases: [(pattern: String, wrapper: PatternWrapper, options: RegexPattern.Options)] = [
                ("\\bthe\\b", .none, []), ("\\bab", .none, []), ("ab\\b", .none, []), ("the|ab", .wholeWords, []),
                ("-x", .wholeWords, []), ("(?:ab|abab)", .wholeWords, []), ("\\bthe\\b", .none, .caseInsensitive),
                ("you", .wholeWords, .caseInsensitive), ("\\bs\\b", .none, .caseInsensitive), ("k", .wholeWords, .caseInsensitive),
                (Self.gnuWordBounded, .none, []), (Self.gnuWordBounded, .none, .caseInsensitive),
            ]
            // ASCII word and other characters, letters and a combining mark outside ASCII, a
            // joiner, characters that fold to ASCII letters (ſ, the Kelvin sign), a final \r.
            let pieces = [
                "the", "THE", "you", "ab", "a", "b", "_", "1", " ", ",", "-x", "-", "x", "s", "S", "k", "é", "\u{301}", "Да",
                "\u{212A}", "ſ", "\u{200D}", "\r",
            ]
            var random = SplitMix64(seed: 0x0B_0DE5)
            for (pattern, wrapper, options) in cases {
                let linePatterns = try LinePatterns(
                    patterns: [pattern], options: options.union(.useUnixLineSeparators), wrapper: wrapper, limits: .default,
                    prefilters: true, fixedStrings: false)
                let matcher = try linePatterns.patterns[0].makeMatcher()
                let bounded = try #require(linePatterns.strategy.wordBoundedLiterals, "\(pattern)")
                var decided = 0
                for _ in 0..<4_000 {
                    let line = Array((0..<random.number(in: 0...5)).map { _ in random.element(of: pieces) }.joined().utf8)
                    let units = Array(String(decoding: line, as: UTF8.self).utf16)
                    let matches = try units.withUnsafeBufferPointer { try matcher.firstMatch(inUTF16: $0) } != nil
                    let verdict = line.withUnsafeBytes { bounded.verdict(onLineFrom: 0, to: line.count, in: $0) }
                    switch verdict {
                    case .match: #expect(matches, "\(pattern) on \(String(decoding: line, as: UTF8.self).debugDescription)")
                    case .noMatch: #expect(!matches, "\(pattern) on \(String(decoding: line, as: UTF8.self).debugDescription)")
                    case .unknown: break
                    }
                    if verdict != .unknown { decided += 1 }
                }
                #expect(decided > 2_000, "\(pattern): \(decided) decided")
            }
        }

        @Test("counting in bulk: the lines that match, as ICU finds, for each kind of literal scanner, or no count", arguments: [
            // A byte, one literal, a few literals (probes), many (an automaton), ASCII literals
            // ignoring case without characters that fold into them, counted; a literal whose
            // case folds from outside ASCII (ſ folds to s), a class, a literal at a line's
            // edge, not counted.
            ("e", [], true), ("the", [], true), ("ab|Да|的", [], true),
            ("ab|be|ce|de|ee|fe|ge|he|ie|je|ke|le|me|ne|oe|pe|qe|re|se", [], true), ("the", .caseInsensitive, true),
            ("se", .caseInsensitive, false), ("a[bc]", [], false), ("^ab", [], false),
        ] as [(String, RegexPattern.Options, Bool)])
        func bulkCounts(pattern: String, options: RegexPattern.Options, counts: Bool) throws {
            let linePatterns = try LinePatterns(
                patterns: [pattern], options: options.union(.useUnixLineSeparators), wrapper: .none, limits: .default,
                prefilters: true, fixedStrings: false)
            let matcher = try linePatterns.patterns[0].makeMatcher()
            let searcher = try LineSearcher(linePatterns)
            let pieces = ["the", "ab", "a", "b", "e", "Да", "的", "S", "ſ", "EE", "se", "le", " ", "x", "\r", "\u{2028}"]
            var random = SplitMix64(seed: 0xB_C0DE)
            for _ in 0..<200 {
                var lines: [[UInt8]] = []
                for _ in 0..<random.number(in: 1...60) {
                    lines.append(Array((0..<random.number(in: 0...6)).map { _ in random.element(of: pieces) }.joined().utf8))
                }
                var text: [UInt8] = []
                for line in lines { text += line + [10] }
                // From the start, or from a line further in, as the searcher asks after a block's
                // first lines were searched one by one.
                let skipped = random.number(in: 0...(lines.count - 1))
                var offset = 0
                for line in lines[..<skipped] { offset += line.count + 1 }
                var expected = 0
                for line in lines[skipped...] {
                    let units = Array(String(decoding: line, as: UTF8.self).utf16)
                    if try units.withUnsafeBufferPointer({ try matcher.firstMatch(inUTF16: $0) }) != nil { expected += 1 }
                }
                let count: Int? = text.withUnsafeBytes { block in
                    searcher.forgetBlock()
                    return searcher.countMatchingLines(in: block, from: offset, terminator: 10)
                }
                if counts {
                    let described = String(decoding: text, as: UTF8.self).debugDescription
                    #expect(count == expected, "\(pattern) in \(described) from \(offset)")
                } else {
                    #expect(count == nil, "\(pattern)")
                    return
                }
            }
        }

        @Test("without a prefilter, every line may match")
        func withoutPrefilter() throws {
            #expect(try Self.candidates(["Holmes"], prefilters: false, in: Array("a\nb\n".utf8)) == [
                LineCandidate(start: 0, verdict: .mayMatch), LineCandidate(start: 2, verdict: .mayMatch),
            ])
        }
    }
}

extension LibraryTests {
    /// ``CandidateStrategyChooser``'s policy, on made-up block times.
    @Suite struct CandidateStrategyChooserTests {
        /// Runs `blocks` blocks of 100,000 bytes with `lines` candidate lines each, the
        /// strategy `s` costing `cost(s, block)` nanoseconds per byte; returns each block's
        /// strategy.
        static func run(
            blocks: Int, lines: Int, endsBlocksTwice: Bool = false, cost: (CandidateStrategy, Int) -> Double
        ) -> [CandidateStrategy] {
            var chooser = CandidateStrategyChooser()
            var clock: UInt64 = 0
            var used: [CandidateStrategy] = []
            for block in 0..<blocks {
                chooser.startBlock(now: clock)
                if endsBlocksTwice {
                    // As the searcher does: once when a block's search ends, once more before
                    // the next block's, after reading it.
                    clock += 1_000_000
                    chooser.startBlock(now: clock)
                }
                let strategy = chooser.current
                used.append(strategy)
                for _ in 0..<lines { chooser.noteQuestion(offset: 0, count: 100_000, now: clock) }
                clock += UInt64(cost(strategy, block) * 100_000)
            }
            return used
        }

        @Test("sparse literals are kept without trying the automaton")
        func sparseLiteralsKept() {
            let used = Self.run(blocks: 300, lines: 10) { strategy, _ in strategy == .literalsThenAutomaton ? 1 : 0.5 }
            #expect(used.allSatisfy { $0 == .literalsThenAutomaton })
        }

        @Test("dense literals: each way is tried, then the cheapest is used, the others seldom tried again")
        func denseChoosesCheapest() {
            let used = Self.run(blocks: 1000, lines: 1000) { strategy, _ in
                switch strategy {
                case .literalsThenAutomaton: return 3
                case .automatonScan: return 1
                case .automatonLineByLine: return 2
                }
            }
            #expect(used[0...1] == [.literalsThenAutomaton, .literalsThenAutomaton])
            #expect(used[2...5].filter { $0 == .automatonScan }.count == 2)
            #expect(used[2...5].filter { $0 == .automatonLineByLine }.count == 2)
            let scans = used.filter { $0 == .automatonScan }.count
            #expect(scans > 950, "\(scans) blocks of the cheapest")
        }

        @Test("time a block spent writing its output, excluded, does not count against its strategy")
        func excludedWriteTime() {
            var chooser = CandidateStrategyChooser()
            var clock: UInt64 = 0
            var used: [CandidateStrategy] = []
            var excluded: UInt64 = 0
            for block in 0..<600 {
                chooser.startBlock(excluding: excluded, now: clock)
                let strategy = chooser.current
                used.append(strategy)
                for _ in 0..<1000 { chooser.noteQuestion(offset: 0, count: 100_000, now: clock) }
                let cost: Double = strategy == .literalsThenAutomaton ? 1 : (strategy == .automatonScan ? 2 : 3)
                // Two blocks in every four wait 8 ns a byte for the reader of a pipe.
                excluded = (block / 2) % 2 == 0 ? 800_000 : 0
                clock += UInt64(cost * 100_000) + excluded
            }
            #expect(used[6...].filter { $0 != .literalsThenAutomaton }.count <= 4, "\(used.filter { $0 != .literalsThenAutomaton }.count)")
        }

        @Test("ending a block a second time, without questions in between, changes nothing")
        func blocksEndedTwice() {
            let cost: (CandidateStrategy, Int) -> Double = { strategy, block in
                switch strategy {
                case .literalsThenAutomaton: return block < 300 ? 1 : 4
                case .automatonScan: return 2
                case .automatonLineByLine: return 3
                }
            }
            #expect(Self.run(blocks: 600, lines: 1000, endsBlocksTwice: true, cost: cost) == Self.run(blocks: 600, lines: 1000, cost: cost))
        }

        @Test("a slow first block, which builds the automaton's states, does not rule a way out")
        func slowFirstBlock() {
            let used = Self.run(blocks: 100, lines: 1000) { strategy, block in
                switch strategy {
                case .literalsThenAutomaton: return block == 0 ? 10 : 1
                case .automatonScan: return 2
                case .automatonLineByLine: return 3
                }
            }
            #expect(used[6...].allSatisfy { $0 == .literalsThenAutomaton })
        }

        @Test("one slow block does not turn the choice, and a change in the text does")
        func noiseAndChange() {
            let used = Self.run(blocks: 2000, lines: 1000) { strategy, block in
                let literal: Double = block < 1000 ? 1 : 4
                switch strategy {
                case .literalsThenAutomaton: return block == 500 ? 50 : literal
                case .automatonScan: return 2
                case .automatonLineByLine: return 3
                }
            }
            #expect(used[501...510].allSatisfy { $0 == .literalsThenAutomaton })
            #expect(used[1500...].filter { $0 == .automatonScan }.count > 450)
        }
    }
}
