/// How a ``RegexPattern`` searches long ranges faster than ICU alone, with the same results,
/// decided once when the pattern is compiled.
///
/// The plan rests on the pattern's literals (see ``LiteralFacts``), searched in
/// the UTF-16 text directly by the pattern's ``Prefilter``, which holds them and chooses their
/// scanner:
/// - when the pattern's matches are exactly a few literal strings, the first match is the
///   first of them in priority order at the leftmost place where any occurs, and ICU is not
///   called;
/// - when every match contains one of a set of literals, a range without any has no match;
///   and when that literal starts at most some units after the match's start, no match starts
///   earlier than that before the literal's first occurrence, so ICU starts its search there,
///   on the whole range, which it still sees as a text of its own;
/// - when it starts at most ``maximumTriedOffset`` units after the match's start and the match
///   automaton is at hand, the first match starts at most that many units before one of the
///   literal's occurrences: the automaton's anchored searches try those starts, occurrence by
///   occurrence, and read little more than the occurrences themselves where the search from
///   the first occurrence reads the rest of the range (see
///   ``firstMatchNearOccurrences(in:from:to:anchored:maximumOffset:automaton:nextOccurrence:)``,
///   written once for UTF-16 and for the UTF-8 of a string, which the walk over every match
///   in it reads: ``firstMatchFromAnOffset(inUTF8:from:to:automaton:leftmostOccurrence:)``);
/// - when the literal may be anywhere in a match but the pattern has no zero-width assertion,
///   every match lies in a run of characters the pattern can consume (see
///   ``ConsumableCharacters``), so ICU searches only the runs around the literal's
///   occurrences, each as a text of its own, in order (this is preferred whenever it applies);
/// - when the literal may be far into a match and the pattern's zero-width assertions are all
///   ones the match automaton decides from the character at their place and those before it
///   (`\b`, `\B`, one-character look-arounds), every match still lies in a run of the
///   characters the pattern can consume, but a run is not a text of its own: the automaton
///   searches each run around the literal's occurrences in place, the text ending one
///   character after the run, so that the assertions see what ICU's see (see
///   ``firstMatchInRunsWithAssertions(in:from:to:anchored:consumable:minimumLength:automaton:nextOccurrence:)``);
///   without the automaton, ICU searches from the first occurrence as for a literal far into
///   the match;
/// - ignoring case, the same runs are searched around the places where a literal occurs with
///   each character in one of its case variants, or, when a literal has an ASCII letter whose
///   folding some other character's holds (`s`, `f`...), a character whose case folding holds
///   ASCII stands (the prefilter's ``UTF16CaseInsensitiveScanner``);
/// - without a literal, the same runs are searched around the places where the pattern's line
///   automaton, read without line edges, finds that a match may end (see
///   ``LineAutomaton/firstMatchEnd(inUTF16:from:to:)``): its language holds every match, so
///   no match ends before such a place, and it reads one table entry per character; on ranges
///   of at least ``automatonSearchLength`` units, which repay the automaton's construction.
struct SearchPlan: Sendable {
    /// What the plan knows of the matches.
    enum Strategy: Sendable {
        /// Every match is one of the literals, tried in their order.
        case exactLiterals(Prefilter)
        /// Every match contains one of the literals, starting at most `maximumUTF16Offset` units
        /// after the match's start (nil: anywhere). With an offset of at most
        /// ``SearchPlan/maximumTriedOffset`` and the match automaton, the starts before each
        /// occurrence are tried in turn; otherwise ICU (or the automaton) searches the range from
        /// the first occurrence, less the offset, to its end.
        case requiredLiterals(Prefilter, maximumUTF16Offset: Int?)
        /// Every match contains one of the literals, lies in a run of the characters the
        /// pattern can consume, and has at least `minimumLength` UTF-16 units (its fewest code
        /// points: each takes one unit or two).
        case requiredLiteralsInRuns(Prefilter, LazyValue<ConsumableCharacters?>, minimumLength: Int)
        /// Every match contains one of the literals, starting at most `maximumUTF16Offset`
        /// units after the match's start (nil: anywhere; more than
        /// ``SearchPlan/maximumTriedOffset`` when given), lies in a run of the characters the
        /// pattern can consume, and has at least `minimumLength` UTF-16 units; the pattern has
        /// zero-width assertions, each decided by the match automaton from the character at its
        /// place and those before it. With the automaton, it searches the runs around the
        /// occurrences in place; otherwise, as ``requiredLiterals(_:maximumUTF16Offset:)``, ICU
        /// (or the automaton) searches the range from the first occurrence, less the offset.
        case requiredLiteralsInRunsWithAssertions(
            Prefilter, LazyValue<ConsumableCharacters?>, minimumLength: Int, maximumUTF16Offset: Int?)
        /// The same ignoring case, for literals of ASCII and of characters with known case
        /// variants: every match lies in a run of the characters the pattern can consume around
        /// a place the prefilter (``Prefilter/CaseHandling/ignoringCase``) finds.
        case caseInsensitiveRuns(Prefilter, LazyValue<ConsumableCharacters?>)
        /// Without a literal: every match lies in a run of the characters the pattern can
        /// consume around a place where the line automaton finds that a match may end, and has
        /// at least `minimumLength` units.
        case automatonRuns(LazyLineAutomaton, LazyValue<ConsumableCharacters?>, minimumLength: Int)
    }

    /// What the plan knows of the matches, with the literals it searches for.
    let strategy: Strategy

