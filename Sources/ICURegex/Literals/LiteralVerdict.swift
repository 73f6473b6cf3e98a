/// What the bytes around the literals of a line tell of it, for patterns that are literals
/// at a line's edges (``AnchoredLiterals``) or between word edges (``WordBoundedLiterals``).
enum LiteralVerdict {
    /// The line matches.
    case match
    /// The line cannot match.
    case noMatch
    /// What lies beside a literal is beyond what the bytes tell (a possible final line
    /// terminator, a character outside ASCII): the automaton and ICU decide.
    case unknown
}

/// Patterns that are literals whose lines are decided by the bytes around the literals.
enum EdgeLiterals: Sendable {
    /// Literals at a line's start, end, or both.
    case anchored(AnchoredLiterals)
    /// Literals between word edges.
    case wordBounded(WordBoundedLiterals)

    /// Whether the line `start..<end` of `block` (without its terminator) matches.
    @inline(__always)
    func verdict(onLineFrom start: Int, to end: Int, in block: UnsafeRawBufferPointer) -> LiteralVerdict {
        switch self {
        case .anchored(let literals): return literals.verdict(onLineFrom: start, to: end, in: block)
        case .wordBounded(let literals): return literals.verdict(onLineFrom: start, to: end, in: block)
        }
    }
}
