/// The probes of a set of literals, sorted by their kind of sides so that the scan runs a
/// loop without branches over each kind.
struct ProbeSet {
    /// A byte set of one side, before it becomes a ``ProbeSide``: the bytes `b` with
    /// `b | fold == value`.
    struct SideSpec: Equatable {
        var offset: Int
        var value: UInt8
        var fold: UInt8
    }

    /// Probes whose sides both accept one byte.
    private(set) var exact: [BytePairProbe<ExactProbeByte>] = []
    /// Probes with at least one side that folds.
    private(set) var folded: [BytePairProbe<FoldedProbeByte>] = []

    /// The furthest byte any probe reads from its probe position.
    var reach: Int {
        max(exact.map(\.reach).max() ?? 0, folded.map(\.reach).max() ?? 0)
    }

    /// Adds the probe for `target` with sides `first` and `second`.
    mutating func add(_ first: SideSpec, _ second: SideSpec, target: Int) {
        if first.fold == 0 && second.fold == 0 {
            exact.append(BytePairProbe(
                first: ExactProbeByte(offset: first.offset, byte: first.value),
                second: ExactProbeByte(offset: second.offset, byte: second.value), target: target))
        } else {
            folded.append(BytePairProbe(
                first: FoldedProbeByte(offset: first.offset, value: first.value, fold: first.fold),
                second: FoldedProbeByte(offset: second.offset, value: second.value, fold: second.fold), target: target))
        }
    }

    /// Adds the probes for `target` that together accept every pair of a byte of `firstBytes`
    /// at `firstOffset` and a byte of `secondBytes` at `secondOffset`, and no other pair.
    mutating func addCovering(firstOffset: Int, firstBytes: [UInt8], secondOffset: Int, secondBytes: [UInt8], target: Int) {
        for first in Self.sides(at: firstOffset, accepting: firstBytes) {
            for second in Self.sides(at: secondOffset, accepting: secondBytes) {
                add(first, second, target: target)
            }
        }
    }

    /// Sides at `offset` that together accept exactly `bytes`: two bytes that differ in one
    /// bit share a folded side, any other byte has an exact one.
    static func sides(at offset: Int, accepting bytes: [UInt8]) -> [SideSpec] {
        var remaining: [UInt8] = []
        for byte in bytes where !remaining.contains(byte) {
            remaining.append(byte)
        }
        var sides: [SideSpec] = []
        while let byte = remaining.first {
            remaining.removeFirst()
            if let partner = remaining.firstIndex(where: { ($0 ^ byte).nonzeroBitCount == 1 }) {
                let fold = remaining[partner] ^ byte
                sides.append(SideSpec(offset: offset, value: byte | fold, fold: fold))
                remaining.remove(at: partner)
            } else {
                sides.append(SideSpec(offset: offset, value: byte, fold: 0))
            }
        }
        return sides
    }

    /// The number of probes ``addCovering(firstOffset:firstBytes:secondOffset:secondBytes:target:)``
    /// adds for these byte sets.
    static func probeCount(firstBytes: [UInt8], secondBytes: [UInt8]) -> Int {
        sides(at: 0, accepting: firstBytes).count * sides(at: 0, accepting: secondBytes).count
    }
}
