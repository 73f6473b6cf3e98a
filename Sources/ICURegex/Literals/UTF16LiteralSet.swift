/// A few UTF-16 literals in priority order, and a fast search for the leftmost place where
/// one of them occurs.
///
/// Each literal is found through a probe: for several literals of two units or more, the
/// two adjacent units in each least likely to be common in text, scanned for with
/// ``UTF16PairScanner``; otherwise each literal's rarest unit, scanned for with
/// ``UTF16UnitScanner``. Every probe hit is checked
/// against the whole literal.
struct UTF16LiteralSet: Sendable {
    /// The literals, in priority order; none is empty.
    let literals: [[UInt16]]
    /// For each literal, the offset of its probe unit.
    private let probeOffsets: [Int]
    /// The largest probe offset.
    private let maximumProbeOffset: Int
    /// The scanner for the literals' probes.
    private let scanner: Scanner

    /// A scanner for single probe units or for probe pairs.
    private enum Scanner: Sendable {
        case units(UTF16UnitScanner)
        case pairs(UTF16PairScanner)

        /// The first probe position in `start..<end`, or nil.
        func firstIndex(in base: UnsafePointer<UInt16>, from start: Int, to end: Int) -> Int? {
            switch self {
            case .units(let scanner): scanner.firstIndex(in: base, from: start, to: end)
            case .pairs(let scanner): scanner.firstIndex(in: base, from: start, to: end)
            }
        }
    }

    /// Creates the set for `literals` (UTF-8, well-formed, none empty), or nil when they are
    /// too many to scan for at once.
    init?(utf8Literals: [[UInt8]]) {
        // More literals than a sequence keeps come from alternations of many words, for which
        // these scanners (one pass per pair of units) were neither built nor measured: such
        // patterns keep ICU's search, as before alternations kept that many.
        guard !utf8Literals.isEmpty, utf8Literals.count <= LiteralFacts.maximumSetSize,
            !utf8Literals.contains(where: { $0.isEmpty })
        else { return nil }
        let literals = utf8Literals.map { Array(String(decoding: $0, as: UTF8.self).utf16) }
        var offsets: [Int]
        let scanner: Scanner
        // One literal is scanned for by its rarest unit, which is as fast as memchr; several
        // by pairs, since their rarest units together are often common.
        if literals.count > 1, literals.allSatisfy({ $0.count >= 2 }),
            case let pairOffsets = literals.map(Self.rarestPairOffset),
            let pairs = UTF16PairScanner(pairs: zip(literals, pairOffsets).map { ($0[$1], $0[$1 + 1]) })
        {
            offsets = pairOffsets
            scanner = .pairs(pairs)
        } else {
            // The rarest unit of each literal; failing that (too many distinct units), the first.
            offsets = literals.map(Self.rarestUnitOffset)
            if let units = UTF16UnitScanner(units: zip(literals, offsets).map { $0[$1] }) {
                scanner = .units(units)
            } else if let units = UTF16UnitScanner(units: literals.map { $0[0] }) {
                offsets = literals.map { _ in 0 }
                scanner = .units(units)
            } else {
                return nil
            }
        }
        self.literals = literals
        self.probeOffsets = offsets
        self.maximumProbeOffset = offsets.max() ?? 0
        self.scanner = scanner
    }

    /// The leftmost occurrence of a literal wholly inside `range` of `base`: its start, and
    /// the index of the first literal in priority order that occurs there; nil when none
    /// occurs.
    func leftmostOccurrence(in base: UnsafePointer<UInt16>, range: Range<Int>) -> (start: Int, literal: Int)? {
        var position = range.lowerBound
        while let probe = scanner.firstIndex(in: base, from: position, to: range.upperBound) {
            var earliest: Int?
            for (literal, offset) in probeOffsets.enumerated() where base[probe] == literals[literal][offset] {
                let start = probe - offset
                if start < earliest ?? Int.max && occurs(literal, at: start, in: base, range: range) {
                    earliest = start
                }
            }
            if let earliest {
                // A literal with a larger probe offset may start up to that much earlier and
                // not have been probed yet: look at each such start directly.
                for start in max(range.lowerBound, earliest - maximumProbeOffset)...earliest {
                    if let literal = firstLiteral(at: start, in: base, range: range) {
                        return (start, literal)
                    }
                }
            }
            position = probe + 1
        }
        return nil
    }

    /// The first literal in priority order that occurs wholly inside `range` at `start`.
    func firstLiteral(at start: Int, in base: UnsafePointer<UInt16>, range: Range<Int>) -> Int? {
        literals.indices.first { occurs($0, at: start, in: base, range: range) }
    }

    /// True when literal number `literal` occurs at `start`, wholly inside `range`.
    private func occurs(_ literal: Int, at start: Int, in base: UnsafePointer<UInt16>, range: Range<Int>) -> Bool {
        let units = literals[literal]
        guard start >= range.lowerBound, units.count <= range.upperBound - start else { return false }
        for offset in units.indices where base[start + offset] != units[offset] {
            return false
        }
        return true
    }

    /// The offset of the unit of `literal` least likely to be common in text (the first of
    /// equally rare ones).
    private static func rarestUnitOffset(_ literal: [UInt16]) -> Int {
        literal.indices.max { rarity(literal[$0]) < rarity(literal[$1]) || rarity(literal[$0]) == rarity(literal[$1]) && $0 > $1 } ?? 0
    }

    /// The offset of the pair of adjacent units of `literal` (two units at least) least likely
    /// to be common in text (the first of equally rare ones).
    private static func rarestPairOffset(_ literal: [UInt16]) -> Int {
        let rarities = (0..<(literal.count - 1)).map { rarity(literal[$0]) + rarity(literal[$0 + 1]) }
        return rarities.indices.max { rarities[$0] < rarities[$1] || rarities[$0] == rarities[$1] && $0 > $1 } ?? 0
    }

    /// How rare a unit is in typical text, higher being rarer (see ``TextFrequencyRank``).
    private static func rarity(_ unit: UInt16) -> Int {
        -TextFrequencyRank.rank(ofUnit: unit)
    }
}
