import CByteScan

/// Finds, in one pass over a block, an occurrence of any of a few dozen literals: Teddy, the
/// packed nibble fingerprints of `CByteScan` (`bytescan_teddy_find`, whose file tells how it
/// works), which test every literal at 32 positions with a few vector instructions and compare
/// only the literals of the buckets whose fingerprints a position matches.
///
/// It serves the ``RequiredLiterals`` that ``PackedPairScanner`` served (a probe per literal
/// at every window, so a cost that grows with their number) and the smaller sets of
/// ``LiteralAutomatonScanner`` (a table step per byte): up to ``maximumSpellings`` spellings,
/// beyond which the automaton is the faster.
/// The literals are searched as they are: exact, or ignoring ASCII case
/// (``RequiredLiterals/caseInsensitiveASCII``, a letter's fingerprint accepting both cases and
/// its comparison ORing `0x20`); each character that folds into a literal
/// (``RequiredLiterals/foldingCharacters``) is a literal of its own, found byte for byte, whose
/// lines are candidates to be checked (``findsNonASCII``); and each case-fold variant literal
/// is spelled out, every spelling a literal, when they stay few. That is the whole of what the
/// other scanners search, so the lines proposed are the same.
///
/// Each literal's fingerprint holds its rarest three bytes in a row (by ``TextFrequencyRank``),
/// not its first: `-i sherlock` is fingerprinted on `rlo`, where `she` would make a candidate
/// of every third line of English. The scan then meets an occurrence at its fingerprint, and
/// one met first may start after one met later; but the later one spans the fingerprint, and
/// so the start, of the one met first (see `bytescan_teddy_find`), so the two lie in one line:
/// the answer is a start in the first occurrence's line, which is what a line search needs.
struct TeddyScanner: BlockScanner {
    /// The literals as the C search reads them.
    let table: TeddyTable
    /// True when a byte outside ASCII is itself an occurrence (a character folding into a
    /// literal): its line must be checked.
    let findsNonASCII: Bool
    /// The last occurrence found in this block, and where its search started.
    var memo = LastOccurrenceMemo()
    /// The candidates that the scan of a whole block found ahead of the questions about its
    /// lines (``scanBlockFindingNUL(_:from:)``), from which their searches start.
    var scannedBlock = ScannedBlock<TeddyTable>()

    /// The most spellings Teddy takes (the C table holds up to 64). With more, each of the
    /// eight buckets holds several literals, whose fingerprints together accept most nibbles,
    /// and most positions are compared with several literals: on 256 MB of English (`-c -F -f`,
    /// CPU seconds), 30 common words took 0.35 s against the automaton's 0.74, 40 took 0.60
    /// against 0.74 (40 rare ones 0.39 against 0.78), but 48 took 0.88 against 0.73 and 60
    /// rare ones 1.52 against 0.77.
    static let maximumSpellings = 40

    /// The fewest literals worth Teddy: one literal has ``SingleLiteralScanner``, or with
    /// `-i` the probes, which took as little time for `-i 'Sherlock Holmes'` (the literal and
    /// the two characters folding into it) and are kept for it.
    static let minimumLiterals = 2

    /// The scanner for `literals`, or nil when they are fewer than ``minimumLiterals`` (the
    /// characters folding into them not counted) or their spellings more than
    /// ``maximumSpellings``.
    init?(_ literals: RequiredLiterals) {
        guard literals.literals.count + literals.variantLiterals.count >= Self.minimumLiterals else { return nil }
        var spellings: [[UInt8]] = []
        var ignoresCase: [Bool] = []
        for literal in literals.literals {
            spellings.append(literal)
            ignoresCase.append(literals.caseInsensitiveASCII)
        }
        for character in literals.foldingCharacters {
            spellings.append(character)
            ignoresCase.append(false)
        }
        for variant in literals.variantLiterals {
            guard let variantSpellings = variant.spellings(atMost: Self.maximumSpellings - spellings.count) else { return nil }
            spellings += variantSpellings
            ignoresCase += Array(repeating: false, count: variantSpellings.count)
        }
        guard spellings.count <= Self.maximumSpellings,
            !spellings.contains(where: { $0.isEmpty }),
            let table = TeddyTable(spellings, ignoresASCIICase: ignoresCase)
        else { return nil }
        self.table = table
        findsNonASCII = !literals.foldingCharacters.isEmpty
    }

    /// Forgets what was found in the previous block.
    mutating func forgetBlock() {
        memo = LastOccurrenceMemo()
    }

    /// The start of an occurrence at or after `start` in `block` that lies in the line of the
    /// first one (see the type's comment), or `block.count` when there is none: from the
    /// scanned block's candidates when `block` lies in its bytes.
    mutating func search(in block: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard let base = block.baseAddress else { return block.count }
        if scannedBlock.isScanned, let found = scannedBlock.search(in: block, from: start, table: table) {
            return found
        }
        return bytescan_teddy_find(table.pointer, base, start, block.count, nil)
    }

