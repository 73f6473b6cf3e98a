/// Finds, in a line, the leftmost occurrence of any of many fixed strings and, of those that
/// start there, the longest: the match GNU grep's `-F` reports, and ICU's on the strings'
/// trie (``PatternAssembler/trie(of:)``), found without ICU.
///
/// It is an ``AhoCorasickAutomaton`` over the code units of the line's text (UTF-16 units, or
/// UTF-8 bytes for a line searched as UTF-8), whose states know the longest string that ends
/// where they are reached. Reading left to right, the
/// occurrence that starts first is known once the text read reaches the longest string's
/// length past that start: no later occurrence can start earlier.
///
/// For fixed strings matched with case and without `-w` or `-x`, whose matches depend only on
/// their own characters.
package struct LongestLiteralMatcher: Sendable {
    /// One automaton over one kind of code unit.
    struct Automaton: Sendable {
        let automaton: AhoCorasickAutomaton
        /// The longest string's length in units.
        let maximumLength: Int

        /// The automaton of `strings`, each a sequence of unit values below `unitLimit`; nil
        /// when they have more than 255 distinct units.
        init?(_ strings: [[Int]], unitLimit: Int) {
            guard let automaton = AhoCorasickAutomaton(strings: strings, unitLimit: unitLimit) else { return nil }
            self.automaton = automaton
            maximumLength = strings.map { $0.count }.max() ?? 0
        }

        /// The leftmost-longest occurrence in `text[from...]`, or nil.
        func firstMatch<Unit: FixedWidthInteger>(in text: UnsafeBufferPointer<Unit>, from: Int) -> Range<Int>? {
            let classCount = automaton.classCount
            var state = 0
            var best: Range<Int>?
            var position = from
            while position < text.count {
                state = Int(automaton.transitions[state &* classCount &+ Int(automaton.unitClasses[Int(text[position])])])
                position &+= 1
                let longest = Int(automaton.longestOutput[state])
                if longest > 0 {
                    // The longest string ending here starts first; it wins over the best so far
                    // when it starts earlier, or at the same place and ends later.
                    let start = position - longest
                    if best == nil || start <= best!.lowerBound {
                        best = start..<position
                    }
                }
                if let best, position - best.lowerBound >= maximumLength { break }
            }
            return best
        }
    }

    private let utf16: Automaton
    private let utf8: Automaton

    /// The matcher of the non-empty `strings`; nil when there are none, or their code units
    /// are too varied (more than 255 distinct units in UTF-16 or in UTF-8).
    package init?(_ strings: [String]) {
        guard !strings.isEmpty, !strings.contains(where: { $0.isEmpty }),
            let utf16 = Automaton(strings.map { $0.utf16.map(Int.init) }, unitLimit: 1 << 16),
            let utf8 = Automaton(strings.map { $0.utf8.map(Int.init) }, unitLimit: 1 << 8)
        else { return nil }
        self.utf16 = utf16
        self.utf8 = utf8
    }

    /// The leftmost-longest occurrence in `text` that starts at or after `from`, in the text's
    /// units, or nil.
    package func firstMatch(in text: LineText, from: Int) -> Range<Int>? {
        switch text {
        case .utf16(let units):
            return utf16.firstMatch(in: units, from: from)
        case .utf8(let bytes):
            return utf8.firstMatch(in: bytes.assumingMemoryBound(to: UInt8.self), from: from)
        }
    }
}
