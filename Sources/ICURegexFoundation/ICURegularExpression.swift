import CSwiftRuntime
import Foundation
import ICURegex
import Synchronization

/// A drop-in for `NSRegularExpression`: the same methods, options and results as Foundation's
/// on Linux, case for case, searched by ICURegex.
///
/// Replace `NSRegularExpression` with `ICURegularExpression` and nothing else changes: the
/// matches come as `NSTextCheckingResult`s with the same ranges, capture groups (numbered and
/// named), flags and templates; two expressions of the same pattern and options are equal
/// (`==`, `isEqual`) and hash alike; an expression copies as itself (`NSCopying`) and archives
/// with Foundation's keys (`NSSecureCoding`). On Linux, Foundation's `NSRegularExpression` runs
/// the same ICU, behind a bridge that copies the string and wraps every call; this class walks
/// a `String`'s own UTF-8 where the pattern's strategy finds every match there without ICU
/// (literals, the match automaton), and otherwise copies the search range once, finds the
/// matches with ICURegex's literal prefilters and automaton where they apply, and ICU's own
/// loop elsewhere.
///
/// It is not a subclass of `NSRegularExpression`, because on Linux no class outside Foundation
/// can be one: the class holds a stored property of a CoreFoundation type that Foundation
/// imports privately, so the compiler cannot lay out a subclass ("cannot inherit from class
/// 'NSRegularExpression' because it has overridable members that could not be loaded"), and
/// its matching methods are declared `public` in extensions, so a subclass could not replace
/// them anyway. Code that takes an `NSRegularExpression` gets one with
/// ``foundationRegularExpression``, Foundation's expression of the same pattern and options
/// (compiled the first time it is asked for), which is also each result's
/// `regularExpression`; ``init(_:)`` makes the drop-in of a Foundation expression, and a
/// result's `icuRegularExpression` is the drop-in that found it.
///
/// Two differences, both on purpose:
/// - `.anchored` with a range that does not start at 0 follows Apple's documentation (matches
///   only at the range's start and then each where the previous one ended); Linux Foundation
///   compares ICU's offsets within the copied range with the range's location in the string,
///   and so accepts matches anywhere in a range that starts far enough in.
/// - every search has ICURegex's default limits (``RegexPattern/Limits/default``): a runaway
///   pattern stops after about a second, as if its matches had run out (Foundation's would
///   run for as long as it takes, or forever on ICU's known endless loops), and a
///   `.reportCompletion` call then carries `.internalError`.
///
/// Like `NSRegularExpression`, an instance is immutable and may be used from many threads at
/// once.
public final class ICURegularExpression: NSObject, NSCopying, NSSecureCoding, Sendable {
    /// The pattern, as `NSRegularExpression` reports it (escaped, with
    /// `.ignoreMetacharacters`).
    public let pattern: String

    /// The options the expression was created with.
    public let options: NSRegularExpression.Options

    /// The compiled pattern.
    private let compiled: RegexPattern

    /// The pattern as it was given (before `.ignoreMetacharacters` escaped it), from which the
    /// Foundation expression is made.
    private let sourcePattern: String

    /// Whether the pattern holds a quantifier, which ICU may compile to a loop that backs up
    /// over the text code point by code point (see ``enumerate(units:offset:options:range:findsFlags:_:)``).
    private let hasQuantifier: Bool

    /// The Foundation expression of the same pattern and options, made the first time it is
    /// asked for (or given to ``init(_:)``).
    private let foundationExpression: Mutex<NSRegularExpression?>

    /// How many results ``matches(in:options:range:)`` reserves room for, from its previous
    /// call's density of matches.
    private let resultCountEstimate = ResultCountEstimate()

    /// The result that ``enumerateMatches(in:options:range:using:)`` gave its block last, kept
    /// for the next enumeration when nothing else refers to it (see ``IdleEnumerationResult``).
    private let idleEnumerationResult = IdleEnumerationResult()

    /// Compiles `pattern` with `options`, as `NSRegularExpression(pattern:options:)` does.
    /// - Throws: The `NSError` Foundation throws for a pattern ICU rejects (Cocoa's
    ///   formatting error, 2048, with the pattern as `NSInvalidValue`); an empty pattern is
    ///   rejected too, as ICU rejects it.
    public convenience init(pattern: String, options: NSRegularExpression.Options = []) throws {
        try self.init(
            reportedPattern: options.contains(.ignoreMetacharacters) ? Self.escapedPattern(for: pattern) : pattern,
            sourcePattern: pattern, options: options, foundationExpression: nil)
    }

    /// The drop-in of Foundation's `expression`: the same pattern and options, whose
    /// ``foundationRegularExpression`` is `expression` itself.
    ///
    /// ```swift
    /// let expression = try ICURegularExpression(foundationExpression)
    /// expression == (try ICURegularExpression(pattern: foundationExpression.pattern,
    ///                                         options: foundationExpression.options))   // true
    /// ```
    ///
    /// - Throws: The error of ``init(pattern:options:)`` when the system's ICU rejects a
    ///   pattern that Foundation's own ICU accepted.
    public convenience init(_ expression: NSRegularExpression) throws {
        // Foundation reports the pattern of `.ignoreMetacharacters` already escaped.
        try self.init(
            reportedPattern: expression.pattern, sourcePattern: nil, options: expression.options, foundationExpression: expression)
    }

    /// Compiles `reportedPattern`, the pattern as Foundation reports it; `sourcePattern` is the
    /// pattern as given, when it is known.
    private init(
        reportedPattern pattern: String, sourcePattern: String?, options: NSRegularExpression.Options,
        foundationExpression: NSRegularExpression?
    ) throws {
        self.pattern = pattern
        self.options = options
        self.sourcePattern = sourcePattern ?? (options.contains(.ignoreMetacharacters) ? Self.unescaped(pattern) : pattern)
        do {
            guard !pattern.isEmpty else { throw ICURegexError.illegalArgument }
            compiled = try RegexPattern(pattern, options: RegexPattern.Options(options))
        } catch {
            throw NSError(domain: NSCocoaErrorDomain, code: 2048, userInfo: ["NSInvalidValue": pattern])
        }
        hasQuantifier = Self.holdsQuantifier(pattern)
        self.foundationExpression = Mutex(foundationExpression)
        super.init()
    }

    /// The number of capture groups in the pattern.
    public var numberOfCaptureGroups: Int { compiled.numberOfCaptureGroups }

    /// Foundation's `NSRegularExpression` of the same pattern and options, for code that takes
    /// one: it gives Foundation's results (not this class's speed). It is made the first time it
    /// is asked for, and is also each result's `regularExpression`.
    ///
    /// ```swift
    /// let expression = try ICURegularExpression(pattern: "[0-9]+")
    /// legacyFunction(taking: expression.foundationRegularExpression!)
    /// ```
    ///
    /// Nil only when Foundation's own ICU rejects a pattern that the system's ICU accepted.
    public var foundationRegularExpression: NSRegularExpression? {
        foundationExpression.withLock { expression in
            if expression == nil {
                // With `.ignoreMetacharacters`, Foundation escapes the pattern itself.
                expression = try? NSRegularExpression(pattern: sourcePattern, options: options)
            }
            return expression
        }
    }

    /// The number of the group named `name`, or nil.
    fileprivate func groupNumber(named name: String) -> Int? {
        compiled.groupNumber(named: name)
    }

    // MARK: Equality, copying and coding

