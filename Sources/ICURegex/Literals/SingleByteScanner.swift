import CByteScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds required literals that are single bytes (`:` in `\d+:\d+`, `e` in `-v e`, `?` and
/// `!` in `[?!]$`): one with `memchr`, up to four with `bytescan_first_in_ranges`. Where such
/// a literal is common, most of the search is spent between occurrences a few bytes apart,
/// and these loops start and stop faster than a scan that tests probes on windows of 64
/// positions.
struct SingleByteScanner: BlockScanner {
    /// The byte looked for, when there is one.
    let byte: UInt8
    /// The bytes looked for, as ranges of one, when there are several.
    private let bytes: ByteRanges?
    /// The last occurrence found in this block, and where its search started.
    var memo = LastOccurrenceMemo()

    /// The scanner for `literals` when they are one to four single bytes, searched with case
    /// and without characters folding into them; nil otherwise.
    init?(_ literals: RequiredLiterals) {
        guard (1...Int(BYTESCAN_BYTE_RANGES)).contains(literals.literals.count), literals.literals.allSatisfy({ $0.count == 1 }),
            !literals.caseInsensitiveASCII, literals.foldingCharacters.isEmpty, literals.variantLiterals.isEmpty
        else { return nil }
        byte = literals.literals[0][0]
        bytes = literals.literals.count == 1 ? nil : ByteRanges(literals.literals.map { (UInt16($0[0]), UInt16($0[0])) })
    }

    /// True when it looks for ``byte`` alone.
    var findsOneByte: Bool { bytes == nil }

    /// Forgets what was found in the previous block.
    mutating func forgetBlock() {
        memo = LastOccurrenceMemo()
    }

    /// The offset of the first byte looked for at or after `start` in `block`, or
    /// `block.count`.
    func search(in block: UnsafeRawBufferPointer, from start: Int) -> Int {
        let count = block.count
        guard start < count, let base = block.baseAddress else { return count }
        if let bytes {
            return bytes.firstByte(in: base.assumingMemoryBound(to: UInt8.self), from: start, to: count)
        }
        guard let found = memchr(base + start, Int32(byte), count - start) else { return count }
        return base.distance(to: UnsafeRawPointer(found))
    }
}
