/// Finds, in one pass over a block, the first place where a line becomes a candidate: an
/// occurrence of any of the ``RequiredLiterals`` or, when lines holding a byte outside ASCII
/// are candidates, such a byte.
///
/// Each literal has one or a few ``BytePairProbe``s; the scan tests all of them, and the
/// high bits of the text, on ``ProbeVector``'s count of positions at once, and confirms only
/// the positions where both bytes of a probe are there.
struct PackedPairScanner: BlockScanner {
    /// Every literal's probes.
    private let probes: ProbeSet
    /// What the hits of each probe may start, by ``BytePairProbe/target``.
    private let targets: ProbeTargets
    /// True when a byte outside ASCII is itself an occurrence.
    private let findsNonASCII: Bool
    /// The furthest byte a probe reads from its probe position.
    private let reach: Int
    /// The last occurrence found in this block, and where its search started.
    var memo = LastOccurrenceMemo()

    /// Creates the scanner for `literals`.
    init(_ literals: RequiredLiterals) {
        var targets = ProbeTargets()
        var probes = ProbeSet()
        for literal in literals.literals {
            let byteLiteral = ByteLiteral(literal, ignoresASCIICase: literals.caseInsensitiveASCII)
            byteLiteral.addProbe(to: &probes, target: targets.nextTarget)
            targets.add(byteLiteral)
        }
        for literal in literals.variantLiterals {
            let matcher = CaseVariantMatcher(literal: literal)
            matcher.addProbes(to: &probes, target: targets.nextTarget)
            targets.add(matcher)
        }
        self.probes = probes
        self.targets = targets
        findsNonASCII = literals.caseInsensitiveASCII
        reach = probes.reach
    }

    /// Forgets what was found in the previous block.
    mutating func forgetBlock() {
        memo = LastOccurrenceMemo()
    }

    /// The start of an occurrence at or after `start` in `block` that lies in the same line as
    /// the first such occurrence, or `block.count` when there is none.
    ///
    /// Occurrences are found in the order of their probe positions, and one found later that
    /// starts earlier spans the probe position of the one found, so no line terminator lies
    /// between the two starts: the occurrences found within one vector of probe positions are
    /// compared, and the earliest start wins.
    func search(in block: UnsafeRawBufferPointer, from start: Int) -> Int {
        let count = block.count
        guard start < count, let base = block.baseAddress else { return count }
        let width = ProbeVector.scalarCount
        let lastVectorPosition = count - reach - width
        var position = start
        let found: Int? = probes.exact.withUnsafeBufferPointer { exact in
            probes.folded.withUnsafeBufferPointer { folded in
                // Four vectors a step, then one at a time where four would pass the end.
                while position &+ ProbeLaneQuad.positionCount &- width <= lastVectorPosition {
                    var hits = ProbeLaneQuad()
                    if findsNonASCII {
                        hits.formUnion(at: position) { ProbeLanes.nonASCII(in: base, at: $0) }
                    }
                    for probe in exact {
                        hits.formUnion(at: position) { probe.lanes(in: base, at: $0) }
                    }
                    for probe in folded {
                        hits.formUnion(at: position) { probe.lanes(in: base, at: $0) }
                    }
                    if hits.anySet {
                        for index in 0..<4 where ProbeLanes.anySet(hits[index]) {
                            if let found = confirm(exact, folded, in: block, vectorAt: position &+ index &* width, from: start) {
                                return found
                            }
                        }
                    }
                    position &+= ProbeLaneQuad.positionCount
                }
                while position <= lastVectorPosition {
                    var hits = findsNonASCII ? ProbeLanes.nonASCII(in: base, at: position) : ProbeVector()
                    for probe in exact {
                        hits |= probe.lanes(in: base, at: position)
                    }
                    for probe in folded {
                        hits |= probe.lanes(in: base, at: position)
                    }
                    if ProbeLanes.anySet(hits), let found = confirm(exact, folded, in: block, vectorAt: position, from: start) {
                        return found
                    }
                    position &+= width
                }
                return nil
            }
        }
        return found ?? searchEnd(of: block, from: position, searchStart: start)
    }

    /// The earliest start, at or after `searchStart`, of an occurrence whose probe position
    /// is among the vector at `position` (or of a byte outside ASCII there, when those count),
    /// or nil.
    private func confirm(
        _ exact: UnsafeBufferPointer<BytePairProbe<ExactProbeByte>>,
        _ folded: UnsafeBufferPointer<BytePairProbe<FoldedProbeByte>>,
        in block: UnsafeRawBufferPointer, vectorAt position: Int, from searchStart: Int
    ) -> Int? {
        var best = Int.max
        if findsNonASCII, let lane = ProbeLanes.first(ProbeLanes.nonASCII(in: block.baseAddress!, at: position)) {
            best = position + lane
        }
        confirm(exact, in: block, vectorAt: position, from: searchStart, best: &best)
        confirm(folded, in: block, vectorAt: position, from: searchStart, best: &best)
        return best == Int.max ? nil : best
    }

    /// Lowers `best` to the earliest start, at or after `searchStart`, of an occurrence that a
    /// hit of `probes` among the vector at `position` belongs to.
    private func confirm<Side>(
        _ probes: UnsafeBufferPointer<BytePairProbe<Side>>, in block: UnsafeRawBufferPointer,
        vectorAt position: Int, from searchStart: Int, best: inout Int
    ) {
        let base = block.baseAddress!
        for probe in probes {
            ProbeLanes.forEachSet(probe.lanes(in: base, at: position)) { lane in
                if let found = targets.occurrenceStart(of: probe.target, in: block, probedAt: position + lane),
                   found >= searchStart, found < best {
                    best = found
                }
            }
        }
    }

    /// The search over the last probe positions of `block`, from `position`, one at a time:
    /// there a vector would read past the block's end.
    private func searchEnd(of block: UnsafeRawBufferPointer, from position: Int, searchStart: Int) -> Int {
        let count = block.count
        var best = count
        for probed in position..<count {
            if findsNonASCII && block[probed] >= 0x80 && probed < best {
                best = probed
            }
            confirmOne(probes.exact, in: block, at: probed, from: searchStart, best: &best)
            confirmOne(probes.folded, in: block, at: probed, from: searchStart, best: &best)
        }
        return best
    }

    /// Lowers `best` to the start, at or after `searchStart`, of an occurrence that a hit of
    /// `probes` at `position` belongs to, one position at a time.
    private func confirmOne<Side>(
        _ probes: [BytePairProbe<Side>], in block: UnsafeRawBufferPointer, at position: Int,
        from searchStart: Int, best: inout Int
    ) {
        for probe in probes where probe.accepts(in: block, at: position) {
            if let found = targets.occurrenceStart(of: probe.target, in: block, probedAt: position),
               found >= searchStart, found < best {
                best = found
            }
        }
    }
}