    /// Whether `object` is an `ICURegularExpression` of the same pattern and options, as
    /// `NSRegularExpression` compares its own. (An `NSRegularExpression` is never equal to an
    /// `ICURegularExpression`, which Foundation's `isEqual` does not know, so neither is
    /// equal to one here.)
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? ICURegularExpression else { return false }
        return self === other || (pattern == other.pattern && options == other.options)
    }

    /// A hash of the pattern and options, so that equal expressions hash alike.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(pattern)
        hasher.combine(options.rawValue)
        return hasher.finalize()
    }

    /// The expression itself, which is immutable, as `NSRegularExpression` copies.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// True: an expression decodes securely.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the pattern (as ``pattern`` reports it) under `NSPattern` and the options'
    /// raw value under `NSOptions`, as `NSRegularExpression` does. Keyed coders only.
    public func encode(with coder: NSCoder) {
        precondition(coder.allowsKeyedCoding, "ICURegularExpression supports keyed coding only")
        coder.encode(NSString(string: pattern), forKey: "NSPattern")
        coder.encode(Int64(bitPattern: UInt64(options.rawValue)), forKey: "NSOptions")
    }

    /// Decodes an expression archived by ``encode(with:)`` or by `NSRegularExpression`: nil
    /// when the pattern is missing or does not compile, or the coder is not keyed.
    ///
    /// The archived pattern is the reported one, escaped already with
    /// `.ignoreMetacharacters`, and is not escaped again (Foundation on Linux escapes it again,
    /// so that such an expression does not decode equal to itself).
    public convenience init?(coder: NSCoder) {
        guard coder.allowsKeyedCoding, let pattern = coder.decodeObject(of: NSString.self, forKey: "NSPattern") else {
            return nil
        }
        let options = NSRegularExpression.Options(rawValue: UInt(truncatingIfNeeded: coder.decodeInt64(forKey: "NSOptions")))
        do {
            try self.init(reportedPattern: pattern as String, sourcePattern: nil, options: options, foundationExpression: nil)
        } catch {
            return nil
        }
    }

    // MARK: Matching

    /// Calls `block` for each match in `range` of `string`, as `NSRegularExpression` does:
    /// with each result and its flags (`.hitEnd`, `.requiredEnd`), with nil and `.progress`
    /// during long searches when asked (`.reportProgress`), and once at the end with nil and
    /// `.completed` when asked (`.reportCompletion`). Setting the `stop` argument to true ends
    /// the enumeration.
    ///
    /// A result that the block does not keep is given again, with the next match's ranges,
    /// for the next match (see ``isReusable(_:)``): a result the block keeps is never
    /// changed, and one it does not keep it cannot see again, so every result the block sees
    /// or keeps holds the ranges of its own match, as Foundation's fresh result for each match
    /// does, and a dense enumeration makes no result per match. The last one, when nothing
    /// else refers to it, is kept for the expression's next enumeration (see
    /// ``IdleEnumerationResult``), so that an enumeration per line makes none either.
    public func enumerateMatches(
        in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange,
        using block: (NSTextCheckingResult?, NSRegularExpression.MatchingFlags, UnsafeMutablePointer<ObjCBool>) -> Void
    ) {
        // The result given to the block last, which only this enumeration may refer to: at
        // first the previous enumeration's, when it left one.
        var lastResult = idleEnumerationResult.take(for: self)
        enumerate(in: string, options: options, range: range, findsFlags: true) { match, flags, stop in
            guard let match else { return block(nil, flags, stop) }
            // Moved out of `lastResult` and back, so that the result is a local of this call,
            // which needs no reference count of its own for the calls it is passed to.
            var result = lastResult.take() ?? StoredRangesCheckingResult(rangesSetLaterFor: self)
            if !Self.isReusable(&result) { result = StoredRangesCheckingResult(rangesSetLaterFor: self) }
            result.setRanges(fromGroupBounds: match.groupBounds, offset: match.offset)
            block(result, flags, stop)
            lastResult = consume result
        }
        if var result = lastResult.take(), Self.isReusable(&result) { idleEnumerationResult.keep(result) }
    }

    /// Whether nothing but `result` refers to the result, neither strongly nor weakly nor
    /// unowned, so that its ranges may be set to another match's without anyone seeing them
    /// change.
    ///
    /// A strong reference kept by the enumeration's block makes the result not uniquely
    /// referenced; a weak or `unowned` one does not, but counts in the object's weak or
    /// unowned count, which is 1 (the strong references' own) when there is none: Foundation's
    /// result, released after the block, is then gone for such a reference (nil, or a trap),
    /// and one that saw this result change would tell the two apart. (An `unowned(unsafe)` or
    /// `Unmanaged` reference keeps nothing alive and is read at the caller's own risk, as
    /// with Foundation's released result.)
    private static func isReusable(_ result: inout StoredRangesCheckingResult) -> Bool {
        isKnownUniquelyReferenced(&result) && _getWeakRetainCount(result) == 1 && _getUnownedRetainCount(result) == 1
    }

    /// Every match in `range` of `string`.
    ///
    /// Each result is one allocation: a result of up to 63 groups holds its ranges itself, and
    /// the results of a pattern with more groups share chunks of storage for their ranges (see
    /// ``RegularExpressionCheckingResult``). The results of the UTF-8 walk are written
    /// straight into the array's storage, reserved for as many as the previous call's density
    /// of matches foretells (see ``ResultCountEstimate``): a dense search then neither grows
    /// the array nor pays an append per match; a result beyond the reservation goes to a second
    /// array, appended at the end. The results in the reservation hold references to the
    /// expression retained for the whole reservation in one atomic operation
    /// (``BatchRetainedReferences``), not one each; those beyond it, references retained for
    /// each batch of the walk's matches (up to ``RegexPattern/maximumBatchMatches``) in one.
    public func matches(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> [NSTextCheckingResult] {
        var storage = ResultRanges.Chunks(rangesPerMatch: numberOfCaptureGroups + 1)
        var walked = false
        var overflow = [NSTextCheckingResult]()
        // (A range beyond the string, which the walk refuses, reserves no more than the string
        // allows: it has no more UTF-16 units than UTF-8 bytes.)
        let reservation = resultCountEstimate.capacity(forUnits: min(range.length, string.utf8.count))
        var matches = [NSTextCheckingResult](unsafeUninitializedCapacity: reservation) {
            reserved, initializedCount in
            let capacity = reserved.count
            // The reservation's results hold references to the expression retained here in
            // one go (see `BatchRetainedReferences`).
            var references = BatchRetainedReferences(to: self, count: capacity)
            var count = 0
            walked = walkUTF8(of: string, options: options, range: range, findsGroups: numberOfCaptureGroups > 0, firstMatchOnly: false) {
                batch, groupRanges in
                // The batch's first matches fill what is left of the reservation, the rest go
                // to the overflow. (A batch of several matches has no groups: `groupRanges` is
                // empty.)
                let reservedCount = min(batch.count, capacity - count)
                // (Without a reservation the buffer may have no address.)
                if reservedCount > 0 {
                    let destination = reserved.baseAddress! + count
                    if numberOfCaptureGroups == 0 {
                        // Without groups, the results' class is chosen once for the batch: `make`
                        // (inlined) is given a number of groups the compiler knows is 0, rather
                        // than the pattern's number of groups and `groupRanges.count`, read
                        // again for each match.
                        let noGroups = UnsafeBufferPointer<NSRange>(start: nil, count: 0)
                        for index in 0..<reservedCount {
                            (destination + index).initialize(
                                to: RegularExpressionCheckingResult.make(range: batch[index], groupRanges: noGroups, expression: references.take()))
                        }
                    } else {
                        for index in 0..<reservedCount {
                            (destination + index).initialize(
                                to: result(of: batch[index], groupRanges: groupRanges, storage: &storage, expression: references.take()))
                        }
                    }
                    count += reservedCount
                }
                if reservedCount < batch.count {
                    // The overflowed results' references, retained in one go for the batch.
                    var overflowReferences = BatchRetainedReferences(to: self, count: batch.count - reservedCount)
                    for match in batch[reservedCount...] {
                        overflow.append(
                            result(of: match, groupRanges: groupRanges, storage: &storage, expression: overflowReferences.take()))
                    }
                }
                return true
            }
            // The array owns the results written, also when they are dropped below.
            initializedCount = count
        }
        if walked {
            // (Without a reservation, as in a first call, the results are the overflow alone.)
            if matches.isEmpty { matches = overflow } else { matches.append(contentsOf: overflow) }
            resultCountEstimate.note(matches.count, inUnits: range.length)
            return matches
        }
        matches = []
        overflow = []
        storage = ResultRanges.Chunks(rangesPerMatch: numberOfCaptureGroups + 1)
        enumerate(in: string, options: options.subtracting(MatchingConstants.callbacks), range: range) {
            match, _, _ in
            guard let match else { return }
            guard numberOfCaptureGroups > RegularExpressionCheckingResult.mostGroupsHeldInline else {
                matches.append(RegularExpressionCheckingResult.make(groupBounds: match.groupBounds, offset: match.offset, expression: self))
                return
            }
            let (ranges, start) = storage.room()
            ranges.withUnsafeMutablePointerToElements { ranges in
                for index in 0..<match.numberOfRanges { ranges[start + index] = match.range(at: index) }
            }
            matches.append(StoredRangesCheckingResult(ranges: ranges, start: start, numberOfGroups: numberOfCaptureGroups, expression: self))
        }
        return matches
    }

    /// The result of the match `match` with groups `groupRanges` found by the UTF-8 walk, its
    /// ranges in the result itself or, for more groups than a result holds
    /// (``RegularExpressionCheckingResult/mostGroupsHeldInline``), in `storage`, holding
    /// `expression` (this expression: a reference the result takes over).
    ///
    /// (A method rather than a function nested in ``matches(in:options:range:)``: the nested
    /// function's capture of `storage` made the compiler allocate a box for it at every call,
    /// about a sixth of a short line's search in the probe. Inlined in the loop over a
    /// batch's matches.)
    @inline(__always)
    private func result(
        of match: NSRange, groupRanges: UnsafeBufferPointer<NSRange>, storage: inout ResultRanges.Chunks,
        expression: consuming ICURegularExpression
    ) -> NSTextCheckingResult {
        guard numberOfCaptureGroups > RegularExpressionCheckingResult.mostGroupsHeldInline else {
            return RegularExpressionCheckingResult.make(range: match, groupRanges: groupRanges, expression: expression)
        }
        let (ranges, start) = storage.room()
        ranges.withUnsafeMutablePointerToElements { ranges in
            ranges[start] = match
            for (index, groupRange) in groupRanges.enumerated() { ranges[start + 1 + index] = groupRange }
        }
        return StoredRangesCheckingResult(ranges: ranges, start: start, numberOfGroups: numberOfCaptureGroups, expression: expression)
    }

    /// The number of matches in `range` of `string`.
    public func numberOfMatches(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> Int {
        // The walk alone, with no UTF-16 offsets counted, a batch of matches at a time.
        var count = 0
        if withUTF8(of: string, options: options, range: range, findsGroups: false, { bytes, utf8Count in
            compiled.walkMatchBatches(
                inUTF8: bytes, count: utf8Count, isMostlyASCII: Self.isMostlyASCII(utf8Count: utf8Count, utf16Count: range.length), findsGroups: false,
                firstMatchOnly: false
            ) { batch, _ in
                count += batch.count / 2
                return true
            }
        }) {
            return count
        }
        count = 0
        enumerate(in: string, options: options.subtracting(MatchingConstants.callbacks), range: range) {
            match, _, _ in
            if match != nil { count += 1 }
        }
        return count
    }

    /// The first match in `range` of `string`, or nil.
    public func firstMatch(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> NSTextCheckingResult? {
        if numberOfCaptureGroups == 0, let found = firstRangeWithoutWalk(in: string, options: options, range: range) {
            return found.location == NSNotFound
                ? nil : MatchRangeCheckingResult(range: found, expression: self)
        }
        var first: NSTextCheckingResult?
        if numberOfCaptureGroups > 0,
            walkUTF8(of: string, options: options, range: range, findsGroups: true, firstMatchOnly: true, { batch, groups in
                // (A batch of one match: the pattern has groups.)
                first = RegularExpressionCheckingResult.make(range: batch[0], groupRanges: groups, expression: self)
                return false
            })
        {
            return first
        }
        first = nil
        enumerate(in: string, options: options.subtracting(MatchingConstants.callbacks), range: range) {
            match, _, stop in
            first = match.map { match in
                RegularExpressionCheckingResult.make(groupBounds: match.groupBounds, offset: match.offset, expression: self)
            }
            stop.pointee = true
        }
        return first
    }

    /// The range of the first match in `range` of `string`, or `{NSNotFound, 0}`.
    public func rangeOfFirstMatch(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> NSRange {
        if let found = firstRangeWithoutWalk(in: string, options: options, range: range) { return found }
        var first = NSRange(location: NSNotFound, length: 0)
        enumerate(in: string, options: options.subtracting(MatchingConstants.callbacks), range: range) {
            match, _, stop in
            if let match { first = match.range(at: 0) }
            stop.pointee = true
        }
        return first
    }

    /// The first match in `range` of `string` (or `{NSNotFound, 0}`) found without a walk
    /// over the range's UTF-16, when `options` leave the range's search to the pattern alone:
    /// no bounds, no `.anchored` and a range within the string, so that the enumeration would
    /// search the range's units as a text of their own and stop at its first match, the
    /// pattern's first match in them (with `.reportProgress` and `.reportCompletion`, which
    /// the first-match calls ignore). Nil for the other options.
    ///
    /// The first match of the string's UTF-8 walk (``walkUTF8(of:options:range:utf16Count:findsGroups:firstMatchOnly:_:)``)
    /// when the pattern's strategy has one, or else as `String.range(ofRegex:)` finds it: a
    /// short string's UTF-8 goes to the match automaton without being copied, and the call
    /// makes no walk, most of what a first match on a few dozen characters cost. (Inlined in
    /// both callers, with the walk in a function of its own, so that a short string's call
    /// is one straight path to `firstRange`.)
    @inline(__always)
    private func firstRangeWithoutWalk(
        in string: String, options: NSRegularExpression.MatchingOptions, range: NSRange
    ) -> NSRange? {
        guard options.subtracting(MatchingConstants.callbacks).isEmpty, range.location >= 0, range.length >= 0
        else { return nil }
        let length = string.utf16.count
        guard range.location <= length, range.length <= length - range.location else { return nil }
        // (Asked here as well as in the walk: a short string's search, which has no walk in
        // UTF-8, then sets up none of the walk's closures and buffer.)
        if mayWalkUTF8(ofUTF16Length: range.length, findsGroups: false, firstMatchOnly: true),
            let found = firstRangeOfUTF8Walk(in: string, options: options, range: range, utf16Count: length)
        {
            return found
        }
        let found = RegexPattern.firstRange(
            of: compiled, inUTF16Of: string, utf16Count: length,
            utf16Offsets: range.location..<(range.location + range.length), anchored: false)
        return NSRange(location: found.isNotFound ? NSNotFound : found.location, length: found.length)
    }

    /// The first match in `range` of `string` (of `utf16Count` units) found by the string's
    /// UTF-8 walk (or `{NSNotFound, 0}`), or nil when the walk does not apply (see
    /// ``walkUTF8(of:options:range:utf16Count:findsGroups:firstMatchOnly:_:)``).
    @inline(never)
    private func firstRangeOfUTF8Walk(
        in string: String, options: NSRegularExpression.MatchingOptions, range: NSRange, utf16Count: Int
    ) -> NSRange? {
        var first = NSRange(location: NSNotFound, length: 0)
        let walked = walkUTF8(
            of: string, options: options, range: range, utf16Count: utf16Count, findsGroups: false, firstMatchOnly: true
        ) { batch, _ in
            first = batch[0]
            return false
        }
        return walked ? first : nil
    }

    /// Calls `body` with the matches in `range` of `string`, found in the string's UTF-8 by
    /// the pattern's strategy (``RegexPattern/walkMatchBatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``),
    /// in batches of consecutive matches in UTF-16 offsets of the string (one to
    /// ``RegexPattern/maximumBatchMatches``, in order), with the ranges of the groups of the
    /// batch's last match when `findsGroups` (`{NSNotFound, 0}` for a group that did not take
    /// part; a pattern with groups has batches of one match), until `body` returns false: the
    /// matches the enumeration of `range` would find, without transcoding the string. Both
    /// buffers are valid during the call only.
    ///
    /// Returns false, for the caller's usual search of the UTF-16, when `options` hold more
    /// than `.reportProgress` and `.reportCompletion` (which the callers ignore), `range` is
    /// not within the string or a bound of it splits a surrogate pair, the string's UTF-8 is
    /// not contiguous (a bridged string), or the strategy has no UTF-8 walk for the pattern
    /// or could not tell a match: `body` may then have had some matches, which the caller
    /// discards. Without options, the enumeration searches the range as a text of its own,
    /// which is what the walk searches; the UTF-16 offsets of a match and its groups are
    /// counted from the previous bound's (``UTF16OffsetCounter``, told the range's number of
    /// units, which says whether it is all ASCII or mostly so), a batch's bounds in one loop:
    /// byte offsets map to UTF-16 offsets one to one and in order, since every match and group
    /// starts and ends on a scalar.
    private func walkUTF8(
        of string: String, options: NSRegularExpression.MatchingOptions, range: NSRange, utf16Count: Int? = nil,
        findsGroups: Bool, firstMatchOnly: Bool, _ body: (UnsafeBufferPointer<NSRange>, UnsafeBufferPointer<NSRange>) -> Bool
    ) -> Bool {
        // The groups' ranges of the current match.
        let groups = findsGroups ? numberOfCaptureGroups : 0
        return withUnsafeTemporaryAllocation(of: NSRange.self, capacity: groups) { groupRanges in
            withUTF8(
                of: string, options: options, range: range, utf16Count: utf16Count, findsGroups: findsGroups,
                firstMatchOnly: firstMatchOnly
            ) { bytes, utf8Count in
                // A batch's bounds in UTF-16 units of the range, then its matches' ranges: set
                // up here, for a walk that is taken (a short line's search of the UTF-16, which
                // declines the walk above, took about 10% longer with them set up for each call).
                let batchCapacity = RegexPattern.maximumBatchMatches
                return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * batchCapacity) { units in
                    withUnsafeTemporaryAllocation(of: NSRange.self, capacity: batchCapacity) { matchRanges in
                        // The UTF-16 offsets of the matches' and groups' bounds in the range,
                        // counted from the last bound's (a byte being a unit in a run of ASCII).
                        var offsets = UTF16OffsetCounter(bytes: bytes, count: utf8Count, utf16Count: range.length)
                        let units = units.baseAddress!
                        return compiled.walkMatchBatches(
                            inUTF8: bytes, count: utf8Count,
                            isMostlyASCII: Self.isMostlyASCII(utf8Count: utf8Count, utf16Count: range.length),
                            findsGroups: findsGroups, firstMatchOnly: firstMatchOnly
                        ) { batch, group in
                            if groups > 0 {
                                // One match: its start, its groups, its end, mostly left to right.
                                assert(batch.count == 2, "a walk with groups gives one match a batch")
                                units[0] = offsets.utf16Offset(ofByte: batch[0])
                                for number in 1...groups {
                                    guard let span = group.range(of: number) else {
                                        groupRanges.initializeElement(at: number - 1, to: NSRange(location: NSNotFound, length: 0))
                                        continue
                                    }
                                    // (A group may start before the match, in a look-behind, or
                                    // end after it, in a look-ahead: the counter counts in any order.)
                                    let location = offsets.utf16Offset(ofByte: span.lowerBound)
                                    groupRanges.initializeElement(
                                        at: number - 1,
                                        to: NSRange(
                                            location: range.location + location,
                                            length: offsets.utf16Offset(ofByte: span.upperBound) - location))
                                }
                                units[1] = offsets.utf16Offset(ofByte: batch[1])
                            } else {
                                offsets.utf16Offsets(ofBytes: batch, into: units)
                            }
                            let matchCount = batch.count / 2
                            for index in 0..<matchCount {
                                let start = units[2 &* index]
                                matchRanges.initializeElement(
                                    at: index, to: NSRange(location: range.location + start, length: units[2 &* index &+ 1] - start))
                            }
                            return body(
                                UnsafeBufferPointer(start: matchRanges.baseAddress, count: matchCount), UnsafeBufferPointer(groupRanges))
                        }
                    }
                }
            }
        }
    }

    /// True when a text of `utf8Count` bytes and `utf16Count` UTF-16 units is mostly ASCII
    /// (fewer than nine bytes for eight units), as the strategy's UTF-8 walk asks
    /// (``RegexPattern/walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``).
    private static func isMostlyASCII(utf8Count: Int, utf16Count: Int) -> Bool {
        RegexPattern.isMostlyASCII(utf8Count: utf8Count, utf16Count: utf16Count)
    }

    /// `body`'s answer for the UTF-8 of `range` of `string` (its address and number of bytes),
    /// or false when the walk in UTF-8 does not apply: `options` hold more than
    /// `.reportProgress` and `.reportCompletion`, `range` is not within the string or a bound
    /// of it splits a surrogate pair, or the string's UTF-8 is not contiguous (a bridged
    /// string) or empty (see ``walkUTF8(of:options:range:utf16Count:findsGroups:firstMatchOnly:_:)``),
    /// or the pattern has no walk in UTF-8 for so short a text, with its groups when
    /// `findsGroups`, for its first match alone when `firstMatchOnly`
    /// (``mayWalkUTF8(ofUTF16Length:findsGroups:firstMatchOnly:)``).
    private func withUTF8(
        of string: String, options: NSRegularExpression.MatchingOptions, range: NSRange, utf16Count: Int? = nil,
        findsGroups: Bool, firstMatchOnly: Bool = false, _ body: (UnsafePointer<UInt8>, Int) -> Bool
    ) -> Bool {
        withWholeUTF8(
            of: string, options: options, range: range, utf16Count: utf16Count, findsGroups: findsGroups,
            firstMatchOnly: firstMatchOnly
        ) {
            whole, utf8Range in
            body(whole.baseAddress! + utf8Range.lowerBound, utf8Range.count)
        }
    }

    /// `body`'s answer for the whole UTF-8 of `string` (never without an address) and the
    /// bytes of `range` in it, or false when the walk in UTF-8 does not apply (see
    /// ``withUTF8(of:options:range:utf16Count:findsGroups:firstMatchOnly:_:)``). The whole is for a caller
    /// that copies the text around the range: a small string's UTF-8 is copied anew for each
    /// call that asks for it, so that the range's address alone does not tell where the
    /// string's bytes are.
    private func withWholeUTF8(
        of string: String, options: NSRegularExpression.MatchingOptions, range: NSRange, utf16Count: Int? = nil,
        findsGroups: Bool, firstMatchOnly: Bool = false, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Bool
    ) -> Bool {
        guard options.subtracting(MatchingConstants.callbacks).isEmpty, range.location >= 0, range.length >= 0,
            mayWalkUTF8(ofUTF16Length: range.length, findsGroups: findsGroups, firstMatchOnly: firstMatchOnly)
        else { return false }
        let length = utf16Count ?? string.utf16.count
        guard range.location <= length, range.length <= length - range.location,
            let utf8Range = UTF16Text.utf8Offsets(
                of: range.location..<(range.location + range.length), in: string, utf16Count: length)
        else { return false }
        let walked = string.utf8.withContiguousStorageIfAvailable { whole -> Bool in
            // An empty string's storage may have no address: its walk is the UTF-16 path's.
            guard whole.baseAddress != nil else { return false }
            return body(whole, utf8Range)
        }
        return walked ?? false
    }

    /// True when the pattern may have a walk in UTF-8 for a range of `length` UTF-16 units
    /// (``RegexPattern/mayWalkMatches(inUTF8OfAtMost:findsGroups:firstMatchOnly:)``, asked
    /// with three bytes for each unit at most, before the range's bytes are worked out).
    private func mayWalkUTF8(ofUTF16Length length: Int, findsGroups: Bool, firstMatchOnly: Bool) -> Bool {
        compiled.mayWalkMatches(
            inUTF8OfAtMost: length > Int.max / 3 ? Int.max : 3 * length, findsGroups: findsGroups, firstMatchOnly: firstMatchOnly)
    }

    /// The match an enumeration is on: the walk's bounds of its groups (``MatchWalk/currentGroupBounds``,
    /// valid until the walk's next search, so during the call that is given the match), and
    /// where the walk's text starts in the string. It holds no reference, so that handing it
    /// on costs no reference count per match.
    private struct CurrentMatch {
        let groupBounds: UnsafeBufferPointer<Int64>
        let offset: Int

        /// The number of ranges, the whole match's and each group's.
        var numberOfRanges: Int { groupBounds.count / 2 }

        /// The range of group `group` in the string, or `{NSNotFound, 0}`.
        func range(at group: Int) -> NSRange {
            let start = groupBounds[2 * group]
            guard start >= 0 else { return NSRange(location: NSNotFound, length: 0) }
            return NSRange(location: offset + Int(start), length: Int(groupBounds[2 * group + 1] - start))
        }
    }

    /// The text the enumeration of `range` searches, as Foundation copies it: the range itself,
    /// the whole string for `.withTransparentBounds`, or the range and one unit on each side
    /// for `.withoutAnchoringBounds`; nil when `range` is not within a string of `length`
    /// units.
    private static func enclosingRange(of range: NSRange, length: Int, options: NSRegularExpression.MatchingOptions) -> NSRange? {
        guard range.location >= 0, range.length >= 0, range.location <= length, range.length <= length - range.location
        else { return nil }
        var enclosing = range
        if options.contains(MatchingConstants.withTransparentBounds) {
            enclosing = NSRange(location: 0, length: length)
        } else if options.contains(MatchingConstants.withoutAnchoringBounds) {
            if enclosing.location > 0 {
                enclosing.location -= 1
                enclosing.length += 1
            }
            if enclosing.location + enclosing.length < length { enclosing.length += 1 }
        }
        return enclosing
    }

    /// Enumerates the matches in `range` of `string` (see ``enumerate(units:offset:options:range:findsFlags:_:)``),
    /// copying only the text the search needs.
    ///
    /// An ASCII string's units are its bytes, widened (sixteen at a time, by
    /// ``UTF16Text/widenASCII(_:into:)``): its copy needs no index of the string found, most of
    /// what a copy of a line costs besides the copy itself.
    private func enumerate(
        in string: String, options: NSRegularExpression.MatchingOptions, range: NSRange, findsFlags: Bool = false,
        _ body: (CurrentMatch?, NSRegularExpression.MatchingFlags, UnsafeMutablePointer<ObjCBool>) -> Void
    ) {
        let length = string.utf16.count
        guard let enclosing = Self.enclosingRange(of: range, length: length, options: options) else {
            // Foundation on Linux searches nothing and reports an internal error.
            var stop = ObjCBool(false)
            if options.contains(MatchingConstants.reportCompletion) { body(nil, MatchingConstants.failedCompletion, &stop) }
            return
        }
        let copiedASCII = string.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            // As many bytes as UTF-16 units: every character is ASCII.
            guard bytes.count == length else { return false }
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(enclosing.length, 1)) { units in
                UTF16Text.widenASCII(
                    UnsafeBufferPointer(rebasing: bytes[enclosing.location..<(enclosing.location + enclosing.length)]),
                    into: units.baseAddress!)
                enumerate(
                    units: UnsafeBufferPointer(rebasing: units[..<enclosing.length]), offset: enclosing.location,
                    options: options, range: range, findsFlags: findsFlags, body)
            }
            return true
        }
        if copiedASCII == true { return }
        UTF16Text.withUnits(of: string, utf16Offsets: enclosing.location..<(enclosing.location + enclosing.length)) { units in
            enumerate(units: units, offset: enclosing.location, options: options, range: range, findsFlags: findsFlags, body)
        }
    }

    /// The enumeration behind every method, Foundation's (`_CFRegularExpressionEnumerateMatchesInString`)
    /// step for step: `units` is the text Foundation copies (see
    /// ``enclosingRange(of:length:options:)``), starting at `offset` in the string, with
    /// `range` as its region when the bounds are not the default ones; `.anchored` and
    /// `.reportProgress` are ICU's progress callbacks, and each match's flags are ICU's
    /// `hitEnd` and `requireEnd`.
    ///
    /// Without `findsFlags`, the matches' flags are left empty. Matches are found with the
    /// pattern's strategy instead of ICU (see ``RegexPattern``) when no callback needs ICU;
    /// with `findsFlags`, the walk works out ICU's flags beside them, and asks ICU where it
    /// cannot (see `EndFlagFacts`).
    private func enumerate(
        units: UnsafeBufferPointer<UInt16>, offset: Int, options: NSRegularExpression.MatchingOptions, range: NSRange,
        findsFlags: Bool, _ body: (CurrentMatch?, NSRegularExpression.MatchingFlags, UnsafeMutablePointer<ObjCBool>) -> Void
    ) {
        let reportsProgress = options.contains(MatchingConstants.reportProgress)
        let reportsCompletion = options.contains(MatchingConstants.reportCompletion)
        let anchored = options.contains(MatchingConstants.anchored)
        let transparentBounds = options.contains(MatchingConstants.withTransparentBounds)
        let nonAnchoringBounds = options.contains(MatchingConstants.withoutAnchoringBounds)
        let usesRegion = transparentBounds || nonAnchoringBounds
        let regionStart = range.location - offset
        if usesRegion && hasQuantifier && Self.splitsPair(units, at: regionStart) {
            // ICU (72 here, 76 in Foundation) reads outside the text when a region that it may
            // see beyond starts between the halves of a pair, and crashes: a loop of a quantifier
            // that backs up over what it took steps back a code point at a time, without a
            // lower bound, and from the half after the region's start it steps over the whole
            // pair, past the loop's start, and on below the text's. Only a quantifier makes such
            // a loop, so for a pattern with one the half before the region reads as U+FFFD
            // instead, so that the half inside is a lone surrogate, as it is with the default
            // bounds (Foundation crashes here, or finds matches that end before they start).
            // Other patterns see the text as it is, as Foundation's do: `\X` at the region's
            // start takes the cluster of the whole pair and what joins it, and `(?w)\b` finds no
            // boundary inside a pair. (A region that ends inside a pair is searched as it is,
            // as Foundation does.)
            var patched = Array(units)
            patched[regionStart - 1] = 0xFFFD
            patched.withUnsafeBufferPointer { patched in
                enumerate(units: patched, offset: offset, options: options, range: range, findsFlags: findsFlags, body)
            }
            return
        }
        var stop = ObjCBool(false)
        // Without a region or a progress callback, the pattern's reusable walk (a call on a
        // short line then sets up no walk of its own), or a new one when a caller, this one's
        // block among them, or another thread is walking it; `compiled`, held by the
        // expression, outlives it.
        let usesSearchPlan = !usesRegion && !reportsProgress && !anchored
        guard
            let walk = try? usesSearchPlan
                ? MatchWalk.reusable(pattern: compiled, text: units.baseAddress, count: units.count, findsEndFlags: findsFlags)
                : MatchWalk(
                    pattern: compiled, text: units.baseAddress, count: units.count, usesSearchPlan: false,
                    findsEndFlags: findsFlags)
        else {
            if reportsCompletion { body(nil, MatchingConstants.failedCompletion, &stop) }
            return
        }
        do throws(ICURegexError) {
            if usesRegion {
                try walk.setRegion(
                    regionStart..<(regionStart + range.length), transparentBounds: transparentBounds,
                    anchoringBounds: !nonAnchoringBounds)
            }
        } catch {
            if reportsCompletion { body(nil, MatchingConstants.failedCompletion, &stop) }
            return
        }
        // Shared with the progress callback, made only when there is one: an enumeration
        // without it allocates nothing for it (a line's enumeration costs little else), and
        // hands `body` on as it is. (`withoutActuallyEscaping`, which the callback needs,
        // allocates a context for the escaping closure at every call, and checks at its end
        // that nothing kept it: 421 instructions a line of the enumeration in rebar's
        // `parse-line`.)
        guard reportsProgress || anchored else {
            return reportMatches(
                of: walk, offset: offset, progress: nil, anchored: false, reportsCompletion: reportsCompletion,
                findsFlags: findsFlags, body)
        }
        let progress = ProgressState(anchorIndex: regionStart)
        // The progress callback calls `body` during the search, and only then: it is removed
        // before this scope ends.
        withoutActuallyEscaping(body) { body in
            defer { walk.removeProgressCallback() }
            do throws(ICURegexError) {
                try walk.setProgressCallback(findProgress: true, matchProgress: reportsProgress) { index in
                    var stopsHere = ObjCBool(false)
                    if index >= 0 && anchored && index > progress.anchorIndex {
                        stopsHere = true
                        progress.hitAnchorLimit = true
                    } else {
                        body(nil, MatchingConstants.progress, &stopsHere)
                        progress.stoppedByClient = stopsHere.boolValue
                    }
                    return !stopsHere.boolValue
                }
            } catch {
                if reportsCompletion { body(nil, MatchingConstants.failedCompletion, &stop) }
                return
            }
            reportMatches(
                of: walk, offset: offset, progress: progress, anchored: anchored, reportsCompletion: reportsCompletion,
                findsFlags: findsFlags, body)
        }
    }

    /// Calls `body` with each match of `walk`, whose text starts at `offset` in the string, and
    /// with its flags when `findsFlags`, until `body` stops it; then, when `reportsCompletion`,
    /// with nil and `.completed` (and the last search's flags) unless the client stopped the
    /// enumeration. `progress`, for `.anchored` and `.reportProgress`, is what the walk's
    /// progress callback shares (see ``enumerate(units:offset:options:range:findsFlags:_:)``):
    /// with `anchored` (which needs `progress`, whose anchor index it keeps), each match must
    /// start where the previous one ended.
    private func reportMatches(
        of walk: MatchWalk, offset: Int, progress: ProgressState?, anchored: Bool, reportsCompletion: Bool,
        findsFlags: Bool, _ body: (CurrentMatch?, NSRegularExpression.MatchingFlags, UnsafeMutablePointer<ObjCBool>) -> Void
    ) {
        var stop = ObjCBool(false)
        let match = CurrentMatch(groupBounds: walk.currentGroupBounds, offset: offset)
        var failed = false
        while true {
            let found: Range<Int>?
            do throws(ICURegexError) {
                found = try walk.next()
            } catch {
                failed = true
                break
            }
            guard let found else { break }
            if let progress {
                guard !progress.stoppedByClient, !progress.hitAnchorLimit else { break }
                if anchored {
                    if found.lowerBound > progress.anchorIndex { break }
                    progress.anchorIndex = found.upperBound
                }
            }
            // A match's flags need no search of their own (see `MatchWalk.endFlags()`).
            body(match, findsFlags ? (try? Self.flags(of: walk)) ?? [] : [], &stop)
            if stop.boolValue { break }
        }
        if reportsCompletion && !stop.boolValue && progress?.stoppedByClient != true {
            let hitAnchorLimit = progress?.hitAnchorLimit == true
            var flags: NSRegularExpression.MatchingFlags = MatchingConstants.internalError
            if !failed || hitAnchorLimit {
                do throws(ICURegexError) {
                    flags = try Self.flags(of: walk)
                } catch {}
            }
            flags.insert(MatchingConstants.completed)
            body(nil, flags, &stop)
        }
    }

    /// What an enumeration with `.anchored` or `.reportProgress` shares with its progress
    /// callback.
    private final class ProgressState {
        /// Where the next match must start with `.anchored` (Apple's meaning: the range's
        /// start, then where the previous match ended).
        var anchorIndex: Int
        /// Whether the callback stopped a search that went past `anchorIndex`.
        var hitAnchorLimit = false
        /// Whether the client's block stopped the enumeration from the callback.
        var stoppedByClient = false

        init(anchorIndex: Int) {
            self.anchorIndex = anchorIndex
        }
    }

    /// True when `offset` falls between the two halves of a surrogate pair of `units`.
    private static func splitsPair(_ units: UnsafeBufferPointer<UInt16>, at offset: Int) -> Bool {
        offset > 0 && offset < units.count && UTF16.isLeadSurrogate(units[offset - 1]) && UTF16.isTrailSurrogate(units[offset])
    }

    /// ICU's `hitEnd` and `requireEnd` after the walk's last search, as Foundation's flags.
    private static func flags(of walk: MatchWalk) throws(ICURegexError) -> NSRegularExpression.MatchingFlags {
        let endFlags = try walk.endFlags()
        var flags: NSRegularExpression.MatchingFlags = []
        if endFlags.hitEnd { flags.insert(MatchingConstants.hitEnd) }
        if endFlags.requireEnd { flags.insert(MatchingConstants.requiredEnd) }
        return flags
    }

    // MARK: Replacing

    /// `string` with each match in `range` replaced by `templ`, Foundation's template: `$0`
    /// to `$9` (more digits when the pattern has ten groups or more), and a backslash that
    /// takes the next character literally.
    public func stringByReplacingMatches(
        in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange, withTemplate templ: String
    ) -> String {
        let template = FoundationTemplate(templ, numberOfRanges: numberOfCaptureGroups + 1)
        let length = string.utf16.count
        guard let enclosing = Self.enclosingRange(of: range, length: length, options: options) else { return string }
        // The walk in the string's UTF-8, when the pattern's strategy has one: the matches of
        // the enumeration of `range`, whose groups' bytes are copied as they are.
        var outcome = UTF8ReplacementOutcome.walkIsICUs
        _ = withWholeUTF8(of: string, options: options, range: range, utf16Count: length, findsGroups: template.utf8Steps.namesGroups) {
            source, utf8Range in
            outcome = compiled.replacing(
                inUTF8: source, range: utf8Range, isMostlyASCII: Self.isMostlyASCII(utf8Count: utf8Range.count, utf16Count: range.length),
                steps: template.utf8Steps, maxReplacements: .max)
            return true
        }
        switch outcome {
        case .replaced(let replaced): return replaced
        case .unchanged: return string
        case .walkIsICUs: break
        }
        // Otherwise the whole string's units, once, to search and to turn offsets into the string's
        // UTF-8 offsets; the result's UTF-8 is built in one buffer from the string's own bytes
        // between the matches.
        var native = string
        native.makeContiguousUTF8()
        let replaced: String? = UTF16Text.withUnits(of: native, utf16Offsets: 0..<length) { whole in
            native.utf8.withContiguousStorageIfAvailable { bytes in
                template.utf8Steps.withBuffers { steps in
                    var positions = UTF16Positions(
                        base: native, start: native.startIndex, units: whole, isASCII: whole.count == bytes.count,
                        isTranscodedFromUTF8: true)
                    var output = UTF8Output(source: bytes)
                    var copied = 0
                    var replacedAny = false
                    let searched = UnsafeBufferPointer(rebasing: whole[enclosing.location..<(enclosing.location + enclosing.length)])
                    enumerate(
                        units: searched, offset: enclosing.location,
                        options: options.subtracting(MatchingConstants.callbacks), range: range, findsFlags: false
                    ) { match, _, _ in
                        guard let match else { return }
                        if !replacedAny {
                            output.reserve(bytes.count)
                            replacedAny = true
                        }
                        let matchRange = match.range(at: 0)
                        output.copy(copied..<positions.utf8Offset(at: matchRange.location))
                        steps.append(to: &output) { group in
                            guard group < match.numberOfRanges else { return nil }
                            let range = match.range(at: group)
                            guard range.location != NSNotFound else { return nil }
                            return positions.utf8Offset(at: range.location)..<positions.utf8Offset(at: range.location + range.length)
                        }
                        copied = positions.utf8Offset(at: matchRange.location + matchRange.length)
                    }
                    guard replacedAny else { return nil }
                    output.copy(copied..<bytes.count)
                    return output.string()
                }
            } ?? nil
        }
        return replaced ?? string
    }

    /// Replaces each match in `range` of `string` with `templ` (see
    /// ``stringByReplacingMatches(in:options:range:withTemplate:)``), left to right, and
    /// returns the number of matches replaced.
    public func replaceMatches(
        in string: NSMutableString, options: NSRegularExpression.MatchingOptions = [], range: NSRange, withTemplate templ: String
    ) -> Int {
        let template = FoundationTemplate(templ, numberOfRanges: numberOfCaptureGroups + 1)
        let results = matches(in: string as String, options: options, range: range)
        var offset = 0
        for result in results {
            // As Foundation does, group texts are read from the string as replaced so far.
            var replacement = ""
            template.append(to: &replacement, numberOfRanges: result.numberOfRanges) { group in
                let range = result.range(at: group)
                guard range.location != NSNotFound else { return nil }
                return Substring(string.substring(with: NSRange(location: range.location + offset, length: range.length)))
            }
            var currentRange = result.range
            currentRange.location += offset
            string.replaceCharacters(in: currentRange, with: replacement)
            offset += replacement.utf16.count - currentRange.length
        }
        return results.count
    }

    /// The replacement of `result` by `templ`, as `NSRegularExpression` makes it for each match:
    /// `$n` is the text of `string` in range `n` of `result` moved by `offset` (the number of
    /// digits taken as `numberOfRanges` calls for; empty for a range that did not take part or
    /// that `result` does not have), and a backslash takes the next character literally. For
    /// callers that replace matches themselves, `offset` is how far earlier replacements moved
    /// the text. A range moved outside `string` traps, as in Foundation.
    ///
    /// ```swift
    /// let expression = try ICURegularExpression(pattern: "(\\w+)@(\\w+)")
    /// let text = "mail ann@example now"
    /// let match = expression.firstMatch(in: text, range: NSRange(location: 0, length: 20))!
    /// expression.replacementString(for: match, in: text, offset: 0, template: "$2: $1")  // "example: ann"
    /// ```
    public func replacementString(for result: NSTextCheckingResult, in string: String, offset: Int, template templ: String) -> String {
        let template = FoundationTemplate(templ, numberOfRanges: result.numberOfRanges)
        let units = string.utf16
        var replacement = ""
        template.append(to: &replacement, numberOfRanges: result.numberOfRanges) { group in
            let range = result.range(at: group)
            guard range.location != NSNotFound else { return nil }
            let location = range.location + offset
            precondition(
                location >= 0 && range.length >= 0 && location <= units.count - range.length,
                "range {\(location), \(range.length)} is outside a string of \(units.count) UTF-16 units")
            let start = units.index(units.startIndex, offsetBy: location)
            let end = units.index(start, offsetBy: range.length)
            return Substring(String(decoding: units[start..<end], as: UTF16.self))
        }
        return replacement
    }

    // MARK: Escaping

    /// `string` with a backslash before each character that is a metacharacter of a pattern:
    /// `* ? + [ ( ) { } ^ $ | \ . /`, as `NSRegularExpression` escapes it.
    public class func escapedPattern(for string: String) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(string.unicodeScalars.count)
        for scalar in string.unicodeScalars {
            if "*?+[(){}^$|\\./".unicodeScalars.contains(scalar) {
                escaped.unicodeScalars.append("\\")
            }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }

    /// `string` escaped for use as a literal template. Foundation on Linux escapes the same
    /// characters as ``escapedPattern(for:)``, which this follows; in a template a backslash
    /// takes any character literally, so the template stands for `string` itself.
    public class func escapedTemplate(for string: String) -> String {
        escapedPattern(for: string)
    }

    /// Whether `pattern` may hold a quantifier: a `*`, `+` or `{` that is not escaped and does
    /// not open the braces of `\x{…}`, `\p{…}`, `\P{…}` or `\N{…}`. Anything else that reads
    /// as one (in a class, between `\Q` and `\E`, in a comment) counts too, which only costs
    /// the text as Foundation sees it in the rare case that needs it.
    private static func holdsQuantifier(_ pattern: String) -> Bool {
        var scalars = pattern.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "*", "+", "{":
                return true
            case "\\":
                guard let escaped = scalars.next() else { return false }
                if "xpPN".unicodeScalars.contains(escaped) {
                    // `\x{1F600}` or `\x41`: skip to the closing brace when there is one.
                    guard let next = scalars.next() else { return false }
                    if next == "{" {
                        while let inside = scalars.next(), inside != "}" {}
                    } else if next == "*" || next == "+" {
                        return true
                    }
                }
            default:
                break
            }
        }
        return false
    }

    /// The text that ``escapedPattern(for:)`` escaped into `pattern`: each backslash dropped,
    /// and the character after it kept.
    private static func unescaped(_ pattern: String) -> String {
        var text = ""
        var escapes = false
        for scalar in pattern.unicodeScalars {
            if !escapes && scalar == "\\" {
                escapes = true
            } else {
                text.unicodeScalars.append(scalar)
                escapes = false
            }
        }
        return text
    }
}

