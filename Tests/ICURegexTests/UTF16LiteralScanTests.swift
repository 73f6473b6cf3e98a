import CByteScan
@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// The UTF-16 literal searches of `CByteScan` (`bytescan_u16_find_literal`, the packed pair,
    /// and `bytescan_u16_teddy_find`, Teddy over UTF-16), each of their implementations, against
    /// a search one position at a time, on generated literals and texts of ASCII, Cyrillic, CJK,
    /// surrogate pairs and lone surrogates, with occurrences planted at every alignment and at
    /// the texts' ends, which lie against a guard page (a read past the end crashes the test).
    @Suite struct UTF16LiteralScanTests {
        /// The implementations this processor runs.
        static var kernels: [Int32] {
            [BYTESCAN_U16_KERNEL_SCALAR, BYTESCAN_U16_KERNEL_VECTOR, BYTESCAN_U16_KERNEL_AVX2, BYTESCAN_U16_KERNEL_AVX512]
                .map { Int32($0) }.filter { bytescan_u16_kernel_available($0) }
        }

        /// The units texts and literals are drawn from: a few of each script, units that share
        /// a folded byte (`0x0441` and `0x0045`: 0x41 ^ 0x04; `0x4E2D` and `0x0063`), the
        /// halves of 😀 and 𝒜, and units whose low or high byte is another's.
        static let alphabet: [UInt16] =
            Array("ab e\nZ".utf16) + Array("жсЖ".utf16) + Array("中文".utf16) + Array("😀𝒜".utf16)
            + [0x0441, 0x0045, 0x4E2D, 0x0063, 0x6162, 0x6261, 0x0100, 0x00FF]

        /// A drawn literal: mostly short, over a part of the alphabet so that it occurs.
        static func drawLiteral(_ random: inout SplitMix64, longest: Int) -> [UInt16] {
            (0..<random.number(in: 1...longest)).map { _ in random.element(of: alphabet) }
        }

        /// A drawn text with occurrences of `literals` planted in it, one of them often at its
        /// very end.
        static func drawText(_ random: inout SplitMix64, literals: [[UInt16]]) -> [UInt16] {
            var text: [UInt16] = []
            let length = random.chance(0.3) ? random.number(in: 64...400) : random.number(in: 0...70)
            let letters = Array(alphabet.prefix(random.number(in: 2...alphabet.count)))
            while text.count < length {
                if random.chance(0.04) {
                    text += random.element(of: literals)
                } else {
                    text.append(random.element(of: letters))
                }
            }
            if random.chance(0.3) {
                text += random.element(of: literals)
            }
            return text
        }

        /// True when `literal` occurs at `position` of `text`.
        static func occurs(_ literal: [UInt16], in text: [UInt16], at position: Int) -> Bool {
            position + literal.count <= text.count && Array(text[position..<(position + literal.count)]) == literal
        }

        /// The text's units at the end of readable memory, as the searches read them.
        static func guarded(_ text: [UInt16]) -> GuardedBytes {
            GuardedBytes(text.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] })
        }

        @Test("packed pair: 4,000 generated literals, probe offsets and texts, every implementation, the first occurrence")
        func packedPairAgreesWithNaiveSearch() {
            var random = SplitMix64(seed: 0x5531_3650_4149_5253)
            var found = 0
            for caseIndex in 0..<4_000 {
                let literal = Self.drawLiteral(&random, longest: random.chance(0.2) ? 40 : 6)
                let text = Self.drawText(&random, literals: [literal])
                let start = random.number(in: 0...text.count)
                let offsets = (random.number(in: 0..<literal.count), random.number(in: 0..<literal.count))
                let expected = (start..<max(start, text.count)).first { Self.occurs(literal, in: text, at: $0) } ?? text.count
                if expected < text.count { found += 1 }
                let guarded = Self.guarded(text)
                let base = guarded.base.assumingMemoryBound(to: UInt16.self)
                for kernel in Self.kernels {
                    let answer = bytescan_u16_find_literal_using(kernel, base, start, text.count, literal, literal.count, offsets.0, offsets.1)
                    #expect(answer == expected, "case \(caseIndex), kernel \(kernel): \(literal) offsets \(offsets) from \(start) in \(text)")
                }
            }
            #expect(found > 1_500)
        }

        @Test("Teddy: 4,000 generated literal sets (1 to 64) and texts, every implementation, the leftmost occurrence and the first literal there")
        func teddyAgreesWithNaiveSearch() throws {
            var random = SplitMix64(seed: 0x5531_3654_4544_4459)
            var found = 0
            for caseIndex in 0..<4_000 {
                let count = random.chance(0.3) ? random.number(in: 9...64) : random.number(in: 1...8)
                let longest = random.chance(0.2) ? 30 : random.number(in: 1...5)
                let literals = (0..<count).map { _ in Self.drawLiteral(&random, longest: longest) }
                let text = Self.drawText(&random, literals: literals)
                let start = random.number(in: 0...text.count)
                let scanner = try #require(UTF16TeddyScanner(literals: literals))
                var expected: (start: Int, literal: Int)?
                for position in start..<max(start, text.count) {
                    if let literal = literals.indices.first(where: { Self.occurs(literals[$0], in: text, at: position) }) {
                        expected = (position, literal)
                        break
                    }
                }
                if expected != nil { found += 1 }
                let guarded = Self.guarded(text)
                let base = guarded.base.assumingMemoryBound(to: UInt16.self)
                for kernel in Self.kernels {
                    var literal = -1
                    let answer = bytescan_u16_teddy_find_using(kernel, scanner.pointer, base, start, text.count, &literal)
                    let context = "case \(caseIndex), kernel \(kernel): \(literals) from \(start) in \(text)"
                    #expect(answer == expected?.start ?? text.count, "\(context)")
                    if let expected {
                        #expect(literal == expected.literal, "\(context)")
                    }
                }
                let planned = scanner.leftmostOccurrence(in: base, range: start..<text.count)
                #expect(planned?.start == expected?.start && planned?.literal == expected?.literal, "case \(caseIndex)")
            }
            #expect(found > 1_500)
        }

        @Test("the prefilter's UTF-16 scanners with case: one literal by the packed pair, several by Teddy, the same answers as a naive search")
        func literalSetAgreesWithNaiveSearch() throws {
            var random = SplitMix64(seed: 0x5531_3653_4554_5321)
            for caseIndex in 0..<1_000 {
                let count = random.chance(0.5) ? 1 : random.number(in: 2...LiteralFacts.maximumSetSize)
                let literals = (0..<count).map { _ in
                    String(decoding: Self.drawLiteral(&random, longest: 6), as: UTF16.self)
                }
                // Lone surrogates do not survive UTF-8: the set's literals are what they became.
                let set = try #require(Prefilter(literals: literals.map { Array($0.utf8) }, caseHandling: .exact))
                let text = Self.drawText(&random, literals: set.utf16Literals)
                let lower = random.number(in: 0...text.count)
                let upper = random.number(in: lower...text.count)
                var expected: (start: Int, literal: Int)?
                for position in lower..<upper {
                    if let literal = set.utf16Literals.indices.first(where: {
                        position + set.utf16Literals[$0].count <= upper && Self.occurs(set.utf16Literals[$0], in: text, at: position)
                    }) {
                        expected = (position, literal)
                        break
                    }
                }
                let guarded = Self.guarded(text)
                let found = set.leftmostOccurrence(inUTF16: guarded.base.assumingMemoryBound(to: UInt16.self), range: lower..<upper)
                #expect(found?.start == expected?.start && found?.literal == expected?.literal, "case \(caseIndex): \(set.utf16Literals) in \(lower)..<\(upper)")
            }
        }
    }
}
