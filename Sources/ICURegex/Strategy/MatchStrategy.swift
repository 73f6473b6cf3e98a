import CICUShim
import Synchronization

/// How one ``RegexPattern`` finds its matches: the ways it has besides ICU, ranked, and the
/// rules that decide, search by search, which of them answers. Chosen once, when the pattern is
/// compiled (each way's costly part is worked out on first use), and asked by every search of
/// the pattern: ``RegexPattern``'s first match in UTF-16, UTF-8, `String` and `Substring`,
/// ``RegexMatcher``'s searches from an offset, ``MatchWalk``'s walk over every match, and the
/// walk over every match in a string's UTF-8 (``utf8Walk(forSearchOf:isMostlyASCII:findsGroups:firstMatchOnly:)``,
/// which `ICURegularExpression` asks instead of transcoding a `String`). Each
/// decision (which way, the length thresholds, when a way is given up) is made here, in one
/// place, after regex-automata's `meta::Strategy`.
///
/// The ways, in the order they are tried:
/// 1. the back-reference searcher (``BackReferenceSearcher``), for a pattern with back
///    references, once searches have cost enough to work it out;
/// 2. on ranges of at least ``SearchPlan/minimumSearchLength`` units: the matcher of an
///    alternation of many strings (``LiteralAlternationMatcher``), then the ``SearchPlan``
///    (exact or required literals, runs around a scanner's places or the line automaton's),
///    whose runs go to the match automaton once it is worked out, and whose literal near the
///    match's start has the automaton try the starts near each occurrence, or, far into a
///    match with assertions, search the runs around each occurrence in place (in the walks
///    over every match and the matchers' searches too: ``planNearOccurrences(automaton:)``; in
///    the walk over a string's UTF-8: ``UTF8Walk/automaton(_:mustComeDense:nearOccurrences:)``);
/// 3. the match automaton (``MatchAutomaton``), once searches have cost enough to work it out;
/// 4. for a walk over dense matches with groups, the one-pass runs of the capture
///    backtracker (``CaptureBacktracker/firstOnePassMatch(inUTF16:from:end:)``);
/// 5. for a walk over a text of a pattern `^X$`, the one-pass run of `X`'s capture backtracker
///    over the whole text, or its backtracker's match of the whole text when `X` is not
///    one-pass (``wholeTextBacktrackers``), once such walks have cost enough to work it out;
/// 6. for a walk over a long text of a pattern with groups that has no match automaton (more
///    positions than it holds: rebar's `lexer-veryl`), the capture backtracker's own searches
///    (``CaptureBacktracker/firstMatch(inUTF16:from:end:)``);
/// 7. ICU.
///
/// Every way answers exactly as ICU would, or answers that it cannot tell (``Outcome/unknown(from:)``),
/// and the next way (in the end ICU) then searches; so the result never depends on which way
/// answered, only the time does. Each way's argument is given beside its code below.
///
/// The strategy is stored in its pattern, not referenced (it is not copyable), so that a
/// search reaches its ways through the pattern it holds. A short search costs about 100 ns,
/// so a reference count taken per call shows: see `Benchmarks/results/2026-11-29-one-strategy/`
/// for the three that the first version of this type added, and how they were removed.
struct MatchStrategy: ~Copyable, Sendable {
    /// How long ranges are searched faster than by ICU alone; nil when the pattern offers no
    /// way (see ``SearchPlan``).
    let plan: SearchPlan?

    /// Finds where matches lie without ICU, for patterns whose matches depend on their
    /// characters and word boundaries alone (see ``MatchAutomaton``); nil without the search
    /// plan.
    let matchAutomata: LazyMatchAutomaton?

    /// Finds the capture groups of a match whose span is known without ICU (see
    /// ``CaptureBacktracker``), worked out on first use; nil without the search plan or
    /// groups.
    let captureBacktrackers: LazyCaptureBacktracker?

    /// Finds the matches of a pattern with back references, with their groups, without ICU
    /// (see ``BackReferenceSearcher``), worked out on first use; nil without the search plan
    /// or when the pattern holds no back reference.
    let backReferenceSearchers: LazyBackReferenceSearcher?

