extension MatchStrategy {
    /// One thread's searches from offsets of whole texts with a pattern's strategy (a
    /// ``RegexMatcher``'s): the ways it has made its own, and what it has learned of the
    /// matches, by which it takes and gives up ways. Unlike ``MatchStrategy/firstMatch(inUTF16:range:anchored:find:)``,
    /// these searches see the text before the offset (look-behind and `\b` read it), so each
    /// way below says why searching from the offset finds what ICU finds there.
    ///
    /// The order: the back-reference searcher; in a text of at least
    /// ``SearchPlan/minimumSearchLength`` units, the alternation's matcher (on that many units
    /// from the offset) or the plan; the one-pass runs, once taken; the match automaton, once
    /// the session has searched enough to repay it; for a pattern with groups that has none,
    /// the capture backtracker's search; ICU.
    struct Session: ~Copyable {
        /// The pattern whose strategy's ways the session uses.
        let pattern: RegexPattern

        /// The pattern's match automaton, the session's once it has searched enough (see
        /// ``MatchStrategy/makesAutomaton(afterSearching:)``): borrowed from the pattern's pool
        /// with the table it has filled, and given back when the session ends (see
        /// ``givesBackAutomaton``).
        private(set) var matchAutomaton: MatchAutomaton? {
            didSet { judgeAutomatonAlone() }
        }
        /// True when ``matchAutomaton`` was borrowed from the pattern's pool and no one else
        /// holds it: the session gives it back when it ends, so that the next matcher of the
        /// pattern (a loop that makes one per text) starts with the states this one worked out,
        /// as the walk over every match does, instead of working them out anew at each text.
        /// The table holds what the pattern's classes and states are, nothing of the texts
        /// searched. An automaton lent out (``lendMatchAutomaton()``) or adopted is kept.
        private var givesBackAutomaton = false
        /// The units searched so far, until the automaton is made; -1 once it is made, or known
        /// to be impossible.
        private var unitsSearched = 0

        /// The matches found with the search plan, and the units their searches covered: the
        /// session gives up the plan when they come dense
        /// (``MatchStrategy/plannedMatchesAreDense(_:matches:units:)``), as the walk over every
        /// match does.
        private var plannedMatches = 0
        private var plannedUnits = 0
        /// True once the plan's matches came too dense (see ``plannedMatches``).
        private var givesUpPlan = false {
            didSet { openPlannedWays() }
        }

        /// Whether a search of a long text may go to the alternation's matcher or the plan (see
        /// ``plannedFirstMatch(in:count:from:find:)``): false when the pattern has neither, its
        /// plan does not search from an offset, the plan was given up, or the session's
        /// automaton is faster than the plan. Kept, so that a search does not ask the strategy.
        private var takesPlannedWays = false {
            didSet { judgeAutomatonAlone() }
        }
        /// The plan that searches from an offset, while the session may take it
        /// (``MatchStrategy/planForSearchesFromAnOffset(automaton:)``, or
        /// ``MatchStrategy/planNearOccurrences(automaton:)`` once the session has its
        /// automaton; nil once given up): kept,
        /// so that a search does not copy it out of the strategy (a reference count taken and
        /// dropped for each of its parts, per call). It depends on the pattern alone.
        private var openPlan: SearchPlan?

        /// The automaton's matches of a pattern with groups, the units their searches covered
        /// and the units they matched: when they come dense
        /// (``MatchStrategy/groupMatchesAreDense(matches:units:)``) and long
        /// (``MatchStrategy/onePassRunsRepay(matches:matchedUnits:)``), the session takes the
        /// one-pass runs of the pattern's capture backtracker (see
        /// ``CaptureBacktracker/firstOnePassMatch(inUTF16:from:end:)``), and gives them up when
        /// a match comes after more than ``MatchStrategy/sparseOnePassGap`` units or a run
        /// cannot tell.
        private var automatonMatches = 0
        private var automatonUnits = 0
        private var automatonMatchedUnits = 0
        private var onePassBacktracker: CaptureBacktracker? {
            didSet { judgeAutomatonAlone() }
        }
        private var givesUpOnePass = false {
            didSet { judgeAutomatonAlone() }
        }

