import Glibc

/// Bytes that end right before a page the process may not read, so that a scan reading one
/// byte past them crashes the test instead of reading whatever follows.
final class GuardedBytes {
    /// The mapping: the pages holding the bytes, then the guard page.
    private let mapping: UnsafeMutableRawPointer
    /// The length of the mapping.
    private let mappingLength: Int
    /// The first byte.
    let base: UnsafeMutableRawPointer
    /// The number of bytes.
    let count: Int

    /// Copies `bytes` to the end of readable memory.
    init(_ bytes: [UInt8]) {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let dataPages = (bytes.count + pageSize - 1) / pageSize + 1
        mappingLength = (dataPages + 1) * pageSize
        guard let mapped = mmap(nil, mappingLength, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapped != MAP_FAILED else {
            fatalError("mmap failed")
        }
        mapping = mapped
        let guardPage = mapped + dataPages * pageSize
        precondition(mprotect(guardPage, pageSize, PROT_NONE) == 0, "mprotect failed")
        let start = guardPage - bytes.count
        bytes.withUnsafeBytes { start.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(start), byteCount: bytes.count) }
        base = start
        count = bytes.count
    }

    /// The bytes, as a block to search.
    var buffer: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count)
    }

    deinit {
        munmap(mapping, mappingLength)
    }
}
