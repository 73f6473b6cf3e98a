/// What a pattern's syntax tells of ICU's end flags, `hitEnd` and `requireEnd`, so that a
/// ``MatchWalk`` that finds its matches without ICU can report them, for each match and for
/// the search that finds no more, exactly as ICU's `findNext` loop would, without running it.
///
/// ## ICU's flags (`rematch.cpp`, `RegexMatcher::findUsingChunk` and `MatchChunkAt`)
///
/// Both flags are cleared only when the matcher is reset (`uregex_setText`, `uregex_find`
/// with a start, a region): the `findNext` loop never clears them, so after each match they
/// tell whether *any* search of the loop so far set them. A search sets them as follows.
/// - `hitEnd`: an operation that reads a character (a literal, a class, `.`, a string, a
///   back reference, `\X`, the loops of `[set]*` and `.*`) finds the input index at the
///   active limit, the text's end; the dot-all `.*` loop jumps to the end and sets it
///   outright; `\b` and `\B` set it at the text's end; `$` and `\Z`, `\z` set it when they
///   succeed at the end (or, for `$` and `\Z` without multi-line anchors, before a final
///   line terminator or CR LF, two units before the end at most). The find loop sets it when
///   a search fails (whatever the start-set or literal-prefix scan saw), except for a
///   pattern that ICU anchors at the text's start (`START_START`: `^` without multi-line
///   anchors, or `\A`, first), whose searches after the start fail without it.
/// - `requireEnd`: only `$`, `\Z` and `\z`, when they succeed at (or, as above, near) the end.
/// - Inside a look-behind, the active limit is the look-behind's own position: a look-behind
///   that reads up to its position sets `hitEnd` anywhere in the text (`(?<=a{1,3})b` sets it
///   on its first match, wherever that is).
///
/// ## When the flags are known without ICU
///
/// Outside look-behind, every position an attempt at `p` reads is reached by consuming the
/// text from `p` on, one character at a time, each of them one that the pattern (or one of
/// its look-aheads) can consume: ``consumable``. So if a character that none of them can
/// consume lies at `q ≥ p`, no attempt at `p` reaches past `q`. An attempt sets a flag only at
/// the text's end or, for `$` and `\Z`, up to two units before it (``endMargin``); a search
/// whose attempts all start at or before such a character, at least ``endMargin`` units
/// before the end, sets no flag, and a search that *finds a match* does not set one through
/// its loop either. The attempts of the search that finds a match start at or before the
/// match's start. So: a match that starts at or before the last character the pattern cannot
/// consume (before the last ``endMargin`` units) has both flags as the search before it
/// left them — the same facts whatever found the match (the search plan, an automaton, a
/// capture backtracker), since they follow from the match and the text alone.
///
/// A pattern without `$`, `\Z`, `\z` never sets `requireEnd` (``hasEndAnchor``); the search
/// that fails sets `hitEnd`, and sets `requireEnd` only through such an anchor, unless ICU may
/// anchor the pattern at the text's start (``mayBeAnchoredAtTextStart``). Everything else,
/// and every pattern this reading does not understand (look-behind, back references, `\X`,
/// `\R`, `\G`, flags inside the pattern, comments), is ICU's to answer.
struct EndFlagFacts: Sendable {
    /// The characters that the pattern, or one of its look-aheads, can consume; nil when the
    /// pattern holds something whose reach this reading cannot bound (look-behind, a back
    /// reference, `\X`, `\R`), so that ICU must be asked about every match.
    let consumable: ConsumableCharacters?

    /// True when the pattern holds `$`, `\Z` or `\z`, the only operations that set
    /// `requireEnd`, and that set `hitEnd` up to two units before the end.
    let hasEndAnchor: Bool

    /// True when the pattern holds `^` or `\A`, which ICU may make its start condition
    /// (`START_START`): a failing search then need not set `hitEnd`.
    let mayBeAnchoredAtTextStart: Bool