/// Foundation's matching options and flags, as constants of this module with Foundation's raw
/// values (Apple's, which its ABI fixes; a test checks them against Foundation's own).
///
/// Foundation's are globals that each use reaches through an accessor that checks that they
/// are initialized, a call each; a line's enumeration tests some ten of them, about 1.5% of
/// its time in rebar's `unicode-character-data/parse-line`, and a match's flags two more.
package enum MatchingConstants {
    package static let reportProgress = NSRegularExpression.MatchingOptions(rawValue: 1 << 0)
    package static let reportCompletion = NSRegularExpression.MatchingOptions(rawValue: 1 << 1)
    package static let anchored = NSRegularExpression.MatchingOptions(rawValue: 1 << 2)
    package static let withTransparentBounds = NSRegularExpression.MatchingOptions(rawValue: 1 << 3)
    package static let withoutAnchoringBounds = NSRegularExpression.MatchingOptions(rawValue: 1 << 4)
    /// `.reportProgress` and `.reportCompletion`, which only ask for calls of the block.
    package static let callbacks = NSRegularExpression.MatchingOptions(rawValue: 1 << 0 | 1 << 1)

    package static let progress = NSRegularExpression.MatchingFlags(rawValue: 1 << 0)
    package static let completed = NSRegularExpression.MatchingFlags(rawValue: 1 << 1)
    package static let hitEnd = NSRegularExpression.MatchingFlags(rawValue: 1 << 2)
    package static let requiredEnd = NSRegularExpression.MatchingFlags(rawValue: 1 << 3)
    package static let internalError = NSRegularExpression.MatchingFlags(rawValue: 1 << 4)
    /// `.internalError` and `.completed`: the end of a search that failed.
    package static let failedCompletion = NSRegularExpression.MatchingFlags(rawValue: 1 << 4 | 1 << 1)
}