        /// The pattern's back-reference searcher, the session's own once its searches have cost
        /// enough to work it out (``MatchStrategy/mayUseBackReferenceSearcher(_:forSearchOf:)``);
        /// ``givesUpBackReferences`` once the pattern turned out to have none, and from the start
        /// when it has no searchers to work out (so that a search asks one flag).
        private var backReferenceSearcher: BackReferenceSearcher? {
            didSet { judgeAutomatonAlone() }
        }
        private var givesUpBackReferences = false {
            didSet { judgeAutomatonAlone() }
        }

        /// The capture backtracker of `X` of a pattern `^X$`, the session's own once its
        /// searches have cost enough to work it out (see ``wholeTextOutcome(inUTF16:count:from:)``);
        /// ``givesUpWholeText`` once the pattern turned out to have none.
        private var wholeTextBacktracker: CaptureBacktracker?
        private var givesUpWholeText = false {
            didSet { judgeAutomatonAlone() }
        }

        /// The pattern's capture backtracker, for the searches of a pattern with groups that
        /// has no match automaton (see ``backtrackingOutcome(inUTF16:count:from:)``), borrowed
        /// on first use; ``givesUpBacktrackingSearch`` once it turned out to have none.
        private var searchBacktracker: CaptureBacktracker?
        private var givesUpBacktrackingSearch = false

        /// The number of capture groups of the pattern.
        private let groupCount: Int

        /// True when a search from an offset has the match automaton as its only way before
        /// ICU, whatever the text (see ``judgeAutomatonAlone()``): the search then goes to it
        /// at once (``automatonAloneOutcome(inUTF16:count:from:)``), without asking for each of
        /// the other ways in turn whether it applies. Kept, so that a search asks one flag.
        private(set) var searchesWithAutomatonAlone = false

        /// Sets ``searchesWithAutomatonAlone`` for what the session now has; called whenever
        /// one of the facts it depends on changes (their observers, and the initializer, whose
        /// own settings observe nothing). Each fact below is what makes
        /// ``firstMatch(inUTF16:count:from:find:)`` pass one of its ways by, for any text and
        /// offset, once the session has its automaton:
        /// - no back-reference searcher, and none to come (``givesUpBackReferences``):
        ///   ``backReferenceSearcher(afterSearching:)`` answers nil;
        /// - no planned ways (``takesPlannedWays``), whatever the text's length;
        /// - the whole-text backtracker given up (``givesUpWholeText``);
        /// - no one-pass runs taken, and none to take: the pattern has no groups, or the runs
        ///   were given up, so that a match of the automaton is not counted
        ///   (``judgeDensity(of:from:)``);
        /// - the automaton made (``makesAutomaton(afterSearching:)`` is then true at once, and
        ///   counts nothing), so that the capture backtracker's search is not tried either.
        /// The search from a place that is no search start (see
        /// ``isSearchStart(_:inUTF16:count:)``) stays ICU's.
        private mutating func judgeAutomatonAlone() {
            searchesWithAutomatonAlone =
                matchAutomaton != nil
                && backReferenceSearcher == nil
                && givesUpBackReferences
                && !takesPlannedWays
                && givesUpWholeText
                && onePassBacktracker == nil
                && (groupCount == 0 || givesUpOnePass)
        }

        /// Starts a session of the strategy of `pattern`.
        init(_ pattern: RegexPattern) {
            self.pattern = pattern
            self.groupCount = pattern.numberOfCaptureGroups
            openPlannedWays()
            givesUpWholeText = pattern.strategy.wholeTextBacktrackers == nil
            givesUpBackReferences = pattern.strategy.backReferenceSearchers == nil
            judgeAutomatonAlone()
        }

