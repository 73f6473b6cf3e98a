import Glibc

/// Finds the occurrences of one literal in a block of bytes, left to right: `memchr` for the
/// literal's rarest byte (in both ASCII cases when case is ignored), then a comparison of the
/// whole literal around it.
///
/// It remembers where the last search ended, so that a block is scanned about once however
/// many lines are asked about; ``forgetBlock()`` must be called whenever the block changes.
struct LiteralScanner: BlockScanner {
    /// The literal; lowercase ASCII when case is ignored.
    private let literal: [UInt8]
    /// True when ASCII letters match in either case.
    private let ignoresASCIICase: Bool
    /// The position in the literal of the byte looked for.
    private let anchorIndex: Int
    /// The byte looked for, and its other ASCII case (the same byte when it has none).
    private let anchor: UInt8
    private let otherCaseAnchor: UInt8

    /// The next position of each anchor byte at or after the position of the last search for
    /// it, or -1 when unknown.
    private var nextAnchor = NextByteCache()
    private var nextOtherCaseAnchor = NextByteCache()
    /// The last occurrence found in this block, and where its search started.
    var memo = LastOccurrenceMemo()

    /// Creates a scanner for `literal` (at least one byte; lowercase ASCII when
    /// `ignoresASCIICase`).
    init(literal: [UInt8], ignoresASCIICase: Bool) {
        self.literal = literal
        self.ignoresASCIICase = ignoresASCIICase
        var best = 0
        for index in literal.indices where ByteFrequencyRank.rank(of: literal[index]) < ByteFrequencyRank.rank(of: literal[best]) {
            best = index
        }
        anchorIndex = best
        anchor = literal[best]
        let isLetter = (0x61...0x7A).contains(anchor)
        otherCaseAnchor = ignoresASCIICase && isLetter ? anchor ^ 0x20 : anchor
    }

    /// Forgets what was found in the previous block.
    mutating func forgetBlock() {
        nextAnchor = NextByteCache()
        nextOtherCaseAnchor = NextByteCache()
        memo = LastOccurrenceMemo()
    }

    /// The start of the first occurrence of the literal at or after `start` in `block`, or
    /// `block.count` when there is none.
    mutating func search(in block: UnsafeRawBufferPointer, from start: Int) -> Int {
        let count = block.count
        let length = literal.count
        var candidate = start
        while candidate + length <= count {
            let anchorFrom = candidate + anchorIndex
            var anchorAt = nextAnchor.position(of: anchor, in: block, from: anchorFrom)
            if otherCaseAnchor != anchor {
                anchorAt = min(anchorAt, nextOtherCaseAnchor.position(of: otherCaseAnchor, in: block, from: anchorFrom))
            }
            candidate = anchorAt - anchorIndex
            guard candidate + length <= count else { break }
            if matches(in: block, at: candidate) {
                return candidate
            }
            candidate += 1
        }
        return count
    }

    /// True when the literal is at `offset` in `block`.
    @inline(__always)
    private func matches(in block: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        let bytes = block.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset
        if !ignoresASCIICase {
            return literal.withUnsafeBytes { memcmp(bytes, $0.baseAddress!, literal.count) == 0 }
        }
        for index in 0..<literal.count {
            let byte = bytes[index]
            let folded = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            if folded != literal[index] { return false }
        }
        return true
    }
}

/// The next position of one byte in a block, remembered from the last `memchr`.
struct NextByteCache {
    /// Where the last search started, and what it found (the block's end when nothing).
    private var searchStart = Int.max
    private var found = -1

    /// The first position of `byte` at or after `start` in `block`, or `block.count`.
    @inline(__always)
    mutating func position(of byte: UInt8, in block: UnsafeRawBufferPointer, from start: Int) -> Int {
        if searchStart <= start && start <= found {
            return found
        }
        let count = block.count
        searchStart = start
        if start >= count {
            found = count
            return count
        }
        let base = block.baseAddress!
        found = memchr(base + start, Int32(byte), count - start).map { UnsafeRawPointer($0) - base } ?? count
        return found
    }
}
