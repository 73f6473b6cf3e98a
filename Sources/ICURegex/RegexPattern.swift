import CICUShim
import Synchronization

/// A compiled ICU regular expression: compile once, search many times, from any thread.
///
/// Searches follow the semantics of Apple's `NSString.range(of:options:range:)` with
/// `.regularExpression`: the search range is searched as a text of its own (so `^` matches at
/// its start and look-behind cannot see before it), and the result is the first match, which
/// may be empty.
///
/// ```swift
/// let phone = try RegexPattern("[0-9]{3}-[0-9]{3}-[0-9]{4}")
/// let match = try phone.firstMatch(in: "call 555-123-4567 now")   // the range of "555-123-4567"
/// ```
///
/// A `RegexPattern` is `Sendable`: many threads may search with one instance at once. Each
/// search borrows an idle ICU matcher from a lock-free pool, or clones a new one, so threads do
/// not wait on each other.
public final class RegexPattern: @unchecked Sendable {
    // @unchecked: the template is only ever cloned, which ICU allows from many threads at once,
    // and `pool` hands each matcher to one thread at a time.

    /// The pattern as it was given.
    public let pattern: String

    /// The options it was compiled with.
    public let options: Options

    /// The limits that apply to each search.
    public let limits: Limits

    /// The address of the compiled pattern, never searched: the source of every matcher's
    /// clone. Zero until ``template()`` compiles it, for a pattern that ICU certainly compiles
    /// (see ``CertainCompilation``).
    private let templateAddress: Atomic<UInt>
    private let pool = MatcherPool()

    /// The pattern's reusable walk (see ``MatchWalk/reusable(pattern:text:count:)``), as a
    /// retained opaque reference, or 0: taken and put back by one atomic exchange each.
    let reusableWalk = Atomic<UInt>(0)

    /// How the pattern finds its matches: the ways it has besides ICU, and when each is taken
    /// (see ``MatchStrategy``).
    let strategy: MatchStrategy

    /// The strategy's search plan (see ``MatchStrategy/plan``).
    var plan: SearchPlan? { strategy.plan }
    /// The strategy's match automata (see ``MatchStrategy/matchAutomata``).
    var matchAutomata: LazyMatchAutomaton? { strategy.matchAutomata }
    /// The strategy's capture backtrackers (see ``MatchStrategy/captureBacktrackers``).
    var captureBacktrackers: LazyCaptureBacktracker? { strategy.captureBacktrackers }
    /// The strategy's back-reference searchers (see ``MatchStrategy/backReferenceSearchers``).
    var backReferenceSearchers: LazyBackReferenceSearcher? { strategy.backReferenceSearchers }
    /// The strategy's alternation matcher (see ``MatchStrategy/literalAlternation``).
    var literalAlternation: LazyValue<LiteralAlternationMatcher?>? { strategy.literalAlternation }

    /// The last search made for Swift's string algorithms (see
    /// ``consuming(_:startingAt:in:)``), which answers their next questions in the same text.
    let lastComponentSearch = Mutex<ComponentSearch?>(nil)

    /// The number of capture groups in the pattern, not counting the whole match (group 0).
    public let numberOfCaptureGroups: Int

    /// True when the pattern may hold `\G`, which matches where the previous match of a walk
    /// ended (also when the pattern reader cannot tell).
    let usesPreviousMatchEnd: Bool

    /// True when ICU's match from a place, with its groups, is found again by matching
    /// exactly its span (``MatchWalk/match(spanning:)``): the pattern holds nothing that
    /// commits to the first way it matches and keeps it when what follows fails (an atomic
    /// group, a possessive count, `\R`, `\X`), which the span's end could turn another way,
    /// nor `\G`. False when the pattern reader cannot tell.
    let rematchesItsSpans: Bool

    /// What the pattern's syntax tells of ICU's end flags (see ``EndFlagFacts``), worked out
    /// by the first walk that reports them (it asks ICU about the pattern's classes); nil when
    /// the pattern reader cannot read the pattern.
    let endFlagFacts: LazyValue<EndFlagFacts?>?