        /// Sets ``takesPlannedWays`` and ``openPlan`` for what the session now has.
        private mutating func openPlannedWays() {
            openPlan =
                givesUpPlan
                ? nil
                : pattern.strategy.planForSearchesFromAnOffset(automaton: matchAutomaton)
                    ?? pattern.strategy.planNearOccurrences(automaton: matchAutomaton)
            takesPlannedWays = pattern.strategy.literalAlternation != nil || openPlan != nil
        }

        deinit {
            if givesBackAutomaton, let matchAutomaton { pattern.strategy.matchAutomata?.put(matchAutomaton) }
            if let onePassBacktracker { pattern.strategy.captureBacktrackers?.put(onePassBacktracker) }
            if let wholeTextBacktracker { pattern.strategy.wholeTextBacktrackers?.put(wholeTextBacktracker) }
            if let searchBacktracker { pattern.strategy.captureBacktrackers?.put(searchBacktracker) }
        }

        /// The session's match automaton, for a caller that keeps it beside the session (the
        /// line strategy, the multi-line search): the session then keeps it too, and does not
        /// give it back to the pattern's pool when it ends.
        mutating func lendMatchAutomaton() -> MatchAutomaton? {
            givesBackAutomaton = false
            return matchAutomaton
        }

        /// Makes `automaton` the session's automaton from now on (see
        /// ``RegexMatcher/multilineMatchAutomaton``).
        mutating func adopt(_ automaton: MatchAutomaton?) {
            if givesBackAutomaton, let matchAutomaton { pattern.strategy.matchAutomata?.put(matchAutomaton) }
            givesBackAutomaton = false
            unitsSearched = -1
            matchAutomaton = automaton
            openPlannedWays()
        }

        /// The first match at or after `from` in the `count` units at `base`, in its offsets;
        /// ``Outcome/unknown(from:)`` when ICU is to search from there. `find(text, start)` is
        /// ICU's search of `base[text]` as a text of its own from `start` within it, for the
        /// runs the plan hands to ICU.
        @inline(__always)
        mutating func firstMatch(
            inUTF16 base: UnsafePointer<UInt16>, count: Int, from: Int,
            find: (Range<Int>, Int) throws(ICURegexError) -> Range<Int>?
        ) throws(ICURegexError) -> Outcome {
            if searchesWithAutomatonAlone {
                return automatonAloneOutcome(inUTF16: base, count: count, from: from)
            }
            let hasAutomaton = makesAutomaton(afterSearching: count - from)
            guard Self.isSearchStart(from, inUTF16: base, count: count) else { return .unknown(from: from) }
            // The searcher answers as ICU's search of the whole text from `from` does (see
            // ``BackReferenceSearcher``).
            if let searcher = backReferenceSearcher(afterSearching: count - from) {
                return outcome(of: searcher.firstMatch(inUTF16: base, from: from, to: count))
            }
            // A long text is searched with the plan from any offset, as the walk over its every
            // match searches it: a loop of searches near its end (its last few thousand units)
            // costs no more with the plan's scan than elsewhere, where the automaton or ICU
            // would read every unit.
            if takesPlannedWays && count >= SearchPlan.minimumSearchLength {
                switch try plannedFirstMatch(in: base, count: count, from: from, find: find) {
                case .match(let match): return .match(match)
                case .noMatch: return .noMatch
                case .unknown: break
                }
            }
            if !givesUpWholeText, let outcome = wholeTextOutcome(inUTF16: base, count: count, from: from) {
                return outcome
            }
            // The runs answer as ICU's search from `from` (see ``CaptureBacktracker``). The
            // session's backtracker and automaton are reached without a reference count of the
            // search's own: the session holds them throughout.
            if onePassBacktracker != nil {
                let outcome = Unmanaged.passUnretained(onePassBacktracker.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                    $0.firstOnePassMatch(inUTF16: base, from: from, end: count)
                }
                switch outcome {
                case .match(let match):
                    if match.lowerBound - from > MatchStrategy.sparseOnePassGap { leaveOnePassRuns(givingUp: false) }
                    return .match(match)
                case .noMatch: return .noMatch
                case .unknown: leaveOnePassRuns(givingUp: true)
                }
            }
            if hasAutomaton {
                switch automatonOutcome(inUTF16: base, count: count, from: from) {
                case .match(let match):
                    if !givesUpOnePass && groupCount > 0 { judgeDensity(of: match, from: from) }
                    return .match(match)
                case .noMatch: return .noMatch
                case .unknown: break
                }
            }
            if !hasAutomaton && !givesUpBacktrackingSearch && groupCount > 0 && count - from >= SearchPlan.minimumSearchLength,
                let outcome = backtrackingOutcome(inUTF16: base, count: count, from: from)
            {
                return outcome
            }
            return .unknown(from: from)
        }

