import ICURegex

/// Offsets in the input between which every byte is ASCII, so that a line or run of lines to
/// print within them holds no encoding error (GNU grep's rule: such a line is held back). A
/// stretch is found from the start of the first line checked past the last one, up to the
/// next byte outside ASCII or a distance past that line's end (the read-ahead), whichever
/// comes first; a line that starts within a stretch that ended at its read-ahead, and goes
/// past it, reads the stretch on from its end. As the lines to check move forward, the
/// stretches are disjoint, so together they read the input at most once.
///
/// The read-ahead follows how close the lines checked lie. Reading up to the next byte
/// outside ASCII, wherever it is, cost the most where printed lines lie far apart: on 16 MB of
/// English with a byte outside ASCII every 900 bytes or so, the lines of `Holmes` (one in
/// 1,800 bytes) each read 570 bytes on average, ten times their length, and the check was 8%
/// of the search's instructions; a read-ahead of 256 bytes still read five times their length.
/// So the read-ahead starts at ``shortestReadAhead`` past the line, and doubles, up to
/// ``longestReadAhead``, each time a line checked starts within it past a stretch that ended
/// there (or goes past it), as lines do where most are printed (`-v`), whose stretches then
/// grow as long as before; it starts again from the shortest when a line checked lies farther
/// past the last stretch. A stretch that ended at a byte outside ASCII leaves the read-ahead
/// as it was.
struct ASCIIStretch {
    /// The read-ahead past a line checked far from the last one: its terminator and the
    /// start of the next line, which, when it is checked next, then starts within it.
    static let shortestReadAhead = 16
    /// The longest read-ahead, reached after twelve doublings.
    static let longestReadAhead = 64 << 10

    /// The input offset of the stretch's first byte.
    private(set) var start = 0
    /// The input offset of the first byte past the stretch.
    private(set) var end = 0
    /// How far past a line's end the next stretch is read.
    private var readAhead = ASCIIStretch.shortestReadAhead
    /// True when the stretch ended at its read-ahead, not at a byte outside ASCII.
    private var endedAtReadAhead = false

    /// True when the input offsets `start..<end` lie within the stretch.
    @inline(__always)
    func contains(_ start: Int, _ end: Int) -> Bool {
        start >= self.start && end <= self.end
    }

    /// Makes the stretch cover the line (or run of lines) `lineStart..<lineEnd` of `bytes`
    /// (offsets in `bytes`, whose first byte lies at `inputOffset` in the input) when it is
    /// ASCII: a new stretch from the line's start when the line starts past this one, or this
    /// one read on from its end when the line starts within it and it ended at its
    /// read-ahead. (A stretch that ended at a byte outside ASCII within the line is left: the
    /// line holds that byte.) Lines come in the input's order.
    @inline(__always)
    mutating func cover(line lineStart: Int, to lineEnd: Int, in bytes: UnsafeRawBufferPointer, inputOffset: Int) {
        let inputStart = inputOffset + lineStart
        let from: Int
        if inputStart >= end {
            if inputStart - end >= readAhead {
                readAhead = Self.shortestReadAhead
            } else if endedAtReadAhead {
                readAhead = min(2 * readAhead, Self.longestReadAhead)
            }
            start = inputStart
            from = lineStart
        } else if endedAtReadAhead && inputStart >= start {
            readAhead = min(2 * readAhead, Self.longestReadAhead)
            from = end - inputOffset
        } else {
            return
        }
        let limit = min(bytes.count, lineEnd + readAhead)
        let firstNonASCII = UTF8EncodingErrors.firstNonASCII(in: UnsafeRawBufferPointer(rebasing: bytes[..<limit]), from: from)
        endedAtReadAhead = firstNonASCII == limit
        end = inputOffset + firstNonASCII
    }
}