    /// The prefilter that searches the plan's literals; nil for
    /// ``Strategy/automatonRuns(_:_:minimumLength:)``, which has none.
    var prefilter: Prefilter? {
        switch strategy {
        case .exactLiterals(let prefilter), .requiredLiterals(let prefilter, _), .requiredLiteralsInRuns(let prefilter, _, _),
            .requiredLiteralsInRunsWithAssertions(let prefilter, _, _, _), .caseInsensitiveRuns(let prefilter, _):
            prefilter
        case .automatonRuns: nil
        }
    }

    /// True when the plan's pattern has no zero-width assertion, so that whether it matches at
    /// a place depends only on the characters from there on: searching from a position, or a
    /// run of characters as a text of its own, finds what ICU's search of the whole text finds
    /// there. Every strategy but ``Strategy/requiredLiterals(_:maximumUTF16Offset:)`` and
    /// ``Strategy/requiredLiteralsInRunsWithAssertions(_:_:minimumLength:maximumUTF16Offset:)``
    /// rests on that.
    var findsMatchesByTheirCharactersAlone: Bool {
        switch strategy {
        case .requiredLiterals, .requiredLiteralsInRunsWithAssertions: false
        default: true
        }
    }

    /// True when the plan, for a pattern with zero-width assertions, has the match automaton
    /// search the whole text from an offset faster than its scan alone (as a walk over every
    /// match or a matcher's search asks: see ``firstMatchFromAnOffset(inUTF16:from:to:automaton:)``):
    /// by trying the starts near its literal's occurrences (``nearOccurrences``), or the runs
    /// around them
    /// (``Strategy/requiredLiteralsInRunsWithAssertions(_:_:minimumLength:maximumUTF16Offset:)``).
    var searchesFromAnOffsetWithAutomaton: Bool {
        if nearOccurrences != nil { return true }
        if case .requiredLiteralsInRunsWithAssertions = strategy { return true }
        return false
    }

    /// True when the plan's match is the answer of its literal search, without ICU or an
    /// automaton: ``Strategy/exactLiterals(_:)``.
    var answersWithoutICU: Bool {
        if case .exactLiterals = strategy { return true }
        return false
    }

    /// True when the plan searches for literals, which is faster than reading every
    /// character with an automaton: not so for ``Strategy/automatonRuns(_:_:minimumLength:)``.
    var searchesForLiterals: Bool {
        if case .automatonRuns = strategy { return false }
        return true
    }

    /// The shortest range searched with the plan: below it, the literal search would cost
    /// more than it saves, and short searches keep their cost of one ICU call.
    static let minimumSearchLength = 4096

    /// The shortest range searched with the automaton. Its first search builds the plan,
    /// asking ICU about every code point below U+0800 for each class: 0.7 to 1.2 ms on a
    /// 2-core EPYC, where ICU alone took 0.1 ms (`\p{Greek}+\s+\d+`, which ICU skips ahead
    /// for) to 1.9 ms (`\w{5}\s+\w{5}\s+\d`) on this many units of English, and the
    /// automaton's later searches 3 µs and 0.12 ms. Shorter ranges would not repay it.
    static let automatonSearchLength = 1 << 16

    /// The options whose effect the pattern reader's facts already allow for: they change only
    /// what anchors, word boundaries and `.` match, never a literal.
    static let understoodOptions: RegexPattern.Options = [
        .dotMatchesLineSeparators, .anchorsMatchLines, .useUnicodeWordBoundaries, .useUnixLineSeparators,
        .errorOnUnknownEscapes,
    ]

    /// The plan for `pattern` compiled with `options`, or nil when there is none: the pattern
    /// has comments, has no literal (none that a ``Prefilter`` takes), or holds what the
    /// readers do not know.
    init?(pattern: String, options: RegexPattern.Options) {
        if options.contains(.ignoreMetacharacters) {
            guard options.subtracting(.ignoreMetacharacters).isSubset(of: Self.understoodOptions),
                let literals = Prefilter(literals: [Array(pattern.utf8)], caseHandling: .exact)
            else { return nil }
            self.init(strategy: .exactLiterals(literals))
            return
        }
        if options.contains(.caseInsensitive) {
            self.init(caseInsensitivePattern: pattern, options: options)
            return
        }
        guard options.isSubset(of: Self.understoodOptions), let syntax = PatternReader.read(pattern) else { return nil }
        let facts = LiteralFacts.of(syntax, score: Self.shortestLiteralScore)
        let read = CodePointPattern.reading(of: syntax)
        if facts.exactIsFaithful, let exact = facts.exact, let literals = Prefilter(literals: exact, caseHandling: .exact) {
            self.init(strategy: .exactLiterals(literals))
        } else if let read, read.isExact, let required = facts.required, let literals = Prefilter(literals: required, caseHandling: .exact) {
            // Runs are preferred even when the literal's offset is bounded: ICU then searches
            // only around the occurrences, not from the first one to the end.
            let consumable = Self.consumableCharacters(read.pattern, options: options)
            self.init(strategy: .requiredLiteralsInRuns(literals, consumable, minimumLength: read.pattern.minimumCodePointCount))
        } else if let (literals, maximumOffset) = Self.requiredLiteralsAndOffset(facts) {
            if let read, maximumOffset.map({ $0 > Self.maximumTriedOffset }) ?? true,
                Self.hasOnlyAssertionsDecidedAtTheirPlace(syntax, options: options)
            {
                self.init(
                    strategy: .requiredLiteralsInRunsWithAssertions(
                        literals, Self.consumableCharacters(read.pattern, options: options),
                        minimumLength: read.pattern.minimumCodePointCount, maximumUTF16Offset: maximumOffset))
            } else {
                self.init(strategy: .requiredLiterals(literals, maximumUTF16Offset: maximumOffset))
            }
        } else if let read, let strategy = Self.automatonRuns(pattern, read, options: options) {
            self.init(strategy: strategy)
        } else {
            return nil
        }
    }

