/// UTF-8 decoding by Unicode's rules for ill-formed input: each maximal ill-formed subsequence
/// (Unicode 15, section 3.9, "U+FFFD Substitution of Maximal Subparts") stands for one U+FFFD,
/// the same rule ICU applies when it reads UTF-8. Decoding never fails and never crashes.
///
/// The one decoder of raw input: the line automaton reads characters with
/// ``multiByteSequence(at:in:end:)`` and stops at the ill-formed ones, and
/// ``UTF16LineBuffer`` and ``UTF16ToByteOffsets`` read them as U+FFFD. (Swift strings, which
/// are well-formed, are transcoded without validation by ``UTF16Text``.)
package enum UTF8Decoding {
    /// The character that stands for an ill-formed sequence.
    static let replacementCharacter: UInt32 = 0xFFFD

    /// What ``multiByteSequence(at:in:end:)`` gives for an ill-formed sequence instead of a
    /// code point: no code point is this large.
    static let illFormed: UInt32 = .max

    /// The sequence that starts at `bytes[index]`, a byte of 0x80 or more, and ends before
    /// `end`: the code point of a well-formed character and its length, or ``illFormed`` and
    /// the length of one maximal ill-formed subsequence (at least 1 byte).
    ///
    /// The hot path of the line automaton and of decoding, so inlined where it is used: one
    /// branch on the lead byte, and one range check per continuation byte (Unicode's table
    /// 3-7 of well-formed sequences, whose second byte is narrower after `E0`, `ED`, `F0` and
    /// `F4`).
    @inline(__always)
    static func multiByteSequence(at index: Int, in bytes: UnsafePointer<UInt8>, end: Int) -> (scalar: UInt32, length: Int) {
        let lead = bytes[index]
        /// The payload of the continuation byte `offset` bytes after the lead, or nil when it
        /// lies at `end` or beyond, or outside `range`.
        @inline(__always) func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> UInt32? {
            guard index &+ offset < end else { return nil }
            let byte = bytes[index &+ offset]
            return range.contains(byte) ? UInt32(byte & 0x3F) : nil
        }
        switch lead {
        case 0xC2...0xDF:
            guard let second = continuation(1) else { return (illFormed, 1) }
            return (UInt32(lead & 0x1F) << 6 | second, 2)
        case 0xE0...0xEF:
            let secondRange: ClosedRange<UInt8> = lead == 0xE0 ? 0xA0...0xBF : lead == 0xED ? 0x80...0x9F : 0x80...0xBF
            guard let second = continuation(1, secondRange) else { return (illFormed, 1) }
            guard let third = continuation(2) else { return (illFormed, 2) }
            return (UInt32(lead & 0x0F) << 12 | second << 6 | third, 3)
        case 0xF0...0xF4:
            let secondRange: ClosedRange<UInt8> = lead == 0xF0 ? 0x90...0xBF : lead == 0xF4 ? 0x80...0x8F : 0x80...0xBF
            guard let second = continuation(1, secondRange) else { return (illFormed, 1) }
            guard let third = continuation(2) else { return (illFormed, 2) }
            guard let fourth = continuation(3) else { return (illFormed, 3) }
            return (UInt32(lead & 0x07) << 18 | second << 12 | third << 6 | fourth, 4)
        default:
            return (illFormed, 1)
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
        let (scalar, length) = multiByteSequence(at: index, in: bytes, end: end)
        return (scalar == illFormed ? replacementCharacter : scalar, length)
    }

    /// The number of UTF-16 code units the character at `bytes[index]` decodes to (2 for a
    /// supplementary character, else 1), and the number of bytes it takes.
    @inline(__always)
    package static func unitsAndLength(at index: Int, in bytes: UnsafePointer<UInt8>, count: Int) -> (units: Int, length: Int) {
        let (scalar, length) = character(at: index, in: bytes, end: count)
        return (scalar > 0xFFFF ? 2 : 1, length)
    }
}
