extension MatchStrategy {
    /// How a walk over every match of the pattern in the UTF-8 of a Swift string finds them
    /// without ICU, and so without transcoding the text to UTF-16 (see
    /// ``RegexPattern/walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``).
    enum UTF8Walk {
        /// The byte scanner, for a pattern whose matches are exactly a few literals (see
        /// ``UTF8LiteralSearch``).
        case literals(UTF8LiteralSearch)
        /// The back-reference searcher, with the groups of each match (see
        /// ``BackReferenceSearcher``).
        case backReferences(LazyBackReferenceSearcher)
        /// The match automaton, from where ICU's loop would start each search, with the capture
        /// backtracker for the groups when they are asked for (see ``MatchAutomaton``,
        /// ``CaptureBacktracker``), and the backtracker's one-pass runs in its place once such
        /// matches come dense (see ``RegexPattern/walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``).
        /// With `mustComeDense`, the walk takes the one-pass runs from the start, and gives up
        /// when the matches do not come dense in the first part of the text (see
        /// ``MatchStrategy/utf8Walk(forSearchOf:isMostlyASCII:findsGroups:firstMatchOnly:)``, 3).
        /// With `nearOccurrences`, a plan whose literal starts near the match's start, or one
        /// whose runs around the literal's occurrences the automaton searches in place
        /// (``SearchPlan/occurrenceSearchInUTF8``), the automaton first tries the starts near the
        /// literal's occurrences in the bytes, or searches the runs, as the walk in UTF-16 does (see
        /// ``SearchPlan/firstMatchFromAnOffset(inUTF8:from:to:automaton:leftmostOccurrence:)``),
        /// until matches come dense (``MatchStrategy/plannedMatchesAreDense(_:matches:units:)``,
        /// judged in bytes), and its runs from there.
        case automaton(LazyMatchAutomaton, mustComeDense: Bool, nearOccurrences: SearchPlan?)
        /// The match automaton in the runs of characters the pattern can consume around the
        /// places of a case-insensitive match (see ``UTF8CaseInsensitiveScanner``), as the
        /// plan's ``SearchPlan/Strategy/caseInsensitiveRuns(_:_:)`` searches UTF-16 (see
        /// ``RegexPattern/firstMatchInCaseInsensitiveRuns(inUTF8:from:count:scanner:consumable:automaton:)``).
        case caseInsensitiveRuns(UTF8CaseInsensitiveScanner, ConsumableCharacters, LazyMatchAutomaton)
    }