    /// The literals every match holds, with the most UTF-16 units they start after the match's
    /// start when that is bounded (nil: anywhere), that the plan searches for; nil when the
    /// prefilter takes none.
    private static func requiredLiteralsAndOffset(_ facts: LiteralFacts) -> (Prefilter, Int?)? {
        if let near = facts.nearRequired, let literals = Prefilter(literals: near.literals, caseHandling: .exact) {
            return (literals, near.maximumUTF16Offset)
        }
        if let required = facts.required, let literals = Prefilter(literals: required, caseHandling: .exact) {
            return (literals, nil)
        }
        return nil
    }

    /// True when every zero-width assertion of `syntax`, compiled with `options`, is one that
    /// the match automaton decides (see ``PrioritizedPositionAutomaton``) from the character at
    /// its place and those before it, as ICU does: `\b` and `\B` with ICU's own word
    /// boundaries (not `.useUnicodeWordBoundaries`, the break iterator's, which the automaton
    /// does not model), and look-arounds of one character or class; and the pattern has no
    /// atomic group, possessive count or opaque construct, which the automaton refuses.
    /// Anchors are left out: the automaton does not decide them, and `$` looks past the
    /// character after its place.
    static func hasOnlyAssertionsDecidedAtTheirPlace(_ syntax: RegexSyntax, options: RegexPattern.Options) -> Bool {
        !syntax.contains { node in
            switch node {
            case .assertion(.wordBoundary), .assertion(.notWordBoundary): options.contains(.useUnicodeWordBoundaries)
            case .assertion, .opaque, .group(_, .atomic), .group(_, .flagged), .repetition(_, _, _, .possessive): true
            case .lookaround(.character, _), .lookaround(.characterClass, _): false
            case .lookaround: true
            default: false
            }
        }
    }

    /// The automaton runs for `pattern`, read as `read`, when it reads exactly (no zero-width
    /// assertion: a run is not the text) and every match has a character.
    private static func automatonRuns(_ pattern: String, _ read: CodePointPattern.Reading, options: RegexPattern.Options) -> Strategy? {
        guard read.isExact, read.pattern.minimumCodePointCount > 0 else { return nil }
        let ignoringCase = options.contains(.caseInsensitive)
        if ignoringCase && !read.pattern.sets.allSatisfy({ $0.matchesOneCharacterIgnoringCase }) { return nil }
        return .automatonRuns(
            LazyLineAutomaton(pattern, options: options), consumableCharacters(read.pattern, options: options),
            // One character can match several of the pattern's ignoring case (`ß` for `ss`).
            minimumLength: ignoringCase ? 0 : read.pattern.minimumCodePointCount)
    }

    /// The plan for a case-insensitive `pattern`: its required literals must be of ASCII and
    /// of characters with known case variants (a ``Prefilter`` ignoring case: see
    /// ``UTF16CaseInsensitiveScanner/init(literals:)``),
    /// it must read exactly as a code-point pattern without characters whose case folding is
    /// several (`ß`) and with only single-character classes (see
    /// ``CodePointSet/matchesOneCharacterIgnoringCase``); then matches are searched in runs around
    /// the places the prefilter finds.
    private init?(caseInsensitivePattern pattern: String, options: RegexPattern.Options) {
        guard options.subtracting(.caseInsensitive).isSubset(of: Self.understoodOptions),
            let syntax = PatternReader.read(pattern),
            let read = CodePointPattern.reading(of: syntax), read.isExact,
            read.pattern.sets.allSatisfy({ $0.matchesOneCharacterIgnoringCase })
        else { return nil }
        if let required = LiteralFacts.of(syntax, score: Self.shortestLiteralScore).required,
            let prefilter = Prefilter(literals: required, caseHandling: .ignoringCase)
        {
            self.init(strategy: .caseInsensitiveRuns(prefilter, Self.consumableCharacters(read.pattern, options: options)))
        } else if let strategy = Self.automatonRuns(pattern, read, options: options) {
            self.init(strategy: strategy)
        } else {
            return nil
        }
    }

    /// The characters `pattern`, compiled with `options`, can consume, worked out on the first
    /// long search; nil when ICU rejects a class, which cannot happen for a pattern it compiled.
    private static func consumableCharacters(
        _ pattern: CodePointPattern, options: RegexPattern.Options
    ) -> LazyValue<ConsumableCharacters?> {
        LazyValue { ConsumableCharacters(pattern, options: options) }
    }

    /// Ranks a literal set by its shortest literal: the longer, the rarer its occurrences.
    static func shortestLiteralScore(_ literals: [[UInt8]]) -> Int {
        literals.map { $0.count }.min() ?? 0
    }

    /// Creates a plan from its parts.
    private init(strategy: Strategy) {
        self.strategy = strategy
    }

