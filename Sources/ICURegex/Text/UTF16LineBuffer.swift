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

    /// Decodes the UTF-8 in `bytes` (see ``UTF8Decoding``) and returns its UTF-16 units, valid
    /// until the next call. Sets `isASCII` when every byte was ASCII, so that UTF-16 offsets
    /// equal byte offsets.
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
        while index < count {
            let byte = source[index]
            if byte < 0x80 {
                target[written] = UInt16(byte)
                written += 1
                index += 1
                continue
            }
            let (scalar, length) = UTF8Decoding.character(at: index, in: source, end: count)
            index += length
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
