import Glibc

/// A pattern split at a character that every match holds, with no literal near the match's
/// start to search for (`\w+\n\w+`): the character, found in the bytes, then a match's start
/// found backwards from it, as regex-automata's reverse inner-literal search
/// (`meta::strategy::ReverseInner`) does.
///
/// The pattern is a sequence `P c S` at its top level, `c` one ASCII character, and the
/// prefix `P` has a match automaton of its own, no assertion, look-around, atomic group or
/// possessive count (its matches are then the texts it matches as a part of the whole), no
/// `.` (which ICU lets take `\r\n` as one character where `.` matches line ends), and cannot
/// consume `c`. Case is not ignored.
package struct InnerLiteral: Sendable {
    /// The character `c`, which is its one UTF-8 byte.
    let byte: UInt8
    /// The plan of the prefix's automaton, whose reverse search finds a match's start.
    let prefixPlan: MatchAutomatonPlan

    /// The split of the pattern read as `syntax`, compiled with `options`; nil when it has
    /// none (see ``InnerLiteral``). The first character of the top-level sequence that fits is
    /// taken.
    init?(syntax: RegexSyntax, options: RegexPattern.Options) {
        guard !options.contains(.caseInsensitive), !options.contains(.dotMatchesLineSeparators),
            case .sequence(let items) = syntax
        else { return nil }
        for (index, item) in items.enumerated() {
            guard index > 0, case .character(let scalar) = item, scalar.value < 0x80 else {
                // The items before the character are the prefix.
                if Self.isPlain(item) { continue } else { break }
            }
            let prefix = RegexSyntax.sequence(Array(items[..<index]))
            guard let read = CodePointPattern.reading(of: prefix), read.isExact,
                let consumable = ConsumableCharacters(read.pattern, options: options),
                !consumable.contains(scalar.value),
                let plan = MatchAutomatonPlan(syntax: prefix, options: options),
                !plan.automaton.hasWordAssertions
            else { continue }
            byte = UInt8(scalar.value)
            prefixPlan = plan
            return
        }
        return nil
    }

    /// True when `node` matches the texts it matches as a part of any pattern: no
    /// assertion, look-around, atomic group, possessive count, flags or opaque construct, and
    /// no `.`.
    private static func isPlain(_ node: RegexSyntax) -> Bool {
        switch node {
        case .character:
            return true
        case .characterClass(let text):
            return text != "."
        case .sequence(let items), .alternation(let items):
            return items.allSatisfy(isPlain)
        case .group(let body, .capturing(_)), .group(let body, .nonCapturing):
            return isPlain(body)
        case .repetition(let body, _, _, let greed):
            return greed != .possessive && isPlain(body)
        case .group, .assertion, .lookaround, .opaque:
            return false
        }
    }
}

