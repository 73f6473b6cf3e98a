import CByteScan

/// Finds one required literal of two bytes or more, found byte for byte (`the` in `-c the`,
/// `о` in `-v о`, `Sherlock Holmes`): the packed-pair windows of `CByteScan` and the
/// comparison of each proposed position, both in one C call (`bytescan_find_literal`). Where
/// the literal is common, most proposals are occurrences a line or two apart, and a call per
/// occurrence costs far less than confirming the windows' hits in Swift.
struct SingleLiteralScanner: BlockScanner {
    /// The probe and the literal, in memory of their own.
    let literal: ProbedLiteral
    /// The last occurrence found in this block, and where its search started.
    var memo = LastOccurrenceMemo()
    /// The occurrences that the scan of a whole block found ahead of the questions about its
    /// lines (``scanBlockFindingNUL(_:from:)``), which answer them.
    var scannedBlock = ScannedBlockOccurrences()
    /// When a block's occurrences are kept (not after a dense block).
    var pacing = BlockFindsPacing(denseFinds: BlockFindsPacing.denseOccurrences)

    /// The scanner for `literals` when they are one literal of at least two bytes, searched
    /// with case and without characters folding into it; nil otherwise.
    init?(_ literals: RequiredLiterals) {
        guard literals.literals.count == 1, literals.literals[0].count >= 2, !literals.caseInsensitiveASCII,
            literals.foldingCharacters.isEmpty, literals.variantLiterals.isEmpty
        else { return nil }
        literal = ProbedLiteral(literals.literals[0])
    }

    /// Forgets what was found in the previous block.
    mutating func forgetBlock() {
        memo = LastOccurrenceMemo()
    }

    /// The start of the first occurrence at or after `start` that lies wholly in `block`, or
    /// `block.count`: from the scanned block's occurrences when `block` lies in its bytes.
    mutating func search(in block: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard let base = block.baseAddress else { return block.count }
        var from = start
        if scannedBlock.isScanned {
            switch scannedBlock.occurrence(in: block, from: start, length: literal.count) {
            case .found(let offset): return offset
            case .searchFrom(let offset): from = offset
            }
        }
        return bytescan_find_literal(base, from, block.count, literal.probe, literal.bytes, literal.count)
    }

    /// Scans the bytes of `block` from `start` once, for the literal's occurrences and for the
    /// first NUL byte: returns the NUL's offset, or `block.count` when there is none, and
    /// keeps the occurrences (up to ``ScannedBlockOccurrences/capacity`` of them) to answer
    /// ``search(in:from:)`` about any part of these bytes until ``forgetScannedBlock()``.
    /// The bytes must not change until then.
    /// After a dense block, the next blocks are searched for their NUL alone
    /// (``BlockFindsPacing``).
    mutating func scanBlockFindingNUL(_ block: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard let base = block.baseAddress, start < block.count else {
            scannedBlock.forget()
            return block.count
        }
        guard pacing.keepsFindsOfNextBlock() else {
            scannedBlock.forget()
            return BlockFindsPacing.firstNUL(in: base, from: start, count: block.count)
        }
        let nul = scannedBlock.scan(block: base, from: start, count: block.count, literal: literal)
        pacing.noteScannedBlock(finds: scannedBlock.keptCount)
        return nul
    }

    /// Forgets the scanned block, whose bytes may now change.
    mutating func forgetScannedBlock() {
        scannedBlock.forget()
    }

    /// Frees the memory of the scanned block's occurrences.
    mutating func deallocate() {
        scannedBlock.deallocate()
    }
}

/// The occurrences of a literal found by one scan of a block, before the questions about its
/// lines: with the NUL test in the same pass (`bytescan_find_literals_and_nul`), the scan is
/// the first read of the block's bytes, which must know where its first NUL lies before any
/// line is reported (GNU grep's rule: the block makes the input binary), and the questions
/// about its lines, and about the matches in them, are answered here without a second pass.
///
/// The occurrences are kept by address: a question about any bytes that lie within the
/// scanned ones (a block that starts earlier in the same memory, a line) is answered, whatever
/// its base. So the scanned bytes must stay where they are, unchanged, until ``forget()``.
struct ScannedBlockOccurrences {
    /// The most occurrences kept: a literal that occurs more often in a block is searched again
    /// from the last one kept (`bytescan_find_literals_and_nul` still reads the rest of the
    /// block for the NUL).
    static let capacity = 2048

