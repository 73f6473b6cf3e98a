import CICUShim

/// A walk over every match of a ``RegexPattern`` in one text, UTF-16 or UTF-8, left to right,
/// with the capture groups of each: exactly the matches of ICU's `findNext` loop on that text.
///
/// ICU's loop starts each search where the previous match ended, and one code point further
/// on after an empty match, so that a pattern that matches the empty string still advances.
/// The walk follows the same rule when the pattern's ``SearchPlan`` finds the matches instead
/// of ICU, and when the pattern's ``MatchAutomaton`` finds them. It does so only for patterns
/// without zero-width assertions (no `^`, `\b`, look-around or `\G`): a match of such a
/// pattern depends only on the characters it covers, so searching from a position, or
/// searching a run of characters as a text of its own, finds what ICU's loop finds there (see
/// ``SearchPlan``), and ICU run on the match's own span gives its capture groups. Other
/// patterns, and walks with a region or a progress callback, are ICU's loop itself.
///
/// In the match automaton's way, the walk over a pattern without groups takes the automaton's
/// matches in runs, many a call (``MatchAutomaton/matchRun(inUTF16:from:to:into:capacity:)``),
/// and returns them one by one: the loop's matches, each as a search from where the loop would
/// search finds it, at a fraction of the cost of a search per match when they come dense. A
/// walk that works out end flags takes a run's matches while they need none (see
/// ``runMatch(_:)``).
///
/// A walk borrows a matcher from its pattern's pool and gives it back, reset, when it ends.
/// It is used by one thread at a time; the text must outlive it.
///
/// Each pattern keeps one walk for reuse (``reusable(pattern:text:count:)``): a walk over each
/// of many short texts (rebar's `unicode-character-data/parse-line`, a walk per line) then
/// costs no allocation, no borrowing from the pattern's pools and no reference counts of the
/// walk's setup, only the choice of its way for the new text (see ``restart(text:count:)``).
package final class MatchWalk {
    /// The pattern whose matches are walked, held by ``heldPattern``, or, for the pattern's
    /// reusable walk (which the pattern holds), by whoever holds the walk.
    package unowned(unsafe) let pattern: RegexPattern

    /// The pattern, held by the walk; nil for the pattern's reusable walk, which would
    /// otherwise keep its pattern, and itself, alive for ever.
    private let heldPattern: RegexPattern?

    /// The text, `count` units at `base` (nil when `count` is 0); offsets are relative to
    /// `base`. A reusable walk takes a new text at each ``restart(text:count:)``.
    private var base: UnsafePointer<UInt16>?
    private var count: Int

    /// The text when it is UTF-8 (`count` bytes), which only ICU searches.
    private let utf8Base: UnsafePointer<UInt8>?

    private let handle: OpaquePointer

    /// The bounds of each group of the current match, two per group from group 0 (the whole
    /// match); -1 for a group that did not take part.
    private let groupBounds: UnsafeMutableBufferPointer<Int64>

    /// The pattern's ``RegexPattern/numberOfCaptureGroups``, read at each match without
    /// reaching the pattern (see ``pattern``).
    private let groupCount: Int

    /// How the walk finds its matches.
    private enum Mode {
        /// ICU's `findNext` loop on the whole text.
        case findNext
        /// The search plan, from where ICU's loop would start each search; the plan's runs are
        /// searched by the match automaton when the walk has one. A plan whose pattern has
        /// zero-width assertions (``MatchStrategy/planNearOccurrences(automaton:)``)
        /// searches the whole text from there, its automaton trying the starts near the
        /// literal's occurrences, or searching the runs around them in place.
        case plan(SearchPlan)
        /// The match automaton, from where ICU's loop would start each search, and ICU where
        /// the automaton cannot tell.
        case automaton(MatchAutomaton)
        /// The same with the matcher of an alternation of many strings.
        case literalAlternation(LiteralAlternationMatcher)
        /// The one-pass runs of the pattern's capture backtracker, from where ICU's loop would
        /// start each search (``CaptureBacktracker/firstOnePassMatch(inUTF16:from:end:)``):
        /// for matches with groups that come dense, each found with its groups in one forward
        /// run, with no scan in reverse and no backtracking.
        case onePass(CaptureBacktracker)
        /// The pattern's back-reference searcher, from where ICU's loop would start each search
        /// (``BackReferenceSearcher``), and ICU's `find` from where it leaves off when it cannot
        /// tell: UTF-16 or UTF-8.
        case backReferences(BackReferenceSearcher)
        /// For a pattern `^X$` on a text whose last character is no line terminator, the one
        /// run of `X`'s capture backtracker over the whole text (one-pass or not)
        /// (``MatchStrategy/wholeTextBacktrackers``, see ``wholeTextMatch(_:)``).
        case wholeText(CaptureBacktracker)
        /// The capture backtracker's own searches, from where ICU's loop would start each
        /// search (``CaptureBacktracker/firstMatch(inUTF16:from:end:)``), and ICU's search from
        /// there where it cannot tell: for a long text of a pattern with groups that has no
        /// match automaton (rebar's `lexer-veryl`: 88 groups, too many positions for it), where
        /// ICU would be the only way.
        case backtrackingSearch(CaptureBacktracker)
        /// ICU's `find` from where its loop would start each search: for a pattern without
        /// `\G`, the same matches as `findNext`, with ICU's time limit for each search (ICU
        /// counts the time of successive `findNext` calls together, so that a long walk would
        /// stop at the limit of one search).
        case findFrom

        /// True for ICU's `findNext` loop, which keeps the end flags itself.
        var isFindNext: Bool {
            if case .findNext = self { return true }
            return false
        }

        /// True for the modes that are ICU's searches.
        var isICUs: Bool {
            switch self {
            case .findNext, .findFrom: return true
            default: return false
            }
        }
    }

    private var mode: Mode

    /// The previous match, nil before the first.
    private var previousMatch: Range<Int>?

    /// True once the walk has found its last match, or failed.
    private var isFinished = false

    /// Whether the matcher's region or bounds changed, so that it must be reset before it
    /// goes back to the pool.
    private var hasRegion = false

    /// The progress callback installed, if any (see ``setProgressCallback(findProgress:matchProgress:_:)``).
    private var progress: ((Int) -> Bool)?

    /// The matches found with the plan: the walk gives up the plan when they come dense
    /// (``MatchStrategy/plannedMatchesAreDense(_:matches:units:)``).
    private var plannedMatches = 0

    /// The pattern's match automaton, borrowed from its pool for a long UTF-16 text, or once
    /// ICU's searches of a short one have read enough units (see ``unitsSearchedByICU``).
    private var matchAutomaton: MatchAutomaton?

    /// The match automaton a reusable walk borrowed for an earlier text, kept for a later one
    /// (see ``restart(text:count:)``).
    private var idleMatchAutomaton: MatchAutomaton?

    /// Whether ICU's searches from an offset (``Mode/findFrom``) of a UTF-16 text still count
    /// the units they may read, from each search's start to the text's end, toward the
    /// pattern's match automaton (``MatchStrategy/mayUseAutomaton(_:forUnplannedSearchOf:)``,
    /// pattern-wide, with every short search's): once they repay it, the walk takes it, however
    /// short the text, as a ``RegexMatcher`` does. Each search reads up to the end of the text
    /// when the pattern's matches are only known there (rebar's `quadratic`: `.*[^A-Z]|[A-Z]`
    /// on 1,000 `A`s, a search per match, 500,000 units read). False once the walk has taken
    /// the automaton or cannot.
    private var countsUnitsSearchedByICU = true

    /// The pattern's capture backtracker, borrowed from its pool the first time a match's
    /// groups are found without ICU; ``hasNoCaptureBacktracker`` once the pattern turned out
    /// to have none.
    private var captureBacktracker: CaptureBacktracker?
    private var hasNoCaptureBacktracker = false

    /// The pattern's back-reference searcher, borrowed from its pool for the walk's
    /// ``Mode/backReferences(_:)``, and given back when it ends.
    private var backReferenceSearcher: BackReferenceSearcher?

    /// ICU's end flags as the walk works them out, for a walk that reports them and finds its
    /// matches with the pattern's strategy (see ``EndFlagFacts``); nil for a walk that is
    /// ICU's `findNext` loop, whose matcher keeps them itself.
    private var endFlagTracking: EndFlagTracking?

    /// What the walk knows of ICU's end flags (see ``endFlagTracking``): a class, so that
    /// each match updates it in place, without copying the facts' character set.
    ///
    /// What every match reads of the facts is held beside them, read without a copy of the
    /// facts (whose character set a copy retains and releases), and the walk reaches the
    /// tracking without a reference count of its own (see ``MatchWalk/trackingOfEndFlags``),
    /// reading its stored properties only on the way of a match that settles nothing;
    /// its variables are read and written without Swift's run-time exclusivity checks, only
    /// by the walk's own methods, none of which calls another while it accesses one (with the
    /// counts and checks, the end flags took about 10% of `enumerateMatches` on rebar's
    /// `words/all-english`).
    private final class EndFlagTracking {
        /// What the pattern tells of them; nil for a walk in ``Mode/wholeText(_:)``, whose
        /// flags follow from its match alone (see ``MatchWalk/noteEndFlags(of:searchedFrom:)``).
        let facts: EndFlagFacts?
        /// The flags as ICU's loop would have them after the walk's last search: set once any
        /// search so far set them, as ICU never clears them between searches.
        @exclusivity(unchecked) private(set) var hitEnd = false
        @exclusivity(unchecked) private(set) var requireEnd = false
        /// The last start in the text from which no attempt can set a flag (see
        /// ``EndFlagFacts/lastStartThatCannotReachTheEnd(in:count:)``), worked out when a match
        /// is first found without ICU.
        @exclusivity(unchecked) var lastStartThatCannotReachTheEnd: Int?
        /// Where the search that found no more matches started, when its flags are left to
        /// work out until they are asked for (see ``MatchWalk/endFlags()``).
        @exclusivity(unchecked) var pendingFinalSearch: Int?

        init(facts: EndFlagFacts) {
            self.facts = facts
            isWholeText = false
            hasEndAnchor = facts.hasEndAnchor
            matchAtTheEndHitsIt = facts.matchAtTheEndHitsIt
        }

        /// The tracking of a walk in ``Mode/wholeText(_:)``: its pattern `^X$` ends with an
        /// end anchor.
        init(wholeText: Void) {
            facts = nil
            isWholeText = true
            hasEndAnchor = true
            matchAtTheEndHitsIt = false
        }

        /// Whether ``facts`` is nil, the walk's mode ``Mode/wholeText(_:)``.
        let isWholeText: Bool
        /// ``EndFlagFacts/hasEndAnchor``, read at every match.
        let hasEndAnchor: Bool
        /// ``EndFlagFacts/matchAtTheEndHitsIt`` (false without facts), read at every match.
        let matchAtTheEndHitsIt: Bool

        /// True when no later search can change the flags: `hitEnd`, and `requireEnd` or no
        /// end anchor. (Stored, and set by ``add(_:)``, as every match reads it: a computed
        /// property of the tracking reached `unowned(unsafe)` retained it for the call.)
        @exclusivity(unchecked) private(set) var isSettled = false

        func add(_ flags: (hitEnd: Bool, requireEnd: Bool)) {
            hitEnd = hitEnd || flags.hitEnd
            requireEnd = requireEnd || flags.requireEnd
            isSettled = hitEnd && (requireEnd || !hasEndAnchor)
        }

        /// Makes the tracking of a walk in ``Mode/wholeText(_:)`` as new, for the walk's next
        /// text (see ``MatchWalk/continuesWholeText(text:count:findsEndFlags:wholeTextTracking:)``).
        func restartWholeText() {
            precondition(isWholeText, "EndFlagTracking.restartWholeText: not a whole-text tracking")
            hitEnd = false
            requireEnd = false
            isSettled = false
            lastStartThatCannotReachTheEnd = nil
            pendingFinalSearch = nil
        }
    }

    /// The matches whose end flags the walk worked out without asking ICU (for tests, which
    /// check that the rule is followed). Counted at every match without Swift's run-time
    /// exclusivity check (see ``EndFlagTracking``), which a property seen outside the module
    /// would otherwise have.
    @exclusivity(unchecked) package private(set) var endFlagsWorkedOutWithoutICU = 0

    /// Whether the walk's last search, in ``next()``, was ICU's search of the whole text from
    /// where the walk's next search starts, so that ICU's end flags are that search's alone.
    private var lastSearchIsICUs = false

    /// The capture backtracker of `X` of a pattern `^X$`, borrowed from its pool for the walk's
    /// ``Mode/wholeText(_:)``, and given back when it ends.
    private var wholeTextBacktracker: CaptureBacktracker?

    /// Starts a walk over `count` UTF-16 units at `base`, searched as a text of their own;
    /// without `usesSearchPlan`, ICU finds every match. With `findsEndFlags`, ``endFlags()``
    /// gives ICU's end flags after each match and after the last search, as ICU's `findNext`
    /// loop has them: worked out beside the strategy's matches where the pattern allows it
    /// (see ``EndFlagFacts``), and otherwise found by ICU, whose loop then finds every match.
    /// A text that the strategy would leave to ICU's searches from each offset (a short one)
    /// is ICU's loop with `findsEndFlags`, which keeps the flags at no cost of the walk's.
    package convenience init(
        pattern: RegexPattern, text base: UnsafePointer<UInt16>?, count: Int, usesSearchPlan: Bool = true,
        findsEndFlags: Bool = false
    ) throws(ICURegexError) {
        try self.init(pattern: pattern, holdsPattern: true, utf8: nil, count: count)
        // Fully initialized: when this throws, deinit gives back what the walk borrowed.
        try start(text: base, count: count, usesSearchPlan: usesSearchPlan, findsEndFlags: findsEndFlags)
    }

    /// The walk's storage, with no way chosen yet: a matcher of `pattern`'s, the groups' bounds,
    /// the UTF-8 text `utf8Base` (nil for a UTF-16 walk, whose text ``start(text:count:usesSearchPlan:findsEndFlags:)`` sets).
    private init(
        pattern: RegexPattern, holdsPattern: Bool, utf8 utf8Base: UnsafePointer<UInt8>?, count: Int
    ) throws(ICURegexError) {
        self.pattern = pattern
        self.heldPattern = holdsPattern ? pattern : nil
        self.base = nil
        self.utf8Base = utf8Base
        self.count = count
        self.handle = try pattern.takePooledMatcher()
        self.groupCount = pattern.numberOfCaptureGroups
        self.groupBounds = .allocate(capacity: 2 * (pattern.numberOfCaptureGroups + 1))
        groupBounds.initialize(repeating: -1)
        matchAutomaton = nil
        mode = .findNext
    }

    /// The walk over `count` units at `base` as ``init(pattern:text:count:usesSearchPlan:findsEndFlags:)``
    /// makes it (with the search plan, and end flags when `findsEndFlags`), for a caller that
    /// holds `pattern` for as long as it holds the walk, and holds it only for one walk: the
    /// pattern's reusable walk, restarted on the text, when no one else holds it (a thread
    /// walks one text at a time, or another thread holds it); a new walk otherwise. The
    /// pattern keeps the first walk it makes so for later calls. A walk with a region or a
    /// progress callback is never this one: those are set on a walk made for them.
    ///
    /// Whoever empties the pattern's slot (one atomic exchange) owns its reference; the walk
    /// is restarted only when that is its only reference, so that no other iterator, on this
    /// thread or another, can still be walking it. (The last release of another holder comes
    /// before the check that sees the count of one, as for Swift's copy-on-write buffers.)
    package static func reusable(
        pattern: RegexPattern, text base: UnsafePointer<UInt16>?, count: Int, findsEndFlags: Bool = false
    ) throws(ICURegexError) -> MatchWalk {
        let address = pattern.reusableWalk.exchange(0, ordering: .acquiring)
        if address != 0 {
            var walk = Unmanaged<MatchWalk>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeRetainedValue()
            let isIdle = isKnownUniquelyReferenced(&walk)
            // Back in the slot, with the slot's own reference, busy or not.
            keepForReuse(walk, in: pattern)
            if isIdle {
                try walk.restart(text: base, count: count, findsEndFlags: findsEndFlags)
                return walk
            }
            return try MatchWalk(pattern: pattern, text: base, count: count, findsEndFlags: findsEndFlags)
        }
        let walk = try MatchWalk(pattern: pattern, holdsPattern: false, utf8: nil, count: count)
        try walk.start(text: base, count: count, usesSearchPlan: true, findsEndFlags: findsEndFlags)
        keepForReuse(walk, in: pattern)
        return walk
    }

    /// Puts `walk`, a reusable walk of `pattern`'s, in its slot, or lets it go when another
    /// walk took the slot meanwhile.
    private static func keepForReuse(_ walk: MatchWalk, in pattern: RegexPattern) {
        let address = UInt(bitPattern: Unmanaged.passRetained(walk).toOpaque())
        if !pattern.reusableWalk.compareExchange(expected: 0, desired: address, ordering: .releasing).exchanged {
            Unmanaged<MatchWalk>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
        }
    }

    /// Makes the walk, which no one else holds and which has no region or progress callback,
    /// a new walk over `count` units at `base`: its state as a new walk's, and its way chosen
    /// for the new text as ``init(pattern:text:count:usesSearchPlan:findsEndFlags:)`` chooses
    /// it (end flags tracked anew when `findsEndFlags`, none kept from an earlier text). What
    /// it borrowed from the pattern (its matcher, automaton and backtrackers) it keeps, and
    /// takes again where a new walk would borrow the same from the pattern's pools.
    private func restart(text base: UnsafePointer<UInt16>?, count: Int, findsEndFlags: Bool) throws(ICURegexError) {
        precondition(utf8Base == nil && !hasRegion && progress == nil, "MatchWalk.restart: not a reusable walk")
        previousMatch = nil
        isFinished = false
        plannedMatches = 0
        countsUnitsSearchedByICU = true
        // A whole-text tracking, which the walk may take up again for the new text.
        let wholeTextTracking = endFlagTracking?.isWholeText == true ? endFlagTracking : nil
        endFlagTracking = nil
        endFlagsWorkedOutWithoutICU = 0
        lastSearchIsICUs = false
        automatonMatches = 0
        automatonStart = 0
        givesUpOnePass = false
        runMatchCount = 0
        nextRunMatch = 0
        runEnd = .full
        runCapacity = 1
        groupBounds.update(repeating: -1)
        if let matchAutomaton {
            idleMatchAutomaton = matchAutomaton
            self.matchAutomaton = nil
        }
        if continuesWholeText(text: base, count: count, findsEndFlags: findsEndFlags, wholeTextTracking: wholeTextTracking) {
            return
        }
        do {
            try start(text: base, count: count, usesSearchPlan: true, findsEndFlags: findsEndFlags)
        } catch {
            isFinished = true
            throw error
        }
    }

    /// The pattern's match automaton, kept from an earlier text of a reusable walk or borrowed
    /// from the pattern's pool.
    private func takeMatchAutomaton() -> MatchAutomaton? {
        if let idleMatchAutomaton {
            self.idleMatchAutomaton = nil
            return idleMatchAutomaton
        }
        return pattern.matchAutomata?.take()
    }

    /// Takes `count` units at `base` as the walk's text in ``Mode/wholeText(_:)`` when the walk,
    /// restarted, is in that mode already and ``start(text:count:usesSearchPlan:findsEndFlags:)``
    /// would choose it again, and says whether it did: the restart of a walk of `^X$` on each
    /// line of a text (rebar's `parse-line`) then skips the choice.
    ///
    /// `start` would choose the same mode, with the same backtracker, because: a text shorter
    /// than ``SearchPlan/minimumSearchLength`` is not long, so the walk takes no automaton (a
    /// restart left none in use), has no alternation matcher and no plan; a pattern without
    /// back-reference searchers has no searcher to borrow; and the walk's own whole-text
    /// backtracker is the one `start` takes first, for a text that does not end with a line
    /// terminator. Its end flags' tracking is then the whole-text one, as `start` sets it:
    /// `wholeTextTracking`, the previous text's, made as new (the walk alone refers to it), when
    /// there is one, so that a walk per line allocates none.
    private func continuesWholeText(
        text base: UnsafePointer<UInt16>?, count: Int, findsEndFlags: Bool, wholeTextTracking: EndFlagTracking?
    ) -> Bool {
        guard case .wholeText(let backtracker) = mode, backtracker === wholeTextBacktracker, matchAutomaton == nil,
            backReferenceSearcher == nil, count < SearchPlan.minimumSearchLength, let base, count > 0,
            !Self.isLineTerminator(base[count - 1]), pattern.backReferenceSearchers == nil
        else { return false }
        self.base = base
        self.count = count
        if findsEndFlags {
            if let wholeTextTracking {
                wholeTextTracking.restartWholeText()
                endFlagTracking = wholeTextTracking
            } else {
                endFlagTracking = EndFlagTracking(wholeText: ())
            }
        }
        return true
    }

    /// Chooses the walk's way over `count` units at `base` (see ``init(pattern:text:count:usesSearchPlan:findsEndFlags:)``).
    private func start(
        text base: UnsafePointer<UInt16>?, count: Int, usesSearchPlan: Bool, findsEndFlags: Bool
    ) throws(ICURegexError) {
        precondition(base != nil || count == 0, "MatchWalk: a text of \(count) units without an address")
        self.base = base
        self.count = count
        // The pattern, held once for the whole choice: each use of the unowned reference would
        // take a reference count of its own.
        let pattern = self.pattern
        let isLong = usesSearchPlan && count >= SearchPlan.minimumSearchLength
        let literalAlternation = usesSearchPlan ? pattern.strategy.literalAlternation(forSearchOf: count) : nil
        if literalAlternation == nil, isLong, pattern.strategy.makesAutomaton(afterSearching: count) {
            matchAutomaton = takeMatchAutomaton()
        }
        if let literalAlternation {
            mode = .literalAlternation(literalAlternation)
        } else if usesSearchPlan,
            let searcher = backReferenceSearcher ?? pattern.strategy.borrowedBackReferenceSearcher(forSearchOf: count)
        {
            // A reusable walk keeps the searcher it borrowed: the pattern's searchers are then
            // worked out, and a new walk would borrow one.
            mode = .backReferences(searcher)
            backReferenceSearcher = searcher
            try begin()
        } else if isLong,
            let plan = pattern.strategy.planForSearchesFromAnOffset(automaton: matchAutomaton)
                ?? pattern.strategy.planNearOccurrences(automaton: matchAutomaton)
        {
            mode = .plan(plan)
        } else if let matchAutomaton {
            mode = .automaton(matchAutomaton)
        } else if isLong, pattern.numberOfCaptureGroups > 0, pattern.matchAutomata?.state == .absent,
            let backtracker = searchingBacktracker()
        {
            // The walk's capture backtracker (``captureBacktracker``), given back when it ends;
            // a reusable walk restarted on another text keeps the one it borrowed.
            mode = .backtrackingSearch(backtracker)
        } else if usesSearchPlan, let base, count > 0, !Self.isLineTerminator(base[count - 1]),
            let backtracker = wholeTextBacktracker ?? pattern.strategy.borrowedWholeTextBacktracker(forSearchOf: count)
        {
            // The same for the backtracker of `^X$`; a reusable walk restarted on another line
            // is in this mode already.
            if case .wholeText = mode, backtracker === wholeTextBacktracker {} else { mode = .wholeText(backtracker) }
            wholeTextBacktracker = backtracker
        } else {
            // Without the plan, the walk is ICU's loop itself, with its end flags; with the plan,
            // ICU's searches from each offset, which may hand the walk to the automaton (see
            // ``countsUnitsSearchedByICU``). With end flags, only when the walk can work them
            // out once the automaton finds the matches: each of ICU's searches then gives its
            // own.
            mode =
                usesSearchPlan && !pattern.usesPreviousMatchEnd && (!findsEndFlags || Self.tracksEndFlags(ofAutomatonOf: pattern))
                ? .findFrom : .findNext
            try begin()
        }
        if findsEndFlags, !mode.isFindNext {
            // The strategy finds the matches: the walk works out their flags where the pattern
            // allows it, or leaves every match to ICU's loop. The whole-text mode's flags
            // follow from its match alone (see ``noteEndFlags(of:searchedFrom:)``).
            if case .wholeText = mode {
                endFlagTracking = EndFlagTracking(wholeText: ())
            } else if let facts = pattern.endFlagFacts?.value, facts.consumable != nil {
                endFlagTracking = EndFlagTracking(facts: facts)
            } else {
                mode = .findNext
                try begin()
            }
        }
    }

    /// True when the end flags of `pattern`'s matches found by its match automaton in a short
    /// text may be worked out (see ``EndFlagFacts``), so that a walk with end flags over a
    /// short text may search from each offset, and be handed to the automaton, rather than be
    /// ICU's loop: only for a pattern whose match at the text's end settles the flags
    /// (``EndFlagFacts/matchAtTheEndHitsIt`` without an end anchor, `.*.*=.*`). Others would
    /// leave most matches of a line to ICU anyway (a line seldom holds a character that stops
    /// them), at the cost of a search from each offset and the flags' tracking per line
    /// (rebar's `parse-line` and `unstructured-to-json`, some 10% slower so).
    private static func tracksEndFlags(ofAutomatonOf pattern: RegexPattern) -> Bool {
        guard let automata = pattern.matchAutomata, automata.state != .absent,
            let facts = pattern.endFlagFacts?.value
        else { return false }
        return facts.consumable != nil && facts.matchAtTheEndHitsIt && !facts.hasEndAnchor
    }

    /// Starts a walk over `count` bytes of UTF-8 at `text`, searched as a text of their own by
    /// ICU (or, for a pattern with back references, by its ``BackReferenceSearcher`` first),
    /// with byte offsets; ill-formed UTF-8 reads as U+FFFD. Without `usesCaptureBacktracker`,
    /// ``match(spanning:)`` and the matches ask ICU alone (for a caller that asked the
    /// backtracker already).
    /// - Throws: ``ICURegexError/illegalArgument`` for a text of more than `Int32.max` bytes,
    ///   the most ICU's UTF-8 text takes.
    package convenience init(
        pattern: RegexPattern, utf8 text: UnsafePointer<UInt8>?, count: Int, usesCaptureBacktracker: Bool = true
    ) throws(ICURegexError) {
        precondition(text != nil || count == 0, "MatchWalk: a text of \(count) bytes without an address")
        try self.init(pattern: pattern, holdsPattern: true, utf8: text, count: count)
        hasNoCaptureBacktracker = !usesCaptureBacktracker
        if usesCaptureBacktracker, let searcher = pattern.strategy.borrowedBackReferenceSearcher(forSearchOf: count) {
            mode = .backReferences(searcher)
            backReferenceSearcher = searcher
        } else {
            mode = pattern.usesPreviousMatchEnd ? .findNext : .findFrom
        }
        // Fully initialized: when this throws, deinit gives the matcher back.
        try begin()
    }

    deinit {
        removeProgressCallback()
        if let backReferenceSearcher { pattern.backReferenceSearchers?.put(backReferenceSearcher) }
        if let wholeTextBacktracker { pattern.strategy.wholeTextBacktrackers?.put(wholeTextBacktracker) }
        if hasRegion {
            _ = icushim_regex_begin_utf16(handle, nil, 0)
        }
        pattern.returnPooledMatcher(handle)
        if let matchAutomaton { pattern.matchAutomata?.put(matchAutomaton) }
        if let idleMatchAutomaton { pattern.matchAutomata?.put(idleMatchAutomaton) }
        if let captureBacktracker { pattern.captureBacktrackers?.put(captureBacktracker) }
        runMatchBounds?.deallocate()
        groupBounds.deallocate()
    }

    /// Sets the whole text as the matcher's text.
    private func begin() throws(ICURegexError) {
        let code =
            utf8Base != nil
            ? icushim_regex_begin_utf8(handle, UnsafeRawPointer(utf8Base!).assumingMemoryBound(to: CChar.self), Int64(count))
            : icushim_regex_begin_utf16(handle, base, Int64(count))
        if code > 0 { throw ICURegexError(rawValue: code) }
    }

    // MARK: NSRegularExpression's matching options

    /// Limits the walk to `region` of the text, which it must not have started: with
    /// `transparentBounds`, look-around and `\b` see the text outside the region; without
    /// `anchoringBounds`, `^` and `$` match only at the text's own ends (ICU's meaning of
    /// both).
    package func setRegion(_ region: Range<Int>, transparentBounds: Bool, anchoringBounds: Bool) throws(ICURegexError) {
        precondition(previousMatch == nil, "MatchWalk.setRegion: the walk has started")
        endFlagTracking = nil
        if case .findNext = mode {} else {
            mode = .findNext
            try begin()
        }
        hasRegion = true
        let code = icushim_regex_set_region(
            handle, Int64(region.lowerBound), Int64(region.upperBound), transparentBounds, anchoringBounds)
        if code > 0 { throw ICURegexError(rawValue: code) }
    }

    /// Calls `body` with ICU's progress: with the next start position of a search (when
    /// `findProgress`), or with -1 every few thousand steps of matching (when
    /// `matchProgress`). When `body` returns false, the search stops and the walk ends with
    /// ``ICURegexError/stoppedByCaller``.
    package func setProgressCallback(findProgress: Bool, matchProgress: Bool, _ body: @escaping (Int) -> Bool) throws(ICURegexError) {
        endFlagTracking = nil
        if case .findNext = mode {} else {
            mode = .findNext
            try begin()
        }
        progress = body
        let callback: icushim_progress_callback = { context, index in
            Unmanaged<MatchWalk>.fromOpaque(context!).takeUnretainedValue().progress!(Int(index))
        }
        let code = icushim_regex_set_progress_callback(
            handle, callback, Unmanaged.passUnretained(self).toOpaque(), findProgress, matchProgress)
        if code > 0 { throw ICURegexError(rawValue: code) }
    }

    /// Removes the progress callback, so that the walk no longer holds it: call it before the
    /// callback's captures go out of scope.
    package func removeProgressCallback() {
        guard progress != nil else { return }
        _ = icushim_regex_set_progress_callback(handle, nil, nil, false, false)
        progress = nil
    }

    /// ICU's end flags after the walk's last search, as its `findNext` loop would have them:
    /// whether a search so far reached the end of the text (`hitEnd`) and whether more text
    /// could have changed a match (`requireEnd`). For a walk made without `findsEndFlags`
    /// that found matches without ICU, these are ICU's flags of whatever it last searched.
    /// - Throws: The error of ICU's search after the last match, when the walk left it to
    ///   now (see ``EndFlagFacts``) and it fails.
    package func endFlags() throws(ICURegexError) -> (hitEnd: Bool, requireEnd: Bool) {
        guard endFlagTracking != nil else { return icuEndFlags }
        unowned(unsafe) let tracking = trackingOfEndFlags
        if let start = tracking.pendingFinalSearch {
            tracking.pendingFinalSearch = nil
            try begin()
            _ = try find(from: start)
            tracking.add(icuEndFlags)
        }
        return (tracking.hitEnd, tracking.requireEnd)
    }

    /// ICU's end flags of the matcher as it is.
    private var icuEndFlags: (hitEnd: Bool, requireEnd: Bool) {
        let flags = icushim_regex_end_flags(handle)
        return (flags & 1 != 0, flags & 2 != 0)
    }

    // MARK: Walking

    /// The next match, or nil when there is none; after nil, the walk stays finished.
    /// - Throws: The error that stopped the search (a limit, or ``ICURegexError/stoppedByCaller``);
    ///   the walk is then finished.
    package func next() throws(ICURegexError) -> Range<Int>? {
        if nextRunMatch < runMatchCount {
            // A match of the automaton's run (see ``runMatch(_:)``): nothing else to decide,
            // but its end flags when the walk tracks them.
            let bounds = runMatchBounds.unsafelyUnwrapped
            let found = bounds[2 &* nextRunMatch]..<bounds[2 &* nextRunMatch &+ 1]
            if endFlagTracking == nil || runMatchSetsNoEndFlag(found) {
                if endFlagTracking != nil { endFlagsWorkedOutWithoutICU += 1 }
                nextRunMatch &+= 1
                groupBounds[0] = Int64(found.lowerBound)
                groupBounds[1] = Int64(found.upperBound)
                previousMatch = found
                return found
            }
            // The search of this match is the walk's own, with its end flags.
            dropRun()
        }
        guard !isFinished else { return nil }
        lastSearchIsICUs = false
        if previousMatch != nil, case .wholeText = mode {
            // The whole-text mode's search after its one match, which spans the text (of at
            // least one unit): ICU's loop finds no more, as the pattern's start anchor holds
            // at the text's start only (see ``wholeTextMatch()``), and the match settled the end flags
            // (``wholeTextEndFlags``), so that the search would note nothing
            // (``noteEndFlagsOfFailedSearch(from:)``): the walk ends, without working out where
            // the search starts or asking the mode (about 200 instructions of each line of
            // rebar's `parse-line` through `enumerateMatches`).
            isFinished = true
            return nil
        }
        // Where this search starts, for the end flags.
        let searchStart = endFlagTracking != nil ? nextSearchStart() : nil
        do throws(ICURegexError) {
            if let searchStart { try leaveTheStrategyWhereAttemptsMayReachTheEnd(searchStart) }
            let found: Range<Int>?
            switch mode {
            case .findNext:
                found = try findNext()
            case .plan(let plan):
                found = try plannedMatch(plan)
            case .automaton:
                // The mode's automaton is ``matchAutomaton``, reached without a reference count
                // of the search's own (one per match, which dense matches show): the walk holds
                // it throughout.
                unowned(unsafe) let automaton = matchAutomaton.unsafelyUnwrapped
                if groupCount == 0 {
                    found = try runMatch(automaton)
                    // A run's first match is this search's, whose end flags are noted below;
                    // the run's others only while they need none.
                    if let found, endFlagTracking != nil, !runMatchSetsNoEndFlag(found) { dropRun() }
                } else {
                    found = try matchWithoutICU { automaton.firstMatch(inUTF16: $0, from: $1, to: $2) }
                    if let found, groupCount > 0 { try judgeDensity(after: found) }
                }
            case .literalAlternation(let matcher):
                found = try matchWithoutICU { matcher.firstMatch(inUTF16: $0, from: $1, to: $2) }
            case .onePass:
                found = try onePassMatch()
            case .backReferences(let searcher):
                found = try backReferenceMatch(searcher)
            case .wholeText:
                found = try wholeTextMatch()
            case .backtrackingSearch(let backtracker):
                found = try backtrackingMatch(backtracker)
            case .findFrom:
                let start = nextSearchStart()
                if countsUnitsSearchedByICU, let start, takesAutomaton(afterSearchingFrom: start) {
                    found = try matchWithoutICU { matchAutomaton!.firstMatch(inUTF16: $0, from: $1, to: $2) }
                    if let found, groupCount > 0 { try judgeDensity(after: found) }
                } else {
                    found = try find(from: start)
                }
            }
            guard let found else {
                isFinished = true
                if endFlagTracking != nil { noteEndFlagsOfFailedSearch(from: searchStart) }
                return nil
            }
            previousMatch = found
            if endFlagTracking != nil, let searchStart { try noteEndFlags(of: found, searchedFrom: searchStart) }
            return found
        } catch {
            isFinished = true
            throw error
        }
    }

    // MARK: End flags

    /// Makes ICU find the walk's matches from `start` on when every match from there starts
    /// past the last start that cannot reach the end, so that ICU would be asked for each
    /// match's flags anyway (see ``noteEndFlags(of:searchedFrom:)``): ICU's search alone then
    /// costs less than the strategy's and ICU's. A text without such a start (every line of
    /// `^([0-9A-F]+);([^;]*);…$`) is ICU's loop throughout, as without the strategy. Not for a
    /// pattern whose match at the text's end settles the flags (``EndFlagFacts/matchAtTheEndHitsIt``
    /// without an end anchor): the strategy's next match may be that one.
    private func leaveTheStrategyWhereAttemptsMayReachTheEnd(_ start: Int) throws(ICURegexError) {
        guard endFlagTracking != nil else { return }
        unowned(unsafe) let tracking = trackingOfEndFlags
        guard !tracking.isWholeText, !tracking.isSettled, countsUnitsSearchedByICU || !mode.isICUs,
            !tracking.matchAtTheEndHitsIt || tracking.hasEndAnchor
        else { return }
        if tracking.lastStartThatCannotReachTheEnd == nil { workOutLastStartThatCannotReachTheEnd() }
        guard start > tracking.lastStartThatCannotReachTheEnd! else { return }
        countsUnitsSearchedByICU = false
        if !mode.isICUs {
            mode = .findFrom
            try begin()
        }
    }

    /// Adds the end flags of the search from `start` that found `match` to what the walk
    /// knows (see ``EndFlagFacts``): ICU's own when ICU searched the whole text from there;
    /// none when the match starts at or before the last start that cannot reach the end;
    /// `hitEnd` alone when it ends at the text's end, the pattern's way there set it and
    /// nothing sets `requireEnd`; otherwise ICU's, from the same search run again, and ICU
    /// then finds the walk's remaining matches (they all start past that start, where the
    /// same holds).
    private func noteEndFlags(of match: Range<Int>, searchedFrom start: Int) throws(ICURegexError) {
        guard endFlagTracking != nil else { return }
        unowned(unsafe) let tracking = trackingOfEndFlags
        if lastSearchIsICUs {
            tracking.add(icuEndFlags)
            return
        }
        endFlagsWorkedOutWithoutICU += 1
        guard !tracking.isWholeText else {
            // The whole-text mode's one match: see ``wholeTextEndFlags``.
            tracking.add(Self.wholeTextEndFlags)
            return
        }
        if tracking.isSettled { return }
        if tracking.lastStartThatCannotReachTheEnd == nil { workOutLastStartThatCannotReachTheEnd() }
        if match.lowerBound <= tracking.lastStartThatCannotReachTheEnd! { return }
        if match.upperBound == count, tracking.matchAtTheEndHitsIt, !tracking.hasEndAnchor {
            // The match's own way set `hitEnd`, and nothing sets `requireEnd`: settled.
            tracking.add((hitEnd: true, requireEnd: false))
            return
        }
        endFlagsWorkedOutWithoutICU -= 1
        try begin()
        _ = try find(from: start)
        tracking.add(icuEndFlags)
        mode = .findFrom
        countsUnitsSearchedByICU = false
    }

    /// ``endFlagTracking``, which must not be nil, for a method that holds it while the walk
    /// does (which nothing in the method changes): reached as `unowned(unsafe)`, without the
    /// reference count of its own that binding the optional costs at every match.
    private var trackingOfEndFlags: EndFlagTracking {
        endFlagTracking.unsafelyUnwrapped
    }

    /// Works out the tracking's ``EndFlagTracking/lastStartThatCannotReachTheEnd`` from its
    /// facts, once, the first time it is asked for (in a walk not in ``Mode/wholeText(_:)``).
    private func workOutLastStartThatCannotReachTheEnd() {
        guard let tracking = endFlagTracking, let facts = tracking.facts else { return }
        // Only ICU finds matches in a text without an address (an empty one).
        tracking.lastStartThatCannotReachTheEnd = base.map { facts.lastStartThatCannotReachTheEnd(in: $0, count: count) } ?? -1
    }

    /// ICU's end flags after the one match of a walk in ``Mode/wholeText(_:)``, and after every
    /// later search of its loop: both set.
    ///
    /// The pattern is `^X$`, its last operation `$` or `\Z` (ICU's `URX_DOLLAR`, or
    /// `URX_DOLLAR_D` with Unix lines) or `\z` (`URX_BACKSLASH_Z`), and the match spans the text
    /// (the walk's `wholeTextMatch`), so on the way ICU took to it that operation succeeded at
    /// the text's end, which with no region is `fAnchorLimit`: each of the three sets both
    /// `fHitEnd` and `fRequireEnd` there (`rematch.cpp`, `MatchChunkAt`). ICU clears them only
    /// when the matcher is reset, never within its `findNext` loop, and no operation clears
    /// them, so every later search (the one after the match, from the text's end, which fails
    /// at `fMinMatchLen` or at `START_START`'s start, and the completion's) leaves them set,
    /// whatever it does. A text where `X` does not span is not covered: its one search's flags
    /// depend on how far `X`'s attempts read (`^a$b$`, or `X` longer than the text, whose
    /// search fails at `fMinMatchLen` with `hitEnd` alone), and are ICU's, asked for when
    /// ``endFlags()`` is (see ``noteEndFlagsOfFailedSearch(from:)``).
    private static let wholeTextEndFlags = (hitEnd: true, requireEnd: true)

    /// Adds the end flags of the search from `start` (nil: past the text's end) that found no
    /// match: ICU's own when ICU searched the whole text from there. ICU's loop, past the end
    /// after an empty match, sets `hitEnd` alone; a failed search sets it too, unless ICU
    /// anchors the pattern at the text's start, and sets `requireEnd` only through an end
    /// anchor (see ``EndFlagFacts``). What these leave open is ICU's to answer, when
    /// ``endFlags()`` is asked: in ``Mode/wholeText(_:)``, whose pattern has an end anchor,
    /// the flags of a text without a match (after one, both are set already).
    private func noteEndFlagsOfFailedSearch(from start: Int?) {
        guard endFlagTracking != nil else { return }
        unowned(unsafe) let tracking = trackingOfEndFlags
        if lastSearchIsICUs {
            tracking.add(icuEndFlags)
        } else if let start {
            if tracking.facts?.mayBeAnchoredAtTextStart != false || tracking.hasEndAnchor {
                if !tracking.isSettled { tracking.pendingFinalSearch = start }
            } else {
                tracking.add((hitEnd: true, requireEnd: false))
            }
        } else {
            tracking.add((hitEnd: true, requireEnd: false))
        }
    }

    /// The range of group `group` of the current match (0: the whole match), or nil when it
    /// did not take part.
    package func range(ofGroup group: Int) -> Range<Int>? {
        let start = groupBounds[2 * group]
        guard start >= 0 else { return nil }
        return Int(start)..<Int(groupBounds[2 * group + 1])
    }

    /// The bounds of every group of the current match, two per group from group 0 (the whole
    /// match), -1 for a group that did not take part: valid until the walk's next search, and
    /// read without a call per group.
    package var currentGroupBounds: UnsafeBufferPointer<Int64> { UnsafeBufferPointer(groupBounds) }

    /// The ranges of groups 1 and up of the current match, each moved by `offset`, nil for a
    /// group that did not take part: a match's group array, read from the groups' bounds
    /// without a call or a reference count per group. The array is the walk's own, written in
    /// place when the caller let go of the one returned for the previous match (a loop that
    /// reads each match's groups and moves on), so that such a walk allocates no array per
    /// match; copied, as any array, when the caller still holds it. (`Array(unsafeUninitializedCapacity:)`
    /// here went through the runtime's generic metadata at every match.)
    package func groupRanges(offset: Int) -> [Range<Int>?] {
        let groups = groupBounds.count / 2 - 1
        guard groups > 0 else { return [] }
        if reusedGroupRanges.count != groups { reusedGroupRanges = Array(repeating: nil, count: groups) }
        let bounds = UnsafeBufferPointer(groupBounds)
        reusedGroupRanges.withUnsafeMutableBufferPointer { ranges in
            for group in 1...groups {
                let start = bounds[2 &* group]
                ranges[group &- 1] = start < 0 ? nil : (Int(start) &+ offset)..<(Int(bounds[2 &* group &+ 1]) &+ offset)
            }
        }
        return reusedGroupRanges
    }

    /// The array that ``groupRanges(offset:)`` writes. A walk is used by one thread, one call
    /// at a time, so the array skips Swift's run-time exclusivity checks (two runtime calls
    /// per match, a fifth of `matches`' time on the dense matches of a lexer's pattern).
    @exclusivity(unchecked) private var reusedGroupRanges: [Range<Int>?] = []

    /// Where ICU's loop starts its next search: at the previous match's end, or one code point
    /// further after an empty match; nil when that is past the text.
    @inline(__always)
    private func nextSearchStart() -> Int? {
        guard let previous = previousMatch else { return 0 }
        guard previous.isEmpty else { return previous.upperBound }
        let end = previous.upperBound
        guard end < count else { return nil }
        if let utf8Base {
            return end + UTF8Decoding.unitsAndLength(at: end, in: utf8Base, count: count).length
        }
        if end + 1 < count, let base, UTF16.isLeadSurrogate(base[end]), UTF16.isTrailSurrogate(base[end + 1]) {
            return end + 2
        }
        return end + 1
    }

    /// True when the walk, about to search a UTF-16 text from `start` with ICU, takes the
    /// match automaton instead (see ``countsUnitsSearchedByICU``) and goes on in
    /// ``Mode/automaton(_:)``. The automaton answers as ICU's search of the whole text from
    /// `start` does (see ``MatchAutomaton``), and ICU searches where it cannot tell.
    private func takesAutomaton(afterSearchingFrom start: Int) -> Bool {
        guard base != nil, let automata = pattern.matchAutomata else {
            countsUnitsSearchedByICU = false
            return false
        }
        guard pattern.strategy.mayUseAutomaton(automata, forUnplannedSearchOf: count - start) else {
            countsUnitsSearchedByICU = automata.state != .absent
            return false
        }
        countsUnitsSearchedByICU = false
        guard let automaton = idleMatchAutomaton ?? automata.take() else { return false }
        idleMatchAutomaton = nil
        matchAutomaton = automaton
        mode = .automaton(automaton)
        automatonMatches = 0
        automatonStart = start
        return true
    }

    private func findNext() throws(ICURegexError) -> Range<Int>? {
        try icuMatch { start, end, code in icushim_regex_find_next(handle, &start, &end, &code) }
    }

    private func find(from: Int?) throws(ICURegexError) -> Range<Int>? {
        guard let from else { return nil }
        lastSearchIsICUs = true
        return try icuMatch { start, end, code in icushim_regex_find_from(handle, Int64(from), &start, &end, &code) }
    }

    /// ICU's search of the whole text at `base` from `start`, with its groups read: where a way
    /// without ICU cannot tell, ICU searches from where it began.
    private func icuSearch(from start: Int, in base: UnsafePointer<UInt16>) throws(ICURegexError) -> Range<Int>? {
        lastSearchIsICUs = true
        guard let match = try MatcherHandle.find(handle, utf16: base, length: count, from: start) else { return nil }
        readGroups(offset: 0)
        return match
    }

    /// ICU's match from one of the shim's searches of the whole text, with its groups read.
    private func icuMatch(_ search: (inout Int64, inout Int64, inout Int32) -> Bool) throws(ICURegexError) -> Range<Int>? {
        guard let found = try MatcherHandle.match(search) else { return nil }
        readGroups(offset: 0)
        return found
    }

    /// The next match found with `plan`, from where ICU's loop would search.
    private func plannedMatch(_ plan: SearchPlan) throws(ICURegexError) -> Range<Int>? {
        if !plan.findsMatchesByTheirCharactersAlone, let matchAutomaton {
            // The whole text is searched: the plan's tries near the occurrences (or its runs)
            // and the automaton, then ICU's search from the search's start where it cannot tell.
            let found = try matchWithoutICU { base, start, count in
                plan.firstMatchFromAnOffset(inUTF16: base, from: start, to: count, automaton: matchAutomaton)
            }
            return try notePlannedMatch(found, of: plan)
        }
        // The plan is chosen only for long texts, which have an address.
        guard let start = nextSearchStart(), let base else { return nil }
        // The last range ICU searched as a text of its own, and what it found there.
        var lastSearch: (text: Range<Int>, match: Range<Int>)?
        let found = try plan.firstMatch(in: base, range: start..<count, anchored: false) {
            text, from throws(ICURegexError) in
            let askICU = { () throws(ICURegexError) -> Range<Int>? in
                let match = try MatcherHandle.find(self.handle, utf16: base + text.lowerBound, length: text.count, from: from)
                if let match { lastSearch = (text, match) }
                return match
            }
            guard let matchAutomaton = self.matchAutomaton else { return try askICU() }
            return try matchAutomaton.firstMatch(inUTF16: base + text.lowerBound, from: from, to: text.count, otherwise: askICU)
        }
        guard let match = found.range else { return nil }
        if groupCount > 0, let lastSearch,
            lastSearch.match == (match.lowerBound - lastSearch.text.lowerBound)..<(match.upperBound - lastSearch.text.lowerBound)
        {
            readGroups(offset: lastSearch.text.lowerBound)
        } else {
            try setMatchFoundWithoutICU(match, in: base)
        }
        return try notePlannedMatch(match, of: plan)
    }

    /// Counts `match`, found with `plan`, and leaves the plan when its matches come dense.
    private func notePlannedMatch(_ match: Range<Int>?, of plan: SearchPlan) throws(ICURegexError) -> Range<Int>? {
        guard let match else { return nil }
        plannedMatches += 1
        if MatchStrategy.plannedMatchesAreDense(plan, matches: plannedMatches, units: match.upperBound) {
            if let matchAutomaton {
                mode = .automaton(matchAutomaton)
            } else if groupCount > 0, let backtracker = borrowedCaptureBacktracker(), backtracker.isOnePass {
                mode = .onePass(backtracker)
            } else {
                mode = .findFrom
                try begin()
            }
        }
        return match
    }

    /// The matches of the automaton's last run (``MatchAutomaton/matchRun(inUTF16:from:to:into:capacity:)``),
    /// two offsets each, allocated for the walk's first run: ``next()`` returns those from
    /// ``nextRunMatch`` up to ``runMatchCount`` before anything else.
    private var runMatchBounds: UnsafeMutablePointer<Int>?
    private var runMatchCount = 0
    private var nextRunMatch = 0
    /// How the last run ended, and the most matches the next one may find: one for the walk's
    /// first run, twice as many at each run after, up to ``maximumRunMatches``, so that a
    /// caller that takes only the first few matches has the automaton search little further.
    private var runEnd = MatchAutomaton.RunEnd.full
    private var runCapacity = 1
    private static let maximumRunMatches = 64

    /// The next match in ``Mode/automaton(_:)`` for a pattern without groups: the first of a
    /// run of the loop's matches that `automaton` finds in one call (``runMatchBounds``, whose
    /// others ``next()`` returns), from where ICU's loop would search. The run's matches are
    /// those its searches one by one would find (see
    /// ``MatchAutomaton/matchRun(inUTF16:from:to:into:capacity:)``); where it could not tell
    /// the next match, ICU searches from where the loop goes on after the run's last one.
    ///
    /// A walk that tracks end flags takes the run's other matches only while each needs none
    /// (``runMatchSetsNoEndFlag(_:)``), and otherwise drops the rest of the run (``dropRun()``)
    /// and searches again from where the loop would, with the flags, as without runs.
    private func runMatch(_ automaton: MatchAutomaton) throws(ICURegexError) -> Range<Int>? {
        // Used only for long texts, which have an address.
        guard let start = nextSearchStart(), let base else { return nil }
        if runEnd == .full {
            if runMatchBounds == nil { runMatchBounds = .allocate(capacity: 2 * Self.maximumRunMatches) }
            let bounds = runMatchBounds.unsafelyUnwrapped
            let run = automaton.matchRun(inUTF16: base, from: start, to: count, into: bounds, capacity: runCapacity)
            runEnd = run.end
            runCapacity = min(2 * runCapacity, Self.maximumRunMatches)
            if run.count > 0 {
                runMatchCount = run.count
                nextRunMatch = 1
                let found = bounds[0]..<bounds[1]
                groupBounds[0] = Int64(found.lowerBound)
                groupBounds[1] = Int64(found.upperBound)
                return found
            }
        }
        // The last run's matches are all taken, and it ended before the match from `start`.
        if runEnd == .noMatch { return nil }
        runEnd = .full
        return try icuSearch(from: start, in: base)
    }

    /// Whether `match`, one of the automaton's run in a walk that tracks end flags, leaves
    /// the flags as they are, so that the walk may return it as the run found it: true when
    /// it starts at or before the last start that cannot reach the end (see ``EndFlagFacts``).
    /// The search that found it started there too, so the walk's own search would have been
    /// the automaton's, from the same start (``leaveTheStrategyWhereAttemptsMayReachTheEnd(_:)``
    /// leaves the strategy only past that start), would have found the same match, and would
    /// have noted no flags for it (``noteEndFlags(of:searchedFrom:)``).
    private func runMatchSetsNoEndFlag(_ match: Range<Int>) -> Bool {
        unowned(unsafe) let tracking = trackingOfEndFlags
        // (A whole-text walk has no automaton; its tracking has no facts.)
        guard !tracking.isWholeText else { return false }
        if tracking.lastStartThatCannotReachTheEnd == nil { workOutLastStartThatCannotReachTheEnd() }
        return match.lowerBound <= tracking.lastStartThatCannotReachTheEnd!
    }

    /// Forgets the matches left in the automaton's last run, so that the next search starts
    /// anew where the loop's would, after the previous match.
    private func dropRun() {
        runMatchCount = 0
        nextRunMatch = 0
        runEnd = .full
    }

    /// The matches with groups the automaton found (see ``judgeDensity(after:)``).
    private var automatonMatches = 0

    /// Where the automaton's matches counted by ``judgeDensity(after:)`` were searched from.
    private var automatonStart = 0

    /// True once the one-pass runs could not tell (see ``onePassMatch(_:)``): the walk does not
    /// go back to them.
    private var givesUpOnePass = false

    /// Hands the walk to the one-pass runs of the pattern's capture backtracker, or to ICU's
    /// loop when it has none, when the automaton's matches of a pattern with groups come dense
    /// (``MatchStrategy/groupMatchesAreDense(matches:units:)``).
    private func judgeDensity(after match: Range<Int>) throws(ICURegexError) {
        automatonMatches += 1
        if MatchStrategy.groupMatchesAreDense(matches: automatonMatches, units: match.upperBound - automatonStart) {
            if !givesUpOnePass, let backtracker = borrowedCaptureBacktracker(), backtracker.isOnePass {
                mode = .onePass(backtracker)
            } else {
                mode = .findFrom
                try begin()
            }
        }
    }

    /// The next match and its groups from one-pass runs (see ``Mode/onePass(_:)``). The walk
    /// goes back to the automaton when a match comes after more than
    /// ``MatchStrategy/sparseOnePassGap`` units without one (the automaton's scan passes over them faster
    /// than runs started at each offset), and to ICU's search from the same offset when the
    /// runs cannot tell or read too much (``CaptureBacktracker/onePassWorkPerUnit``).
    private func onePassMatch() throws(ICURegexError) -> Range<Int>? {
        // Used only for long texts, which have an address.
        guard let start = nextSearchStart(), let base else { return nil }
        let count = self.count
        // The mode's backtracker is ``captureBacktracker`` (see ``borrowedCaptureBacktracker()``),
        // reached without a reference count of the search's own (one per match): the walk
        // holds it.
        let outcome = Unmanaged.passUnretained(captureBacktracker.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            backtracker -> MatchAutomaton.Outcome in
            let outcome = backtracker.firstOnePassMatch(inUTF16: base, from: start, end: count)
            if case .match = outcome { setGroups(from: backtracker) }
            return outcome
        }
        switch outcome {
        case .match(let match):
            if match.lowerBound - start > MatchStrategy.sparseOnePassGap, let matchAutomaton {
                mode = .automaton(matchAutomaton)
                automatonMatches = 0
                automatonStart = match.upperBound
            }
            return match
        case .noMatch:
            return nil
        case .unknown:
            if let matchAutomaton {
                mode = .automaton(matchAutomaton)
                givesUpOnePass = true
            } else {
                mode = .findFrom
                try begin()
            }
            return try icuSearch(from: start, in: base)
        }
    }

    /// The walk's capture backtracker (see ``borrowedCaptureBacktracker()``) when it
    /// ``CaptureBacktracker/searches``, ready for a new text's searches; nil when the pattern
    /// has none that searches.
    private func searchingBacktracker() -> CaptureBacktracker? {
        guard let backtracker = borrowedCaptureBacktracker(), backtracker.searches else { return nil }
        backtracker.beginSearches()
        return backtracker
    }

    /// The next match and its groups from the capture backtracker's search from where ICU's
    /// loop would search (see ``Mode/backtrackingSearch(_:)``), which answers as ICU's search
    /// of the whole text from there does; ICU's search from the same offset where it cannot
    /// tell.
    private func backtrackingMatch(_ backtracker: CaptureBacktracker) throws(ICURegexError) -> Range<Int>? {
        // Used only for long texts, which have an address.
        guard let start = nextSearchStart(), let base else { return nil }
        switch backtracker.firstMatch(inUTF16: base, from: start, end: count) {
        case .match(let match):
            setGroups(from: backtracker)
            return match
        case .noMatch:
            return nil
        case .unknown:
            return try icuSearch(from: start, in: base)
        }
    }

    /// The match of a pattern `^X$` in the whole text, with its groups, from `X`'s capture
    /// backtracker (see ``Mode/wholeText(_:)``); ICU's loop where it cannot tell.
    ///
    /// Without multi-line anchors, `^` and `\A` hold only at the text's start, and, the last
    /// character being no line terminator, `$`, `\Z` and `\z` only at its end. So ICU's loop
    /// finds at most one match: its first search tries the start alone, taking the ways of `X`
    /// in ICU's order until one ends at the end of the text; every later search starts past
    /// the start and fails. The one-pass run gives ICU's anchored match of `X` at the start
    /// (see ``CaptureBacktracker/onePassMatch(inUTF16:at:end:)``), the first way of `X`, in
    /// ICU's order, that reaches its end: when that way ends at the end of the text, it is the
    /// first that `$` lets through, and the match; when no way of `X` matches at all, none
    /// matches with `$` either. Otherwise (a way ended earlier, and `$` sent ICU on to later
    /// ways), and at once when `X` is not one-pass, the backtracker's match of the whole text
    /// takes the first way that ends at its end, as ICU does (see ``CaptureBacktracker``);
    /// where it cannot tell, ICU searches.
    private func wholeTextMatch() throws(ICURegexError) -> Range<Int>? {
        // The mode is taken only for a text of at least one unit, which has an address.
        guard previousMatch == nil, let base else { return nil }
        let count = self.count
        // The mode's backtracker is ``wholeTextBacktracker``, reached without a reference count
        // of the search's own (two for each line of rebar's `parse-line`): the walk holds it.
        let outcome = Unmanaged.passUnretained(wholeTextBacktracker.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            backtracker -> CaptureBacktracker.Outcome in
            if backtracker.isOnePass {
                switch backtracker.onePassMatch(inUTF16: base, at: 0, end: count) {
                case .match(let match) where match.upperBound == count:
                    setGroups(from: backtracker)
                    return .match
                case .noMatch:
                    return .noMatch
                case .match, .unknown:
                    break
                }
            }
            let outcome = backtracker.match(inUTF16: base, spanning: 0..<count, end: count)
            if outcome == .match { setGroups(from: backtracker) }
            return outcome
        }
        switch outcome {
        case .match:
            return 0..<count
        case .noMatch:
            return nil
        case .unknown:
            mode = .findFrom
            try begin()
            return try find(from: 0)
        }
    }

    /// Whether `unit` is one of the characters ICU's `$` takes as a line terminator (`\n`,
    /// `\v`, `\f`, `\r`, U+0085, U+2028, U+2029), with or without `UREGEX_UNIX_LINES`.
    @inline(__always)
    static func isLineTerminator(_ unit: UInt16) -> Bool {
        (unit >= 0x0A && unit <= 0x0D) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }

    /// The next match and its groups from the back-reference searcher, from where ICU's loop
    /// would search; ICU's search from where the searcher leaves off when it cannot tell.
    private func backReferenceMatch(_ searcher: BackReferenceSearcher) throws(ICURegexError) -> Range<Int>? {
        guard let start = nextSearchStart() else { return nil }
        let outcome: BackReferenceSearcher.Outcome
        if let utf8Base {
            outcome = searcher.firstMatch(inUTF8: utf8Base, from: start, to: count)
        } else if let base {
            outcome = searcher.firstMatch(inUTF16: base, from: start, to: count)
        } else {
            outcome = .unknown(from: start)
        }
        switch outcome {
        case .match(let match):
            setGroups(from: searcher)
            return match
        case .noMatch:
            return nil
        case .unknown(let from):
            return try find(from: from)
        }
    }

    /// The next match that `find(text, from, end)` finds without ICU, from where ICU's loop
    /// would search; ICU's when it cannot tell. Inlined, so that `find` is a direct call.
    @inline(__always)
    private func matchWithoutICU(
        _ find: (UnsafePointer<UInt16>, Int, Int) -> MatchAutomaton.Outcome
    ) throws(ICURegexError) -> Range<Int>? {
        // Used only for long texts, which have an address.
        guard let start = nextSearchStart(), let base else { return nil }
        switch find(base, start, count) {
        case .match(let match):
            try setMatchFoundWithoutICU(match, in: base)
            return match
        case .noMatch:
            return nil
        case .unknown:
            return try icuSearch(from: start, in: base)
        }
    }

    /// Makes `match`, found without ICU, the current match, with its groups: the pattern's
    /// capture backtracker finds them on the match's span (see ``CaptureBacktracker``), or
    /// else ICU on the match's own characters, which alone decide a match of this pattern,
    /// finds the same match with its groups.
    private func setMatchFoundWithoutICU(_ match: Range<Int>, in base: UnsafePointer<UInt16>) throws(ICURegexError) {
        guard groupCount > 0 else {
            groupBounds[0] = Int64(match.lowerBound)
            groupBounds[1] = Int64(match.upperBound)
            return
        }
        if let backtracker = borrowedCaptureBacktracker(),
            backtracker.match(inUTF16: base, spanning: match, end: count) == .match
        {
            setGroups(from: backtracker)
            return
        }
        _ = try MatcherHandle.find(handle, utf16: base + match.lowerBound, length: match.count, from: 0)
        readGroups(offset: match.lowerBound)
    }

    /// The pattern's capture backtracker, borrowed on first use; nil when it has none.
    private func borrowedCaptureBacktracker() -> CaptureBacktracker? {
        if let captureBacktracker { return captureBacktracker }
        guard !hasNoCaptureBacktracker else { return nil }
        captureBacktracker = pattern.captureBacktrackers?.take()
        hasNoCaptureBacktracker = captureBacktracker == nil
        return captureBacktracker
    }

    /// Makes the groups of `backtracker`'s last match the current match's.
    private func setGroups(from backtracker: CaptureBacktracker) {
        let groupBounds = self.groupBounds
        for index in groupBounds.indices { groupBounds[index] = Int64(backtracker.slot(index)) }
    }

    /// Makes the groups of `searcher`'s last match the current match's.
    private func setGroups(from searcher: BackReferenceSearcher) {
        for index in groupBounds.indices { groupBounds[index] = Int64(searcher.slot(index)) }
    }

    /// Whether the whole text matches (ICU's `matches`), with the groups; the walk must not
    /// have started, and is finished afterwards.
    package func wholeMatch() throws(ICURegexError) -> Range<Int>? {
        precondition(previousMatch == nil, "MatchWalk.wholeMatch: the walk has started")
        endFlagTracking = nil
        if case .findNext = mode {} else {
            mode = .findNext
            try begin()
        }
        isFinished = true
        return try icuMatch { start, end, code in icushim_regex_match_whole(handle, &start, &end, &code) }
    }

    /// The first match that starts at or after `offset`, with the groups, or nil: ICU's search
    /// of the region from `offset` to the end of the text, with transparent bounds and without
    /// anchoring bounds, so that look-behind, `\b` and `^` see the text before `offset` and `$`
    /// matches only at the text's own end. The walk must not have started, and is finished
    /// afterwards.
    package func firstMatch(from offset: Int) throws(ICURegexError) -> Range<Int>? {
        precondition(previousMatch == nil, "MatchWalk.firstMatch(from:): the walk has started")
        precondition(offset >= 0 && offset <= count, "MatchWalk.firstMatch(from:): offset \(offset) is outside the text")
        try setRegion(offset..<count, transparentBounds: true, anchoringBounds: false)
        isFinished = true
        return try icuMatch { start, end, code in icushim_regex_find_next(handle, &start, &end, &code) }
    }

    /// The match that spans exactly `range` of the text, with its groups, or nil when the
    /// pattern has none: ICU's `matches` on the region `range` with transparent bounds and
    /// without anchoring bounds, so that look-around, `\b`, `^` and `$` see the text around
    /// the region as a search of the whole text does. The walk must not have started, and is
    /// finished afterwards; it may be asked for any number of ranges, in any order.
    ///
    /// When `range` is a match that a search of the whole text found (ICU's leftmost-first
    /// match from `range.lowerBound`) and the pattern ``RegexPattern/rematchesItsSpans``, this
    /// is the same match with the same groups: ICU's search takes the first path, in the
    /// pattern's order of preference, that succeeds from there, and that path ends at
    /// `range.upperBound`. Every path before it failed with the whole text to read, so it
    /// fails too when it must also end at the region's end, and the same path succeeds in the
    /// region, whose bounds hide nothing from assertions. (An atomic group instead keeps its
    /// first way of matching: one that ran past the region's end in the search may give way,
    /// in the region, to another that the search never tried.)
    ///
    /// `range` must not be empty: ICU's `matches` finds nothing in an empty region at the
    /// text's end, where its search finds an empty match.
    package func match(spanning range: Range<Int>) throws(ICURegexError) -> Range<Int>? {
        precondition(previousMatch == nil, "MatchWalk.match(spanning:): the walk has started")
        precondition(!range.isEmpty, "MatchWalk.match(spanning:): an empty range")
        precondition(
            range.lowerBound >= 0 && range.upperBound <= count, "MatchWalk.match(spanning:): \(range) is outside the text")
        if let backtracker = borrowedCaptureBacktracker() {
            isFinished = true
            // The backtracker takes the first way that ends at the range's end, as ICU's
            // `matches` on the region does (see ``CaptureBacktracker``).
            let outcome: CaptureBacktracker.Outcome
            if let utf8Base {
                outcome = backtracker.match(inUTF8: utf8Base, spanning: range, end: count)
            } else if let base {
                outcome = backtracker.match(inUTF16: base, spanning: range, end: count)
            } else {
                outcome = .unknown
            }
            switch outcome {
            case .match:
                setGroups(from: backtracker)
                return range
            case .noMatch:
                return nil
            case .unknown:
                break
            }
        }
        try setRegion(range, transparentBounds: true, anchoringBounds: false)
        isFinished = true
        return try icuMatch { start, end, code in icushim_regex_match_whole(handle, &start, &end, &code) }
    }

    /// Reads the groups of ICU's last match, whose text started at `offset` of this one.
    private func readGroups(offset: Int) {
        icushim_regex_group_bounds(handle, Int32(groupCount + 1), groupBounds.baseAddress)
        guard offset != 0 else { return }
        for index in groupBounds.indices where groupBounds[index] >= 0 {
            groupBounds[index] += Int64(offset)
        }
    }
}
