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
/// The same holds for two adjacent characters that no way through the pattern consumes one
/// right after the other (``followers``, ASCII alone): no attempt that starts before the second
/// reaches past it. In a lexer's alternation of tokens (rebar's `lexer-veryl`), where every
/// character is some token's, `\n` then `}` is such a pair: only the last tokens of the text
/// are left to ICU, not all of them.
///
/// A match that ends at the text's end sets `hitEnd` when every way through the pattern ends
/// with a greedy or possessive loop of one character without a maximum (`.*`, `\w+`, `[^,]*`,
/// followed by nothing but zero-width assertions): the way that matched ended with that loop
/// at the text's end, so the loop read there for one more character, found the end and set
/// `hitEnd` (``matchAtTheEndHitsIt``). With no end anchor, `requireEnd` stays clear, and the
/// flags are then settled for the rest of the loop (rebar's `cloud-flare-redos`: `.*.*=.*`).
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

    /// For each ASCII character, the ASCII characters that a way through the pattern (or one
    /// of its look-aheads) may consume right after it; nil when case is ignored (a literal may
    /// then consume several characters, `ß` as `ss`) or ``consumable`` is.
    let followers: ASCIIFollowers?

    /// True when a match that ends at the text's end set `hitEnd` on its way: every way
    /// through the pattern ends with a greedy or possessive loop of one character without a
    /// maximum, then only zero-width assertions (see the type's description).
    let matchAtTheEndHitsIt: Bool

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
        matchAtTheEndHitsIt = Self.endsWithUnboundedLoop(syntax)
        if hasLookBehind {
            consumable = nil
            followers = nil
        } else if let reading = CodePointPattern.reading(of: Self.consumingLookAheads(syntax)) {
            consumable = ConsumableCharacters(reading.pattern, options: options)
            followers =
                consumable == nil || options.contains(.caseInsensitive)
                ? nil : ASCIIFollowers(reading.pattern, options: options)
        } else {
            consumable = nil
            followers = nil
        }
    }

    /// True when every way through `node` ends with a greedy or possessive loop of one
    /// character (a literal or a class) without a maximum, then only zero-width assertions:
    /// `.*`, `(\w+)$`, `a.*|[^ ]+\b`. Whatever that loop consumed, a way that ends at the text's
    /// end ends the loop there, after it tried to read one more character at the end.
    private static func endsWithUnboundedLoop(_ node: RegexSyntax) -> Bool {
        switch node {
        case .repetition(let body, _, nil, .greedy), .repetition(let body, _, nil, .possessive):
            return isOneCharacter(body)
        case .group(let body, .capturing), .group(let body, .nonCapturing), .group(let body, .atomic):
            return endsWithUnboundedLoop(body)
        case .alternation(let branches):
            return !branches.isEmpty && branches.allSatisfy(endsWithUnboundedLoop)
        case .sequence(let items):
            // The zero-width items after the loop leave its end where it was.
            guard let last = items.lastIndex(where: { !isZeroWidth($0) }) else { return false }
            return endsWithUnboundedLoop(items[last])
        default:
            return false
        }
    }

    /// True for a literal character or a class, alone or in groups.
    private static func isOneCharacter(_ node: RegexSyntax) -> Bool {
        switch node {
        case .character, .characterClass: return true
        case .group(let body, .capturing), .group(let body, .nonCapturing), .group(let body, .atomic):
            return isOneCharacter(body)
        default: return false
        }
    }

    /// True for an assertion or a look-around, which consume nothing.
    private static func isZeroWidth(_ node: RegexSyntax) -> Bool {
        switch node {
        case .assertion, .lookaround: return true
        default: return false
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

    /// The last start in `text` (`count` units) from which no attempt can set a flag: the
    /// start of the last code point that the pattern cannot consume, or the position before
    /// the last ASCII character that none of its ways consumes right after the one before it
    /// (see ``followers``), whichever comes later, either more than ``endMargin`` units before
    /// the end; -1 when there is none (or the pattern's characters are not known). A match
    /// that starts there or before leaves both flags as they were (see the type's
    /// description). A lone surrogate is a code point of its own, as ICU reads it.
    func lastStartThatCannotReachTheEnd(in text: UnsafePointer<UInt16>, count: Int) -> Int {
        guard let consumable else { return -1 }
        var index = count - endMargin - 1
        while index >= 0 {
            var start = index
            let unit = text[index]
            var value = UInt32(unit)
            if UTF16.isTrailSurrogate(unit) && index > 0 && UTF16.isLeadSurrogate(text[index - 1]) {
                start = index - 1
                value = UTF16.scalarValue(lead: text[start], trail: unit)
            }
            if !consumable.contains(value) { return start }
            if let followers, unit < 128, index > 0, text[index - 1] < 128,
                !followers.mayFollow(text[index - 1], with: unit)
            {
                return index - 1
            }
            index = start - 1
        }
        return -1
    }
}

/// For each ASCII character, the ASCII characters that a ``CodePointPattern`` may consume
/// right after it on one way through it: the pairs of Glushkov's follow relation, by
/// character rather than by position, so that a pattern of any size (rebar's `lexer-veryl`,
/// too many positions for an automaton) takes 2 KB. ASCII members of classes are ICU's;
/// characters above ASCII are not recorded, and a pair with one is taken to follow.
///
/// Every way ICU's matcher takes reads the text in the order of the pattern's consuming
/// operations, a character at a time (a string's characters one by one, a loop over a set
/// its run), so that two characters it reads one after the other on a way are such a pair;
/// assertions consume nothing, and each look-ahead reads as an optional group (see
/// ``EndFlagFacts``), whose pairs include those of its own reading from where it stands.
struct ASCIIFollowers: Sendable {
    /// Bit `b % 64` of word `2 * a + b / 64` is set when `b` may follow `a`.
    private var words: [UInt64]

    /// What one subpattern's ways start and end with, and whether one consumes nothing.
    private struct Facts {
        var nullable: Bool
        var first: (UInt64, UInt64)
        var last: (UInt64, UInt64)
    }

    /// The followers of `pattern`'s characters, compiled with `options` (case not ignored);
    /// nil when ICU rejects one of its classes.
    init?(_ pattern: CodePointPattern, options: RegexPattern.Options) {
        words = Array(repeating: 0, count: 256)
        var members: [CodePointSet: (UInt64, UInt64)] = [:]
        for set in pattern.sets {
            switch set {
            case .scalar(let value):
                members[set] = value < 64 ? (1 << UInt64(value), 0) : value < 128 ? (0, 1 << UInt64(value - 64)) : (0, 0)
            case .icuClass(let text):
                guard let isMember = ClassMembership.members(ofClass: text, options: options, below: 128) else { return nil }
                var mask: (UInt64, UInt64) = (0, 0)
                for value in 0..<128 where isMember[value] {
                    if value < 64 { mask.0 |= 1 << UInt64(value) } else { mask.1 |= 1 << UInt64(value - 64) }
                }
                members[set] = mask
            }
        }
        _ = facts(of: pattern, members: members)
    }

    /// True when a way through the pattern may consume ASCII `second` right after ASCII `first`.
    @inline(__always)
    func mayFollow(_ first: UInt16, with second: UInt16) -> Bool {
        words[2 &* Int(first) &+ Int(second >> 6)] & (1 << UInt64(second & 63)) != 0
    }

    /// Records that every character of `following` may follow every character of `preceding`.
    private mutating func link(_ preceding: (UInt64, UInt64), to following: (UInt64, UInt64)) {
        guard following != (0, 0) else { return }
        for value in 0..<128 {
            let isMember = value < 64 ? preceding.0 & (1 << UInt64(value)) != 0 : preceding.1 & (1 << UInt64(value - 64)) != 0
            if isMember {
                words[2 * value] |= following.0
                words[2 * value + 1] |= following.1
            }
        }
    }

    /// The facts of `pattern`, after linking its pairs (Glushkov's construction).
    private mutating func facts(of pattern: CodePointPattern, members: [CodePointSet: (UInt64, UInt64)]) -> Facts {
        switch pattern {
        case .set(let set):
            let mask = members[set] ?? (0, 0)
            return Facts(nullable: false, first: mask, last: mask)
        case .empty:
            return Facts(nullable: true, first: (0, 0), last: (0, 0))
        case .sequence(let pieces):
            var result = Facts(nullable: true, first: (0, 0), last: (0, 0))
            for piece in pieces {
                let next = facts(of: piece, members: members)
                link(result.last, to: next.first)
                result = Facts(
                    nullable: result.nullable && next.nullable,
                    first: result.nullable ? (result.first.0 | next.first.0, result.first.1 | next.first.1) : result.first,
                    last: next.nullable ? (result.last.0 | next.last.0, result.last.1 | next.last.1) : next.last)
            }
            return result
        case .alternation(let branches):
            var result = Facts(nullable: false, first: (0, 0), last: (0, 0))
            for branch in branches {
                let next = facts(of: branch, members: members)
                result = Facts(
                    nullable: result.nullable || next.nullable,
                    first: (result.first.0 | next.first.0, result.first.1 | next.first.1),
                    last: (result.last.0 | next.last.0, result.last.1 | next.last.1))
            }
            return result
        case .repetition(let piece, let minimum, let maximum):
            if maximum == 0 { return Facts(nullable: true, first: (0, 0), last: (0, 0)) }
            var result = facts(of: piece, members: members)
            if maximum.map({ $0 > 1 }) ?? true { link(result.last, to: result.first) }
            if minimum == 0 { result.nullable = true }
            return result
        }
    }
}