    /// The way a walk over every match in `length` bytes of a string's well-formed UTF-8
    /// (searched as a text of its own) takes, with the groups of each match when
    /// `findsGroups`; with `firstMatchOnly`, for the first match alone. Nil when the walk is
    /// ICU's, on the text's UTF-16.
    ///
    /// Each way reads the same code points from UTF-8 as from UTF-16 and answers as ICU's
    /// search of the UTF-16 from the same code point would (each one's argument is in its own
    /// type), or answers that it cannot tell: the walk then gives up, and its caller searches
    /// the UTF-16 instead, from the start, so that no answer mixes the two. The search plan
    /// and the alternation's matcher read UTF-16 only, and are not ways here: in their place
    /// the automaton reads the whole text, which costs less than
    /// transcoding it for them (a string's UTF-16 is made anew for each call), except on a
    /// mostly ASCII text (see 3). One part of the plan is: the tries of the starts near a
    /// literal that starts at most a few units after the match's start, which the automaton
    /// makes in UTF-8 as in UTF-16 (see 3).
    ///
    /// In order:
    /// 1. the literals' scan, always, except for the first match of several literals in
    ///    fewer than ``SearchPlan/minimumSearchLength`` bytes, which the automaton finds faster
    ///    (five names in strings of about 40 characters: 290 to 420 ns a first match through
    ///    the literals' scans, 250 to 270 ns through the automaton); the first match of any
    ///    other pattern in so short a text is left to the caller's first-match search,
    ///    ``firstMatch(inUTF8:anchored:threadAutomaton:)``;
    /// 2. for a pattern with back references, their searcher, once it is worked out or for a
    ///    text that repays working it out (``SearchPlan/automatonSearchLength``), else ICU;
    /// 3. the match automaton, likewise, for groups only with a capture backtracker (whose
    ///    one-pass runs take over from both where matches with groups come dense), in the
    ///    runs around the places of a case-insensitive match when the plan searches such runs
    ///    and the literals have a UTF-8 scan (``UTF8CaseInsensitiveScanner``), without groups;
    ///    on a text of ``SearchPlan/minimumSearchLength`` bytes or more (as the walk in UTF-16
    ///    takes the plan), trying the starts near the occurrences of a literal that starts
    ///    near the match's start first (or searching the runs around its occurrences), when
    ///    the plan has them and the literals have a UTF-8 scan
    ///    (``SearchPlan/occurrenceSearchInUTF8``); but not
    ///    for a text that is mostly ASCII (`isMostlyASCII`) and that the plan takes
    ///    (``SearchPlan/minimumSearchLength`` bytes or more) with a literal search: its UTF-16
    ///    is little more than a widening away, and the plan's scan skips what the automaton
    ///    reads (rebar's `literal/sherlock-casei-en`, `numberOfMatches`: 0.41 times raw ICU's
    ///    time through the UTF-16, 0.56 through the automaton; on Russian, 0.89 against 0.55).
    ///    Except for the first match alone when the plan tries the starts near its literal's
    ///    occurrences (``SearchPlan/occurrenceSearchInUTF8``): the walk then searches as the
    ///    plan does, from the occurrences found in the bytes, and stops at the first match,
    ///    where the search of the UTF-16 widens the whole text before it starts (LargeInputs'
    ///    phone number, whose runs of digits and hyphens are searched, in 10 MB of English
    ///    through `String.range(ofRegex:)`: about half of f48baab's time, see
    ///    `Benchmarks/results/2026-11-30-suites14/`).
    ///    And except for every match with its groups in a text of ``SearchPlan/automatonSearchLength``
    ///    bytes or more, when the matches come dense: the walk in UTF-16 then leaves the plan
    ///    for the automaton and the automaton for the one-pass runs, which find the same
    ///    matches in UTF-8 without the UTF-16 and without mapping each group's offsets back to
    ///    the string's bytes (a replacement of log lines' fields: 0.57 times raw ICU's time
    ///    through the UTF-16, see `Benchmarks/results/2026-11-30-replace9/`). The walk
    ///    (`mustComeDense`) takes the one-pass runs from the start, and gives up, for the
    ///    caller's search of the UTF-16, where they could not tell or a gap longer than
    ///    ``MatchStrategy/sparseOnePassGap`` bytes has no match, in the first
    ///    ``densityTrialShare``-th of the text; past that, it goes on as the walk of any
    ///    other text (a text dense at first and sparse after pays the automaton's scan of the
    ///    rest, not the work done twice);
    /// 4. otherwise ICU.
    ///
    /// A shorter text does not count its search toward working out the searcher or the
    /// automaton here: the UTF-16 search it then takes counts it, pattern-wide
    /// (``mayUseBackReferenceSearcher(_:forSearchOf:)``, ``mayUseAutomaton(_:forUnplannedSearchOf:)``),
    /// and once they are worked out, such texts take the walk too.
    func utf8Walk(
        forSearchOf length: Int, isMostlyASCII: @autoclosure () -> Bool, findsGroups: Bool, firstMatchOnly: Bool
    ) -> UTF8Walk? {
        guard length <= Int(Int32.max) else { return nil }
        let isShort = length < SearchPlan.minimumSearchLength
        if let utf8Literals, !(firstMatchOnly && utf8Literals.hasSeveralLiterals && isShort) {
            return .literals(utf8Literals)
        }
        // A short text's first match is ``firstMatch(inUTF8:anchored:threadAutomaton:)``'s,
        // which the caller asks next: it makes no walk, and asks ICU at once where the
        // automaton cannot tell (through the walk, a first match of five names in a string of
        // about 40 characters took 307 to 364 ns, against 248 to 251).
        if firstMatchOnly && isShort { return nil }
        if let searchers = backReferenceSearchers {
            return repays(searchers, length: length) ? .backReferences(searchers) : nil
        }
        // The plan's tries near its literal's occurrences, on a text as long as the walk in
        // UTF-16 takes them on (not for matches that must come dense, below).
        let planNearOccurrences = !isShort && plan?.occurrenceSearchInUTF8 != nil ? plan : nil
        // `isMostlyASCII` last: a caller may count the text's UTF-16 units to answer it. The
        // first match alone near the occurrences is the plan's own search, and not judged by it.
        let mustComeDense =
            !(firstMatchOnly && planNearOccurrences != nil) && !isShort && plan?.searchesForLiterals == true
            && isMostlyASCII()
        if mustComeDense && !(findsGroups && !firstMatchOnly && length >= SearchPlan.automatonSearchLength) { return nil }
        guard let automata = matchAutomata, !findsGroups || captureBacktrackers != nil, repays(automata, length: length)
        else { return nil }
        if !findsGroups, length >= SearchPlan.minimumSearchLength, let scanner = utf8CaseInsensitiveScanner,
            case .caseInsensitiveRuns(_, let lazyConsumable) = plan?.strategy, let consumable = lazyConsumable.value
        {
            return .caseInsensitiveRuns(scanner, consumable, automata)
        }
        return .automaton(automata, mustComeDense: mustComeDense, nearOccurrences: mustComeDense ? nil : planNearOccurrences)
    }

