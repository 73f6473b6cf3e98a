import Foundation
@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// The start state's skip past characters outside ASCII that keep it
    /// (``MatchStartScanner/ASCIISkip/smallKeepsStart``: the lowercase letters of Cyrillic or
    /// Greek text for `\p{Lu}\p{Ll}+`), and the forward scan's run of a class read again from
    /// the first character on (a capital's state to the matching one, then that state's own
    /// loop): the skip alone against a reading one character at a time, ill-formed UTF-8
    /// among its bytes; then every match of patterns that start with a class and run a class
    /// after it, against ICU alone.
    @Suite struct MatchAutomatonSmallSkipTests {
        static let seed: UInt64 = 0x534D_414C_4C53_4B50

        /// Characters below 0x800 and above, ASCII or not, uppercase, lowercase and titlecase.
        static let characters: [Character] = [
            "a", "z", "A", "Z", " ", ".", "0", "ж", "Ж", "я", "Я", "ё", "Ё", "σ", "Σ", "ǅ", "ǆ", "Ǆ", "é", "É", "ß", "İ", "ı", "Ḁ",
            "ḁ", "福", "😀", "\u{7FF}", "\u{800}",
        ]

        static let asciiCharacters: [Character] = ["a", "z", " ", ".", "A"]

        /// Bytes that are not well-formed UTF-8 where they stand: continuation bytes alone, an
        /// overlong lead (C0, C1), a lead of two without its continuation, at the end or before
        /// ASCII, leads of longer sequences, bytes never in UTF-8.
        static let illFormed: [[UInt8]] = [[0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xD0], [0xD0, 0x41], [0xE0, 0x80], [0xF0], [0xFF]]

        @Test("the skip stops at the first unit or byte that is not a small character keeping the start state: 3,000 generated cases")
        func smallSkipAgainstTable() {
            var random = SplitMix64(seed: Self.seed)
            var stops = (small: 0, illFormed: 0, large: 0)
            var longASCIIRuns = 0
            for caseIndex in 0..<3_000 {
                // Most code points keep the start state; some ASCII ones and some others do not.
                var small = [Bool](repeating: true, count: MatchStartScanner.smallLimit)
                for _ in 0..<random.number(in: 0...6) { small[random.number(in: 0..<0x80)] = false }
                for _ in 0..<random.number(in: 1...6) {
                    small[Int(random.element(of: Self.characters).unicodeScalars.first!.value) % MatchStartScanner.smallLimit] = false
                }
                for _ in 0..<random.number(in: 0...40) { small[random.number(in: 0x80..<MatchStartScanner.smallLimit)] = false }
                let scanner = MatchStartScanner(keepsStart: Array(small[..<0x80]), smallKeepsStart: small)
                let skip = scanner.asciiSkip!
                var text = ""
                var bytes: [UInt8] = []
                // Half the texts mostly ASCII, where the skip goes back to its vectors after a
                // run of ASCII characters (``MatchStartScanner/ASCIISkip/longestSmallASCIIRun``).
                let mostlyASCII = random.chance(0.5)
                for _ in 0..<random.number(in: 0...160) {
                    let character = mostlyASCII && random.chance(0.9) ? random.element(of: Self.asciiCharacters) : random.element(of: Self.characters)
                    text.append(character)
                    bytes += Array(String(character).utf8)
                    if random.chance(0.02) { bytes += random.element(of: Self.illFormed) }
                }
                // UTF-16: every unit below 0x800 is its code point.
                let units = Array(text.utf16)
                if units.count > 40, let first = units.firstIndex(where: { $0 >= 0x80 && $0 < 0x800 }),
                    units[first...].prefix(while: { $0 < 0x800 && small[Int($0)] }).count > 40
                {
                    longASCIIRuns += 1
                }
                let unitStart = random.number(in: 0...units.count)
                let expectedUnit = (unitStart..<units.count).first { units[$0] >= 0x800 || !small[Int(units[$0])] } ?? units.count
                let foundUnit = units.withUnsafeBufferPointer {
                    skip.firstPossibleStart(inUTF16: $0.baseAddress ?? UnsafePointer(bitPattern: 2)!, from: unitStart, to: units.count)
                }
                #expect(foundUnit == expectedUnit, "case \(caseIndex), UTF-16 from \(unitStart) of \(text.debugDescription)")
                // UTF-8, from a byte that is not a continuation byte: whole characters decoded
                // one at a time, the reading stopping at anything else.
                let byteStarts = (0...bytes.count).filter { $0 == bytes.count || bytes[$0] & 0xC0 != 0x80 }
                let byteStart = random.element(of: byteStarts)
                var expected = byteStart
                while expected < bytes.count {
                    let byte = bytes[expected]
                    if byte < 0x80 {
                        guard small[Int(byte)] else { break }
                        expected += 1
                        continue
                    }
                    let decoded = String(validating: bytes[expected..<min(expected + 2, bytes.count)], as: UTF8.self)
                    guard let scalar = decoded?.unicodeScalars.first, decoded?.unicodeScalars.count == 1,
                        scalar.value < MatchStartScanner.smallLimit, small[Int(scalar.value)]
                    else { break }
                    expected += 2
                }
                if expected < bytes.count {
                    let byte = bytes[expected]
                    if byte >= 0x80 && byte < 0xC2 || byte > 0xF4 || (byte >= 0xC2 && byte <= 0xDF && (expected + 1 == bytes.count || bytes[expected + 1] & 0xC0 != 0x80)) {
                        stops.illFormed += 1
                    } else if byte >= 0xE0 {
                        stops.large += 1
                    } else {
                        stops.small += 1
                    }
                }
                let found = bytes.withUnsafeBufferPointer {
                    skip.firstPossibleStart(inUTF8: $0.baseAddress ?? UnsafePointer(bitPattern: 1)!, from: byteStart, to: bytes.count)
                }
                #expect(found == expected, "case \(caseIndex), UTF-8 from \(byteStart) of \(bytes)")
            }
            #expect(stops.small > 100 && stops.illFormed > 20 && stops.large > 100, "\(stops)")
            #expect(longASCIIRuns > 50, "texts where the skip goes on long past a small character: \(longASCIIRuns)")
        }

        /// Patterns that start with a class and run a class after it, ASCII or not, a few
        /// whose first class is also their run's, and bounded runs (where the class read again
        /// leads to another state, with a match, until the bound).
        static let patterns = [
            #"\p{Lu}\p{Ll}+"#, #"[A-Z][a-z]+"#, #"\p{Lu}\w*"#, #"[А-Я][а-я]+"#, #"[\p{Lu}\p{Lt}]\p{Ll}+"#, #"\p{Lt}\p{Ll}*"#,
            #"\p{Lu}[\p{Ll}\d]+x?"#, #"[ЖЯ]\p{Ll}{2,}"#, #"\p{Ll}+"#, #"\p{Lu}\p{Ll}{1,3}"#, #"[А-Я]у?к{1,2}"#, #"ж[а-я]+"#, #"\p{Lu}\p{Ll}+|\d+"#,
        ]
        /// Pieces of the texts: words of each case in several scripts, titlecase letters,
        /// letters beyond the small ones, separators; texts start and end with any of them.
        static let pieces = [
            "The", "the", " ", ".", ", ", "Жук", "жук", "ЖУК", "Ёлка", "ǅungla", "ǆ", "Ǆ", "Σίσυφος", "σ", "İstanbul", "ı",
            "Ḁḁḁ", "ḁ", "𝒜b", "e\u{301}", "\n", "ABC", "AbCd", "X", "42", "x", "Straße", "É", "é", "\u{7FF}", "ЖЖ",
        ]

        @Test("every match of class-then-run patterns is ICU's, in UTF-16 and UTF-8, first matches and runs")
        func classRunMatchesAgainstICU() throws {
            var random = SplitMix64(seed: Self.seed &+ 1)
            for pattern in Self.patterns {
                for _ in 0..<30 {
                    // Mostly lowercase and separators, so that the skip goes far, with words of
                    // every kind among them.
                    var text = ""
                    for _ in 0..<random.number(in: 0...120) {
                        text += random.chance(0.6) ? random.element(of: ["жук", " ", "the", "σ", ", ", "é", "ǆ"]) : random.element(of: Self.pieces)
                    }
                    try MatchAutomatonRunTests.expectLoopMatches(of: pattern, in: text)
                }
            }
        }
    }
}
