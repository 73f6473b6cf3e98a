/// UTF-8 decoding by Unicode's rules for ill-formed input: each maximal ill-formed subsequence
/// (Unicode 15, section 3.9, "U+FFFD Substitution of Maximal Subparts") stands for one U+FFFD,
/// the same rule ICU applies when it reads UTF-8. Decoding never fails and never crashes.
///
/// The one decoder of raw input: the line automaton reads characters with
/// ``wellFormedSequence(at:in:end:)``, and where it finds none, as ``UTF16LineBuffer`` and
/// ``UTF16ToByteOffsets`` do, a maximal ill-formed subsequence as U+FFFD. (Swift strings, which
/// are well-formed, are transcoded without validation by ``UTF16Text``.)
package enum UTF8Decoding {
    /// The character that stands for an ill-formed sequence.
    static let replacementCharacter: UInt32 = 0xFFFD

    /// The code point of the well-formed multi-byte sequence at `bytes[index]`, and its
    /// length; nil when the bytes there, before `end`, are not one. The only statement of
    /// which sequences are well-formed (Unicode's table 3-7, whose second byte is narrower
    /// after `E0`, `ED`, `F0` and `F4`).
    ///
    /// The hot path of the line automaton and of decoding, so inlined where it is used: one
    /// branch on the lead byte and one range check per continuation byte. Ill-formed input,
    /// which is rare, takes the slow path of ``maximalSubpartLength(at:in:end:)``. Transparent,
    /// because `@inline(__always)` stopped being honoured in the line automaton's loop once
    /// that grew, which left a call per character outside ASCII there.
    @_transparent
    static func wellFormedSequence(at index: Int, in bytes: UnsafePointer<UInt8>, end: Int) -> (scalar: UInt32, length: Int)? {
        let lead = bytes[index]
        @inline(__always) func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> UInt32? {
            guard index + offset < end else { return nil }
            let byte = bytes[index + offset]
            return range.contains(byte) ? UInt32(byte & 0x3F) : nil
        }
        switch lead {
        case 0xC2...0xDF:
            guard let second = continuation(1) else { return nil }
            return (UInt32(lead & 0x1F) << 6 | second, 2)
        case 0xE0...0xEF:
            let secondRange: ClosedRange<UInt8> = lead == 0xE0 ? 0xA0...0xBF : lead == 0xED ? 0x80...0x9F : 0x80...0xBF
            guard let second = continuation(1, secondRange), let third = continuation(2) else { return nil }
            return (UInt32(lead & 0x0F) << 12 | second << 6 | third, 3)
        case 0xF0...0xF4:
            let secondRange: ClosedRange<UInt8> = lead == 0xF0 ? 0x90...0xBF : lead == 0xF4 ? 0x80...0x8F : 0x80...0xBF
            guard let second = continuation(1, secondRange), let third = continuation(2), let fourth = continuation(3) else {
                return nil
            }
            return (UInt32(lead & 0x07) << 18 | second << 12 | third << 6 | fourth, 4)
        default:
            return nil
        }
    }

    /// The length of the maximal ill-formed subsequence at `bytes[index]`, before `end`, where
    /// ``wellFormedSequence(at:in:end:)`` found none: the longest start of the bytes there
    /// that some well-formed sequence starts with, or 1 byte. A start of two or three bytes is
    /// tried by completing it with `0x80`, which is a valid continuation after the second byte.
    @inline(never)
    static func maximalSubpartLength(at index: Int, in bytes: UnsafePointer<UInt8>, end: Int) -> Int {
        var completed: (UInt8, UInt8, UInt8, UInt8) = (0x80, 0x80, 0x80, 0x80)
        return withUnsafeMutableBytes(of: &completed) { buffer in
            let completion = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for length in [3, 2] where index + length <= end {
                for offset in 0..<4 {
                    completion[offset] = offset < length ? bytes[index + offset] : 0x80
                }
                if wellFormedSequence(at: 0, in: completion, end: 4) != nil {
                    return length
                }
            }
            return 1
        }
    }

    /// The character at `bytes[index]`, before `end`, as decoding reads it: its code point, or
    /// U+FFFD for one maximal ill-formed subsequence; and the number of bytes it takes.
    @inline(__always)
    static func character(at index: Int, in bytes: UnsafePointer<UInt8>, end: Int) -> (scalar: UInt32, length: Int) {
        let lead = bytes[index]
        if lead < 0x80 {
            return (UInt32(lead), 1)
        }
        if let sequence = wellFormedSequence(at: index, in: bytes, end: end) {
            return sequence
        }
        return (replacementCharacter, maximalSubpartLength(at: index, in: bytes, end: end))
    }

    /// The number of UTF-16 code units the character at `bytes[index]` decodes to (2 for a
    /// supplementary character, else 1), and the number of bytes it takes.
    @inline(__always)
    package static func unitsAndLength(at index: Int, in bytes: UnsafePointer<UInt8>, count: Int) -> (units: Int, length: Int) {
        let (scalar, length) = character(at: index, in: bytes, end: count)
        return (scalar > 0xFFFF ? 2 : 1, length)
    }
}
