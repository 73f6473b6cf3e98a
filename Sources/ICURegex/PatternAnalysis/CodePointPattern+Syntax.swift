/// The ``CodePointPattern`` of a syntax tree: the part of an ICU pattern that the line
/// automaton and the search plan follow one code point at a time.
extension CodePointPattern {
    /// A pattern's code-point reading, and whether it matches exactly the texts (or, with
    /// line edges, exactly the lines) that ICU's pattern matches.
    package struct Reading: Equatable, Sendable {
        /// The code-point pattern.
        package var pattern: CodePointPattern
        /// True when nothing was dropped in reading: no assertion, lookaround, atomic group or
        /// possessive count was read as something that matches more.
        package var isExact: Bool
    }

    /// The reading of the ICU pattern `pattern`; nil when the reader does not understand it or
    /// it holds a construct without a code-point reading (`\R`, `\X`, a back reference).
    ///
    /// With `lineEdges`, the pattern is read for deciding whether a line holds a match, the
    /// line being the whole text (see ``SyntaxReading``); the pattern must then be compiled
    /// with only `\n` ending lines and without multi-line anchors.
    ///
    /// With `wordBoundaries` too, `\b` at an end of a branch, next to a word character, is
    /// followed exactly (see ``SyntaxReading``); the pattern must then be compiled with
    /// case and with ICU's own word boundaries (not `.useUnicodeWordBoundaries`).
    package static func reading(of pattern: String, lineEdges: Bool = false, wordBoundaries: Bool = false) -> Reading? {
        PatternReader.read(pattern).flatMap { reading(of: $0, lineEdges: lineEdges, wordBoundaries: wordBoundaries) }
    }

    /// The reading of `syntax`, as ``reading(of:lineEdges:wordBoundaries:)-swift.type.method``
    /// describes.
    package static func reading(of syntax: RegexSyntax, lineEdges: Bool = false, wordBoundaries: Bool = false) -> Reading? {
        var reader = SyntaxReading(readsWordBoundaries: lineEdges && wordBoundaries)
        let pattern = lineEdges ? reader.lineReading(of: syntax) : reader.reading(of: syntax)
        guard let pattern else { return nil }
        return Reading(pattern: pattern, isExact: !reader.approximates)
    }
}

/// Reads a syntax tree as a ``CodePointPattern``, noting whether anything was approximated.
///
/// Zero-width assertions read as the empty string, which only drops conditions; atomic groups
/// and possessive counts read as plain ones, which match at least the same texts. Either makes
/// the reading inexact, but keeps it a superset.
///
/// A line reading (``lineReading(of:)``) also follows one assertion at each end of each of
/// the pattern's top-level branches exactly, by reading the line's edges as characters
/// (``CodePointSet/lineStart``, ``CodePointSet/lineEnd``) and the characters next to the
/// match as part of it, which is exact when the question is whether the line holds a match
/// anywhere: `^` and `\A` read as ⊢; `$` as ⊣ or `\n` ⊣ (only `\n` ends a line, and `$` also
/// matches before a final one); `\z` as ⊣; a lookbehind or lookahead of one
/// character or class as that character; `(?<!\w)` as ⊢ or `\W`, and `(?!\w)` as `\W` or ⊣
/// (likewise for `\s`, `\d`, `\h`, `\v` and their negations). `\Z` reads as ⊣, `\v` ⊣ or
/// `\r` `\n` ⊣, inexactly: ICU's `\Z` ignores `UREGEX_UNIX_LINES` and also matches before any
/// final line terminator or CR LF, but not between the CR and LF of a final CR LF, which this
/// reading accepts. So `-w` and `-x`, written as
/// `(?<!\w)(?:P)(?!\w)` and `^(?:P)$`, are followed exactly.
///
/// When asked to, the line reading also follows ICU's `\b` at a branch's start before a plain
/// word character (``isPlainWordCharacter(_:)``), or at its end after one. ICU's `\b` (in
/// `RegexMatcher::isWordBoundary`) is not at a character of `[\p{Grapheme_Extend}\p{Cf}]`,
/// ``boundaryTransparentClass``; elsewhere it compares whether that character is in `\w` with
/// whether the first character before it outside that class is (none at the text's start
/// counts as no word character). Before a plain word character, `\b` therefore reads as
/// (⊢ or a character of ``boundaryOpaqueNonWordClass``) followed by any number of transparent
/// ones; after one, as ⊣ or a character of ``boundaryOpaqueNonWordClass``.
struct SyntaxReading {
    /// True once a condition was dropped.
    var approximates = false
    /// True when `\b` at a branch's edge is followed exactly (see above).
    var readsWordBoundaries = false

