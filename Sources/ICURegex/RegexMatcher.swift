import CICUShim

/// One ICU matcher of a ``RegexPattern``, for the many searches of a single thread: every
/// match in a line, or every line of a file.
///
/// Unlike `RegexPattern`'s searches, these search the whole text they are given and take a
/// starting offset, so that text before the offset is still seen by look-behind and `\b`, as
/// when finding successive matches. A matcher is not `Sendable`: make one per thread with
/// ``RegexPattern/makeMatcher()``.
///
/// A search of a long text (at least ``SearchPlan/minimumSearchLength`` units, from any offset)
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

    /// The pattern's strategy for this matcher's searches, with the ways it has made its own
    /// and what it has learned of the matches (see ``MatchStrategy/Session``).
    /// Unchecked: only this matcher's methods reach it, one at a time.
    @exclusivity(unchecked) private var session: MatchStrategy.Session

    init(pattern: RegexPattern, handle: OpaquePointer?) {
        self.pattern = pattern
        self.handle = handle
        self.session = MatchStrategy.Session(pattern)
    }

    deinit {
        if let handle {
            icushim_regex_close(handle)
        }
    }

    /// The ICU matcher, cloned from the pattern at the first search that needs it.
    @inline(__always)
    func icuHandle() throws(ICURegexError) -> OpaquePointer {
        if let handle { return handle }
        let cloned = try MatcherHandle.clone(
            try pattern.template(), limits: pattern.limits, workCounter: pattern.strategy.icuWorkCounter)
        handle = cloned
        return cloned
    }

    /// Finds the first match in `text` that starts at or after `from` (a UTF-16 offset) and
    /// returns its UTF-16 offsets, or nil.
    /// - Throws: ``ICURegexError/timeLimitExceeded`` or ``ICURegexError/stackLimitExceeded``
    ///   when the search hits a limit; ``ICURegexError/indexOutOfBounds`` when `from` is
    ///   outside `text`.
    public func firstMatch(inUTF16 text: UnsafeBufferPointer<UInt16>, from: Int = 0) throws(ICURegexError) -> Range<Int>? {
        guard let base = text.baseAddress else { return try icuFirstMatch(inUTF16: text, from: from) }
        let outcome = try session.firstMatch(inUTF16: base, count: text.count, from: from) {
            [unowned(unsafe) self] text, start throws(ICURegexError) in
            try MatcherHandle.find(try self.icuHandle(), utf16: base + text.lowerBound, length: text.count, from: start)
        }
        switch outcome {
        case .match(let match): return match
        case .noMatch: return nil
        case .unknown(let start): return try icuFirstMatch(inUTF16: text, from: start)
        }
    }

    /// True when this matcher's searches of UTF-16 go to the match automaton at once (see
    /// ``MatchStrategy/Session/searchesWithAutomatonAlone``): for the tests.
    var searchesWithAutomatonAlone: Bool { session.searchesWithAutomatonAlone }

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
        guard let base = text.baseAddress else { return try icuFirstMatch(inUTF8: text, from: from) }
        switch session.firstMatch(inUTF8: base.assumingMemoryBound(to: UInt8.self), count: text.count, from: from) {
        case .match(let match): return match
        case .noMatch: return nil
        case .unknown(let start): return try icuFirstMatch(inUTF8: text, from: start)
        }
    }

    /// ICU's first match, as ``firstMatch(inUTF8:from:)`` finds it, without the automaton.
    func icuFirstMatch(inUTF8 text: UnsafeRawBufferPointer, from: Int) throws(ICURegexError) -> Range<Int>? {
        try MatcherHandle.find(try icuHandle(), utf8: text.baseAddress, length: text.count, from: from)
    }

    /// The first match in the UTF-8 `text` that starts at or after byte `from`, as
    /// ``firstMatch(inUTF8:from:)`` finds it, when the pattern's strategy finds it without ICU
    /// (its back-reference searcher or match automaton); ``MatchAutomaton/Outcome/unknown``
    /// when ICU would have to be asked.
    @inline(__always)
    func firstMatchWithoutICU(inUTF8 text: UnsafeRawBufferPointer, from: Int) -> MatchAutomaton.Outcome {
        guard let base = text.baseAddress else { return .unknown }
        switch session.firstMatch(inUTF8: base.assumingMemoryBound(to: UInt8.self), count: text.count, from: from) {
        case .match(let match): return .match(match)
        case .noMatch: return .noMatch
        case .unknown: return .unknown
        }
    }

    /// The pattern's match automaton for the lines of a line search, made now if it was not
    /// yet: the matcher's from then on, so that its searches of short lines use it from the
    /// first (see ``LineStrategy``); nil when the pattern has none.
    func lineMatchAutomaton() -> MatchAutomaton? {
        if session.matchAutomaton == nil, let automata = pattern.matchAutomata {
            session.adopt(automata.automatonOfItsOwn())
        }
        return session.lendMatchAutomaton()
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
    /// the multi-line search); nil when the pattern has none. When a `.` of the pattern may
    /// match a line end (`.dotMatchesLineSeparators`, or an `s` among inline flags), ICU's `.`
    /// takes `\r\n` as one character and the automaton reads two, which a line's text never
    /// shows it: this automaton then reads no carriage return (its search of a text with one
    /// is unknown, and ICU is asked). It is the matcher's automaton from then on, which only
    /// makes its other searches ask ICU at a carriage return too.
    package var multilineMatchAutomaton: MatchAutomaton? {
        if let multilineAutomaton { return multilineAutomaton }
        guard let automata = pattern.matchAutomata else { return nil }
        if pattern.options.contains(.dotMatchesLineSeparators) || Self.mayHoldDotAllFlag(pattern.pattern) {
            session.adopt(automata.automatonReadingNoCarriageReturn())
        } else if session.matchAutomaton == nil {
            session.adopt(automata.automatonOfItsOwn())
        }
        multilineAutomaton = session.lendMatchAutomaton()
        return multilineAutomaton
    }

    /// The automaton ``multilineMatchAutomaton`` made or chose, once it was asked for.
    private var multilineAutomaton: MatchAutomaton?

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
}
