/// A regular expression over single code points: the part of an ICU pattern that the line
/// automaton and the search plan understand, read from the pattern's ``RegexSyntax`` (see
/// ``CodePointPattern/reading(of:lineEdges:)-swift.type.method``).
///
/// It describes a language that contains every text ICU's pattern can match, and maybe more:
/// zero-width assertions (anchors, `\b`, lookaround) are read as the empty string, which only
/// drops conditions, and atomic groups and possessive or lazy quantifiers are read as plain
/// ones, which match at least the same texts. So a line in which this pattern finds no match
/// cannot match the ICU pattern either. When nothing was dropped, the two match the same texts
/// (``CodePointPattern/Reading/isExact`` says so).
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

extension CodePointSet {
    /// The character that the line automaton reads before a line's first (⊢), outside
    /// Unicode: no text holds it, and no class accepts it.
    package static let lineStart = CodePointSet.scalar(0x11_0000)
    /// The character that the line automaton reads after a line's last (⊣).
    package static let lineEnd = CodePointSet.scalar(0x11_0001)

    /// True for ``lineStart`` and ``lineEnd``, which stand for no text.
    package var isLineEdge: Bool {
        self == .lineStart || self == .lineEnd
    }
}

extension CodePointPattern {
    /// The fewest of the pattern's code points a match spans; the line edges count none. Not
    /// ignoring case, this is also the fewest code points of a text's match, and so a lower
    /// bound of its UTF-8 bytes and UTF-16 units.
    package var minimumCodePointCount: Int {
        switch self {
        case .set(let set):
            return set.isLineEdge ? 0 : 1
        case .empty:
            return 0
        case .sequence(let pieces):
            return pieces.reduce(0) { $0 + $1.minimumCodePointCount }
        case .alternation(let branches):
            return branches.map { $0.minimumCodePointCount }.min() ?? 0
        case .repetition(let piece, let minimum, _):
            return minimum * piece.minimumCodePointCount
        }
    }

    /// The fewest UTF-8 bytes of text a match has. Ignoring case, one character of the text
    /// can match several of the pattern's: `ΐ`, two bytes, folds to the three code points
    /// `ΐ`. Unicode's full case folding turns one code point into at most three, and every
    /// code point it expands takes at least two bytes (``fewestUTF8BytesPerFoldedCodePoint``,
    /// which `PatternSyntaxTests` checks against ICU for every code point).
    package func minimumUTF8Length(ignoringCase: Bool) -> Int {
        let count = minimumCodePointCount
        guard ignoringCase else { return count }
        let ratio = Self.fewestUTF8BytesPerFoldedCodePoint
        return (count * ratio.bytes + ratio.codePoints - 1) / ratio.codePoints
    }

    /// The fewest UTF-8 bytes of a text character per code point of its full case folding:
    /// two bytes for three code points (`ΐ`, `ΰ`).
    package static let fewestUTF8BytesPerFoldedCodePoint = (bytes: 2, codePoints: 3)
}

extension CodePointPattern {
    /// Every code-point set the pattern uses.
    package var sets: Set<CodePointSet> {
        var sets: Set<CodePointSet> = []
        collectSets(into: &sets)
        return sets
    }

    private func collectSets(into sets: inout Set<CodePointSet>) {
        switch self {
        case .set(let set):
            sets.insert(set)
        case .empty:
            break
        case .sequence(let pieces), .alternation(let pieces):
            for piece in pieces { piece.collectSets(into: &sets) }
        case .repetition(let piece, _, _):
            piece.collectSets(into: &sets)
        }
    }
}

extension CodePointSet {
    /// The classes whose case-insensitive form matches single characters only: no case
    /// closure with strings, as a bracket class or a property may have (`[ß]` ignoring case
    /// also matches `ss`).
    package static let caseInsensitiveSingleCharacterClasses: Set<String> = [
        "\\w", "\\W", "\\s", "\\S", "\\d", "\\D", "\\h", "\\H", "\\v", "\\V", ".",
    ]

    /// True when, ignoring case, the set matches one character of a text at a time, never
    /// several: a character whose full case folding is one character (not `ß`, which matches
    /// `ss`), or one of ``caseInsensitiveSingleCharacterClasses``. Values beyond Unicode, which
    /// no text holds, count as one character.
    package var matchesOneCharacterIgnoringCase: Bool {
        switch self {
        case .scalar(let value):
            guard value <= 0x10FFFF else { return true }
            return CaseFolding.fullFolding(of: value).count == 1
        case .icuClass(let text):
            return Self.caseInsensitiveSingleCharacterClasses.contains(text)
        }
    }
}