    /// True for a node that keeps the first way it matches when what follows fails, or that
    /// matches where the previous match ended (see ``rematchesItsSpans``).
    private static func commitsToItsFirstWay(_ node: RegexSyntax) -> Bool {
        switch node {
        case .group(_, .atomic), .repetition(_, minimum: _, maximum: _, .possessive), .opaque(.lineBreak),
            .opaque(.graphemeCluster), .assertion(.previousMatchEnd):
            return true
        default:
            return false
        }
    }

    /// Compiles `pattern` with `options`; each search obeys `limits`.
    ///
    /// An empty pattern compiles, and matches the empty string at the start of any text.
    /// - Throws: ``ICURegexError`` with ICU's reason and the position in the pattern when the
    ///   pattern is malformed.
    public convenience init(_ pattern: String, options: Options = [], limits: Limits = .default) throws(ICURegexError) {
        try self.init(pattern, options: options, limits: limits, usesSearchPlan: true)
    }

    /// Compiles `pattern` like the public initializer; with `usesSearchPlan` false, every
    /// search is ICU's alone, so that tests can compare the two.
    package init(_ pattern: String, options: Options, limits: Limits, usesSearchPlan: Bool) throws(ICURegexError) {
        self.pattern = pattern
        self.options = options
        self.limits = limits
        if let captureGroups = CertainCompilation.captureGroups(pattern, options: options) {
            self.templateAddress = Atomic(0)
            self.numberOfCaptureGroups = captureGroups
        } else {
            let template = try MatcherHandle.open(pattern, options: options)
            self.templateAddress = Atomic(UInt(bitPattern: Int(bitPattern: template)))
            self.numberOfCaptureGroups = Int(icushim_regex_group_count(template))
        }
        let syntax = options.contains(.ignoreMetacharacters) ? nil : PatternReader.read(pattern)
        self.usesPreviousMatchEnd =
            !options.contains(.ignoreMetacharacters) && (syntax?.contains { $0 == .assertion(.previousMatchEnd) } ?? true)
        self.rematchesItsSpans =
            options.contains(.ignoreMetacharacters) || (syntax.map { !$0.contains(where: Self.commitsToItsFirstWay) } ?? false)
        self.endFlagFacts = syntax.map { syntax in LazyValue { EndFlagFacts(syntax, options: options) } }
        self.strategy = MatchStrategy(
            pattern: pattern, options: options, syntax: syntax, groupCount: numberOfCaptureGroups,
            usesSearchPlan: usesSearchPlan)
    }

    deinit {
        // The walk gives back what it borrowed from the pattern, whose pools are still here.
        let walkAddress = reusableWalk.exchange(0, ordering: .acquiring)
        if walkAddress != 0 { Unmanaged<MatchWalk>.fromOpaque(UnsafeRawPointer(bitPattern: walkAddress)!).release() }
        if let template = OpaquePointer(bitPattern: templateAddress.load(ordering: .acquiring)) {
            icushim_regex_close(template)
        }
    }

    /// The compiled pattern: compiled now when the initializer left it for later. Threads that
    /// race to compile it keep the first one stored.
    @inline(__always)
    func template() throws(ICURegexError) -> OpaquePointer {
        if let template = OpaquePointer(bitPattern: templateAddress.load(ordering: .acquiring)) {
            return template
        }
        return try compileTemplate()
    }

    @inline(never)
    private func compileTemplate() throws(ICURegexError) -> OpaquePointer {
        let compiled = try MatcherHandle.open(pattern, options: options)
        let (stored, original) = templateAddress.compareExchange(
            expected: 0, desired: UInt(bitPattern: Int(bitPattern: compiled)), ordering: .acquiringAndReleasing)
        guard !stored, let original = OpaquePointer(bitPattern: original) else { return compiled }
        icushim_regex_close(compiled)
        return original
    }

    /// True once the compiled pattern exists.
    var isCompiled: Bool { templateAddress.load(ordering: .acquiring) != 0 }

