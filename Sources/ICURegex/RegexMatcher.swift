import CICUShim

/// One ICU matcher of a ``RegexPattern``, for the many searches of a single thread: every
/// match in a line, or every line of a file.
///
/// Unlike `RegexPattern`'s searches, these search the whole text they are given and take a
/// starting offset, so that text before the offset is still seen by look-behind and `\b`, as
/// when finding successive matches. A matcher is not `Sendable`: make one per thread with
/// ``RegexPattern/makeMatcher()``.
///
/// A search of a long text (at least ``SearchPlan/minimumSearchLength`` units from the offset)
/// takes the pattern's strategy, as ``RegexPattern/firstRange(inUTF16:range:anchored:)`` and the
/// walk over every match do: the matcher of an alternation of many strings, or the
/// ``SearchPlan`` when the pattern has no zero-width assertion (its matches then depend on their
/// characters alone, so the text from the offset, searched as a text of its own, holds the same
/// first match). Once a matcher has searched as much text as repays working out the pattern's
/// ``MatchAutomaton`` (``SearchPlan/automatonSearchLength`` units, or at once when the pattern
/// has it already), it finds matches with the automaton where the pattern allows (and the plan
/// does not search for literals), and with ICU where the automaton cannot tell.
public final class RegexMatcher {
    /// The pattern this matcher searches for.
    public let pattern: RegexPattern

    /// This matcher's ICU matcher; nil until the first ICU search when the pattern was not
    /// compiled yet (see ``RegexPattern/template()``).
    private var handle: OpaquePointer?

    /// The pattern's match automaton, this matcher's own once it has searched enough.
    private var matchAutomaton: MatchAutomaton?
    /// The units searched so far, until the automaton is made; -1 once it is made, or known
    /// to be impossible.
    private var unitsSearched = 0

    /// The matches found with the search plan, and the units their searches covered: the
    /// matcher gives up the plan when its matches come denser than one per
    /// ``SearchPlan/denseRunSpacing`` units, as the walk over every match does.
    private var plannedMatches = 0
    private var plannedUnits = 0
    /// True once the plan's matches came too dense (see ``plannedMatches``).
    private var givesUpPlan = false

    /// The automaton's matches of a pattern with groups, the units their searches covered and
    /// the units they matched: when they come denser than one per
    /// ``MatchWalk/denseGroupMatchSpacing`` units and longer than ``longOnePassMatch`` units on
    /// average, the matcher takes the one-pass runs of the pattern's capture backtracker (see
    /// ``CaptureBacktracker/firstOnePassMatch(inUTF16:from:end:)``), and gives them up when a
    /// match comes after more than ``MatchWalk/sparseOnePassGap`` units or a run cannot tell.
    /// The automaton scans a match twice, forward and back, which one run replaces; on short
    /// matches its scans cost less (`Workloads`, same run: the lexer's tokens took 1.24 to 1.44
    /// times ICU's time with the runs, 0.91 with the automaton; log lines 0.69 to 0.99 with the
    /// runs, 2.22 with the automaton).
    private var automatonMatches = 0
    private var automatonUnits = 0
    private var automatonMatchedUnits = 0
    static let longOnePassMatch = 24
    private var onePassBacktracker: CaptureBacktracker?
    private var givesUpOnePass = false

    /// The pattern's back-reference searcher (see ``BackReferenceSearcher``), of this matcher's
    /// own once its searches have cost enough to work it out
    /// (``RegexPattern/mayUseBackReferenceSearcher(_:forSearchOf:)``); ``givesUpBackReferences``
    /// once the pattern turned out to have none.
    private var backReferenceSearcher: BackReferenceSearcher?
    private var givesUpBackReferences = false

    init(pattern: RegexPattern, handle: OpaquePointer?) {
        self.pattern = pattern
        self.handle = handle
    }