    /// Finds the matches of an alternation of many strings without ICU (see
    /// ``LiteralAlternationMatcher``), worked out on first use; nil without the search plan or
    /// when the pattern is not one.
    let literalAlternation: LazyValue<LiteralAlternationMatcher?>?

    /// The search for the pattern's literals in UTF-8, when the plan says that its matches
    /// are exactly its literals, with case (``SearchPlan/answersWithoutICU``), the plan's
    /// prefilter has their UTF-8 scan (one to eight literals: ``Prefilter/utf8Literals``), and
    /// the pattern has no group (see ``UTF8LiteralSearch``): the first of the ways of a walk
    /// over a string's UTF-8 (see ``utf8Walk(forSearchOf:isMostlyASCII:findsGroups:firstMatchOnly:)``).
    let utf8Literals: UTF8LiteralSearch?

    /// The scan for the places of a case-insensitive match in UTF-8, when the plan searches
    /// runs around the places of its prefilter ignoring case (see
    /// ``SearchPlan/Strategy/caseInsensitiveRuns(_:_:)``): the prefilter's scan of the same
    /// literals in the bytes (``Prefilter/utf8CaseInsensitiveScanner``), for a walk over a
    /// string's UTF-8 (see ``utf8Walk(forSearchOf:isMostlyASCII:findsGroups:firstMatchOnly:)``).
    let utf8CaseInsensitiveScanner: UTF8CaseInsensitiveScanner?

    /// For a pattern `^X$` (``RegexSyntax/wholeTextBody``) without multi-line anchors, the
    /// capture backtrackers of `X` (when `X` has a program without back references), worked out
    /// on first use; nil for other patterns and without the search plan. A walk over a text whose last character is no line terminator (a line
    /// searched as a text of its own: rebar's `unicode-character-data/parse-line`, 15 groups)
    /// takes them: there `^` holds only at the text's start and `$` only at its end, so ICU's
    /// loop finds at most one match, the first way of `X` from the start, in ICU's order, that
    /// ends at the text's end, with its groups (``MatchWalk``'s `wholeTextMatch` gives the
    /// argument for each answer).
    let wholeTextBacktrackers: LazyCaptureBacktracker?

    /// The units searched, plus ``unitsChargedPerSearch`` per search, by walks that could have
    /// used ``wholeTextBacktrackers`` before they were worked out (see
    /// ``unitsSearchedForBackReferences``).
    private let unitsSearchedForWholeTexts = Atomic<Int>(0)

    /// The length of range whose search by ICU repays working out ``literalAlternation``: see
    /// ``literalAlternation(forSearchOf:)``.
    let literalAlternationRepayingLength: Int

    /// The units searched, plus ``unitsChargedPerSearch`` per search, by searches that could
    /// have used ``backReferenceSearchers`` before they were worked out: once it reaches
    /// ``SearchPlan/automatonSearchLength``, they are (as ``unitsSearchedWithoutPlan`` does for
    /// the match automaton).
    private let unitsSearchedForBackReferences = Atomic<Int>(0)

    /// The cost of the pattern's searches that the search plan does not take (shorter than
    /// ``SearchPlan/minimumSearchLength``, or without a plan), in units read plus
    /// ``unitsChargedPerSearch`` for each call: once it reaches
    /// ``SearchPlan/automatonSearchLength``, the match automaton is worked out, and such
    /// searches, however short, use it. Once built, the automaton decides a short text in a few
    /// tens of nanoseconds, where ICU's call alone (its matcher's reset, `setText`, the
    /// pool's lending) costs more than that; what remains is the plan's one-time cost, which
    /// a thousand or so short calls repay, as one long search does.
    private let unitsSearchedWithoutPlan = Atomic<Int>(0)