    /// The first match in `base[range]`, searched as a text of its own, exactly as ICU finds
    /// it. `find(text, from)` runs ICU on `base[text]` as a text of its own, from offset `from`
    /// within it, and returns the match's offsets within it. `automaton`, the pattern's match
    /// automaton when the caller has it, tries the starts before each occurrence of
    /// ``Strategy/requiredLiterals(_:maximumUTF16Offset:)``'s literals.
    func firstMatch(
        in base: UnsafePointer<UInt16>, range: Range<Int>, anchored: Bool, automaton: MatchAutomaton? = nil,
        find: (Range<Int>, Int) throws(ICURegexError) -> Range<Int>?
    ) throws(ICURegexError) -> UTF16Range {
        switch strategy {
        case .exactLiterals(let literals):
            let found: (start: Int, literal: Int)?
            if anchored {
                found = literals.firstLiteral(at: range.lowerBound, inUTF16: base, range: range).map { (range.lowerBound, $0) }
            } else {
                found = literals.leftmostOccurrence(inUTF16: base, range: range)
            }
            guard let found else { return .notFound }
            return UTF16Range(location: found.start, length: literals.utf16Literals[found.literal].count)
        case .requiredLiterals(let literals, let maximumUTF16Offset):
            if nearOccurrences != nil, let automaton {
                switch firstMatchNearOccurrences(
                    inUTF16: base + range.lowerBound, from: 0, to: range.count, anchored: anchored, automaton: automaton)
                {
                case .match(let match): return UTF16Range(location: range.lowerBound + match.lowerBound, length: match.count)
                case .noMatch: return .notFound
                case .unknown(let start): return try Self.match(in: range, from: start, anchored: anchored, find: find)
                }
            }
            return try Self.firstMatchFromFirstOccurrence(
                of: literals, maximumUTF16Offset: maximumUTF16Offset, in: base, range: range, anchored: anchored, find: find)
        case .requiredLiteralsInRunsWithAssertions(let literals, let lazyConsumable, let minimumLength, let maximumUTF16Offset):
            guard let automaton, let consumable = lazyConsumable.value else {
                return try Self.firstMatchFromFirstOccurrence(
                    of: literals, maximumUTF16Offset: maximumUTF16Offset, in: base, range: range, anchored: anchored,
                    find: find)
            }
            let text = base + range.lowerBound
            let outcome = literals.withCandidateSearch(inUTF16: text, range: 0..<range.count) { firstCandidate in
                Self.firstMatchInRunsWithAssertions(
                    in: UTF16ScannedText(units: text), from: 0, to: range.count, anchored: anchored, consumable: consumable,
                    minimumLength: minimumLength, automaton: automaton, nextOccurrence: firstCandidate)
            }
            switch outcome {
            case .match(let match): return UTF16Range(location: range.lowerBound + match.lowerBound, length: match.count)
            case .noMatch: return .notFound
            case .unknown(let start): return try Self.match(in: range, from: start, anchored: anchored, find: find)
            }
        case .requiredLiteralsInRuns(let literals, let lazyConsumable, let minimumLength):
            guard let consumable = lazyConsumable.value else {
                // ICU rejected a class, which cannot happen for a pattern it compiled; search
                // as without a plan.
                return try Self.match(in: range, from: 0, anchored: anchored, find: find)
            }
            return try literals.withCandidateSearch(inUTF16: base, range: range) { firstCandidate throws(ICURegexError) in
                try Self.firstMatchInRuns(
                    in: base, range: range, anchored: anchored, consumable: consumable, minimumLength: minimumLength,
                    nextPlace: firstCandidate, find: find)
            }
        case .automatonRuns(let lazyAutomaton, let lazyConsumable, let minimumLength):
            guard range.count >= Self.automatonSearchLength, let consumable = lazyConsumable.value else {
                return try Self.match(in: range, from: 0, anchored: anchored, find: find)
            }
            return try lazyAutomaton.withAutomaton { automaton throws(ICURegexError) in
                guard let automaton else { return try Self.match(in: range, from: 0, anchored: anchored, find: find) }
                return try Self.firstMatchInRuns(
                    in: base, range: range, anchored: anchored, consumable: consumable, minimumLength: minimumLength,
                    nextPlace: { automaton.firstMatchEnd(inUTF16: base, from: $0, to: range.upperBound) }, find: find)
            }
        case .caseInsensitiveRuns(let prefilter, let lazyConsumable):
            guard let consumable = lazyConsumable.value else {
                return try Self.match(in: range, from: 0, anchored: anchored, find: find)
            }
            // One character can match several of the pattern's (`ß` for `ss`): no run is too
            // short to look at.
            return try prefilter.withCandidateSearch(inUTF16: base, range: range) { firstCandidate throws(ICURegexError) in
                try Self.firstMatchInRuns(
                    in: base, range: range, anchored: anchored, consumable: consumable, minimumLength: 0,
                    nextPlace: firstCandidate, find: find)
            }
        }
    }

    /// The first match in `base[range]` when every match holds one of `literals`, starting at
    /// most `maximumUTF16Offset` units after the match's start (nil: anywhere): none when no
    /// literal occurs; otherwise ICU's search from the first occurrence, less the offset (with
    /// `anchored`, none when that is after the range's start), or from the range's start.
    private static func firstMatchFromFirstOccurrence(
        of literals: Prefilter, maximumUTF16Offset: Int?, in base: UnsafePointer<UInt16>, range: Range<Int>, anchored: Bool,
        find: (Range<Int>, Int) throws(ICURegexError) -> Range<Int>?
    ) throws(ICURegexError) -> UTF16Range {
        guard let occurrence = literals.leftmostOccurrence(inUTF16: base, range: range) else { return .notFound }
        var from = 0
        if let maximumUTF16Offset {
            from = max(0, occurrence.start - maximumUTF16Offset - range.lowerBound)
            if anchored && from > 0 { return .notFound }
            from = Self.codePointBoundary(atOrBefore: from, in: base + range.lowerBound)
        }
        return try Self.match(in: range, from: from, anchored: anchored, find: find)
    }

    /// ICU's first match in `base[text]`, searched as a text of its own from `from`, as a
    /// range of `base`; not found when there is none or, with `anchored`, when it does not
    /// start at the start of `text`.
    private static func match(
        in text: Range<Int>, from: Int, anchored: Bool, find: (Range<Int>, Int) throws(ICURegexError) -> Range<Int>?
    ) throws(ICURegexError) -> UTF16Range {
        guard let match = try find(text, from), !anchored || match.lowerBound == 0 else { return .notFound }
        return UTF16Range(location: text.lowerBound + match.lowerBound, length: match.count)
    }

