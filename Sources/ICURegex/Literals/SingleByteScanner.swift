#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the one required literal that is a single byte (`:` in `\d+:\d+`, `e` in `-v e`)
/// with `memchr`: where such a literal is common, most of the search is spent between
/// occurrences a few bytes apart, and `memchr` starts and stops faster than a scan that tests
/// probes on windows of 64 positions.
struct SingleByteScanner: BlockScanner {
    /// The byte looked for.
    let byte: UInt8
    /// The last occurrence found in this block, and where its search started.
    var memo = LastOccurrenceMemo()

    /// The scanner for `literals` when they are one byte, searched with case and without
    /// characters folding into them; nil otherwise.
    init?(_ literals: RequiredLiterals) {
        guard literals.literals.count == 1, literals.literals[0].count == 1, !literals.caseInsensitiveASCII,
            literals.foldingCharacters.isEmpty, literals.variantLiterals.isEmpty
        else { return nil }
        byte = literals.literals[0][0]
    }

    /// Forgets what was found in the previous block.
    mutating func forgetBlock() {
        memo = LastOccurrenceMemo()
    }

    /// The offset of the first ``byte`` at or after `start` in `block`, or `block.count`.
    func search(in block: UnsafeRawBufferPointer, from start: Int) -> Int {
        let count = block.count
        guard start < count, let base = block.baseAddress else { return count }
        guard let found = memchr(base + start, Int32(byte), count - start) else { return count }
        return base.distance(to: UnsafeRawPointer(found))
    }
}
