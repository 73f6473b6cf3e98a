import CByteScan

/// The probes of a set of literals, each in two forms: the one that Swift confirms hits with,
/// and the one that the vector scan of `CByteScan` reads.
struct ProbeSet {
    /// The probes, in the order they were added.
    private(set) var probes: [BytePairProbe] = []
    /// ``probes`` for the vector scan, in the same order.
    private(set) var scanProbes: [bytescan_probe] = []

    /// The furthest byte any probe reads from its probe position.
    var reach: Int {
        probes.map { $0.reach }.max() ?? 0
    }

    /// Adds the probe for `target` with sides `first` and `second`.
    mutating func add(_ first: ProbeByte, _ second: ProbeByte, target: Int) {
        let probe = BytePairProbe(first: first, second: second, target: target)
        probes.append(probe)
        scanProbes.append(probe.scanProbe)
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
    static func sides(at offset: Int, accepting bytes: [UInt8]) -> [ProbeByte] {
        var remaining: [UInt8] = []
        for byte in bytes where !remaining.contains(byte) {
            remaining.append(byte)
        }
        var sides: [ProbeByte] = []
        while let byte = remaining.first {
            remaining.removeFirst()
            if let partner = remaining.firstIndex(where: { ($0 ^ byte).nonzeroBitCount == 1 }) {
                let fold = remaining[partner] ^ byte
                sides.append(ProbeByte(offset: offset, value: byte | fold, fold: fold))
                remaining.remove(at: partner)
            } else {
                sides.append(ProbeByte(offset: offset, value: byte, fold: 0))
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