    /// The first match in `base[range]` when every match lies in a run of `consumable`
    /// characters around a place that `nextPlace(from)` finds (the first at or after `from`,
    /// in order): the runs around those places, left to right, each searched as a text of its
    /// own unless it is shorter than `minimumLength` units. A run without a match is passed
    /// over whole; the next place after it starts the next.
    ///
    /// When the places are so dense that the runs would cost more than one search of the rest
    /// (more than one run per ``denseRunSpacing`` units, after ``denseRunAllowance`` runs),
    /// ICU searches the rest of the range from where the runs left off instead: no match
    /// starts before that point, since every match lies in one run and the runs before it hold
    /// none, and the pattern, having no zero-width assertion, matches there as in the run.
    /// For the same reason, a run that goes on for ``longRunLimit`` units after its place is
    /// not measured to its end: ICU searches the rest of the range from the run's start. A
    /// pattern that can consume nearly every character (`\([^)]*\)`) has runs as long as the
    /// text, and measuring one for each match of a walk would read the rest of the text each
    /// time.
    private static func firstMatchInRuns(
        in base: UnsafePointer<UInt16>, range: Range<Int>, anchored: Bool, consumable: ConsumableCharacters,
        minimumLength: Int, nextPlace: (Int) -> Int?, find: (Range<Int>, Int) throws(ICURegexError) -> Range<Int>?
    ) throws(ICURegexError) -> UTF16Range {
        var searchStart = range.lowerBound
        var runsSearched = 0
        while searchStart < range.upperBound, let place = nextPlace(searchStart) {
            let run = consumable.run(around: place, in: base, bounds: range, forwardLimit: longRunLimit)
            // With `anchored`, only a match at the range's start counts, and only the first
            // run can start there.
            if anchored && run.lowerBound != range.lowerBound { return .notFound }
            if run.upperBound < range.upperBound && run.upperBound - place >= longRunLimit {
                return try Self.match(in: range, from: run.lowerBound - range.lowerBound, anchored: anchored, find: find)
            }
            if run.count >= minimumLength {
                let found = try Self.match(in: run, from: 0, anchored: anchored, find: find)
                if !found.isNotFound || anchored { return found }
                runsSearched += 1
            }
            if anchored { return .notFound }
            searchStart = max(run.upperBound, place + 1)
            if runsSearched > denseRunAllowance && runsSearched * denseRunSpacing > searchStart - range.lowerBound {
                let start = codePointBoundary(atOrBefore: searchStart - range.lowerBound, in: base + range.lowerBound)
                return try Self.match(in: range, from: start, anchored: false, find: find)
            }
        }
        return .notFound
    }

    /// The literals and their offset when the plan tries the starts near their occurrences
    /// with the match automaton (see
    /// ``firstMatchNearOccurrences(in:from:to:anchored:maximumOffset:automaton:nextOccurrence:)``): for
    /// ``Strategy/requiredLiterals(_:maximumUTF16Offset:)`` with an offset of at most
    /// ``maximumTriedOffset``; nil otherwise.
    var nearOccurrences: (literals: Prefilter, maximumOffset: Int)? {
        guard case .requiredLiterals(let literals, let maximumOffset?) = strategy, maximumOffset <= Self.maximumTriedOffset
        else { return nil }
        return (literals, maximumOffset)
    }

    /// For a plan that ``searchesFromAnOffsetWithAutomaton``, or that searches the runs around
    /// its literals' occurrences (``Strategy/requiredLiteralsInRuns(_:_:minimumLength:)``),
    /// the literals' scan in UTF-8 (with case, up to ``UTF8LiteralSearch/maximumLiterals``:
    /// ``Prefilter/utf8Literals``), for the walk over a string's UTF-8 (see
    /// ``firstMatchFromAnOffset(inUTF8:from:to:automaton:leftmostOccurrence:)``); nil otherwise.
    var occurrenceSearchInUTF8: UTF8LiteralSearch? {
        switch strategy {
        case .requiredLiteralsInRuns: break
        default: guard searchesFromAnOffsetWithAutomaton else { return nil }
        }
        return prefilter?.utf8Literals
    }

    /// For a plan with ``nearOccurrences``: ICU's first match at or after `from` (a code-point
    /// boundary) in `text[..<end]`, searched as a text of its own (with `anchored`, only one at
    /// `from`), found by trying, with `automaton`'s anchored search, the starts near the
    /// occurrences of the plan's literals; ``MatchStrategy/Outcome/unknown(from:)`` when the
    /// search of the text from there is to find it. In the text's offsets. (The tries are
    /// ``firstMatchNearOccurrences(in:from:to:anchored:maximumOffset:automaton:nextOccurrence:)``'s.)
    func firstMatchNearOccurrences(
        inUTF16 text: UnsafePointer<UInt16>, from: Int, to end: Int, anchored: Bool, automaton: MatchAutomaton
    ) -> MatchStrategy.Outcome {
        guard let (literals, maximumOffset) = nearOccurrences else { return .unknown(from: from) }
        return literals.withCandidateSearch(inUTF16: text, range: from..<end) { firstCandidate in
            Self.firstMatchNearOccurrences(
                in: UTF16ScannedText(units: text), from: from, to: end, anchored: anchored, maximumOffset: maximumOffset,
                automaton: automaton, nextOccurrence: firstCandidate)
        }
    }

