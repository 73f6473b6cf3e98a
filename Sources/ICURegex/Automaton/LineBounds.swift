#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where lines start and end in a block of raw bytes.
package enum LineBounds {
    /// The start of the line that holds `position` in `block`, looking back no further than
    /// `lowest` (a line start). Lines end at `terminator`, and at NUL bytes too when
    /// `nulEndsLines`.
    static func start(
        ofLineContaining position: Int, in block: UnsafeRawBufferPointer, notBefore lowest: Int,
        terminator: UInt8, nulEndsLines: Bool
    ) -> Int {
        let bytes = block.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var index = position
        while index > lowest {
            let byte = bytes[index - 1]
            if byte == terminator || (nulEndsLines && byte == 0) {
                return index
            }
            index -= 1
        }
        return lowest
    }

    /// The offset of the terminator of the line that starts at `start` in `block`, or
    /// `block.count` when the line has none there.
    package static func end(ofLineStartingAt start: Int, in block: UnsafeRawBufferPointer, terminator: UInt8, nulEndsLines: Bool) -> Int {
        let base = block.baseAddress!
        let count = block.count
        var found = memchr(base + start, Int32(terminator), count - start).map { UnsafeRawPointer($0) - base } ?? count
        if nulEndsLines, let nul = memchr(base + start, 0, found - start) {
            found = UnsafeRawPointer(nul) - base
        }
        return found
    }
}