extension RegexPattern.Options {
    /// The compile options that Foundation's options call for (`.ignoreMetacharacters` is
    /// applied by escaping the pattern, as Foundation does).
    init(_ options: NSRegularExpression.Options) {
        self = []
        if options.contains(.caseInsensitive) { insert(.caseInsensitive) }
        if options.contains(.allowCommentsAndWhitespace) { insert(.allowCommentsAndWhitespace) }
        if options.contains(.dotMatchesLineSeparators) { insert(.dotMatchesLineSeparators) }
        if options.contains(.anchorsMatchLines) { insert(.anchorsMatchLines) }
        if options.contains(.useUnixLineSeparators) { insert(.useUnixLineSeparators) }
        if options.contains(.useUnicodeWordBoundaries) { insert(.useUnicodeWordBoundaries) }
    }
}

/// The density of matches (per UTF-16 unit searched) of an expression's last results array,
/// from which the next one's capacity is reserved: texts searched by one expression tend to
/// be alike, and a results array reserved for its matches is filled without growing.
///
/// The estimate is a hint only: a text denser than the last one overflows the reservation,
/// and the extra results are appended (as to any array); a sparser one leaves room unused.
/// The reservation never exceeds a quarter of a result per unit (as much memory as the
/// text's own UTF-16), nor 2^24 results, so that a dense text followed by a long one without
/// matches reserves little for nothing. The density is read and written atomically, by any
/// number of threads; which call's density a call reads does not change its results.
struct ResultCountEstimate: ~Copyable, Sendable {
    /// Matches per 2^16 units, as of the last results array of 1,024 units or more.
    private let matchesPer64KUnits = Atomic<Int>(0)