    /// For a plan with ``nearOccurrences``: ICU's first match at or after `from` (a code-point
    /// boundary) in the whole `text[..<end]`, the text before `from` seen by assertions, as a
    /// walk over every match or a matcher's search from an offset asks for it: the tries of
    /// ``firstMatchNearOccurrences(in:from:to:anchored:maximumOffset:automaton:nextOccurrence:)``,
    /// then `automaton`'s unanchored search from where they leave off (every earlier start was
    /// tried and has no match); ``MatchAutomaton/Outcome/unknown`` where the automaton cannot
    /// tell, for ICU's search from `from`.
    func firstMatchFromAnOffset(
        inUTF16 text: UnsafePointer<UInt16>, from: Int, to end: Int, automaton: MatchAutomaton
    ) -> MatchAutomaton.Outcome {
        if case .requiredLiteralsInRunsWithAssertions(let literals, let lazyConsumable, let minimumLength, _) = strategy,
            let consumable = lazyConsumable.value
        {
            return literals.withCandidateSearch(inUTF16: text, range: from..<end) { firstCandidate in
                Self.firstMatchFromAnOffsetInRuns(
                    in: UTF16ScannedText(units: text), from: from, to: end, consumable: consumable,
                    minimumLength: minimumLength, automaton: automaton, nextOccurrence: firstCandidate)
            }
        }
        guard let (literals, maximumOffset) = nearOccurrences else {
            return automaton.firstMatch(inUTF16: text, from: from, to: end)
        }
        return literals.withCandidateSearch(inUTF16: text, range: from..<end) { firstCandidate in
            Self.firstMatchFromAnOffset(
                in: UTF16ScannedText(units: text), from: from, to: end, maximumOffset: maximumOffset, automaton: automaton,
                nextOccurrence: firstCandidate)
        }
    }

    /// For a plan with ``occurrenceSearchInUTF8``: ICU's first match at or after `from` (a
    /// character's first byte) in the whole of the well-formed UTF-8 `bytes[..<end]`, in byte
    /// offsets, as the walk over every match in a string's UTF-8 asks for it: as
    /// ``firstMatchFromAnOffset(inUTF16:from:to:automaton:)`` finds it in UTF-16, with the same
    /// argument, the occurrences found in the bytes by `leftmostOccurrence` (from
    /// ``UTF8LiteralSearch/withLeftmostOccurrences(in:to:_:)``, whose offsets must not
    /// decrease: a walk's searches start in order). The literals' UTF-8 is well-formed, so
    /// their bytes occur exactly where their characters do (see ``UTF8LiteralSearch``).
    ///
    /// The runs of a pattern without assertions
    /// (``Strategy/requiredLiteralsInRuns(_:_:minimumLength:)``, which the search of UTF-16
    /// hands run by run to ICU as texts of their own) are searched in place as those of a
    /// pattern with assertions: the argument of
    /// ``firstMatchInRunsWithAssertions(in:from:to:anchored:consumable:minimumLength:automaton:nextOccurrence:)``
    /// holds with no assertion to decide.
    func firstMatchFromAnOffset(
        inUTF8 bytes: UnsafePointer<UInt8>, from: Int, to end: Int, automaton: MatchAutomaton,
        leftmostOccurrence: (Int) -> (start: Int, literal: Int)?
    ) -> MatchAutomaton.Outcome {
        switch strategy {
        case .requiredLiteralsInRunsWithAssertions(_, let lazyConsumable, let minimumLength, _),
            .requiredLiteralsInRuns(_, let lazyConsumable, let minimumLength):
            guard let consumable = lazyConsumable.value else { break }
            return Self.firstMatchFromAnOffsetInRuns(
                in: UTF8ScannedText(bytes: bytes), from: from, to: end, consumable: consumable, minimumLength: minimumLength,
                automaton: automaton, nextOccurrence: { leftmostOccurrence($0)?.start })
        default: break
        }
        guard let (_, maximumOffset) = nearOccurrences else {
            return automaton.firstMatch(inUTF8: bytes, from: from, to: end)
        }
        return Self.firstMatchFromAnOffset(
            in: UTF8ScannedText(bytes: bytes), from: from, to: end, maximumOffset: maximumOffset, automaton: automaton,
            nextOccurrence: { leftmostOccurrence($0)?.start })
    }

    /// The tries of ``firstMatchNearOccurrences(in:from:to:anchored:maximumOffset:automaton:nextOccurrence:)``,
    /// then `automaton`'s unanchored search from where they leave off.
    @inline(__always)
    private static func firstMatchFromAnOffset<Text: ScannedText>(
        in text: Text, from: Int, to end: Int, maximumOffset: Int, automaton: MatchAutomaton, nextOccurrence: (Int) -> Int?
    ) -> MatchAutomaton.Outcome {
        let tried = firstMatchNearOccurrences(
            in: text, from: from, to: end, anchored: false, maximumOffset: maximumOffset, automaton: automaton,
            nextOccurrence: nextOccurrence)
        switch tried {
        case .match(let match): return .match(match)
        case .noMatch: return .noMatch
        case .unknown(let start): return automaton.firstMatch(in: text, from: start, to: end, anchored: false)
        }
    }

