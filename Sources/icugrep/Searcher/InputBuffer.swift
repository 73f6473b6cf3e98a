/// The bytes of one input held in memory: the lines kept for leading context, the start of a
/// line not yet complete, and the block just read.
///
/// The bytes are either the buffer's own, into which blocks are read, or a view of a file
/// mapped into memory, in which each block is revealed where it lies. Its own storage grows
/// only for a line (or context) that does not fit, so memory stays bounded by the longest
/// line, never by the file; a view needs no storage.
struct InputBuffer: ~Copyable {
    /// The first byte in use.
    private(set) var base: UnsafeMutableRawPointer
    /// The bytes in use, from `base`.
    var count = 0

    /// The buffer's own storage.
    private var storage: UnsafeMutableRawPointer
    /// The bytes allocated at `storage`.
    private var storageCapacity: Int
    /// While the buffer views a mapped file: the end of the file's bytes.
    private var viewEnd: UnsafeMutableRawPointer?

    /// Creates an empty buffer with `capacity` bytes of storage.
    init(capacity: Int) {
        storageCapacity = capacity
        storage = .allocate(byteCount: capacity, alignment: 16)
        base = storage
    }

    deinit {
        storage.deallocate()
    }

    /// True while the buffer views a mapped file.
    var isView: Bool { viewEnd != nil }

    /// Drops the first `discard` bytes, which are no longer needed, and makes room for `space`
    /// more bytes after the rest. The buffer's own storage moves the rest to its start and
    /// grows if it must; a view only moves its start, and always has room for the rest of the
    /// file and one byte after it (see ``view(_:count:)``).
    mutating func makeRoom(_ space: Int, discarding discard: Int) {
        if isView {
            base += discard
            count -= discard
            return
        }
        if discard > 0 {
            base.copyMemory(from: base + discard, byteCount: count - discard)
            count -= discard
        }
        if storageCapacity - count < space {
            let newCapacity = max(storageCapacity * 2, count + space)
            let newStorage = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
            newStorage.copyMemory(from: storage, byteCount: count)
            storage.deallocate()
            storage = newStorage
            storageCapacity = newCapacity
            base = storage
        }
    }

    /// The free space after the bytes in use, for a read into the buffer's own storage.
    var freeSpace: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: base + count, count: storageCapacity - count)
    }

    /// Views the `count` bytes of a mapped file at `start`, none of them in use yet. The
    /// mapping must be writable and go on past them for at least a page of padding.
    mutating func view(_ start: UnsafeMutableRawPointer, count fileSize: Int) {
        base = start
        count = 0
        viewEnd = start + fileSize
    }

    /// Puts up to `limit` more bytes of the viewed file in use, and returns how many: 0 at its
    /// end.
    mutating func revealViewedBytes(upTo limit: Int) -> Int {
        let revealed = min(limit, base.distance(to: viewEnd!) - count)
        count += revealed
        return revealed
    }

    /// Ends the view of a mapped file (before the file is unmapped): the buffer is its own
    /// storage again, and empty.
    mutating func endView() {
        viewEnd = nil
        base = storage
        count = 0
    }
}
