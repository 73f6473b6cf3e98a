import Foundation
@testable import ICURegex
import Testing
import TestSupport

/// The back-reference searcher (``BackReferenceSearcher``) against ICU alone: for generated
/// patterns with one or two groups and back references to them, every match of ICU's walk
/// with every group's range must be found by the searcher, searching from where ICU's loop
/// would, in UTF-16 and UTF-8 (an ``BackReferenceSearcher/Outcome/unknown(from:)`` answer is
/// allowed, counted, and ends the comparison of that walk); then the library's own searches,
/// which use the searcher (walks in UTF-16 and UTF-8, first matches in sub-ranges, anchored or
/// not, a matcher's searches from an offset), must be ICU's exactly.
@Suite struct BackReferenceDifferentialTests {
    static let seed = ProcessInfo.processInfo.environment["ICUREGEX_SEED"].flatMap { UInt64($0) } ?? 0x4241_434B_5245_4653

    /// Counts of a run.
    struct Counts {
        var patterns = 0
        var plans = 0
        var matches = 0
        var unknown = 0
    }

    /// The bodies the generated groups are made of.
    static let bodies = [
        "a", "ab", "a|ab", "ab|a", "a*", "a+", "a+?", "\\w+", "\\w*?", "[ab]+", "b?", "", "a{1,2}", "(?:a|b)+?", "é+",
        "😀", ".", "[^ ]+", "(?:ab)*", "\\w", "a|", "(?:x|a)b?",
    ]

    /// The shapes of the generated patterns: `G` and `H` are groups' bodies.
    static let shapes = [
        "(G)\\1", "(G) \\1", "(G)\\1b", "(G)|\\1", "(?:(G)|b)\\1", "(G)(H)\\2\\1", "(?<n>G)\\k<n>", "\\b(G) \\1\\b",
        "(G)+\\1", "(?:(G)|x)+\\1", "\\1(G)", "(G)\\1(H)\\2", "(G)(?:\\1|H)+", "((G)H)\\2\\1", "(G)x?\\1", "(G)\\1?",
        "(?:(G)\\1)+", "(G){2}\\1", "(G)(H)?\\2", "(?:(G)|(H))\\1\\2", "\\B(G)\\1", "(G)\\1*?b", "(G)*\\1", "a(G)\\1{1,2}",
        "(?:(G)|(H)\\1)+", "(?<![a])(G)\\1(?![b])", "(?<=\\w)(G) \\1(?!\\w)", "(?:(?<!\\w)(?=\\w)|(?<=\\w)(?!\\w))(G)(?:\\1)(?=[ab])",
    ]

    /// The pieces the texts are made of.
    static let pieces = ["a", "b", " ", "ab", "aa", "x", "é", "É", "😀", "e\u{301}", "A", "\n", "ab ab", "a a"]

    /// Every match of ICU's loop on `text[..<end]` with its slots, from the searcher's
    /// searches from where the loop would start; `isComplete` false when a search could not
    /// tell (the matches before it are kept).
    static func searcherMatches(
        _ searcher: BackReferenceSearcher, slotCount: Int, end: Int, next: (Int) -> Int,
        search: (Int) -> BackReferenceSearcher.Outcome
    ) -> (slots: [[Int]], isComplete: Bool) {
        var found: [[Int]] = []
        var from = 0
        while from <= end {
            switch search(from) {
            case .match(let match):
                found.append((0..<slotCount).map { searcher.slot($0) })
                from = match.upperBound
                if match.isEmpty {
                    guard from < end else { return (found, true) }
                    from = next(from)
                }
            case .noMatch:
                return (found, true)
            case .unknown:
                return (found, false)
            }
        }
        return (found, true)
    }

