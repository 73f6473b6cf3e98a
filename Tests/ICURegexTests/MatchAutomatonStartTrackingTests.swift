import Foundation
@testable import ICURegex
import Testing
import TestSupport

/// The start of a match as the forward search tracks it (``MatchAutomaton``'s `tracksStarts`),
/// without the reverse scan, against ICU: generated patterns of the shapes it serves (words of
/// classes between `\b`s, a capital and small letters, alternations whose branches have
/// different lengths, optional and repeated pieces), on texts of ASCII, Cyrillic and astral
/// words, combining marks, lone surrogates and separators; ICU's first match from every offset
/// must be the automaton's, in UTF-16 and in UTF-8, and most matches must have been found with
/// a tracked start.
@Suite struct MatchAutomatonStartTrackingTests {
    static let seed: UInt64 = 0x5354_4152_5453

    /// What the comparisons of first matches counted: matches found alike, those of them found
    /// with a tracked start, and differences.
    struct Tally {
        var matches = 0
        var tracked = 0
        var failures = 0
    }

    /// Compares ICU's first match in `icuText` from each UTF-16 offset of `starts` with the
    /// automaton's (`search`: its first match from an offset to an end) in `text`, the same text
    /// in UTF-16 or UTF-8, whose offsets `offset` maps the UTF-16 offsets to; counts in `tally`,
    /// and records each difference as an issue, with `context` and `text` describing the case.
    static func compareFirstMatches<Unit>(
        of automaton: MatchAutomaton, _ icu: RegexMatcher, in text: UnsafeBufferPointer<Unit>,
        icuText: UnsafeBufferPointer<UInt16>, from starts: [Int], offset: (Int) -> Int, tally: inout Tally, context: String,
        text description: String, _ search: (UnsafePointer<Unit>, Int, Int) -> MatchAutomaton.Outcome
    ) throws {
        let base = text.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<Unit>.alignment)!
        for from in starts {
            let expected = try icu.firstMatch(inUTF16: icuText, from: from).map { offset($0.lowerBound)..<offset($0.upperBound) }
            let outcome = search(base, offset(from), text.count)
            switch outcome {
            case .unknown: continue
            case .noMatch where expected == nil: continue
            case .match(let found) where found == expected:
                tally.matches += 1
                if automaton.trackedMatchStart >= 0 { tally.tracked += 1 }
            default:
                tally.failures += 1
                Issue.record(
                    "\(context) from \(offset(from)): ICU \(String(describing: expected)), automaton \(outcome); \(description)")
            }
        }
    }

    @Test("a tracked start is ICU's match start, from every offset, UTF-16 and UTF-8")
    func trackedStartsAreICUs() throws {
        var random = SplitMix64(seed: Self.seed)
        let atoms = [
            "\\w", "\\w+", "\\p{Lu}", "\\p{Ll}+", "[A-Za-z]", "[a-z]+", "[0-9]", "\\d+", "\\b", "\\b", "\\B", " ", "ж", "a", "ab",
            "[^ ]", "\\s", "\\W", "𝒜", "x?", ".",
        ]
        let pieces = [
            "a", "ab", "The", "Ab", "x", "1", "42", "_", " ", " ", "  ", "-", ".", "Жук", "жук", "é", "e\u{301}", "😀", "𝒜b",
            "中文", "\u{200B}", "AB",
        ]
        func item(_ depth: Int) -> String {
            var atom = random.element(of: atoms)
            if depth < 2 && random.chance(0.25) {
                atom = "(?:" + (0..<random.number(in: 2...3)).map { _ in sequence(depth + 1) }.joined(separator: "|") + ")"
            }
            if random.chance(0.2) { atom += random.element(of: ["?", "*", "+", "{1,3}", "+?"]) }
            return atom
        }
        func sequence(_ depth: Int) -> String { (0..<random.number(in: 1...3)).map { _ in item(depth) }.joined() }
        var planned = 0
        var tally = Tally()
        for index in 0..<600 where tally.failures < 10 {
            let pattern = random.chance(0.3) ? "\\b" + sequence(0) + "\\b" : sequence(0)
            let options: RegexPattern.Options = index % 4 == 3 ? [.caseInsensitive] : []
            guard let plan = MatchAutomatonPlan(pattern: pattern, options: options),
                let icu = try? RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false).makeMatcher()
            else { continue }
            planned += 1
            let automaton = MatchAutomaton(plan)
            for _ in 0..<4 {
                let string = (0..<random.number(in: 0...14)).map { _ in random.element(of: pieces) }.joined()
                var units = Array(string.utf16)
                // A lone surrogate now and then, which ICU reads as a code point of its own.
                if !units.isEmpty && random.chance(0.2) { units.insert(random.chance(0.5) ? 0xD835 : 0xDC9C, at: random.number(in: 0...units.count)) }
                let bytes = Array(string.utf8)
                let byteOffsets = utf8OffsetsOfUTF16Offsets(in: string)
                let context = "pattern \(String(reflecting: pattern)) options \(options.rawValue)"
                try units.withUnsafeBufferPointer { buffer in
                    let starts = (0...units.count).filter { from in
                        !(from > 0 && from < units.count && UTF16.isTrailSurrogate(units[from]) && UTF16.isLeadSurrogate(units[from - 1]))
                    }
                    try Self.compareFirstMatches(
                        of: automaton, icu, in: buffer, icuText: buffer, from: starts, offset: { $0 }, tally: &tally,
                        context: "\(context) UTF-16", text: "text \(UTF16Units.describe(units))"
                    ) { automaton.firstMatch(inUTF16: $0, from: $1, to: $2) }
                }
                // UTF-8, on the string without the lone surrogate, offsets mapped.
                let stringUnits = Array(string.utf16)
                try stringUnits.withUnsafeBufferPointer { buffer in
                    try bytes.withUnsafeBufferPointer { byteBuffer in
                        let starts = (0...stringUnits.count).filter { $0 == stringUnits.count || !UTF16.isTrailSurrogate(stringUnits[$0]) }
                        try Self.compareFirstMatches(
                            of: automaton, icu, in: byteBuffer, icuText: buffer, from: starts, offset: { byteOffsets[$0] },
                            tally: &tally, context: "\(context) UTF-8", text: "string \(String(reflecting: string))"
                        ) { automaton.firstMatch(inUTF8: $0, from: $1, to: $2) }
                    }
                }
            }
        }
        #expect(planned > 300)
        #expect(tally.matches > 10_000)
        // The shapes the tracking serves are most of these patterns: most matches are found
        // without the reverse scan.
        #expect(tally.tracked > tally.matches / 3)
    }

    /// The patterns of the dense-match benchmarks track their starts (the reverse scan is not
    /// run); a pattern whose entry is in a follow list (`(?:ab)*c`: `a` and `c` follow `b`)
    /// does not, nor a match whose threads had several starts when it was found (`a{3}b` in
    /// `aaaab`: a thread from each `a`), with ICU's matches all the same. Where a later start's
    /// thread takes a position an earlier one holds (`\w+ \w+`), or a match drops the later
    /// ones (`[A-Za-z]{2,3}`), one start is left.
    @Test(
        "which patterns track their starts",
        arguments: [
            (#"\b\w+\b"#, "", true), (#"\p{Lu}\p{Ll}+"#, "", true), (#"\b[0-9A-Za-z_]+\b"#, "", true),
            (#"[A-Za-z]{2,3}"#, "", true), (#"\w+ \w+"#, "", true), (#"ab|b"#, "", true), (#"(?:ab)*c"#, "ababc c abc", false),
            (#"a{3}b"#, "aaaab aaab", false),
        ])
    func benchmarkShapes(pattern: String, text: String, tracks: Bool) throws {
        let plan = try #require(MatchAutomatonPlan(pattern: pattern, options: []))
        let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false).makeMatcher()
        let automaton = MatchAutomaton(plan)
        let units = Array((text.isEmpty ? "The quick Brown fox, Жук жук 42 x_1 Abc ab" : text).utf16)
        var sawTracked = false
        try units.withUnsafeBufferPointer { buffer in
            var from = 0
            while let expected = try icu.firstMatch(inUTF16: buffer, from: from) {
                #expect(automaton.firstMatch(inUTF16: buffer.baseAddress!, from: from, to: units.count) == .match(expected))
                if automaton.trackedMatchStart >= 0 { sawTracked = true }
                from = expected.upperBound
            }
        }
        #expect(sawTracked == tracks)
    }

    /// The start state's skip over ASCII characters (``MatchStartScanner/ASCIISkip``, C
    /// vector loops) against a scan one unit at a time: generated tables of the characters that
    /// keep the start state (a few ranges that may start a match, or many), texts of ASCII,
    /// Latin, Cyrillic, surrogates and other units, from every offset, UTF-16 and UTF-8.
    @Test("the start state's skip stops where a scan one unit at a time stops")
    func startSkip() {
        var random = SplitMix64(seed: Self.seed ^ 0x534B_4950)
        let alphabet: [UInt16] = Array(0x20...0x7E) + [0x0A, 0x09, 0xE9, 0x416, 0x436, 0xD835, 0xDC9C, 0x4E2D, 0xFEFF]
        for _ in 0..<300 {
            var keepsStart = [Bool](repeating: true, count: 128)
            for _ in 0..<random.number(in: 0...(random.chance(0.2) ? 12 : 3)) {
                let low = random.number(in: 0...127)
                for character in low...min(127, low + random.number(in: 0...25)) { keepsStart[character] = false }
            }
            // The skip reads the scanner's tables: the scanner lives to the loop's end.
            let scanner = MatchStartScanner(keepsStart: keepsStart)
            defer { withExtendedLifetime(scanner) {} }
            let skip = scanner.asciiSkip!
            let units = (0..<random.number(in: 0...70)).map { _ in random.chance(0.9) ? UInt16(random.number(in: 0x20...0x7E)) : random.element(of: alphabet) }
            let bytes = units.map { UInt8(truncatingIfNeeded: $0) }
            func expected(_ values: [UInt16], from: Int) -> Int {
                values[from...].firstIndex { $0 >= 0x80 || !keepsStart[Int($0)] } ?? values.count
            }
            units.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 2)!
                for from in 0...units.count {
                    #expect(skip.firstPossibleStart(inUTF16: base, from: from, to: units.count) == expected(units, from: from))
                }
            }
            bytes.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
                for from in 0...bytes.count {
                    #expect(
                        skip.firstPossibleStart(inUTF8: base, from: from, to: bytes.count) == expected(bytes.map { UInt16($0) }, from: from))
                }
            }
        }
    }
}
