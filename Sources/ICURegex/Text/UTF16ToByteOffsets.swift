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
