/// Finds, in one pass over a block, the first place where a line becomes a candidate: an
/// occurrence of any of the ``RequiredLiterals`` or, when lines holding a byte outside ASCII
/// are candidates, such a byte.
///
/// Each literal has one or a few ``BytePairProbe``s; the vector scan of `CByteScan` tests all
/// of them, and the high bits of the text, on a window of 64 positions at once, and this type
/// confirms only the positions where both bytes of a probe are there.
struct PackedPairScanner: BlockScanner {
    /// Every literal's probes.
    private let probes: ProbeSet
    /// What the hits of each probe may start, by ``BytePairProbe/target``.
    private let targets: ProbeTargets
    /// True when a byte outside ASCII is itself an occurrence.
    let findsNonASCII: Bool
    /// The furthest byte a probe reads from its probe position.
    private let reach: Int
    /// The last occurrence found in this block, and where its search started.
    var memo = LastOccurrenceMemo()

    /// The most probes that the vector scan keeps in registers (`BYTESCAN_AVX512_REGISTERS`
    /// and its AVX2 counterpart); with more, it reads them from memory for every window.
    static let probesInRegisters = 8

    /// Which of the strings of a ``RequiredLiterals`` a scanner looks for.
    enum Part {
        /// Every string: the literals, the characters folding into them, the variants.
        case all
        /// All but the characters folding into the literals.
        case withoutFoldingCharacters
        /// Only the characters folding into the literals.
        case foldingCharacters
    }

    /// Creates the scanner for `part` of `literals`.
    init(_ literals: RequiredLiterals, part: Part = .all) {
        var targets = ProbeTargets()
        var probes = ProbeSet()
        if part != .foldingCharacters {
            for literal in literals.literals {
                let byteLiteral = ByteLiteral(literal, ignoresASCIICase: literals.caseInsensitiveASCII)
                byteLiteral.addProbe(to: &probes, target: targets.nextTarget)
                targets.add(byteLiteral)
            }
        }
        // The characters folding into the literals, found byte for byte.
        if part != .withoutFoldingCharacters {
            for character in literals.foldingCharacters {
                let byteLiteral = ByteLiteral(character, ignoresASCIICase: false)
                byteLiteral.addProbe(to: &probes, target: targets.nextTarget)
                targets.add(byteLiteral)
            }
        }
        if part != .foldingCharacters {
            for literal in literals.variantLiterals {
                let matcher = CaseVariantMatcher(literal: literal)
                matcher.addProbes(to: &probes, target: targets.nextTarget)
                targets.add(matcher)
            }
        }
        self.probes = probes
        self.targets = targets
        findsNonASCII = part != .withoutFoldingCharacters && !literals.foldingCharacters.isEmpty
        reach = probes.reach
    }

    /// The number of probes the scan tests at each position.
    var probeCount: Int { probes.probes.count }

    /// Forgets what was found in the previous block.
    mutating func forgetBlock() {
        memo = LastOccurrenceMemo()
    }

    /// The start of an occurrence at or after `start` in `block` that lies in the same line as
    /// the first such occurrence, or `block.count` when there is none.
    ///
    /// Occurrences are found in the order of their probe positions, and one found later that
    /// starts earlier spans the probe position of the one found, so no line terminator lies
    /// between the two starts: the occurrences found within one window of probe positions
    /// (`bytescan_find`'s 64) are compared, and the earliest start wins.
    func search(in block: UnsafeRawBufferPointer, from start: Int) -> Int {
        let count = block.count
        guard start < count, let base = block.baseAddress else { return count }
        // The probe positions from which every probe reads inside the block.
        let end = max(count - reach, 0)
        var position = start
        let found: Int? = probes.scanProbes.withUnsafeBufferPointer { scanProbes in
            while true {
                let window = ByteScan.find(in: base, from: position, to: end, probes: scanProbes, nonASCII: false)
                if window.lanes == 0 {
                    position = window.position
                    return nil
                }
                if let found = confirm(window, in: block, from: start) {
                    return found
                }
                position = window.position &+ ByteScan.windowSize
            }
        }
        return found ?? searchEnd(of: block, from: position, searchStart: start)
    }

    /// The earliest start, at or after `searchStart`, of an occurrence whose probe position
    /// is among the hit lanes of `window` (or of a byte outside ASCII there, when those
    /// count), or nil. Every probe reads inside `block` from those positions.
    private func confirm(_ window: ByteScan.Window, in block: UnsafeRawBufferPointer, from searchStart: Int) -> Int? {
        let text = block.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var best = Int.max
        var lanes = window.lanes
        probes.probes.withUnsafeBufferPointer { probes in
            while lanes != 0 {
                let position = window.position &+ lanes.trailingZeroBitCount
                lanes &= lanes &- 1
                for probe in probes
                where probe.first.accepts(text[position &+ probe.first.offset])
                    && probe.second.accepts(text[position &+ probe.second.offset]) {
                    if let found = targets.occurrenceStart(of: probe.target, in: block, probedAt: position),
                       found >= searchStart, found < best {
                        best = found
                    }
                }
            }
        }
        return best == Int.max ? nil : best
    }

    /// The search over the last probe positions of `block`, from `position`, one at a time:
    /// there a probe would read past the block's end (and `bytescan_find` leaves blocks
    /// shorter than its window to this search).
    private func searchEnd(of block: UnsafeRawBufferPointer, from position: Int, searchStart: Int) -> Int {
        let count = block.count
        var best = count
        for probed in position..<count {
            for probe in probes.probes where probe.accepts(in: block, at: probed) {
                if let found = targets.occurrenceStart(of: probe.target, in: block, probedAt: probed),
                   found >= searchStart, found < best {
                    best = found
                }
            }
        }
        return best
    }
}
