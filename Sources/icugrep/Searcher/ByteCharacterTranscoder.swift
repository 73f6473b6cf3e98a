import ICURegex

/// The input of one search where bytes are characters (``Configuration/readsBytesAsCharacters``),
/// as the search reads it: each block's bytes from 0x80 up written as their
/// ``ByteCharacters`` (three bytes of UTF-8 each) where the block is read (``InputSource``),
/// and what is printed of it written back (``ByteCharacterSink``).
///
/// Offsets in the transcoded input become offsets in the input (`-b`) by the bytes the
/// transcoding added before them, two for each byte from 0x80 up, whose transcoding is the one
/// byte 0xEE and two continuation bytes (an 0xEE in the transcoded input is always such a
/// lead byte). The transcoder counts the bytes it added up to the end of what was read, and
/// the bytes from an offset to that end are still in the reader's buffer: the lines reported
/// are those of the blocks read last, and the reader makes room for three blocks before each
/// read, so that the buffer does not move between a read and the next (the last line's
/// terminator written after the end, which the searcher adds, fits). An input of ASCII is read as it is, and costs a search
/// for a byte from 0x80 up in each block.
final class ByteCharacterTranscoder {
    /// The offset in the transcoded input of the end of what was read.
    private var transcodedEnd = 0
    /// The bytes the transcoding added before ``transcodedEnd``.
    private var addedBytes = 0
    /// Where ``transcodedEnd`` lies in memory: the end of the reader's buffer.
    private var end: UnsafeRawPointer?
    /// The bytes of the reader's buffer, which end at ``end``.
    private var bufferedCount = 0
    /// The last offset mapped and the bytes added before it, while the buffer has not moved
    /// (nil after each read): offsets asked in order are counted from there.
    private var lastMapped: (offset: Int, added: Int)?
    /// The offsets of the bytes from 0x80 up in the block being transcoded.
    private var highBytes: [Int] = []

    /// Starts an input.
    func reset() {
        transcodedEnd = 0
        addedBytes = 0
        end = nil
        bufferedCount = 0
        lastMapped = nil
    }

    /// Transcodes the `count` bytes just read at `start` in place, where there is room for
    /// three times as many, and returns the transcoded count.
    func transcode(_ start: UnsafeMutableRawPointer, count: Int) -> Int {
        let block = UnsafeRawBufferPointer(start: start, count: count)
        var next = UTF8EncodingErrors.firstNonASCII(in: block, from: 0)
        if next == count { return count }
        highBytes.removeAll(keepingCapacity: true)
        while next < count {
            highBytes.append(next)
            next = UTF8EncodingErrors.firstNonASCII(in: block, from: next + 1)
        }
        // Backwards, so that no byte is written over before it is read: the ASCII after each
        // byte from 0x80 up moves by the bytes the transcoding adds up to it, in one move.
        let bytes = start.assumingMemoryBound(to: UInt8.self)
        var shift = 2 * highBytes.count
        var runEnd = count
        for position in highBytes.reversed() {
            let runStart = position + 1
            if runEnd > runStart {
                (start + runStart + shift).copyMemory(from: start + runStart, byteCount: runEnd - runStart)
            }
            shift -= 2
            let byte = bytes[position]
            bytes[position + shift] = 0xEE
            bytes[position + shift + 1] = 0x80 | (byte >> 6)
            bytes[position + shift + 2] = 0x80 | (byte & 0x3F)
            runEnd = position
        }
        addedBytes += 2 * highBytes.count
        return count + 2 * highBytes.count
    }

    /// Notes the end of a read: the reader's buffer holds `bufferedCount` bytes, the last
    /// `readCount` of them just read, and ends at `end`.
    func noteRead(end: UnsafeRawPointer, bufferedCount: Int, readCount: Int) {
        transcodedEnd += max(readCount, 0)
        self.end = end
        self.bufferedCount = bufferedCount
        lastMapped = nil
    }

    /// The offset in the input of `offset`, an offset in the transcoded input at the start of
    /// a character, within the reader's buffer.
    func originalOffset(of offset: Int) -> Int {
        guard let end else { return offset }
        // Within the buffer, for memory's sake; an offset outside it is not asked.
        let offset = min(max(offset, transcodedEnd - bufferedCount), transcodedEnd)
        func leadBytes(from start: Int, to stop: Int) -> Int {
            let bytes = UnsafeRawBufferPointer(start: end - (transcodedEnd - start), count: stop - start)
            var count = 0
            for byte in bytes where byte == 0xEE { count += 1 }
            return count
        }
        let added: Int
        if let lastMapped, lastMapped.offset <= offset {
            added = lastMapped.added + 2 * leadBytes(from: lastMapped.offset, to: offset)
        } else if let lastMapped {
            added = lastMapped.added - 2 * leadBytes(from: offset, to: lastMapped.offset)
        } else {
            added = addedBytes - 2 * leadBytes(from: offset, to: transcodedEnd)
        }
        lastMapped = (offset, added)
        return offset - added
    }

    /// Appends to `target` the bytes that `transcoded`, whole characters of the transcoded
    /// input, was read from.
    static func restore(_ transcoded: UnsafeRawBufferPointer, into target: inout [UInt8]) {
        var index = 0
        while index < transcoded.count {
            let high = UTF8EncodingErrors.firstNonASCII(in: transcoded, from: index)
            target.append(contentsOf: transcoded[index..<high])
            guard high + 2 < transcoded.count else { break }
            target.append((transcoded[high + 1] & 0x3F) << 6 | (transcoded[high + 2] & 0x3F))
            index = high + 3
        }
    }

    /// The offset in `transcoded`'s input of `offset` in it, where `transcoded` starts with a
    /// character; `from` is an earlier offset and the offset it maps to, to count on from.
    static func restoredOffset(
        of offset: Int, in transcoded: UnsafeRawBufferPointer, from start: (offset: Int, restored: Int) = (0, 0)
    ) -> Int {
        var added = 0
        for byte in transcoded[start.offset..<offset] where byte == 0xEE { added += 2 }
        return start.restored + (offset - start.offset) - added
    }
}