    /// The characters that ICU's `\b` looks past and is never at.
    static let boundaryTransparentClass = "[\\p{Grapheme_Extend}\\p{Cf}]"
    /// The characters that are neither in `\w` nor looked past by ICU's `\b`.
    static let boundaryOpaqueNonWordClass = "[^\\w\\p{Grapheme_Extend}\\p{Cf}]"

    /// The reading of the whole of `node` as a text's pattern.
    mutating func reading(of node: RegexSyntax) -> CodePointPattern? {
        switch node {
        case .character(let scalar):
            return .set(.scalar(scalar.value))
        case .characterClass(let text):
            return .set(.icuClass(text))
        case .sequence(let items):
            guard let pieces = readings(of: items, { $0.reading(of: $1) }) else { return nil }
            return pieces.count == 1 ? pieces[0] : .sequence(pieces)
        case .alternation(let branches):
            return readings(of: branches, { $0.reading(of: $1) }).map(CodePointPattern.alternation)
        case .group(_, .flagged):
            return nil
        case .group(let body, let kind):
            if kind == .atomic { approximates = true }
            return reading(of: body)
        case .repetition(let body, let minimum, let maximum, let greed):
            if greed == .possessive { approximates = true }
            return reading(of: body).map { .repetition($0, minimum: minimum, maximum: maximum) }
        case .assertion, .lookaround:
            approximates = true
            return .empty
        case .opaque:
            return nil
        }
    }

    /// The reading of `node` as the pattern searched in a line, with the line's edges.
    mutating func lineReading(of node: RegexSyntax) -> CodePointPattern? {
        switch node {
        case .alternation(let branches):
            return readings(of: branches, { $0.lineReading(of: $1) }).map(CodePointPattern.alternation)
        case .group(let body, .capturing), .group(let body, .nonCapturing):
            return lineReading(of: body)
        case .sequence(var items) where items.count >= 2:
            var leading: CodePointPattern?
            var trailing: CodePointPattern?
            // One condition at each end: a second would have to read the same edge character.
            if !items[1].isZeroWidth, let condition = Self.startCondition(items[0]) ?? wordBoundaryStart(items[0], before: items[1]) {
                leading = condition
                items.removeFirst()
            }
            if items.count >= 2, !items[items.count - 2].isZeroWidth,
                let condition = Self.endCondition(items[items.count - 1]) ?? wordBoundaryEnd(items[items.count - 1], after: items[items.count - 2])
            {
                if case .assertion(.textEndBeforeFinalTerminator) = items[items.count - 1] { approximates = true }
                trailing = condition
                items.removeLast()
            }
            guard let body = reading(of: items.count == 1 ? items[0] : .sequence(items)) else { return nil }
            return .sequence([leading, body, trailing].compactMap { $0 })
        default:
            return reading(of: node)
        }
    }

    /// The readings of `nodes` by `read`, in order; nil when one has none.
    private mutating func readings(
        of nodes: [RegexSyntax], _ read: (inout SyntaxReading, RegexSyntax) -> CodePointPattern?
    ) -> [CodePointPattern]? {
        var pieces: [CodePointPattern] = []
        for node in nodes {
            guard let piece = read(&self, node) else { return nil }
            pieces.append(piece)
        }
        return pieces
    }

    /// What a line holds before a match that `node`, at the match's start, requires when it is
    /// `\b` and `next` starts with a plain word character (see the type's description).
    private func wordBoundaryStart(_ node: RegexSyntax, before next: RegexSyntax) -> CodePointPattern? {
        guard readsWordBoundaries, case .assertion(.wordBoundary) = node,
            let characters = Self.edgeCharacters(of: next, atStart: true), characters.allSatisfy(Self.isPlainWordCharacter)
        else { return nil }
        return .sequence([
            .alternation([.set(.lineStart), .set(.icuClass(Self.boundaryOpaqueNonWordClass))]),
            .repetition(.set(.icuClass(Self.boundaryTransparentClass)), minimum: 0, maximum: nil),
        ])
    }

    /// What a line holds after a match that `node`, at the match's end, requires when it is
    /// `\b` and `previous` ends with a plain word character.
    private func wordBoundaryEnd(_ node: RegexSyntax, after previous: RegexSyntax) -> CodePointPattern? {
        guard readsWordBoundaries, case .assertion(.wordBoundary) = node,
            let characters = Self.edgeCharacters(of: previous, atStart: false), characters.allSatisfy(Self.isPlainWordCharacter)
        else { return nil }
        return .alternation([.set(.icuClass(Self.boundaryOpaqueNonWordClass)), .set(.lineEnd)])
    }

