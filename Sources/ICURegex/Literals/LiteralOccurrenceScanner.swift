/// Finds every occurrence of every one of a set of UTF-16 literals in one pass: an
/// ``AhoCorasickAutomaton`` with the full output of each state (every literal that ends where
/// it is reached, the state's own and its failure links'), so that overlapping occurrences and
/// literals that end inside others are all reported. It is the prefilter of
/// ``RegexPatternSet``, which needs, for each pattern, every place where one of its required
/// literals starts.
///
/// Units are read through classes, one for each unit that occurs in a literal and class 0 for
/// all the others, so that a row is as wide as the literals' alphabet.
struct LiteralOccurrenceScanner: Sendable {
    /// The literals, by index.
    let literals: [[UInt16]]
    /// The class of each unit value.
    private let unitClasses: [UInt16]
    /// The number of unit classes: the width of a row.
    private let classCount: Int
    /// The next state for each state and class, row by row; state 0 is the start. A state is
    /// stored as the offset of its row (its number times ``classCount``), negated (minus one)
    /// when literals end there, so that the scan tests one sign per unit.
    private let transitions: [Int32]
    /// The literals that end at each state: `outputs[outputStart[s]..<outputStart[s + 1]]`.
    private let outputStart: [Int32]
    private let outputs: [Int32]

    /// The most entries in the transition table: a set whose table would be larger is not
    /// scanned this way (its patterns are searched one by one instead).
    static let maximumTableSize = 1 << 22

    /// The scanner of `literals`, none of them empty; nil when its table would hold more than
    /// ``maximumTableSize`` entries.
    ///
    /// With `ignoringASCIICase`, the literals hold no ASCII capital letter and each of the
    /// text's ASCII capitals is read as its small letter: an occurrence is then a place where
    /// the text equals a literal ignoring ASCII case (and only ASCII case: `K`, the Kelvin sign,
    /// is not `k` to this scan).
    init?(literals: [[UInt16]], ignoringASCIICase: Bool = false) {
        precondition(
            !ignoringASCIICase || !literals.contains { $0.contains { (0x41...0x5A).contains($0) } },
            "LiteralOccurrenceScanner: a capital letter in a literal that ignores ASCII case")
        self.init(literals: literals, strings: literals, literalOfString: Array(literals.indices), ignoringASCIICase: ignoringASCIICase)
    }

    /// The most strings the automaton of ``init(literals:ignoringASCIICaseFrom:)`` holds, case
    /// variants counted.
    static let maximumCaseVariants = 1 << 10

    /// The scanner of `literals`, none of them empty, where those from `firstFolded` on (which
    /// hold no ASCII capital letter) are found ignoring ASCII case, and the others exactly: in
    /// one pass, for ``RegexPatternSet``'s exact and case-insensitive literals together. The
    /// automaton holds each folded literal as every one of its ASCII case variants (`sherlock`,
    /// `Sherlock`, `SHERLOCK`...; 2^n strings for n letters), each reporting the literal, so
    /// that an occurrence of a folded literal is a place where the text equals it ignoring
    /// ASCII case, as the scanner `ignoringASCIICase` finds it. Nil when there would be more
    /// than ``maximumCaseVariants`` strings, or the table would hold more than
    /// ``maximumTableSize`` entries.
    init?(literals: [[UInt16]], ignoringASCIICaseFrom firstFolded: Int) {
        var strings = Array(literals[..<firstFolded])
        var literalOfString = Array(literals[..<firstFolded].indices)
        for index in firstFolded..<literals.count {
            let literal = literals[index]
            precondition(
                !literal.contains { (0x41...0x5A).contains($0) },
                "LiteralOccurrenceScanner: a capital letter in a literal that ignores ASCII case")
            let letters = literal.filter { (0x61...0x7A).contains($0) }.count
            guard letters < 20, strings.count + (1 << letters) <= Self.maximumCaseVariants else { return nil }
            var variants: [[UInt16]] = [[]]
            for unit in literal {
                variants = (0x61...0x7A).contains(unit) ? variants.flatMap { [$0 + [unit], $0 + [unit - 0x20]] } : variants.map { $0 + [unit] }
            }
            strings += variants
            literalOfString += repeatElement(index, count: variants.count)
        }
        self.init(literals: literals, strings: strings, literalOfString: literalOfString, ignoringASCIICase: false)
    }