    /// Makes a matcher of this pattern for the repeated searches of one thread, such as finding
    /// every match in a line. When the pattern is not compiled yet (see ``template()``), the
    /// matcher is made from it at its first ICU search.
    public func makeMatcher() throws(ICURegexError) -> RegexMatcher {
        guard isCompiled else { return RegexMatcher(pattern: self, handle: nil) }
        return RegexMatcher(
            pattern: self,
            handle: try MatcherHandle.clone(try template(), limits: limits, workCounter: strategy.icuWorkCounter))
    }

    /// Runs `body` with a matcher borrowed from the pool, and returns it afterwards.
    @inline(__always)
    func withPooledMatcher<Result>(
        _ body: (OpaquePointer) throws(ICURegexError) -> Result
    ) throws(ICURegexError) -> Result {
        let handle = try takePooledMatcher()
        defer { pool.put(handle) }
        return try body(handle)
    }

    /// Takes an idle matcher from the pool, or clones a new one; give it back with
    /// ``returnPooledMatcher(_:)`` as it was (no region, bounds or callback of its own).
    @inline(__always)
    func takePooledMatcher() throws(ICURegexError) -> OpaquePointer {
        if let idle = pool.take() {
            return idle
        }
        return try MatcherHandle.clone(try template(), limits: limits, workCounter: strategy.icuWorkCounter)
    }

    /// Gives back a matcher taken with ``takePooledMatcher()``.
    @inline(__always)
    func returnPooledMatcher(_ handle: OpaquePointer) {
        pool.put(handle)
    }

    /// The number of the capture group named `name`, or nil when the pattern has none of that
    /// name. Named groups are numbered with the others, left to right by their opening
    /// parenthesis.
    public func groupNumber(named name: String) -> Int? {
        let units = Array(name.utf16)
        let number = try? withPooledMatcher { handle in
            units.withUnsafeBufferPointer { units in
                icushim_regex_group_number(handle, units.baseAddress, Int32(units.count))
            }
        }
        guard let number, number > 0 else { return nil }
        return Int(number)
    }

    /// Finds the first match in `text[range]`, searching the range as a text of its own.
    ///
    /// - Parameters:
    ///   - text: UTF-16 code units; lone surrogates are searched as they are.
    ///   - range: The code units to search; all of `text` when nil. It must lie within `text`.
    ///   - anchored: When true, the first match counts only if it starts at the start of
    ///     `range` (Apple's meaning of `NSString.CompareOptions.anchored`).
    /// - Returns: The match's location and length in units of `text`, or
    ///   ``UTF16Range/notFound``.
    /// - Throws: ``ICURegexError/timeLimitExceeded`` or ``ICURegexError/stackLimitExceeded``
    ///   when the search hits a limit.
    public func firstRange(
        inUTF16 text: UnsafeBufferPointer<UInt16>, range: Range<Int>? = nil, anchored: Bool = false
    ) throws(ICURegexError) -> UTF16Range {
        let range = range ?? 0..<text.count
        precondition(
            range.lowerBound >= 0 && range.upperBound <= text.count,
            "RegexPattern.firstRange: range \(range) is out of bounds for a text of \(text.count) UTF-16 units"
        )
        guard let base = text.baseAddress else { return try icuRange(inUTF16: text, range: range, anchored: anchored) }
        // The pattern outlives the search: the closure takes no reference of its own.
        let outcome = try strategy.firstMatch(inUTF16: base, range: range, anchored: anchored) {
            [unowned(unsafe) self] text, from throws(ICURegexError) in
            try self.withPooledMatcher { handle throws(ICURegexError) in
                try MatcherHandle.find(handle, utf16: base + text.lowerBound, length: text.count, from: from)
            }
        }
        switch outcome {
        case .match(let match):
            return UTF16Range(location: match.lowerBound, length: match.count)
        case .noMatch:
            return .notFound
        case .unknown(let from):
            // No match starts before `from`: ICU's first match from there is the first.
            let found = try withPooledMatcher { handle throws(ICURegexError) in
                try MatcherHandle.find(handle, utf16: base + range.lowerBound, length: range.count, from: from - range.lowerBound)
            }
            guard let found, !anchored || found.lowerBound == 0 else { return .notFound }
            return UTF16Range(location: range.lowerBound + found.lowerBound, length: found.count)
        }
    }