    /// The number of results to reserve room for in a search of `units` UTF-16 units.
    func capacity(forUnits units: Int) -> Int {
        let density = matchesPer64KUnits.load(ordering: .relaxed)
        guard density > 0, units > 0 else { return 0 }
        // A little more than the density foretells (1/16 more, and 16), within the bounds.
        let (product, overflow) = units.multipliedReportingOverflow(by: density)
        let foretold = overflow ? Int.max >> 16 : product >> 16
        return min(foretold + foretold >> 4 + 16, units / 4 + 16, 1 << 24)
    }

    /// Records `count` results found in `units` UTF-16 units.
    func note(_ count: Int, inUnits units: Int) {
        // A short text's density says little about the next text's.
        guard units >= 1_024 else { return }
        let (product, overflow) = count.multipliedReportingOverflow(by: 1 << 16)
        matchesPer64KUnits.store(overflow ? Int.max / units : product / units, ordering: .relaxed)
    }
}

/// Strong references to an expression for results of one results array (those of its
/// reservation, or of one batch of the walk's matches beyond it), retained in one atomic
/// operation rather than one a result (see ``ICURegularExpression/matches(in:options:range:)``).
///
/// A result holds its expression strongly, so that the expression lives as long as any of its
/// results, whatever the caller does with them. Made one by one, each result's reference costs
/// a retain: an atomic read-modify-write of the expression's reference count, 56,600 of them for
/// one array of `words/all-english`'s matches. Here the count is raised by `count` at once
/// (`swift_retain_n`), ``take()`` hands out one of those references to a result (which releases
/// it when it is freed, as any result), and the end of this value releases the ones not handed
/// out (`swift_release_n`). The expression's count is never below the number of references to
/// it: every reference handed out was counted before.
struct BatchRetainedReferences: ~Copyable {
    /// The expression, not retained by this property itself.
    private unowned(unsafe) let expression: ICURegularExpression
    /// The number of references retained and not yet handed out.
    private var remaining: Int

