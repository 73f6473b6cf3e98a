import Foundation
@testable import ICURegex
import Testing
import TestSupport

/// The capture backtracker (``CaptureBacktracker``) against ICU alone: for generated patterns
/// with groups that have a ``CaptureProgram``, the backtracker run on the span of each of ICU's
/// matches must find ICU's groups (every group's range, not only the match), in UTF-16 and
/// UTF-8; run on other spans, it must answer as ICU's `matches` on that region does
/// (``MatchWalk/match(spanning:)``); its one-pass runs must find ICU's matches and groups in
/// UTF-16 and UTF-8. An ``CaptureBacktracker/Outcome/unknown`` answer is
/// allowed (the caller asks ICU) and counted. Then the library's walks, which use the
/// backtracker, against ICU's on long texts, and ICU's own cases with group expectations.
@Suite struct CaptureBacktrackerDifferentialTests {
    static let seed = ProcessInfo.processInfo.environment["ICUREGEX_SEED"].flatMap { UInt64($0) } ?? 0x4341_5054_5552_4553
    static let patternCount = ProcessInfo.processInfo.environment["ICUREGEX_PATTERNS"].flatMap { Int($0) } ?? 2_000

    /// Counts of a run.
    struct Counts {
        var programs = 0
        var matches = 0
        var spans = 0
        var unknown = 0
        /// Texts walked with one-pass runs, the matches they found as ICU did, and the walks
        /// they could not finish.
        var onePassTexts = 0
        var onePassMatches = 0
        var onePassUnknown = 0
        /// Texts walked with the backtracker's searches, the matches they found as ICU did, and
        /// the walks they could not finish.
        var searchTexts = 0
        var searchMatches = 0
        var searchUnknown = 0
    }

    /// Every match of ICU's `findNext` loop on `text[..<end]` with its slots, from the
    /// backtracker's searches (``CaptureBacktracker/firstMatch(inUTF16:from:end:)``) from where
    /// the loop would search; the matches found before a search could not tell, and false then.
    static func searchedMatches(
        _ backtracker: CaptureBacktracker, in text: UnsafePointer<UInt16>, end: Int
    ) -> (slots: [[Int]], isComplete: Bool) {
        var found: [[Int]] = []
        var from = 0
        backtracker.beginSearches()
        while from <= end {
            switch backtracker.firstMatch(inUTF16: text, from: from, end: end) {
            case .match(let match):
                found.append(backtracker.slots)
                from = match.upperBound
                if match.isEmpty {
                    guard from < end else { return (found, true) }
                    from += UTF16.isLeadSurrogate(text[from]) && from + 1 < end && UTF16.isTrailSurrogate(text[from + 1]) ? 2 : 1
                }
            case .noMatch:
                return (found, true)
            case .unknown:
                return (found, false)
            }
        }
        return (found, true)
    }

    /// Every match of ICU's `findNext` loop on `text[..<end]` with its slots, from the
    /// backtracker's one-pass runs (``CaptureBacktracker/firstOnePassMatch(inUTF16:from:end:)``)
    /// searching from where the loop would; nil after the matches found when a run cannot tell.
    static func onePassMatches(
        _ backtracker: CaptureBacktracker, in text: UnsafePointer<UInt16>, end: Int
    ) -> (slots: [[Int]], isComplete: Bool) {
        var found: [[Int]] = []
        var from = 0
        while from <= end {
            switch backtracker.firstOnePassMatch(inUTF16: text, from: from, end: end) {
            case .match(let match):
                found.append(backtracker.slots)
                from = match.upperBound
                if match.isEmpty {
                    guard from < end else { return (found, true) }
                    from += UTF16.isLeadSurrogate(text[from]) && from + 1 < end && UTF16.isTrailSurrogate(text[from + 1]) ? 2 : 1
                }
            case .noMatch:
                return (found, true)
            case .unknown:
                return (found, false)
            }
        }
        return (found, true)
    }

    /// The same from one-pass runs in the UTF-8 `bytes[..<end]`
    /// (``CaptureBacktracker/firstOnePassMatch(inUTF8:from:lastStart:end:)``), in byte offsets.
    static func onePassMatches(
        _ backtracker: CaptureBacktracker, inUTF8 bytes: UnsafePointer<UInt8>, end: Int
    ) -> (slots: [[Int]], isComplete: Bool) {
        var found: [[Int]] = []
        var from = 0
        while from <= end {
            switch backtracker.firstOnePassMatch(inUTF8: bytes, from: from, end: end) {
            case .match(let match):
                found.append(backtracker.slots)
                from = match.upperBound
                if match.isEmpty {
                    guard from < end else { return (found, true) }
                    let lead = bytes[from]
                    from += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                }
            case .noMatch:
                return (found, true)
            case .unknown:
                return (found, false)
            }
        }
        return (found, true)
    }

