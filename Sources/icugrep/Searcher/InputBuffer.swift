/// The bytes of one input held in memory: the lines kept for leading context, the start of a
/// line not yet complete, and the block just read. It grows only for a line (or context) that
/// does not fit, so memory stays bounded by the longest line, never by the file.
struct InputBuffer: ~Copyable {
    /// The first byte.
    private(set) var base: UnsafeMutableRawPointer
    /// The bytes allocated.
    private(set) var capacity: Int
    /// The bytes in use, from `base`.
    var count = 0

    /// Creates an empty buffer of `capacity` bytes.
    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        base.deallocate()
    }

    /// Drops the first `discard` bytes, which are no longer needed, moving the rest to the
    /// start; then makes room for `space` more bytes after them, growing if it must.
    mutating func makeRoom(_ space: Int, discarding discard: Int) {
        if discard > 0 {
            base.copyMemory(from: base + discard, byteCount: count - discard)
            count -= discard
        }
        if capacity - count < space {
            let newCapacity = max(capacity * 2, count + space)
            let newBase = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
            newBase.copyMemory(from: base, byteCount: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
    }

    /// The free space after the bytes in use, for a read.
    var freeSpace: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: base + count, count: capacity - count)
    }
}