    /// ICU's work on the pattern's searches: the count of ICU's match callbacks on every
    /// matcher of the pattern (`icushim_regex_set_work_counter`; ``MatcherHandle/clone(_:limits:workCounter:)``
    /// gives it to each), one per 10,000 saves of backtracking state. Most searches add nothing;
    /// one on which ICU backtracks heavily adds in proportion to its time, however short its
    /// text (rebar's `cloud-flare-redos/simplified-long`, `.*.*=.*` over 10,000 units: about
    /// half a second and 5,000 callbacks a search). Allocated here so that its address stays
    /// put for the shim; freed with the pattern, after its matchers.
    nonisolated(unsafe) let icuWorkCounter: UnsafeMutablePointer<Int64>

    /// ICU's work on the pattern's searches so far (``icuWorkCounter``) in units searched:
    /// ``unitsPerICUCallback`` for each callback.
    @inline(__always)
    var unitsOfICUWork: Int { Int(icushim_work_count(icuWorkCounter)) &* Self.unitsPerICUCallback }

    /// The units that one of ICU's match callbacks (10,000 saves of backtracking state) counts
    /// for in ``mayUse(_:forSearchOf:costSoFar:)``: one per save, as if each save cost ICU the
    /// time of reading a unit, which it takes at least (a save writes a frame of ICU's stack,
    /// and its backtracking pops it again). So seven callbacks, about 7 ms of ICU's
    /// backtracking, count as a search of ``SearchPlan/automatonSearchLength`` units.
    static let unitsPerICUCallback = 10_000

    /// What each search that the plan does not take adds to ``unitsSearchedWithoutPlan``
    /// beyond its units: ICU's fixed cost of a call, in units the automaton scans in the same
    /// time, so that many calls on short texts build the automaton as one long text would.
    static let unitsChargedPerSearch = 64

    /// The strategy of `pattern` compiled with `options`, read as `syntax` (nil when the
    /// pattern reader cannot tell, or the pattern is a literal), with `groupCount` capture
    /// groups; without `usesSearchPlan`, it has no way but ICU (so that tests can compare the
    /// two).
    init(pattern: String, options: RegexPattern.Options, syntax: RegexSyntax?, groupCount: Int, usesSearchPlan: Bool) {
        if usesSearchPlan, let syntax, syntax.isAlternationOfManyStrings {
            literalAlternation = LazyValue { LiteralAlternationMatcher(syntax, options: options) }
            literalAlternationRepayingLength = Self.repayingLength(ofAlternationOf: syntax.alternationBranchCount ?? 0)
        } else {
            literalAlternation = nil
            literalAlternationRepayingLength = .max
        }
        let plan = usesSearchPlan ? SearchPlan(pattern: pattern, options: options) : nil
        self.plan = plan
        (utf8Literals, utf8CaseInsensitiveScanner) = Self.utf8Scanners(of: plan, groupCount: groupCount)
        matchAutomata = usesSearchPlan ? LazyMatchAutomaton(pattern, options: options) : nil
        captureBacktrackers =
            usesSearchPlan && syntax != nil && groupCount > 0
            ? LazyCaptureBacktracker(pattern, options: options, groupCount: groupCount) : nil
        backReferenceSearchers =
            usesSearchPlan && groupCount > 0 && syntax?.containsReference == true
            ? LazyBackReferenceSearcher(pattern, options: options, groupCount: groupCount) : nil
        wholeTextBacktrackers =
            usesSearchPlan && syntax?.wholeTextBody != nil && !options.contains(.anchorsMatchLines)
            ? LazyCaptureBacktracker(wholeTextBodyOf: pattern, options: options, groupCount: groupCount) : nil

        icuWorkCounter = .allocate(capacity: 1)
        icuWorkCounter.initialize(to: 0)
    }

    deinit {
        icuWorkCounter.deallocate()
    }

    /// The UTF-8 scanners of `plan`'s prefilter that a walk over a string's UTF-8 takes (see
    /// ``utf8Literals`` and ``utf8CaseInsensitiveScanner``), for a pattern of `groupCount`
    /// groups: kept in the strategy, so that a walk reaches them without a switch over the plan.
    private static func utf8Scanners(
        of plan: SearchPlan?, groupCount: Int
    ) -> (UTF8LiteralSearch?, UTF8CaseInsensitiveScanner?) {
        switch plan?.strategy {
        case .exactLiterals(let prefilter)?: (groupCount == 0 ? prefilter.utf8Literals : nil, nil)
        case .caseInsensitiveRuns(let prefilter, _)?: (nil, prefilter.utf8CaseInsensitiveScanner)
        default: (nil, nil)
        }
    }

