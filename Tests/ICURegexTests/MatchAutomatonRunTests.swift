import Foundation
@testable import ICURegex
import Testing
import TestSupport

/// The match automaton's runs of matches (``MatchAutomaton/matchRun(inUTF16:from:to:into:capacity:)``),
/// which find many of ICU's `findNext` loop's matches in one call, against ICU's loop: generated
/// patterns (words between `\b`s, a capital and small letters, empty matches, alternations) on
/// texts dense with matches, with combining marks and format characters next to `\b`, surrogate
/// pairs, lone surrogates and matches at both ends; runs of one, a few and many matches, in
/// UTF-16 and UTF-8; then the walks that drain them (``MatchWalk``, and the UTF-8 walk of
/// ``RegexPattern/walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``) on
/// a long text.
@Suite struct MatchAutomatonRunTests {
    static let seed: UInt64 = 0x5255_4E53_4F46_4D41

    static let atoms = [
        "\\w", "\\w+", "\\w*", "\\p{Lu}", "\\p{Ll}+", "[A-Za-z]", "[a-z]+", "[0-9]", "\\d+", "\\b", "\\b", "\\B", " ", "ж", "a",
        "ab", "[^ ]", "\\s", "\\W", "𝒜", "x?", ".", "",
    ]
    static let pieces = [
        "a", "ab", "The", "Ab", "x", "1", "42", "_", " ", " ", "  ", "-", ".", "Жук", "жук", "é", "e\u{301}", "😀", "𝒜b",
        "中文", "\u{200B}", "\u{AD}", "AB", "\n",
    ]

    /// ICU's loop over `text` as a caller of runs of at most `capacity` matches goes through
    /// it: a run from where the loop searches, then ICU's search (`icuFirstMatch`) where the
    /// run could not tell; the matches, in the text's offsets.
    static func matchesInRuns(
        capacity: Int, count: Int, nextStart: (Range<Int>) -> Int?,
        run: (Int, UnsafeMutablePointer<Int>, Int) -> (count: Int, end: MatchAutomaton.RunEnd),
        icuFirstMatch: (Int) throws -> Range<Int>?
    ) rethrows -> [Range<Int>] {
        var found: [Range<Int>] = []
        var from: Int? = 0
        let bounds = UnsafeMutablePointer<Int>.allocate(capacity: 2 * capacity)
        defer { bounds.deallocate() }
        while let start = from {
            let (matches, end) = run(start, bounds, capacity)
            precondition(matches <= capacity)
            for index in 0..<matches { found.append(bounds[2 * index]..<bounds[2 * index + 1]) }
            switch end {
            case .full:
                from = nextStart(found.last!)
            case .noMatch:
                from = nil
            case .unknown:
                let searchStart = found.last.map(nextStart) ?? start
                guard let searchStart, let match = try icuFirstMatch(searchStart) else {
                    from = nil
                    break
                }
                found.append(match)
                from = nextStart(match)
            }
        }
        return found
    }