    /// The units before the text's end within which an attempt may set a flag without reading
    /// the end: 2 with an end anchor (`$` before a final CR LF), else 0.
    var endMargin: Int { hasEndAnchor ? 2 : 0 }

    /// The options whose effect the reading allows for: they change what classes, anchors
    /// and `\b` match, which ICU is asked about or which the margins cover, never the
    /// pattern's syntax.
    static let understoodOptions: RegexPattern.Options = SearchPlan.understoodOptions.union(.caseInsensitive)

    /// The facts of `syntax`, the reading of a pattern compiled with `options`; nil when the
    /// options change how the pattern reads (comments, literal text) or the pattern holds
    /// `\G` or flags of its own, whose flags are ICU's to report.
    init?(_ syntax: RegexSyntax, options: RegexPattern.Options) {
        guard options.isSubset(of: Self.understoodOptions) else { return nil }
        var hasEndAnchor = false
        var mayBeAnchoredAtTextStart = false
        var readable = true
        var hasLookBehind = false
        _ = syntax.contains { node in
            switch node {
            case .assertion(.lineEnd), .assertion(.textEnd), .assertion(.textEndBeforeFinalTerminator):
                hasEndAnchor = true
            case .assertion(.lineStart), .assertion(.textStart):
                mayBeAnchoredAtTextStart = true
            case .assertion(.previousMatchEnd), .group(_, .flagged):
                readable = false
            case .lookaround(_, .behind), .lookaround(_, .notBehind):
                hasLookBehind = true
            default:
                break
            }
            return false
        }
        guard readable else { return nil }
        self.hasEndAnchor = hasEndAnchor
        self.mayBeAnchoredAtTextStart = mayBeAnchoredAtTextStart
        if hasLookBehind {
            consumable = nil
        } else if let reading = CodePointPattern.reading(of: Self.consumingLookAheads(syntax)) {
            consumable = ConsumableCharacters(reading.pattern, options: options)
        } else {
            consumable = nil
        }
    }

    /// `node` with each look-ahead read as an optional group of its contents, whose
    /// characters the code-point reading then counts among the pattern's (a look-ahead reads
    /// them after the position it stands at, as the pattern after it would).
    private static func consumingLookAheads(_ node: RegexSyntax) -> RegexSyntax {
        switch node {
        case .character, .characterClass, .assertion, .opaque:
            return node
        case .sequence(let items):
            return .sequence(items.map(consumingLookAheads))
        case .alternation(let branches):
            return .alternation(branches.map(consumingLookAheads))
        case .group(let body, let kind):
            return .group(consumingLookAheads(body), kind)
        case .repetition(let body, let minimum, let maximum, let greed):
            return .repetition(consumingLookAheads(body), minimum: minimum, maximum: maximum, greed)
        case .lookaround(let body, .ahead), .lookaround(let body, .notAhead):
            return .repetition(.group(consumingLookAheads(body), .nonCapturing), minimum: 0, maximum: 1, .greedy)
        case .lookaround:
            return node
        }
    }

    /// The start of the last code point of `text` (`count` units) that the pattern cannot
    /// consume and that starts more than ``endMargin`` units before the end; -1 when there is
    /// none (or the pattern's characters are not known). A match that starts at or before it
    /// leaves both flags as they were (see the type's description). A lone surrogate is a code
    /// point of its own, as ICU reads it.
    func lastUnconsumableCharacter(in text: UnsafePointer<UInt16>, count: Int) -> Int {
        guard let consumable else { return -1 }
        var index = count - endMargin - 1
        while index >= 0 {
            var start = index
            var value = UInt32(text[index])
            if UTF16.isTrailSurrogate(text[index]) && index > 0 && UTF16.isLeadSurrogate(text[index - 1]) {
                start = index - 1
                value = UTF16.scalarValue(lead: text[start], trail: text[index])
            }
            if !consumable.contains(value) { return start }
            index = start - 1
        }
        return -1
    }
}