    /// What a way of searching made of a search.
    enum Outcome: Equatable {
        /// The first match, as ICU finds it.
        case match(Range<Int>)
        /// There is no match.
        case noMatch
        /// No match starts before `from`: ICU's first match from there is the first.
        case unknown(from: Int)
    }

    // MARK: The first match in a range searched as a text of its own

    /// The first match in `base[range]`, searched as a text of its own, in offsets of `base`:
    /// the answer of ``RegexPattern/firstRange(inUTF16:range:anchored:)``, or
    /// ``Outcome/unknown(from:)`` for ICU's search of the range from there. `find(text, from)`
    /// is ICU's search of `base[text]` as a text of its own from `from` within it, for the
    /// runs the plan hands to ICU.
    @inline(__always)
    func firstMatch(
        inUTF16 base: UnsafePointer<UInt16>, range: Range<Int>, anchored: Bool,
        find: (Range<Int>, Int) throws(ICURegexError) -> Range<Int>?
    ) throws(ICURegexError) -> Outcome {
        // 1. The back-reference searcher answers as ICU does (see ``BackReferenceSearcher``),
        // or leaves off where no match has started yet.
        if let searchers = backReferenceSearchers, mayUseBackReferenceSearcher(searchers, forSearchOf: range.count),
            let outcome = searchers.withBorrowedAutomaton({
                $0.firstMatch(inUTF16: base + range.lowerBound, from: 0, to: range.count, anchored: anchored)
            })
        {
            switch outcome {
            case .match(let match): return .match((range.lowerBound + match.lowerBound)..<(range.lowerBound + match.upperBound))
            case .noMatch: return .noMatch
            case .unknown(let from): return .unknown(from: range.lowerBound + from)
            }
        }
        if range.count >= SearchPlan.minimumSearchLength {
            // 2. The alternation's matcher reads the strings as ICU tries them (see
            // ``LiteralAlternationMatcher``); with `anchored`, only a match at the start counts,
            // and the first match is the one that starts earliest.
            if let matcher = literalAlternation(forSearchOf: range.count) {
                switch matcher.firstMatch(inUTF16: base + range.lowerBound, from: 0, to: range.count) {
                case .match(let match) where !anchored || match.lowerBound == 0:
                    return .match((range.lowerBound + match.lowerBound)..<(range.lowerBound + match.upperBound))
                case .match, .noMatch:
                    return .noMatch
                case .unknown:
                    break
                }
            }
            // The plan's argument is ``SearchPlan``'s; it calls ICU (or the automaton, which
            // answers as ICU does) on the runs it cannot decide.
            if let plan {
                let found = try plannedMatch(plan, in: base, range: range, anchored: anchored, find: find)
                return found.isNotFound ? .noMatch : .match(found.location..<(found.location + found.length))
            }
        }
        // 3. The automaton's answer is ICU's (see ``MatchAutomaton``).
        if let outcome = withUnretainedMatchAutomata({ automata -> MatchAutomaton.Outcome? in
            guard mayUseAutomaton(automata, forUnplannedSearchOf: range.count) else { return nil }
            return automata.withBorrowedAutomaton {
                $0.firstMatch(inUTF16: base + range.lowerBound, from: 0, to: range.count, anchored: anchored)
            }
        }) {
            switch outcome {
            case .match(let match): return .match((range.lowerBound + match.lowerBound)..<(range.lowerBound + match.upperBound))
            case .noMatch: return .noMatch
            case .unknown: break
            }
        }
        return .unknown(from: range.lowerBound)
    }