    /// The offsets of the occurrences from ``base``, ascending; allocated at the first scan.
    private var offsets: UnsafeMutablePointer<Int>?
    /// The number of occurrences kept.
    private var count = 0
    /// The index of the first occurrence at or after the last question's start.
    private var cursor = 0
    /// The start of the memory scanned; nil when no block is scanned.
    private var base: UnsafeRawPointer?
    /// The offset from ``base`` of the first byte scanned, of the first position whose
    /// occurrence may not be kept (every occurrence that starts before it is kept), and of
    /// the end of the bytes scanned.
    private var start = 0
    private var scanned = 0
    private var end = 0

    /// What the scanned block knows of a search.
    enum Answer {
        /// The search's answer, in the question's offsets.
        case found(Int)
        /// Every occurrence before this offset (in the question's offsets) is known not to
        /// answer: the search goes on from here.
        case searchFrom(Int)
    }

    /// True when a block is scanned.
    var isScanned: Bool { base != nil }

    /// The number of occurrences the last scan kept.
    var keptCount: Int { count }

    /// Scans `count` bytes at `block` from `start` (below `count`) for `literal` and the first
    /// NUL byte, and keeps the occurrences; returns the NUL's offset, or `count`.
    mutating func scan(block: UnsafeRawPointer, from start: Int, count: Int, literal: ProbedLiteral) -> Int {
        if offsets == nil {
            offsets = .allocate(capacity: Self.capacity)
        }
        var scanned = 0
        var firstNUL = 0
        self.count = bytescan_find_literals_and_nul(
            block, start, count, literal.probe, literal.bytes, literal.count, offsets, Self.capacity, &scanned, &firstNUL)
        base = block
        self.start = start
        self.scanned = scanned
        end = count
        cursor = 0
        return firstNUL
    }

    /// The first occurrence of the `length` bytes scanned for at or after `from` that lies
    /// wholly in `block`, when `block`'s bytes from `from` lie within the scanned ones and
    /// the occurrences kept tell; otherwise where the search goes on from.
    @inline(__always)
    mutating func occurrence(in block: UnsafeRawBufferPointer, from: Int, length: Int) -> Answer {
        guard let base, let offsets, let blockBase = block.baseAddress else { return .searchFrom(from) }
        // The question's offset 0 lies at `shift` from `base`.
        let shift = base.distance(to: blockBase)
        let first = shift + from
        let last = shift + block.count
        guard first >= start && last <= end else { return .searchFrom(from) }
        if cursor > 0 && offsets[cursor - 1] >= first {
            // A question about earlier bytes: the first occurrence at or after `first`, by
            // bisection. (The questions about a block's lines, and the matches in them, come
            // in order, and the cursor only moves on.)
            var low = 0
            var high = cursor - 1
            while low < high {
                let middle = (low + high) / 2
                if offsets[middle] < first { low = middle + 1 } else { high = middle }
            }
            cursor = low
        }
        while cursor < count && offsets[cursor] < first {
            cursor += 1
        }
        if cursor < count {
            let at = offsets[cursor]
            // Every later occurrence ends later.
            return .found(at + length <= last ? at - shift : block.count)
        }
        if scanned + length > last {
            return .found(block.count)  // Every occurrence that fits was kept.
        }
        return .searchFrom(max(from, scanned - shift))
    }

    /// Forgets the scanned block.
    mutating func forget() {
        base = nil
        count = 0
        cursor = 0
    }

    /// Frees the memory of the occurrences.
    mutating func deallocate() {
        offsets?.deallocate()
        offsets = nil
        forget()
    }
}

/// A literal and its packed-pair probe (``ByteLiteral``'s choice of its two rarest bytes), in
/// memory of their own and passed by address: a stored array or struct would be copied out
/// of its owner, with reference counting, for every call.
final class ProbedLiteral: @unchecked Sendable {
    // Sendable: written once, in `init`, and only read afterwards.

    /// The probe as the C scan reads it.
    let probe = UnsafeMutablePointer<bytescan_probe>.allocate(capacity: 1)
    /// The literal's bytes.
    let bytes: UnsafeMutablePointer<UInt8>
    /// The number of bytes.
    let count: Int

    /// The literal `bytes` (at least one), found byte for byte.
    init(_ literal: [UInt8]) {
        var probes = ProbeSet()
        ByteLiteral(literal, ignoresASCIICase: false).addProbe(to: &probes, target: 0)
        probe.initialize(to: probes.scanProbes[0])
        count = literal.count
        bytes = .allocate(capacity: literal.count)
        bytes.initialize(from: literal, count: literal.count)
    }

    deinit {
        probe.deallocate()
        bytes.deallocate()
    }
}
