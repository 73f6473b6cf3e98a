import CByteScan

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
    package static func start(
        ofLineContaining position: Int, in block: UnsafeRawBufferPointer, notBefore lowest: Int,
        terminator: UInt8, nulEndsLines: Bool
    ) -> Int {
        let bytes = block.baseAddress!.assumingMemoryBound(to: UInt8.self)
        guard position > lowest else { return lowest }
        // The last terminator (or NUL) before `position`, or -1.
        var found = bytescan_last_of(bytes, lowest, position, terminator)
        if nulEndsLines {
            let nul = bytescan_last_of(bytes, max(found + 1, lowest), position, 0)
            if nul >= 0 { found = nul }
        }
        return found >= 0 ? found + 1 : lowest
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

    /// The offset of the terminator of the line that starts at `start` in `block`, or
    /// `block.count` when the line has none there, as ``end(ofLineStartingAt:in:terminator:nulEndsLines:)``
    /// finds it when no NUL ends lines, and whether the line's bytes are all ASCII (then it
    /// holds no encoding error), in one pass (`bytescan_line_end_ascii`): for a line to print.
    package static func endAndWhetherASCII(
        ofLineStartingAt start: Int, in block: UnsafeRawBufferPointer, terminator: UInt8
    ) -> (end: Int, isASCII: Bool) {
        var isASCII = false
        let end = bytescan_line_end_ascii(
            block.baseAddress!.assumingMemoryBound(to: UInt8.self), start, block.count, terminator, &isASCII)
        return (end, isASCII)
    }
}
