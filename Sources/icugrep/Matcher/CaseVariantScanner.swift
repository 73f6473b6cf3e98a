/// Finds the occurrences of a ``CaseVariantLiteral`` in a block of bytes, left to right:
/// `memchr` for the anchor bytes of one position (one byte from each of its variants), then a
/// comparison of the positions before and after it, each against its few variants.
///
/// UTF-8 encodings are prefix-free and suffix-free, so at each position at most one variant
/// fits, reading forwards or backwards: the comparison never backtracks.
struct CaseVariantScanner: BlockScanner {
    /// One variant of the anchor position: the byte looked for, and where it is in the variant.
    private struct AnchorEntry {
        var byte: UInt8
        var variant: [UInt8]
        var offset: Int
    }

    private let positions: [[[UInt8]]]
    /// The position whose variants are looked for.
    private let anchorPosition: Int
    private let entries: [AnchorEntry]
    /// The distinct anchor bytes, each with its remembered next position.
    private let anchorBytes: [UInt8]
    private var nextAnchor: [NextByteCache]
    /// The last occurrence found in this block, and where its search started.
    var memo = LastOccurrenceMemo()

    /// The most distinct anchor bytes a position may have to be chosen, when another has
    /// fewer: each costs a pass of `memchr`.
    private static let preferredAnchorBytes = 3

    /// Creates a scanner for `literal` (at least one position).
    init(literal: CaseVariantLiteral) {
        positions = literal.positions
        var bestPosition = 0
        var bestEntries: [AnchorEntry] = []
        var bestCost = Int.max
        for (index, variants) in literal.positions.enumerated() {
            let entries = Self.anchorEntries(for: variants)
            let distinct = Set(entries.map(\.byte))
            // The sum of the ranks of the bytes searched: fewer and rarer bytes are better.
            var cost = distinct.reduce(0) { $0 + ByteFrequencyRank.rank(of: $1) }
            if distinct.count > Self.preferredAnchorBytes { cost += 10_000 }
            if cost < bestCost {
                bestCost = cost
                bestPosition = index
                bestEntries = entries
            }
        }
        anchorPosition = bestPosition
        entries = bestEntries
        var distinct: [UInt8] = []
        for entry in bestEntries where !distinct.contains(entry.byte) {
            distinct.append(entry.byte)
        }
        anchorBytes = distinct
        nextAnchor = Array(repeating: NextByteCache(), count: distinct.count)
    }

    /// For each variant, its rarest byte, preferring a byte another variant already uses.
    private static func anchorEntries(for variants: [[UInt8]]) -> [AnchorEntry] {
        var entries: [AnchorEntry] = []
        for variant in variants {
            var best = variant.count - 1
            for index in variant.indices.reversed() {
                let rank = ByteFrequencyRank.rank(of: variant[index])
                let bestRank = ByteFrequencyRank.rank(of: variant[best])
                let shared = entries.contains { $0.byte == variant[index] }
                let bestShared = entries.contains { $0.byte == variant[best] }
                if rank < bestRank || rank == bestRank && shared && !bestShared {
                    best = index
                }
            }
            entries.append(AnchorEntry(byte: variant[best], variant: variant, offset: best))
        }
        return entries
    }

    /// Forgets what was found in the previous block.
    mutating func forgetBlock() {
        for index in nextAnchor.indices {
            nextAnchor[index] = NextByteCache()
        }
        memo = LastOccurrenceMemo()
    }

    /// The start of an occurrence at or after `start` in `block` that lies in the same line as
    /// the first such occurrence (occurrences are found in the order of their anchor bytes,
    /// and one that starts earlier but is found later overlaps the one found, so no line
    /// terminator lies between them), or `block.count` when there is none.
    mutating func search(in block: UnsafeRawBufferPointer, from start: Int) -> Int {
        let count = block.count
        var cursor = start
        while cursor < count {
            var anchorAt = count
            for index in anchorBytes.indices {
                let position = nextAnchor[index].position(of: anchorBytes[index], in: block, from: cursor)
                if position < anchorAt { anchorAt = position }
            }
            guard anchorAt < count else { break }
            let byte = block[anchorAt]
            for entry in entries where entry.byte == byte {
                if let found = occurrence(in: block, variant: entry.variant, at: anchorAt - entry.offset), found >= start {
                    return found
                }
            }
            cursor = anchorAt + 1
        }
        return count
    }

    /// The start of the occurrence whose anchor position holds `variant` at `offset`, or nil.
    @inline(__always)
    private func occurrence(in block: UnsafeRawBufferPointer, variant: [UInt8], at offset: Int) -> Int? {
        guard offset >= 0, Self.fits(variant, in: block, at: offset) else { return nil }
        var forward = offset + variant.count
        for position in (anchorPosition + 1)..<positions.count {
            guard let next = positions[position].first(where: { Self.fits($0, in: block, at: forward) }) else {
                return nil
            }
            forward += next.count
        }
        var backward = offset
        for position in stride(from: anchorPosition - 1, through: 0, by: -1) {
            guard let previous = positions[position].first(where: { Self.fits($0, in: block, at: backward - $0.count) }) else {
                return nil
            }
            backward -= previous.count
        }
        return backward
    }

    /// True when `bytes` are in `block` at `offset` (false when they would stick out of it).
    @inline(__always)
    private static func fits(_ bytes: [UInt8], in block: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard offset >= 0, offset + bytes.count <= block.count else { return false }
        for index in bytes.indices where block[offset + index] != bytes[index] {
            return false
        }
        return true
    }
}
