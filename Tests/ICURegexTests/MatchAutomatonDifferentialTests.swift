import Foundation
@testable import ICURegex
import Testing
import TestSupport

/// The match automaton (``MatchAutomaton``) against ICU alone: for generated patterns that
/// have a plan, every match of ICU's walk over generated texts (each search starting where the
/// previous match ended, one code point further after an empty one) must be the automaton's,
/// in UTF-16 (with lone surrogates) and UTF-8 (with ill-formed bytes), unanchored and anchored.
/// An ``MatchAutomaton/Outcome/unknown`` answer is allowed (the caller asks ICU) and counted.
///
/// Two generators: one of priority puzzles over a small alphabet (alternations whose branches
/// share prefixes, greedy, lazy and counted loops, overlapping classes), where leftmost-first
/// and leftmost-longest part ways, and ``PatternSyntaxGenerator`` for every construct the reader
/// knows. Longer runs: `ICUREGEX_SEED` and `ICUREGEX_PATTERNS` (see `Tests/differential.sh`).
@Suite struct MatchAutomatonDifferentialTests {
    static let seed = ProcessInfo.processInfo.environment["ICUREGEX_SEED"].flatMap { UInt64($0) } ?? 0x4D41_5443_4844_4641
    static let patternCount = ProcessInfo.processInfo.environment["ICUREGEX_PATTERNS"].flatMap { Int($0) } ?? 4_000

    /// Counts of a run, printed at its end.
    struct Counts: CustomStringConvertible {
        var patterns = 0
        var planned = 0
        var searches = 0
        var unknown = 0
        var matches = 0
        var limited = 0
        var description: String {
            "\(patterns) patterns, \(planned) with a plan; \(searches) searches compared (\(matches) matches), "
                + "\(unknown) answered unknown, \(limited) hit ICU's limits"
        }
    }

