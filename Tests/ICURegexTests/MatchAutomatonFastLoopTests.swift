import Foundation
@testable import ICURegex
import Testing
import TestSupport

/// The forward scan's fast loop (``MatchAutomaton``'s loop over characters below
/// ``CodePointClassTable/exactLimit``, and its run of one class that keeps the state) against
/// ICU: the dense-match patterns and generated ones of classes and bounded repeats, on texts of
/// long runs of ASCII, Latin, Greek and Cyrillic letters, digits, separators, carriage returns,
/// combining marks and astral characters; every match of ICU's `findNext` loop must be the
/// automaton's, in UTF-16 and in UTF-8, and UTF-8 that ends in a lone lead byte must give ICU's
/// answer for U+FFFD there or none.
@Suite struct MatchAutomatonFastLoopTests {
    static let seed: UInt64 = 0x4641_5354_4C50

    @Test("every match of a dense walk is ICU's, UTF-16 and UTF-8")
    func denseWalksAreICUs() throws {
        var random = SplitMix64(seed: Self.seed)
        let fixed = [
            #"\b\w+\b"#, #"\p{Lu}\p{Ll}+"#, #"[A-Za-z]{8,13}"#, #"\w+"#, #"[a-zа-я]+"#, #"\b\p{L}{2,5}\b"#, #"\B\w"#, #"\d+"#,
        ]
        let atoms = [
            "\\w", "\\w+", "\\p{Lu}", "\\p{Ll}+", "[A-Za-z]", "[a-zа-яё]+", "\\p{Cyrillic}", "[α-ω]+", "\\d+", "\\b", "\\B", " ",
            "\\s+", "\\W", "[^ ]", ".", "é", "ж",
        ]
        let pieces = [
            "abcdefgh", "The", "Holmes", "xy", "12345", " ", " ", ", ", "Жук", "жукжукжук", "ЖУК", "αβγδεζ", "Éé", "e\u{301}",
            "\r\n", "\u{200B}", "😀", "中", "_", "ZZZZZZZZZZZZZZ", "ёлка",
        ]
        func item() -> String {
            var atom = random.element(of: atoms)
            if random.chance(0.3) { atom += random.element(of: ["?", "*", "+", "{2,4}", "{1,3}"]) }
            return atom
        }
        var walked = 0
        var failures = 0
        for index in 0..<240 where failures < 10 {
            let pattern = index < fixed.count ? fixed[index] : (0..<random.number(in: 1...3)).map { _ in item() }.joined()
            let options: RegexPattern.Options = index % 5 == 4 ? [.caseInsensitive] : []
            guard let plan = MatchAutomatonPlan(pattern: pattern, options: options),
                let icu = try? RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false).makeMatcher()
            else { continue }
            let automaton = MatchAutomaton(plan, carriageReturnIsUnknown: index % 3 == 2)
            for _ in 0..<3 {
                let string = (0..<random.number(in: 0...30)).map { _ in random.element(of: pieces) }.joined()
                let units = Array(string.utf16)
                let byteOffsets = utf8OffsetsOfUTF16Offsets(in: string)
                // The walks in UTF-16 and UTF-8, and in UTF-8 ending in a lone lead byte that ICU
                // reads as U+FFFD.
                try check(icu, automaton, units: units, bytes: Array(string.utf8), offsets: byteOffsets, pattern: pattern, &walked, &failures)
                let replaced = string + "\u{FFFD}"
                try check(
                    icu, automaton, units: Array(replaced.utf16), bytes: Array(string.utf8) + [0xD0],
                    offsets: byteOffsets + [byteOffsets.last! + 1], pattern: pattern, &walked, &failures)
            }
        }
        #expect(walked > 5_000)
    }

    /// ICU's `findNext` loop over `units`, each match against the automaton's from the same
    /// place in UTF-16 (unless `bytes` is not the UTF-8 of `units`) and in UTF-8 (`offsets`:
    /// the byte offset of each UTF-16 offset); an unknown answer ends that walk.
    private func check(
        _ icu: RegexMatcher, _ automaton: MatchAutomaton, units: [UInt16], bytes: [UInt8], offsets: [Int], pattern: String,
        _ walked: inout Int, _ failures: inout Int
    ) throws {
        let checksUTF16 = Array(String(decoding: bytes, as: UTF8.self).utf16) == units
        var utf16Known = checksUTF16
        var utf8Known = true
        try units.withUnsafeBufferPointer { buffer in
            try bytes.withUnsafeBufferPointer { byteBuffer in
                let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 2)!
                let byteBase = byteBuffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
                var from = 0
                while from <= units.count && (utf16Known || utf8Known) {
                    let expected = try icu.firstMatch(inUTF16: buffer, from: from)
                    if utf16Known {
                        let outcome = automaton.firstMatch(inUTF16: base, from: from, to: units.count)
                        if outcome == .unknown {
                            utf16Known = false
                        } else if outcome != (expected.map { .match($0) } ?? .noMatch) {
                            failures += 1
                            Issue.record("\(String(reflecting: pattern)) UTF-16 from \(from): ICU \(String(describing: expected)), automaton \(outcome); text \(UTF16Units.describe(units))")
                        }
                    }
                    if utf8Known {
                        let outcome = automaton.firstMatch(inUTF8: byteBase, from: offsets[from], to: bytes.count)
                        let expectedBytes = expected.map { offsets[$0.lowerBound]..<offsets[$0.upperBound] }
                        if outcome == .unknown {
                            utf8Known = false
                        } else if outcome != (expectedBytes.map { .match($0) } ?? .noMatch) {
                            failures += 1
                            Issue.record("\(String(reflecting: pattern)) UTF-8 from \(offsets[from]): ICU \(String(describing: expectedBytes)), automaton \(outcome); bytes \(bytes)")
                        }
                    }
                    walked += 1
                    guard let expected else { break }
                    from = expected.upperBound
                    if expected.isEmpty {
                        guard from < units.count else { break }
                        from += UTF16.isLeadSurrogate(units[from]) && from + 1 < units.count && UTF16.isTrailSurrogate(units[from + 1]) ? 2 : 1
                    }
                }
            }
        }
    }
}
