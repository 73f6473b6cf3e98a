import Testing

@testable import ICURegex
import TestSupport

extension LibraryTests {
    /// The transcoder behind every `String` search gives exactly Swift's own UTF-16.
    @Suite struct UTF16TranscodingTests {
        /// Scalars of every UTF-8 length, and the edges of each length's range.
        static let scalars: [Unicode.Scalar] = [
            "a", "Z", "\u{0}", "\u{7F}", "\u{80}", "é", "ß", "\u{7FF}", "\u{800}", "Σ", "Ж", "中",
            "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}", "\u{10000}", "😀", "𝔸", "\u{10FFFF}",
        ]

        /// Random strings (fixed seed) mixing ASCII runs of every length around the eight-byte
        /// and sixteen-byte fast paths with scalars of every width.
        @Test func matchesSwiftUTF16View() {
            var random = SplitMix64(seed: 0x7472_616E_7363_6F64)
            for _ in 0..<5_000 {
                var string = ""
                for _ in 0..<random.number(in: 0..<12) {
                    if random.chance(0.5) {
                        string += String(repeating: "x", count: random.number(in: 0..<40))
                    } else {
                        string.unicodeScalars.append(random.element(of: Self.scalars))
                    }
                }
                var utf8 = Array(string.utf8)
                let units = [UInt16](unsafeUninitializedCapacity: max(utf8.count, 1)) { buffer, count in
                    count = utf8.withUnsafeMutableBufferPointer { bytes in
                        UTF16Text.transcode(UnsafeBufferPointer(bytes), into: buffer.baseAddress!)
                    }
                }
                #expect(units == Array(string.utf16), "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }

        /// `widenASCII` gives Swift's own UTF-16 of ASCII strings of every length from 0 to 80
        /// (below, at and around eight and sixteen bytes and their multiples, where its blocks
        /// overlap), each byte chosen at random (fixed seed), and writes nothing past the
        /// string's units.
        @Test func widenASCIIMatchesSwiftUTF16View() {
            var random = SplitMix64(seed: 0x7769_6465_6E41_5343)
            for length in 0...80 {
                for _ in 0..<20 {
                    let bytes = (0..<length).map { _ in UInt8(random.number(in: 0..<0x80)) }
                    let string = String(decoding: bytes, as: UTF8.self)
                    // Two units of room past the string's, which must keep their sentinel.
                    var units = [UInt16](repeating: 0xFFFF, count: length + 2)
                    units.withUnsafeMutableBufferPointer { target in
                        bytes.withUnsafeBufferPointer { UTF16Text.widenASCII($0, into: target.baseAddress!) }
                    }
                    #expect(Array(units[..<length]) == Array(string.utf16), "\(bytes)")
                    #expect(units[length...].allSatisfy { $0 == 0xFFFF }, "\(bytes)")
                }
            }
        }
    }
}
