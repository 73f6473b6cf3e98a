import CByteScan

/// Finds the first occurrence of one UTF-16 literal: a packed pair (`bytescan_u16_find_literal`
/// in `CByteScan`, AVX-512BW, AVX2 or portable vectors chosen at run time), which compares the
/// literal's two rarest units at their offsets at 16 or 32 positions at a time, and the whole
/// literal only where both are equal.
///
/// Why it is exact: an occurrence holds both probe units at their offsets, so its position is
/// compared in full, and positions are tested in increasing order. Why the two units: a pair
/// of units at two offsets is far rarer in text than either unit, so fewer places are compared
/// than with one rare unit, and they are picked by ``TextFrequencyRank`` as the byte scanners
/// pick their bytes.
struct UTF16PackedPairScanner: Sendable {
    /// The literal, not empty.
    let literal: [UInt16]
    /// The offsets of the probe units: the rarest unit's, and the next rarest's at another
    /// offset (the same one for a literal of one unit).
    let offsets: (Int, Int)

    /// Creates the scanner for `literal`, which is not empty.
    init(literal: [UInt16]) {
        precondition(!literal.isEmpty, "a packed pair needs a unit")
        self.literal = literal
        let first = Self.rarestOffset(of: literal, except: nil)
        offsets = (first, literal.count == 1 ? first : Self.rarestOffset(of: literal, except: first))
    }

    /// The start of the first occurrence of the literal wholly inside `range` of `base`, or nil.
    func firstOccurrence(in base: UnsafePointer<UInt16>, range: Range<Int>) -> Int? {
        let found = literal.withUnsafeBufferPointer { units in
            bytescan_u16_find_literal(
                base, range.lowerBound, range.upperBound, units.baseAddress, units.count, offsets.0, offsets.1)
        }
        return found < range.upperBound ? found : nil
    }

    /// The offset of the unit of `literal` least likely to be common in text, other than
    /// `except` (the first of equally rare ones).
    private static func rarestOffset(of literal: [UInt16], except: Int?) -> Int {
        var best = -1
        var bestRank = Int.max
        for (offset, unit) in literal.enumerated() where offset != except {
            let rank = TextFrequencyRank.rank(ofUnit: unit)
            if rank < bestRank {
                best = offset
                bestRank = rank
            }
        }
        return best
    }
}
