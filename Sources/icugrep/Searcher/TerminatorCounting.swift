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
        let target = SIMD32<UInt8>(repeating: byte)
        var total = 0
        var index = start
        // 32 bytes at a time, counted per lane in bytes; the lanes are summed before any of
        // them can pass 255.
        while index + 32 <= end {
            var lanes = SIMD32<UInt8>()
            var rounds = 0
            while rounds < 255 && index + 32 <= end {
                let chunk = base.loadUnaligned(fromByteOffset: index, as: SIMD32<UInt8>.self)
                // A true lane of the mask is all ones (0xFF): subtracting it adds one.
                lanes &-= unsafeBitCast(chunk .== target, to: SIMD32<UInt8>.self)
                index += 32
                rounds += 1
            }
            total += Int(SIMD32<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        while index < end {
            if bytes[index] == byte { total += 1 }
            index += 1
        }
        return total
    }
}
