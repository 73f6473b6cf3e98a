/// A ``CaseVariantLiteral`` found through its case-fold variants: packed-pair probes on the
/// last bytes of two adjacent positions' variants find where an occurrence may be, and a
/// comparison of every position, each against its few variants, confirms it.
///
/// UTF-8 encodings are prefix-free and suffix-free, so at each position at most one variant
/// fits, reading forwards or backwards: the comparison never backtracks.
struct CaseVariantMatcher {
    /// The encodings of the variants at each position.
    let positions: [[[UInt8]]]
    /// The position whose variant starts at the probe position.
    let probedPosition: Int

    /// Creates the matcher for `literal` (at least one position), probing the pair of
    /// adjacent positions that needs the fewest and rarest probes.
    init(literal: CaseVariantLiteral) {
        positions = literal.positions
        var best = 0
        var bestCost = Int.max
        for position in literal.positions.indices.dropLast(literal.positions.count > 1 ? 1 : 0) {
            let cost = Self.cost(of: Self.pairGroups(of: literal.positions, at: position))
            if cost < bestCost {
                bestCost = cost
                best = position
            }
        }
        probedPosition = best
    }

    /// Adds to `probes` the probes that together accept every occurrence at its probe
    /// position.
    func addProbes(to probes: inout ProbeSet, target: Int) {
        for group in Self.pairGroups(of: positions, at: probedPosition) {
            probes.addCovering(
                firstOffset: group.firstOffset, firstBytes: group.firstBytes,
                secondOffset: group.secondOffset, secondBytes: group.secondBytes, target: target)
        }
    }

    /// The bytes of the variants of one or two positions at two offsets from the start of the
    /// first position's variant, for the variants whose lengths put them at those offsets.
    struct PairGroup {
        var firstOffset: Int
        var firstBytes: [UInt8]
        var secondOffset: Int
        var secondBytes: [UInt8]
    }

    /// The groups for probing at `position`: the last byte of each of its variants and of
    /// each variant of the next position, grouped by the two offsets; with a single position,
    /// the last two bytes of each variant.
    static func pairGroups(of positions: [[[UInt8]]], at position: Int) -> [PairGroup] {
        var groups: [PairGroup] = []
        func add(_ firstOffset: Int, _ firstByte: UInt8, _ secondOffset: Int, _ secondByte: UInt8) {
            if let index = groups.firstIndex(where: { $0.firstOffset == firstOffset && $0.secondOffset == secondOffset }) {
                if !groups[index].firstBytes.contains(firstByte) { groups[index].firstBytes.append(firstByte) }
                if !groups[index].secondBytes.contains(secondByte) { groups[index].secondBytes.append(secondByte) }
            } else {
                groups.append(PairGroup(firstOffset: firstOffset, firstBytes: [firstByte], secondOffset: secondOffset, secondBytes: [secondByte]))
            }
        }
        for variant in positions[position] {
            if position + 1 < positions.count {
                for next in positions[position + 1] {
                    add(variant.count - 1, variant[variant.count - 1], variant.count + next.count - 1, next[next.count - 1])
                }
            } else {
                let first = max(variant.count - 2, 0)
                add(first, variant[first], variant.count - 1, variant[variant.count - 1])
            }
        }
        return groups
    }

    /// The cost of scanning with `groups`: the number of probes (each is compared at every
    /// position), against how common the bytes of the commonest pair are (each hit costs a
    /// comparison), weighed so that a probe more is worth a pair rarer by about a third of
    /// ``TextFrequencyRank``'s range.
    private static func cost(of groups: [PairGroup]) -> Int {
        var probeCount = 0
        var commonness = 0
        for group in groups {
            probeCount += ProbeSet.probeCount(firstBytes: group.firstBytes, secondBytes: group.secondBytes)
            let pairRank = (group.firstBytes.map(TextFrequencyRank.rank(ofByte:)).max() ?? 0)
                + (group.secondBytes.map(TextFrequencyRank.rank(ofByte:)).max() ?? 0)
            commonness = max(commonness, pairRank)
        }
        return probeCount * probeWeight + commonness
    }

    /// What one probe more costs, in ranks of ``TextFrequencyRank``.
    static let probeWeight = 40

    /// The start of the occurrence whose probed position's variant starts at `offset` in
    /// `block`, or nil when there is none.
    func occurrenceStart(in block: UnsafeRawBufferPointer, probedAt offset: Int) -> Int? {
        guard let variant = positions[probedPosition].first(where: { Self.fits($0, in: block, at: offset) }) else {
            return nil
        }
        var forward = offset + variant.count
        for position in (probedPosition + 1)..<positions.count {
            guard let next = positions[position].first(where: { Self.fits($0, in: block, at: forward) }) else {
                return nil
            }
            forward += next.count
        }
        var backward = offset
        for position in stride(from: probedPosition - 1, through: 0, by: -1) {
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
