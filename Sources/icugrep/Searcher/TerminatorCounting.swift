/// Counts line terminators in a span of bytes eight at a time, for the line numbers of lines
/// the prefilter skips without looking at them one by one.
enum TerminatorCounting {
    /// The number of bytes in `start..<end` of `base` that end a line: `terminator`, and NUL
    /// too when `nulEndsLines`.
    static func count(in base: UnsafeRawPointer, from start: Int, to end: Int, terminator: UInt8, nulEndsLines: Bool) -> Int {
        var total = count(of: terminator, in: base, from: start, to: end)
        if nulEndsLines && terminator != 0 {
            total += count(of: 0, in: base, from: start, to: end)
        }
        return total
    }

    /// The number of bytes equal to `byte` in `start..<end` of `base`.
    private static func count(of byte: UInt8, in base: UnsafeRawPointer, from start: Int, to end: Int) -> Int {
        let broadcast = UInt64(byte) &* 0x0101_0101_0101_0101
        let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var total = 0
        var index = start
        while index + 8 <= end {
            // A byte equal to `byte` becomes zero; then the high bit of each zero byte is set
            // exactly (no carry crosses bytes: the low seven bits plus 0x7F stay below 0x100).
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ broadcast
            let nonZeroLow = (word & lowBits) &+ lowBits
            let zeroBytes = ~(nonZeroLow | word | lowBits)
            total += zeroBytes.nonzeroBitCount
            index += 8
        }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        while index < end {
            if bytes[index] == byte { total += 1 }
            index += 1
        }
        return total
    }
}