    /// Finds the first match in `base[range]` with `plan`, calling `find` (ICU) only when the
    /// plan needs it, and the match automaton instead once it is worked out or the range repays
    /// working it out; the automaton also tries the starts near a required literal's
    /// occurrences (see ``SearchPlan/Strategy/requiredLiterals(_:maximumUTF16Offset:)``), and
    /// searches the runs around them for a pattern with assertions (see
    /// ``SearchPlan/Strategy/requiredLiteralsInRunsWithAssertions(_:_:minimumLength:maximumUTF16Offset:)``).
    @inline(never)
    private func plannedMatch(
        _ plan: SearchPlan, in base: UnsafePointer<UInt16>, range: Range<Int>, anchored: Bool,
        find: (Range<Int>, Int) throws(ICURegexError) -> Range<Int>?
    ) throws(ICURegexError) -> UTF16Range {
        // The automaton's plan asks ICU about the pattern's classes, which only a long range,
        // or ICU's work on the pattern so far, repays the first time (see
        // ``makesAutomaton(afterSearching:)``).
        let automata = makesAutomaton(afterSearching: range.count) ? matchAutomata : nil
        let automaton = automata?.take()
        defer { if let automaton { automata?.put(automaton) } }
        return try plan.firstMatch(in: base, range: range, anchored: anchored, automaton: automaton) {
            text, from throws(ICURegexError) in
            guard let automaton else { return try find(text, from) }
            return try automaton.firstMatch(inUTF16: base + text.lowerBound, from: from, to: text.count) {
                () throws(ICURegexError) in try find(text, from)
            }
        }
    }

    /// The first match in the UTF-8 of a Swift string (well-formed, searched as a text of its
    /// own), in byte offsets, decided without transcoding the text to UTF-16 for ICU (see
    /// ``RegexPattern/firstRange(inUTF8:anchored:)``), with the automaton of `threadAutomaton`,
    /// the calling thread's own, when given.
    ///
    /// The back-reference searcher and the match automaton read the same code points from
    /// UTF-8 as from UTF-16 and answer as ICU would on the UTF-16; a match therefore starts
    /// and ends on the same scalars in both encodings. Texts of
    /// ``SearchPlan/minimumSearchLength`` bytes or more are left to the UTF-16 search
    /// (`.notTried`), which the plan may take; a shorter text's UTF-16 is shorter still, so the
    /// plan would not take it, and these two, taken by the same rules as for UTF-16
    /// (``mayUseBackReferenceSearcher(_:forSearchOf:)``,
    /// ``mayUseAutomaton(_:forUnplannedSearchOf:)``), are the only other ways its search has.
    @inline(__always)
    func firstMatch(
        inUTF8 bytes: UnsafeBufferPointer<UInt8>, anchored: Bool, threadAutomaton: ThreadAutomatonSlot?
    ) -> RegexPattern.UTF8SearchOutcome<Range<Int>> {
        guard bytes.count < SearchPlan.minimumSearchLength, let base = bytes.baseAddress else { return .notTried }
        if let searchers = backReferenceSearchers {
            guard mayUseBackReferenceSearcher(searchers, forSearchOf: bytes.count),
                let outcome = searchers.withBorrowedAutomaton({
                    $0.firstMatch(inUTF8: base, from: 0, to: bytes.count, anchored: anchored)
                })
            else { return .askICU }
            switch outcome {
            case .match(let match): return .decided(match)
            case .noMatch: return .decided(nil)
            case .unknown: return .askICU
            }
        }
        guard matchAutomata != nil else { return .notTried }
        let outcome = withUnretainedMatchAutomata { automata -> MatchAutomaton.Outcome? in
            guard mayUseAutomaton(automata, forUnplannedSearchOf: bytes.count) else { return nil }
            // Closures written out at each call, so that none is a context on the heap.
            guard let threadAutomaton else {
                return automata.withBorrowedAutomaton {
                    $0.firstMatch(inUTF8: base, from: 0, to: bytes.count, anchored: anchored)
                }
            }
            return threadAutomaton.withAutomaton(make: { automata.automatonOfItsOwn() }) {
                $0.firstMatch(inUTF8: base, from: 0, to: bytes.count, anchored: anchored)
            }
        }
        guard let outcome else { return .askICU }
        switch outcome {
        case .match(let match): return .decided(match)
        case .noMatch: return .decided(nil)
        case .unknown: return .askICU
        }
    }