    /// See ``utf8Walk(forSearchOf:isMostlyASCII:findsGroups:firstMatchOnly:)``, 3: a walk whose
    /// matches must come dense may give up in the first this-many-th of its text's bytes, so
    /// that a text whose matches do not pays at most that much of the walk in UTF-8 beside
    /// its search of the UTF-16 (and, with matches sparse from the start, much less: the first
    /// gap ends the walk).
    static let densityTrialShare = 8

    /// False when ``utf8Walk(forSearchOf:isMostlyASCII:findsGroups:firstMatchOnly:)`` has no
    /// way for any text of at most `length` bytes (with the groups when `findsGroups`, for the
    /// first match alone when `firstMatchOnly`), as it stands now: a caller then knows that the
    /// walk is ICU's without working out the text's bytes (for a short range of a string that
    /// is not ASCII, an index of its UTF-16 and two of its scalars each call), or, for the
    /// first match of a short text, that its first-match search is next (the walk's setup took
    /// about 13% of the samples of `ICURegularExpression.rangeOfFirstMatch(in:range:)` on a
    /// string of 21 characters). True when a way may be taken; each way it names is one
    /// ``utf8Walk(forSearchOf:isMostlyASCII:findsGroups:firstMatchOnly:)`` takes under the
    /// same conditions and no others, a text shorter than `length` is short whenever `length`
    /// is, and ``repays(_:length:)`` holds for a shorter text only when it holds for a longer
    /// one.
    ///
    /// (The pools' states are read through unretained references, which the strategy's own
    /// properties keep alive: bound to names, each pool was retained and released for every
    /// call, about 2% of a short line's results array.) Inlined in
    /// ``RegexPattern/mayWalkMatches(inUTF8OfAtMost:findsGroups:firstMatchOnly:)``, which a
    /// first match on a short string asks each call.
    @inline(__always)
    func mayHaveUTF8Walk(forSearchOfAtMost length: Int, findsGroups: Bool, firstMatchOnly: Bool) -> Bool {
        let isShort = length < SearchPlan.minimumSearchLength
        if let utf8Literals, !(firstMatchOnly && utf8Literals.hasSeveralLiterals && isShort) { return true }
        if firstMatchOnly && isShort { return false }
        if let searchers = backReferenceSearchers.map(Unmanaged.passUnretained) {
            return repays(searchers._withUnsafeGuaranteedRef { $0.state }, length: length)
        }
        guard let automata = matchAutomata.map(Unmanaged.passUnretained), !findsGroups || captureBacktrackers != nil else {
            return false
        }
        return repays(automata._withUnsafeGuaranteedRef { $0.state }, length: length)
    }

    /// True when the way of `pool` is taken for a text of `length` units: once it is worked
    /// out, or to be worked out now for a text that repays it, with ICU's work on the
    /// pattern's searches so far (see ``MatchStrategy/makesAutomaton(afterSearching:)``).
    @inline(__always)
    private func repays<Plan, Automaton>(_ pool: LazyAutomatonPool<Plan, Automaton>, length: Int) -> Bool {
        repays(pool.state, length: length)
    }