    /// Scans the bytes of `block` from `start` once, for the candidates and for the first NUL
    /// byte: returns the NUL's offset, or `block.count` when there is none, and keeps the
    /// candidates (up to ``TeddyTable/capacity`` of them) for ``search(in:from:)`` to start
    /// from, about any part of these bytes, until ``forgetScannedBlock()``. The bytes must not
    /// change until then. After a dense block, the next blocks are searched for their NUL
    /// alone (``BlockFindsPacing``).
    mutating func scanBlockFindingNUL(_ block: UnsafeRawBufferPointer, from start: Int) -> Int {
        scannedBlock.scanFindingNUL(block, from: start, kernel: table)
    }

    /// Forgets the scanned block, whose bytes may now change.
    mutating func forgetScannedBlock() {
        scannedBlock.forget()
    }

    /// Frees the memory of the scanned block's candidates.
    mutating func deallocate() {
        scannedBlock.deallocate()
    }
}

/// A set of literals prepared for `bytescan_teddy_find`, in memory of the C side's, freed with
/// the object. Kept apart from ``TeddyScanner`` so that the scanner, a struct, owns it by
/// reference and its copies share it.
final class TeddyTable: @unchecked Sendable {
    // Sendable: written once, in `init`, and only read afterwards.

    /// The table as the C search reads it.
    let pointer: OpaquePointer

    /// The mask's length in the C table: the fingerprint's bytes.
    static let fingerprintLength = 3

    /// The table of `literals` (1 to ``TeddyScanner/maximumSpellings``, none empty), each
    /// ignoring ASCII case when `ignoresASCIICase` says so (and then in lower case); each
    /// fingerprinted on its rarest bytes. Nil when the C side refuses them.
    init?(_ literals: [[UInt8]], ignoresASCIICase: [Bool]) {
        let longest = literals.map(\.count).max() ?? 0
        let maskLength = min(longest, Self.fingerprintLength)
        let anchors = literals.map { Self.rarestStretch(of: $0, length: maskLength) }
        let bytes = Array(literals.joined())
        let lengths = literals.map(\.count)
        guard
            let pointer = bytes.withUnsafeBufferPointer({ bytes in
                bytescan_teddy_create(bytes.baseAddress, lengths, anchors, ignoresASCIICase, literals.count)
            })
        else { return nil }
        self.pointer = pointer
    }

    deinit {
        bytescan_teddy_free(pointer)
    }

    /// The offset of the `length` bytes in a row of `literal` whose frequency ranks
    /// (``TextFrequencyRank``) add up to the least, the first of equals; 0 when the literal
    /// is shorter.
    static func rarestStretch(of literal: [UInt8], length: Int) -> Int {
        guard literal.count > length else { return 0 }
        var best = 0
        var bestScore = Int.max
        for offset in 0...(literal.count - length) {
            var score = 0
            for byte in literal[offset..<(offset + length)] {
                score += TextFrequencyRank.rank(ofByte: byte)
            }
            if score < bestScore {
                best = offset
                bestScore = score
            }
        }
        return best
    }
}

extension TeddyTable: BlockScanKernel {
    /// The most candidates a block keeps: past them, a search reads the block's bytes itself.
    static let capacity = 4096

    /// The number of candidates from which a block is dense (1 in 96 bytes of a 96 KiB block),
    /// where a candidate costs less to keep than an occurrence. Kept rather than paced, in CPU
    /// time (256 MB, medians of 5 to 11 alternated runs): the five names of issue 26's rows
    /// (about 90 candidates in a block, up to 320, which paced 40% of the blocks at 256) `-c`
    /// 92 → 85 ms, `-c 'you|your'` (690) 179 → 162 ms, Russian `-c 'что|как'` (470) 150 ms
    /// either way; near 1,000 the two meet (`-c 'the|and'`, 1,050: 204 ms paced, 209 kept),
    /// and `-c 'th|he'` (about 3,000) took 287 ms paced, 370 kept.
    static let denseFinds = 1024

    /// Scans for the candidates and the first NUL (`bytescan_teddy_collect_and_nul`): a
    /// candidate is a position whose fingerprint matches a bucket, not yet compared with a
    /// literal.
    func scan(
        _ block: UnsafeRawPointer, from start: Int, count: Int, into finds: UnsafeMutablePointer<Int>, capacity: Int,
        scanned: inout Int, firstNUL: inout Int
    ) -> Int {
        bytescan_teddy_collect_and_nul(pointer, block, start, count, finds, capacity, &scanned, &firstNUL)
    }
}
