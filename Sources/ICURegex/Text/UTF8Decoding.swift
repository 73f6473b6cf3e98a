/// UTF-8 decoding by Unicode's rules for ill-formed input: each maximal ill-formed subsequence
/// (Unicode 15, section 3.9, "U+FFFD Substitution of Maximal Subparts") stands for one U+FFFD,
/// the same rule ICU applies when it reads UTF-8. Decoding never fails and never crashes.
package enum UTF8Decoding {
    /// The replacement character that stands for an ill-formed sequence.
    static let replacementCharacter: UInt16 = 0xFFFD

    /// The length of the sequence at `bytes[index]`: a well-formed character, or one maximal
    /// ill-formed subsequence (at least 1 byte). `scalar` receives the character, or U+FFFD.
    @inline(__always)
    static func sequence(
        at index: Int, in bytes: UnsafePointer<UInt8>, count: Int, scalar: inout UInt32
    ) -> Int {
        let lead = UInt32(bytes[index])
        if lead < 0x80 {
            scalar = lead
            return 1
        }
        // The number of continuation bytes, and the range allowed for the first one.
        let trailing: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF:
            trailing = 1
        case 0xE0:
            trailing = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF:
            trailing = 2
        case 0xED:
            trailing = 2; high = 0x9F
        case 0xF0:
            trailing = 3; low = 0x90
        case 0xF1...0xF3:
            trailing = 3
        case 0xF4:
            trailing = 3; high = 0x8F
        default:
            scalar = 0xFFFD
            return 1
        }
        var value = lead & (0x3F >> UInt32(trailing))
        var length = 1
        while length <= trailing {
            let position = index + length
            guard position < count else {
                scalar = 0xFFFD
                return length
            }
            let byte = bytes[position]
            if byte < low || byte > high {
                scalar = 0xFFFD
                return length
            }
            value = (value << 6) | UInt32(byte & 0x3F)
            low = 0x80
            high = 0xBF
            length += 1
        }
        scalar = value
        return length
    }

    /// The number of UTF-16 code units the character at `bytes[index]` decodes to (2 for a
    /// supplementary character, else 1), and the number of bytes it takes.
    @inline(__always)
    package static func unitsAndLength(at index: Int, in bytes: UnsafePointer<UInt8>, count: Int) -> (units: Int, length: Int) {
        var scalar: UInt32 = 0
        let length = sequence(at: index, in: bytes, count: count, scalar: &scalar)
        return (scalar > 0xFFFF ? 2 : 1, length)
    }
}

/// A reusable UTF-16 buffer that lines are decoded into, one at a time, so that decoding
/// allocates only when a line is longer than every line before it.
package final class UTF16LineBuffer {
    private var storage: UnsafeMutablePointer<UInt16>
    private var capacity: Int

    /// Creates a buffer for lines of up to `initialCapacity` bytes; it grows for longer ones.
    package init(initialCapacity: Int = 4096) {
        capacity = initialCapacity
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// Decodes the UTF-8 in `bytes` and returns its UTF-16 units, valid until the next call.
    /// Sets `isASCII` when every byte was ASCII, so that UTF-16 offsets equal byte offsets.
    @inline(__always)
    package func decode(_ bytes: UnsafeRawBufferPointer, isASCII: inout Bool) -> UnsafeBufferPointer<UInt16> {
        let count = bytes.count
        // Every byte yields at most one unit.
        if count > capacity {
            storage.deallocate()
            capacity = max(count, capacity * 2)
            storage = .allocate(capacity: capacity)
        }
        guard count > 0, let base = bytes.baseAddress else {
            isASCII = true
            return UnsafeBufferPointer(start: storage, count: 0)
        }
        let source = base.assumingMemoryBound(to: UInt8.self)
        let target = storage
        var index = 0
        // ASCII fast path, eight bytes at a time.
        while index + 8 <= count {
            let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 { break }
            for offset in 0..<8 {
                target[index + offset] = UInt16(source[index + offset])
            }
            index += 8
        }
        while index < count && source[index] < 0x80 {
            target[index] = UInt16(source[index])
            index += 1
        }
        if index == count {
            isASCII = true
            return UnsafeBufferPointer(start: target, count: count)
        }
        isASCII = false
        var written = index
        var scalar: UInt32 = 0
        while index < count {
            let byte = source[index]
            if byte < 0x80 {
                target[written] = UInt16(byte)
                written += 1
                index += 1
                continue
            }
            index += UTF8Decoding.sequence(at: index, in: source, count: count, scalar: &scalar)
            if scalar > 0xFFFF {
                let value = scalar - 0x10000
                target[written] = UInt16(0xD800 + (value >> 10))
                target[written + 1] = UInt16(0xDC00 + (value & 0x3FF))
                written += 2
            } else {
                target[written] = UInt16(scalar)
                written += 1
            }
        }
        return UnsafeBufferPointer(start: target, count: written)
    }
}

/// Converts UTF-16 offsets in a decoded line back to byte offsets in its UTF-8, walking
/// forward from the last answer, so that a line's successive matches cost one pass in all.
package struct UTF16ToByteOffsets {
    private let bytes: UnsafePointer<UInt8>?
    private let count: Int
    private var byteOffset = 0
    private var unitOffset = 0

    /// Creates a converter for the line `bytes`.
    package init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        self.count = bytes.count
    }

    /// The byte offset of UTF-16 offset `target`. Targets must not decrease from call to call.
    /// An offset inside a character (between the halves of a surrogate pair) maps to the
    /// character's start.
    package mutating func byteOffset(ofUnit target: Int) -> Int {
        guard let bytes else { return 0 }
        while unitOffset < target && byteOffset < count {
            let (units, length) = UTF8Decoding.unitsAndLength(at: byteOffset, in: bytes, count: count)
            if unitOffset + units > target { break }
            unitOffset += units
            byteOffset += length
        }
        return byteOffset
    }
}