    deinit {
        if let handle {
            icushim_regex_close(handle)
        }
        if let onePassBacktracker { pattern.captureBacktrackers?.put(onePassBacktracker) }
    }

    /// The ICU matcher, cloned from the pattern at the first search that needs it.
    @inline(__always)
    func icuHandle() throws(ICURegexError) -> OpaquePointer {
        if let handle { return handle }
        let cloned = try MatcherHandle.clone(try pattern.template(), limits: pattern.limits)
        handle = cloned
        return cloned
    }

    /// Finds the first match in `text` that starts at or after `from` (a UTF-16 offset) and
    /// returns its UTF-16 offsets, or nil.
    /// - Throws: ``ICURegexError/timeLimitExceeded`` or ``ICURegexError/stackLimitExceeded``
    ///   when the search hits a limit; ``ICURegexError/indexOutOfBounds`` when `from` is
    ///   outside `text`.
    public func firstMatch(inUTF16 text: UnsafeBufferPointer<UInt16>, from: Int = 0) throws(ICURegexError) -> Range<Int>? {
        let automaton = automaton(afterSearching: text.count - from)
        // A search from between the two halves of a pair is ICU's to answer.
        if let base = text.baseAddress, from >= 0, from <= text.count,
            from == 0 || from == text.count || !(UTF16.isTrailSurrogate(base[from]) && UTF16.isLeadSurrogate(base[from - 1]))
        {
            if let searcher = backReferenceSearcher(afterSearching: text.count - from) {
                switch searcher.firstMatch(inUTF16: base, from: from, to: text.count) {
                case .match(let match): return match
                case .noMatch: return nil
                // No match starts before `position`.
                case .unknown(let position): return try icuFirstMatch(inUTF16: text, from: position)
                }
            }
            if text.count - from >= SearchPlan.minimumSearchLength {
                switch try plannedFirstMatch(in: base, count: text.count, from: from, automaton: automaton) {
                case .match(let match): return match
                case .noMatch: return nil
                case .unknown: break
                }
            }
            if let backtracker = onePassBacktracker {
                switch backtracker.firstOnePassMatch(inUTF16: base, from: from, end: text.count) {
                case .match(let match):
                    if match.lowerBound - from > MatchWalk.sparseOnePassGap { leaveOnePassRuns(givingUp: false) }
                    return match
                case .noMatch: return nil
                case .unknown: leaveOnePassRuns(givingUp: true)
                }
            }
            if let automaton {
                switch automaton.firstMatch(inUTF16: base, from: from, to: text.count) {
                case .match(let match):
                    if !givesUpOnePass && pattern.numberOfCaptureGroups > 0 { judgeDensity(of: match, from: from) }
                    return match
                case .noMatch: return nil
                case .unknown: break
                }
            }
        }
        return try icuFirstMatch(inUTF16: text, from: from)
    }

    /// Counts `match`, found by the automaton from `from`, and takes the one-pass runs when
    /// the matches come dense (see ``automatonMatches``).
    private func judgeDensity(of match: Range<Int>, from: Int) {
        automatonMatches += 1
        automatonUnits += match.upperBound - from
        automatonMatchedUnits += match.count
        guard automatonMatches > SearchPlan.denseRunAllowance && automatonMatches * MatchWalk.denseGroupMatchSpacing > automatonUnits
        else { return }
        guard automatonMatchedUnits >= automatonMatches * Self.longOnePassMatch else {
            givesUpOnePass = true
            return
        }
        if let backtracker = pattern.captureBacktrackers?.take() {
            if backtracker.isOnePass {
                onePassBacktracker = backtracker
                return
            }
            pattern.captureBacktrackers?.put(backtracker)
        }
        givesUpOnePass = true
    }

    /// Goes back from the one-pass runs to the automaton, for good when `givingUp`.
    private func leaveOnePassRuns(givingUp: Bool) {
        if let onePassBacktracker { pattern.captureBacktrackers?.put(onePassBacktracker) }
        onePassBacktracker = nil
        automatonMatches = 0
        automatonUnits = 0
        automatonMatchedUnits = 0
        givesUpOnePass = givingUp
    }

