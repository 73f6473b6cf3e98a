import CByteScan

/// Finds the leftmost occurrence of any of a few dozen UTF-16 literals, and the first of them
/// in priority order there: Teddy over UTF-16 (`bytescan_u16_teddy_find` in `CByteScan`, whose
/// file tells how it works), which tests every literal at 16 or 32 positions with a few vector
/// instructions, by nibble fingerprints of the first three units (each folded to a byte, its
/// low byte XORed with its high one), and compares only the literals of the buckets whose
/// fingerprints a position matches.
///
/// Why it is exact: every occurrence's position matches its literal's fingerprint, so it is
/// compared in full; positions are tested in increasing order, and the literals at a position
/// in priority order. Why the first units and not the rarest (as ``TeddyScanner`` does): a
/// fingerprint met at its place then always belongs to the leftmost occurrence, which is the
/// answer a match needs, not only one in the right line.
final class UTF16TeddyScanner: @unchecked Sendable {
    // Sendable: written once, in `init`, and only read afterwards.

    /// The literals as the C search reads them (the tests call each implementation with it).
    let pointer: OpaquePointer

    /// The scanner for `literals` (1 to 64, none empty), in priority order; nil when the C side
    /// refuses them.
    init?(literals: [[UInt16]]) {
        let units = Array(literals.joined())
        let lengths = literals.map(\.count)
        guard let pointer = bytescan_u16_teddy_create(units, lengths, literals.count) else { return nil }
        self.pointer = pointer
    }

    deinit {
        bytescan_u16_teddy_free(pointer)
    }

    /// The leftmost occurrence of a literal wholly inside `range` of `base`: its start and the
    /// index of the first literal in priority order that occurs there; nil when none occurs.
    func leftmostOccurrence(in base: UnsafePointer<UInt16>, range: Range<Int>) -> (start: Int, literal: Int)? {
        var literal = 0
        let found = bytescan_u16_teddy_find(pointer, base, range.lowerBound, range.upperBound, &literal)
        return found < range.upperBound ? (found, literal) : nil
    }
}