        /// True when a search from `from` in the `count` units at `base` may be answered by the
        /// session's ways: `from` is in the text, and not between the two halves of a pair (such
        /// a search is ICU's to answer).
        @inline(__always)
        private static func isSearchStart(_ from: Int, inUTF16 base: UnsafePointer<UInt16>, count: Int) -> Bool {
            // `0...count`, in one comparison (`count` is not negative).
            guard UInt(bitPattern: from) <= UInt(bitPattern: count) else { return false }
            return from == count || !UTF16.isTrailSurrogate(base[from]) || from == 0 || !UTF16.isLeadSurrogate(base[from &- 1])
        }

        /// The session's automaton's first match at or after `from` in the `count` units at
        /// `base` (a search start, see ``isSearchStart(_:inUTF16:count:)``). The automaton reads
        /// the text before `from` for `\b`, as ICU does (see ``MatchAutomaton``); it is reached
        /// without a reference count of the search's own: the session holds it throughout.
        @inline(__always)
        private func automatonOutcome(inUTF16 base: UnsafePointer<UInt16>, count: Int, from: Int) -> MatchAutomaton.Outcome {
            Unmanaged.passUnretained(matchAutomaton.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                $0.firstMatch(inUTF16: base, from: from, to: count)
            }
        }

        /// ``firstMatch(inUTF16:count:from:find:)`` while ``searchesWithAutomatonAlone``: every
        /// way before the automaton passes the search by, and after it only ICU is left, so
        /// this is that search's answer.
        ///
        /// The automaton's search is the one ``automatonOutcome(inUTF16:count:from:)`` makes,
        /// entered through its generic body
        /// (``MatchAutomaton/firstMatch(in:from:to:anchored:run:)``, which
        /// ``MatchAutomaton/firstMatch(inUTF16:from:to:anchored:)`` calls) so that it is inlined
        /// here, unanchored: in a loop of searches of dense matches (a match every few
        /// characters, each search a few dozen instructions besides its scan) the call and the
        /// anchored search's branches are a large part of a search.
        @inline(__always)
        private func automatonAloneOutcome(inUTF16 base: UnsafePointer<UInt16>, count: Int, from: Int) -> Outcome {
            guard Self.isSearchStart(from, inUTF16: base, count: count) else { return .unknown(from: from) }
            let outcome = Unmanaged.passUnretained(matchAutomaton.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                $0.firstMatch(in: UTF16ScannedText(units: base), from: from, to: count, anchored: false)
            }
            switch outcome {
            case .match(let match): return .match(match)
            case .noMatch: return .noMatch
            case .unknown: return .unknown(from: from)
            }
        }

        /// The units of the visited window of each of the session's backtracking searches: it
        /// is cleared at every search (see ``backtrackingOutcome(inUTF16:count:from:)``).
        static let backtrackingWindowColumns = 64