    /// Runs `body` with the pool of match automata, lent without a retain of its own, and
    /// returns its result; nil, without running it, when the pattern has none.
    ///
    /// The strategy holds the pool in a constant, and the strategy lives in the pattern that
    /// the caller's search holds until it returns, so the pool outlives `body`: the retain
    /// and release that a copy of the reference would cost are two atomic operations, about
    /// a third of a short search's time (`x*` searched from each of 1,000 offsets to the end
    /// of a long text, its empty match found by the automaton at each range's start: 48 µs
    /// with them, 32 µs without). `body` is called from a closure of its own, not passed on,
    /// so that it is inlined into the caller: passed on, it stayed a call of its own, 26
    /// instructions more a search (counted with callgrind).
    @inline(__always)
    func withUnretainedMatchAutomata<Result>(_ body: (LazyMatchAutomaton) -> Result?) -> Result? {
        guard matchAutomata != nil else { return nil }
        return Unmanaged.passUnretained(matchAutomata!)._withUnsafeGuaranteedRef { body($0) }
    }

    // MARK: When each way is taken

    /// True when a search of `length` units that the search plan does not take goes to the
    /// match automata `automata` before ICU: once they are built, or once the searches without
    /// the plan have cost enough to build them (see ``unitsSearchedWithoutPlan``); never for a
    /// pattern that has none.
    ///
    /// A walk's or a matcher's searches from an offset of a short text count here too (see
    /// ``MatchWalk``, ``Session``): so that many short texts searched by new walks or matchers
    /// (rebar's `quadratic/1x`: 100 `A`s, 200 times, each walk reading 5,000 units) repay the
    /// automaton together, as one long text would.
    @inline(__always)
    func mayUseAutomaton(_ automata: LazyMatchAutomaton, forUnplannedSearchOf length: Int) -> Bool {
        mayUse(automata, forSearchOf: length, costSoFar: unitsSearchedWithoutPlan)
    }

    /// True when a search of `length` units goes to the back-reference searchers `searchers`
    /// before ICU: once they are worked out, or once such searches have cost enough to work
    /// them out (see ``unitsSearchedForBackReferences``); never for a pattern that has none.
    @inline(__always)
    func mayUseBackReferenceSearcher(_ searchers: LazyBackReferenceSearcher, forSearchOf length: Int) -> Bool {
        mayUse(searchers, forSearchOf: length, costSoFar: unitsSearchedForBackReferences)
    }

    /// The one rule of the lazy ways: a search of `length` units goes to the way of `pool` once
    /// its plan is worked out and there is one; while it is not, the search adds its units and
    /// ``unitsChargedPerSearch`` to `cost`, the cost of the searches that could have used the
    /// way, and the way is worked out once that, plus ICU's work on the pattern's searches
    /// (``unitsOfICUWork``), reaches ``SearchPlan/automatonSearchLength``.
    ///
    /// Units alone measure ICU's time on texts it reads once or a few times; ICU's work counts
    /// the rest, the backtracking that makes a search of a short text take far longer than its
    /// units (rebar's `cloud-flare-redos/simplified-long`: 10,000 units, half a second a
    /// search; counted in units, seven searches passed before the way was worked out, and the
    /// benchmark's first timed round ran at ICU's speed). Every way here replaces ICU's search,
    /// so ICU's work on any search of the pattern says that the way would have repaid it:
    /// the way is then worked out at the next search that asks. The work is read only while a
    /// way is not worked out, and ICU counts it only every 10,000 saves of backtracking state:
    /// a short search costs no more than before (no clock read, no call into the shim).
    @inline(__always)
    private func mayUse<Plan, Automaton>(
        _ pool: LazyAutomatonPool<Plan, Automaton>, forSearchOf length: Int, costSoFar cost: borrowing Atomic<Int>
    ) -> Bool {
        switch pool.state {
        case .present:
            return true
        case .absent:
            return false
        case .unknown:
            let units = cost.add(length &+ Self.unitsChargedPerSearch, ordering: .relaxed).newValue
            return units >= SearchPlan.automatonSearchLength || units &+ unitsOfICUWork >= SearchPlan.automatonSearchLength
        }
    }

