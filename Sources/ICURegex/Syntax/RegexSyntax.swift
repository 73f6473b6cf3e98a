/// The syntax tree of an ICU regular expression, as ``PatternReader`` reads it: the one
/// reading of a pattern that every analysis of the engine starts from (its literals, the
/// characters it can consume, its automaton).
///
/// The tree follows ICU's grammar, not a simplification of it: a quantifier after `\Q...\E`
/// repeats the quotation's last character, `\x41BC` is three characters, a lazy quantifier is
/// marked lazy. What the reader does not model exactly is an ``Opaque`` node, which each
/// analysis treats with the weakest claim it can make (for the literals: "unknown"); a pattern
/// whose reading would be uncertain has no tree at all.
package indirect enum RegexSyntax: Equatable, Sendable {
    /// One literal code point (a character of the pattern, an escape such as `\t` or
    /// `\x{1F600}`, or a character of a `\Q...\E` quotation).
    case character(Unicode.Scalar)
    /// A class that matches one character, as ICU pattern text that ICU itself can be asked
    /// about: a bracket expression `[...]`, an escape such as `\w`, `\p{Greek}` or
    /// `\N{DIGIT ONE}`, or `.`.
    case characterClass(String)
    /// The pieces one after another. The empty sequence matches the empty string.
    case sequence([RegexSyntax])
    /// Any one of the branches, tried in order.
    case alternation([RegexSyntax])
    /// A group around its contents.
    case group(RegexSyntax, GroupKind)
    /// A piece repeated at least `minimum` and at most `maximum` times (nil: no maximum).
    case repetition(RegexSyntax, minimum: Int, maximum: Int?, Greed)
    /// A zero-width assertion about the position: an anchor or a word boundary.
    case assertion(Assertion)
    /// A zero-width assertion about the text before or after the position.
    case lookaround(RegexSyntax, Lookaround)
    /// A construct that consumes text the analyses do not model.
    case opaque(Opaque)

    /// What kind of group a ``group(_:_:)`` is.
    package enum GroupKind: Equatable, Sendable {
        /// `(...)` or `(?<name>...)`: its match is captured.
        case capturing(name: String?)
        /// `(?:...)`.
        case nonCapturing
        /// `(?>...)`: once its contents match, the group never tries their other ways.
        case atomic
        /// `(?ims-w:...)`, or the whole group in which `(?ims-w)` stands: its contents are
        /// matched with these flags turned on or off (`i` case, `m` multi-line anchors, `s` dot-all,
        /// `w` Unicode word boundaries), which the analyses do not follow: they read the group
        /// as text they know nothing of.
        case flagged(String)
    }

    /// How a ``repetition(_:minimum:maximum:_:)`` chooses its count.
    package enum Greed: Equatable, Sendable {
        /// As many as it can, then fewer (`*`).
        case greedy
        /// As few as it can, then more (`*?`): the same texts as greedy.
        case lazy
        /// As many as it can, never fewer (`*+`): fewer texts than greedy.
        case possessive
    }

    /// A zero-width anchor or boundary.
    package enum Assertion: Equatable, Sendable {
        /// `^`: the start of the text (of a line, with multi-line anchors).
        case lineStart
        /// `$`: the end of the text, or before a final line terminator (before any line
        /// terminator with multi-line anchors).
        case lineEnd
        /// `\A`: the start of the text.
        case textStart
        /// `\z`: the end of the text.
        case textEnd
        /// `\Z`: the end of the text, or before a final line terminator.
        case textEndBeforeFinalTerminator
        /// `\b`.
        case wordBoundary
        /// `\B`.
        case notWordBoundary
        /// `\G`: where the previous match ended.
        case previousMatchEnd
    }

    /// Which way a ``lookaround(_:_:)`` looks, and whether its contents must match.
    package enum Lookaround: Equatable, Sendable {
        /// `(?=...)`.
        case ahead
        /// `(?!...)`.
        case notAhead
        /// `(?<=...)`.
        case behind
        /// `(?<!...)`.
        case notBehind
    }

    /// A construct whose text the analyses do not model, by what is known of its length.
    package enum Opaque: Equatable, Sendable {
        /// `\R`: a line break, one character or CR LF.
        case lineBreak
        /// `\X`: one extended grapheme cluster, one or more characters.
        case graphemeCluster
        /// A back reference (`\1`, `\k<name>`) or an octal escape (`\0101`): text of any
        /// length, read with all the digits that follow.
        case reference(Reference)
    }

    /// What a ``Opaque/reference(_:)`` refers to, as far as the reader can tell without
    /// knowing how many groups ICU has seen when it reads the digits.
    package enum Reference: Equatable, Sendable {
        /// `\1` to `\9` followed by no other digit: the group of that number.
        case group(Int)
        /// `\k<name>`: the group of that name.
        case named(String)
        /// Several digits, or `\0`: a back reference or an octal escape, as ICU reads the
        /// digits with the groups it has seen so far.
        case digits
    }
}

extension RegexSyntax {
    /// True when the tree holds a back reference (or an octal escape, which reads like one):
    /// joining such a pattern with others into one alternation would renumber its groups.
    package var containsReference: Bool {
        contains(where: { node in
            if case .opaque(.reference) = node { return true }
            return false
        })
    }

    /// True when the tree holds a `.` that, compiled with `options`, matches CR LF as one
    /// character: with `.dotMatchesLineSeparators` (ICU's `URX_DOTANY_ALL`), `.` takes a CR and
    /// the LF after it together and never the CR alone, so that `(?s).` finds `0..<2` in
    /// "\r\n" and `(?s).\n` nothing. No class of single code points reads so (issue 26).
    package func holdsDotTakingCRLF(options: RegexPattern.Options) -> Bool {
        guard options.contains(.dotMatchesLineSeparators) else { return false }
        return contains(where: { node in
            if case .characterClass(".") = node { return true }
            return false
        })
    }

    /// True when `predicate` holds for this node or any node below it.
    package func contains(where predicate: (RegexSyntax) -> Bool) -> Bool {
        if predicate(self) { return true }
        switch self {
        case .character, .characterClass, .assertion, .opaque:
            return false
        case .sequence(let items), .alternation(let items):
            return items.contains { $0.contains(where: predicate) }
        case .group(let body, _), .repetition(let body, _, _, _), .lookaround(let body, _):
            return body.contains(where: predicate)
        }
    }

    /// The items of the sequence this node is, through groups that change nothing but
    /// capturing: a sequence's items are in series with what surrounds it. A node that is no
    /// sequence is its own one item.
    var seriesItems: [RegexSyntax] {
        switch self {
        case .group(let body, .capturing), .group(let body, .nonCapturing):
            return body.seriesItems
        case .sequence(let items):
            return items.count == 1 ? items[0].seriesItems : items
        default:
            return [self]
        }
    }

    /// True when the node matches only the empty string, at some positions: an assertion,
    /// a lookaround, or a group, sequence or repetition of such nodes.
    package var isZeroWidth: Bool {
        switch self {
        case .assertion, .lookaround:
            return true
        case .character, .characterClass, .opaque, .alternation:
            return false
        case .sequence(let items):
            return !items.isEmpty && items.allSatisfy({ $0.isZeroWidth })
        case .group(let body, _), .repetition(let body, _, _, _):
            return body.isZeroWidth
        }
    }
}