    /// Retains `expression` `count` times (at most `UInt32.max`).
    init(to expression: ICURegularExpression, count: Int) {
        precondition(count >= 0 && count <= Int(UInt32.max), "cannot retain \(count) references at once")
        self.expression = expression
        remaining = count
        if count > 0 { _ = swift_retain_n(Unmanaged.passUnretained(expression).toOpaque(), UInt32(count)) }
    }

    /// One of the references retained, for a result to own; there must be one left.
    mutating func take() -> ICURegularExpression {
        precondition(remaining > 0, "no retained reference left")
        remaining -= 1
        return Unmanaged.passUnretained(expression).takeRetainedValue()
    }

    deinit {
        if remaining > 0 { swift_release_n(Unmanaged.passUnretained(expression).toOpaque(), UInt32(remaining)) }
    }
}

/// The ranges of results of an ``ICURegularExpression``, stored in the object itself (one
/// allocation), read and written without the exclusivity checks of a stored array.
final class ResultRanges: ManagedBuffer<Int, NSRange> {
    /// Storage of `count` ranges, each `{NSNotFound, 0}`.
    static func make(count: Int) -> ResultRanges {
        let storage = unsafeDowncast(create(minimumCapacity: count) { _ in count }, to: ResultRanges.self)
        storage.withUnsafeMutablePointerToElements { $0.initialize(repeating: NSRange(location: NSNotFound, length: 0), count: count) }
        return storage
    }

    /// Storage for the ranges of many results, each `rangesPerMatch` ranges, in chunks that
    /// the results in each share: one allocation for many results, and none copied. The
    /// first chunk holds one match (a line's search has one or none), each next one twice as
    /// many as the one before, up to about 1,024 ranges (16 KB, which a result kept alone
    /// keeps alive).
    struct Chunks {
        let rangesPerMatch: Int
        private var current: ResultRanges?
        private var used = 0
        private var matchesPerChunk = 1

        init(rangesPerMatch: Int) {
            self.rangesPerMatch = rangesPerMatch
        }

        /// Storage and the index in it of the next result's ranges.
        mutating func room() -> (ResultRanges, Int) {
            if let current, used + rangesPerMatch <= current.count {
                defer { used += rangesPerMatch }
                return (current, used)
            }
            let chunk = ResultRanges.make(count: matchesPerChunk * rangesPerMatch)
            if matchesPerChunk * rangesPerMatch * 2 <= 1_024 { matchesPerChunk *= 2 }
            current = chunk
            used = rangesPerMatch
            return (chunk, 0)
        }
    }

    /// The number of ranges.
    var count: Int { header }

    subscript(index: Int) -> NSRange {
        get { withUnsafeMutablePointerToElements { $0[index] } }
        set { withUnsafeMutablePointerToElements { $0[index] = newValue } }
    }

    // NSRange is trivial: the elements need no deinitialization.
}