    /// The characters that every match of `node` starts (or ends) with, when it certainly
    /// starts (ends) with one of a few literal characters; nil otherwise.
    static func edgeCharacters(of node: RegexSyntax, atStart: Bool) -> [Unicode.Scalar]? {
        switch node {
        case .character(let scalar):
            return [scalar]
        case .group(let body, .capturing), .group(let body, .nonCapturing):
            return edgeCharacters(of: body, atStart: atStart)
        case .sequence(let items):
            guard let edge = atStart ? items.first : items.last else { return nil }
            return edgeCharacters(of: edge, atStart: atStart)
        case .alternation(let branches):
            var characters: [Unicode.Scalar] = []
            for branch in branches {
                guard let edge = edgeCharacters(of: branch, atStart: atStart) else { return nil }
                characters += edge
            }
            return characters
        case .repetition(let body, let minimum, _, _) where minimum >= 1:
            return edgeCharacters(of: body, atStart: atStart)
        default:
            return nil
        }
    }

    /// True for a character of `\w` outside ``boundaryTransparentClass``, below U+0800 (where
    /// Swift's Unicode properties and ICU's agree; `PatternSyntaxTests` checks them against
    /// ICU's classes).
    static func isPlainWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value < 0x800 else { return false }
        let properties = scalar.properties
        if properties.isGraphemeExtend || properties.generalCategory == .format { return false }
        switch properties.generalCategory {
        case .decimalNumber, .connectorPunctuation, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return properties.isAlphabetic
        }
    }

    /// What a line holds before a match that `node`, at the match's start, requires.
    private static func startCondition(_ node: RegexSyntax) -> CodePointPattern? {
        switch node {
        case .assertion(.lineStart), .assertion(.textStart):
            return .set(.lineStart)
        case .lookaround(let body, .behind):
            return oneCharacter(body).map(CodePointPattern.set)
        case .lookaround(let body, .notBehind):
            return complement(of: body).map { .alternation([.set(.lineStart), .set($0)]) }
        default:
            return nil
        }
    }

    /// What a line holds after a match that `node`, at the match's end, requires.
    private static func endCondition(_ node: RegexSyntax) -> CodePointPattern? {
        switch node {
        case .assertion(.lineEnd):
            return .alternation([.set(.lineEnd), .sequence([.set(.scalar(0x0A)), .set(.lineEnd)])])
        case .assertion(.textEndBeforeFinalTerminator):
            // ICU's `\v` is its set of line terminators.
            return .alternation([
                .set(.lineEnd), .sequence([.set(.icuClass("\\v")), .set(.lineEnd)]),
                .sequence([.set(.scalar(0x0D)), .set(.scalar(0x0A)), .set(.lineEnd)]),
            ])
        case .assertion(.textEnd):
            return .set(.lineEnd)
        case .lookaround(let body, .ahead):
            return oneCharacter(body).map(CodePointPattern.set)
        case .lookaround(let body, .notAhead):
            return complement(of: body).map { .alternation([.set($0), .set(.lineEnd)]) }
        default:
            return nil
        }
    }

    /// The set of `node` when it is one character or class.
    private static func oneCharacter(_ node: RegexSyntax) -> CodePointSet? {
        switch node {
        case .character(let scalar): return .scalar(scalar.value)
        case .characterClass(let text): return .icuClass(text)
        case .group(let body, .capturing), .group(let body, .nonCapturing), .group(let body, .atomic):
            return oneCharacter(body)
        default: return nil
        }
    }

    /// The escapes whose complement is another escape, both ways.
    private static let complementaryEscapes: [String: String] = [
        "\\w": "\\W", "\\W": "\\w", "\\s": "\\S", "\\S": "\\s", "\\d": "\\D", "\\D": "\\d",
        "\\h": "\\H", "\\H": "\\h", "\\v": "\\V", "\\V": "\\v",
        // The POSIX translator's word characters (glibc's `[_[:alnum:]]`), whose look-arounds
        // write GNU's `\b`, `\<` and `\>`: closed under case folding (a case variant of a
        // letter is a letter), so its complement is exact with `-i` too.
        POSIXPatternTranslator.wordSet: "[^\(POSIXPatternTranslator.wordContents)]",
    ]

    /// The class that matches exactly the characters that `node` does not, when `node` is one
    /// of ``complementaryEscapes`` (escapes, and the POSIX translator's word set).
    private static func complement(of node: RegexSyntax) -> CodePointSet? {
        switch node {
        case .characterClass(let text): return complementaryEscapes[text].map(CodePointSet.icuClass)
        case .group(let body, .capturing), .group(let body, .nonCapturing), .group(let body, .atomic):
            return complement(of: body)
        default: return nil
        }
    }
}
