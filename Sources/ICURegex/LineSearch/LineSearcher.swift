import CByteScan

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
/// which line may be the next to match. Not thread-safe: each thread makes its own from the
/// shared ``LinePatterns``.
package final class LineSearcher {
    /// The matcher of the first (usually the only) pattern, kept apart from the array so that
    /// the common case reads it without the array's bounds check and reference counting.
    private unowned(unsafe) let primary: RegexMatcher
    private let matchers: [RegexMatcher]
    /// The literal prefilter, when the patterns have required literals, and the automaton
    /// prefilter, when the patterns have one: owned here.
    private let ownedCandidateFinder: CandidateLineFinder?
    private let ownedAutomaton: LineAutomaton?
    /// The same two, for the per-line questions: through `Unmanaged`, whose guaranteed
    /// reference lends them without the retain and release that even a constant stored
    /// reference costs on every call (the owners above keep them alive).
    private let candidateFinder: Unmanaged<CandidateLineFinder>?
    private let automaton: Unmanaged<LineAutomaton>?
    /// The patterns' literals at a line's edges or between word edges, when the patterns are
    /// such literals: a line holding one is then decided by the bytes around it, before the
    /// automaton is asked.
    private let edgeLiterals: EdgeLiterals?
    /// True when the literals decide their lines without the automaton: they are the patterns
    /// (``RequiredLiterals/literalsAreThePatterns``), or the bytes around them decide
    /// (``edgeLiterals``). No way of finding candidates then reads less than finding the
    /// literals, so there is nothing to choose.
    private let literalsDecideLines: Bool
    /// Finds the matches of many fixed strings without ICU, when the patterns allow it.
    private let longestLiteralMatcher: LongestLiteralMatcher?
    /// For each matcher, whether the matches reported (``reportedMatch(in:from:)``) are
    /// extended to the longest, and whether its pattern may match more than one length from
    /// one start; empty when the patterns keep ICU's leftmost-first matches.
    private let extendsMatches: [Bool]
    /// The one pattern's literal, when the pattern is that literal, matched with case
    /// (``SingleLiteralScanner``'s conditions, and ``RequiredLiterals/literalsAreThePatterns``):
    /// its matches in a line are then the literal's occurrences, found by the byte scanner
    /// (``reportedMatchWithoutICU(inUTF8:from:)``).
    private let patternLiteral: ProbedLiteral?
    /// The probe, bytes and length of ``patternLiteral``, which it owns, copied out of it so
    /// that the question about each match costs no retain and release of the literal.
    private let patternLiteralParts: (probe: UnsafePointer<bytescan_probe>, bytes: UnsafePointer<UInt8>, count: Int)?
    /// The one pattern's match automata, when its matches may be found without ICU.
    private let matchAutomata: LazyMatchAutomaton?
    /// Finds the matches of the one pattern without ICU, when it allows it: made at the first
    /// question about where a line matches, which a search that prints only the lines its
    /// prefilter proves never asks.
    private lazy var matchAutomaton: MatchAutomaton? = matchAutomata?.automatonOfItsOwn()
    /// The same, lent through `Unmanaged` (as ``candidateFinder`` is) for the questions about
    /// each line and each match, which then cost no retain and release of it.
    private lazy var lentMatchAutomaton: Unmanaged<MatchAutomaton>? = matchAutomaton.map { Unmanaged.passUnretained($0) }
    /// Finds the one pattern's matches in a line from the occurrences of the literal that ends
    /// them, when the pattern is a run of one class followed by it (``SuffixLiteral``): with
    /// the match automaton, for the matches to report (``reportedMatchWithoutICU(inUTF8:from:)``).
    let reverseSuffixSearch: ReverseSuffixSearch?
    /// The same, lent through `Unmanaged` for the questions about each line and each match.
    private let lentReverseSuffixSearch: Unmanaged<ReverseSuffixSearch>?

    /// Makes the ICU matchers and the prefilter for `patterns`.
    package init(_ patterns: LinePatterns) throws(ICURegexError) {
        var matchers: [RegexMatcher] = []
        for pattern in patterns.patterns {
            matchers.append(try pattern.makeMatcher())
        }
        self.matchers = matchers
        primary = matchers[0]
        ownedCandidateFinder = patterns.requiredLiterals.map(CandidateLineFinder.init)
        ownedAutomaton = patterns.lineAutomatonPlan.map(LineAutomaton.init)
        candidateFinder = ownedCandidateFinder.map { Unmanaged.passUnretained($0) }
        automaton = ownedAutomaton.map { Unmanaged.passUnretained($0) }
        edgeLiterals = patterns.anchoredLiterals.map(EdgeLiterals.anchored) ?? patterns.wordBoundedLiterals.map(EdgeLiterals.wordBounded)
        literalsDecideLines = (patterns.requiredLiterals?.literalsAreThePatterns ?? false) || edgeLiterals != nil
        longestLiteralMatcher = patterns.longestLiteralMatcher
        findsMatchesWithoutICU = patterns.findsMatchesWithoutICU
        extendsMatches = patterns.prefersLongestMatches && patterns.longestLiteralMatcher == nil
            ? patterns.patterns.map { PatternAssembler.mayMatchSeveralLengths($0.pattern) } : []
        matchAutomata = patterns.findsMatchesWithoutICU && matchers.count == 1 ? patterns.patterns[0].matchAutomata : nil
        searchesBackReferences =
            patterns.findsMatchesWithoutICU && matchers.count == 1 && patterns.patterns[0].backReferenceSearchers != nil
        if matchers.count == 1, let literals = patterns.requiredLiterals, literals.literalsAreThePatterns,
            patterns.longestLiteralMatcher == nil, !patterns.prefersLongestMatches
        {
            patternLiteral = SingleLiteralScanner(literals)?.literal
        } else {
            patternLiteral = nil
        }
        patternLiteralParts = patternLiteral.map { (UnsafePointer($0.probe), UnsafePointer($0.bytes), $0.count) }
        reverseSuffixSearch = matchAutomata == nil
            ? nil : SuffixLiteral(pattern: patterns.patterns[0].pattern, options: patterns.patterns[0].options).map(ReverseSuffixSearch.init)
        lentReverseSuffixSearch = reverseSuffixSearch.map { Unmanaged.passUnretained($0) }
    }

    /// The first match in `text` that starts at or after `from`, in the text's units; with
    /// several separately compiled patterns, the leftmost of their first matches (the earlier
    /// pattern when two start together, as in an alternation).
    /// - Throws: ``ICURegexError/timeLimitExceeded`` or ``ICURegexError/stackLimitExceeded``
    ///   when ICU stops the search.
    package func firstMatch(in text: LineText, from: Int) throws(ICURegexError) -> Range<Int>? {
        if let longestLiteralMatcher {
            return longestLiteralMatcher.firstMatch(in: text, from: from)
        }
        if matchers.count == 1 {
            if let lentMatchAutomaton {
                switch lentMatchAutomaton._withUnsafeGuaranteedRef({ Self.firstMatch($0, in: text, from: from) }) {
                case .match(let match): return match
                case .noMatch: return nil
                case .unknown: break
                }
            }
            // A pattern with back references goes to the matcher, whose back-reference
            // searcher finds ICU's match once the lines searched repay it.
            if searchesBackReferences { return try Self.firstMatch(primary, in: text, from: from) }
            return try Self.icuFirstMatch(primary, in: text, from: from)
        }
        var best: Range<Int>? = nil
        for matcher in matchers {
            // Each matcher uses its pattern's automaton once it has searched enough, unless
            // the search is to be ICU's alone.
            let found = try findsMatchesWithoutICU
                ? Self.firstMatch(matcher, in: text, from: from) : Self.icuFirstMatch(matcher, in: text, from: from)
            guard let found else { continue }
            if best == nil || found.lowerBound < best!.lowerBound {
                best = found
            }
        }
        return best
    }

    /// The match to report (print with `-o`, color) that starts at or after `from`: the first
    /// match, or, when the patterns follow POSIX's leftmost-longest rule
    /// (``LinePatterns/prefersLongestMatches``), of the matches of any pattern that start
    /// where it starts, the longest.
    /// - Throws: ``ICURegexError/timeLimitExceeded`` or ``ICURegexError/stackLimitExceeded``.
    package func reportedMatch(in text: LineText, from: Int) throws(ICURegexError) -> Range<Int>? {
        guard let first = try firstMatch(in: text, from: from) else { return nil }
        guard extendsMatches.contains(true) else { return first }
        // The one pattern's match automaton knows the longest match from the first one's start
        // (the threads that outlive a match are kept); ICU is asked when it cannot tell.
        if let lentMatchAutomaton,
            case .match(let longest) = lentMatchAutomaton._withUnsafeGuaranteedRef({ Self.longestMatch($0, in: text, startingAt: first.lowerBound) }),
            longest.upperBound >= first.upperBound
        {
            return longest
        }
        var end = first.upperBound
        for (matcher, extends) in zip(matchers, extendsMatches) where extends {
            let longer: Int?
            switch text {
            case .utf16(let units):
                longer = try matcher.longestMatchEnd(inUTF16: units, start: first.lowerBound, after: end)
            case .utf8(let bytes):
                longer = try matcher.longestMatchEnd(inUTF8: bytes, start: first.lowerBound, after: end)
            }
            if let longer { end = longer }
        }
        return first.lowerBound..<end
    }

    /// True when the matches to report may be found in a line's UTF-8 bytes without ICU
    /// (``reportedMatchWithoutICU(inUTF8:from:)``): the automaton finds leftmost-first matches,
    /// and from their starts, where the pattern's matches are extended, the longest.
    package var findsReportedMatchesWithoutICU: Bool { patternLiteral != nil || hasMatchAutomaton }

    /// The match to report that starts at or after `from` in the UTF-8 line `bytes`, as
    /// ``reportedMatch(in:from:)`` finds it, found by the match automaton alone;
    /// ``MatchAutomaton/Outcome/unknown`` when it cannot tell.
    ///
    /// A pattern that is one literal matched with case (``patternLiteral``) matches exactly
    /// where the literal's bytes occur: the leftmost-first match from `from` is the leftmost
    /// occurrence, and the next search starts at its end, as ICU's does, so the matches are
    /// the non-overlapping occurrences from the left. The literal is well-formed UTF-8 and
    /// starts with a byte that is not a continuation byte, which no decoding of ill-formed
    /// bytes before it takes in, so an occurrence in the bytes is one in the decoded text
    /// (U+FFFD for the ill-formed bytes) and the other way round. `-w`, `-x`, `-i`, several
    /// patterns and POSIX's longest matches never get here (the pattern is then not the
    /// literal, or there are several matchers). A pattern that is a run of one class followed
    /// by a literal (``reverseSuffixSearch``) has its first match found from the literal's
    /// occurrences (``ReverseSuffixSearch``), not by reading the line from `from`.
    package func reportedMatchWithoutICU(inUTF8 bytes: UnsafeRawBufferPointer, from: Int) -> MatchAutomaton.Outcome {
        if let literal = patternLiteralParts {
            guard let base = bytes.baseAddress, from <= bytes.count else { return .noMatch }
            // The prefilter's scanner is the same literal's: its scan of the block found the
            // occurrences of the line already.
            let start = candidateFinder?._withUnsafeGuaranteedRef { $0.occurrenceOfLiteral(in: bytes, from: from) }
                ?? bytescan_find_literal(base, from, bytes.count, literal.probe, literal.bytes, literal.count)
            return start < bytes.count ? .match(start..<(start + literal.count)) : .noMatch
        }
        guard let lentMatchAutomaton else { return .unknown }
        return lentMatchAutomaton._withUnsafeGuaranteedRef { automaton in
            let first: MatchAutomaton.Outcome
            if let lentReverseSuffixSearch, let base = bytes.baseAddress {
                first = lentReverseSuffixSearch._withUnsafeGuaranteedRef {
                    $0.firstMatch(inUTF8: base.assumingMemoryBound(to: UInt8.self), from: from, to: bytes.count, automaton: automaton)
                }
            } else {
                first = Self.firstMatch(automaton, in: .utf8(bytes), from: from)
            }
            guard case .match(let match) = first, extendsMatches.first == true else { return first }
            switch Self.longestMatch(automaton, in: .utf8(bytes), startingAt: match.lowerBound) {
            case .match(let longest) where longest.upperBound >= match.upperBound: return .match(longest)
            default: return .unknown
            }
        }
    }

    @inline(__always)
    private static func longestMatch(_ automaton: MatchAutomaton, in text: LineText, startingAt start: Int) -> MatchAutomaton.Outcome {
        switch text {
        case .utf16(let units):
            guard let base = units.baseAddress else { return .unknown }
            return automaton.longestMatch(inUTF16: base, startingAt: start, to: units.count)
        case .utf8(let bytes):
            guard let base = bytes.baseAddress else { return .unknown }
            return automaton.longestMatch(inUTF8: base.assumingMemoryBound(to: UInt8.self), startingAt: start, to: bytes.count)
        }
    }

    @inline(__always)
    private static func firstMatch(_ matcher: RegexMatcher, in text: LineText, from: Int) throws(ICURegexError) -> Range<Int>? {
        switch text {
        case .utf16(let units):
            return try matcher.firstMatch(inUTF16: units, from: from)
        case .utf8(let bytes):
            return try matcher.firstMatch(inUTF8: bytes, from: from)
        }
    }

    /// ICU's first match: after the line searcher's own automaton (see
    /// ``firstMatchWithoutICU(inUTF8:from:)``) answered where it could, or when the search is
    /// to be ICU's alone.
    @inline(__always)
    private static func icuFirstMatch(_ matcher: RegexMatcher, in text: LineText, from: Int) throws(ICURegexError) -> Range<Int>? {
        switch text {
        case .utf16(let units):
            return try matcher.icuFirstMatch(inUTF16: units, from: from)
        case .utf8(let bytes):
            return try matcher.icuFirstMatch(inUTF8: bytes, from: from)
        }
    }

    @inline(__always)
    private static func firstMatch(_ automaton: MatchAutomaton, in text: LineText, from: Int) -> MatchAutomaton.Outcome {
        switch text {
        case .utf16(let units):
            guard let base = units.baseAddress else { return .unknown }
            return automaton.firstMatch(inUTF16: base, from: from, to: units.count)
        case .utf8(let bytes):
            guard let base = bytes.baseAddress else { return .unknown }
            return automaton.firstMatch(inUTF8: base.assumingMemoryBound(to: UInt8.self), from: from, to: bytes.count)
        }
    }

    /// True when the patterns' matches can be found in a line's UTF-8 bytes without ICU (see
    /// ``firstMatchWithoutICU(inUTF8:from:)``).
    package var hasMatchAutomaton: Bool { lentMatchAutomaton != nil }

    /// False when every search is to be ICU's alone (the prefilter is off).
    private let findsMatchesWithoutICU: Bool

    /// True when the one pattern has back references that its ``BackReferenceSearcher`` may
    /// find without ICU (``RegexMatcher/firstMatch(inUTF16:from:)`` asks it), and the search
    /// is not to be ICU's alone.
    private let searchesBackReferences: Bool

    /// The first match in the UTF-8 line `bytes` that starts at or after `from`, in byte
    /// offsets, as the match automaton finds it: what ``firstMatch(in:from:)`` finds, or
    /// ``MatchAutomaton/Outcome/unknown`` when the automaton cannot tell (ill-formed UTF-8,
    /// characters its classes do not know) or there is none.
    package func firstMatchWithoutICU(inUTF8 bytes: UnsafeRawBufferPointer, from: Int) -> MatchAutomaton.Outcome {
        guard let lentMatchAutomaton else { return .unknown }
        return lentMatchAutomaton._withUnsafeGuaranteedRef { Self.firstMatch($0, in: .utf8(bytes), from: from) }
    }

    /// True when a prefilter can tell lines that cannot match from the raw bytes, so that
    /// the searcher should ask ``nextCandidateLine(in:from:terminator:nulEndsLines:)``.
    package var hasPrefilter: Bool { candidateFinder != nil || automaton != nil }

    /// Tells the prefilter that the next question is about a new block (or the same memory
    /// holding other bytes). With both literals and an automaton, the block just searched is
    /// measured and the next one's way of finding candidates chosen (see
    /// ``CandidateStrategyChooser``); so call it as soon as a block's search ends, as well as
    /// before the next block's: a second call without questions in between changes nothing.
    /// `excludingNanoseconds` is time of the block, by ``MonotonicClock``, that was not the
    /// search's. (icugrep passes none: a sink's writes are not the engine's concern, and a
    /// strategy is measured on the lower of two blocks, so one slow write does not turn it.)
    package func forgetBlock(excludingNanoseconds excluded: UInt64 = 0) {
        candidateFinder?._withUnsafeGuaranteedRef { $0.forgetBlock() }
        lentReverseSuffixSearch?._withUnsafeGuaranteedRef { $0.forgetLine() }
        strategyChooser.startBlock(excluding: excluded)
    }

    /// True when ``scanBlockFindingNUL(_:from:)`` scans (the literal prefilter is one literal
    /// found byte for byte).
    package var scansBlocksFindingNUL: Bool {
        candidateFinder?._withUnsafeGuaranteedRef { $0.scansBlocksFindingNUL } ?? false
    }

    /// Scans `block` from `offset` (the start of a line) for the literal prefilter's literal
    /// and for the first NUL byte in one pass, ahead of the questions about its lines, and
    /// returns the NUL's offset, or `block.count` when there is none; nil, having done
    /// nothing, unless ``scansBlocksFindingNUL``. The occurrences found answer the questions
    /// about the block's lines and their matches until ``forgetScannedBlock()``, and the
    /// bytes must stay where they are, unchanged, until then (see
    /// ``CandidateLineFinder/scanBlockFindingNUL(_:from:)``).
    package func scanBlockFindingNUL(_ block: UnsafeRawBufferPointer, from offset: Int) -> Int? {
        candidateFinder?._withUnsafeGuaranteedRef { $0.scanBlockFindingNUL(block, from: offset) }
    }

    /// Forgets the block of ``scanBlockFindingNUL(_:from:)``, whose bytes may now change.
    package func forgetScannedBlock() {
        candidateFinder?._withUnsafeGuaranteedRef { $0.forgetScannedBlock() }
    }

    /// Chooses how candidates are found when there are both literals and an automaton. (One
    /// thread uses a searcher: no run-time exclusivity check, which cost a call per question.)
    @exclusivity(unchecked) private(set) var strategyChooser = CandidateStrategyChooser()

    /// The first line, at or after `offset` in `block`, that may match, and whether it
    /// certainly does; every line between `offset` and its start certainly does not. `offset`
    /// is the start of a line; the answer's start is the start of a line or `block.count`.
    /// Lines end at `terminator`, and at NUL bytes too when `nulEndsLines`. Offsets asked
    /// about one block must not decrease.
    ///
    /// The literal prefilter, when there is one, proposes lines that hold a required literal,
    /// and the automaton, when there is one, checks each of them (unless the patterns are
    /// exactly the literals: then a line proposed for a literal, rather than for a byte
    /// outside ASCII, certainly matches); without literals, the automaton scans the lines
    /// itself. Without a prefilter every line may match, and the answer is `offset` itself.
    package func nextCandidateLine(
        in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8, nulEndsLines: Bool
    ) -> LineCandidate {
        switch (candidateFinder, automaton) {
        case (nil, nil):
            return LineCandidate(start: offset, verdict: .mayMatch)
        case (let candidateFinder?, nil):
            return candidateFinder._withUnsafeGuaranteedRef {
                $0.nextCandidateLine(in: block, from: offset, terminator: terminator, nulEndsLines: nulEndsLines)
            }
        case (nil, let automaton?):
            return automaton._withUnsafeGuaranteedRef {
                $0.firstCandidateLine(in: block, from: offset, terminator: terminator, nulEndsLines: nulEndsLines)
            }
        case (let candidateFinder?, let automaton?):
            if !literalsDecideLines {
                strategyChooser.noteQuestion(offset: offset, count: block.count)
            }
            switch literalsDecideLines ? .literalsThenAutomaton : strategyChooser.blockStrategy {
            case .literalsThenAutomaton:
                break
            case .automatonScan:
                return automaton._withUnsafeGuaranteedRef {
                    $0.firstCandidateLine(in: block, from: offset, terminator: terminator, nulEndsLines: nulEndsLines)
                }
            case .automatonLineByLine:
                return automaton._withUnsafeGuaranteedRef {
                    $0.firstCandidateLine(in: block, from: offset, terminator: terminator, nulEndsLines: nulEndsLines, linesOneByOne: true)
                }
            }
            return candidateFinder._withUnsafeGuaranteedRef { finder in
                automaton._withUnsafeGuaranteedRef { automaton in
                    checkedCandidateLine(
                        in: block, from: offset, terminator: terminator, nulEndsLines: nulEndsLines,
                        finder: finder, automaton: automaton)
                }
            }
        }
    }

    /// The number of lines from `offset` (the start of a line) in `block` that match, when the
    /// literal prefilter decides every line by itself (the literals are the patterns, and no
    /// line is proposed for a byte outside ASCII); nil otherwise, when lines must be asked
    /// about one by one. `block` ends with a line's `terminator`, and no NUL byte ends a line
    /// in it. For counts (`-c`): no line's bounds are sought, nor a question asked per line.
    package func countMatchingLines(in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8) -> Int? {
        guard edgeLiterals == nil, let candidateFinder else { return nil }
        return candidateFinder._withUnsafeGuaranteedRef {
            $0.countMatchingLines(in: block, from: offset, terminator: terminator)
        }
    }

    /// The number of matches from `offset` (the start of a line) in `block`, as the matches of
    /// each line are walked for `-o`, and of the lines that hold them, when one literal that
    /// does not hold `terminator` is the patterns' only match and decides every line
    /// (``CandidateLineFinder/countMatches(in:from:terminator:)``); nil otherwise, when lines
    /// must be asked about one by one. `block` ends with a line's `terminator`, and no NUL
    /// byte ends a line in it. For `--count-matches`: neither a line's bounds nor its matches
    /// are sought but at each occurrence.
    package func countMatches(in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8) -> (lines: Int, matches: Int)? {
        guard edgeLiterals == nil, let candidateFinder else { return nil }
        return candidateFinder._withUnsafeGuaranteedRef {
            $0.countMatches(in: block, from: offset, terminator: terminator)
        }
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
        guard edgeLiterals == nil, let candidateFinder else { return nil }
        return candidateFinder._withUnsafeGuaranteedRef {
            $0.lineRun(in: block, from: offset, terminator: terminator, matching: matching)
        }
    }

    /// The next line holding a required literal that the automaton accepts, unless the
    /// literal alone proves the line matches or the bytes around it decide it.
    @inline(__always)
    private func checkedCandidateLine(
        in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8, nulEndsLines: Bool,
        finder: CandidateLineFinder, automaton: LineAutomaton
    ) -> LineCandidate {
        var position = offset
        while position < block.count {
            let candidate = finder.nextCandidateLine(in: block, from: position, terminator: terminator, nulEndsLines: nulEndsLines)
            if candidate.start >= block.count || candidate.verdict == .certainMatch {
                return candidate
            }
            let lineEnd = LineBounds.end(ofLineStartingAt: candidate.start, in: block, terminator: terminator, nulEndsLines: nulEndsLines)
            switch edgeLiterals?.verdict(onLineFrom: candidate.start, to: lineEnd, in: block) {
            case .match?:
                return LineCandidate(start: candidate.start, verdict: .certainMatch)
            case .noMatch?:
                position = lineEnd + 1
                continue
            case .unknown?, nil:
                break
            }
            // A pattern whose literal ends its matches is decided at the literal's occurrences,
            // backwards from each, not by reading the line from its start.
            if let lentReverseSuffixSearch, let lentMatchAutomaton, let base = block.baseAddress,
                let hasMatch = lentReverseSuffixSearch._withUnsafeGuaranteedRef({ search in
                    lentMatchAutomaton._withUnsafeGuaranteedRef {
                        search.hasMatch(
                            inUTF8: base.assumingMemoryBound(to: UInt8.self), from: candidate.start, to: lineEnd, automaton: $0)
                    }
                })
            {
                if hasMatch { return LineCandidate(start: candidate.start, verdict: .certainMatch) }
                position = lineEnd + 1
                continue
            }
            if let verdict = automaton.verdict(
                onLineFrom: candidate.start, to: lineEnd, in: block, terminator: terminator, nulEndsLines: nulEndsLines)
            {
                return LineCandidate(start: candidate.start, verdict: verdict)
            }
            position = lineEnd + 1
        }
        return .none(in: block.count)
    }
}