/// A match of an ``ICURegularExpression``, as Foundation's own results report it: the ranges
/// of the whole match and of each capture group (`{NSNotFound, 0}` for a group that did not
/// take part), and the groups' names.
///
/// The ranges are held by one of four final subclasses, so that each result is one allocation
/// and holds one reference besides its expression at most:
/// - ``MatchRangeCheckingResult``, for a pattern without groups: the match's range alone, in
///   the object itself (half the size of the next one's: words/all-english's 56,600 results
///   touch half as much memory);
/// - ``InlineRangesCheckingResult``, for one or two groups: the ranges in the object itself,
///   so that its only reference is the expression (its end releases nothing else);
/// - ``InlineArrayRangesCheckingResult``, for 3 to ``mostGroupsHeldInline`` groups, made
///   anew for each match: the ranges in the object itself, in an inline array of room for
///   4, 8, 16, 32 or 64 ranges;
/// - ``StoredRangesCheckingResult``: `numberOfGroups + 1` ranges of a ``ResultRanges`` from
///   `start`, the result's own storage in an enumeration (which may move the result on to the
///   next match, see below) and for a result of more groups, or storage that many results of
///   a results array share (see ``ResultRanges/Chunks``).
///
/// The ranges change only in an enumeration
/// (``ICURegularExpression/enumerateMatches(in:options:range:using:)``), which moves a stored
/// result that nothing else refers to on to the next match (see
/// ``ICURegularExpression/isReusable(_:)``); to everyone else a result is immutable.
///
/// (The expression is held by this base class, not by each subclass: a final class of two
/// references retained itself around the release of the first when it was freed, two
/// atomic operations a result that a subclass does not cost.)
class RegularExpressionCheckingResult: NSTextCheckingResult {
    /// The expression that found the match: nil only for a result kept idle between two
    /// enumerations (see ``IdleEnumerationResult``), which no one but the slot refers to.
    /// Written only then, by whoever owns the result alone, so without Swift's run-time
    /// exclusivity checks.
    @exclusivity(unchecked) private var heldExpression: ICURegularExpression?

    fileprivate init(expression: ICURegularExpression) {
        heldExpression = expression
        super.init()
    }

    /// The expression that found the match.
    fileprivate var expression: ICURegularExpression { heldExpression.unsafelyUnwrapped }

    /// Lets go of the expression, for a result kept idle (see ``IdleEnumerationResult``).
    fileprivate func detachFromExpression() {
        heldExpression = nil
    }

    /// Holds `expression` again, for a result taken from idleness: its own expression.
    fileprivate func attach(to expression: ICURegularExpression) {
        heldExpression = expression
    }

    required init?(coder: NSCoder) {
        nil
    }

    /// The most groups whose ranges a result holds in the object itself (see
    /// ``make(numberOfGroups:expression:range:)``); a result of more groups keeps its ranges in
    /// a ``ResultRanges``.
    static let mostGroupsHeldInline = 63

    /// A result of `numberOfGroups` groups whose ranges `range` gives (group 0 being the whole
    /// match), held in the object itself for up to ``mostGroupsHeldInline`` groups (one
    /// allocation): in a ``MatchRangeCheckingResult`` without groups, an
    /// ``InlineRangesCheckingResult`` for one or two, and for more the
    /// ``InlineArrayRangesCheckingResult`` of the least capacity (a power of two from 4 to 64)
    /// that holds them; for still more, a ``StoredRangesCheckingResult`` with storage of its own.
    @inline(__always)
    static func make(numberOfGroups: Int, expression: consuming ICURegularExpression, range: (Int) -> NSRange)
        -> RegularExpressionCheckingResult
    {
        switch numberOfGroups {
        case 0: return MatchRangeCheckingResult(range: range(0), expression: expression)
        case 1: return InlineRangesCheckingResult(range: range(0), group1: range(1), expression: expression)
        case 2: return InlineRangesCheckingResult(range: range(0), group1: range(1), group2: range(2), expression: expression)
        case 3: return InlineArrayRangesCheckingResult<4>(numberOfGroups: numberOfGroups, expression: expression, range: range)
        case 4...7: return InlineArrayRangesCheckingResult<8>(numberOfGroups: numberOfGroups, expression: expression, range: range)
        case 8...15: return InlineArrayRangesCheckingResult<16>(numberOfGroups: numberOfGroups, expression: expression, range: range)
        case 16...31: return InlineArrayRangesCheckingResult<32>(numberOfGroups: numberOfGroups, expression: expression, range: range)
        case 32...mostGroupsHeldInline:
            return InlineArrayRangesCheckingResult<64>(numberOfGroups: numberOfGroups, expression: expression, range: range)
        default:
            let storage = ResultRanges.make(count: numberOfGroups + 1)
            storage.withUnsafeMutablePointerToElements { ranges in
                for group in 0...numberOfGroups { ranges[group] = range(group) }
            }
            return StoredRangesCheckingResult(ranges: storage, start: 0, numberOfGroups: numberOfGroups, expression: expression)
        }
    }

    /// A result of the range `range` and, for its groups, `groupRanges` (see
    /// ``make(numberOfGroups:expression:range:)``). (Inlined: a results array makes a batch of
    /// results of one class in one loop.)
    @inline(__always)
    static func make(range: NSRange, groupRanges: UnsafeBufferPointer<NSRange>, expression: consuming ICURegularExpression)
        -> RegularExpressionCheckingResult
    {
        make(numberOfGroups: groupRanges.count, expression: expression) { group in group == 0 ? range : groupRanges[group - 1] }
    }

    /// A result of the `2 * (numberOfGroups + 1)` bounds `bounds` of a walk (see
    /// ``StoredRangesCheckingResult/setRanges(fromGroupBounds:offset:)``), which is not
    /// reused (see ``make(numberOfGroups:expression:range:)``).
    static func make(groupBounds bounds: UnsafeBufferPointer<Int64>, offset: Int, expression: ICURegularExpression)
        -> RegularExpressionCheckingResult
    {
        make(numberOfGroups: bounds.count / 2 - 1, expression: expression) { group in
            StoredRangesCheckingResult.range(fromGroupBounds: bounds, group: group, offset: offset)
        }
    }

    override var resultType: NSTextCheckingResult.CheckingType { .regularExpression }

    override func range(withName name: String) -> NSRange {
        guard let group = expression.groupNumber(named: name), group < numberOfRanges else {
            return NSRange(location: NSNotFound, length: 0)
        }
        return range(at: group)
    }

    /// Every range, the whole match's first.
    fileprivate var allRanges: [NSRange] {
        (0..<numberOfRanges).map { range(at: $0) }
    }

    /// A Foundation expression of the same pattern and options, for code that reads it
    /// (``ICURegularExpression/foundationRegularExpression``); `icuRegularExpression` is the
    /// drop-in itself.
    override var regularExpression: NSRegularExpression? { expression.foundationRegularExpression }

    /// The drop-in that found the match.
    var dropInExpression: ICURegularExpression { expression }

    override class var supportsSecureCoding: Bool { true }

    /// Foundation's class for a result of this many ranges (its private subclasses, one for up
    /// to 3 ranges, one for up to 7, one for more), under which an archive records this one, so
    /// that it decodes as Foundation's own result anywhere. (Swift's archiver on Linux does not
    /// ask for a replacement object, so the result encodes itself, with Foundation's keys.)
    override var classForKeyedArchiver: AnyClass? {
        guard let foundationExpression = regularExpression else { return type(of: self) }
        var ranges = allRanges
        return type(
            of: NSTextCheckingResult.regularExpressionCheckingResult(
                ranges: &ranges, count: ranges.count, regularExpression: foundationExpression))
    }

    /// Encodes the result as Foundation's results encode themselves: the whole range, the
    /// Foundation expression and every range. Keyed coders only.
    override func encode(with coder: NSCoder) {
        precondition(coder.allowsKeyedCoding, "NSTextCheckingResult supports keyed coding only")
        coder.encode(range.location, forKey: "NSRangeLocation")
        coder.encode(range.length, forKey: "NSRangeLength")
        coder.encode(regularExpression, forKey: "NSRegularExpression")
        coder.encode(allRanges.map { NSValue(range: $0) } as NSArray, forKey: "NSRangeArray")
    }
}

/// The result an expression's last enumeration gave its block, kept for the next one when
/// nothing else referred to it (``ICURegularExpression/isReusable(_:)``), so that an
/// enumeration of each of many short texts (rebar's `unicode-character-data/parse-line`, an
/// enumeration per line) makes no result, and no storage for its ranges, of its own.
///
/// The slot holds the result as a retained opaque reference, or 0: whoever empties it (one
/// atomic exchange) owns the result, which no one else can then reach, and a result is put
/// back only when the slot is empty (another thread's may have taken its place). A result in
/// the slot does not hold its expression (``RegularExpressionCheckingResult/detachFromExpression()``),
/// which holds the slot: the two would otherwise keep each other alive for ever.
struct IdleEnumerationResult: ~Copyable, Sendable {
    private let address = Atomic<UInt>(0)

    /// The result in the slot, now of `expression`, or nil when the slot is empty.
    func take(for expression: ICURegularExpression) -> StoredRangesCheckingResult? {
        let taken = address.exchange(0, ordering: .acquiring)
        guard taken != 0 else { return nil }
        let result = Unmanaged<StoredRangesCheckingResult>.fromOpaque(UnsafeRawPointer(bitPattern: taken)!).takeRetainedValue()
        result.attach(to: expression)
        return result
    }

    /// Puts `result`, which nothing else refers to, in the slot, or lets it go when the slot
    /// is taken.
    func keep(_ result: StoredRangesCheckingResult) {
        result.detachFromExpression()
        let kept = UInt(bitPattern: Unmanaged.passRetained(result).toOpaque())
        if !address.compareExchange(expected: 0, desired: kept, ordering: .releasing).exchanged {
            Unmanaged<StoredRangesCheckingResult>.fromOpaque(UnsafeRawPointer(bitPattern: kept)!).release()
        }
    }

    deinit {
        let kept = address.exchange(0, ordering: .acquiring)
        if kept != 0 { Unmanaged<StoredRangesCheckingResult>.fromOpaque(UnsafeRawPointer(bitPattern: kept)!).release() }
    }
}

/// A result of a pattern without groups, the match's range held in the object itself: never
/// changed.
final class MatchRangeCheckingResult: RegularExpressionCheckingResult {
    private let wholeRange: NSRange

    /// A result of the range `range`.
    init(range: NSRange, expression: ICURegularExpression) {
        wholeRange = range
        super.init(expression: expression)
    }