    /// The first match at or after `from` in the `count` units at `base`, found with the
    /// pattern's strategy as the walk over every match finds it (see ``MatchWalk``): the
    /// matcher of an alternation of many strings, which reads the text around `from` itself;
    /// or the search plan on `base[from..<count]` as a text of its own, for a pattern without
    /// zero-width assertions, whose matches depend only on the characters they cover (the runs
    /// the plan hands to ICU are searched by `automaton` when the matcher has one). `.unknown`
    /// when neither applies, or the plan's matches came too dense: the caller then searches
    /// without them.
    private func plannedFirstMatch(
        in base: UnsafePointer<UInt16>, count: Int, from: Int, automaton: MatchAutomaton?
    ) throws(ICURegexError) -> MatchAutomaton.Outcome {
        // The alternation's matcher and the automaton's plan ask ICU about the pattern's
        // classes, which only a long text repays the first time (see
        // ``SearchPlan/automatonSearchLength``).
        if let lazy = pattern.literalAlternation, lazy.isWorkedOut || count - from >= SearchPlan.automatonSearchLength,
            let matcher = lazy.value
        {
            return matcher.firstMatch(inUTF16: base, from: from, to: count)
        }
        guard !givesUpPlan, let plan = pattern.plan, plan.findsMatchesByTheirCharactersAlone,
            automaton == nil || plan.searchesForLiterals
        else { return .unknown }
        let found = try plan.firstMatch(in: base, range: from..<count, anchored: false) { text, start throws(ICURegexError) in
            let askICU = { () throws(ICURegexError) -> Range<Int>? in
                try MatcherHandle.find(try self.icuHandle(), utf16: base + text.lowerBound, length: text.count, from: start)
            }
            guard let automaton else { return try askICU() }
            return try automaton.firstMatch(inUTF16: base + text.lowerBound, from: start, to: text.count, otherwise: askICU)
        }
        guard let match = found.range else { return .noMatch }
        plannedMatches += 1
        plannedUnits += match.upperBound - from
        if plannedMatches > SearchPlan.denseRunAllowance && plannedMatches * SearchPlan.denseRunSpacing > plannedUnits {
            // Matches this dense cost more through the plan than through one search each.
            givesUpPlan = true
        }
        return .match(match)
    }

    /// ICU's first match, as ``firstMatch(inUTF16:from:)`` finds it, without the automaton.
    func icuFirstMatch(inUTF16 text: UnsafeBufferPointer<UInt16>, from: Int) throws(ICURegexError) -> Range<Int>? {
        try MatcherHandle.find(try icuHandle(), utf16: text.baseAddress, length: text.count, from: from)
    }