    /// The back-reference searcher for the searches of one matcher or walk, borrowed from the
    /// pattern's pool, when a search of `length` units is to use it (see
    /// ``mayUseBackReferenceSearcher(_:forSearchOf:)``); give it back with `put`.
    func borrowedBackReferenceSearcher(forSearchOf length: Int) -> BackReferenceSearcher? {
        guard let searchers = backReferenceSearchers, mayUseBackReferenceSearcher(searchers, forSearchOf: length)
        else { return nil }
        return searchers.take()
    }

    /// The capture backtracker of `X` of a pattern `^X$` for a walk over a text of `length`
    /// units, borrowed from the pattern's pool, once such walks have cost enough to work it out
    /// (the rule of ``mayUseAutomaton(_:forUnplannedSearchOf:)``, counted apart); the pool has
    /// a program when `X` has one without back references: a one-pass program's run reads each
    /// character once, another's backtracker passes over the ways its guarded splits rule out
    /// (``CaptureProgram/splitGuards``: rebar's `unstructured-to-json`, `(.*?) \{`, tries the
    /// lazy loop's exit only before a space) and goes round its loops of one character in one
    /// place (``CaptureProgram/characterLoops``). Give it back with `put`.
    func borrowedWholeTextBacktracker(forSearchOf length: Int) -> CaptureBacktracker? {
        guard let pool = wholeTextBacktrackers, mayUse(pool, forSearchOf: length, costSoFar: unitsSearchedForWholeTexts)
        else { return nil }
        return pool.take()
    }

    /// The alternation's matcher for a search of `length` units: only on ranges of at least
    /// ``SearchPlan/minimumSearchLength`` units, and, until it is worked out (it asks ICU about
    /// the pattern's classes), only on ranges of ``literalAlternationRepayingLength`` units,
    /// which repay that the first time.
    @inline(__always)
    func literalAlternation(forSearchOf length: Int) -> LiteralAlternationMatcher? {
        guard length >= SearchPlan.minimumSearchLength, let literalAlternation,
            literalAlternation.isWorkedOut || length >= literalAlternationRepayingLength
        else { return nil }
        return literalAlternation.value
    }

    /// The length of range whose search by ICU repays working out the matcher of an
    /// alternation of `branches` strings: ``SearchPlan/automatonSearchLength`` for
    /// ``LiteralAlternationMatcher/minimumStrings`` branches, and shorter in proportion for
    /// more, down to ``SearchPlan/minimumSearchLength``. ICU tries the branches one after the
    /// other at each position where one may start, so its cost per unit grows with their
    /// number, while the matcher's search reads each unit about once whatever their number
    /// (working it out grows with the strings too, but once, not at each position). rebar's `dictionary/single` (2,663 words, a 61 KB text): ICU took 0.8 s,
    /// more than 10 µs per unit, where the matcher's search took about 1 ms.
    static func repayingLength(ofAlternationOf branches: Int) -> Int {
        let proportional = SearchPlan.automatonSearchLength * LiteralAlternationMatcher.minimumStrings / max(1, branches)
        return max(SearchPlan.minimumSearchLength, min(SearchPlan.automatonSearchLength, proportional))
    }

    /// True when a matcher or walk that has searched `units` units makes its own match
    /// automaton: once they, with ICU's work on the pattern's searches so far
    /// (``unitsOfICUWork``, as in ``mayUse(_:forSearchOf:costSoFar:)``), repay its plan
    /// (``SearchPlan/automatonSearchLength``), or at once when the pattern's plan is worked
    /// out; never for a pattern that has none.
    @inline(__always)
    func makesAutomaton(afterSearching units: Int) -> Bool {
        guard let matchAutomata else { return false }
        return matchAutomata.isPlanned || units >= SearchPlan.automatonSearchLength
            || units &+ unitsOfICUWork >= SearchPlan.automatonSearchLength
    }

