/// The text of one line as the line searcher matches it, without its terminator.
package enum LineText {
    /// The line decoded to UTF-16 (the usual form: ICU matches UTF-16 fastest). Offsets are
    /// UTF-16 code units.
    case utf16(UnsafeBufferPointer<UInt16>)
    /// The line's UTF-8 bytes as read, for lines too long to decode economically. Offsets are
    /// bytes; ill-formed sequences read as U+FFFD.
    case utf8(UnsafeRawBufferPointer)

    /// The length of the text in its own units.
    package var count: Int {
        switch self {
        case .utf16(let units): return units.count
        case .utf8(let bytes): return bytes.count
        }
    }
}

/// Answers, for one line, whether and where the patterns match, and, in a block of lines,
/// which line may be the next to match, in the ways of the patterns' ``LineStrategy``, which
/// decides them all. Not thread-safe: each thread makes its own from the shared
/// ``LinePatterns``; it holds the thread's ``LineStrategy/Session``.
package final class LineSearcher {
    /// The thread's session of the patterns' strategy. (One thread uses a searcher: no
    /// run-time exclusivity check, which cost a call per question.)
    @exclusivity(unchecked) private var session: LineStrategy.Session

    /// Makes the ICU matchers and the prefilter for `patterns`.
    package init(_ patterns: LinePatterns) throws(ICURegexError) {
        session = try LineStrategy.Session(patterns)
    }

    /// The first match in `text` that starts at or after `from`, in the text's units; with
    /// several separately compiled patterns, the leftmost of their first matches (the earlier
    /// pattern when two start together, as in an alternation).
    /// - Throws: ``ICURegexError/timeLimitExceeded`` or ``ICURegexError/stackLimitExceeded``
    ///   when ICU stops the search.
    package func firstMatch(in text: LineText, from: Int) throws(ICURegexError) -> Range<Int>? {
        try session.firstMatch(in: text, from: from)
    }

    /// The match to report (print with `-o`, color) that starts at or after `from`: the first
    /// match, or, when the patterns follow POSIX's leftmost-longest rule
    /// (``LinePatterns/prefersLongestMatches``), of the matches of any pattern that start
    /// where it starts, the longest.
    /// - Throws: ``ICURegexError/timeLimitExceeded`` or ``ICURegexError/stackLimitExceeded``.
    package func reportedMatch(in text: LineText, from: Int) throws(ICURegexError) -> Range<Int>? {
        try session.reportedMatch(in: text, from: from)
    }

    /// True when the matches to report may be found in a line's UTF-8 bytes without ICU
    /// (``reportedMatchWithoutICU(inUTF8:from:)``): the automaton finds leftmost-first matches,
    /// and from their starts, where the pattern's matches are extended, the longest.
    package var findsReportedMatchesWithoutICU: Bool { session.findsReportedMatchesWithoutICU }

    /// True when no match reported can hold an encoding error: each is the one pattern's
    /// literal, which is well-formed UTF-8. (GNU grep's `-o` holds back a match with one; such
    /// patterns' matches need no check.)
    package var reportedMatchesAreWellFormed: Bool { session.reportedMatchesAreWellFormed }

    /// The match to report that starts at or after `from` in the UTF-8 line `bytes`, as
    /// ``reportedMatch(in:from:)`` finds it, without ICU (see
    /// ``LineStrategy/Session/reportedMatchWithoutICU(inUTF8:from:)`` for the ways);
    /// ``MatchAutomaton/Outcome/unknown`` when it cannot tell.
    package func reportedMatchWithoutICU(inUTF8 bytes: UnsafeRawBufferPointer, from: Int) -> MatchAutomaton.Outcome {
        session.reportedMatchWithoutICU(inUTF8: bytes, from: from)
    }

    /// Finds the one pattern's matches in a line from the occurrences of the literal that ends
    /// them, when the strategy has that way (``LineStrategy/suffixLiteral``).
    var reverseSuffixSearch: ReverseSuffixSearch? { session.reverseSuffixSearch }

    /// True when the patterns' matches can be found in a line's UTF-8 bytes without ICU (see
    /// ``firstMatchWithoutICU(inUTF8:from:)``).
    package var hasMatchAutomaton: Bool { session.hasMatchAutomaton }

    /// The first match in the UTF-8 line `bytes` that starts at or after `from`, in byte
    /// offsets, as the pattern's strategy finds it without ICU: what ``firstMatch(in:from:)``
    /// finds, or ``MatchAutomaton/Outcome/unknown`` when it cannot tell (ill-formed UTF-8,
    /// characters its classes do not know) or there is no match automaton.
    package func firstMatchWithoutICU(inUTF8 bytes: UnsafeRawBufferPointer, from: Int) -> MatchAutomaton.Outcome {
        session.firstMatchWithoutICU(inUTF8: bytes, from: from)
    }

    /// True when a prefilter can tell lines that cannot match from the raw bytes, so that
    /// the searcher should ask ``nextCandidateLine(in:from:terminator:nulEndsLines:)``.
    package var hasPrefilter: Bool { session.hasPrefilter }

    /// Tells the prefilter that the next question is about a new block (or the same memory
    /// holding other bytes). With both literals and an automaton, the block just searched is
    /// measured and the next one's way of finding candidates chosen (see
    /// ``CandidateStrategyChooser``); so call it as soon as a block's search ends, as well as
    /// before the next block's: a second call without questions in between changes nothing.
    /// `excludingNanoseconds` is time of the block, by ``MonotonicClock``, that was not the
    /// search's. (icugrep passes none: a sink's writes are not the engine's concern, and a
    /// strategy is measured on the lower of two blocks, so one slow write does not turn it.)
    package func forgetBlock(excludingNanoseconds excluded: UInt64 = 0) {
        session.forgetBlock(excludingNanoseconds: excluded)
    }

    /// The measured choice of how candidates are found, when the strategy's way is
    /// ``LineStrategy/CandidateWay/measured``.
    var strategyChooser: CandidateStrategyChooser { session.strategyChooser }

    /// True when ``scanBlockFindingNUL(_:from:)`` scans: the literal prefilter is one literal
    /// found byte for byte, or Teddy's literals when they find every block's candidates.
    package var scansBlocksFindingNUL: Bool { session.scansBlocksFindingNUL }

    /// Scans `block` from `offset` (the start of a line) for the literal prefilter's literal
    /// (or Teddy's candidates) and for the first NUL byte in one pass, ahead of the questions
    /// about its lines, and returns the NUL's offset, or `block.count` when there is none;
    /// nil, having done nothing, unless ``scansBlocksFindingNUL``. What it found answers the
    /// questions about the block's lines and their matches until ``forgetScannedBlock()``,
    /// and the bytes must stay where they are, unchanged, until then (see
    /// ``CandidateLineFinder/scanBlockFindingNUL(_:from:)``).
    package func scanBlockFindingNUL(_ block: UnsafeRawBufferPointer, from offset: Int) -> Int? {
        session.scanBlockFindingNUL(block, from: offset)
    }

    /// Forgets the block of ``scanBlockFindingNUL(_:from:)``, whose bytes may now change.
    package func forgetScannedBlock() {
        session.forgetScannedBlock()
    }

    /// The first line, at or after `offset` in `block`, that may match, and whether it
    /// certainly does; every line between `offset` and its start certainly does not. `offset`
    /// is the start of a line; the answer's start is the start of a line or `block.count`.
    /// Lines end at `terminator`, and at NUL bytes too when `nulEndsLines`. Offsets asked
    /// about one block must not decrease. The way is the strategy's
    /// (``LineStrategy/CandidateWay``); without a prefilter every line may match, and the
    /// answer is `offset` itself.
    package func nextCandidateLine(
        in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8, nulEndsLines: Bool
    ) -> LineCandidate {
        session.nextCandidateLine(in: block, from: offset, terminator: terminator, nulEndsLines: nulEndsLines)
    }

    /// The number of lines from `offset` (the start of a line) in `block` that match, when the
    /// literal prefilter decides every line by itself (the literals are the patterns, and no
    /// line is proposed for a byte outside ASCII); nil otherwise, when lines must be asked
    /// about one by one. `block` ends with a line's `terminator`, and no NUL byte ends a line
    /// in it. For counts (`-c`): no line's bounds are sought, nor a question asked per line.
    package func countMatchingLines(in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8) -> Int? {
        session.countMatchingLines(in: block, from: offset, terminator: terminator)
    }

    /// The number of matches from `offset` (the start of a line) in `block`, as the matches of
    /// each line are walked for `-o`, and of the lines that hold them, when one literal that
    /// does not hold `terminator` is the patterns' only match and decides every line
    /// (``CandidateLineFinder/countMatches(in:from:terminator:)``); nil otherwise, when lines
    /// must be asked about one by one. `block` ends with a line's `terminator`, and no NUL
    /// byte ends a line in it. For `--count-matches`: neither a line's bounds nor its matches
    /// are sought but at each occurrence.
    package func countMatches(in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8) -> (lines: Int, matches: Int)? {
        session.countMatches(in: block, from: offset, terminator: terminator)
    }

    /// The longest run of whole lines from `offset` (the start of a line) in `block` that all
    /// match (`matching`) or all do not: the start of the line after it (`offset` when the
    /// first line breaks the run) and the number of its lines. Nil unless one literal, which
    /// is the pattern, decides every line (``CandidateLineFinder/lineRun(in:from:terminator:matching:)``):
    /// then lines are told apart in bulk, for runs of lines selected as one piece.
    /// `block` ends with a line's `terminator`, and no NUL byte ends a line in it.
    package func lineRun(
        in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8, matching: Bool
    ) -> (end: Int, lines: Int)? {
        session.lineRun(in: block, from: offset, terminator: terminator, matching: matching)
    }
}
