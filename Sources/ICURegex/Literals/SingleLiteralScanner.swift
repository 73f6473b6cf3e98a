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
    var scannedBlock = ScannedBlock<ProbedLiteral>()

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
    /// `block.count`: from the scanned block's occurrences when `block` lies in its bytes
    /// (``searchInCall(in:from:)``). Where no block is scanned, the search is inlined
    /// into each question: as a call of its own it cost about 28 instructions a question
    /// (`-v -w the`, whose blocks are dense and not scanned: 2% of the search's instructions).
    @inline(__always)
    mutating func search(in block: UnsafeRawBufferPointer, from start: Int) -> Int {
        if !scannedBlock.isScanned, let base = block.baseAddress {
            return bytescan_find_literal(base, start, block.count, literal.probe, literal.bytes, literal.count)
        }
        return searchInCall(in: block, from: start)
    }

    /// ``search(in:from:)`` in a call of its own, for a block that may be scanned, and for
    /// `-o`'s walk over a line's matches (``CandidateLineFinder/occurrenceOfLiteral(in:from:)``),
    /// whose blocks are scanned: inlined there, the search made the walk larger (`-o Holmes`
    /// 0.9% to 3% more instructions).
    @inline(never)
    mutating func searchInCall(in block: UnsafeRawBufferPointer, from start: Int) -> Int {
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
    /// keeps the occurrences (up to ``ProbedLiteral/capacity`` of them) to answer
    /// ``search(in:from:)`` about any part of these bytes until ``forgetScannedBlock()``.
    /// The bytes must not change until then. After a dense block, the next blocks are searched
    /// for their NUL alone (``BlockFindsPacing``).
    mutating func scanBlockFindingNUL(_ block: UnsafeRawBufferPointer, from start: Int) -> Int {
        scannedBlock.scanFindingNUL(block, from: start, kernel: literal)
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

extension ProbedLiteral: BlockScanKernel {
    /// The most occurrences a block keeps: a literal that occurs more often in a block is
    /// searched again from the last one kept (`bytescan_find_literals_and_nul` still reads the
    /// rest of the block for the NUL).
    static let capacity = 2048

    /// The number of occurrences from which a block is dense (1 in 384 bytes of a 96 KiB
    /// block). On 256 MB, `Holmes` (about 60 in a block) gains, while `-c the` (about 780) took
    /// 9-20% more CPU time, and `-v о` (about 4,400, more than the room) 20% more, than with
    /// `memchr` for the NUL and a search per question.
    static let denseFinds = 256

    /// Scans for the literal's occurrences and the first NUL (`bytescan_find_literals_and_nul`).
    func scan(
        _ block: UnsafeRawPointer, from start: Int, count: Int, into finds: UnsafeMutablePointer<Int>, capacity: Int,
        scanned: inout Int, firstNUL: inout Int
    ) -> Int {
        bytescan_find_literals_and_nul(block, start, count, probe, bytes, self.count, finds, capacity, &scanned, &firstNUL)
    }
}