    /// Compares `automaton`'s runs of each of `capacities` matches with ICU's loop of
    /// `icuPattern`, over the UTF-16 `units` and over `string`'s UTF-8 (in byte offsets; ICU
    /// searches `string`'s UTF-16 there, which `units` may differ from by lone surrogates),
    /// through ``matchesInRuns(capacity:count:nextStart:run:icuFirstMatch:)`` with ICU's `icu`
    /// where a run cannot tell; records an issue for each text and capacity that differ.
    /// Returns how many capacities were compared and how many of the comparisons failed.
    static func compareRunsWithICULoop(
        of automaton: MatchAutomaton, icuPattern: RegexPattern, icu: RegexMatcher, units: [UInt16], string: String,
        capacities: [Int], context: String
    ) throws -> (compared: Int, failures: Int) {
        let bytes = Array(string.utf8)
        let stringUnits = Array(string.utf16)
        let byteOffsets = utf8OffsetsOfUTF16Offsets(in: string)
        let expected = units.withUnsafeBufferPointer { icuPattern.matches(inUTF16: $0).map(\.range) }
        let expectedInUTF8 = stringUnits.withUnsafeBufferPointer { icuPattern.matches(inUTF16: $0).map(\.range) }
            .map { byteOffsets[$0.lowerBound]..<byteOffsets[$0.upperBound] }
        var failures = 0
        for capacity in capacities {
            let inUTF16 = try units.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 2)!
                return try Self.matchesInRuns(
                    capacity: capacity, count: units.count, nextStart: { Self.nextStart(after: $0, in: units) },
                    run: { automaton.matchRun(inUTF16: base, from: $0, to: units.count, into: $1, capacity: $2) },
                    icuFirstMatch: { try icu.firstMatch(inUTF16: buffer, from: $0) })
            }
            if inUTF16 != expected {
                failures += 1
                Issue.record("\(context) UTF-16, runs of \(capacity): \(inUTF16), ICU \(expected); text \(UTF16Units.describe(units))")
            }
            let inUTF8 = try bytes.withUnsafeBufferPointer { buffer in
                try stringUnits.withUnsafeBufferPointer { stringBuffer in
                    let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
                    return try Self.matchesInRuns(
                        capacity: capacity, count: bytes.count, nextStart: { Self.nextStart(after: $0, inUTF8: bytes) },
                        run: { automaton.matchRun(inUTF8: base, from: $0, to: bytes.count, into: $1, capacity: $2) },
                        icuFirstMatch: { from in
                            let unitOffset = byteOffsets.firstIndex(of: from)!
                            return try icu.firstMatch(inUTF16: stringBuffer, from: unitOffset).map {
                                byteOffsets[$0.lowerBound]..<byteOffsets[$0.upperBound]
                            }
                        })
                }
            }
            if inUTF8 != expectedInUTF8 {
                failures += 1
                Issue.record("\(context) UTF-8, runs of \(capacity): \(inUTF8), ICU \(expectedInUTF8); string \(String(reflecting: string))")
            }
        }
        return (capacities.count, failures)
    }

    /// Where ICU's loop searches after `match` in the UTF-16 `units`: at its end, one code
    /// point further after an empty match; nil past the text.
    static func nextStart(after match: Range<Int>, in units: [UInt16]) -> Int? {
        guard match.isEmpty else { return match.upperBound }
        let end = match.upperBound
        guard end < units.count else { return nil }
        if UTF16.isLeadSurrogate(units[end]), end + 1 < units.count, UTF16.isTrailSurrogate(units[end + 1]) { return end + 2 }
        return end + 1
    }

    /// The same in the UTF-8 of a string.
    static func nextStart(after match: Range<Int>, inUTF8 bytes: [UInt8]) -> Int? {
        guard match.isEmpty else { return match.upperBound }
        let end = match.upperBound
        guard end < bytes.count else { return nil }
        let lead = bytes[end]
        return end + (lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4)
    }

    @Test("runs of matches are ICU's loop's, UTF-16 and UTF-8, whatever their length")
    func runsAreICUsLoop() throws {
        var random = SplitMix64(seed: Self.seed)
        func item(_ depth: Int) -> String {
            var atom = random.element(of: Self.atoms)
            if depth < 2 && random.chance(0.2) {
                atom = "(?:" + (0..<random.number(in: 2...3)).map { _ in sequence(depth + 1) }.joined(separator: "|") + ")"
            }
            if random.chance(0.2) { atom += random.element(of: ["?", "*", "+", "{1,3}", "+?"]) }
            return atom
        }
        func sequence(_ depth: Int) -> String { (0..<random.number(in: 1...3)).map { _ in item(depth) }.joined() }
        var planned = 0
        var compared = 0
        var failures = 0
        for index in 0..<400 where failures < 10 {
            let pattern = random.chance(0.3) ? "\\b" + sequence(0) + "\\b" : sequence(0)
            let options: RegexPattern.Options = index % 5 == 4 ? [.caseInsensitive] : []
            guard let plan = MatchAutomatonPlan(pattern: pattern, options: options),
                let icuPattern = try? RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false)
            else { continue }
            planned += 1
            let icu = try icuPattern.makeMatcher()
            let automaton = MatchAutomaton(plan)
            for _ in 0..<3 {
                let string = (0..<random.number(in: 0...24)).map { _ in random.element(of: Self.pieces) }.joined()
                var units = Array(string.utf16)
                if !units.isEmpty && random.chance(0.2) { units.insert(random.chance(0.5) ? 0xD835 : 0xDC9C, at: random.number(in: 0...units.count)) }
                let (comparedHere, failed) = try Self.compareRunsWithICULoop(
                    of: automaton, icuPattern: icuPattern, icu: icu, units: units, string: string, capacities: [1, 3, 64],
                    context: "pattern \(String(reflecting: pattern)) options \(options.rawValue)")
                compared += comparedHere
                failures += failed
            }
        }
        #expect(planned > 250)
        #expect(compared > 700)
    }

    /// Runs of one class between word assertions (and near shapes), whose every match the
    /// small characters' loop ends and restarts after without leaving the loop (see
    /// ``MatchAutomaton/RunSink``), when it read the character before the match's end.
    static let wordRunPatterns = [
        #"\b[0-9A-Za-z_]+\b"#, #"\b\w+\b"#, #"\b\p{L}+\b"#, #"\b[a-z]+\b"#, #"\b[A-Za-z]+\b"#, #"\b\d+\b"#,
        #"\b[а-я]+\b"#, #"\b\p{Ll}+\b"#, #"\b\w{2,}\b"#, #"\b\w+\b(?:-\w+\b)?"#, #"\b[a-z]+\b|\d"#, #"\b\w+"#,
        #"\w+\b"#, #"\B\w+\B"#, #"\b\w\b"#,
        // A run's restart in the start state after a word character or not, told from a soft
        // hyphen before the match's end (transparent, no word character, after one); an empty
        // match before a character, where the threads with the tracked start end.
        #"\b\w+\u00AD\b|\B."#, #"\s\s|\b"#,
    ]
    /// Words (ASCII, with digits and `_`, accented, Cyrillic, with a combining mark or a format
    /// character inside or at their ends, a supplementary letter) and separators.
    static let wordRunPieces = [
        "the", "The", "a", "x_1", "_", "42", "7", "abc123", "café", "naïve", "Жук", "жук", "ёж", "e\u{301}", "a\u{AD}b",
        "ab\u{200B}", "\u{FEFF}", "𝒜b", "中文", " ", " ", " ", ", ", ". ", "-", "\n", "  ", "é", "ß", "'",
    ]

    @Test("runs of dense word matches, restarted in the small characters' loop, are ICU's loop's")
    func wordRunsAreICUsLoop() throws {
        var random = SplitMix64(seed: Self.seed &+ 3)
        var planned = 0
        var compared = 0
        var failures = 0
        for pattern in Self.wordRunPatterns {
            for options: RegexPattern.Options in [[], [.caseInsensitive]] where failures < 10 {
                // Some classes have no plan ignoring case (`[0-9A-Za-z_]` holds K, whose
                // folding K, U+212A KELVIN SIGN, is a large character).
                guard let plan = MatchAutomatonPlan(pattern: pattern, options: options) else { continue }
                planned += 1
                let icuPattern = try RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false)
                let icu = try icuPattern.makeMatcher()
                // One automaton for all the texts: its count of tracked matches goes on across
                // them, through ends of ``MatchAutomaton/trackingCheckInterval``.
                let automaton = MatchAutomaton(plan)
                // The empty text, short texts (words at both ends, or not), and texts of
                // hundreds of matches (over ``MatchAutomaton/trackedScanLength`` units between
                // some restarts: a word of hundreds of letters).
                var texts = [
                    "", "a", " ", "ab", "a b", "é", " é ", "Жук жук", "x_1 42 _", " a", "ab\u{AD}-", "x ab\u{AD}-cd\u{AD}--",
                    // A match before the separator, then no match after the restart.
                    "ab-cd .", "ab-cd -",
                ]
                for length in [3, 8, 20, 30, 400, 1200] {
                    var text = (0..<length).map { _ in random.element(of: Self.wordRunPieces) }.joined()
                    if length == 400 { text += String(repeating: "abcde", count: 60) + " " + text }
                    texts.append(text)
                }
                for text in texts {
                    let (comparedHere, failed) = try Self.compareRunsWithICULoop(
                        of: automaton, icuPattern: icuPattern, icu: icu, units: Array(text.utf16), string: text,
                        capacities: [1, 2, 3, 64, 1000], context: "pattern \(String(reflecting: pattern)) options \(options.rawValue)")
                    compared += comparedHere
                    failures += failed
                }
            }
        }
        #expect(planned >= Self.wordRunPatterns.count)
        #expect(compared > 1000)
    }

    /// Patterns with dense matches, empty ones among them, and `\b` beside transparent
    /// characters.
    static let densePatterns = [#"\b\w+\b"#, #"\p{Lu}\p{Ll}+"#, #"\w*"#, #"[a-z]+|\b"#, #"(?:ab)*c?"#, #"\d+|\s"#]

    /// A text of twice ``SearchPlan/minimumSearchLength`` units, pieces at random, starting and
    /// ending with a word character: a walk's searches of it from its first offsets repay the
    /// automaton (each counts the units to the text's end), which then finds the rest in runs.
    static func longText(_ random: inout SplitMix64) -> String {
        var text = "Ab"
        while text.utf16.count < 2 * SearchPlan.minimumSearchLength { text += random.element(of: pieces) }
        return text + "x"
    }

    @Test("a walk's matches drawn from runs are ICU's, UTF-16 and UTF-8")
    func walksOfRunsAreICUs() throws {
        var random = SplitMix64(seed: Self.seed &+ 1)
        let text = Self.longText(&random)
        let units = Array(text.utf16)
        let bytes = Array(text.utf8)
        let byteOffsets = utf8OffsetsOfUTF16Offsets(in: text)
        for pattern in Self.densePatterns {
            let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            let expected = units.withUnsafeBufferPointer { icu.matches(inUTF16: $0).map(\.range) }
            // A new pattern each time, whose walk starts with runs of one match.
            let compiled = try RegexPattern(pattern)
            let found = units.withUnsafeBufferPointer { compiled.matches(inUTF16: $0).map(\.range) }
            #expect(found == expected, "\(pattern): \(found.count) matches, ICU \(expected.count)")
            // The first matches alone, then the whole walk again, on the pattern's walk.
            let firstFew = units.withUnsafeBufferPointer { Array(compiled.matches(inUTF16: $0).prefix(5).map(\.range)) }
            #expect(firstFew == Array(expected.prefix(5)), "\(pattern): first matches \(firstFew)")
            let again = units.withUnsafeBufferPointer { compiled.matches(inUTF16: $0).map(\.range) }
            #expect(again == expected, "\(pattern), walked again: \(again.count) matches, ICU \(expected.count)")
            // The UTF-8 walk, for every match and for the first alone.
            let expectedInUTF8 = expected.map { byteOffsets[$0.lowerBound]..<byteOffsets[$0.upperBound] }
            for firstMatchOnly in [false, true] {
                var walked: [Range<Int>] = []
                let walks = bytes.withUnsafeBufferPointer { buffer in
                    compiled.walkMatches(inUTF8: buffer.baseAddress!, count: buffer.count, findsGroups: false, firstMatchOnly: firstMatchOnly) {
                        match, _ in
                        walked.append(match)
                        return !firstMatchOnly
                    }
                }
                if walks {
                    let wanted = firstMatchOnly ? Array(expectedInUTF8.prefix(1)) : expectedInUTF8
                    #expect(walked == wanted, "\(pattern) UTF-8 (first only: \(firstMatchOnly)): \(walked.count) matches, ICU \(wanted.count)")
                }
            }
        }
    }

    /// Texts with stretches of ``stretch`` units or more without a match before, between and
    /// after dense matches, and a word of hundreds of letters, give ICU's loop's matches, by
    /// first matches from each of the loop's offsets and by runs, in UTF-16 and UTF-8: a
    /// forward search's tracking of starts over a long stretch, and a run going on after one.
    static let stretch = 256

    @Test("a long stretch without a match, then dense matches, and the reverse, are ICU's loop's")
    func sparseThenDense() throws {
        let patterns = [
            #"\b\w+\b"#, #"\p{Lu}\p{Ll}+"#, #"\w+"#, #"\b[a-z]+woman\b"#, #"\bcontrol[a-z]*er\b"#, #"\bhelp\w*"#,
            #"[A-Za-z]{8,13}"#, #"(?:ab)*c"#, #"\d+|\s"#, #"\b\w+\b|,"#,
        ]
        let gap = String(repeating: " .,;-(!)", count: 1 + Self.stretch / 8)
        let sparseWords = String(repeating: "cont contra helper Control-rolled ", count: 1 + Self.stretch / 34)
        let dense = "The controller, a horsewoman; help Жук жук 42 x_1 Abc ab abc helpless controler. "
        let longWord = String(repeating: "abcontrolerx", count: 2 + Self.stretch / 12)
        let texts = [
            gap + dense + dense, dense + gap + dense, dense + dense + gap, sparseWords + dense + sparseWords + dense,
            gap + longWord + " " + dense, gap + dense + longWord + gap + "e\u{301}" + dense, gap + gap + gap,
        ]
        for pattern in patterns {
            for text in texts { try Self.expectLoopMatches(of: pattern, in: text) }
        }
    }

    /// ICU's loop's matches of `pattern` in `text`, against first matches from each of the
    /// loop's offsets and against runs of 64, in UTF-16 and UTF-8, each with a new automaton
    /// (tracking is not given up from an earlier text).
    static func expectLoopMatches(of pattern: String, in text: String) throws {
        let icuPattern = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
        let icu = try icuPattern.makeMatcher()
        let plan = try #require(MatchAutomatonPlan(pattern: pattern, options: []))
        let units = Array(text.utf16)
        let bytes = Array(text.utf8)
        let byteOffsets = utf8OffsetsOfUTF16Offsets(in: text)
        let expected = units.withUnsafeBufferPointer { icuPattern.matches(inUTF16: $0).map(\.range) }
        let expectedInUTF8 = expected.map { byteOffsets[$0.lowerBound]..<byteOffsets[$0.upperBound] }
        let context = "pattern \(String(reflecting: pattern)), text of \(units.count) units"
        let automaton = MatchAutomaton(plan)
        var found: [Range<Int>] = []
        var from: Int? = 0
        try units.withUnsafeBufferPointer { buffer in
            while let start = from {
                let match: Range<Int>?
                switch automaton.firstMatch(inUTF16: buffer.baseAddress!, from: start, to: units.count) {
                case .match(let range): match = range
                case .noMatch: match = nil
                case .unknown: match = try icu.firstMatch(inUTF16: buffer, from: start)
                }
                guard let match else { break }
                found.append(match)
                from = Self.nextStart(after: match, in: units)
            }
        }
        #expect(found == expected, "\(context): first matches")
        let runAutomaton = MatchAutomaton(plan)
        let foundInRuns = try units.withUnsafeBufferPointer { buffer in
            try Self.matchesInRuns(
                capacity: 64, count: units.count, nextStart: { Self.nextStart(after: $0, in: units) },
                run: { runAutomaton.matchRun(inUTF16: buffer.baseAddress!, from: $0, to: units.count, into: $1, capacity: $2) },
                icuFirstMatch: { try icu.firstMatch(inUTF16: buffer, from: $0) })
        }
        #expect(foundInRuns == expected, "\(context): runs, UTF-16")
        let utf8Automaton = MatchAutomaton(plan)
        let foundInUTF8 = try bytes.withUnsafeBufferPointer { buffer in
            try units.withUnsafeBufferPointer { unitBuffer in
                try Self.matchesInRuns(
                    capacity: 64, count: bytes.count, nextStart: { Self.nextStart(after: $0, inUTF8: bytes) },
                    run: { utf8Automaton.matchRun(inUTF8: buffer.baseAddress!, from: $0, to: bytes.count, into: $1, capacity: $2) },
                    icuFirstMatch: { from in
                        let unitOffset = byteOffsets.firstIndex(of: from)!
                        return try icu.firstMatch(inUTF16: unitBuffer, from: unitOffset).map {
                            byteOffsets[$0.lowerBound]..<byteOffsets[$0.upperBound]
                        }
                    })
            }
        }
        #expect(foundInUTF8 == expectedInUTF8, "\(context): runs, UTF-8")
    }

    /// Patterns whose searches skip in the start state (tracking starts to the scan's end)
    /// and patterns whose searches read every character (tracking near the scan's start and a
    /// run's restarts only, ``MatchAutomaton/trackedScanLength`` units): PatternSet's shapes
    /// with few matches, and dense ones.
    static let stretchPatterns = [
        #"\p{Lu}\p{Ll}+"#, #"\w+ the\b"#, #"[A-Za-z]{8,13}"#, #"\w+ly"#,
        #"\b[a-z]+woman\b"#, #"\b\w+ing\b"#, #"\b\w+ly\b"#, #"\b\w{12,}\b"#, #"\b[A-Z][a-z]+ the"#, #"\b\w+\b"#,
        #"\w*"#, #"(?:ab)*c?"#,
    ]
    /// Pieces of the stretches without a match of most of those patterns, and of the dense
    /// parts, characters outside the fast loop's among them (a surrogate pair, a combining
    /// mark, a format character beside `\b`), so that some straddle the offset where
    /// tracking stops.
    static let stretchPieces = [
        " ", " .", ",", "-(", "!", "wom", "woma ", "in ", "ly ", "abcdefghijk ", "Jo ", "e\u{301}", "😀", "\u{AD}", "жук ", "42",
    ]
    static let densePieces = ["horsewoman ", "running ", "only ", "extraordinarily ", "The ", "Man the ", "Жук ", "ab", "c"]

    @Test("generated texts of long stretches without a match and dense parts give ICU's loop's matches")
    func generatedStretches() throws {
        var random = SplitMix64(seed: Self.seed &+ 2)
        var texts: [String] = []
        for _ in 0..<6 {
            var text = ""
            for _ in 0..<random.number(in: 2...6) {
                let stretch = random.chance(0.5)
                // Stretches around the tracked length, some just shorter, some just longer.
                let length = stretch ? MatchAutomaton.trackedScanLength + random.number(in: -40...300) : random.number(in: 1...60)
                let start = text.utf16.count
                while text.utf16.count - start < length {
                    text += random.element(of: stretch ? Self.stretchPieces : Self.densePieces)
                }
            }
            texts.append(text)
        }
        // Three hundred rare matches, each found after a long stretch, without its start
        // tracked (which may make the automaton give up tracking), then dense matches.
        let rare = String(repeating: String(repeating: "woma in. ", count: 1 + MatchAutomaton.trackedScanLength / 9) + "horsewoman ", count: 300)
        texts.append(rare + String(repeating: "running only The Man the horsewoman ", count: 20))
        for pattern in Self.stretchPatterns {
            for text in texts { try Self.expectLoopMatches(of: pattern, in: text) }
        }
    }

    /// The runs' restarts against ICU's loop where a run's last search ends with a match whose
    /// start is not tracked and another match of the pattern, starting inside the run's last
    /// match, ends where it does: the reverse scan must read back to the last restart, not to
    /// where the run began (see ``MatchAutomaton/RunSink``).
    @Test("a run's match after a restart starts where ICU's search from the restart finds it")
    func matchAfterRestartStartsAtRestart() throws {
        // `ab ab-ab`: `0..<5` (its start tracked: a match at 2 drops the later threads), the
        // restart at 5, then `5..<8`, whose threads from 5 and 6 leave its start untracked;
        // `3..<8` also matches. The same with a lone surrogate, a surrogate pair, and a word
        // character where `-` is (`\w` neither ends the first match nor starts a thread).
        let cases: [(pattern: String, text: [UInt16], expected: [Range<Int>])] = [
            (#"\b.{0,3}ab"#, Array("ab ab-ab".utf16), [0..<5, 5..<8]),
            (#"\b.{0,3}(?:ab|ba)\w*"#, Array("ba ab-ab".utf16), [0..<5, 5..<8]),
            (#"\b.{0,3}(?:ab|ba)\w*"#, Array("ba ab".utf16) + [0xD83D] + Array("ab".utf16), [0..<5, 5..<8]),
            (#"\b.{0,3}(?:ab|ba)\w*"#, Array("ba ab😀ab".utf16), [0..<5, 5..<9]),
        ]
        for (pattern, units, expected) in cases {
            let icuPattern = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            let icuMatches = units.withUnsafeBufferPointer { icuPattern.matches(inUTF16: $0).map(\.range) }
            #expect(icuMatches == expected, "\(pattern): ICU \(icuMatches)")
            let automaton = MatchAutomaton(try #require(MatchAutomatonPlan(pattern: pattern, options: [])))
            for capacity in 2...4 {
                let bounds = UnsafeMutablePointer<Int>.allocate(capacity: 2 * capacity)
                defer { bounds.deallocate() }
                let (count, _) = units.withUnsafeBufferPointer {
                    automaton.matchRun(inUTF16: $0.baseAddress!, from: 0, to: units.count, into: bounds, capacity: capacity)
                }
                let found = (0..<count).map { bounds[2 * $0]..<bounds[2 * $0 + 1] }
                #expect(found == expected, "\(pattern) in \(UTF16Units.describe(units)), runs of \(capacity)")
            }
        }
        // The case as a walk met it: three words, a long gap, then the matches, in a text long
        // enough that the walk takes the automaton and its runs.
        var units = Array((String(repeating: "ab" + String(repeating: " ", count: 10), count: 3) + String(repeating: " ", count: 100) + "ba ab").utf16)
        units += [0xD83D] + Array("ab😀  pq".utf16)
        while units.count < 70_000 { units += Array(" pq".utf16) }
        let pattern = #"\b.{0,3}(?:ab|ba)\w*"#
        let icuPattern = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
        let expected = units.withUnsafeBufferPointer { icuPattern.matches(inUTF16: $0).map(\.range) }
        #expect(expected.prefix(5) == [0..<2, 12..<14, 24..<26, 136..<141, 141..<144])
        let found = try units.withUnsafeBufferPointer { try RegexPattern(pattern).matches(inUTF16: $0).map(\.range) }
        #expect(found == expected, "walk: \(found.prefix(6)), ICU \(expected.prefix(6))")
    }

    /// Pieces of the patterns of ``runsWithOverlappingCandidatesAreICUs()``: a bounded repeat
    /// of any character (or of word characters) before alternations whose members share
    /// prefixes, so that a match's threads come from several starts near the end of the last
    /// one.
    static let overlapLeads = [#"\b.{0,%d}"#, #"\b.{0,%d}"#, #"\b\w{0,%d}"#, #"\b[^ ]{0,%d}"#, #".{0,%d}"#, #"\b.{1,%d}"#]
    static let overlapAlternations = [
        "(?:ab|ba)", "(?:ab|abc|a)", "(?:abc|ab)", "ab", "(?:a|ab)b?", "(?:ba|b)", "(?:ab|a.)", "(?:😀|ab)",
    ]
    static let overlapTails = ["", #"\w*"#, #"\b"#, #"\w+"#, "c?"]
    static let overlapPieces = [
        "ab", "ba", "abc", " ", " ", "-", "a", "b", "x", "😀", "é", "e\u{301}", "  ", "ab ab", "ba ab", ".",
    ]

    @Test("runs where the matches' candidates overlap the last match are ICU's loop's, UTF-16 and UTF-8")
    func runsWithOverlappingCandidatesAreICUs() throws {
        var random = SplitMix64(seed: Self.seed &+ 3)
        var compared = 0
        var failures = 0
        for _ in 0..<60 where failures < 10 {
            let lead = String(format: random.element(of: Self.overlapLeads), random.number(in: 1...4))
            let pattern = lead + random.element(of: Self.overlapAlternations) + random.element(of: Self.overlapTails)
            guard let plan = MatchAutomatonPlan(pattern: pattern, options: []) else { continue }
            let icuPattern = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            let icu = try icuPattern.makeMatcher()
            let automaton = MatchAutomaton(plan)
            for _ in 0..<4 {
                let string = (0..<random.number(in: 4...40)).map { _ in random.element(of: Self.overlapPieces) }.joined()
                // Lone surrogates in the UTF-16 text, a lead or a trail, where a piece ends.
                var units = Array(string.utf16)
                for _ in 0..<random.number(in: 0...2) {
                    units.insert(random.chance(0.5) ? 0xD83D : 0xDE00, at: random.number(in: 0...units.count))
                }
                let (comparedHere, failed) = try Self.compareRunsWithICULoop(
                    of: automaton, icuPattern: icuPattern, icu: icu, units: units, string: string, capacities: [2, 4, 64],
                    context: pattern)
                compared += comparedHere
                failures += failed
            }
        }
        #expect(compared > 600)
        // Walks of long texts (the walk takes the automaton and its runs): a lone surrogate
        // among dense matches.
        var text: [UInt16] = []
        while text.count < 2 * SearchPlan.minimumSearchLength {
            text += Array(random.element(of: Self.overlapPieces).utf16)
            if random.chance(0.05) { text.append(random.chance(0.5) ? 0xD83D : 0xDE00) }
        }
        for pattern in [#"\b.{0,3}(?:ab|ba)\w*"#, #"\b.{0,2}(?:abc|ab)"#, #"\b\w{0,3}(?:ab|a)b?"#, #"\b[^ ]{0,4}ab\b"#] {
            let icuPattern = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            let expected = text.withUnsafeBufferPointer { icuPattern.matches(inUTF16: $0).map(\.range) }
            let found = try text.withUnsafeBufferPointer { try RegexPattern(pattern).matches(inUTF16: $0).map(\.range) }
            #expect(found == expected, "\(pattern), walk of \(text.count) units: \(found.count) matches, ICU \(expected.count)")
        }
    }
}