    /// ICU's first match in `text[range]`, searched as a text of its own, as
    /// ``firstRange(inUTF16:range:anchored:)`` returns it.
    func icuRange(
        inUTF16 text: UnsafeBufferPointer<UInt16>, range: Range<Int>, anchored: Bool
    ) throws(ICURegexError) -> UTF16Range {
        let start = text.baseAddress.map { $0 + range.lowerBound }
        let found = try withPooledMatcher { handle throws(ICURegexError) in
            try MatcherHandle.find(handle, utf16: start, length: range.count, from: 0)
        }
        guard let found, !anchored || found.lowerBound == 0 else { return .notFound }
        return UTF16Range(location: range.lowerBound + found.lowerBound, length: found.count)
    }

    /// Finds the first match in `string[range]`, searching the range as a text of its own.
    ///
    /// Offsets are computed in UTF-16 code units, exactly as Foundation does, and converted
    /// back to indices of `string`.
    /// - Parameters:
    ///   - string: The text to search.
    ///   - range: The part to search; all of `string` when nil.
    ///   - anchored: When true, the first match counts only if it starts at the start of
    ///     `range`.
    /// - Returns: The match, or nil.
    /// - Throws: ``ICURegexError/timeLimitExceeded`` or ``ICURegexError/stackLimitExceeded``
    ///   when the search hits a limit.
    public func firstRange(
        in string: String, range: Range<String.Index>? = nil, anchored: Bool = false
    ) throws(ICURegexError) -> Range<String.Index>? {
        try firstRange(in: string, range: range, anchored: anchored, threadAutomaton: nil)
    }

    /// ``firstRange(in:range:anchored:)``, with a short text searched by the automaton of
    /// `threadAutomaton` when given (see ``firstRange(inUTF8:anchored:threadAutomaton:)``).
    func firstRange(
        in string: String, range: Range<String.Index>?, anchored: Bool, threadAutomaton: ThreadAutomatonSlot?
    ) throws(ICURegexError) -> Range<String.Index>? {
        switch automatonRange(in: string, range: range, anchored: anchored, threadAutomaton: threadAutomaton) {
        case .decided(let match):
            return match
        case .askICU:
            return try UTF16Text.search(string, range: range) { units, unitRange throws(ICURegexError) in
                try icuRange(inUTF16: units, range: unitRange, anchored: anchored)
            }
        case .notTried:
            if !anchored, let walked = firstRangeOfUTF8Walk(in: string, range: range) {
                return walked
            }
            return try UTF16Text.search(string, range: range) { units, unitRange throws(ICURegexError) in
                try firstRange(inUTF16: units, range: unitRange, anchored: anchored)
            }
        }
    }

    /// The first match in `string[range]` (all of it when nil), searched as a text of its own
    /// by the strategy's walk over the string's own UTF-8 (``walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``,
    /// first match only): `.some(nil)` when there is none, nil when the walk is ICU's (no way
    /// for this pattern and length, a bound of the range inside a scalar, a bridged string, or
    /// a way that could not tell). Its matches are those of ICU's search of the range's UTF-16,
    /// so the caller's UTF-16 search would find the same; the walk reads the bytes in place
    /// where that search widens the whole range into a copy first (twice the range's bytes:
    /// 20 MB and its page faults for LargeInputs' 10 MB string).
    private func firstRangeOfUTF8Walk(in string: String, range: Range<String.Index>?) -> Range<String.Index>?? {
        let utf8 = string.utf8
        let bounds = range ?? utf8.startIndex..<utf8.endIndex
        var first: Range<Int>?
        let walked = withUTF8ToWalk(in: string, bounds: bounds, findsGroups: false, firstMatchOnly: true) { start, byteCount in
            walkMatches(
                inUTF8: start, count: byteCount,
                isMostlyASCII: Self.isMostlyASCII(utf8Count: byteCount, utf16Count: UTF16Text.utf16Count(ofUTF8: start, from: 0, to: byteCount)),
                findsGroups: false, firstMatchOnly: true
            ) { match, _ in
                first = match
                return false
            }
        }
        guard walked == true else { return nil }
        // Native strings index their UTF-8 by offset in O(1).
        return .some(first.map { utf8.index(bounds.lowerBound, offsetBy: $0.lowerBound)..<utf8.index(bounds.lowerBound, offsetBy: $0.upperBound) })
    }