    /// True when the way of a pool in `state` is taken for a text of `length` units (see
    /// ``repays(_:length:)``).
    @inline(__always)
    private func repays<Plan, Automaton>(_ state: LazyAutomatonPool<Plan, Automaton>.PlanState, length: Int) -> Bool {
        switch state {
        case .present: true
        case .absent: false
        case .unknown:
            length >= SearchPlan.automatonSearchLength || length &+ unitsOfICUWork >= SearchPlan.automatonSearchLength
        }
    }
}

extension RegexPattern {
    /// False when ``walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``
    /// would answer false for every text of at most `length` bytes, as the pattern stands now
    /// (see ``MatchStrategy/mayHaveUTF8Walk(forSearchOfAtMost:findsGroups:firstMatchOnly:)``),
    /// so that a caller may search the UTF-16 at once; true when it may walk.
    package func mayWalkMatches(inUTF8OfAtMost length: Int, findsGroups: Bool, firstMatchOnly: Bool = false) -> Bool {
        !usesPreviousMatchEnd
            && strategy.mayHaveUTF8Walk(
                forSearchOfAtMost: length, findsGroups: findsGroups && numberOfCaptureGroups > 0, firstMatchOnly: firstMatchOnly)
    }

    /// Calls `body` with each match of the pattern in the well-formed UTF-8 `bytes[..<count]`
    /// of a Swift string (`isMostlyASCII` when it has fewer than nine bytes for eight UTF-16
    /// units), searched as a text of its own, left to right, in byte offsets: the
    /// matches of ICU's `findNext` loop on the same text's UTF-16, found without ICU by the way
    /// the pattern's strategy gives (``MatchStrategy/utf8Walk(forSearchOf:isMostlyASCII:findsGroups:firstMatchOnly:)``).
    /// `body` gets the match and, when `findsGroups`, a function that gives the range of each
    /// group (nil when it did not take part; group 0 is the match), valid during the call
    /// only; it returns false to stop the walk.
    ///
    /// Like ICU's loop, each search starts where the previous match ended, and one character
    /// further on after an empty match: one scalar, whose UTF-8 is one to four bytes, as ICU
    /// steps over one code point of UTF-16, a surrogate pair at once.
    ///
    /// - Returns: False when the walk is ICU's: the strategy has no way for this pattern and
    ///   text, or a way could not tell a match (`body` may then have had some of the
    ///   matches, which the caller discards, to search the UTF-16 instead). True when `body`
    ///   had every match, or stopped the walk.
    package func walkMatches(
        inUTF8 bytes: UnsafePointer<UInt8>, count: Int, isMostlyASCII: @autoclosure () -> Bool = false, findsGroups: Bool,
        firstMatchOnly: Bool,
        _ body: (Range<Int>, (Int) -> Range<Int>?) -> Bool
    ) -> Bool {
        // (Stored in the sink for the walk's call only.)
        withoutActuallyEscaping(body) { body in
            var sink = EachMatch(body: body)
            return walk(
                inUTF8: bytes, count: count, isMostlyASCII: isMostlyASCII(), findsGroups: findsGroups, firstMatchOnly: firstMatchOnly,
                into: &sink)
        }
    }

    /// Calls `body` with the matches of
    /// ``walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``, the same walk,
    /// in batches of consecutive matches, so that a caller that handles many matches alike
    /// (a results array) makes one call per batch: `body` gets the batch's bounds in byte
    /// offsets, `batch[2 * i]..<batch[2 * i + 1]` being its `i`-th match (one to
    /// ``maximumBatchMatches`` of them, in order), and the groups of the batch's last match,
    /// both valid during the call only; it returns false to stop the walk. A batch of several
    /// matches comes only from a walk that finds no groups (without `findsGroups`, or for a
    /// pattern without groups): with groups, each batch is one match. Returns what
    /// ``walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)`` returns.
    ///
    /// The automaton's runs (``MatchAutomaton/matchRun(inUTF8:from:to:into:capacity:)``) are
    /// the batches of several matches: its buffer is handed over as it is; every other way
    /// gives its matches one at a time.
    package func walkMatchBatches(
        inUTF8 bytes: UnsafePointer<UInt8>, count: Int, isMostlyASCII: @autoclosure () -> Bool = false, findsGroups: Bool,
        firstMatchOnly: Bool,
        _ body: (UnsafeBufferPointer<Int>, WalkMatchGroups) -> Bool
    ) -> Bool {
        // (Stored in the sink for the walk's call only.)
        withoutActuallyEscaping(body) { body in
            var sink = MatchBatches(body: body)
            return walk(
                inUTF8: bytes, count: count, isMostlyASCII: isMostlyASCII(), findsGroups: findsGroups, firstMatchOnly: firstMatchOnly,
                into: &sink)
        }
    }