        /// For a pattern with groups that has no match automaton (more positions than it holds:
        /// rebar's `lexer-veryl`), ICU's first match at or after `from` in the `count` units at
        /// `base`, from the capture backtracker's search (see
        /// ``CaptureBacktracker/firstMatch(inUTF16:from:end:windowColumns:)``, which answers as
        /// ICU's search of the whole text from `from` does); nil when the pattern has an
        /// automaton or may still get one, has no backtracker that searches, or the search
        /// cannot tell. Each search starts a new window of the visited table: the session's
        /// texts may change between searches (the same buffer refilled), so nothing a search
        /// learned is kept for the next; the window is kept short, so that clearing it costs
        /// less than ICU's search.
        private mutating func backtrackingOutcome(inUTF16 base: UnsafePointer<UInt16>, count: Int, from: Int) -> Outcome? {
            if searchBacktracker == nil {
                switch pattern.strategy.matchAutomata?.state {
                case .absent: break
                case .present: givesUpBacktrackingSearch = true
                default: return nil
                }
                guard let backtracker = pattern.strategy.captureBacktrackers?.take() else {
                    if pattern.strategy.captureBacktrackers?.isPlanned != false { givesUpBacktrackingSearch = true }
                    return nil
                }
                guard backtracker.searches, !givesUpBacktrackingSearch else {
                    pattern.strategy.captureBacktrackers?.put(backtracker)
                    givesUpBacktrackingSearch = true
                    return nil
                }
                searchBacktracker = backtracker
            }
            let outcome = Unmanaged.passUnretained(searchBacktracker.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                backtracker -> MatchAutomaton.Outcome in
                backtracker.beginSearches()
                return backtracker.firstMatch(inUTF16: base, from: from, end: count, windowColumns: Self.backtrackingWindowColumns)
            }
            switch outcome {
            case .match(let match): return .match(match)
            case .noMatch: return .noMatch
            case .unknown: return nil
            }
        }

        /// The first match at or after byte `from` in the `count` bytes of UTF-8 at `bytes`;
        /// ``Outcome/unknown(from:)`` when ICU is to search from there. The plan and the
        /// one-pass runs read UTF-16 only: the back-reference searcher and the automaton are
        /// this search's ways.
        @inline(__always)
        mutating func firstMatch(inUTF8 bytes: UnsafePointer<UInt8>, count: Int, from: Int) -> Outcome {
            // A search from inside a character is ICU's to answer.
            guard from >= 0, from <= count, count <= Int(Int32.max), from == count || bytes[from] & 0xC0 != 0x80 else {
                _ = backReferenceSearcher(afterSearching: count - from)
                _ = makesAutomaton(afterSearching: count - from)
                return .unknown(from: from)
            }
            if let searcher = backReferenceSearcher(afterSearching: count - from) {
                return outcome(of: searcher.firstMatch(inUTF8: bytes, from: from, to: count))
            }
            if makesAutomaton(afterSearching: count - from) {
                let outcome = Unmanaged.passUnretained(matchAutomaton.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                    $0.firstMatch(inUTF8: bytes, from: from, to: count)
                }
                switch outcome {
                case .match(let match): return .match(match)
                case .noMatch: return .noMatch
                case .unknown: break
                }
            }
            return .unknown(from: from)
        }

        @inline(__always)
        private func outcome(of outcome: BackReferenceSearcher.Outcome) -> Outcome {
            switch outcome {
            case .match(let match): return .match(match)
            case .noMatch: return .noMatch
            // No match starts before `position`.
            case .unknown(let position): return .unknown(from: position)
            }
        }