/// The search of one thread for the first match of a pattern with an ``InnerLiteral``, in
/// UTF-8 bytes, with the pattern's match automaton.
///
/// # Why the start found is ICU's
///
/// The search looks for the first occurrence `i` of `c` at or after `lower` (at first, where
/// the search starts), with no match starting in `from..<lower`. Every match is `P c S`: its
/// `c` is at some `p`, after its prefix's text `start..<p`, which holds no `c` (`P` cannot
/// consume it). A match that starts in `lower...i` has `p == i`: `p` is not before `i` (no `c`
/// in `lower..<i`), and not after it (the prefix's text would hold the `c` at `i`). So the
/// matches that start in `lower...i` are those whose prefix matches `start..<i` and after
/// which `c S` matches at `i`; whether `c S` matches at `i` does not depend on the start (the
/// pattern has no back-reference, and `P` has no assertion that looks across its end). The
/// prefix's reverse automaton, read backwards from `i`, gives the earliest `start` from
/// `lower` on whose text the prefix matches (it stops at the `c` before `i`, at the latest
/// at `lower`: each text is read backwards once). The match automaton, anchored at that start, then
/// decides ICU's match there (leftmost-first, from the start ICU tries first: ICU tries the
/// starts in order, and none before it matches). When it finds none, `c S` does not match at
/// `i`, no match starts in `lower...i`, and the search goes on from `i + 1`. When no prefix
/// ends at `i`, the same. The reverse searches need no guard against quadratic work
/// (regex-automata's `min_start`): no text is read backwards twice. The forward tries keep
/// regex-automata's other guard (`min_pre_start`): when the next occurrence lies before
/// where the last failed try stopped reading, the search ends ``Found/unknown(before:resumable:)``
/// and the caller searches on to there with the match automaton's unanchored search.
package final class InnerLiteralSearch {
    private let byte: UInt8
    private let prefixAutomaton: MatchAutomaton

    /// Makes the search of `literal`'s pattern, with empty tables.
    package init(_ literal: InnerLiteral) {
        byte = literal.byte
        prefixAutomaton = MatchAutomaton(literal.prefixPlan)
    }

    /// What ``firstMatch(inUTF8:from:to:isFinal:automaton:)`` found.
    package enum Found: Equatable {
        /// ICU's first match, and whether the match automaton read to the end (then, unless
        /// the text is final, more text could make it longer).
        case match(Range<Int>, readToEnd: Bool)
        /// No match starts in `from..<before`, and no `c` lies in `before..<end`: a match
        /// that starts there holds a `c` after `end`.
        case noneBefore(Int)
        /// No match starts in `from..<before`; what follows needs text after `end` (a try that
        /// found a match read to the end of a text that is not final).
        case needsMore(before: Int)
        /// No match starts in `from..<before`; the automata cannot tell what follows, and the
        /// search should not be asked again before `resumable` (another searches to there).
        case unknown(before: Int, resumable: Int)
    }

    /// ICU's first match from `from` in the UTF-8 `bytes[..<end]` (offsets in `bytes`, `from`
    /// a character's first byte), with the pattern's match `automaton`; `isFinal` when the
    /// text ends at `end`.
    package func firstMatch(
        inUTF8 bytes: UnsafePointer<UInt8>, from: Int, to end: Int, isFinal: Bool, automaton: MatchAutomaton
    ) -> Found {
        var lower = from
        // Where the last try of the match automaton stopped reading.
        var tried = from
        while lower < end {
            guard let found = memchr(bytes + lower, Int32(byte), end - lower) else { break }
            let occurrence = bytes.distance(to: found.assumingMemoryBound(to: UInt8.self))
            // A try from before the occurrence read past it (`S` is long): trying again from
            // each occurrence it read could read the same text again and again. The
            // automaton's unanchored search, which reads each character once, goes on.
            if occurrence < tried { return .unknown(before: lower, resumable: tried) }
            if let start = prefixAutomaton.leftmostStart(inUTF8: bytes, from: lower, end: occurrence) {
                if start == MatchAutomaton.unknownEnd { return .unknown(before: lower, resumable: occurrence + 1) }
                let decided = automaton.anchoredMatch(inUTF8: bytes, at: start, to: end)
                if decided.readToEnd && !isFinal {
                    // More text could make the match longer, or make one. A try without a match
                    // so far goes to the unanchored search, which tells a match that might
                    // start in the text from one that would start after it (and gives up on
                    // matches longer than the caller's overlap as it does elsewhere).
                    if case .match = decided.outcome { return .needsMore(before: lower) }
                    return .unknown(before: lower, resumable: end)
                }
                switch decided.outcome {
                case .match(let match): return .match(match, readToEnd: decided.readToEnd)
                case .noMatch: tried = automaton.forwardStop
                case .unknown: return .unknown(before: lower, resumable: max(occurrence + 1, automaton.undecidedOffset))
                }
            }
            lower = occurrence + 1
        }
        return .noneBefore(lower)
    }
}