    /// The plan for searches from an offset of a longer text (a matcher's, a walk's), which
    /// search the text from the offset as a text of its own: only a plan whose pattern has no
    /// zero-width assertion finds there what ICU finds in the whole text
    /// (``SearchPlan/findsMatchesByTheirCharactersAlone``). With `automaton` at hand, only a
    /// plan that searches for literals is faster than the automaton's scan.
    @inline(__always)
    func planForSearchesFromAnOffset(automaton: MatchAutomaton?) -> SearchPlan? {
        guard let plan, plan.findsMatchesByTheirCharactersAlone, automaton == nil || plan.searchesForLiterals
        else { return nil }
        return plan
    }

    /// The plan for a walk over every match or a matcher's searches (which search the whole
    /// text from an offset, the text before it seen by assertions) whose pattern has
    /// zero-width assertions: one that tries the starts near its literal's occurrences
    /// (``SearchPlan/nearOccurrences``), or searches the runs around them in place
    /// (``SearchPlan/searchesFromAnOffsetWithAutomaton``), once the walk or matcher has
    /// `automaton`, which does either.
    @inline(__always)
    func planNearOccurrences(automaton: MatchAutomaton?) -> SearchPlan? {
        guard let plan, automaton != nil, plan.searchesFromAnOffsetWithAutomaton else { return nil }
        return plan
    }

    // MARK: When a way is given up

    /// True when `matches` found through `plan`, over `units` units searched from where the
    /// first search started, came denser than one per ``SearchPlan/denseRunSpacing`` units
    /// (after ``SearchPlan/denseRunAllowance`` of them): matches this dense cost more through
    /// the plan, a literal search and a run each, than through one search each. A matcher or
    /// walk then gives the plan up. Never for a plan of exact literals, whose match is the
    /// literal search's answer, with no run to search: one scan from the last match costs
    /// less than the automaton's or ICU's search (`literal-alternate/sherlock-zh`, 207 matches
    /// in 340,000 units but clustered, gave its plan up for the automaton, which took raw ICU's
    /// time; see `Benchmarks/results/2026-11-29-utf16-scan/`).
    @inline(__always)
    static func plannedMatchesAreDense(_ plan: SearchPlan, matches: Int, units: Int) -> Bool {
        guard !plan.answersWithoutICU else { return false }
        return matches > SearchPlan.denseRunAllowance && matches * SearchPlan.denseRunSpacing > units
    }

    /// True when `matches` with groups found by the automaton, over `units` units searched,
    /// came denser than one per ``denseGroupMatchSpacing`` units (after
    /// ``SearchPlan/denseRunAllowance`` of them): each costs the automaton's two scans and the
    /// groups' backtracking, where ICU's one search finds the match with its groups
    /// (`Workloads`: log lines parsed into five fields took 2.6 times ICU's time with the
    /// automaton, a lexer 1.6 times), and a one-pass run finds both in one forward scan. A
    /// matcher or walk then takes the one-pass runs, or ICU.
    @inline(__always)
    static func groupMatchesAreDense(matches: Int, units: Int) -> Bool {
        matches > SearchPlan.denseRunAllowance && matches * denseGroupMatchSpacing > units
    }

    /// True when `matches` with groups, `matchedUnits` units in all, are long enough on
    /// average (``longOnePassMatch`` units) that a ``RegexMatcher``'s one-pass runs beat the
    /// automaton's two scans of each, forward and back, which one run replaces; on short
    /// matches the scans cost less (`Workloads`, same run: the lexer's tokens took 1.24 to
    /// 1.44 times ICU's time with the runs, 0.91 with the automaton; log lines 0.69 to 0.99
    /// with the runs, 2.22 with the automaton). A matcher that finds dense short matches keeps
    /// the automaton.
    @inline(__always)
    static func onePassRunsRepay(matches: Int, matchedUnits: Int) -> Bool {
        matchedUnits >= matches * longOnePassMatch
    }

    /// See ``onePassRunsRepay(matches:matchedUnits:)``.
    static let longOnePassMatch = 24

    /// See ``groupMatchesAreDense(matches:units:)``.
    static let denseGroupMatchSpacing = 128

    /// The gap before a match, in units, beyond which the one-pass runs are left for the
    /// automaton: its scan passes over such gaps faster than runs started at each offset.
    static let sparseOnePassGap = 4 * denseGroupMatchSpacing
}