    /// Compares the backtracker with ICU on `strings` for `pattern` compiled with `options`;
    /// returns the failures' descriptions.
    static func compare(
        _ pattern: String, options: RegexPattern.Options, strings: [String], random: inout SplitMix64, counts: inout Counts
    ) -> [String] {
        guard let icu = try? RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false),
            icu.numberOfCaptureGroups > 0,
            let program = CaptureProgram(pattern: pattern, options: options, groupCount: icu.numberOfCaptureGroups)
        else { return [] }
        counts.programs += 1
        let backtracker = CaptureBacktracker(program)
        var failures: [String] = []
        for string in strings {
            let units = Array(string.utf16)
            let bytes = Array(string.utf8)
            // The byte offset of each UTF-16 offset that starts a character, -1 elsewhere.
            let byteOffsets = utf8OffsetsOfUTF16Offsets(in: string)
            func inBytes(_ slots: [Int]) -> [Int] { slots.map { $0 < 0 ? -1 : byteOffsets[$0] } }
            units.withUnsafeBufferPointer { buffer in
                bytes.withUnsafeBufferPointer { byteBuffer in
                    let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 2)!
                    let byteBase = byteBuffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
                    // One-pass runs: every match of ICU's walk, with its groups.
                    if backtracker.isOnePass {
                        let expected = icu.matches(inUTF16: buffer).map(\.slots)
                        let (found, isComplete) = onePassMatches(backtracker, in: base, end: units.count)
                        counts.onePassTexts += 1
                        if isComplete ? found == expected : found == Array(expected.prefix(found.count)) {
                            counts.onePassMatches += found.count
                            if !isComplete { counts.onePassUnknown += 1 }
                        } else {
                            failures.append(
                                "one-pass walk: \(found.count) matches, ICU \(expected.count), first difference at match "
                                    + "\(firstDifference(found, expected)); text \(String(reflecting: string))")
                        }
                        // The same runs in UTF-8, in byte offsets.
                        let expectedBytes = expected.map(inBytes)
                        let (foundBytes, isCompleteInBytes) = onePassMatches(backtracker, inUTF8: byteBase, end: bytes.count)
                        counts.onePassTexts += 1
                        if isCompleteInBytes ? foundBytes == expectedBytes : foundBytes == Array(expectedBytes.prefix(foundBytes.count)) {
                            counts.onePassMatches += foundBytes.count
                            if !isCompleteInBytes { counts.onePassUnknown += 1 }
                        } else {
                            failures.append(
                                "one-pass walk in UTF-8: \(foundBytes.count) matches, ICU \(expectedBytes.count), first difference at "
                                    + "match \(firstDifference(foundBytes, expectedBytes)); text \(String(reflecting: string))")
                        }
                    }
                    // The backtracker's searches: every match of ICU's walk, with its groups.
                    if backtracker.searches {
                        let expected = icu.matches(inUTF16: buffer).map(\.slots)
                        let (found, isComplete) = searchedMatches(backtracker, in: base, end: units.count)
                        counts.searchTexts += 1
                        if isComplete ? found == expected : found == Array(expected.prefix(found.count)) {
                            counts.searchMatches += found.count
                            if !isComplete { counts.searchUnknown += 1 }
                        } else {
                            failures.append(
                                "searches: \(found.count) matches, ICU \(expected.count), first difference at match "
                                    + "\(firstDifference(found, expected)); text \(String(reflecting: string))")
                        }
                    }
                    // ICU's walk: each match's span, with its groups.
                    for match in icu.matches(inUTF16: buffer) where !match.range.isEmpty {
                        let expected = match.slots
                        switch backtracker.match(inUTF16: base, spanning: match.range, end: units.count) {
                        case .unknown: counts.unknown += 1
                        case .match where backtracker.slots == expected: counts.matches += 1
                        case let outcome:
                            failures.append(
                                "UTF-16 span \(match.range): ICU \(expected), backtracker \(outcome) \(backtracker.slots); "
                                    + "text \(String(reflecting: string))")
                        }
                        let byteSpan = byteOffsets[match.range.lowerBound]..<byteOffsets[match.range.upperBound]
                        switch backtracker.match(inUTF8: byteBase, spanning: byteSpan, end: bytes.count) {
                        case .unknown: counts.unknown += 1
                        case .match where backtracker.slots == inBytes(expected): counts.matches += 1
                        case let outcome:
                            failures.append(
                                "UTF-8 span \(byteSpan): ICU \(inBytes(expected)), backtracker \(outcome) \(backtracker.slots); "
                                    + "text \(String(reflecting: string))")
                        }
                    }
                    // Other spans: ICU's `matches` on the region, with the text around it.
                    let starts = (0...units.count).filter { byteOffsets[$0] >= 0 }
                    guard starts.count > 1 else { return }
                    for _ in 0..<4 {
                        let lower = random.number(in: 0..<(starts.count - 1))
                        let span = starts[lower]..<starts[random.number(in: (lower + 1)..<starts.count)]
                        let byteSpan = byteOffsets[span.lowerBound]..<byteOffsets[span.upperBound]
                        var expected: [Int]? = nil
                        do {
                            try icu.matches(spanning: [byteSpan], inUTF8: byteBuffer) { _, match in expected = match.slots }
                        } catch {
                            continue
                        }
                        counts.spans += 1
                        switch backtracker.match(inUTF8: byteBase, spanning: byteSpan, end: bytes.count) {
                        case .unknown: counts.unknown += 1
                        case .noMatch where expected == nil: break
                        case .match where backtracker.slots == expected: break
                        case let outcome:
                            failures.append(
                                "UTF-8 region \(byteSpan): ICU \(String(describing: expected)), backtracker \(outcome) "
                                    + "\(backtracker.slots); text \(String(reflecting: string))")
                        }
                    }
                }
            }
        }
        return failures
    }

    @Test("priority puzzles with groups: the backtracker's groups are ICU's")
    func priorityPuzzles() {
        var generator = PriorityPuzzleGenerator(seed: Self.seed)
        var random = SplitMix64(seed: Self.seed ^ 0x5350_414E)
        var counts = Counts()
        var failures = 0
        for _ in 0..<Self.patternCount where failures < 20 {
            let pattern = generator.pattern()
            let strings = (0..<6).map { _ in String(decoding: generator.text(), as: UTF16.self) }
            for options: RegexPattern.Options in [[], [.caseInsensitive]] {
                for failure in Self.compare(pattern, options: options, strings: strings, random: &random, counts: &counts) {
                    failures += 1
                    Issue.record("pattern \(String(reflecting: pattern)) options \(options.rawValue): \(failure)")
                }
            }
        }
        // Most generated patterns have no group, or a loop whose body can match the empty
        // string, or ignoring case a class that may match several characters (no program).
        #expect(counts.programs > Self.patternCount / 10)
        #expect(counts.matches > Self.patternCount)
        #expect(counts.spans > Self.patternCount)
        #expect(counts.matches > 20 * counts.unknown)
        #expect(counts.onePassMatches > Self.patternCount / 4)
        #expect(counts.onePassMatches > 20 * counts.onePassUnknown)
        #expect(counts.searchMatches > Self.patternCount)
        #expect(counts.searchMatches > 20 * counts.searchUnknown)
        if ProcessInfo.processInfo.environment["ICUREGEX_COUNTS"] != nil { print("priorityPuzzles: \(counts)") }
    }

    /// Patterns built of groups: nested, alternated, repeated greedily, lazily and by count,
    /// around classes, words and `\b`, on texts of words in several scripts.
    @Test("nested and repeated groups: the backtracker's groups are ICU's")
    func nestedGroups() {
        var random = SplitMix64(seed: Self.seed ^ 0x4E45_5354)
        let atoms = ["a", "b", "ab", "ba", "[ab]", "\\w", "\\d", ".", "\\s", "ж", "[а-я]", "ß", "😀", "\\p{L}", "é", "\\b", "\\B", "x", "-"]
        func item(_ depth: Int) -> String {
            var atom = random.element(of: atoms)
            if depth < 3 && random.chance(0.45) {
                let body = (0..<random.number(in: 1...3)).map { _ in sequence(depth + 1) }.joined(separator: "|")
                atom = (random.chance(0.75) ? "(" : "(?:") + body + ")"
            } else if atom.count > 1 && !atom.hasPrefix("[") && !atom.hasPrefix("\\") && atom != "😀" {
                atom = "(?:\(atom))"
            }
            if random.chance(0.45) {
                atom += random.element(of: ["?", "*", "+", "{2}", "{1,3}", "{0,2}", "{2,}", "{0,1}"])
                if random.chance(0.3) { atom += "?" }
            }
            return atom
        }
        func sequence(_ depth: Int) -> String { (0..<random.number(in: 1...3)).map { _ in item(depth) }.joined() }
        let pieces = ["a", "b", "ab", "ba", "aab", "x", "ж", "Жук", "ß", "SS", "é", "e\u{301}", "1", "_", " ", "-", "😀", "𝒜", "\u{212A}", "\n"]
        var counts = Counts()
        var failures = 0
        for index in 0..<Self.patternCount where failures < 20 {
            let pattern = sequence(0)
            let strings = (0..<6).map { _ in (0..<random.number(in: 0...12)).map { _ in random.element(of: pieces) }.joined() }
            let options: RegexPattern.Options = index % 3 == 1 ? [.caseInsensitive] : []
            for failure in Self.compare(pattern, options: options, strings: strings, random: &random, counts: &counts) {
                failures += 1
                Issue.record("pattern \(String(reflecting: pattern)) options \(options.rawValue): \(failure)")
            }
        }
        #expect(counts.programs > Self.patternCount / 10)
        #expect(counts.matches > Self.patternCount / 2)
        #expect(counts.matches > 10 * counts.unknown)
        #expect(counts.onePassMatches > Self.patternCount / 4)
        #expect(counts.onePassMatches > 10 * counts.onePassUnknown)
        if ProcessInfo.processInfo.environment["ICUREGEX_COUNTS"] != nil { print("nestedGroups: \(counts)") }
    }

    /// Patterns built of loops of one character (``CaptureProgram/characterLoops``, which the
    /// backtracker goes round in one place): greedy and lazy, of classes and characters that
    /// the loop's exit may or may not begin with, in groups, alternations and outer loops,
    /// between separators, as in rebar's `unstructured-to-json`; on texts of those separators,
    /// words, supplementary characters and combining marks.
    @Test("loops of one character: the backtracker's groups are ICU's")
    func characterLoops() {
        var random = SplitMix64(seed: Self.seed ^ 0x4C4F_4F50)
        let bodies = ["[^ ]", ".", "[^\\]]", "a", "[ab]", "\\w", "[^}]", "😀", "[^a]", "\\p{L}", "\\s", "[^😀]"]
        let separators = [" ", ": ", "\\{", "\\}", "\\]", "a", "b", "😀", "\\b", ""]
        func loop() -> String {
            let body = random.element(of: bodies)
            let quantifier = random.element(of: ["*", "+", "*?", "+?", "{2,}", "{1,}?"])
            let piece = body + quantifier
            return random.chance(0.6) ? "(" + piece + ")" : piece
        }
        func sequence(_ depth: Int) -> String {
            (0..<random.number(in: 1...4)).map { _ in
                var item = loop() + random.element(of: separators)
                if depth < 2 && random.chance(0.2) {
                    let branches = (0..<random.number(in: 1...2)).map { _ in sequence(depth + 1) }.joined(separator: "|")
                    item = "(?:" + branches + ")" + random.element(of: ["", "*", "?", "+?"]) + item
                }
                return item
            }.joined()
        }
        let pieces = ["a", "b", "ab", " ", ": ", "{", "}", "]", "[x]", "😀", "ж", "é", "e\u{301}", "_", "1", "\n", "\t"]
        var counts = Counts()
        var failures = 0
        for index in 0..<(Self.patternCount / 2) where failures < 20 {
            let pattern = sequence(0)
            let strings = (0..<6).map { _ in (0..<random.number(in: 0...16)).map { _ in random.element(of: pieces) }.joined() }
            let options: RegexPattern.Options = index % 4 == 3 ? [.caseInsensitive] : []
            for failure in Self.compare(pattern, options: options, strings: strings, random: &random, counts: &counts) {
                failures += 1
                Issue.record("pattern \(String(reflecting: pattern)) options \(options.rawValue): \(failure)")
            }
        }
        #expect(counts.programs > Self.patternCount / 4)
        #expect(counts.matches > Self.patternCount / 2)
        #expect(counts.spans > Self.patternCount / 2)
        // Combining marks by `\b`, and `ß` ignoring case, are left to ICU.
        #expect(counts.matches > 5 * counts.unknown)
        if ProcessInfo.processInfo.environment["ICUREGEX_COUNTS"] != nil { print("characterLoops: \(counts)") }
    }

    /// rebar's `unstructured-to-json` pattern, lazy loops and all, on lines of its log and
    /// their variants: the backtracker's groups for its body (the pattern without `^` and `$`)
    /// are ICU's, and so are the library's for the whole pattern on each line (the whole-text
    /// run, ``MatchWalk``).
    @Test("rebar's unstructured-to-json lines: the backtracker's groups are ICU's")
    func unstructuredLines() throws {
        let body = #"([^ ]+ [^ ]+) ([DIWEF])[1234]: ((?:(?:\[[^\]]*?\]|\([^\)]*?\)): )*)(.*?) \{([^\}]*)\}"#
        let lines = [
            "2022/06/17 06:25:22 I4: [17936:140245395805952:(17998)]: (8fb074fc-c766-498b): Searching for query 'dummy query' {/src/master/mastersearchattrs.cc:MasterSearchAttributes():40}",
            "2022/06/17 06:25:23 E4: [17936:140245395805952:(17998)]: (8fb0): Error on [search-slave:8080]: 4 - Deadline Exceeded {/src/master/slaveclient.cc:getFuturesResults():160}",
            "2022/06/17 06:25:23 W1: no brackets here {x} {y}",
            "2022/06/17 06:25:23 W1: [a]: (b): [c]: text } { {z}",
            "2022/06/17 06:25:23 D2: [😀]: ж {é}",
            "2022/06/17 06:25:23 X2: bad level {x}",
            "2022/06/17 06:25:23 I4: [unclosed: text {x}",
            "2022/06/17 06:25:23 I4: text without a brace",
        ]
        var random = SplitMix64(seed: Self.seed ^ 0x4A53_4F4E)
        var counts = Counts()
        for failure in Self.compare(body, options: [], strings: lines, random: &random, counts: &counts) {
            Issue.record("line: \(failure)")
        }
        #expect(counts.programs == 1)
        #expect(counts.matches >= 10)
        #expect(counts.unknown == 0)
        let fast = try RegexPattern("^" + body + "$")
        let icu = try RegexPattern("^" + body + "$", options: [], limits: .default, usesSearchPlan: false)
        for line in lines {
            let units = Array(line.utf16)
            units.withUnsafeBufferPointer { buffer in
                let expected = Array(icu.matches(inUTF16: buffer)).map(\.slots)
                #expect(Array(fast.matches(inUTF16: buffer)).map(\.slots) == expected, "\(line)")
            }
        }
    }

    @Test("ICU's corner cases: the backtracker's groups are ICU's")
    func cornerCases() {
        let cases: [(String, RegexPattern.Options, [String])] = [
            ("(a|ab)(c|bcd)(d*)", [], ["abcd", "abcdd", "acd", "xabcdx"]),
            ("(?:(a)|b)+", [], ["ab", "ba", "aab", "bab"]),
            ("(?:(a)|(b))+", [], ["ab", "ba", "abab"]),
            ("((a)|b)+", [], ["ab", "ba"]),
            ("(a){2,3}(a)?", [], ["aaaa", "aa", "aaaaa"]),
            ("(a+?)(a*)", [], ["aaa"]),
            ("(a*?)(b)", [], ["aab", "b"]),
            ("(?:(a)(b)?)+", [], ["aba", "abab", "aab"]),
            ("(x)?(y)", [], ["y", "xy"]),
            ("(a){0}b", [], ["ab", "b"]),
            ("(\\w+)@(\\w+)\\.com", [], ["joe@example.com bob@x.com"]),
            ("(\\d{4})-(\\d{2})-(\\d{2}) (\\w+) (.*)", [], ["2024-01-02 INFO started the job", "x 1999-12-31 WARN ж"]),
            ("(ss)(s)?", [.caseInsensitive], ["ss", "SSs", "ß", "ßs"]),
            ("(K)(k)", [.caseInsensitive], ["kK", "\u{212A}k"]),
            ("\\b(\\w+)\\b", [], ["a b", "e\u{301}x y", "ж-ж", "𝒜b 😀"]),
            ("(😀|𝒜)+(.)", [], ["😀𝒜😀x", "𝒜𝒜"]),
            ("((a)|(b)|(c))*", [], ["abcab"]),
            ("(a|b)*?(b)", [], ["aab", "abab"]),
        ]
        var random = SplitMix64(seed: Self.seed)
        var counts = Counts()
        for (pattern, options, strings) in cases {
            for failure in Self.compare(pattern, options: options, strings: strings, random: &random, counts: &counts) {
                Issue.record("pattern \(String(reflecting: pattern)): \(failure)")
            }
        }
        // Ignoring case, a `ß` of the text (whose folding is several characters) makes the
        // backtracker answer unknown: ICU then decides.
        #expect(counts.programs == cases.count)
        #expect(counts.matches > 40)
    }

    /// ICU's own cases with group expectations (`regextst.txt`, see `Tests/Fixtures/icu`), for
    /// the patterns that have a program: the backtracker on the expected match's span finds
    /// the expected groups.
    @Test("ICU's regextst.txt cases with groups: the backtracker finds the expected groups")
    func icuCases() throws {
        let contents = try String(contentsOf: TestFixtures.icuCases, encoding: .utf8)
        var checked = 0
        for line in contents.split(separator: "\n") {
            let json = try JSONValue(parsing: String(line))
            guard json["error"]?.bool != true, let groups = json["groups"]?.array, groups.count > 1,
                let pattern = json["pattern"]?.string, let flags = json["flags"]?.string, let units = json["text"]?.units,
                let whole = groups[0].array, let start = whole[0].int, let end = whole[1].int, start < end
            else { continue }
            var options: RegexPattern.Options = []
            for flag in flags {
                switch flag {
                case "i": options.insert(.caseInsensitive)
                case "s": options.insert(.dotMatchesLineSeparators)
                case "m": options.insert(.anchorsMatchLines)
                default: options.insert(.allowCommentsAndWhitespace)  // No program.
                }
            }
            guard let icu = try? RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false),
                let program = CaptureProgram(pattern: pattern, options: options, groupCount: icu.numberOfCaptureGroups)
            else { continue }
            var expected = [Int](repeating: -1, count: 2 * (icu.numberOfCaptureGroups + 1))
            for (group, range) in groups.enumerated() {
                guard let bounds = range.array, let lower = bounds[0].int, let upper = bounds[1].int else { continue }
                expected[2 * group] = lower
                expected[2 * group + 1] = upper
            }
            let backtracker = CaptureBacktracker(program)
            let outcome = units.withUnsafeBufferPointer { buffer in
                backtracker.match(inUTF16: buffer.baseAddress!, spanning: start..<end, end: units.count)
            }
            guard outcome != .unknown else { continue }
            checked += 1
            #expect(outcome == .match && backtracker.slots == expected, "line \(json["line"]?.int ?? 0): \(pattern)")
        }
        #expect(checked > 50)
    }

    @Test("exclusions: patterns the backtracker cannot reproduce have no program")
    func exclusions() throws {
        // Back references and one-character look-arounds have programs (see
        // BackReferenceDifferentialTests); a reference inside its own group, a reference of
        // several digits and a look-around at more than one character do not.
        for pattern in [
            "(a*)+", "(a|)*", "(a\\1?)b", "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10", "(?=ab)(a)", "(?<=a|bc)(b)", "(?>a|ab)(c)",
            "(a++)b", "^(a)", "(a)$", "(?i:a)(b)", "(a\\R)",
        ] {
            let groups = try RegexPattern(pattern).numberOfCaptureGroups
            #expect(CaptureProgram(pattern: pattern, options: [], groupCount: groups) == nil, "\(pattern)")
        }
        #expect(CaptureProgram(pattern: "(a)(b)", options: [], groupCount: 2) != nil)
        // A group count that is not ICU's.
        #expect(CaptureProgram(pattern: "(a)(b)", options: [], groupCount: 3) == nil)
        #expect(CaptureProgram(pattern: "(ß)", options: [.caseInsensitive], groupCount: 1) == nil)
    }

    /// The library's walks, which take the groups of matches the automaton or the plan finds
    /// from the backtracker, against ICU alone: every match and its groups, on long texts.
    @Test("long texts: every match and its groups, the library's walk against ICU's")
    func longTexts() throws {
        var generator = PriorityPuzzleGenerator(seed: Self.seed ^ 0x4C4F_4E47)
        var compared = 0
        var failures = 0
        let patterns = [
            "(\\d{4})-(\\d{2})-(\\d{2}) (\\w+)", "(\\w+)olmes", "(a|ab)(c|bcd)?", "(?:(a)|b)+", "(\\p{L}+) (\\d+)", "([aж])(b*?)c",
        ]
        for index in 0..<60 where failures < 5 {
            let pattern = index < patterns.count ? patterns[index] : generator.pattern()
            let options: RegexPattern.Options = index % 3 == 1 ? [.caseInsensitive] : []
            var units: [UInt16] = []
            while units.count < SearchPlan.automatonSearchLength + 1000 {
                units += generator.text()
                if units.count % 5 == 0 { units += Array("2024-01-02 INFO x Holmes 1999-02-03 WARN jolmes ".utf16) }
            }
            // A few generated patterns are ones ICU rejects (a quantified `\\b`).
            guard let fast = try? RegexPattern(pattern, options: options), fast.numberOfCaptureGroups > 0 else { continue }
            let icu = try RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false)
            try units.withUnsafeBufferPointer { buffer in
                let expected = Array(icu.matches(inUTF16: buffer))
                let found = Array(fast.matches(inUTF16: buffer))
                if found != expected {
                    failures += 1
                    let first = firstDifference(found, expected)
                    Issue.record(
                        Comment(
                            rawValue: "pattern \(String(reflecting: pattern)) options \(options.rawValue): \(found.count) matches, "
                                + "ICU \(expected.count); first difference at match \(first)"))
                }
                compared += expected.count
                let string = String(decoding: units, as: UTF16.self)
                let icuReplaced = try icu.replacing(in: string, withTemplate: "<$1>")
                #expect(try fast.replacing(in: string, withTemplate: "<$1>") == icuReplaced, "replacing, pattern \(pattern)")
            }
        }
        #expect(compared > 50_000)
    }

    @Test("one-pass programs: which patterns have a one-pass table")
    func onePassPrograms() throws {
        func isOnePass(_ pattern: String, _ options: RegexPattern.Options = []) throws -> Bool? {
            let groups = try RegexPattern(pattern, options: options).numberOfCaptureGroups
            return CaptureProgram(pattern: pattern, options: options, groupCount: groups).map { $0.onePass != nil }
        }
        for pattern in [
            #"([A-Za-z_]\w*)|(\d+)|([-+*/=();])"#, #"(\d{4})-(\d{2})-(\d{2}) (\w+) (.*)"#, #"(\w+) (\w+)"#, "(a+?)(b)",
            "(x)?(y)", #"(\p{L}+)(\d*)"#, #"([a-z]\w*)( ?=[^;\n]*)?"#, #"(\d+)( .*)"#, #"\(([^)]*)\)|(\d+)"#,
            #"([\x{3F}\x{40}\x{7E}-\x{81}]+)|(\w+)"#, #"(@[^?\n]*)(\?[^\x{80}~\n]*)?|(\w+)"#,
            #"([^\x{40}\x{7F}\n ]*)([@\x{7F}\n ])"#,
        ] {
            #expect(try isOnePass(pattern) == true, "\(pattern)")
        }
        // Two steps read the same character, or `\b`.
        for pattern in [#"(\w+)olmes"#, "(a|ab)(c)", #"\b(\w+)\b"#, "(a*)(a)", "(a|a)"] {
            #expect(try isOnePass(pattern) == false, "\(pattern)")
        }
    }

    /// The library's walk over dense matches, which it finds with one-pass runs, against
    /// ICU's: every match and its groups, a matcher's loop of first matches, and `replacing`, on texts of words, numbers and
    /// operators in several scripts, with astral characters and characters above U+0800.
    @Test("dense matches: the walk's one-pass runs against ICU's loop")
    func denseOnePassWalks() throws {
        var random = SplitMix64(seed: Self.seed ^ 0x4F4E_4550)
        let pieces = [
            "count", "x", "total_sum", "résumé", "жук", "Жук", "日本", "𝒜b", "😀", "12", "4711", " ", " ", "\n", "=", "(", ")", "+",
            ";", "-", "2024-01-02", "\u{212A}", "ß", "e\u{301}", "\t", "2024-01-02 WARN ", "\n", "\n",
        ]
        // For the last patterns, units beside the bounds of the words of ASCII bits that a
        // loop's run tests (``OnePassProgram/selfMoves``): U+003F and U+0040, U+007F and U+0080.
        let boundaryPieces = pieces + ["?@A", "~\u{7F}\u{80}\u{81}", "@?", "a?b", "\u{7F}"]
        let patterns: [(String, RegexPattern.Options)] = [
            (#"([A-Za-z_]\w*)|(\d+)|([-+*/=();])"#, []),
            (#"(\d{4})-(\d{2})-(\d{2}) (\w+) (.*)"#, []),
            (#"(\w+) (\w+)"#, []),
            (#"(\w+) (\w+)"#, [.caseInsensitive]),
            (#"(\p{L}+)|(\d+)"#, []),
            ("([a-zж]+)(\\d*)", [.caseInsensitive]),
            ("(😀|𝒜)(\\w)?", []),
            ("(\\S)(\\S)?", []),
            ("(\\w+?)(\\d)", []),
            ("(k+)(s*)", [.caseInsensitive]),
            ("([^ ]+)( )?", []),
            // Moves back to the same state with no saves, which the runs pass over in a
            // tight loop: `.*`, `[^…]*` and `\w*` before and after groups, and at the end.
            (#"([a-z]\w*)( ?=[^;\n]*)?"#, []),
            (#"(\d+)( .*)"#, []),
            (#"\(([^)]*)\)|(\d+)"#, []),
            (#"(=)[^\n]*"#, [.caseInsensitive]),
        ]
        let boundaryPatterns: [(String, RegexPattern.Options)] = [
            (#"([\x{3F}\x{40}\x{7E}-\x{81}]+)|(\w+)"#, []),
            (#"(@[^?\n]*)(\?[^\x{80}~\n]*)?|(\w+)"#, []),
            (#"([^\x{40}\x{7F}\n ]*)([@\x{7F}\n ])"#, []),
        ]
        for (index, (pattern, options)) in (patterns + boundaryPatterns).enumerated() {
            let textPieces = index < patterns.count ? pieces : boundaryPieces
            var units: [UInt16] = []
            while units.count < SearchPlan.automatonSearchLength + 3000 {
                units += Array(random.element(of: textPieces).utf16)
            }
            let fast = try RegexPattern(pattern, options: options)
            let icu = try RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false)
            try units.withUnsafeBufferPointer { buffer in
                let expected = Array(icu.matches(inUTF16: buffer))
                let found = Array(fast.matches(inUTF16: buffer))
                // Denser than one match per ``MatchStrategy/denseGroupMatchSpacing`` units, where the
                // walk takes the one-pass runs.
                #expect(expected.count * MatchStrategy.denseGroupMatchSpacing > units.count, "pattern \(pattern): the text is not dense in matches")
                // A matcher's loop of first matches, which takes the one-pass runs too.
                let matcher = try fast.makeMatcher()
                var ranges: [Range<Int>] = []
                var from = 0
                while from <= buffer.count, let match = try matcher.firstMatch(inUTF16: buffer, from: from) {
                    ranges.append(match)
                    from = match.upperBound
                    if match.isEmpty {
                        guard from < buffer.count else { break }
                        from += UTF16.isLeadSurrogate(buffer[from]) && from + 1 < buffer.count ? 2 : 1
                    }
                }
                let expectedRanges = expected.map(\.range)
                #expect(
                    ranges == expectedRanges,
                    Comment(
                        rawValue: "RegexMatcher, pattern \(pattern) options \(options.rawValue): \(ranges.count) matches, "
                            + "ICU \(expected.count); first difference at match \(firstDifference(ranges, expectedRanges))"))
                #expect(
                    found == expected,
                    Comment(
                        rawValue: "pattern \(pattern) options \(options.rawValue): \(found.count) matches, ICU \(expected.count); "
                            + "first difference at match \(firstDifference(found, expected))"))
                let string = String(decoding: units, as: UTF16.self)
                let icuReplaced = try icu.replacing(in: string, withTemplate: "<$1>")
                #expect(try fast.replacing(in: string, withTemplate: "<$1>") == icuReplaced, "replacing, pattern \(pattern)")
            }
        }
    }

    /// The one-pass runs' ways of recording slots and of passing over loops, against ICU's
    /// loop on dense matches in ranges that start past the text's start, in text with lone
    /// surrogates and characters above U+0080: a move that records its slots at the offset of
    /// a pending match whose way records the same (``OnePassProgram/keepsPendingFlag``),
    /// followed by a run that fails, so that the pending match is the result; more slots than
    /// a move's bits hold (``OnePassProgram/maskedSlotLimit``); and the vector scan of loops
    /// whose stops are a few ranges (``OnePassProgram/loopStops``), over runs longer than a
    /// vector.
    @Test("one-pass runs: pending matches kept, slots past the masks, loops' vector scans")
    func onePassRunsSlotsAndLoopScans() throws {
        var random = SplitMix64(seed: Self.seed ^ 0x4F50_3353)
        let pieces = [
            "1", "12-", "7-8", "-", "x", "xy", "xyz", "y", " ", "\n", ";", "abcdefghijklmnopqrstu", "é", "жук", "😀", "0123456789",
            "a;b", "\r", "\u{85}", "\u{2028}", "word_12 ", "=",
        ]
        let patterns = [
            #"(\d)(?:-(\d+))?"#, "(x)(?:y(z))?", #"(\w+) (.*)"#, #"(=)([^;\n]*)"#, #"(\d+)-([^;]*);"#,
            // Fifteen groups: 32 slots, past the bits of a move.
            #"((((((((((((((\w+))))))))))))))( [^\n]*)?"#,
        ]
        for pattern in patterns {
            var units: [UInt16] = []
            while units.count < SearchPlan.automatonSearchLength + 3000 {
                units += Array(random.element(of: pieces).utf16)
                // A lone surrogate now and then, high or low.
                if random.next() % 16 == 0 { units.append(random.next() % 2 == 0 ? 0xD83D : 0xDE00) }
            }
            let fast = try RegexPattern(pattern)
            let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            #expect(CaptureProgram(pattern: pattern, options: [], groupCount: fast.numberOfCaptureGroups)?.onePass != nil, "\(pattern)")
            units.withUnsafeBufferPointer { buffer in
                for range in [0..<buffer.count, 7..<(buffer.count - 5)] {
                    let expected = Array(icu.matches(inUTF16: buffer, range: range))
                    let found = Array(fast.matches(inUTF16: buffer, range: range))
                    #expect(expected.count * MatchStrategy.denseGroupMatchSpacing > range.count, "pattern \(pattern): not dense")
                    #expect(
                        found == expected,
                        Comment(
                            rawValue: "pattern \(pattern) range \(range): \(found.count) matches, ICU \(expected.count); "
                                + "first difference at match \(firstDifference(found, expected))"))
                }
            }
        }
    }
}
