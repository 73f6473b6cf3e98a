@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// With `-i`, ICU matches a character whose full case folding is several code points (`İ`
    /// folds to `i` and a combining dot, `ﬀ` to `ff`, `ß` to `ss`) against the sequence it folds
    /// to, either way round, and never starts or ends a match inside such a character. Every
    /// way the line search decides a line without ICU (the literal prefilter, the line
    /// automaton, the literals at a line's or a word's edges, and the searcher that combines
    /// them) must decide as ICU itself does, line by line.
    @Suite("Prefilter: -i decides lines with multi-character folds as ICU does")
    struct MultiCharacterFoldTests {
        /// The options icugrep compiles `-i` patterns with.
        static let options: RegexPattern.Options = [.useUnixLineSeparators, .caseInsensitive]

        /// Every code point whose full case folding is several code points, with that folding,
        /// asked of ICU. All of them are in the Basic Multilingual Plane, which is all that is
        /// asked (`LineAutomatonTests` asks about every code point, for ``MultiCharacterFolds``).
        static let multiCharacterFolds: [(character: Unicode.Scalar, folding: [Unicode.Scalar])] = {
            var found: [(Unicode.Scalar, [Unicode.Scalar])] = []
            for value in UInt32(0x80)..<0x1_0000 where !(0xD800...0xDFFF).contains(value) {
                let folding = CaseFolding.icuFullFolding(of: value)
                if folding.count > 1 { found.append((Unicode.Scalar(value)!, folding.map { Unicode.Scalar($0)! })) }
            }
            return found
        }()

        /// The disagreements with ICU, as messages, of every way the line search decides the
        /// lines `lines` for `pattern` with `-i` and `wrapper`; none when ICU rejects the pattern.
        ///
        /// Each way is held to what it promises: a line that ICU matches is never passed over
        /// (by the literal prefilter, the line automaton's scans, the searcher), a line is
        /// certain to match only when ICU matches it, and a line an edge verdict decides is
        /// decided as ICU does. The searcher's final answer, asking its match automaton or ICU
        /// where the prefilter is not certain, must be ICU's.
        static func disagreements(_ pattern: String, wrapper: PatternWrapper = .none, lines: [String]) throws -> [String] {
            guard let linePatterns = try? LinePatterns(
                patterns: [pattern], options: options, wrapper: wrapper, limits: .default, prefilters: true, fixedStrings: false)
            else { return [] }
            // The reference: ICU alone, compiled apart from the line search, line by line.
            let reference = try RegexPattern(PatternAssembler.wrapped(pattern, in: wrapper, options: options), options: options)
                .makeMatcher()
            let matches = try lines.map { line in
                try Array(line.utf16).withUnsafeBufferPointer { try reference.icuFirstMatch(inUTF16: $0, from: 0) } != nil
            }
            var block: [UInt8] = []
            var bounds: [Range<Int>] = []
            for line in lines {
                let start = block.count
                block += Array(line.utf8)
                bounds.append(start..<block.count)
                block.append(10)
            }
            var problems: [String] = []
            func disagree(_ way: String, _ index: Int) {
                problems.append(
                    "\(way): \(pattern.debugDescription) \(wrapper) on \(lines[index].debugDescription), which ICU "
                        + (matches[index] ? "matches" : "does not match"))
            }
            /// Checks the lines a way proposes from each line start on (`propose`): those it
            /// passes over must not match, those it is certain of must.
            func checkProposals(_ way: String, _ propose: (Int) -> LineCandidate) -> [LineVerdict?] {
                var verdicts = [LineVerdict?](repeating: nil, count: lines.count)
                var index = 0
                while index < lines.count {
                    let candidate = propose(bounds[index].lowerBound)
                    while index < lines.count && bounds[index].lowerBound < candidate.start {
                        if matches[index] { disagree("\(way) passed over a match", index) }
                        index += 1
                    }
                    guard index < lines.count else { break }
                    verdicts[index] = candidate.verdict
                    if candidate.verdict == .certainMatch && !matches[index] { disagree("\(way) is certain of a line", index) }
                    index += 1
                }
                return verdicts
            }
            let searcher = try LineSearcher(linePatterns)
            try block.withUnsafeBytes { raw in
                if let literals = linePatterns.strategy.requiredLiterals {
                    let finder = CandidateLineFinder(literals)
                    finder.forgetBlock()
                    _ = checkProposals("the literal prefilter") {
                        finder.nextCandidateLine(in: raw, from: $0, terminator: 10, nulEndsLines: false)
                    }
                }
                if let plan = linePatterns.strategy.lineAutomatonPlan {
                    let automaton = LineAutomaton(plan)
                    for (index, line) in bounds.enumerated() {
                        switch automaton.verdict(onLineFrom: line.lowerBound, to: line.upperBound, in: raw, terminator: 10, nulEndsLines: false) {
                        case nil where matches[index]: disagree("the line automaton rejected a match", index)
                        case .certainMatch? where !matches[index]: disagree("the line automaton is certain of a line", index)
                        default: break
                        }
                    }
                    for linesOneByOne in [false, true] {
                        _ = checkProposals("the line automaton's scan\(linesOneByOne ? " line by line" : "")") {
                            automaton.firstCandidateLine(in: raw, from: $0, terminator: 10, nulEndsLines: false, linesOneByOne: linesOneByOne)
                        }
                    }
                }
                let edgeLiterals = linePatterns.strategy.anchoredLiterals.map(EdgeLiterals.anchored)
                    ?? linePatterns.strategy.wordBoundedLiterals.map(EdgeLiterals.wordBounded)
                if let edgeLiterals {
                    for (index, line) in bounds.enumerated() {
                        switch edgeLiterals.verdict(onLineFrom: line.lowerBound, to: line.upperBound, in: raw) {
                        case .match where !matches[index]: disagree("the edge literals decided a match", index)
                        case .noMatch where matches[index]: disagree("the edge literals decided no match", index)
                        default: break
                        }
                    }
                }
                searcher.forgetBlock()
                let verdicts = checkProposals("the searcher") {
                    searcher.nextCandidateLine(in: raw, from: $0, terminator: 10, nulEndsLines: false)
                }
                for (index, verdict) in verdicts.enumerated() where verdict == .mayMatch {
                    let found = try Array(lines[index].utf16).withUnsafeBufferPointer { try searcher.firstMatch(in: .utf16($0), from: 0) }
                    if (found != nil) != matches[index] { disagree("the searcher's match", index) }
                }
            }
            return problems
        }

        /// `scalars` as a string.
        static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            return text
        }

        /// `scalars` in capitals, by Unicode's full uppercase mapping (`ß` becomes `SS`).
        static func uppercased(_ scalars: [Unicode.Scalar]) -> String {
            scalars.map { $0.properties.uppercaseMapping }.joined()
        }

        @Test("every multi-character fold, as the character or as its folding, in the pattern and in the text")
        func everyFold() throws {
            #expect(Self.multiCharacterFolds.map(\.character.value) == MultiCharacterFolds.codePoints)
            // The characters by their folding: `ß` and `ẞ` both fold to `ss`, `ᾀ` and `ᾈ` to `ἀι`.
            var charactersByFolding: [[Unicode.Scalar]: [Unicode.Scalar]] = [:]
            for (character, folding) in Self.multiCharacterFolds {
                charactersByFolding[folding, default: []].append(character)
            }
            var problems: [String] = []
            for (folding, characters) in charactersByFolding.sorted(by: { $0.value[0].value < $1.value[0].value }) {
                let sequence = Self.string(folding)
                // The text spells each character as itself or in capitals, or the folding in
                // either case; alone, inside ASCII and Cyrillic words, and beside word edges.
                // (Told apart by their code points: as `String`s, `İ` and `I` with a combining
                // dot are equal.)
                var spellings: [[Unicode.Scalar]] = []
                for spelling in [folding, Array(Self.uppercased(folding).unicodeScalars)]
                    + characters.flatMap({ [[$0], Array(Self.uppercased([$0]).unicodeScalars)] })
                where !spellings.contains(spelling) {
                    spellings.append(spelling)
                }
                var lines: [String] = ["", "abc", "Москва"]
                for spelling in spellings.map(Self.string) {
                    lines += [spelling, "AB\(spelling)CD", "Москва \(spelling) ok", "_\(spelling)_"]
                }
                // The pattern holds a character, or the folding (whose line automaton, unlike a
                // character's, is built: it costs most of the test's time).
                var patterns: [(String, PatternWrapper)] = []
                for character in characters.map({ Self.string([$0]) }) {
                    patterns += [
                        (character, .none), (character, .wholeWords), (character, .wholeLines), ("ab\(character)cd", .none),
                        ("москва \(character)", .none), ("\(character)\\w*", .none),
                    ]
                }
                patterns += [(sequence, .none), (sequence, .wholeWords), ("ab\(sequence)cd", .none), ("\(sequence)\\w*", .none)]
                // Patterns that hold part of the folding, the rest left to a class, `.`, `\X`
                // or a group of its own, where ICU never matches part of a text character.
                for split in 1..<folding.count {
                    let head = Self.string(folding[..<split])
                    let tail = Self.string(folding[split...])
                    patterns += [
                        ("\(head)\\X", .none), ("\\X\(tail)", .none), ("\(head).", .none), (".\(tail)", .none),
                        ("ab\(head)", .none), ("\(tail)cd", .none), ("(?:\(head))\(tail)", .none),
                    ]
                }
                for (pattern, wrapper) in patterns {
                    problems += try Self.disagreements(pattern, wrapper: wrapper, lines: lines)
                }
            }
            #expect(problems.isEmpty, "\(problems.count) disagreements, the first: \(problems.prefix(12).joined(separator: "\n"))")
        }

        /// Pieces of the generated patterns and texts: ASCII letters that multi-character
        /// folds hold, characters with such folds, their foldings and the marks in them, and
        /// letters of other scripts.
        static let generatedPieces: [String] = [
            "a", "ab", "s", "ss", "st", "f", "ff", "fi", "ffl", "i", "n", "j", "h", "t", "w", "y", "k", "x",
            "ß", "ẞ", "İ", "ŉ", "ǰ", "ΐ", "ΰ", "և", "ẖ", "ẗ", "ẘ", "ẙ", "ẚ", "ﬀ", "ﬁ", "ﬂ", "ﬃ", "ﬄ", "ﬅ", "ﬆ", "ﬓ",
            "ᾀ", "ᾈ", "ᾳ", "ῲ", "ῼ", "i\u{307}", "\u{2BC}n", "j\u{30C}", "h\u{331}", "a\u{2BE}", "\u{3B9}\u{308}\u{301}",
            "\u{565}\u{582}", "\u{574}\u{576}", "\u{1F00}\u{3B9}", "\u{3B1}\u{3B9}", "\u{307}", "\u{30C}", "\u{308}", "\u{301}",
            "\u{2BC}", "\u{2BE}", "\u{3B9}", "\u{3B1}", "\u{3C9}\u{3B9}", "ſ", "\u{212A}", "да", "Москва",
        ]

        /// The pieces of generated patterns that are no literal.
        static let generatedMetacharacters: [String] = [".", "\\X", "\\w", "\\W", "\\s", "[a-z]", "[ﬀß]", "\\p{L}"]

        /// The pieces of ``generatedPieces`` that ICU matches alike ignoring case, by their full
        /// case folding: `ß`, `ẞ` and `ss`; `İ` and `i` with a combining dot.
        static let piecesFoldingAlike: [[UInt32]: [String]] = {
            var pieces: [[UInt32]: [String]] = [:]
            for piece in generatedPieces {
                pieces[piece.unicodeScalars.flatMap { CaseFolding.icuFullFolding(of: $0.value) }, default: []].append(piece)
            }
            return pieces
        }()

        /// A piece of text that ICU's case-insensitive matching may take for `piece`: itself,
        /// in capitals, or a piece that folds alike.
        static func spelling(of piece: String, _ random: inout SplitMix64) -> String {
            let folding = piece.unicodeScalars.flatMap { CaseFolding.icuFullFolding(of: $0.value) }
            let alike = random.element(of: piecesFoldingAlike[folding] ?? [piece])
            return random.chance(0.3) ? uppercased(Array(alike.unicodeScalars)) : alike
        }

        /// One generated pattern, and the pieces it holds (for a metacharacter, a letter or a
        /// space that a text may hold in its place): one to four atoms (pieces,
        /// metacharacters, groups), some repeated, sometimes two such sequences as
        /// alternatives.
        static func generatedPattern(_ random: inout SplitMix64) -> (pattern: String, pieces: [String]) {
            var pieces: [String] = []
            func sequence(depth: Int) -> String {
                var text = ""
                for _ in 0..<random.number(in: 1...4) {
                    var atom: String
                    switch random.number(in: 0...9) {
                    case 0...5:
                        atom = random.element(of: generatedPieces)
                        pieces.append(atom)
                    case 6...8:
                        atom = random.element(of: generatedMetacharacters)
                        pieces.append(random.element(of: ["x", " ", "a"]))
                    default:
                        if depth < 1 {
                            atom = "(?:\(sequence(depth: depth + 1)))"
                        } else {
                            atom = random.element(of: generatedPieces)
                            pieces.append(atom)
                        }
                    }
                    if random.chance(0.15) {
                        // A quantifier repeats the last character of a piece: group a longer one.
                        if atom.unicodeScalars.count > 1 && !atom.hasPrefix("(") && !atom.hasPrefix("[") && !atom.hasPrefix("\\") {
                            atom = "(?:\(atom))"
                        }
                        atom += random.element(of: ["?", "+", "*", "{2}"])
                    }
                    text += atom
                }
                return text
            }
            let first = sequence(depth: 0)
            return (random.chance(0.15) ? first + "|" + sequence(depth: 0) : first, pieces)
        }

        /// One generated line: mostly the pattern's pieces (`pieces`) spelled as ICU may match
        /// them, some left out, else random pieces, some in capitals; between spaces and ASCII
        /// letters.
        static func generatedLine(_ random: inout SplitMix64, pieces: [String]) -> String {
            var line = ""
            if random.chance(0.7) {
                for piece in pieces where random.chance(0.9) {
                    line += spelling(of: piece, &random)
                }
            } else {
                for _ in 0..<random.number(in: 0...4) {
                    let piece = random.element(of: generatedPieces)
                    line += random.chance(0.3) ? uppercased(Array(piece.unicodeScalars)) : piece
                    if random.chance(0.3) { line += random.element(of: [" ", "x", "A", "-"]) }
                }
            }
            return random.chance(0.3) ? random.element(of: ["x", "A ", "Москва "]) + line : line
        }

        /// The number of cases ``generatedCases()`` makes, and the seed it makes them from.
        static let generatedCaseCount = 1_000
        static let generatedSeed: UInt64 = 0xF01D_5EED

        @Test("1,000 generated -i cases of folds, their parts and classes: every way decides every line as ICU does")
        func generatedCases() throws {
            var random = SplitMix64(seed: Self.generatedSeed)
            var failingCases = 0
            var firstProblems: [String] = []
            for _ in 0..<Self.generatedCaseCount {
                let (pattern, pieces) = Self.generatedPattern(&random)
                let wrapper = random.element(of: [PatternWrapper.none, .none, .none, .none, .none, .none, .wholeWords, .wholeLines])
                let lines = (0..<6).map { _ in Self.generatedLine(&random, pieces: pieces) }
                let problems = try Self.disagreements(pattern, wrapper: wrapper, lines: lines)
                if !problems.isEmpty {
                    failingCases += 1
                    firstProblems += problems.prefix(2)
                }
            }
            #expect(failingCases == 0, "\(failingCases) of \(Self.generatedCaseCount) cases disagree: \(firstProblems.prefix(12).joined(separator: "\n"))")
        }
    }
}