    /// ICU's first match at or after `from` (a code-point boundary) in `text[..<end]`,
    /// searched as a text of its own (with `anchored`, only one at `from`), when every match
    /// holds an occurrence of a literal that starts at most `maximumOffset` UTF-16 units after
    /// the match's start, and `nextOccurrence(offset)` gives the first occurrence at or after
    /// `offset` wholly inside `from..<end` (asked for offsets that do not decrease);
    /// ``MatchStrategy/Outcome/unknown(from:)`` when the search of the text from there is to
    /// find it. In the text's offsets: UTF-16 units, or bytes of well-formed UTF-8, whose
    /// characters are the UTF-16's.
    ///
    /// The occurrences are found in order, and at each, the code-point boundaries from
    /// `maximumOffset` units before it (the characters before it, back while their UTF-16
    /// units add up to at most `maximumOffset`: one unit each, two for a character outside the
    /// BMP) to the occurrence itself are tried in order with `automaton`'s anchored search,
    /// each window from where the one before left off; the first start at which it finds a
    /// match gives the answer. This is ICU's first match: ICU tries the starts in order and,
    /// at each, gives the match that the anchored search gives there (the automaton answers as
    /// ICU does, reading the text before the start for `\b`, since it is handed the whole
    /// text); a start with a match lies in the window before the occurrence it holds; so every
    /// start before the first one with a match was tried and has none (or lies in no window,
    /// and has none), and that one is reached.
    ///
    /// Where the automaton cannot tell (a character it does not know), or when the occurrences
    /// come so dense that the windows would cost more than one search of the rest (more than
    /// one occurrence per ``denseRunSpacing`` of the text's units, after
    /// ``denseRunAllowance`` of them), the answer is to search from the first start not yet
    /// tried: every earlier one was tried and has no match, so ICU's first match from there
    /// is its first.
    @inline(__always)
    private static func firstMatchNearOccurrences<Text: ScannedText>(
        in text: Text, from: Int, to end: Int, anchored: Bool, maximumOffset: Int, automaton: MatchAutomaton,
        nextOccurrence: (Int) -> Int?
    ) -> MatchStrategy.Outcome {
        // The first start not yet tried, a code-point boundary.
        var untried = from
        var occurrencesTried = 0
        while untried < end, let occurrence = nextOccurrence(untried) {
            // The window's first start: an occurrence starts on a boundary (its literal starts
            // with a whole character), and so does each character before it.
            var start = occurrence
            var units = 0
            while start > untried {
                let (value, previous) = text.character(before: start, start: untried)
                units += value > 0xFFFF && value != Text.illFormed ? 2 : 1
                if units > maximumOffset { break }
                start = previous
            }
            // With `anchored`, only a match at `from` counts.
            if anchored && start > from { return .noMatch }
            while start <= occurrence {
                switch automaton.firstMatch(in: text, from: start, to: end, anchored: true) {
                case .match(let match): return .match(match)
                case .noMatch: break
                case .unknown: return .unknown(from: start)
                }
                if anchored { return .noMatch }
                start = text.character(at: start, end: end).next
            }
            untried = start
            occurrencesTried += 1
            if occurrencesTried > denseRunAllowance && occurrencesTried * denseRunSpacing > untried - from {
                return .unknown(from: untried)
            }
        }
        return .noMatch
    }

    /// For ``Strategy/requiredLiteralsInRunsWithAssertions(_:_:minimumLength:maximumUTF16Offset:)``:
    /// ICU's first match at or after `from` (a code-point boundary) in `text[..<end]`, searched
    /// as a text of its own (with `anchored`, only one at `from`; the text before `from` seen
    /// by assertions), when every match holds an occurrence of a literal, which
    /// `nextOccurrence(offset)` gives (the first wholly inside `offset..<end`, asked for
    /// offsets that do not decrease), consumes only `consumable` characters and at least
    /// `minimumLength` units, and has only zero-width assertions that `automaton` decides from
    /// the character at their place and those before it;
    /// ``MatchStrategy/Outcome/unknown(from:)`` when the search of the text from there is to
    /// find it. In the text's offsets: UTF-16 units, or bytes of well-formed UTF-8, whose
    /// characters are the UTF-16's.
    ///
    /// The runs of `consumable` characters around the occurrences are searched in order, each
    /// from its start by `automaton`'s unanchored search of the text that ends one character
    /// after the run (or at `end`), and the first run in which it finds a match gives the
    /// answer. This is ICU's first match:
    /// - Every match is one of the run around its occurrence: it consumes only `consumable`
    ///   characters, among them its occurrence's first (a literal's characters are the
    ///   pattern's), and it is not empty (it holds the occurrence), so it starts inside the
    ///   run and ends in it or at its end.
    /// - No match starts before the run now searched: a match that started between `from` (or
    ///   the end of the last run searched) and the run would lie in an earlier run with an
    ///   occurrence of its own, wholly after that point, which the occurrence search would
    ///   have found before this run's.
    /// - At a start inside the run, the automaton finds what ICU finds in the whole text: the
    ///   characters a match there consumes are the run's, and the assertions decided at the
    ///   places from the start to the run's end read the character at their place (one of
    ///   the run's, or the one after it, which the text searched still holds) and those before
    ///   it (the text before the run is the same), as ICU's do (``MatchAutomaton``, and
    ///   ``hasOnlyAssertionsDecidedAtTheirPlace(_:options:)`` for which assertions these are).
    ///   The automaton gives the leftmost-first match from the run's start, ICU's match at
    ///   the first start that has one, since the starts before it in the run have none. A
    ///   match it finds starting after the run's end (none can: it would consume the
    ///   character after the run) would be no match of the run.
    /// So a run in which the automaton finds no match holds none, and the search goes on
    /// after its end, with the next occurrence after it: each character is read about once
    /// by the runs' ends and once by the automaton (or twice, the reverse scan finding a
    /// match's start), and a run's start is measured back only to where the last one ended.
    /// A run shorter than `minimumLength` holds no match and is passed over unread.
    ///
    /// Where the automaton cannot tell (a character it does not know), ICU searches from the
    /// start of the run. A run that goes on for ``longRunLimit`` units after its occurrence is
    /// not measured to its end, and runs so dense that they would cost more than one search of
    /// the rest (more than one per ``denseRunSpacing`` units, after ``denseRunAllowance`` of
    /// them) are given up: in both cases the search of the text from the run's start (or the
    /// end of the last run searched) is to find the match, since no match starts earlier.
    ///
    /// regex-automata's `meta::strategy::ReverseInner` (and the line search's
    /// ``InnerLiteral``, without assertions) splits a top-level sequence at the inner
    /// literal, finds a match's start by a reverse search of the prefix from each occurrence
    /// and confirms it forwards, and gives the occurrences up for its core engine once those
    /// searches would read the same text again (quadratic). The runs need no split (the
    /// literal may sit in an alternation or a loop) and no search back from each occurrence:
    /// the characters the pattern cannot consume bound every match, the runs are disjoint,
    /// and one forward search of each run, with the text around it in place, decides it.
    @inline(__always)
    private static func firstMatchInRunsWithAssertions<Text: ScannedText>(
        in text: Text, from: Int, to end: Int, anchored: Bool, consumable: ConsumableCharacters, minimumLength: Int,
        automaton: MatchAutomaton, nextOccurrence: (Int) -> Int?
    ) -> MatchStrategy.Outcome {
        // The first start not yet searched, a code-point boundary.
        var untried = from
        var runsSearched = 0
        while untried < end, let occurrence = nextOccurrence(untried) {
            let run = consumable.run(around: occurrence, inScanned: text, bounds: untried..<end, forwardLimit: longRunLimit)
            // With `anchored`, only a match at `from` counts, and only the first run can hold it.
            if anchored && run.lowerBound > from { return .noMatch }
            if run.upperBound < end && run.upperBound - occurrence >= longRunLimit { return .unknown(from: run.lowerBound) }
            if run.count >= minimumLength {
                // The text searched holds the character after the run, which the assertions
                // at the run's end read.
                let textEnd = run.upperBound < end ? text.character(at: run.upperBound, end: end).next : end
                switch automaton.firstMatch(in: text, from: run.lowerBound, to: textEnd, anchored: anchored) {
                case .match(let match) where match.lowerBound < run.upperBound: return .match(match)
                case .match, .noMatch: break
                case .unknown: return .unknown(from: run.lowerBound)
                }
                runsSearched += 1
            }
            if anchored { return .noMatch }
            untried = max(run.upperBound, text.character(at: occurrence, end: end).next)
            if runsSearched > denseRunAllowance && runsSearched * denseRunSpacing > untried - from {
                return .unknown(from: untried)
            }
        }
        return .noMatch
    }