    /// Compares the automaton with ICU on `texts` for `pattern` compiled with `options`;
    /// returns the failures' descriptions.
    static func compare(
        _ pattern: String, options: RegexPattern.Options, texts: [[UInt16]], utf8Texts: [[UInt8]], counts: inout Counts
    ) -> [String] {
        guard let plan = MatchAutomatonPlan(pattern: pattern, options: options) else { return [] }
        // The reader reads a few patterns ICU rejects (PatternSyntaxTests counts them); a plan
        // is only ever made for a pattern ICU compiled.
        guard let icu = try? RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false).makeMatcher() else {
            return []
        }
        counts.planned += 1
        let automaton = MatchAutomaton(plan)
        var failures: [String] = []
        func describe(_ units: [UInt16]) -> String { UTF16Units.describe(units) }
        for units in texts {
            units.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 2)!
                var from = 0
                while from <= units.count {
                    counts.searches += 1
                    let expected: Range<Int>?
                    do { expected = try icu.firstMatch(inUTF16: buffer, from: from) } catch {
                        counts.limited += 1
                        return
                    }
                    let outcome = automaton.firstMatch(inUTF16: base, from: from, to: units.count)
                    switch outcome {
                    case .unknown: counts.unknown += 1
                    case .noMatch where expected == nil: break
                    case .match(let found) where found == expected: counts.matches += 1
                    default:
                        failures.append(
                            "UTF-16 from \(from): ICU \(String(describing: expected)), automaton \(outcome); text \(describe(units))")
                        return
                    }
                    // Anchored: ICU's first match counts only when it starts at `from`.
                    let anchoredExpected = expected.flatMap { $0.lowerBound == from ? $0 : nil }
                    let anchored = automaton.firstMatch(inUTF16: base, from: from, to: units.count, anchored: true)
                    switch anchored {
                    case .unknown: break
                    case .noMatch where anchoredExpected == nil: break
                    case .match(let found) where found == anchoredExpected: break
                    default:
                        failures.append(
                            "UTF-16 anchored from \(from): ICU \(String(describing: anchoredExpected)), automaton \(anchored); "
                                + "text \(describe(units))")
                        return
                    }
                    guard let match = expected else { break }
                    if !match.isEmpty {
                        from = match.upperBound
                    } else if match.upperBound < units.count {
                        let isPair = UTF16.isLeadSurrogate(units[match.upperBound]) && match.upperBound + 1 < units.count
                            && UTF16.isTrailSurrogate(units[match.upperBound + 1])
                        from = match.upperBound + (isPair ? 2 : 1)
                    } else {
                        break
                    }
                }
            }
        }
        // UTF-8 against ICU on the same text decoded to UTF-16 (ill-formed sequences as
        // U+FFFD, as ICU reads them), offsets mapped back: ICU's own UTF-8 search decides `\b`
        // at the text's end from a stale position (`isWordBoundary` in `rematch.cpp` reads the
        // character before its iterator's last position, not before the end), which the
        // UTF-16 search, and the automaton, do not.
        for bytes in utf8Texts {
            bytes.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
                var units: [UInt16] = []
                var byteOffsetOfUnit: [Int] = []
                var index = 0
                while index < bytes.count {
                    let (scalar, length) = UTF8Decoding.character(at: index, in: base, end: bytes.count)
                    for unit in String(Character(Unicode.Scalar(scalar)!)).utf16 {
                        units.append(unit)
                        byteOffsetOfUnit.append(index)
                    }
                    index += length
                }
                byteOffsetOfUnit.append(bytes.count)
                func bytesRange(_ range: Range<Int>) -> Range<Int> { byteOffsetOfUnit[range.lowerBound]..<byteOffsetOfUnit[range.upperBound] }
                units.withUnsafeBufferPointer { decoded in
                    var from = 0
                    while from <= units.count {
                        counts.searches += 1
                        let expected: Range<Int>?
                        do { expected = try icu.firstMatch(inUTF16: decoded, from: from).map(bytesRange) } catch {
                            counts.limited += 1
                            return
                        }
                        let byteFrom = byteOffsetOfUnit[from]
                        let outcome = automaton.firstMatch(inUTF8: base, from: byteFrom, to: bytes.count)
                        switch outcome {
                        case .unknown: counts.unknown += 1
                        case .noMatch where expected == nil: break
                        case .match(let found) where found == expected: counts.matches += 1
                        default:
                            failures.append("UTF-8 from \(byteFrom): ICU \(String(describing: expected)), automaton \(outcome); bytes \(bytes)")
                            return
                        }
                        guard let match = try? icu.firstMatch(inUTF16: decoded, from: from) else { break }
                        if !match.isEmpty {
                            from = match.upperBound
                        } else if match.upperBound < units.count {
                            from = match.upperBound + (UTF16.isLeadSurrogate(units[match.upperBound]) ? 2 : 1)
                        } else {
                            break
                        }
                    }
                }
            }
        }
        return failures
    }

    @Test("priority puzzles: the automaton's matches are ICU's")
    func priorityPuzzles() {
        var generator = PriorityPuzzleGenerator(seed: Self.seed)
        var counts = Counts()
        var failures = 0
        for _ in 0..<Self.patternCount where failures < 20 {
            let pattern = generator.pattern()
            counts.patterns += 1
            let texts = (0..<8).map { _ in generator.text() }
            let utf8Texts = (0..<4).map { _ in generator.utf8Text() }
            for options: RegexPattern.Options in [[], [.caseInsensitive], [.dotMatchesLineSeparators]] {
                for failure in Self.compare(pattern, options: options, texts: texts, utf8Texts: utf8Texts, counts: &counts) {
                    failures += 1
                    Issue.record("pattern \(String(reflecting: pattern)) options \(options.rawValue): \(failure)")
                }
            }
        }
        print("MatchAutomatonDifferentialTests.priorityPuzzles: seed \(Self.seed): \(counts)")
        #expect(counts.planned > Self.patternCount)
        #expect(counts.matches > 30 * Self.patternCount)
    }

    /// POSIX's leftmost-longest matches (`-o` with `-G`, `-E`): from the start of each of ICU's
    /// first matches, the automaton's longest match (``MatchAutomaton/longestMatch(inUTF16:startingAt:to:)``)
    /// against ICU trying every later end (``RegexMatcher/longestMatchEnd(inUTF16:start:after:)``),
    /// in UTF-16 and in UTF-8. Unknown answers are allowed; most must be known.
    @Test("priority puzzles: the automaton's longest match from a start is ICU's")
    func longestMatches() throws {
        var generator = PriorityPuzzleGenerator(seed: Self.seed ^ 0x4C4F_4E47_4553_54)
        var compared = 0
        var unknown = 0
        var failures = 0
        for index in 0..<(Self.patternCount / 4) where failures < 10 {
            let pattern = generator.pattern()
            let options: RegexPattern.Options = index % 3 == 1 ? [.caseInsensitive] : []
            guard let plan = MatchAutomatonPlan(pattern: pattern, options: options),
                let icu = try? RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false).makeMatcher()
            else { continue }
            let texts = (0..<6).map { _ in String(decoding: generator.text(), as: UTF16.self) }
            for failure in try Self.compareLongest(plan: plan, icu: icu, texts: texts, compared: &compared, unknown: &unknown) {
                failures += 1
                Issue.record("pattern \(String(reflecting: pattern)) options \(options.rawValue): \(failure)")
            }
        }
        #expect(compared > 10 * unknown)
        #expect(compared > Self.patternCount)
    }

    /// From the start of each of ICU's first matches in `texts` (the next search starting after
    /// the longest match), the automaton's longest match against ICU trying every later end, in
    /// UTF-16 and in UTF-8; returns the failures' descriptions.
    static func compareLongest(
        plan: MatchAutomatonPlan, icu: RegexMatcher, texts: [String], compared: inout Int, unknown: inout Int
    ) throws -> [String] {
        let automaton = MatchAutomaton(plan)
        var failures: [String] = []
        for text in texts {
            let units = Array(text.utf16)
            let bytes = Array(text.utf8)
            // The byte offset of each UTF-16 offset (a character's first unit).
            let byteOffsets = utf8OffsetsOfUTF16Offsets(in: text)
            try units.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 2)!
                var from = 0
                while from <= units.count, let first = try icu.firstMatch(inUTF16: buffer, from: from) {
                    let longest = try icu.longestMatchEnd(inUTF16: buffer, start: first.lowerBound, after: first.upperBound) ?? first.upperBound
                    let expected = first.lowerBound..<longest
                    switch automaton.longestMatch(inUTF16: base, startingAt: first.lowerBound, to: units.count) {
                    case .unknown: unknown += 1
                    case .match(let found) where found == expected: compared += 1
                    case let outcome:
                        failures.append("UTF-16 from \(first.lowerBound): ICU \(expected), automaton \(outcome); text \(UTF16Units.describe(units))")
                    }
                    let byteOutcome = bytes.withUnsafeBufferPointer { byteBuffer in
                        automaton.longestMatch(
                            inUTF8: byteBuffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, startingAt: byteOffsets[first.lowerBound], to: bytes.count)
                    }
                    switch byteOutcome {
                    case .unknown: unknown += 1
                    case .match(let found) where found == byteOffsets[expected.lowerBound]..<byteOffsets[expected.upperBound]: compared += 1
                    case let outcome:
                        failures.append("UTF-8 from \(first.lowerBound): ICU \(expected), automaton \(outcome); text \(UTF16Units.describe(units))")
                    }
                    if longest > first.lowerBound {
                        from = longest
                    } else {
                        // One character on: a surrogate pair is one.
                        from = first.lowerBound + (first.lowerBound < units.count && UTF16.isLeadSurrogate(units[first.lowerBound]) ? 2 : 1)
                    }
                }
            }
        }
        return failures
    }

    /// GNU's word assertions in `-G` and `-E` (`\<`, `\>`, `\b`, `\B`), which the POSIX
    /// translator writes as one-character look-arounds for glibc's word characters: generated
    /// EREs with them, translated, against ICU, first matches (``compare``) and longest matches
    /// (``compareLongest``), on texts of ASCII and non-ASCII words (Cyrillic, accented, a
    /// combining mark, an astral letter, CJK, an Arabic-Indic digit) and separators.
    @Test("GNU word assertions: the automaton's first and longest matches are ICU's")
    func gnuWordAssertions() throws {
        var random = SplitMix64(seed: Self.seed ^ 0x474E_5557)
        let atoms = [
            "\\<", "\\>", "\\b", "\\B", "\\<", "\\>", "a", "b", "ab", "[a-z]", "[A-Z]", "\\w", "\\W", ".", "[[:alpha:]]",
            "ж", "é", "[[:digit:]]", " ",
        ]
        let pieces = [
            "a", "b", "ab", "The", "ж", "Жук", "é", "e\u{301}", "1", "_", " ", " ", "-", "😀", "𝒜", "中文", "\u{663}", "\u{200D}", "K", "\u{212A}",
        ]
        func item(_ depth: Int) -> String {
            var atom = random.element(of: atoms)
            if depth < 2 && random.chance(0.2) {
                atom = "(" + (0..<random.number(in: 1...2)).map { _ in sequence(depth + 1) }.joined(separator: "|") + ")"
            }
            if random.chance(0.3) { atom += random.element(of: ["?", "*", "+", "{1,2}"]) }
            return atom
        }
        func sequence(_ depth: Int) -> String { (0..<random.number(in: 1...4)).map { _ in item(depth) }.joined() }
        var counts = Counts()
        var compared = 0
        var unknown = 0
        var failures = 0
        for index in 0..<(Self.patternCount / 4) where failures < 20 {
            let extended = (0..<random.number(in: 1...2)).map { _ in sequence(0) }.joined(separator: "|")
            guard let pattern = try? POSIXPatternTranslator.translate(extended, syntax: .extended).pattern else { continue }
            counts.patterns += 1
            let strings = (0..<6).map { _ in (0..<random.number(in: 0...10)).map { _ in random.element(of: pieces) }.joined() }
            let options: RegexPattern.Options = index % 3 == 1 ? [.caseInsensitive] : []
            var found = Self.compare(
                pattern, options: options, texts: strings.map { Array($0.utf16) }, utf8Texts: strings.map { Array($0.utf8) }, counts: &counts)
            if let plan = MatchAutomatonPlan(pattern: pattern, options: options),
                let icu = try? RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false).makeMatcher()
            {
                found += try Self.compareLongest(plan: plan, icu: icu, texts: strings, compared: &compared, unknown: &unknown)
            }
            for failure in found {
                failures += 1
                Issue.record("ERE \(String(reflecting: extended)) as \(String(reflecting: pattern)) options \(options.rawValue): \(failure)")
            }
        }
        // Without a plan: an assertion repeated on its own (`(\<)*`), and ignoring case a
        // class such as `[a-z]`, which holds the Kelvin sign then (see ``MatchAutomatonPlan``).
        #expect(counts.planned > counts.patterns / 2)
        #expect(counts.matches > 5 * counts.unknown)
        #expect(compared > 10 * unknown)
        #expect(compared > Self.patternCount)
    }

    @Test("every construct of the reader: the automaton's matches are ICU's")
    func readerConstructs() {
        var generator = PatternSyntaxGenerator(seed: Self.seed)
        var counts = Counts()
        var failures = 0
        for _ in 0..<Self.patternCount where failures < 20 {
            let pattern = generator.pattern()
            counts.patterns += 1
            guard MatchAutomatonPlan(pattern: pattern, options: []) != nil
                || MatchAutomatonPlan(pattern: pattern, options: [.caseInsensitive]) != nil
            else { continue }
            let strings = (0..<6).map { _ in generator.text(newlines: true) }
            let texts = strings.map { Array($0.utf16) }
            let utf8Texts = strings.map { Array($0.utf8) }
            for options: RegexPattern.Options in [[], [.caseInsensitive]] {
                for failure in Self.compare(pattern, options: options, texts: texts, utf8Texts: utf8Texts, counts: &counts) {
                    failures += 1
                    Issue.record("pattern \(String(reflecting: pattern)) options \(options.rawValue): \(failure)")
                }
            }
        }
        print("MatchAutomatonDifferentialTests.readerConstructs: seed \(Self.seed): \(counts)")
        #expect(counts.planned > Self.patternCount / 10)
    }

    @Test("long texts: every match and its groups, the library's walk and first match with the automaton against ICU's")
    func longTexts() throws {
        var generator = PriorityPuzzleGenerator(seed: Self.seed ^ 0x4C4F_4E47)
        var compared = 0
        var failures = 0
        for index in 0..<60 where failures < 5 {
            let pattern = generator.pattern()
            let options: RegexPattern.Options = index % 3 == 1 ? [.caseInsensitive] : []
            guard MatchAutomatonPlan(pattern: pattern, options: options) != nil else { continue }
            // Long enough for the automaton (``SearchPlan/automatonSearchLength``), with a
            // region without a match in the middle, and sometimes a lone surrogate.
            var units: [UInt16] = []
            while units.count < SearchPlan.automatonSearchLength + 1000 {
                units += generator.text()
                if units.count % 7 == 0 { units += Array(repeating: 0x3D, count: 5000) }
            }
            let fast = try RegexPattern(pattern, options: options)
            let icu = try RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false)
            try units.withUnsafeBufferPointer { buffer in
                let expected = Array(icu.matches(inUTF16: buffer))
                let found = Array(fast.matches(inUTF16: buffer))
                if found != expected {
                    failures += 1
                    let first = firstDifference(found, expected)
                    let message = "pattern \(String(reflecting: pattern)) options \(options.rawValue): \(found.count) matches, "
                        + "ICU \(expected.count); first difference at match \(first)"
                    Issue.record(Comment(rawValue: message))
                }
                compared += expected.count
                let range = 17..<(units.count - 3)
                let first = try fast.firstRange(inUTF16: buffer, range: range)
                #expect(first == (try icu.firstRange(inUTF16: buffer, range: range)), "first match, pattern \(String(reflecting: pattern))")
            }
        }
        print("MatchAutomatonDifferentialTests.longTexts: \(compared) matches compared")
        #expect(compared > 100_000)
    }

    @Test("alternations of many strings: the literal alternation matcher's matches are ICU's")
    func literalAlternations() throws {
        var random = SplitMix64(seed: Self.seed ^ 0x4449_4354)
        let letters: [String] = ["a", "b", "c", "ab", "é", "ж", "😀", "1", "_"]
        var compared = 0
        var unknown = 0
        var failures = 0
        for index in 0..<100 where failures < 10 {
            let words = (0..<random.number(in: 16...60)).map { _ in
                (0..<random.number(in: 1...4)).map { _ in random.element(of: letters) }.joined()
            }
            let body = words.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")
            let pattern = [#"\b(?:\#(body))\b"#, "(?:\(body))", #"\b(\#(body))"#, #"(?:\#(body))\b"#][index % 4]
            let syntax = try #require(PatternReader.read(pattern))
            let matcher = try #require(LiteralAlternationMatcher(syntax, options: []), "\(pattern)")
            let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false).makeMatcher()
            for _ in 0..<20 {
                let pieces = (0..<random.number(in: 0...12)).map { _ in
                    random.chance(0.6) ? random.element(of: words) : random.element(of: [" ", "-", "x", "a", "e\u{301}", "\n", "ab"])
                }
                let units = Array(pieces.joined().utf16)
                units.withUnsafeBufferPointer { buffer in
                    let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 2)!
                    var from = 0
                    while from <= units.count {
                        let expected = try? icu.firstMatch(inUTF16: buffer, from: from)
                        let outcome = matcher.firstMatch(inUTF16: base, from: from, to: units.count)
                        switch outcome {
                        case .unknown: unknown += 1
                        case .noMatch where expected == nil: compared += 1
                        case .match(let found) where found == expected: compared += 1
                        default:
                            failures += 1
                            Issue.record(
                                Comment(rawValue: "pattern \(pattern) from \(from): ICU \(String(describing: expected)), matcher \(outcome); text \(UTF16Units.describe(units))"))
                            return
                        }
                        guard let match = expected else { break }
                        from = match.isEmpty ? match.upperBound + 1 : match.upperBound
                    }
                }
            }
            // The library's walk over a long text uses the matcher.
            if index % 25 == 0 {
                var text = ""
                while text.utf16.count < SearchPlan.automatonSearchLength + 100 {
                    text += random.chance(0.7) ? random.element(of: words) : random.element(of: [" ", "-", "x "])
                }
                let fast = try RegexPattern(pattern)
                let slow = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
                let units = Array(text.utf16)
                units.withUnsafeBufferPointer { buffer in
                    #expect(Array(fast.matches(inUTF16: buffer)) == Array(slow.matches(inUTF16: buffer)), "\(pattern)")
                    #expect((try? fast.firstRange(inUTF16: buffer, range: 7..<buffer.count)) == (try? slow.firstRange(inUTF16: buffer, range: 7..<buffer.count)))
                }
            }
        }
        print("MatchAutomatonDifferentialTests.literalAlternations: \(compared) searches compared, \(unknown) unknown")
        #expect(compared > 5_000)
    }

    @Test("RegexMatcher: once it has searched enough, its matches (with the automaton) are ICU's, from every offset")
    func matcherSearches() throws {
        var generator = PriorityPuzzleGenerator(seed: Self.seed ^ 0x4D41_5443)
        let warmUp = [UInt16](repeating: 0x2D, count: SearchPlan.automatonSearchLength)
        var compared = 0
        for _ in 0..<60 {
            let pattern = generator.pattern()
            guard MatchAutomatonPlan(pattern: pattern, options: []) != nil else { continue }
            let fast = try RegexPattern(pattern).makeMatcher()
            let slow = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false).makeMatcher()
            _ = try warmUp.withUnsafeBufferPointer { try fast.firstMatch(inUTF16: $0) }
            // UTF-8 is compared for patterns without word assertions: at the text's end ICU's
            // UTF-8 search decides `\b` from a stale position (see `compare`).
            let comparesUTF8 = !pattern.contains("\\b") && !pattern.contains("\\B")
            for _ in 0..<6 {
                let units = generator.text()
                units.withUnsafeBufferPointer { buffer in
                    for from in 0...units.count {
                        // A search ICU stops at its limits (one of its endless loops) is not compared.
                        let expected: Range<Int>?
                        do { expected = try slow.firstMatch(inUTF16: buffer, from: from) } catch { continue }
                        let found = Result { () throws(ICURegexError) in try fast.firstMatch(inUTF16: buffer, from: from) }
                        #expect(found == .success(expected), "\(pattern) from \(from) in \(UTF16Units.describe(units))")
                        compared += 1
                    }
                }
                guard comparesUTF8 else { continue }
                let bytes = generator.utf8Text()
                bytes.withUnsafeBytes { buffer in
                    for from in 0...bytes.count {
                        let expected: Range<Int>?
                        do { expected = try slow.firstMatch(inUTF8: buffer, from: from) } catch { continue }
                        let found = Result { () throws(ICURegexError) in try fast.firstMatch(inUTF8: buffer, from: from) }
                        #expect(found == .success(expected), "\(pattern) from \(from) in \(bytes)")
                        compared += 1
                    }
                }
            }
        }
        print("MatchAutomatonDifferentialTests.matcherSearches: \(compared) searches compared")
        #expect(compared > 2_000)
    }

    @Test("RegexPattern: short ranges, once the pattern has searched enough, are the automaton's and ICU's alike")
    func patternShortRanges() throws {
        var generator = PriorityPuzzleGenerator(seed: Self.seed ^ 0x5348_4F52)
        var compared = 0
        for _ in 0..<60 {
            let pattern = generator.pattern()
            guard MatchAutomatonPlan(pattern: pattern, options: []) != nil else { continue }
            let fast = try RegexPattern(pattern)
            let slow = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            var units: [UInt16] = []
            while units.count < 400 { units += generator.text() + [0x20] }
            // The short searches count toward the automaton: these make it.
            for _ in 0..<(SearchPlan.automatonSearchLength / units.count + 1) {
                _ = try units.withUnsafeBufferPointer { try fast.firstRange(inUTF16: $0) }
            }
            #expect(fast.matchAutomata?.state == .present)
            units.withUnsafeBufferPointer { buffer in
                // Ranges of 0 to 99 units: however short, they are the automaton's once it is built.
                for start in stride(from: 0, to: units.count - 100, by: 7) {
                    let range = start..<(start + start % 100)
                    for anchored in [false, true] {
                        let expected: UTF16Range
                        do { expected = try slow.firstRange(inUTF16: buffer, range: range, anchored: anchored) } catch { continue }
                        let found = Result { () throws(ICURegexError) in try fast.firstRange(inUTF16: buffer, range: range, anchored: anchored) }
                        #expect(found == .success(expected), "\(pattern) in \(range) anchored \(anchored)")
                        compared += 1
                    }
                }
            }
        }
        print("MatchAutomatonDifferentialTests.patternShortRanges: \(compared) searches compared")
        #expect(compared > 1_000)
    }

    @Test(
        "named cases: priorities, loops and what the automaton leaves to ICU",
        arguments: [
            ("a|ab", "xabx", 1..<2), ("ab|a", "xabx", 1..<3), ("(a|ab)(c|bcd)", "abcd", 0..<4),
            ("(a+)(ab)?", "aab", 0..<2), ("a+?", "aaa", 0..<1), ("a*?b", "aaab", 0..<4), ("a{2,3}", "aaaa", 0..<3),
            ("a{2,3}?", "aaaa", 0..<2), ("(?:ab)*?c|a", "ababc", 0..<5), ("x*", "ab", 0..<0), ("b*", "ab", 0..<0),
            ("[a-c]+d", "abxabcd", 3..<7), ("\\w+olmes", "Mr Sherlock Holmes", 12..<18), ("é+", "eéé", 1..<3),
            ("😀|a", "b😀", 1..<3), ("\\b\\w+\\b", " ab cd", 1..<3), ("\\B\\w", "ab", 1..<2), ("\\b", "  a", 2..<2),
            ("a\\b|ab", "abc a", 0..<2), ("(?<![a-z])[A-Z][a-z]+(?![a-z])", "xAb Cd", 4..<6),
            ("(?<!\\w)(?=\\w)é+", "aé éé", 3..<5), ("a\\b|ab", "ac a", 3..<4), ("\\w+\\b!?", "ab!", 0..<3), ("(?:\\b|x)a", "xa", 0..<2),
        ] as [(String, String, Range<Int>)])
    func namedCases(pattern: String, text: String, expected: Range<Int>) throws {
        let plan = try #require(MatchAutomatonPlan(pattern: pattern, options: []))
        let units = Array(text.utf16)
        let outcome = units.withUnsafeBufferPointer { MatchAutomaton(plan).firstMatch(inUTF16: $0.baseAddress!, from: 0, to: units.count) }
        #expect(outcome == .match(expected))
    }

    @Test("patterns the automaton does not model have no plan")
    func unmodelled() {
        for pattern in ["^a", "(?=ab)a", "(?=a)\\b", "(?<=a)(?!b)", "(a)\\1", "(?>a+)", "a++", "(?i:a)b", "(a*)*", "(a|)+", "\\X", "\\R", "a{300}"] {
            #expect(MatchAutomatonPlan(pattern: pattern, options: []) == nil, "\(pattern)")
        }
        #expect(MatchAutomatonPlan(pattern: "ß", options: [.caseInsensitive]) == nil)
        #expect(MatchAutomatonPlan(pattern: "[a-z]", options: [.caseInsensitive]) == nil)
        #expect(MatchAutomatonPlan(pattern: "a b", options: [.allowCommentsAndWhitespace]) == nil)
    }
}

