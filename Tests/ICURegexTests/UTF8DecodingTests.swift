@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// The line search's UTF-8 decoder: ill-formed input as Swift and ICU decode it, and UTF-16
    /// offsets mapped back to bytes.
    @Suite struct UTF8DecodingTests {
        @Test("Ill-formed UTF-8 decodes as Swift and ICU decode it: one U+FFFD per maximal subpart")
        func decodingMatchesSwift() {
            var generator = SplitMix64(seed: 0xDEC0DE)
            let interesting: [UInt8] = [0x41, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xA0, 0xED, 0x9F, 0xEF, 0xF0, 0x90, 0xF4, 0x8F, 0xF5, 0xFF]
            let buffer = UTF16LineBuffer(initialCapacity: 4)
            for _ in 0..<20_000 {
                let length = Int(generator.next() % 12)
                let bytes = (0..<length).map { _ in interesting[Int(generator.next() % UInt64(interesting.count))] }
                var isASCII = false
                let decoded = bytes.withUnsafeBytes { Array(buffer.decode($0, isASCII: &isASCII)) }
                let expected = Array(String(decoding: bytes, as: UTF8.self).utf16)
                #expect(decoded == expected, "\(bytes)")
                #expect(isASCII == bytes.allSatisfy { $0 < 0x80 })
            }
        }

        @Test("Character by character, the decoder reads what Swift reads, and the automaton's fast path only well-formed characters")
        func charactersMatchSwift() {
            var generator = SplitMix64(seed: 0xC4A2)
            let interesting: [UInt8] = [0x41, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xA0, 0xED, 0x9F, 0xEF, 0xF0, 0x90, 0xF4, 0x8F, 0xF5, 0xFF]
            for _ in 0..<20_000 {
                let bytes = (0..<generator.number(in: 0...12)).map { _ in generator.element(of: interesting) }
                var scalars: [UInt32] = []
                var wellFormed: [UInt32?] = []
                bytes.withUnsafeBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    var index = 0
                    while index < buffer.count {
                        let (scalar, length) = UTF8Decoding.character(at: index, in: base, end: buffer.count)
                        let units = UTF8Decoding.unitsAndLength(at: index, in: base, count: buffer.count)
                        #expect(units.length == length && units.units == (scalar > 0xFFFF ? 2 : 1))
                        scalars.append(scalar)
                        wellFormed.append(base[index] < 0x80 ? nil : UTF8Decoding.wellFormedSequence(at: index, in: base, end: buffer.count)?.scalar)
                        index += length
                    }
                }
                let expected = String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
                #expect(scalars == expected, "\(bytes)")
                // The fast path finds a character exactly where no U+FFFD stands for bytes.
                for (scalar, fast) in zip(scalars, wellFormed) where fast != nil {
                    #expect(fast == scalar && scalar != 0xFFFD)
                }
            }
        }

        @Test("UTF-16 offsets map back to the bytes of the line")
        func offsetsMapBack() {
            let bytes: [UInt8] = Array("aé😀".utf8) + [0xFF] + Array("z".utf8)
            // Units: a(1) é(1) 😀(2) U+FFFD(1) z(1).
            let expected = [0: 0, 1: 1, 2: 3, 4: 7, 5: 8, 6: 9]
            bytes.withUnsafeBytes { raw in
                var offsets = UTF16ToByteOffsets(raw)
                for unit in expected.keys.sorted() {
                    #expect(offsets.byteOffset(ofUnit: unit) == expected[unit], "unit \(unit)")
                }
            }
        }
    }
}