    /// The scanner of `literals` by the automaton of `strings`, each of which reports the
    /// literal `literalOfString` gives (a literal or one of its case variants, of its length).
    private init?(literals: [[UInt16]], strings: [[UInt16]], literalOfString: [Int], ignoringASCIICase: Bool) {
        precondition(!literals.contains(where: \.isEmpty), "LiteralOccurrenceScanner: an empty literal")
        guard
            let automaton = AhoCorasickAutomaton(
                strings: strings.map { $0.map(Int.init) }, unitLimit: 1 << 16, maximumClassCount: 1 << 16,
                maximumTableSize: Self.maximumTableSize, collectsAllOutputs: true)
        else { return nil }
        let classCount = automaton.classCount
        var outputStart: [Int32] = [0]
        var outputs: [Int32] = []
        for list in automaton.allOutputs {
            outputs.append(contentsOf: list.map { Int32(literalOfString[Int($0)]) })
            outputStart.append(Int32(outputs.count))
        }
        var table = automaton.transitions
        for slot in table.indices {
            let state = Int(table[slot])
            let row = Int32(state * classCount)
            table[slot] = automaton.allOutputs[state].isEmpty ? row : -row - 1
        }
        self.literals = literals
        var unitClasses = automaton.unitClasses
        if ignoringASCIICase {
            for capital in 0x41...0x5A { unitClasses[capital] = unitClasses[capital | 0x20] }
        }
        self.unitClasses = unitClasses
        self.classCount = classCount
        transitions = table
        self.outputStart = outputStart
        self.outputs = outputs
    }

    /// For each literal, the offsets in `base[0..<count]` where it starts, ascending.
    func occurrences(in base: UnsafePointer<UInt16>?, count: Int) -> [[Int]] {
        var found = [[Int]](repeating: [], count: literals.count)
        scan(base, count: count) { literal, start in
            found[literal].append(start)
            return true
        }
        return found
    }

    /// For each literal, the offset in `base[0..<count]` where it first starts, or nil: the
    /// scan stops as soon as every literal has been seen.
    func firstOccurrences(in base: UnsafePointer<UInt16>?, count: Int) -> [Int?] {
        var found = [Int?](repeating: nil, count: literals.count)
        var unseen = literals.count
        scan(base, count: count) { literal, start in
            if found[literal] == nil {
                found[literal] = start
                unseen -= 1
            }
            return unseen > 0
        }
        return found
    }

    /// Reads `base[0..<count]` once and calls `occurrence` with each literal and the offset
    /// where it starts, in the order their ends are read (at one end, as the state lists them),
    /// until `occurrence` returns false.
    @inline(__always)
    private func scan(
        _ base: UnsafePointer<UInt16>?, count: Int, occurrence: (_ literal: Int, _ start: Int) -> Bool
    ) {
        guard let base, count > 0 else { return }
        let classCount = self.classCount
        unitClasses.withUnsafeBufferPointer { classes in
            transitions.withUnsafeBufferPointer { table in
                let classes = classes.baseAddress!
                let table = table.baseAddress!
                var row = 0
                var offset = 0
                while offset < count {
                    let next = Int(table[row &+ Int(classes[Int(base[offset])])])
                    offset &+= 1
                    if next >= 0 {
                        row = next
                        continue
                    }
                    row = -next - 1
                    let state = row / classCount
                    for slot in Int(outputStart[state])..<Int(outputStart[state + 1]) {
                        let literal = Int(outputs[slot])
                        guard occurrence(literal, offset - literals[literal].count) else { return }
                    }
                }
            }
        }
    }
}