    /// Finds the first match in the UTF-8 `text` that starts at or after byte `from` and
    /// returns its byte offsets, or nil. Ill-formed UTF-8 reads as U+FFFD, one for each
    /// maximal ill-formed subsequence, and never stops the search.
    ///
    /// `\b` at the end of the text is decided as in a UTF-16 search, from the last character:
    /// ICU's own UTF-8 search decides it from a stale position (`isWordBoundary` in ICU 72's
    /// `rematch.cpp`), which only ICU's fallback still does.
    /// - Throws: ``ICURegexError/timeLimitExceeded`` or ``ICURegexError/stackLimitExceeded``
    ///   when the search hits a limit; ``ICURegexError/indexOutOfBounds`` when `from` is
    ///   outside `text`; ``ICURegexError/illegalArgument`` when `text` is longer than
    ///   `Int32.max` bytes, the most ICU's UTF-8 text takes (the UTF-16 search has no such
    ///   limit).
    public func firstMatch(inUTF8 text: UnsafeRawBufferPointer, from: Int = 0) throws(ICURegexError) -> Range<Int>? {
        if let base = text.baseAddress, from >= 0, from <= text.count, text.count <= Int(Int32.max),
            let searcher = backReferenceSearcher(afterSearching: text.count - from)
        {
            let bytes = base.assumingMemoryBound(to: UInt8.self)
            // A search from inside a character is ICU's to answer.
            if from == text.count || bytes[from] & 0xC0 != 0x80 {
                switch searcher.firstMatch(inUTF8: bytes, from: from, to: text.count) {
                case .match(let match): return match
                case .noMatch: return nil
                case .unknown(let position): return try icuFirstMatch(inUTF8: text, from: position)
                }
            }
        }
        if let automaton = automaton(afterSearching: text.count - from), let base = text.baseAddress,
            from >= 0, from <= text.count, text.count <= Int(Int32.max)
        {
            let bytes = base.assumingMemoryBound(to: UInt8.self)
            // A search from inside a character is ICU's to answer.
            if from == text.count || bytes[from] & 0xC0 != 0x80 {
                switch automaton.firstMatch(inUTF8: bytes, from: from, to: text.count) {
                case .match(let match): return match
                case .noMatch: return nil
                case .unknown: break
                }
            }
        }
        return try icuFirstMatch(inUTF8: text, from: from)
    }

    /// ICU's first match, as ``firstMatch(inUTF8:from:)`` finds it, without the automaton.
    func icuFirstMatch(inUTF8 text: UnsafeRawBufferPointer, from: Int) throws(ICURegexError) -> Range<Int>? {
        try MatcherHandle.find(try icuHandle(), utf8: text.baseAddress, length: text.count, from: from)
    }

    // MARK: The longest match from a start

    /// The end of the longest match in `text` that starts at `start` and ends after `end`
    /// (UTF-16 offsets), or nil when none ends after `end`: with the leftmost match's start,
    /// POSIX's leftmost-longest match (see ``longestMatchEnd(start:after:limit:next:begin:)``).
    /// - Throws: ``ICURegexError/timeLimitExceeded`` or ``ICURegexError/stackLimitExceeded``.
    package func longestMatchEnd(inUTF16 text: UnsafeBufferPointer<UInt16>, start: Int, after end: Int) throws(ICURegexError) -> Int? {
        try longestMatchEnd(start: start, after: end, limit: text.count, next: { offset in
            // One character on: a surrogate pair is one.
            offset + 2 <= text.count && UTF16.isLeadSurrogate(text[offset]) && UTF16.isTrailSurrogate(text[offset + 1])
                ? offset + 2 : offset + 1
        }, begin: { handle in icushim_regex_begin_utf16(handle, text.baseAddress, Int64(text.count)) })
    }

    /// The same in the UTF-8 `text`, in byte offsets.
    package func longestMatchEnd(inUTF8 text: UnsafeRawBufferPointer, start: Int, after end: Int) throws(ICURegexError) -> Int? {
        guard text.count <= Int(Int32.max) else { return nil }
        return try longestMatchEnd(start: start, after: end, limit: text.count, next: { offset in
            var next = offset + 1
            while next < text.count && text[next] & 0xC0 == 0x80 { next += 1 }
            return next
        }, begin: { handle in
            icushim_regex_begin_utf8(handle, text.baseAddress?.assumingMemoryBound(to: CChar.self), Int64(text.count))
        })
    }

