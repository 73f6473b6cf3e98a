import CByteScan

/// A pattern that is a run of one class followed by a literal, `C+ L` or `C* L` (`\w+olmes`,
/// `[0-9]*px`): every match ends with `L`, and its matches in a line are found from the
/// literal's occurrences, as regex-automata's reverse suffix search
/// (`meta::strategy::ReverseSuffix`) finds them, without reading the line from its start.
///
/// The pattern is a sequence at its top level: a greedy or lazy repetition of `C`, with no
/// maximum and at most one as its minimum, then one or more characters, the literal `L`. `C`
/// is one character class other than `.` (which ICU lets take `\r\n` as one character where
/// `.` matches line ends) or one character, in any number of plain groups; the repetition may
/// stand in plain groups too. Case is not ignored, and the pattern is not read in ICU's
/// comments mode.
package struct SuffixLiteral: Sendable {
    /// The UTF-8 bytes of `L`.
    let bytes: [UInt8]

    /// The split of the ICU pattern `pattern` compiled with `options`; nil when it has none
    /// (see ``SuffixLiteral``).
    package init?(pattern: String, options: RegexPattern.Options) {
        guard !options.contains(.caseInsensitive), !options.contains(.allowCommentsAndWhitespace),
            let syntax = PatternReader.read(pattern), case .sequence(let items) = Self.unwrapped(syntax),
            items.count >= 2, Self.isRunOfOneClass(items[0])
        else { return nil }
        var bytes: [UInt8] = []
        for item in items.dropFirst() {
            guard case .character(let scalar) = item else { return nil }
            bytes.append(contentsOf: String(scalar).utf8)
        }
        self.bytes = bytes
    }

    /// `node` without the plain groups around it.
    private static func unwrapped(_ node: RegexSyntax) -> RegexSyntax {
        var node = node
        while case .group(let body, let kind) = node, kind == .nonCapturing || kind.isCapturing {
            node = body
        }
        return node
    }

    /// True when `node` is `C+` or `C*` (greedy or lazy) in plain groups, `C` one character
    /// or one class other than `.`.
    private static func isRunOfOneClass(_ node: RegexSyntax) -> Bool {
        guard case .repetition(let body, let minimum, nil, let greed) = unwrapped(node), minimum <= 1,
            greed != .possessive
        else { return false }
        switch unwrapped(body) {
        case .character: return true
        case .characterClass(let text): return text != "."
        default: return false
        }
    }
}

extension RegexSyntax.GroupKind {
    /// True for `(...)` and `(?<name>...)`.
    fileprivate var isCapturing: Bool {
        if case .capturing = self { return true }
        return false
    }
}