/// Patterns where priorities decide the match, over a small alphabet, and texts of the same
/// characters with a few others (a Cyrillic letter, an astral one, a lone surrogate, digits,
/// space); the UTF-8 texts may hold ill-formed bytes.
struct PriorityPuzzleGenerator {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    private static let atoms = [
        "a", "a", "b", "b", "c", "ab", "[ab]", "[^a]", "\\w", ".", "\\d", "\\s", "ж", "Ж", "😀", "[a-cж]", "\\p{L}", "é", "K",
        "\\b", "\\b", "\\B", " ",
    ]

    mutating func pattern() -> String {
        alternation(depth: 0)
    }

    private mutating func alternation(depth: Int) -> String {
        let count = random.chance(0.35) ? random.number(in: 2...3) : 1
        return (0..<count).map { _ in sequence(depth: depth) }.joined(separator: "|")
    }

    private mutating func sequence(depth: Int) -> String {
        (0..<random.number(in: 1...3)).map { _ in item(depth: depth) }.joined()
    }

    private mutating func item(depth: Int) -> String {
        var atom: String
        if depth < 2 && random.chance(0.25) {
            atom = (random.chance(0.5) ? "(" : "(?:") + alternation(depth: depth + 1) + ")"
        } else {
            atom = random.element(of: Self.atoms)
            if atom.count > 1 && !atom.hasPrefix("[") && !atom.hasPrefix("\\") && atom != "😀" { atom = "(?:\(atom))" }
        }
        guard random.chance(0.5) else { return atom }
        var quantifier = random.element(of: ["?", "*", "+", "{2}", "{1,3}", "{0,2}", "{2,}"])
        if random.chance(0.35) { quantifier += "?" }
        return atom + quantifier
    }

    private static let textCharacters: [[UInt16]] = ["a", "a", "b", "b", "c", " ", "1", "ж", "Ж", "😀", "é", "k", "\n", "A", "_", "-", "e\u{301}"].map {
        Array($0.utf16)
    } + [[0xD800], [0x212A]]

    mutating func text() -> [UInt16] {
        (0..<random.number(in: 0...16)).flatMap { _ in random.element(of: Self.textCharacters) }
    }

    mutating func utf8Text() -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<random.number(in: 0...16) {
            if random.chance(0.05) {
                bytes.append(random.element(of: [0xFF, 0xC3, 0x80]))
            } else {
                let units = random.element(of: Self.textCharacters)
                bytes += Array(String(decoding: units, as: UTF16.self).utf8)
            }
        }
        return bytes
    }
}