    /// Tries each character boundary after `end` up to `limit` in turn as the end of a match
    /// from `start`, with ICU's match of the whole region `start..<boundary` (transparent
    /// bounds, so that look-around, `\b` and `$` see the text around it as in a search), and
    /// returns the last that matches. It stops at the first failure that never read up to
    /// its region's end (ICU's `hitEnd` unset): no way through the pattern got that far, so
    /// none gets further. Back references are followed as ICU follows them, trying every way.
    private func longestMatchEnd(
        start: Int, after end: Int, limit: Int, next: (Int) -> Int, begin: (OpaquePointer) -> Int32
    ) throws(ICURegexError) -> Int? {
        guard start >= 0, end >= start, end < limit else { return nil }
        let handle = try icuHandle()
        let code = begin(handle)
        if code > 0 { throw ICURegexError(rawValue: code) }
        defer { _ = icushim_regex_begin_utf16(handle, nil, 0) }
        var longest: Int? = nil
        var boundary = end
        while boundary < limit {
            boundary = next(boundary)
            let regionCode = icushim_regex_set_region(handle, Int64(start), Int64(boundary), true, false)
            if regionCode > 0 { throw ICURegexError(rawValue: regionCode) }
            let matched = try MatcherHandle.match { matchStart, matchEnd, errorCode in
                icushim_regex_match_whole(handle, &matchStart, &matchEnd, &errorCode)
            }
            if matched != nil {
                longest = boundary
            } else if icushim_regex_end_flags(handle) & 1 == 0 {
                break
            }
        }
        return longest
    }

    /// The pattern's match automaton for texts of many lines, made now if it was not yet (for
    /// the multi-line search's anchored tries at its literals); nil when the pattern has none,
    /// or when a `.` of the pattern may match a line end (`.dotMatchesLineSeparators`, or an
    /// `s` among inline flags): ICU's `.` then takes `\r\n` as one character, and the
    /// automaton reads two, which a line's text never shows it.
    package var multilineMatchAutomaton: MatchAutomaton? {
        if let matchAutomaton { return matchAutomaton }
        guard !pattern.options.contains(.dotMatchesLineSeparators),
            !Self.mayHoldDotAllFlag(pattern.pattern),
            let automata = pattern.matchAutomata
        else { return nil }
        unitsSearched = -1
        matchAutomaton = automata.automatonOfItsOwn()
        return matchAutomaton
    }

    /// True when `pattern` may hold inline flags that include `s`: `(?` followed by letters
    /// and `-` among which is `s` (an escaped `\(` or a turned-off `s` also count: the answer
    /// only has to be true whenever there is one).
    private static func mayHoldDotAllFlag(_ pattern: String) -> Bool {
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        while index + 1 < scalars.count {
            if scalars[index] == "(" && scalars[index + 1] == "?" {
                var flag = index + 2
                while flag < scalars.count && (scalars[flag].properties.isAlphabetic || scalars[flag] == "-") {
                    if scalars[flag] == "s" { return true }
                    flag += 1
                }
            }
            index += 1
        }
        return false
    }

    /// The match automaton, made once `count` more units bring the units searched to
    /// ``SearchPlan/automatonSearchLength`` (at once when the pattern's plan is worked out);
    /// nil before, and when the pattern has none.
    /// The pattern's back-reference searcher, once this matcher may use it (see
    /// ``backReferenceSearcher``) after a search of `count` more units.
    @inline(__always)
    private func backReferenceSearcher(afterSearching count: Int) -> BackReferenceSearcher? {
        if let backReferenceSearcher { return backReferenceSearcher }
        guard !givesUpBackReferences, let searchers = pattern.backReferenceSearchers else { return nil }
        guard pattern.mayUseBackReferenceSearcher(searchers, forSearchOf: max(0, count)) else { return nil }
        backReferenceSearcher = searchers.automatonOfItsOwn()
        givesUpBackReferences = backReferenceSearcher == nil
        return backReferenceSearcher
    }

    @inline(__always)
    private func automaton(afterSearching count: Int) -> MatchAutomaton? {
        if let matchAutomaton { return matchAutomaton }
        guard unitsSearched >= 0, let automata = pattern.matchAutomata else { return nil }
        unitsSearched += max(0, count)
        guard unitsSearched >= SearchPlan.automatonSearchLength || automata.isPlanned else { return nil }
        unitsSearched = -1
        matchAutomaton = automata.automatonOfItsOwn()
        return matchAutomaton
    }
}