    /// The runs of ``firstMatchInRunsWithAssertions(in:from:to:anchored:consumable:minimumLength:automaton:nextOccurrence:)``
    /// in the whole `text[..<end]` from `from`, then `automaton`'s unanchored search from where
    /// they leave off (every earlier start has no match).
    @inline(__always)
    private static func firstMatchFromAnOffsetInRuns<Text: ScannedText>(
        in text: Text, from: Int, to end: Int, consumable: ConsumableCharacters, minimumLength: Int,
        automaton: MatchAutomaton, nextOccurrence: (Int) -> Int?
    ) -> MatchAutomaton.Outcome {
        let found = firstMatchInRunsWithAssertions(
            in: text, from: from, to: end, anchored: false, consumable: consumable, minimumLength: minimumLength,
            automaton: automaton, nextOccurrence: nextOccurrence)
        switch found {
        case .match(let match): return .match(match)
        case .noMatch: return .noMatch
        case .unknown(let start): return automaton.firstMatch(in: text, from: start, to: end, anchored: false)
        }
    }

    /// The longest offset of a required literal after the match's start for which the plan
    /// tries the starts before each occurrence (see
    /// ``firstMatchNearOccurrences(in:from:to:anchored:maximumOffset:automaton:nextOccurrence:)``). Each try reads
    /// from its start until the automaton has no thread left, usually a few characters past
    /// the literal: the 17 tries of an occurrence cost less than the automaton's scan of the
    /// ``denseRunSpacing`` units per occurrence at which the tries give way to that scan (about
    /// 30 ns a unit for `\bcontrol[a-z]*er\b`). Patterns that start with `\b` and a word have 0:
    /// one try per occurrence.
    static let maximumTriedOffset = 16

    /// How far after its place a run is measured before ICU searches the rest of the range
    /// instead (see
    /// ``firstMatchInRuns(in:range:anchored:consumable:minimumLength:nextPlace:find:)``): about
    /// what ICU reads in a few microseconds, small beside a search of the rest, which it
    /// replaces.
    static let longRunLimit = 4096

    /// The runs searched before their density is judged (see
    /// ``firstMatchInRuns(in:range:anchored:consumable:minimumLength:nextPlace:find:)``).
    static let denseRunAllowance = 32
    /// The fewest UTF-16 units per run searched for which runs stay cheaper than one search
    /// of the rest: a call to ICU costs about 100 ns (`CallOverhead`), about what ICU spends
    /// on 100 units of text (`LargeInputs`: a literal, 93 ms per 100 MB), and a run also costs
    /// finding its ends (`LargeInputs`: `-i` in text dense in ß, ſ and the Kelvin sign took
    /// 2.2 times ICU's time with runs alone).
    static let denseRunSpacing = 256

    /// `offset`, or one less when it falls between the two halves of a surrogate pair: ICU
    /// steps over pairs, never starting a match between their halves, and so must this
    /// search's start.
    static func codePointBoundary(atOrBefore offset: Int, in text: UnsafePointer<UInt16>) -> Int {
        guard offset > 0, UTF16.isTrailSurrogate(text[offset]), UTF16.isLeadSurrogate(text[offset - 1]) else {
            return offset
        }
        return offset - 1
    }
}