    /// What takes the matches of the UTF-8 walk
    /// (``walk(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:into:)``): a match at a
    /// time, with its groups, or a run of the automaton's matches without groups at once. The
    /// walk is generic over its sink, so that each of its two clients gets a walk of its own,
    /// with no call between the walk and the client's body (a client of the batched walk,
    /// one call more a match, made a replacement of log lines' dates about 3% slower).
    protocol UTF8WalkSink {
        /// Takes the match `match`, with its groups in the backtracker's `slots` (see
        /// ``WalkMatchGroups``): whether the walk goes on.
        mutating func take(_ match: Range<Int>, slots: UnsafePointer<Int>?) -> Bool
        /// Takes the run of matches without groups whose bounds are `run` (in pairs, at least
        /// one match): whether the walk goes on.
        mutating func take(run: UnsafeBufferPointer<Int>) -> Bool
    }

    /// The sink of ``walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``:
    /// each match to `body`, one at a time.
    struct EachMatch: UTF8WalkSink {
        let body: (Range<Int>, (Int) -> Range<Int>?) -> Bool

        @inline(__always)
        mutating func take(_ match: Range<Int>, slots: UnsafePointer<Int>?) -> Bool {
            let groups = WalkMatchGroups(match: match, slots: slots)
            return body(match) { group in groups.range(of: group) }
        }

        @inline(__always)
        mutating func take(run: UnsafeBufferPointer<Int>) -> Bool {
            var index = 0
            while index < run.count {
                let match = run[index]..<run[index &+ 1]
                guard body(match, { group in group == 0 ? match : nil }) else { return false }
                index &+= 2
            }
            return true
        }
    }

    /// The sink of ``walkMatchBatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``:
    /// a run to `body` at once, any other match as a batch of one.
    struct MatchBatches: UTF8WalkSink {
        let body: (UnsafeBufferPointer<Int>, WalkMatchGroups) -> Bool

        @inline(__always)
        mutating func take(_ match: Range<Int>, slots: UnsafePointer<Int>?) -> Bool {
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2) { batch in
                batch[0] = match.lowerBound
                batch[1] = match.upperBound
                return body(UnsafeBufferPointer(batch), WalkMatchGroups(match: match, slots: slots))
            }
        }

