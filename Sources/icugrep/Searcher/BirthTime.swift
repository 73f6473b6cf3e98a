import Glibc

/// A file's creation (birth) time, for `--sort=created`: Linux gives it only through
/// statx(2), which the Glibc module does not declare, so the function is looked up by name in
/// the C library and called with a buffer laid out as `struct statx`.
enum BirthTime {
    /// statx(2)'s signature: directory descriptor, path, flags, mask, buffer.
    private typealias StatxFunction = @convention(c) (
        Int32, UnsafePointer<CChar>, Int32, UInt32, UnsafeMutableRawPointer
    ) -> Int32

    /// The C library's statx, nil when it has none.
    private static let statxFunction: StatxFunction? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "statx") else { return nil }
        return unsafeBitCast(symbol, to: StatxFunction.self)
    }()

    /// `STATX_BTIME`: the mask bit that asks for, and reports, the birth time.
    private static let birthTimeMask: UInt32 = 0x800
    /// `AT_EMPTY_PATH`: the descriptor itself is the file.
    private static let emptyPathFlag: Int32 = 0x1000
    /// `AT_SYMLINK_NOFOLLOW`.
    private static let noFollowFlag: Int32 = 0x100
    /// The offsets in `struct statx` of `stx_mask` and `stx_btime` (a 64-bit `tv_sec` and a
    /// 32-bit `tv_nsec`); the structure is 256 bytes.
    private static let maskOffset = 0, birthTimeOffset = 80, structureSize = 256

    /// The birth time of the file at `path`, or of the open `descriptor` when `path` is nil;
    /// nil when the system or the file system does not record it.
    static func of(path: [UInt8]?, descriptor: Int32?, followsLinks: Bool) -> timespec? {
        guard let statx = statxFunction else { return nil }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: structureSize, alignment: 8)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: structureSize)
        let result: Int32
        if let path {
            result = path.withCString { statx(AT_FDCWD, $0, followsLinks ? 0 : noFollowFlag, birthTimeMask, buffer) }
        } else if let descriptor {
            result = statx(descriptor, "", emptyPathFlag, birthTimeMask, buffer)
        } else {
            return nil
        }
        guard result == 0, buffer.load(fromByteOffset: maskOffset, as: UInt32.self) & birthTimeMask != 0 else {
            return nil
        }
        let seconds = buffer.load(fromByteOffset: birthTimeOffset, as: Int64.self)
        let nanoseconds = buffer.load(fromByteOffset: birthTimeOffset + 8, as: UInt32.self)
        return timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds))
    }
}
