/// The prefilter of one thread: finds, in a block of raw input bytes, the next line that
/// contains one of the ``RequiredLiterals`` (or, with case-insensitive ASCII literals, any
/// byte outside ASCII), so
/// that the lines before it are skipped without being decoded or matched.
final class CandidateLineFinder {
    /// One scanner per literal.
    private var scanners: [LiteralScanner]
    /// One scanner per literal searched through its case-fold variants.
    private var variantScanners: [CaseVariantScanner]
    /// True when a line holding a byte outside ASCII is always a candidate (with `-i`).
    private let nonASCIILinesAreCandidates: Bool
    /// The next byte outside ASCII, remembered as the scanners remember their literals.
    private var nonASCII = NonASCIICache()

    /// Creates a finder for `literals`.
    init(_ literals: RequiredLiterals) {
        scanners = literals.literals.map {
            LiteralScanner(literal: $0, ignoresASCIICase: literals.caseInsensitiveASCII)
        }
        variantScanners = literals.variantLiterals.map(CaseVariantScanner.init)
        nonASCIILinesAreCandidates = literals.caseInsensitiveASCII
    }

    /// Forgets what was found in the previous block: to be called before the first question
    /// about a new block (or the same memory holding other bytes).
    func forgetBlock() {
        for index in scanners.indices {
            scanners[index].forgetBlock()
        }
        for index in variantScanners.indices {
            variantScanners[index].forgetBlock()
        }
        nonASCII = NonASCIICache()
    }

    /// The start of the first line at or after `offset` (the start of a line) in `block` that
    /// may match, or `block.count` when none may. Lines end at `terminator`, and also at NUL
    /// bytes when `nulEndsLines`. Questions about one block must come with increasing offsets.
    func nextCandidateLine(
        in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8, nulEndsLines: Bool
    ) -> Int {
        var first = block.count
        if nonASCIILinesAreCandidates {
            first = nonASCII.position(in: block, from: offset)
        }
        for index in scanners.indices {
            // Each scanner searches the whole block: it remembers its next occurrence, so
            // later questions cost nothing until the search passes it.
            let found = scanners[index].firstOccurrence(in: block, from: offset)
            if found < first { first = found }
        }
        for index in variantScanners.indices {
            let found = variantScanners[index].firstOccurrence(in: block, from: offset)
            if found < first { first = found }
        }
        if first >= block.count { return block.count }
        return Self.lineStart(containing: first, in: block, notBefore: offset, terminator: terminator, nulEndsLines: nulEndsLines)
    }

    /// The start of the line that holds `position`, looking back no further than `lowest`
    /// (a line start).
    private static func lineStart(
        containing position: Int, in block: UnsafeRawBufferPointer, notBefore lowest: Int,
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
}

/// The next byte outside ASCII in a block, remembered from the last scan.
struct NonASCIICache {
    /// Where the last scan started, and what it found (the block's end when nothing).
    private var searchStart = Int.max
    private var found = -1

    /// The first position at or after `start` in `block` of a byte of 0x80 or more, or
    /// `block.count`.
    mutating func position(in block: UnsafeRawBufferPointer, from start: Int) -> Int {
        if searchStart <= start && start <= found {
            return found
        }
        searchStart = start
        found = Self.scan(block, from: start)
        return found
    }

    /// Scans eight bytes at a time for a set high bit.
    private static func scan(_ block: UnsafeRawBufferPointer, from start: Int) -> Int {
        let count = block.count
        guard start < count, let base = block.baseAddress else { return count }
        var index = start
        while index + 8 <= count {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let high = word & 0x8080_8080_8080_8080
            if high != 0 {
                // Little-endian: the lowest set bit belongs to the first such byte.
                return index + high.trailingZeroBitCount / 8
            }
            index += 8
        }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        while index < count {
            if bytes[index] >= 0x80 { return index }
            index += 1
        }
        return count
    }
}
