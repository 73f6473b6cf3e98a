/// Finds, in one pass over a block, the first occurrence of any of many literals: an
/// Aho–Corasick automaton made deterministic, for the ``RequiredLiterals`` of word lists
/// (`-F -f words.txt`, alternations of hundreds of words), where ``PackedPairScanner``'s probes
/// would be too many to test at every position.
///
/// The automaton reads one byte per step through a table indexed by its state and the byte's
/// class (the bytes that occur in no literal share one class, so the table stays small); a
/// state at or after ``firstAcceptingRow`` means that some literal ends at the byte just read. Its states are the nodes of the literals' trie; a byte without a child follows the
/// failure links (the longest proper suffix of the state's text that is a trie node) as
/// Aho and Corasick defined them, resolved in advance into every table entry.
///
/// With ``RequiredLiterals/caseInsensitiveASCII`` the literals are lowercase ASCII and the
/// table reads `A`–`Z` as `a`–`z`; and each character outside ASCII whose case folding lies
/// in a literal (``RequiredLiterals/foldingCharacters``: the Kelvin sign for `k`, `ſ` for
/// `s`, `ﬁ` for `fi`) is an occurrence itself, since ICU may match it to part of a literal:
/// such lines are candidates to be checked, as ``PackedPairScanner`` checks them.
/// Case-fold variant literals are spelled out, every spelling a literal.
struct LiteralAutomatonScanner: BlockScanner {
    /// The class of each byte value.
    private let byteClasses: [UInt8]
    /// The number of byte classes: the width of a table row.
    private let classCount: Int
    /// The next state for each state and byte class, row by row, as the offset of the next
    /// state's row.
    private let transitions: [Int32]
    /// The offset of the first accepting state's row: the rows from it on are accepting.
    private let firstAcceptingRow: Int32
    /// For each accepting state, in order from ``firstAcceptingRow`` on, the length of a literal that
    /// ends at the byte that led there (1 for a byte outside ASCII that is an occurrence).
    private let occurrenceLengths: [Int32]
    /// True when a byte outside ASCII is itself an occurrence.
    let findsNonASCII: Bool
    /// The last occurrence found in this block, and where its search started.
    var memo = LastOccurrenceMemo()

    /// The most literal spellings worth an automaton: beyond them its table would take too
    /// much memory and time to build for each thread.
    static let maximumSpellings = 20_000

    /// The fewest literal spellings searched with the automaton rather than
    /// ``PackedPairScanner``, which tests every literal's probe at every window: a threshold
    /// chosen between the few names the probes were tuned for (five, in `compare-cli.sh`) and
    /// the word lists they cannot serve, not measured at its edge.
    static let minimumSpellings = 24

    /// The scanner for `literals`, or nil when they are too few to need it or too many to
    /// afford it. Few literals count as few however many case-fold spellings they have:
    /// ``PackedPairScanner`` probes a variant literal's folded bytes directly, where the
    /// automaton would need thousands of spellings (`-i Шерлок Холмс`: two cases of each of
    /// its eleven letters) and a table that scanned slower than the probes.
    init?(_ literals: RequiredLiterals) {
        guard literals.literals.count + literals.variantLiterals.count >= Self.minimumSpellings,
            let spellings = Self.spellings(of: literals),
            spellings.count >= Self.minimumSpellings, spellings.count <= Self.maximumSpellings
        else { return nil }
        findsNonASCII = !literals.foldingCharacters.isEmpty
        let literalSpellings = spellings + literals.foldingCharacters

        guard let automaton = AhoCorasickAutomaton(strings: literalSpellings.map { $0.map(Int.init) }, unitLimit: 256)
        else { return nil }
        // Ignoring ASCII case, an upper-case letter reads as its lower case, as the literals are.
        // At most 256 classes (the automaton's default limit), so each fits a byte.
        var classes = automaton.unitClasses.map { UInt8($0) }
        if literals.caseInsensitiveASCII {
            for upper in UInt8(ascii: "A")...UInt8(ascii: "Z") {
                classes[Int(upper)] = classes[Int(upper | 0x20)]
            }
        }
        let classCount = automaton.classCount
        let stateCount = automaton.stateCount
        let table = automaton.transitions
        let acceptedLength = automaton.longestOutput

        // Accepting states last, so that one comparison tells them.
        var order = (0..<stateCount).filter { acceptedLength[$0] == 0 }
        let firstAccepting = order.count
        order += (0..<stateCount).filter { acceptedLength[$0] != 0 }
        var renumbered = [Int32](repeating: 0, count: stateCount)
        for (newIndex, oldIndex) in order.enumerated() { renumbered[oldIndex] = Int32(newIndex) }
        // Each entry holds the next state's row offset (its number times the row width), which
        // spares the scan a multiplication per byte.
        var finalTable = [Int32](repeating: 0, count: stateCount * classCount)
        for (newIndex, oldIndex) in order.enumerated() {
            for byteClass in 0..<classCount {
                finalTable[newIndex * classCount + byteClass] =
                    renumbered[Int(table[oldIndex * classCount + byteClass])] * Int32(classCount)
            }
        }
        byteClasses = classes
        self.classCount = classCount
        transitions = finalTable
        firstAcceptingRow = Int32(firstAccepting * classCount)
        occurrenceLengths = order[firstAccepting...].map { acceptedLength[$0] }
    }

    /// Every spelling of every literal: the exact (or lowercased) literals, and each case-fold
    /// variant literal spelled out; nil when there would be more than ``maximumSpellings``.
    private static func spellings(of literals: RequiredLiterals) -> [[UInt8]]? {
        var spellings = literals.literals
        for variant in literals.variantLiterals {
            guard let expanded = variant.spellings(atMost: maximumSpellings - spellings.count) else { return nil }
            spellings += expanded
        }
        return spellings.contains(where: { $0.isEmpty }) ? nil : spellings
    }

    /// Forgets what was found in the previous block.
    mutating func forgetBlock() {
        memo = LastOccurrenceMemo()
    }

    /// The start of the occurrence that ends first at or after `start` in `block` (it lies in
    /// the same line as the occurrence that starts first, inside which it ends), or
    /// `block.count` when there is none.
    func search(in block: UnsafeRawBufferPointer, from start: Int) -> Int {
        let count = block.count
        guard start < count, let base = block.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return count }
        return byteClasses.withUnsafeBufferPointer { classes in
            transitions.withUnsafeBufferPointer { table in
                let firstAccepting = firstAcceptingRow
                var row: Int32 = 0
                var position = start
                while position < count {
                    row = table[Int(row) &+ Int(classes[Int(base[position])])]
                    if row >= firstAccepting {
                        let accepting = Int(row &- firstAccepting) / classCount
                        return position &+ 1 &- Int(occurrenceLengths[accepting])
                    }
                    position &+= 1
                }
                return count
            }
        }
    }
}