    /// What the match automaton made of a search of UTF-8 (see ``firstRange(inUTF8:anchored:)``).
    package enum UTF8SearchOutcome<Match> {
        /// The search's result.
        case decided(Match?)
        /// The automaton cannot tell, or is not built yet for a search this short: the text's
        /// UTF-16 is ICU's to search, and the automaton need not be tried on it again.
        case askICU
        /// The text is too long for this way (the search plan may take its UTF-16), or the
        /// pattern searches with ICU alone: search its UTF-16 as usual.
        case notTried
    }

    /// The first match in the UTF-8 of a Swift string (well-formed, searched as a text of its
    /// own), in byte offsets, decided without transcoding the text to UTF-16 for ICU, as the
    /// pattern's strategy decides it (see ``MatchStrategy/firstMatch(inUTF8:anchored:threadAutomaton:)``).
    package func firstRange(inUTF8 bytes: UnsafeBufferPointer<UInt8>, anchored: Bool) -> UTF8SearchOutcome<Range<Int>> {
        firstRange(inUTF8: bytes, anchored: anchored, threadAutomaton: nil)
    }

    /// ``firstRange(inUTF8:anchored:)`` with the automaton of `threadAutomaton`, the calling
    /// thread's own (made there on first use), instead of one borrowed from the pattern's
    /// pool, when given.
    @inline(__always)
    func firstRange(
        inUTF8 bytes: UnsafeBufferPointer<UInt8>, anchored: Bool, threadAutomaton: ThreadAutomatonSlot?
    ) -> UTF8SearchOutcome<Range<Int>> {
        strategy.firstMatch(inUTF8: bytes, anchored: anchored, threadAutomaton: threadAutomaton)
    }

    /// ``firstRange(inUTF8:anchored:)`` on `string[range]` (all of it when nil): `.notTried`
    /// when a bound of the range is not on a scalar or the string's UTF-8 is not contiguous
    /// (a bridged string).
    private func automatonRange(
        in string: String, range: Range<String.Index>?, anchored: Bool, threadAutomaton: ThreadAutomatonSlot?
    ) -> UTF8SearchOutcome<Range<String.Index>> {
        let utf8 = string.utf8
        let bounds = range ?? utf8.startIndex..<utf8.endIndex
        if range != nil {
            guard bounds.lowerBound.samePosition(in: string.unicodeScalars) != nil,
                bounds.upperBound.samePosition(in: string.unicodeScalars) != nil
            else { return .notTried }
        }
        let lower = utf8.distance(from: utf8.startIndex, to: bounds.lowerBound)
        let upper = lower + utf8.distance(from: bounds.lowerBound, to: bounds.upperBound)
        let outcome = utf8.withContiguousStorageIfAvailable { whole in
            firstRange(
                inUTF8: UnsafeBufferPointer(rebasing: whole[lower..<upper]), anchored: anchored,
                threadAutomaton: threadAutomaton)
        }
        switch outcome {
        case .decided(let match?):
            // Native strings index their UTF-8 by offset in O(1).
            let start = utf8.index(bounds.lowerBound, offsetBy: match.lowerBound)
            return .decided(start..<utf8.index(start, offsetBy: match.count))
        case .decided(nil): return .decided(nil)
        case .askICU: return .askICU
        case .notTried, nil: return .notTried
        }
    }

    /// Finds the first match in `substring`, searching it as a text of its own. The result's
    /// indices are valid in `substring` and in its base string.
    public func firstRange(in substring: Substring, anchored: Bool = false) throws(ICURegexError) -> Range<String.Index>? {
        try firstRange(in: substring.base, range: substring.startIndex..<substring.endIndex, anchored: anchored)
    }
}
