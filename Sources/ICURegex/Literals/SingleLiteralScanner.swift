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
    /// `block.count`.
    func search(in block: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard let base = block.baseAddress else { return block.count }
        return bytescan_find_literal(base, start, block.count, literal.probe, literal.bytes, literal.count)
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