    required init?(coder: NSCoder) {
        nil
    }

    override var range: NSRange { wholeRange }

    override func range(at idx: Int) -> NSRange {
        // Out of bounds traps, as Foundation's does.
        precondition(idx == 0, "index \(idx) out of range for a result of 1 range")
        return wholeRange
    }

    override var numberOfRanges: Int { 1 }
}

/// A result of one or two groups, its ranges held in the object itself: never changed.
final class InlineRangesCheckingResult: RegularExpressionCheckingResult {
    private let wholeRange: NSRange
    private let group1: NSRange
    private let group2: NSRange
    private let numberOfGroups: Int

    /// A result of the range `range` and one group, of `group1`.
    init(range: NSRange, group1: NSRange, expression: ICURegularExpression) {
        wholeRange = range
        self.group1 = group1
        group2 = NSRange(location: NSNotFound, length: 0)
        numberOfGroups = 1
        super.init(expression: expression)
    }

    /// A result of the range `range` and two groups, of `group1` and `group2`.
    init(range: NSRange, group1: NSRange, group2: NSRange, expression: ICURegularExpression) {
        wholeRange = range
        self.group1 = group1
        self.group2 = group2
        numberOfGroups = 2
        super.init(expression: expression)
    }

    required init?(coder: NSCoder) {
        nil
    }

    override var range: NSRange { wholeRange }

    override func range(at idx: Int) -> NSRange {
        // Out of bounds traps, as Foundation's does.
        precondition(idx >= 0 && idx <= numberOfGroups, "index \(idx) out of range for a result of \(numberOfGroups + 1) ranges")
        switch idx {
        case 0: return wholeRange
        case 1: return group1
        default: return group2
        }
    }

    override var numberOfRanges: Int { numberOfGroups + 1 }
}

/// A result of three groups or more, its ranges held in the object itself, in an inline array
/// of `capacity` ranges, the first `numberOfGroups + 1` of which are the result's: one
/// allocation, where ranges in a ``ResultRanges`` take a second one for a result alone and,
/// shared by the results of an array, a reference counted at each result's making and end.
/// Made by ``RegularExpressionCheckingResult/make(numberOfGroups:expression:range:)`` with
/// the least capacity of 4, 8, 16, 32 and 64 that holds the ranges (a result takes at most
/// twice the room its ranges need); never changed.
final class InlineArrayRangesCheckingResult<let capacity: Int>: RegularExpressionCheckingResult {
    private let ranges: InlineArray<capacity, NSRange>
    private let numberOfGroups: Int

    /// A result of `numberOfGroups` groups (fewer than `capacity`), of the ranges `range`
    /// gives (group 0 being the whole match).
    @inline(__always)
    init(numberOfGroups: Int, expression: consuming ICURegularExpression, range: (Int) -> NSRange) {
        precondition(numberOfGroups >= 0 && numberOfGroups < capacity, "\(numberOfGroups) groups in room for \(capacity) ranges")
        self.numberOfGroups = numberOfGroups
        // (The ranges past the result's are never read.)
        ranges = InlineArray { group in group <= numberOfGroups ? range(group) : NSRange(location: NSNotFound, length: 0) }
        super.init(expression: expression)
    }

    required init?(coder: NSCoder) {
        nil
    }

    override var range: NSRange { ranges[0] }

    override func range(at idx: Int) -> NSRange {
        // Out of bounds traps, as Foundation's does (the unused ranges would not).
        precondition(idx >= 0 && idx <= numberOfGroups, "index \(idx) out of range for a result of \(numberOfGroups + 1) ranges")
        return ranges[idx]
    }

    override var numberOfRanges: Int { numberOfGroups + 1 }
}

/// A result whose ranges are the `numberOfGroups + 1` of a ``ResultRanges`` from `start`: its
/// own storage (``init(rangesSetLaterFor:)``), which an enumeration may set again while
/// nothing else refers to the result, or a chunk that many results of a results array share.
final class StoredRangesCheckingResult: RegularExpressionCheckingResult {
    private let ranges: ResultRanges
    private let start: Int
    private let numberOfGroups: Int

    /// A result whose ranges are the `numberOfGroups + 1` of `ranges` from `start`.
    init(ranges: ResultRanges, start: Int, numberOfGroups: Int, expression: ICURegularExpression) {
        precondition(start >= 0 && numberOfGroups >= 0 && numberOfGroups < ranges.count - start)
        self.ranges = ranges
        self.start = start
        self.numberOfGroups = numberOfGroups
        super.init(expression: expression)
    }

    /// A result of a match of `expression` whose ranges ``setRanges(fromGroupBounds:offset:)``
    /// sets, with storage of its own.
    convenience init(rangesSetLaterFor expression: ICURegularExpression) {
        let groups = expression.numberOfCaptureGroups
        self.init(ranges: ResultRanges.make(count: groups + 1), start: 0, numberOfGroups: groups, expression: expression)
    }

    required init?(coder: NSCoder) {
        nil
    }

    /// The range of group `group` (0 for the whole match) in a walk's group bounds (two per
    /// group from group 0, -1 for a group that did not take part) of a text that starts at
    /// `offset` in the string.
    @inline(__always)
    static func range(fromGroupBounds bounds: UnsafeBufferPointer<Int64>, group: Int, offset: Int) -> NSRange {
        let lower = bounds[2 * group]
        return lower < 0
            ? NSRange(location: NSNotFound, length: 0)
            : NSRange(location: offset + Int(lower), length: Int(bounds[2 * group + 1] - lower))
    }

    /// Sets the ranges, in place, from a walk's group bounds (see
    /// ``range(fromGroupBounds:group:offset:)``): for a result made by
    /// ``init(rangesSetLaterFor:)`` that nothing else refers to.
    func setRanges(fromGroupBounds bounds: UnsafeBufferPointer<Int64>, offset: Int) {
        precondition(start == 0 && bounds.count == 2 * (numberOfGroups + 1))
        ranges.withUnsafeMutablePointerToElements { ranges in
            for index in 0...numberOfGroups {
                ranges[index] = Self.range(fromGroupBounds: bounds, group: index, offset: offset)
            }
        }
    }

    override var range: NSRange { ranges[start] }

    override func range(at idx: Int) -> NSRange {
        // Out of bounds traps, as Foundation's does (the shared storage would not).
        precondition(idx >= 0 && idx <= numberOfGroups, "index \(idx) out of range for a result of \(numberOfGroups + 1) ranges")
        return ranges[start + idx]
    }

    override var numberOfRanges: Int { numberOfGroups + 1 }
}

extension NSTextCheckingResult {
    /// The ``ICURegularExpression`` that found this match, or nil when the result comes from
    /// elsewhere (from `NSRegularExpression`, from an archive, from `adjustingRanges(offset:)`).
    /// The result's `regularExpression` is the drop-in's
    /// ``ICURegularExpression/foundationRegularExpression``, since Foundation types it
    /// `NSRegularExpression`.
    public var icuRegularExpression: ICURegularExpression? {
        (self as? RegularExpressionCheckingResult)?.dropInExpression
    }
}

/// A template of `NSRegularExpression`, read once: `$` followed by up to as many digits as
/// the largest range number has (one for fewer than eleven ranges) is that range's text (empty
/// when there is no such range or it did not take part), and a backslash takes the next
/// character literally (a backslash at the end is dropped). Foundation's
/// `replacementString(for:in:offset:template:)` reads templates this way.
///
/// Foundation finds each `\` and `$` with a search that steps over a surrogate and the unit
/// after it at once. After a backslash it searches again from the unit after the escaped
/// one: when that is a character outside the BMP, the search starts at its second half and
/// steps over it together with the next unit, so that a `\` or `$` right after the character
/// is text (`\😀$0` is `😀$0`), and the steps stay out of line for as long as surrogates
/// follow.
private struct FoundationTemplate {
    enum Piece {
        /// Literal text, also as UTF-8.
        case text(String, utf8: [UInt8])
        case group(Int)
    }

    let pieces: [Piece]

    /// The pieces in UTF-8, as a replacement loop reads them.
    let utf8Steps: UTF8TemplateSteps

    init(_ template: String, numberOfRanges: Int) {
        var digitsAllowed = 1
        var magnitude = 10
        while magnitude < numberOfRanges && digitsAllowed < 20 {
            digitsAllowed += 1
            magnitude *= 10
        }
        let zero = UInt16(UInt8(ascii: "0"))
        let nine = UInt16(UInt8(ascii: "9"))
        var pieces = [Piece]()
        var text = [UInt16]()
        func flushText() {
            if !text.isEmpty {
                let string = String(decoding: text, as: UTF16.self)
                pieces.append(.text(string, utf8: Array(string.utf8)))
                text = []
            }
        }
        let units = Array(template.utf16)
        var index = 0
        while index < units.count {
            let unit = units[index]
            if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) {
                // Foundation's search steps over a surrogate and the unit after it together.
                text.append(contentsOf: units[index..<min(index + 2, units.count)])
                index += 2
                continue
            }
            index += 1
            if unit == UInt16(UInt8(ascii: "\\")) {
                if index < units.count {
                    text.append(units[index])
                    index += 1
                }
            } else if unit == UInt16(UInt8(ascii: "$")), index < units.count, (zero...nine).contains(units[index]) {
                var group = 0
                var digits = 0
                while index < units.count, digits < digitsAllowed, (zero...nine).contains(units[index]) {
                    group = group * 10 + Int(units[index] - zero)
                    index += 1
                    digits += 1
                }
                flushText()
                pieces.append(.group(group))
            } else {
                text.append(unit)
            }
        }
        flushText()
        self.pieces = pieces
        utf8Steps = UTF8TemplateSteps(
            pieces.map { piece in
                switch piece {
                case .text(_, let utf8): .text(utf8)
                case .group(let group): .group(group)
                }
            })
    }

    /// Appends the replacement for a match of `numberOfRanges` ranges to `output`;
    /// `text(group)` gives the text of a group that exists, nil when it did not take part.
    func append(to output: inout String, numberOfRanges: Int, text: (Int) -> Substring?) {
        for piece in pieces {
            switch piece {
            case .text(let literal, _):
                output += literal
            case .group(let group):
                if group < numberOfRanges, let groupText = text(group) { output += groupText }
            }
        }
    }
}
