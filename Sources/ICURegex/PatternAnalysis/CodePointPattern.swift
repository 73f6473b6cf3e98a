/// A regular expression over single code points: the part of an ICU pattern that icugrep's line
/// automaton and the library's search plan understand, read by ``CodePointPatternReader``.
///
/// It describes a language that contains every text ICU's pattern can match, and maybe more:
/// zero-width assertions (anchors, `\b`, lookaround) are read as the empty string, which only
/// drops conditions, and atomic groups and possessive or lazy quantifiers are read as plain
/// ones, which match at least the same texts. So a line in which this pattern finds no match
/// cannot match the ICU pattern either. When nothing was dropped, the two match the same texts
/// (``CodePointPatternReader/read(_:)`` says so).
package indirect enum CodePointPattern: Equatable, Sendable {
    /// Exactly one code point from a set.
    case set(CodePointSet)
    /// The empty string (also what every zero-width assertion becomes).
    case empty
    /// The pieces one after another.
    case sequence([CodePointPattern])
    /// Any one of the branches.
    case alternation([CodePointPattern])
    /// The piece repeated at least `minimum` and at most `maximum` times (nil: no maximum).
    case repetition(CodePointPattern, minimum: Int, maximum: Int?)
}

/// A set of code points that one position of a ``CodePointPattern`` matches.
package enum CodePointSet: Hashable, Sendable {
    /// Exactly this code point (a literal character of the pattern).
    case scalar(UInt32)
    /// The code points that ICU's one-character pattern `text` matches: a bracket class, an
    /// escape such as `\w` or `\p{Greek}`, or `.`. ICU itself is asked which code points
    /// these are.
    case icuClass(String)
}

extension CodePointPattern {
    /// The fewest code points a match has (so also the fewest UTF-8 bytes).
    package var minimumLength: Int {
        switch self {
        case .set:
            return 1
        case .empty:
            return 0
        case .sequence(let pieces):
            return pieces.reduce(0) { $0 + $1.minimumLength }
        case .alternation(let branches):
            return branches.map(\.minimumLength).min() ?? 0
        case .repetition(let piece, let minimum, _):
            return minimum * piece.minimumLength
        }
    }
}
