@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// ``PackedPairScanner/search(in:from:)`` against a search of the literals one position at a
    /// time, on generated blocks with occurrences placed where the vector scan changes windows:
    /// in the last 64 bytes, across window boundaries, in blocks shorter than a window, with
    /// letters in either case and bytes outside ASCII.
    @Suite struct PackedPairScannerDifferentialTests {
        /// The first occurrence at or after `start` in `text` of one of `literals` (ignoring ASCII
        /// case, where a byte outside ASCII is one too, with `ignoreCase`), or `text.count`.
        static func naiveFirst(_ literals: RequiredLiterals, in text: [UInt8], from start: Int) -> Int {
            let folded = literals.caseInsensitiveASCII ? RequiredLiterals.asciiLowercased(text) : text
            for position in start..<max(start, text.count) {
                // The characters folding into the literals are occurrences as they are spelled
                // (outside ASCII, where lowercasing changes nothing).
                for literal in literals.literals + literals.foldingCharacters
                where position + literal.count <= text.count && folded[position..<(position + literal.count)].elementsEqual(literal) {
                    return position
                }
            }
            return text.count
        }

        /// Expects `search` (a scanner's, from an offset in a block) and the probes to find the
        /// first occurrence of `literals` in `text` from `from`, as a naive search does; true
        /// when there is one.
        static func expectFirstOccurrence(
            of literals: RequiredLiterals, in text: [UInt8], from: Int, by search: (UnsafeRawBufferPointer, Int) -> Int,
            _ comment: Comment
        ) -> Bool {
            let guarded = GuardedBytes(text)
            let expected = naiveFirst(literals, in: text, from: from)
            #expect(search(guarded.buffer, from) == expected, comment)
            #expect(PackedPairScanner(literals).search(in: guarded.buffer, from: from) == expected, comment)
            return expected < text.count
        }

        /// A random literal of two to nine bytes over `alphabet`.
        static func drawLiteral(_ random: inout SplitMix64, _ alphabet: [UInt8]) -> [UInt8] {
            (0..<random.number(in: 2...9)).map { _ in random.element(of: alphabet) }
        }

        /// A block of filler with occurrences of `literals` at the starts that change windows:
        /// near a multiple of 64 from the search's start, and in the last 64 bytes.
        static func drawBlock(_ random: inout SplitMix64, literals: [[UInt8]], filler: [UInt8], start: Int, ignoreCase: Bool) -> [UInt8] {
            let length = random.element(of: [random.number(in: 0...70), random.number(in: 60...200), random.number(in: 100...700)])
            var block = (0..<length).map { _ in random.element(of: filler) }
            for _ in 0..<random.number(in: 0...3) {
                var literal = random.element(of: literals)
                if ignoreCase {
                    literal = literal.map { (0x61...0x7A).contains($0) && random.chance(0.5) ? $0 - 0x20 : $0 }
                }
                let windows = max((length - start) / 64, 0)
                let boundary = start + 64 * random.number(in: 0...windows)
                let places = [
                    boundary + random.number(in: -literal.count...1), length - random.number(in: 0...64),
                    random.number(in: 0...max(length, 0)),
                ]
                let place = random.element(of: places)
                guard place >= 0, place + literal.count <= length else { continue }
                block.replaceSubrange(place..<(place + literal.count), with: literal)
            }
            return block
        }

        @Test("byte literals, exact and ignoring ASCII case: 3,000 blocks, the first occurrence exactly")
        func byteLiterals() {
            var random = SplitMix64(seed: 0x5CA7_2024)
            // Rare bytes and frequent ones, so that the probes land on both; bytes outside ASCII.
            let literalAlphabet: [UInt8] = Array("qzxjQZkKeta@".utf8) + [0xD0, 0xD1, 0xB5, 0x80]
            let filler: [UInt8] = Array("etaoin shrdlu\nETAqz".utf8)
            var found = 0
            for caseIndex in 0..<3_000 {
                let ignoreCase = random.chance(0.4)
                let literalSet = (0..<random.number(in: 1...6)).map { _ in Self.drawLiteral(&random, literalAlphabet) }
                let literals = PackedPairScannerTests.literals(literalSet, ignoreCase: ignoreCase)
                // Bytes outside ASCII, and with -i the characters folding into the literals (the
                // Kelvin sign for k), which are occurrences themselves.
                let fillerBytes = random.chance(0.5) ? filler : filler + [0xD0, 0xB5, 0xE2, 0x84]
                let start = random.number(in: 0...70)
                let text = Self.drawBlock(
                    &random, literals: literals.literals + literals.foldingCharacters, filler: fillerBytes, start: start, ignoreCase: ignoreCase)
                let guarded = GuardedBytes(text)
                let scanner = PackedPairScanner(literals)
                let expected = Self.naiveFirst(literals, in: text, from: min(start, text.count))
                let answer = scanner.search(in: guarded.buffer, from: min(start, text.count))
                #expect(answer == expected, "case \(caseIndex): \(literals.literals) -i \(ignoreCase) start \(start) in \(text)")
                if expected < text.count { found += 1 }
            }
            #expect(found > 1_000)
        }

        @Test("one literal of two bytes or more: the first occurrence, 3,000 blocks, the same as the probes' and a naive search's")
        func singleLiteral() throws {
            var random = SplitMix64(seed: 0x1_1773)
            // Common bytes, so that the probe hits often where the literal is not.
            let literalAlphabet: [UInt8] = Array("etaq z".utf8) + [0xD0, 0xBE]
            let filler: [UInt8] = Array("etaoin shrdlu\nq".utf8) + [0xD0, 0xBE, 0xD1]
            var found = 0
            for caseIndex in 0..<3_000 {
                let literal = Self.drawLiteral(&random, literalAlphabet)
                let literals = PackedPairScannerTests.literals([literal], ignoreCase: false)
                let start = random.number(in: 0...70)
                let text = Self.drawBlock(&random, literals: [literal], filler: filler, start: start, ignoreCase: false)
                var scanner = try #require(SingleLiteralScanner(literals))
                let from = min(start, text.count)
                if Self.expectFirstOccurrence(of: literals, in: text, from: from, by: { scanner.search(in: $0, from: $1) }, "case \(caseIndex)") {
                    found += 1
                }
            }
            #expect(found > 1_000)
            // Not for two literals, one byte, or ASCII case ignored.
            #expect(SingleLiteralScanner(PackedPairScannerTests.literals([Array("ab".utf8), Array("cd".utf8)], ignoreCase: false)) == nil)
            #expect(SingleLiteralScanner(PackedPairScannerTests.literals([[0x3A]], ignoreCase: false)) == nil)
            #expect(SingleLiteralScanner(PackedPairScannerTests.literals([Array("the".utf8)], ignoreCase: true)) == nil)
        }

        @Test("one to four single-byte literals: the first occurrence, 2,000 blocks, the same as the probes' and a naive search's")
        func singleByteLiteral() throws {
            var random = SplitMix64(seed: 0xB17E)
            let filler: [UInt8] = Array("etaoin shrdlu\n:".utf8) + [0xD0, 0xB5]
            var found = 0
            for caseIndex in 0..<2_000 {
                let bytes = Set((0..<random.number(in: 1...4)).map { _ in random.element(of: Array("e:-'qz?".utf8) + [0xB5]) })
                let literalSet = bytes.sorted().map { [$0] }
                let literals = PackedPairScannerTests.literals(literalSet, ignoreCase: false)
                let start = random.number(in: 0...70)
                let text = Self.drawBlock(&random, literals: literalSet, filler: filler, start: start, ignoreCase: false)
                let scanner = try #require(SingleByteScanner(literals))
                let from = min(start, text.count)
                if Self.expectFirstOccurrence(of: literals, in: text, from: from, by: { scanner.search(in: $0, from: $1) }, "case \(caseIndex)") {
                    found += 1
                }
            }
            #expect(found > 1_000)
            // Not for a literal of two bytes, five bytes, or ASCII case ignored.
            #expect(SingleByteScanner(PackedPairScannerTests.literals([Array("ab".utf8), [0x3A]], ignoreCase: false)) == nil)
            #expect(SingleByteScanner(PackedPairScannerTests.literals(Array("?!:-'".utf8).map { [$0] }, ignoreCase: false)) == nil)
            #expect(SingleByteScanner(PackedPairScannerTests.literals([[0x65]], ignoreCase: true)) == nil)
        }

        @Test("case-variant literals: 1,000 blocks, an occurrence in the line of the first one")
        func variantLiterals() {
            var random = SplitMix64(seed: 0x7A_1A47)
            let literals = PackedPairScannerTests.literals([], ignoreCase: true, variants: ["Холмс", "Ирен", "σοφία"])
            let spellings = ["холмс", "ХОЛМС", "Х\u{1C82}лм\u{1C83}", "ирен", "ИРЕН", "ΣΟΦΊΑ", "ςοφία"].map { Array($0.utf8) }
            let filler = Array("жлм оф \nab".utf8)
            let reference = CandidateLineReference(literals)
            var found = 0
            for caseIndex in 0..<1_000 {
                let start = random.number(in: 0...70)
                let text = Self.drawBlock(&random, literals: spellings, filler: filler, start: start, ignoreCase: false)
                let from = min(start, text.count)
                let guarded = GuardedBytes(text)
                let answer = PackedPairScanner(literals).search(in: guarded.buffer, from: from)
                // The first occurrence, and the lines whose candidates start at or after `from`.
                let firstLine = reference.candidateLineStarts(in: Array(text[from...])).first
                guard let firstLine else {
                    #expect(answer == text.count, "case \(caseIndex)")
                    continue
                }
                found += 1
                let lineStart = from + firstLine
                let lineEnd = text[lineStart...].firstIndex(of: 10) ?? text.count
                #expect(answer >= lineStart && answer < lineEnd, "case \(caseIndex): \(answer) not in \(lineStart)..<\(lineEnd)")
            }
            #expect(found > 300)
        }
    }
}