    /// Compares the searcher and the library with ICU on `strings` for `pattern`; returns the
    /// failures' descriptions.
    static func compare(
        _ pattern: String, strings: [String], random: inout SplitMix64, counts: inout Counts
    ) -> [String] {
        guard let icu = try? RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false),
            let library = try? RegexPattern(pattern)
        else { return [] }
        counts.patterns += 1
        guard let plan = BackReferenceSearchPlan(pattern: pattern, options: [], groupCount: icu.numberOfCaptureGroups) else {
            return []
        }
        counts.plans += 1
        // Worked out now, so that the library's short searches use the searcher.
        guard let searchers = library.backReferenceSearchers, let borrowed = searchers.take() else {
            return ["the library has no back-reference searcher"]
        }
        searchers.put(borrowed)
        let searcher = BackReferenceSearcher(plan)
        let slotCount = 2 * (icu.numberOfCaptureGroups + 1)
        var failures: [String] = []
        for string in strings {
            let units = Array(string.utf16)
            let bytes = Array(string.utf8)
            let byteOffsets = utf8OffsetsOfUTF16Offsets(in: string)
            func inBytes(_ slots: [Int]) -> [Int] { slots.map { $0 < 0 ? -1 : byteOffsets[$0] } }
            units.withUnsafeBufferPointer { buffer in
                bytes.withUnsafeBufferPointer { byteBuffer in
                    let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 2)!
                    let byteBase = byteBuffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
                    let expected = icu.matches(inUTF16: buffer).map(\.slots)
                    // The searcher itself, UTF-16 and UTF-8.
                    let inUnits = searcherMatches(
                        searcher, slotCount: slotCount, end: units.count,
                        next: { UTF16ScannedText(units: base).character(at: $0, end: units.count).next },
                        search: { searcher.firstMatch(inUTF16: base, from: $0, to: units.count) })
                    let inUTF8 = searcherMatches(
                        searcher, slotCount: slotCount, end: bytes.count,
                        next: { UTF8ScannedText(bytes: byteBase).character(at: $0, end: bytes.count).next },
                        search: { searcher.firstMatch(inUTF8: byteBase, from: $0, to: bytes.count) })
                    for (found, isComplete, wanted, encoding) in [
                        (inUnits.slots, inUnits.isComplete, expected, "UTF-16"),
                        (inUTF8.slots, inUTF8.isComplete, expected.map(inBytes), "UTF-8"),
                    ] {
                        if isComplete ? found == wanted : found == Array(wanted.prefix(found.count)) {
                            counts.matches += found.count
                            if !isComplete { counts.unknown += 1 }
                        } else {
                            failures.append(
                                "\(encoding) searcher: \(found.count) matches, ICU \(wanted.count), first difference at "
                                    + "\(firstDifference(found, wanted)); text \(String(reflecting: string))")
                        }
                    }
                    // The library's walks.
                    let walked = library.matches(inUTF16: buffer).map(\.slots)
                    if walked != expected {
                        failures.append("UTF-16 walk: first difference at \(firstDifference(walked, expected)); text \(String(reflecting: string))")
                    }
                    // ICU's own UTF-8 walk, which decides `\b` at the text's end its own way.
                    let walkedBytes = library.matches(inUTF8: byteBuffer).map(\.slots)
                    let expectedBytes = icu.matches(inUTF8: byteBuffer).map(\.slots)
                    if walkedBytes != expectedBytes {
                        failures.append(
                            "UTF-8 walk: first difference at \(firstDifference(walkedBytes, expectedBytes)); "
                                + "text \(String(reflecting: string))")
                    }
                    // First matches in sub-ranges, as texts of their own, and a matcher's from
                    // an offset of the whole text.
                    let starts = (0...units.count).filter { byteOffsets[$0] >= 0 }
                    for _ in 0..<3 {
                        let lower = random.number(in: 0..<starts.count)
                        let range = starts[lower]..<starts[random.number(in: lower..<starts.count)]
                        let anchored = random.chance(0.3)
                        let wanted = try? icu.firstRange(inUTF16: buffer, range: range, anchored: anchored)
                        let found = try? library.firstRange(inUTF16: buffer, range: range, anchored: anchored)
                        if found != wanted {
                            failures.append(
                                "firstRange in \(range) anchored \(anchored): ICU \(String(describing: wanted)), "
                                    + "library \(String(describing: found)); text \(String(reflecting: string))")
                        }
                        let from = range.lowerBound
                        let icuMatcher = try? icu.makeMatcher()
                        let matcher = try? library.makeMatcher()
                        let wantedFrom = try? icuMatcher?.firstMatch(inUTF16: buffer, from: from)
                        let foundFrom = try? matcher?.firstMatch(inUTF16: buffer, from: from)
                        let foundBytes = try? matcher?.firstMatch(inUTF8: UnsafeRawBufferPointer(byteBuffer), from: byteOffsets[from])
                        let wantedBytes = wantedFrom.map { byteOffsets[$0.lowerBound]..<byteOffsets[$0.upperBound] }
                        if foundFrom != wantedFrom || foundBytes != wantedBytes {
                            failures.append(
                                "matcher from \(from): ICU \(String(describing: wantedFrom)), library "
                                    + "\(String(describing: foundFrom)), in UTF-8 \(String(describing: foundBytes)); "
                                    + "text \(String(reflecting: string))")
                        }
                    }
                }
            }
        }
        return failures
    }

    @Test("generated patterns with back references: the searcher's matches and groups are ICU's")
    func generatedPatterns() {
        var random = SplitMix64(seed: Self.seed)
        var counts = Counts()
        var failures = 0
        func text() -> String {
            (0..<random.number(in: 0...10)).map { _ in random.element(of: Self.pieces) }.joined()
        }
        var patterns: [String] = []
        for shape in Self.shapes {
            for _ in 0..<8 {
                patterns.append(
                    shape.replacingOccurrences(of: "G", with: random.element(of: Self.bodies))
                        .replacingOccurrences(of: "H", with: random.element(of: Self.bodies)))
            }
        }
        for pattern in patterns where failures < 20 {
            let strings = (0..<6).map { _ in text() }
            for failure in Self.compare(pattern, strings: strings, random: &random, counts: &counts) {
                failures += 1
                Issue.record("pattern \(String(reflecting: pattern)): \(failure)")
            }
        }
        #expect(counts.plans > counts.patterns / 2)
        #expect(counts.matches > counts.patterns)
        #expect(counts.matches > 20 * counts.unknown)
        if ProcessInfo.processInfo.environment["ICUREGEX_COUNTS"] != nil { print("generatedPatterns: \(counts)") }
    }

    /// GNU grep's `\\b(\\w+) \\1\\b` as the POSIX translator writes it for `-E`: glibc's
    /// word characters, and `\\b` as one-character look-arounds.
    static let translatedRepeatedWords =
        "(?:(?<![\\p{Alphabetic}\\p{Nd}_])(?=[\\p{Alphabetic}\\p{Nd}_])|(?<=[\\p{Alphabetic}\\p{Nd}_])(?![\\p{Alphabetic}\\p{Nd}_]))"
        + "([\\p{Alphabetic}\\p{Nd}_]+) (?:\\1)"
        + "(?:(?<![\\p{Alphabetic}\\p{Nd}_])(?=[\\p{Alphabetic}\\p{Nd}_])|(?<=[\\p{Alphabetic}\\p{Nd}_])(?![\\p{Alphabetic}\\p{Nd}_]))"

    @Test("the classic pairs of words, and long texts of them, as ICU finds them", arguments: ["\\b(\\w+) \\1\\b", translatedRepeatedWords])
    func repeatedWords(pattern: String) throws {
        #expect(BackReferenceSearchPlan(pattern: pattern, options: [], groupCount: 1) != nil)
        var random = SplitMix64(seed: Self.seed ^ 0x574F_5244)
        // A soft hyphen (which `\b` looks past) stops the automaton: the backtracker's windows
        // go on from there.
        let words = ["the", "the", "a", "cat", "Paris", "in", "in", "été", "été", "x1", "😀", "the\u{301}", "théâtre", "co\u{AD}op"]
        let separators = [" ", " ", " ", ", ", "\n", "  "]
        // Long enough for the library's plan and walks to take their long-text ways.
        let text = (0..<12_000).map { _ in random.element(of: words) + random.element(of: separators) }.joined()
        let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
        let library = try RegexPattern(pattern)
        let units = Array(text.utf16)
        let bytes = Array(text.utf8)
        units.withUnsafeBufferPointer { buffer in
            let expected = icu.matches(inUTF16: buffer).map(\.slots)
            #expect(expected.count > 300)
            // The searcher alone finds them all: the soft hyphens leave nothing to ICU.
            let plan = BackReferenceSearchPlan(pattern: pattern, options: [], groupCount: 1)!
            let searcher = BackReferenceSearcher(plan)
            let base = buffer.baseAddress!
            let found = Self.searcherMatches(
                searcher, slotCount: 4, end: units.count,
                next: { UTF16ScannedText(units: base).character(at: $0, end: units.count).next },
                search: { searcher.firstMatch(inUTF16: base, from: $0, to: units.count) })
            #expect(found.isComplete && found.slots == expected)
            #expect(library.matches(inUTF16: buffer).map(\.slots) == expected)
            #expect((try? library.firstRange(inUTF16: buffer, range: 10..<units.count)) == (try? icu.firstRange(inUTF16: buffer, range: 10..<units.count)))
        }
        bytes.withUnsafeBufferPointer { buffer in
            #expect(library.matches(inUTF8: buffer).map(\.slots) == icu.matches(inUTF8: buffer).map(\.slots))
        }
    }

    /// Patterns whose superset's proposals come every few units (a start proposed next to the
    /// place searched from, at which the backtracker fails), so that the searcher tries the
    /// starts of windows without the automaton, passing over those whose first character
    /// cannot start the superset: matches starting inside words, at ASCII and other
    /// characters, beside soft hyphens, on texts long enough for many windows.
    @Test("dense proposals: the starts of windows tried without the automaton, as ICU finds them")
    func denseProposals() {
        var random = SplitMix64(seed: Self.seed ^ 0x4445_4E53_4520)
        var counts = Counts()
        var failures = 0
        let pieces = ["a", "b", " ", "ab", "aa", "x", "é", "éé", "😀", "\u{AD}", "e\u{301}", ", ", "ba", "\n", "ab ab"]
        let patterns = [
            "(\\w)\\1", "(a+)b\\1", "\\b(\\w+) \\1\\b", "(\\w+)\\1", "(a*)\\1x", "([ab])x?\\1", "(\\w)(\\w)\\2\\1",
            "(\\W)\\1", "\\B(\\w)\\1", "(é|a)\\1",
        ]
        for pattern in patterns where failures < 20 {
            let strings = (0..<2).map { _ in (0..<random.number(in: 60...240)).map { _ in random.element(of: pieces) }.joined() }
            for failure in Self.compare(pattern, strings: strings, random: &random, counts: &counts) {
                failures += 1
                Issue.record("pattern \(String(reflecting: pattern)): \(failure)")
            }
        }
        #expect(counts.plans == patterns.count)
        #expect(counts.matches > 20 * patterns.count)
        // A run that spends its budget hands the rest to ICU: allowed, and rare.
        #expect(counts.matches > 20 * counts.unknown)
    }

    /// Patterns of the shape ``RepeatedRunTest`` rules starts out for (a group that is a run of
    /// one set, a literal separator, the reference), and some just outside it, on texts of
    /// runs that nearly repeat: the test must rule out only starts that have no match, and the
    /// groups must be ICU's.
    @Test("runs, a separator and the run again: the quick test rules out only starts without a match")
    func repeatedRuns() {
        var random = SplitMix64(seed: Self.seed ^ 0x5255_4E53)
        var counts = Counts()
        var failures = 0
        let tested = [
            "\\b(\\w+) \\1\\b", "(\\w+) \\1", "(\\w+?) \\1", "(\\d+)-\\1", "(a+)b\\1", "(\\w{2}), \\1", "(\\w{2,}) \\1",
            "\\B(é+)x\\1", "([^ ]+) \\1", "\\b(\\w+) \\1(\\w)", "(\\w+)\\.\\.\\1",
            "(?<![ab])(?=[ab])([ab]+)  \\1", Self.translatedRepeatedWords,
        ]
        // No separator; one whose first character is of the run's set, or not below U+0800; a
        // run not of one set; a bounded run of several lengths.
        let untested = ["(\\w+)\\1", "(.+) \\1", "(\\w+)é\\1", "(\\w+)😀\\1", "(a|b)+ \\1", "(\\w{1,3}) \\1"]
        for pattern in tested {
            let groups = (try? RegexPattern(pattern).numberOfCaptureGroups) ?? 0
            let plan = BackReferenceSearchPlan(pattern: pattern, options: [], groupCount: groups)
            #expect(plan?.repeatedRun != nil, "pattern \(pattern)")
        }
        for pattern in untested {
            let groups = (try? RegexPattern(pattern).numberOfCaptureGroups) ?? 0
            let plan = BackReferenceSearchPlan(pattern: pattern, options: [], groupCount: groups)
            #expect(plan != nil && plan?.repeatedRun == nil, "pattern \(pattern)")
        }
        let pieces = [
            "a", "ab", " ", " ", "ab ab", "a a", "aa a", "12-12", "1-12", "x", "é", "éxé", "ééxé", "b", ", ", "😀", "a😀a",
            "\u{AD}", "e\u{301}", "é", "\n", "ab, ab", "9", "the the", "the then", "é é",
        ]
        for pattern in tested + untested where failures < 20 {
            let strings = (0..<4).map { _ in (0..<random.number(in: 4...120)).map { _ in random.element(of: pieces) }.joined() }
            for failure in Self.compare(pattern, strings: strings, random: &random, counts: &counts) {
                failures += 1
                Issue.record("pattern \(String(reflecting: pattern)): \(failure)")
            }
        }
        #expect(counts.plans == tested.count + untested.count)
        #expect(counts.matches > 10 * counts.plans)
        #expect(counts.matches > 20 * counts.unknown)
    }

    @Test("ill-formed UTF-8 in runs and their repeats: the library's matches are ICU's")
    func illFormedRuns() throws {
        // Bytes ICU reads as U+FFFD, in the run, the separator's place and the repeat.
        let texts: [[UInt8]] = [
            Array("ab ab".utf8) + [0xFF] + Array(" ab\u{FFFD} ab\u{FFFD}".utf8),
            Array("\u{FFFD} ".utf8) + [0xEF, 0xBF] + Array(" x x".utf8),
            [0xC3] + Array(" ".utf8) + [0xC3, 0x20, 0xC3, 0xA9, 0x20, 0xC3, 0xA9],
            Array("é".utf8) + [0x20, 0xC3, 0x41] + Array(" é é".utf8),
        ]
        for pattern in ["(.+) \\1", "([^ ]+) \\1", "\\b(\\w+) \\1\\b", "(\\w+) \\1"] {
            let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            let library = try RegexPattern(pattern)
            _ = library.backReferenceSearchers.map { pool in pool.take().map(pool.put) }
            for text in texts {
                text.withUnsafeBufferPointer { buffer in
                    #expect(
                        library.matches(inUTF8: buffer).map(\.slots) == icu.matches(inUTF8: buffer).map(\.slots),
                        "pattern \(pattern), text \(text)")
                }
            }
        }
    }

    /// ICU compares a reference ignoring case by the full case folding of both sides, which
    /// may change lengths (`ß` and `ss`, `ﬀ` and `ff`), and rejects a match that ends inside
    /// one character's folding: the searcher leaves these to ICU, so the library's answers,
    /// groups included, are ICU's on texts made of such characters.
    @Test("references ignoring case stay ICU's: ß, ﬀ, İ, ſ, the Kelvin sign, final sigma")
    func caseInsensitiveReferences() throws {
        var random = SplitMix64(seed: Self.seed ^ 0x4341_5345)
        let pieces = ["ß", "ss", "SS", "s", "ﬀ", "ff", "F", "İ", "i̇", "i", "I", "ſ", "S", "\u{212A}", "k", "K", "σ", "ς", "Σ", " ", "x"]
        let patterns = ["(?i)(\\w+) \\1", "(?i)(ss)\\1", "(?i)(ß)\\1", "(?i)(\\w)\\1", "(?i)(f+)\\1", "(?i)\\b(\\w+)\\s\\1\\b", "(?i)(.)(.)\\2\\1"]
        var matches = 0
        for pattern in patterns {
            let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            let library = try RegexPattern(pattern)
            #expect(BackReferenceSearchPlan(pattern: pattern, options: [], groupCount: icu.numberOfCaptureGroups) == nil)
            for _ in 0..<12 {
                let text = (0..<random.number(in: 1...12)).map { _ in random.element(of: pieces) }.joined()
                let units = Array(text.utf16)
                let bytes = Array(text.utf8)
                units.withUnsafeBufferPointer { buffer in
                    let expected = icu.matches(inUTF16: buffer).map(\.slots)
                    matches += expected.count
                    #expect(library.matches(inUTF16: buffer).map(\.slots) == expected, "\(pattern) \(text)")
                }
                bytes.withUnsafeBufferPointer { buffer in
                    #expect(library.matches(inUTF8: buffer).map(\.slots) == icu.matches(inUTF8: buffer).map(\.slots), "\(pattern) \(text)")
                }
            }
        }
        // The folds of several characters (`ß` against `ss`) make many of them.
        #expect(matches > 2 * patterns.count)
    }

    @Test("a lone surrogate captured is one code point: it does not match the first half of a pair")
    func loneSurrogates() throws {
        let units: [UInt16] = [0xD83D, 0xD83D, 0xDE00, 0x61, 0xD83D, 0xD83D, 0x62, 0xDE00, 0xDE00]
        for pattern in ["(.)\\1", "([^a])\\1", "(\\W+)\\1"] {
            let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            let library = try RegexPattern(pattern)
            _ = library.backReferenceSearchers.map { pool in pool.take().map(pool.put) }
            units.withUnsafeBufferPointer { buffer in
                #expect(
                    library.matches(inUTF16: buffer).map(\.slots) == icu.matches(inUTF16: buffer).map(\.slots),
                    "pattern \(pattern)")
            }
        }
    }

    @Test("pathological patterns finish and agree with ICU: the budget hands them to ICU")
    func pathologicalPatterns() throws {
        // At the start, the group holds `b`, which the reference never finds, after 2^16 ways
        // of reading the `a`s: the budget is spent, and ICU searches from there.
        let pattern = "(b|a)(?:a|a)+\\1c"
        let text = "b" + String(repeating: "a", count: 16) + "c"
        let plan = try #require(BackReferenceSearchPlan(pattern: pattern, options: [], groupCount: 1))
        let units = Array(text.utf16)
        units.withUnsafeBufferPointer { buffer in
            #expect(BackReferenceSearcher(plan).firstMatch(inUTF16: buffer.baseAddress!, from: 0, to: units.count) == .unknown(from: 0))
        }
        for (pattern, text) in [
            (pattern, text), (pattern, "b" + String(repeating: "a", count: 16) + "ac"),
            ("(a*)*\\1b", String(repeating: "a", count: 24) + "c"), ("(a+)+\\1b", String(repeating: "a", count: 12) + "c"),
        ] {
            let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            let library = try RegexPattern(pattern)
            _ = library.backReferenceSearchers.map { pool in pool.take().map(pool.put) }
            let expected = Result(catching: { () throws(ICURegexError) in try icu.firstRange(in: text) })
            let found = Result(catching: { () throws(ICURegexError) in try library.firstRange(in: text) })
            #expect(String(describing: found) == String(describing: expected), "pattern \(pattern)")
        }
    }

    @Test("references the searcher leaves to ICU: inside their own group, ignoring case, several digits")
    func unsupportedReferences() {
        for (pattern, options) in [
            ("(a\\1?)+", RegexPattern.Options()), ("(a)\\1", .caseInsensitive), ("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10", []),
            ("(a)\\0", []), ("(?=(a))\\1", []), ("(a\\b)\\1", []),
        ] {
            let groups = (try? RegexPattern(pattern, options: options).numberOfCaptureGroups) ?? 0
            #expect(BackReferenceSearchPlan(pattern: pattern, options: options, groupCount: groups) == nil, "pattern \(pattern)")
        }
    }
}