/// The search of one line's UTF-8 bytes for the first match of a ``SuffixLiteral`` pattern,
/// with the pattern's match automaton: the literal found, a match's start found backwards from
/// its end, then the match's end forwards from that start.
///
/// # Why the match found is ICU's
///
/// Every match ends where an occurrence of `L` ends. The search takes the occurrences at or
/// after `from` in order, and at each, at `i`, reads the pattern's reverse automaton backwards
/// from `i + |L|` down to `from` at most: that gives the earliest `s` at or after `from` from
/// which a match ends at `i + |L|`, or none. At the first occurrence where there is one, no
/// match starts before `s`: one that did, at `t` (`from <= t < s <= i`), would end at the
/// end `e` of some occurrence; not before `i + |L|` (the reverse reads at the occurrences
/// before found no match ending there), not at `i + |L|` (`s` is the earliest start of
/// those), and not after it either, for then its run of `C` would cover `t..<e - |L|`, which
/// holds `t..<i`, at least one character: `C`'s run `t..<i` followed by the `L` at `i` is a
/// match that ends at `i + |L|` and starts at `t`, before `s`. So `s` is where ICU's first
/// match from `from` starts (ICU tries the starts in order, and at the first from which the
/// pattern matches, it finds a match: the pattern has no atomic group or possessive count),
/// and the forward automaton anchored at `s` decides its end, as ICU does. When no
/// occurrence has a start, there is no match.
///
/// A reverse read that finds no start reads `L` and at most one character before it (`C+`
/// needs a character of `C` there, `C*` nothing): `|L| + 1` characters for an occurrence. One
/// that finds a start reads back to one character before it, over the match found, which the
/// search from the match's end never reads again. No read has to be bounded (regex-automata's
/// `min_start`): the work is linear in the line's length, times `|L| + 1`.
package final class ReverseSuffixSearch {
    /// The literal `L`, which owns its probe and bytes, and the three copied out of it, which
    /// the scans then read without reference counting.
    private let literal: ProbedLiteral
    private let probe: UnsafePointer<bytescan_probe>
    private let literalBytes: UnsafePointer<UInt8>
    private let count: Int
    /// The prefilter whose scanner is `L` itself, when it is: the occurrences its scan of the
    /// block found answer the searches for `L` in the block's lines
    /// (``CandidateLineFinder/occurrenceOfLiteral(in:from:)``), which then read no byte again.
    /// Kept here, and lent through `Unmanaged` for each search.
    private let scannedOccurrences: CandidateLineFinder?
    private let lentScannedOccurrences: Unmanaged<CandidateLineFinder>?

    /// The line that ``hasMatch(inUTF8:from:to:automaton:)`` last found a match in, its
    /// bounds and its first match's start, as addresses: the question about the same line's
    /// first match (``firstMatch(inUTF8:from:to:automaton:)`` from its start), which icugrep
    /// asks next for `-o` or color, then needs only the forward read from that start. Taken
    /// by that question, and forgotten at each block's end (``forgetLine()``), before the
    /// bytes at these addresses can change.
    private var decidedLine: (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, matchStart: UnsafePointer<UInt8>)?

    /// Forgets the line ``hasMatch(inUTF8:from:to:automaton:)`` found a match in: its bytes
    /// may change.
    package func forgetLine() {
        decidedLine = nil
    }

    /// Makes the search of `suffix`'s pattern, finding `L` with `prefilter`'s scanned
    /// occurrences when its scanner is `L`.
    init(_ suffix: SuffixLiteral, prefilter: CandidateLineFinder? = nil) {
        literal = ProbedLiteral(suffix.bytes)
        probe = UnsafePointer(literal.probe)
        literalBytes = UnsafePointer(literal.bytes)
        count = literal.count
        scannedOccurrences = prefilter.flatMap { $0.scansLiteral(suffix.bytes) ? $0 : nil }
        lentScannedOccurrences = scannedOccurrences.map { Unmanaged.passUnretained($0) }
    }

    /// True when `L` is found among the prefilter's scanned occurrences.
    var findsLiteralAmongScannedOccurrences: Bool { scannedOccurrences != nil }

    /// The first occurrence of `L` at or after `from` that ends by `end` in `bytes`, or `end`:
    /// from the prefilter's scanned occurrences when it has them, else by a scan of the bytes.
    @inline(__always)
    private func occurrence(in bytes: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int {
        if let lentScannedOccurrences,
            let found = lentScannedOccurrences._withUnsafeGuaranteedRef({
                $0.occurrenceOfLiteral(in: UnsafeRawBufferPointer(start: bytes, count: end), from: from)
            })
        {
            return found
        }
        return bytescan_find_literal(bytes, from, end, probe, literalBytes, count)
    }

    /// ICU's first match from `from` in the UTF-8 `bytes[..<end]`, a text of its own (`from` a
    /// character's first byte), as ``MatchAutomaton/firstMatch(inUTF8:from:to:anchored:)``
    /// finds it, with the pattern's match `automaton`.
    package func firstMatch(
        inUTF8 bytes: UnsafePointer<UInt8>, from: Int, to end: Int, automaton: MatchAutomaton
    ) -> MatchAutomaton.Outcome {
        if let line = decidedLine, line.start == bytes + from, line.end == bytes + end {
            decidedLine = nil
            let outcome = automaton.anchoredMatch(inUTF8: bytes, at: bytes.distance(to: line.matchStart), to: end).outcome
            return outcome == .noMatch ? .unknown : outcome
        }
        var lower = from
        while lower <= end - count {
            let occurrence = occurrence(in: bytes, from: lower, to: end)
            guard occurrence < end else { break }
            guard let start = automaton.leftmostStart(inUTF8: bytes, from: from, end: occurrence + count) else {
                lower = occurrence + 1
                continue
            }
            if start == MatchAutomaton.unknownEnd { return .unknown }
            // A match starts at `start`: an answer of none would be the automata's error.
            let outcome = automaton.anchoredMatch(inUTF8: bytes, at: start, to: end).outcome
            return outcome == .noMatch ? .unknown : outcome
        }
        return .noMatch
    }

    /// Whether the pattern matches somewhere in the UTF-8 `bytes[from..<end]`, a text of its
    /// own (`from` a character's first byte), with the pattern's match `automaton`; nil when
    /// the automaton cannot tell. Only the starts are sought: a match is one whose start the
    /// reverse automaton finds at an occurrence of the literal (see ``ReverseSuffixSearch``).
    package func hasMatch(inUTF8 bytes: UnsafePointer<UInt8>, from: Int, to end: Int, automaton: MatchAutomaton) -> Bool? {
        var lower = from
        while lower <= end - count {
            let occurrence = occurrence(in: bytes, from: lower, to: end)
            guard occurrence < end else { break }
            if let start = automaton.leftmostStart(inUTF8: bytes, from: from, end: occurrence + count) {
                guard start != MatchAutomaton.unknownEnd else { return nil }
                decidedLine = (bytes + from, bytes + end, bytes + start)
                return true
            }
            lower = occurrence + 1
        }
        return false
    }
}
