import CByteScan

/// Up to four ranges of bytes for `bytescan_first_in_ranges`, in memory of their own and
/// passed by address: a stored struct would be copied out of its owner for every call, and
/// the calls are many where the bytes are common.
final class ByteRanges: @unchecked Sendable {
    // Sendable: the ranges are written once, in `init`, and only read afterwards.

    /// The ranges as the C loop reads them.
    let pointer = UnsafeMutablePointer<bytescan_byte_ranges>.allocate(capacity: 1)

    /// The ranges `lower...upper` of `ranges` (at most `BYTESCAN_BYTE_RANGES`; the values
    /// are bytes).
    init(_ ranges: [(UInt16, UInt16)]) {
        precondition(ranges.count <= Int(BYTESCAN_BYTE_RANGES))
        let lowest = ranges.map { UInt8(truncatingIfNeeded: $0.0) }
        let highest = ranges.map { UInt8(truncatingIfNeeded: $0.1) }
        bytescan_byte_ranges_init(pointer, lowest, highest, ranges.count)
    }

    deinit {
        pointer.deallocate()
    }

    /// The offset of the first byte in `start..<end` of `bytes` that lies in a range, or `end`.
    @inline(__always)
    func firstByte(in bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        bytescan_first_in_ranges(bytes, start, end, pointer)
    }
}