        /// For a pattern `^X$` (``MatchStrategy/wholeTextBacktrackers``), ICU's first match at or
        /// after `from` in the `count` units at `base`, whose last is no line terminator, from
        /// `X`'s one-pass run over the whole text, or its backtracker's match of the whole text;
        /// nil when the session does not have them yet or they cannot tell. A search from past the start finds nothing: `^` (or `\A`)
        /// holds only at the text's start, without multi-line anchors. From the start, ICU's
        /// match is the first way of `X`, in ICU's order, that ends at the text's end, where
        /// alone `$` (`\Z`, `\z`) holds; the run's answer is decided as in ``MatchWalk``'s
        /// whole-text mode: a match that ends there, or no match at all.
        private mutating func wholeTextOutcome(inUTF16 base: UnsafePointer<UInt16>, count: Int, from: Int) -> Outcome? {
            guard count > 0, !MatchWalk.isLineTerminator(base[count - 1]) else { return nil }
            if wholeTextBacktracker == nil {
                wholeTextBacktracker = pattern.strategy.borrowedWholeTextBacktracker(forSearchOf: count)
                guard wholeTextBacktracker != nil else {
                    // Worked out, and none to take: for good.
                    if pattern.strategy.wholeTextBacktrackers?.isPlanned != false { givesUpWholeText = true }
                    return nil
                }
            }
            guard from == 0 else { return .noMatch }
            return Unmanaged.passUnretained(wholeTextBacktracker.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                backtracker -> Outcome? in
                if backtracker.isOnePass {
                    switch backtracker.onePassMatch(inUTF16: base, at: 0, end: count) {
                    case .match(let match) where match.upperBound == count: return .match(match)
                    case .noMatch: return .noMatch
                    case .match, .unknown: break
                    }
                }
                // The first way of `X` that ends at the text's end (see ``CaptureBacktracker``).
                switch backtracker.match(inUTF16: base, spanning: 0..<count, end: count) {
                case .match: return .match(0..<count)
                case .noMatch: return .noMatch
                case .unknown: return nil
                }
            }
        }

        /// Counts `match`, found by the automaton from `from`, and takes the one-pass runs when
        /// the matches come dense (see ``automatonMatches``).
        private mutating func judgeDensity(of match: Range<Int>, from: Int) {
            automatonMatches += 1
            automatonUnits += match.upperBound - from
            automatonMatchedUnits += match.count
            guard MatchStrategy.groupMatchesAreDense(matches: automatonMatches, units: automatonUnits) else { return }
            guard MatchStrategy.onePassRunsRepay(matches: automatonMatches, matchedUnits: automatonMatchedUnits) else {
                givesUpOnePass = true
                return
            }
            if let backtracker = pattern.strategy.captureBacktrackers?.take() {
                if backtracker.isOnePass {
                    onePassBacktracker = backtracker
                    return
                }
                pattern.strategy.captureBacktrackers?.put(backtracker)
            }
            givesUpOnePass = true
        }

        /// Goes back from the one-pass runs to the automaton, for good when `givingUp`.
        private mutating func leaveOnePassRuns(givingUp: Bool) {
            if let onePassBacktracker { pattern.strategy.captureBacktrackers?.put(onePassBacktracker) }
            onePassBacktracker = nil
            automatonMatches = 0
            automatonUnits = 0
            automatonMatchedUnits = 0
            givesUpOnePass = givingUp
        }