        @inline(__always)
        mutating func take(run: UnsafeBufferPointer<Int>) -> Bool {
            body(run, WalkMatchGroups(match: run[run.count &- 2]..<run[run.count &- 1], slots: nil))
        }
    }

    /// The walk of ``walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``
    /// and ``walkMatchBatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``
    /// (see the first), its matches given to `sink`.
    private func walk<Sink: UTF8WalkSink>(
        inUTF8 bytes: UnsafePointer<UInt8>, count: Int, isMostlyASCII: @autoclosure () -> Bool, findsGroups: Bool,
        firstMatchOnly: Bool, into sink: inout Sink
    ) -> Bool {
        // `\G` matches where the previous match ended: ICU's loop alone knows that.
        guard !usesPreviousMatchEnd,
            let way = strategy.utf8Walk(
                forSearchOf: count, isMostlyASCII: isMostlyASCII(), findsGroups: findsGroups && numberOfCaptureGroups > 0,
                firstMatchOnly: firstMatchOnly)
        else { return false }
        switch way {
        case .literals(let literals):
            // Never empty, without groups.
            literals.forEachMatch(in: bytes, from: 0, to: count) { match in
                sink.take(match, slots: nil)
            }
            return true
        case .backReferences(let searchers):
            guard let searcher = searchers.take() else { return false }
            defer { searchers.put(searcher) }
            var from = 0
            while true {
                switch searcher.firstMatch(inUTF8: bytes, from: from, to: count) {
                case .match(let match):
                    let goesOn = sink.take(match, slots: searcher.lastMatchSlots)
                    guard goesOn, let next = Self.nextSearchStart(after: match, inUTF8: bytes, count: count) else { return true }
                    from = next
                case .noMatch:
                    return true
                case .unknown:
                    return false
                }
            }
        case .caseInsensitiveRuns(let scanner, let consumable, let automata):
            guard let automaton = automata.take() else { return false }
            defer { automata.put(automaton) }
            var from = 0
            while true {
                switch Self.firstMatchInCaseInsensitiveRuns(
                    inUTF8: bytes, from: from, count: count, scanner: scanner, consumable: consumable, automaton: automaton)
                {
                case .match(let match):
                    guard sink.take(match, slots: nil),
                        let next = Self.nextSearchStart(after: match, inUTF8: bytes, count: count)
                    else { return true }
                    from = next
                case .noMatch:
                    return true
                case .unknown:
                    return false
                }
            }
        case .automaton(let automata, let mustComeDense, let nearOccurrences):
            guard let automaton = automata.take() else { return false }
            defer { automata.put(automaton) }
            let backtracker = findsGroups && numberOfCaptureGroups > 0 ? captureBacktrackers?.take() : nil
            defer { if let backtracker { captureBacktrackers?.put(backtracker) } }
            if findsGroups && numberOfCaptureGroups > 0 && backtracker == nil { return false }
            // Dense matches with groups are found by one-pass runs, each match with its groups in
            // one forward run, as the walk in UTF-16 finds them (see ``MatchWalk``'s modes):
            // once the automaton's matches with groups come dense
            // (``MatchStrategy/groupMatchesAreDense(matches:units:)``), until a match comes
            // after a gap of more than ``MatchStrategy/sparseOnePassGap`` units or the runs
            // cannot tell (then never again). Both are judged in UTF-16 units, as in the walk in
            // UTF-16, which the runs replace at the same density: a character of two or three
            // bytes is one unit, and costs each search one step. Each run answers as ICU's
            // search from the same offset would (see ``CaptureBacktracker/firstOnePassMatch(inUTF8:from:lastStart:end:)``).
            // Read through an unretained reference, which `backtracker` keeps alive: bound to a
            // name in the loop, it was retained and released for each match (4.8% of the
            // samples of a replacement of log lines' fields).
            let onePassBacktracker = backtracker.flatMap { $0.isOnePass && !firstMatchOnly ? Unmanaged.passUnretained($0) : nil }
            // A walk whose matches must come dense takes the runs from the start, and gives up
            // where they are not in the first part of the text (see ``UTF8Walk/automaton(_:mustComeDense:nearOccurrences:)``).
            if mustComeDense && onePassBacktracker == nil { return false }
            let trialEnd = mustComeDense ? count / MatchStrategy.densityTrialShare : 0
            // The groups of a match, read through the slots' pointer, which the backtracker
            // held above keeps valid (see ``CaptureBacktracker/lastMatchSlots``).
            let slots = backtracker?.lastMatchSlots
            // Gives `body` a match the automaton found, with its groups: whether the walk goes
            // on, or nil when the backtracker cannot tell them.
            func report(_ match: Range<Int>) -> Bool? {
                guard let backtracker else { return sink.take(match, slots: nil) }
                // The backtracker's groups are ICU's for a match whose span is known (see
                // ``CaptureBacktracker``); it leaves a `\b` at the text's end to ICU.
                guard backtracker.match(inUTF8: bytes, spanning: match, end: count) == .match else { return nil }
                return sink.take(match, slots: slots)
            }
            var from = 0
            if let plan = nearOccurrences, let literals = plan.occurrenceSearchInUTF8 {
                // The plan's tries near the literal's occurrences (or its runs around them),
                // match by match, as the walk in UTF-16 makes them (see ``MatchWalk``), with the literals' next occurrences
                // kept from search to search; the walk's end (true: every match, or `body`
                // stopped it; false: ICU's), or nil when the matches come dense, for the
                // automaton's runs from `from`.
                let walkEnd = literals.withLeftmostOccurrences(in: bytes, to: count) { leftmostOccurrence -> Bool? in
                    var plannedMatches = 0
                    while true {
                        let found = plan.firstMatchFromAnOffset(
                            inUTF8: bytes, from: from, to: count, automaton: automaton, leftmostOccurrence: leftmostOccurrence)
                        switch found {
                        case .match(let match):
                            guard let goesOn = report(match) else { return false }
                            guard goesOn, let next = Self.nextSearchStart(after: match, inUTF8: bytes, count: count) else {
                                return true
                            }
                            from = next
                            plannedMatches += 1
                            if MatchStrategy.plannedMatchesAreDense(plan, matches: plannedMatches, units: match.upperBound) {
                                return nil
                            }
                        case .noMatch:
                            return true
                        case .unknown:
                            return false
                        }
                    }
                }
                if let walkEnd { return walkEnd }
            }
            // The automaton finds the loop's matches in runs (see ``MatchAutomaton/matchRun(inUTF8:from:to:into:capacity:)``),
            // one match for a first match alone, then runs twice as long each time.
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * Self.maximumBatchMatches) { buffer in
                let bounds = buffer.baseAddress!
                var capacity = firstMatchOnly ? 1 : 4
                var searchesOnePass = mustComeDense
                // The automaton's matches since it last took over from the runs (or since the
                // start), for the one-pass runs, and the UTF-16 units of the bytes it searched
                // up to `unitsCountedTo`, each byte counted once.
                var automatonMatches = 0
                var unitsCounted = 0
                var unitsCountedTo = from
                var givesUpOnePass = false
                while true {
                    if !searchesOnePass, onePassBacktracker != nil, !givesUpOnePass,
                        automatonMatches > SearchPlan.denseRunAllowance
                    {
                        unitsCounted &+= UTF16Text.utf16Count(ofUTF8: bytes, from: unitsCountedTo, to: from)
                        unitsCountedTo = from
                        searchesOnePass = MatchStrategy.groupMatchesAreDense(matches: automatonMatches, units: unitsCounted)
                    }
                    if searchesOnePass, let onePassBacktracker {
                        // In the first part of a walk whose matches must come dense, a search
                        // looks no further than a gap that would end the runs.
                        let isTrial = from < trialEnd
                        let lastStart = isTrial ? min(from + MatchStrategy.sparseOnePassGap, count) : count
                        let found = onePassBacktracker._withUnsafeGuaranteedRef {
                            $0.firstOnePassMatch(inUTF8: bytes, from: from, lastStart: lastStart, end: count)
                        }
                        switch found {
                        case .match(let match):
                            let goesOn = sink.take(match, slots: slots)
                            guard goesOn, let next = Self.nextSearchStart(after: match, inUTF8: bytes, count: count) else { return true }
                            // A gap in units is at most as long as in bytes: counted only when
                            // the bytes are more.
                            if match.lowerBound - from > MatchStrategy.sparseOnePassGap,
                                UTF16Text.utf16Count(ofUTF8: bytes, from: from, to: match.lowerBound) > MatchStrategy.sparseOnePassGap
                            {
                                searchesOnePass = false
                                automatonMatches = 0
                                unitsCounted = 0
                                unitsCountedTo = match.upperBound
                            }
                            from = next
                            continue
                        case .noMatch:
                            // No match up to a gap that would end the runs, in the trial.
                            if lastStart < count { return false }
                            return true
                        case .unknown:
                            if isTrial { return false }
                            // Nothing was found from `from`: the automaton searches from there.
                            searchesOnePass = false
                            givesUpOnePass = true
                        }
                    }
                    let run = automaton.matchRun(inUTF8: bytes, from: from, to: count, into: bounds, capacity: capacity)
                    automatonMatches &+= run.count
                    if backtracker == nil {
                        // Without groups, the run is one batch.
                        if run.count > 0 {
                            guard sink.take(run: UnsafeBufferPointer(start: UnsafePointer(bounds), count: 2 &* run.count)) else {
                                return true
                            }
                        }
                    } else {
                        for index in 0..<run.count {
                            guard let goesOn = report(bounds[2 &* index]..<bounds[2 &* index &+ 1]) else { return false }
                            guard goesOn else { return true }
                        }
                    }
                    switch run.end {
                    case .full:
                        // A full run's last match is followed by a search in the text (see
                        // ``MatchAutomaton/RunEnd/full``).
                        let last = bounds[2 &* run.count &- 2]..<bounds[2 &* run.count &- 1]
                        guard let next = Self.nextSearchStart(after: last, inUTF8: bytes, count: count) else { return true }
                        from = next
                        capacity = min(2 &* capacity, Self.maximumBatchMatches)
                    case .noMatch:
                        return true
                    case .unknown:
                        return false
                    }
                }
            }
        }
    }

    /// The groups of a match of the UTF-8 walk, the last of a batch of
    /// ``walkMatchBatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``: the match
    /// alone, or read from the slots of the backtracker that found them (see
    /// ``CaptureBacktracker/slot(_:)``), valid while the batch's call lasts.
    package struct WalkMatchGroups {
        /// The match.
        package let match: Range<Int>
        /// The backtracker's slots, nil for a walk that finds no groups.
        let slots: UnsafePointer<Int>?

        /// The bytes of group `group` (group 0 is the match), or nil when it took no part.
        @inline(__always)
        package func range(of group: Int) -> Range<Int>? {
            guard let slots else { return group == 0 ? match : nil }
            let start = slots[2 &* group]
            return start < 0 ? nil : start..<slots[2 &* group &+ 1]
        }
    }

    /// The most matches of one run of the automaton in ``walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``,
    /// and so of one batch of ``walkMatchBatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``.
    package static let maximumBatchMatches = 64

    /// ICU's first match in the well-formed UTF-8 `bytes[..<count]` from `from` (a character's
    /// first byte), for a pattern whose plan searches runs around the places of a
    /// case-insensitive match (``SearchPlan/Strategy/caseInsensitiveRuns(_:_:)``), found by the
    /// match automaton in those runs, as the plan's
    /// ``SearchPlan/firstMatch(in:range:anchored:find:)`` finds it with ICU in UTF-16, with the
    /// same argument: the pattern has no zero-width assertion, every match lies in a run of
    /// characters it can consume around a place `scanner` finds (see
    /// ``UTF8CaseInsensitiveScanner/init(literals:)``), and a run searched as a text of its own
    /// (the automaton reads nothing before `from`, and stops at the run's end) has the matches
    /// the whole text has there. No match starts between `from` and the first place's run: it
    /// would hold a place. A run without a match is passed over whole. As in UTF-16, a run
    /// longer than ``SearchPlan/longRunLimit`` bytes after its place, or runs denser than one
    /// per ``SearchPlan/denseRunSpacing`` bytes after ``SearchPlan/denseRunAllowance`` of
    /// them, leave the rest of the text to one search of the automaton from where the runs
    /// left off.
    static func firstMatchInCaseInsensitiveRuns(
        inUTF8 bytes: UnsafePointer<UInt8>, from: Int, count: Int, scanner: UTF8CaseInsensitiveScanner,
        consumable: ConsumableCharacters, automaton: MatchAutomaton
    ) -> MatchAutomaton.Outcome {
        var searchStart = from
        var runsSearched = 0
        while searchStart < count, let place = scanner.firstCandidate(in: bytes, from: searchStart, to: count) {
            let run = consumable.run(
                around: place, inUTF8: bytes, bounds: searchStart..<count, forwardLimit: SearchPlan.longRunLimit)
            if run.upperBound < count && run.upperBound - place >= SearchPlan.longRunLimit {
                return automaton.firstMatch(inUTF8: bytes, from: run.lowerBound, to: count)
            }
            let found = automaton.firstMatch(inUTF8: bytes, from: run.lowerBound, to: run.upperBound)
            if case .noMatch = found {} else { return found }
            runsSearched += 1
            // A place is a character's first byte; past its character when the run is empty.
            searchStart = run.upperBound > place ? run.upperBound : Self.nextSearchStart(after: place..<place, inUTF8: bytes, count: count) ?? count
            if runsSearched > SearchPlan.denseRunAllowance && runsSearched * SearchPlan.denseRunSpacing > searchStart - from {
                return automaton.firstMatch(inUTF8: bytes, from: searchStart, to: count)
            }
        }
        return .noMatch
    }

    /// Where ICU's loop starts the search after `match` in the well-formed UTF-8
    /// `bytes[..<count]`: at its end, or after the character there when it is empty; nil when
    /// that is past the text.
    @inline(__always)
    private static func nextSearchStart(after match: Range<Int>, inUTF8 bytes: UnsafePointer<UInt8>, count: Int) -> Int? {
        guard match.isEmpty else { return match.upperBound }
        guard match.upperBound < count else { return nil }
        let lead = bytes[match.upperBound]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return match.upperBound + length
    }
}
