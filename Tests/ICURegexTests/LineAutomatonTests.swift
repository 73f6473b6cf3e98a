@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// The line automaton: what its reader understands, and that it never rejects a line that ICU
    /// matches.
    @Suite("Prefilter: the line automaton")
    struct LineAutomatonTests {
        /// The options icugrep compiles patterns with (no `-i`: the automaton is case-sensitive).
        static let options: RegexPattern.Options = [.useUnixLineSeparators]
        /// A short time limit: generated patterns with nested quantifiers can backtrack for long.
        static let limits = RegexPattern.Limits(timeLimitSteps: 30, stackLimitBytes: RegexPattern.Limits.default.stackLimitBytes)

        @Test("the reader gives up on constructs it does not know", arguments: [
            "(a)\\1", "(?<n>a)\\k<n>", "(?i)abc", "(?i:a)b", "(?x)a b", "\\X", "\\R", "\\cA", "\\0101",
            "a{,3}", "a{3", "a**", "*a", "[]a]", "[\\Qa]\\E]", "\\y", "a{999999999}", "(a", "a)", "\\x{D800}", "\\x4",
        ])
        func readerGivesUp(pattern: String) {
            #expect(CodePointPattern.reading(of: pattern) == nil, "\(pattern)")
        }

        @Test("the reader understands the common constructs", arguments: [
            "\\w+\\s+Holmes\\s+\\w+", "\\w{5}\\s+\\w{5}", "a|b|c", "(?:ab)+c?", "(?<name>x)y", "(?>a+)b", "a*?b++c?+",
            "[a-z&&[^q]]", "[\\p{L}\\d]", "\\p{Greek}\\P{L}\\pL", "\\N{LATIN SMALL LETTER K}", "\\x41\\x{1F600}\\u0416",
            "\\Qa.b*\\E", "^a$", "\\bword\\B", "(?<=a)b(?!c)", "(?<!x)y(?=z)", "\\.\\*\\(", "é中😀", "\\t\\n\\r\\f\\e\\a",
            "a{2}b{1,3}c{0,}", "a(?#c)b", "a{99999}",
        ])
        func readerUnderstands(pattern: String) {
            #expect(CodePointPattern.reading(of: pattern) != nil, "\(pattern)")
        }

        @Test("the list of multi-character folds is ICU's, for every code point")
        func multiCharacterFolds() {
            var found: [UInt32] = []
            for value in UInt32(0)..<0x110000 where !(0xD800...0xDFFF).contains(value) {
                if CaseFolding.icuFullFolding(of: value).count > 1 { found.append(value) }
            }
            #expect(found == MultiCharacterFolds.codePoints)
        }

        @Test("with -i: no plan for multi-character folds in the pattern or classes with case closure")
        func caseInsensitivePlans() {
            let options = Self.options.union(.caseInsensitive)
            #expect(LineAutomatonPlan(patterns: ["Sherlock Holmes", "\\w+\\s+Холмс"], options: options, lineEdges: true) != nil)
            #expect(LineAutomatonPlan(patterns: ["straße"], options: options, lineEdges: true) == nil)
            #expect(LineAutomatonPlan(patterns: ["o\\x{FB00}"], options: options, lineEdges: true) == nil)
            #expect(LineAutomatonPlan(patterns: ["[a-z]x"], options: options, lineEdges: true) == nil)
            #expect(LineAutomatonPlan(patterns: ["\\p{L}x"], options: options, lineEdges: true) == nil)
        }

        @Test("no plan for patterns matching the empty string, or for too many positions")
        func noPlan() {
            #expect(LineAutomatonPlan(patterns: ["a*"], options: Self.options, lineEdges: true) == nil)
            #expect(LineAutomatonPlan(patterns: ["abc", "(?:x)?"], options: Self.options, lineEdges: true) == nil)
            #expect(LineAutomatonPlan(patterns: ["\\w{257}"], options: Self.options, lineEdges: true) == nil)
            #expect(LineAutomatonPlan(patterns: ["\\w{256}"], options: Self.options, lineEdges: true) != nil)
            #expect(LineAutomatonPlan(patterns: ["\\w{5}\\s+\\w{5}"], options: Self.options, lineEdges: true)?.minimumLineLength == 11)
            // A quantifier after a quotation repeats its last character only.
            #expect(LineAutomatonPlan(patterns: ["\\Qabc\\E*"], options: Self.options, lineEdges: true)?.minimumLineLength == 2)
            #expect(LineAutomatonPlan(patterns: ["\\Q\\E*a"], options: Self.options, lineEdges: true) == nil)
        }

        /// Pieces that generated patterns are made of: classes, literals of every UTF-8 length,
        /// assertions.
        static let atoms = [
            "\\w", "\\W", "\\s", "\\S", "\\d", "\\D", "\\h", "\\v", ".", "[a-f]", "[^a-z ]", "[\\p{Cyrillic}\\d]",
            "\\p{L}", "\\P{L}", "\\p{Han}", "[[a-z]&&[^aeiou]]", "a", "b", "x", "H", "о", "д", "ж", "中", "文", "😀", "é",
            "\\.", "\\-", " ", "\\t", "\\x{FFFD}", "\\u0416", "\\N{LATIN SMALL LETTER K}", "\\x{212A}", "ß",
            "s", "S", "k", "K", "σ", "Σ", "ς", "µ", "İ", "ı", "i", "\\x{345}", "Ж", "Д", "ѣ", "ſ", "j",
            "\\b", "^", "$", "(?=a)", "(?<!\\w)", "(?!x)", "\\B", "\\Qab\\E", "\\Qд.\\E", "\\Qx\\E",
        ]

        /// Words that texts are made of: ASCII, Cyrillic, Chinese, emoji, spaces and punctuation,
        /// and ill-formed UTF-8.
        static let textPieces: [[UInt8]] = [
            "a", "b", "x", "H", "Holmes", "abc", "fed", "12345", "word", " ", "  ", "\t", ".", "-", ",", "\r", "\u{0}",
            "s", "S", "ss", "SS", "k", "K", "σ", "Σ", "ς", "µ", "μ", "İ", "ı", "i", "I", "\u{345}", "ι", "Ж", "ж", "Ѣ", "ᲀ",
            "ᲂ", "ſ", "ﬀ", "ǰ", "J", "\u{30C}", "\u{1FBE}",
            "о", "д", "ж", "Холмс", "дом", "中", "文", "中文", "😀", "é", "e\u{301}", "ß", "\u{212A}", "\u{FFFD}",
            "\u{A0}", "\u{2028}", "\u{85}", "\u{0B}",
        ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]]

        /// A generated pattern: atoms with quantifiers, in groups and alternations.
        static func pattern(_ random: inout SplitMix64, depth: Int = 0) -> String {
            var pieces: [String] = []
            for _ in 0..<random.number(in: 1...4) {
                var piece: String
                if depth < 2 && random.chance(0.2) {
                    let inner = (0..<random.number(in: 1...3)).map { _ in pattern(&random, depth: depth + 1) }
                    piece = random.element(of: ["(", "(?:", "(?>", "(?<g\(depth)>"]) + inner.joined(separator: "|") + ")"
                } else {
                    piece = random.element(of: atoms)
                }
                if random.chance(0.4) {
                    piece += random.element(of: ["*", "+", "?", "{2}", "{1,3}", "{0,2}", "{2,}", "+?", "*+", "??"])
                }
                pieces.append(piece)
            }
            return pieces.joined()
        }

        /// A generated line of text.
        static func line(_ random: inout SplitMix64) -> [UInt8] {
            var bytes: [UInt8] = []
            for _ in 0..<random.number(in: 0...10) {
                bytes += random.element(of: textPieces)
            }
            return bytes
        }

        @Test("a line the automaton rejects is one ICU does not match, one it is certain of one ICU matches, and an exact plan decides every line: 3,000 generated patterns, 40 lines each")
        func neverRejectsAMatch() throws {
            var random = SplitMix64(seed: 0x11E_A070)
            var planned = 0
            var rejected = 0
            var certain = 0
            var decidedWithLargeCharacters = 0
            var failures = 0
            for _ in 0..<3000 {
                let patterns = random.chance(0.2) ? [Self.pattern(&random), Self.pattern(&random)] : [Self.pattern(&random)]
                let options = random.chance(0.4) ? Self.options.union(.caseInsensitive) : Self.options
                // The -w and -x wrappers, as PatternAssembler writes them; with -x, records end at
                // NUL (-z), so that a line may end with a newline, before which `$` matches too.
                let wrapper = random.element(of: [PatternWrapper.none, .none, .none, .wholeWords, .wholeLines])
                let wrapped = PatternAssembler.wrapped(PatternAssembler.alternation(patterns), in: wrapper, options: options)
                let terminator: UInt8 = wrapper == .wholeLines ? 0 : 10
                // Patterns ICU rejects (a quantified anchor, a group name used twice) never reach
                // the automaton in icugrep.
                guard let plan = LineAutomatonPlan(patterns: [wrapped], options: options, lineEdges: true),
                    let compiled = try? RegexPattern(wrapped, options: options, limits: Self.limits)
                else { continue }
                let matcher = try compiled.makeMatcher()
                let automaton = LineAutomaton(plan)
                planned += 1
                for _ in 0..<40 {
                    var line = Self.line(&random)
                    if terminator == 0 {
                        line.removeAll { $0 == 0 }
                        if random.chance(0.3) { line.append(10) }
                    }
                    let decoded = Array(String(decoding: line, as: UTF8.self).utf16)
                    // A line on which ICU stops at a limit has no answer to compare with.
                    let icuMatches: Bool
                    do {
                        icuMatches = try decoded.withUnsafeBufferPointer { try matcher.firstMatch(inUTF16: $0) } != nil
                    } catch {
                        continue
                    }
                    let verdict = line.withUnsafeBytes {
                        automaton.verdict(onLineFrom: 0, to: $0.count, in: $0, terminator: terminator, nulEndsLines: false)
                    }
                    let mayMatch = verdict != nil
                    if !mayMatch { rejected += 1 }
                    if verdict == .certainMatch {
                        certain += 1
                        if !icuMatches {
                            failures += 1
                            if failures <= 10 {
                                Issue.record("\(patterns) is certain of \(line) (\(String(decoding: line, as: UTF8.self).debugDescription)), which ICU does not match")
                            }
                        }
                    }
                    if icuMatches && !mayMatch {
                        failures += 1
                        if failures <= 10 {
                            Issue.record("\(patterns) rejects \(line) (\(String(decoding: line, as: UTF8.self).debugDescription)), which ICU matches")
                        }
                    }
                    // An exact plan decides every line, characters from U+0800 on included
                    // (classified by asking ICU) and ill-formed UTF-8 (read as U+FFFD), except
                    // that with -i a character whose folding is several characters leaves
                    // the line to ICU.
                    let scalars = String(decoding: line, as: UTF8.self).unicodeScalars
                    if plan.isExact,
                        !options.contains(.caseInsensitive) || !scalars.contains(where: { MultiCharacterFolds.contains($0.value) })
                    {
                        if scalars.contains(where: { $0.value >= 0x800 }) { decidedWithLargeCharacters += 1 }
                        if mayMatch && verdict != .certainMatch {
                            failures += 1
                            if failures <= 10 {
                                Issue.record("\(wrapped) only may match \(line) (\(String(decoding: line, as: UTF8.self).debugDescription)): an exact plan decides it")
                            }
                        }
                    }
                }
            }
            #expect(failures == 0)
            // The test is worth something only when the automaton handles most patterns and
            // rejects many lines.
            #expect(planned > 1500, "only \(planned) patterns had an automaton")
            #expect(rejected > planned * 5, "only \(rejected) lines were rejected")
            #expect(certain > planned, "only \(certain) lines were certain matches")
            #expect(decidedWithLargeCharacters > planned * 5, "only \(decidedWithLargeCharacters) lines with large characters were decided")
        }

        @Test("lines are found across a block, with line ends and NUL")
        func scansBlocks() {
            let plan = LineAutomatonPlan(patterns: ["\\w+\\s+Holmes"], options: Self.options, lineEdges: true)!
            let automaton = LineAutomaton(plan)
            let block = Array("no\nHolmes\nMr Holmes\nx\0Sir Holmes\n".utf8)
            block.withUnsafeBytes { bytes in
                #expect(automaton.firstCandidateLine(in: bytes, from: 0, terminator: 10, nulEndsLines: false).start == 10)
                #expect(automaton.firstCandidateLine(in: bytes, from: 20, terminator: 10, nulEndsLines: false).start == 20)
                #expect(automaton.firstCandidateLine(in: bytes, from: 20, terminator: 10, nulEndsLines: true).start == 22)
                // With -z, lines end at NUL only: the first record holds three lines.
                #expect(automaton.firstCandidateLine(in: bytes, from: 0, terminator: 0, nulEndsLines: false).start == 0)
            }
            let long = LineAutomaton(LineAutomatonPlan(patterns: ["\\w{5}\\s+\\w{5}\\s+\\w{5}"], options: Self.options, lineEdges: true)!)
            let lines = Array("short line\nalpha bravo char\nalpha bravo charlie\n".utf8)
            lines.withUnsafeBytes { bytes in
                #expect(long.firstCandidateLine(in: bytes, from: 0, terminator: 10, nulEndsLines: false).start == 28)
            }
        }
    }
}