        /// The first match at or after `from` in the `count` units at `base`, found as the walk
        /// over every match finds it (see ``MatchWalk``): the matcher of an alternation of many
        /// strings, which reads the text around `from` itself; or the search plan on
        /// `base[from..<count]` as a text of its own, for a pattern without zero-width
        /// assertions, whose matches depend only on the characters they cover (the runs the
        /// plan hands to ICU are searched by `automaton` when the session has one); or, for a
        /// pattern with them, the plan's tries near its literal's occurrences in the whole
        /// text (or its runs around them, searched in place), with the session's automaton,
        /// which then searches from where they leave off.
        /// `.unknown` when none applies, the automaton cannot tell, or the plan's matches came
        /// too dense: the caller then searches without them.
        private mutating func plannedFirstMatch(
            in base: UnsafePointer<UInt16>, count: Int, from: Int,
            find: (Range<Int>, Int) throws(ICURegexError) -> Range<Int>?
        ) throws(ICURegexError) -> MatchAutomaton.Outcome {
            // The session holds its automaton throughout: the searches below reach it without a
            // reference count of their own (a search of a literal's occurrences costs little
            // more than a retain and a release).
            let automaton = matchAutomaton.map { Unmanaged.passUnretained($0) }
            if let matcher = pattern.strategy.literalAlternation(forSearchOf: count - from) {
                return matcher.firstMatch(inUTF16: base, from: from, to: count)
            }
            guard let plan = openPlan else { return .unknown }
            let found: Range<Int>?
            if !plan.findsMatchesByTheirCharactersAlone, let automaton {
                let outcome = automaton._withUnsafeGuaranteedRef {
                    plan.firstMatchFromAnOffset(inUTF16: base, from: from, to: count, automaton: $0)
                }
                guard case .match(let match) = outcome else { return outcome }
                found = match
            } else {
                found = try plan.firstMatch(in: base, range: from..<count, anchored: false) { text, start throws(ICURegexError) in
                    guard let automaton else { return try find(text, start) }
                    return try automaton.takeUnretainedValue().firstMatch(inUTF16: base + text.lowerBound, from: start, to: text.count) {
                        () throws(ICURegexError) in try find(text, start)
                    }
                }.range
            }
            guard let match = found else { return .noMatch }
            plannedMatches += 1
            plannedUnits += match.upperBound - from
            if MatchStrategy.plannedMatchesAreDense(plan, matches: plannedMatches, units: plannedUnits) { givesUpPlan = true }
            return .match(match)
        }

        /// The pattern's back-reference searcher, once this session may use it (see
        /// ``backReferenceSearcher``) after a search of `count` more units.
        @inline(__always)
        private mutating func backReferenceSearcher(afterSearching count: Int) -> BackReferenceSearcher? {
            if let backReferenceSearcher { return backReferenceSearcher }
            guard !givesUpBackReferences, let searchers = pattern.strategy.backReferenceSearchers else { return nil }
            guard pattern.strategy.mayUseBackReferenceSearcher(searchers, forSearchOf: max(0, count)) else { return nil }
            backReferenceSearcher = searchers.automatonOfItsOwn()
            givesUpBackReferences = backReferenceSearcher == nil
            return backReferenceSearcher
        }

        /// Whether the session has its match automaton (``matchAutomaton``), made once `count`
        /// more units bring the units searched, by this session or pattern-wide by the searches
        /// the plan does not take (``MatchStrategy/mayUseAutomaton(_:forUnplannedSearchOf:)``),
        /// to ``SearchPlan/automatonSearchLength`` (at once when the pattern's plan is worked
        /// out); false before, and when the pattern has none.
        @inline(__always)
        private mutating func makesAutomaton(afterSearching count: Int) -> Bool {
            if matchAutomaton != nil { return true }
            guard unitsSearched >= 0 else { return false }
            return makesAutomatonNow(afterSearching: count)
        }

        /// See ``makesAutomaton(afterSearching:)``: the part of the searches before it is made.
        @inline(never)
        private mutating func makesAutomatonNow(afterSearching count: Int) -> Bool {
            guard let automata = pattern.strategy.matchAutomata else {
                unitsSearched = -1
                return false
            }
            unitsSearched += max(0, count)
            guard pattern.strategy.makesAutomaton(afterSearching: unitsSearched)
                || pattern.strategy.mayUseAutomaton(automata, forUnplannedSearchOf: max(0, count))
            else { return false }
            unitsSearched = -1
            matchAutomaton = automata.take()
            givesBackAutomaton = matchAutomaton != nil
            openPlannedWays()
            return matchAutomaton != nil
        }
    }
}
