extension RegexPattern {
    /// Every match in `string[range]` (all of `string` when nil), left to right, as a lazy
    /// sequence: the matches of ICU's `findNext` loop and of `NSRegularExpression`, empty
    /// matches included (after an empty match the search goes on one character further).
    ///
    /// The range is searched as a text of its own, as in ``firstRange(in:range:anchored:)``.
    /// Where the pattern's strategy has a walk in UTF-8 for it, the string's UTF-8 is searched
    /// as it is (the first match alone, then every match at once when a second is asked for);
    /// otherwise the range is transcoded to UTF-16 once, when iteration starts, and each match
    /// costs one search. Either way, walking every match of a long string takes time linear in
    /// its length.
    ///
    /// A search that hits the pattern's ``Limits`` ends the sequence early; the iterator's
    /// ``RegexMatches/Iterator/error`` then says why.
    public func matches(in string: String, range: Range<String.Index>? = nil) -> RegexMatches {
        RegexMatches(pattern: self, base: string, bounds: range ?? string.startIndex..<string.endIndex)
    }

    /// Every match in `substring`, searched as a text of its own; the matches' indices are
    /// valid in `substring` and in its base string.
    public func matches(in substring: Substring) -> RegexMatches {
        matches(in: substring.base, range: substring.startIndex..<substring.endIndex)
    }

    /// Every match in `text[range]` (all of `text` when nil), searched as a text of its own,
    /// with offsets in `text`. Nothing is copied: `text` must stay valid while the sequence is
    /// iterated.
    public func matches(inUTF16 text: UnsafeBufferPointer<UInt16>, range: Range<Int>? = nil) -> UTF16Matches {
        let range = range ?? 0..<text.count
        precondition(
            range.lowerBound >= 0 && range.upperBound <= text.count,
            "RegexPattern.matches(inUTF16:range:): range \(range) is out of bounds for a text of \(text.count) UTF-16 units"
        )
        return UTF16Matches(pattern: self, text: text, range: range)
    }

    /// Every match in the UTF-8 `text`, searched as a text of its own by ICU, with byte
    /// offsets in `text`; ill-formed UTF-8 reads as U+FFFD, one for each maximal ill-formed
    /// subsequence. Nothing is copied: `text` must stay valid while the sequence is iterated.
    /// A text of more than `Int32.max` bytes, the most ICU's UTF-8 text takes, ends the
    /// sequence at once with ``ICURegexError/illegalArgument`` as its iterator's error.
    public func matches(inUTF8 text: UnsafeBufferPointer<UInt8>) -> UTF8Matches {
        UTF8Matches(pattern: self, text: text)
    }

    /// The matches, with their capture groups, of `ranges` of the UTF-8 `text`, matches that
    /// another search of `text` found, left to right and without overlap: `body` is called
    /// with the index in `ranges` and the match for each range that is ICU's match from the
    /// range's start, as the walk over `text` (``matches(inUTF8:)``) finds it. (See
    /// ``SpanGroupFinder``, which finds the same without making a match for each.)
    /// - Throws: As ``SpanGroupFinder/groups(spanning:inUTF8:_:)``.
    package func matches(
        spanning ranges: [Range<Int>], inUTF8 text: UnsafeBufferPointer<UInt8>, _ body: (Int, BufferMatch) -> Void
    ) throws(ICURegexError) {
        let groups = numberOfCaptureGroups
        try self.groups(spanning: ranges, inUTF8: text) { index, group in
            body(index, BufferMatch(range: ranges[index], groupRanges: groups == 0 ? [] : (1...groups).map(group)))
        }
    }

    /// The capture groups of the matches of `ranges` of the UTF-8 `text`, as
    /// ``SpanGroupFinder/groups(spanning:inUTF8:_:)`` finds them.
    package func groups(
        spanning ranges: [Range<Int>], inUTF8 text: UnsafeBufferPointer<UInt8>,
        _ body: (_ index: Int, _ group: (Int) -> Range<Int>?) -> Void
    ) throws(ICURegexError) {
        try SpanGroupFinder(self).groups(spanning: ranges, inUTF8: text, body)
    }

    /// The match of the whole of `string`, or nil when `string` as a whole does not match
    /// (ICU's `matches`, Swift's `wholeMatch(of:)`).
    public func wholeMatch(in string: String) throws(ICURegexError) -> RegexMatch? {
        let text = try StringMatchWalk(pattern: self, base: string, bounds: string.startIndex..<string.endIndex)
        return try text.wholeMatch()
    }

    /// The match of the whole of `substring`, searched as a text of its own, or nil when it
    /// does not match as a whole; the match's indices are valid in the base string too.
    public func wholeMatch(in substring: Substring) throws(ICURegexError) -> RegexMatch? {
        let text = try StringMatchWalk(pattern: self, base: substring.base, bounds: substring.startIndex..<substring.endIndex)
        return try text.wholeMatch()
    }
}

/// The matches of a ``RegexPattern`` in a string, found one by one as the sequence is
/// iterated (see ``RegexPattern/matches(in:range:)``).
public struct RegexMatches: Sequence, Sendable {
    /// The pattern searched for.
    public let pattern: RegexPattern
    /// The string searched.
    public let base: String
    /// The part of `base` searched, as a text of its own.
    public let bounds: Range<String.Index>

    /// Starts a new walk over the matches.
    public func makeIterator() -> Iterator {
        Iterator(pattern: pattern, base: base, bounds: bounds)
    }

    /// A walk over the matches.
    ///
    /// It takes the walk of the pattern's strategy in the string's UTF-8 where there is one
    /// (``StringUTF8Matches``): first for the first match alone, so that a caller who takes
    /// one match pays one search, then, when a second is asked for, for every match, which
    /// it keeps unless they are too dense to keep. Otherwise, or when that walk cannot tell a
    /// match, it walks the range's UTF-16
    /// (``StringMatchWalk``), past the matches already given: both walks find ICU's matches,
    /// so the UTF-16 walk's first matches are those.
    public struct Iterator: IteratorProtocol {
        private let pattern: RegexPattern
        private let base: String
        private let bounds: Range<String.Index>
        private var source = Source.notStarted
        /// The number of matches given so far.
        private var given = 0

        /// Where the matches come from.
        private enum Source {
            /// No match was asked for yet.
            case notStarted
            /// The walk in the string's UTF-8 found `matches`: every match when
            /// `isComplete`, else the first alone.
            case utf8(StringUTF8Matches, isComplete: Bool)
            /// The walk over the range's UTF-16.
            case utf16(StringMatchWalk)
            /// The walk in UTF-16 could not start, or a search hit the pattern's limits.
            case failed
        }

        /// The error that ended the walk early, if any: a search hit the pattern's limits.
        public private(set) var error: ICURegexError?

        init(pattern: RegexPattern, base: String, bounds: Range<String.Index>) {
            self.pattern = pattern
            self.base = base
            self.bounds = bounds
        }

        /// The next match, or nil at the end or after an error.
        public mutating func next() -> RegexMatch? {
            switch source {
            case .notStarted:
                if let first = StringUTF8Matches(pattern: pattern, base: base, bounds: bounds, firstMatchOnly: true) {
                    // No first match: none at all.
                    source = .utf8(first, isComplete: first.count == 0)
                } else {
                    startUTF16Walk()
                }
                return next()
            case .utf8(let matches, let isComplete):
                if given < matches.count {
                    given += 1
                    return matches.match(given - 1, pattern: pattern, base: base)
                }
                if isComplete { return nil }
                if let all = StringUTF8Matches(pattern: pattern, base: base, bounds: bounds, firstMatchOnly: false) {
                    source = .utf8(all, isComplete: true)
                } else {
                    startUTF16Walk()
                }
                return next()
            case .utf16(let walk):
                do {
                    guard let match = try walk.next() else { return nil }
                    given += 1
                    return match
                } catch {
                    self.error = error
                    source = .failed
                    return nil
                }
            case .failed:
                return nil
            }
        }

        /// Starts the walk over the range's UTF-16 and passes the `given` matches that the
        /// walk in UTF-8 gave.
        private mutating func startUTF16Walk() {
            do {
                let walk = try StringMatchWalk(pattern: pattern, base: base, bounds: bounds)
                for _ in 0..<given { _ = try walk.next() }
                source = .utf16(walk)
            } catch {
                self.error = error
                source = .failed
            }
        }
    }
}

/// The matches of a ``RegexPattern`` in a buffer of UTF-16 code units (see
/// ``RegexPattern/matches(inUTF16:range:)``).
public struct UTF16Matches: Sequence {
    /// The pattern searched for.
    public let pattern: RegexPattern
    /// The text, which must stay valid while the sequence is iterated.
    public let text: UnsafeBufferPointer<UInt16>
    /// The part of `text` searched, as a text of its own.
    public let range: Range<Int>

    /// Starts a new walk over the matches.
    public func makeIterator() -> Iterator {
        Iterator(pattern: pattern, text: text, range: range)
    }

    /// A walk over the matches.
    public struct Iterator: IteratorProtocol {
        private let walk: MatchWalk?
        /// The walk's pattern, held for the walk: the pattern's reusable walk does not hold it
        /// (see ``MatchWalk/reusable(pattern:text:count:)``).
        private let pattern: RegexPattern
        private let offset: Int
        /// The pattern's capture groups, read once.
        private let groups: Int

        /// The error that ended the walk early, if any: a search hit the pattern's limits.
        public private(set) var error: ICURegexError?

        init(pattern: RegexPattern, text: UnsafeBufferPointer<UInt16>, range: Range<Int>) {
            self.pattern = pattern
            offset = range.lowerBound
            groups = pattern.numberOfCaptureGroups
            let base = text.baseAddress.map { $0 + range.lowerBound }
            do {
                walk = try MatchWalk.reusable(pattern: pattern, text: base, count: range.count)
            } catch {
                walk = nil
                self.error = error
            }
        }

        init(pattern: RegexPattern, utf8 text: UnsafeBufferPointer<UInt8>) {
            self.pattern = pattern
            offset = 0
            groups = pattern.numberOfCaptureGroups
            do {
                walk = try MatchWalk(pattern: pattern, utf8: text.baseAddress, count: text.count)
            } catch {
                walk = nil
                self.error = error
            }
        }

        /// The next match, or nil at the end or after an error.
        public mutating func next() -> BufferMatch? {
            guard walk != nil, error == nil else { return nil }
            // The walk is reached without a reference count of the call's own (one per match,
            // which dense matches show): the iterator holds it. The error comes out apart, so
            // that no enum of the match and the error is built per match.
            var failure: ICURegexError?
            let match = Unmanaged.passUnretained(walk.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                [offset, groups] walk -> BufferMatch? in
                do throws(ICURegexError) {
                    guard let found = try walk.next() else { return nil }
                    return BufferMatch(
                        range: (found.lowerBound + offset)..<(found.upperBound + offset),
                        groupRanges: groups == 0 ? [] : walk.groupRanges(offset: offset))
                } catch {
                    failure = error
                    return nil
                }
            }
            if let failure { self.error = failure }
            return match
        }
    }
}

/// The matches of a ``RegexPattern`` in a buffer of UTF-8 (see
/// ``RegexPattern/matches(inUTF8:)``); each ``BufferMatch`` holds byte offsets.
public struct UTF8Matches: Sequence {
    /// The pattern searched for.
    public let pattern: RegexPattern
    /// The text, which must stay valid while the sequence is iterated.
    public let text: UnsafeBufferPointer<UInt8>

    /// Starts a new walk over the matches.
    public func makeIterator() -> UTF16Matches.Iterator {
        UTF16Matches.Iterator(pattern: pattern, utf8: text)
    }
}

/// A walk over the matches in a Swift string: the searched range transcoded to UTF-16 once,
/// the walk over it, and the conversion of its offsets back to string indices.
final class StringMatchWalk {
    let base: String
    private let bounds: Range<String.Index>
    private let units: UnsafeMutableBufferPointer<UInt16>
    /// The number of units transcoded into `units`.
    private let count: Int
    private let walk: MatchWalk
    private var positions: UTF16Positions
    /// True when `units` were transcoded from the range's UTF-8; false when they were copied
    /// from its UTF-16 view (a range that splits a surrogate pair, or a bridged string).
    private let isTranscodedFromUTF8: Bool

    init(pattern: RegexPattern, base: String, bounds: Range<String.Index>) throws(ICURegexError) {
        self.base = base
        self.bounds = bounds
        let utf8Count = base.utf8.distance(from: bounds.lowerBound, to: bounds.upperBound)
        // Each UTF-8 byte gives at most one UTF-16 unit. (Counting the UTF-16 units instead
        // would make the string index its whole UTF-16 view first.)
        var units = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(utf8Count, 1))
        let transcoded = UTF16Text.transcode(base, bounds: bounds, into: units.baseAddress!)
        let count: Int
        if let transcoded {
            count = transcoded
        } else {
            // A bridged string, or a range that splits a surrogate pair: its UTF-16 view.
            let slice = base.utf16[bounds]
            if slice.count > units.count {
                units.deallocate()
                units = .allocate(capacity: slice.count)
            }
            count = units.initialize(fromContentsOf: slice)
        }
        self.units = units
        self.count = count
        do {
            walk = try MatchWalk(pattern: pattern, text: units.baseAddress!, count: count)
        } catch {
            units.deallocate()
            throw error
        }
        isTranscodedFromUTF8 = transcoded != nil
        positions = UTF16Positions(
            base: base, start: bounds.lowerBound, units: UnsafeBufferPointer(rebasing: units[..<count]),
            isASCII: count == utf8Count, isTranscodedFromUTF8: transcoded != nil)
    }

    deinit {
        units.deallocate()
    }

    /// The next match, or nil.
    func next() throws(ICURegexError) -> RegexMatch? {
        guard try walk.next() != nil else { return nil }
        return currentMatch()
    }

    /// The string with the walk's matches replaced by `template`, up to `maxReplacements` of
    /// them: its UTF-8 built in one buffer from the string's own bytes between the matches and
    /// the template's pieces, so that nothing is transcoded back.
    /// Nil, before any search, when the range splits a surrogate pair or the string's UTF-8 is
    /// not contiguous: the caller then replaces through the matches' indices.
    func replacing(with template: ReplacementTemplate, maxReplacements: Int) throws(ICURegexError) -> String? {
        guard isTranscodedFromUTF8 else { return nil }
        let rangeStart = base.utf8.distance(from: base.startIndex, to: bounds.lowerBound)
        let replaced: Result<String, ICURegexError>? = base.utf8.withContiguousStorageIfAvailable { bytes in
            template.utf8Steps.withBuffers { steps in
                var output = UTF8Output(source: bytes)
                // The text before the range is copied with the text before the first match.
                var copied = 0
                var replacements = 0
                do throws(ICURegexError) {
                    while replacements < maxReplacements, let match = try walk.next() {
                        if replacements == 0 { output.reserve(bytes.count) }
                        output.copy(copied..<(rangeStart + positions.utf8Offset(at: match.lowerBound)))
                        steps.append(to: &output) { group in
                            walk.range(ofGroup: group).map {
                                (rangeStart + positions.utf8Offset(at: $0.lowerBound))..<(rangeStart + positions.utf8Offset(at: $0.upperBound))
                            }
                        }
                        copied = rangeStart + positions.utf8Offset(at: match.upperBound)
                        replacements += 1
                    }
                } catch {
                    return .failure(error)
                }
                guard replacements > 0 else { return .success(base) }
                output.copy(copied..<bytes.count)
                return .success(output.string())
            }
        }
        return try replaced?.get()
    }

    /// The whole range's match, or nil.
    func wholeMatch() throws(ICURegexError) -> RegexMatch? {
        guard try walk.wholeMatch() != nil else { return nil }
        return currentMatch()
    }

    /// The first match that starts at or after `index` of the range, or nil; the whole range
    /// is the text ICU sees (see ``MatchWalk/firstMatch(from:)``).
    func firstMatch(from index: String.Index) throws(ICURegexError) -> RegexMatch? {
        let offset = base.utf16.distance(from: bounds.lowerBound, to: index)
        guard try walk.firstMatch(from: offset) != nil else { return nil }
        return currentMatch()
    }

    /// The match the walk is on, in string indices.
    private func currentMatch() -> RegexMatch {
        let groupCount = walk.pattern.numberOfCaptureGroups
        let whole = span(walk.range(ofGroup: 0)!)
        guard groupCount > 0 else { return RegexMatch(base: base, pattern: walk.pattern, whole: whole, groups: []) }
        var groups = [RegexMatch.Span?]()
        groups.reserveCapacity(groupCount)
        for group in 1...groupCount {
            groups.append(walk.range(ofGroup: group).map { span($0) })
        }
        return RegexMatch(base: base, pattern: walk.pattern, whole: whole, groups: groups)
    }

    /// The span of `offsets` in the walk's text.
    private func span(_ offsets: Range<Int>) -> RegexMatch.Span {
        let lower = positions.index(at: offsets.lowerBound)
        let upper = positions.index(at: offsets.upperBound)
        let start = positions.startUTF16Offset
        return RegexMatch.Span(range: lower..<upper, utf16Range: (start + offsets.lowerBound)..<(start + offsets.upperBound))
    }
}

/// Converts UTF-16 offsets in a transcoded range of a string into indices of the string, in
/// time linear in the distance from the previous conversion: a walk's matches come left to
/// right, so converting all of them costs one pass over the units.
///
/// The UTF-8 length of the units between two offsets is counted in the transcoded units
/// themselves, and a native string's UTF-8 offset is an index in constant time.
package struct UTF16Positions {
    private let base: String
    private let start: String.Index
    private let units: UnsafeBufferPointer<UInt16>
    /// True when every unit is ASCII, so that UTF-16 offsets are UTF-8 offsets.
    private let isASCII: Bool
    /// False in the rare case where the units were copied from the string's UTF-16 view (a
    /// range that splits a surrogate pair, or a bridged string): the view then converts.
    private let isTranscodedFromUTF8: Bool
    /// The last conversion, as a UTF-16 offset and the UTF-8 offset of the same place.
    private var cursor = (utf16: 0, utf8: 0)

    package init(base: String, start: String.Index, units: UnsafeBufferPointer<UInt16>, isASCII: Bool, isTranscodedFromUTF8: Bool) {
        self.base = base
        self.start = start
        self.units = units
        self.isASCII = isASCII
        self.isTranscodedFromUTF8 = isTranscodedFromUTF8
    }

    /// The offset of `start` in UTF-16 units from the start of the string, worked out once.
    private(set) lazy var startUTF16Offset: Int = base.utf16.distance(from: base.startIndex, to: start)

    /// The index `offset` UTF-16 units after `start`.
    package mutating func index(at offset: Int) -> String.Index {
        if isASCII && isTranscodedFromUTF8 {
            return base.utf8.index(start, offsetBy: offset)
        }
        guard isTranscodedFromUTF8 else { return base.utf16.index(start, offsetBy: offset) }
        return base.utf8.index(start, offsetBy: utf8Offset(at: offset))
    }

    /// The number of UTF-8 bytes from `start` to the place `offset` UTF-16 units after it,
    /// when the units were transcoded from the UTF-8.
    package mutating func utf8Offset(at offset: Int) -> Int {
        if isASCII { return offset }
        var utf16 = cursor.utf16
        var utf8 = cursor.utf8
        while utf16 < offset {
            // Runs of ASCII, eight units and then four at a time.
            while utf16 + 8 <= offset {
                let raw = UnsafeRawPointer(units.baseAddress! + utf16)
                guard (raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                    & 0xFF80_FF80_FF80_FF80 == 0
                else { break }
                utf16 += 8
                utf8 += 8
            }
            while utf16 + 4 <= offset,
                UnsafeRawPointer(units.baseAddress! + utf16).loadUnaligned(as: UInt64.self) & 0xFF80_FF80_FF80_FF80 == 0
            {
                utf16 += 4
                utf8 += 4
            }
            guard utf16 < offset else { break }
            let unit = units[utf16]
            if unit < 0x80 {
                utf8 += 1
            } else if unit < 0x800 {
                utf8 += 2
            } else if UTF16.isLeadSurrogate(unit) && utf16 + 1 < units.count && UTF16.isTrailSurrogate(units[utf16 + 1]) {
                utf8 += 4
                utf16 += 1
            } else {
                utf8 += 3
            }
            utf16 += 1
        }
        while utf16 > offset {
            utf16 -= 1
            let unit = units[utf16]
            if unit < 0x80 {
                utf8 -= 1
            } else if unit < 0x800 {
                utf8 -= 2
            } else if UTF16.isTrailSurrogate(unit) && utf16 > 0 && UTF16.isLeadSurrogate(units[utf16 - 1]) {
                utf8 -= 4
                utf16 -= 1
            } else {
                utf8 -= 3
            }
        }
        cursor = (utf16, utf8)
        return utf8
    }
}

/// A string's UTF-8 assembled in one buffer from pieces of another string's bytes and other
/// text: each piece a copy of bytes, the string made once at the end.
///
/// The buffer is its own memory, grown by doubling: a replacement appends a few pieces for
/// each match, most of a few bytes, and each append is a bounds test and a copy, without an
/// array's checks of its storage (Russian words split at each capital, `$1 $2`: the array's
/// appends took 7% of the replacement's time).
///
/// The string is made without validating its UTF-8 again when every piece is known to be
/// well-formed: a copy of the source (a string's UTF-8, well-formed) that starts and ends on
/// the boundaries of its characters (no continuation byte at either end, a test of two
/// bytes), or other text its caller vouches for. Pieces of well-formed UTF-8 that each hold
/// whole characters make well-formed UTF-8. Validating it took as long as the rest of a
/// replacement on Russian: 3.3 ms for 1.5 MB, against 0.05 ms for the unchecked copy. Any
/// other piece makes the string through `String(decoding:as:)`, which repairs it as before.
package struct UTF8Output: ~Copyable {
    private let source: UnsafeBufferPointer<UInt8>
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    /// False once a piece was not known to be well-formed UTF-8 of whole characters.
    private var isWellFormed = true

    /// An empty output whose copies come from `source`, a string's UTF-8.
    package init(source: UnsafeBufferPointer<UInt8>) {
        self.source = source
        capacity = 64
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
    }

    /// Reserves room for `count` bytes.
    package mutating func reserve(_ count: Int) {
        if count > capacity { grow(to: count) }
    }

    /// Moves the bytes to a buffer of at least `needed` bytes, twice the capacity or more.
    private mutating func grow(to needed: Int) {
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(needed, 2 * capacity))
        grown.update(from: buffer, count: count)
        buffer.deallocate()
        buffer = grown
        capacity = max(needed, 2 * capacity)
    }

    /// Appends `length` bytes from `start`.
    @inline(__always)
    private mutating func append(_ start: UnsafePointer<UInt8>, _ length: Int) {
        if count &+ length > capacity { grow(to: count + length) }
        (buffer + count).update(from: start, count: length)
        count &+= length
    }

    /// Appends the source's bytes `range` (offsets in the source).
    @inline(__always)
    package mutating func copy(_ range: Range<Int>) {
        guard !range.isEmpty, let base = source.baseAddress else { return }
        precondition(range.lowerBound >= 0 && range.upperBound <= source.count, "UTF8Output: a copy outside the source")
        if base[range.lowerBound] & 0xC0 == 0x80 || (range.upperBound < source.count && base[range.upperBound] & 0xC0 == 0x80) {
            isWellFormed = false
        }
        append(base + range.lowerBound, range.count)
    }

    /// Appends UTF-8 bytes from a buffer other than the source; `isWellFormed` when they are
    /// well-formed UTF-8 of whole characters.
    @inline(__always)
    package mutating func append(_ utf8: UnsafeBufferPointer<UInt8>, isWellFormed: Bool) {
        guard let base = utf8.baseAddress, !utf8.isEmpty else { return }
        if !isWellFormed { self.isWellFormed = false }
        append(base, utf8.count)
    }

    /// The string of the bytes appended.
    package func string() -> String {
        let bytes = UnsafeBufferPointer(start: buffer, count: count)
        guard isWellFormed else { return String(decoding: bytes, as: UTF8.self) }
        // UTF8Span is Swift 6.2's; an older compiler validates the bytes again.
        #if compiler(>=6.2)
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            var utf8 = UTF8Span(unchecked: bytes.span)
            // The string's flag that it is ASCII, which its UTF-16 view reads (a scan that
            // stops at the first byte outside ASCII).
            _ = utf8.checkForASCII()
            return String(copying: utf8)
        }
        #endif
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Finds the capture groups of matches whose spans are known, for one thread: it holds one
/// capture backtracker of its pattern for its life (and gives it back at its end), so that a
/// caller that asks for the groups of each line's matches (`--replace`) takes none from the
/// pattern's pool, under its lock, for each line.
package final class SpanGroupFinder {
    /// The pattern whose groups are found.
    package let pattern: RegexPattern
    private let backtracker: CaptureBacktracker?

    /// Makes a finder for `pattern`.
    package init(_ pattern: RegexPattern) {
        self.pattern = pattern
        backtracker = pattern.captureBacktrackers?.take()
    }

    deinit {
        if let backtracker { pattern.captureBacktrackers?.put(backtracker) }
    }

    /// The capture groups of the matches of `ranges` of the UTF-8 `text`, matches that another
    /// search of `text` found, left to right and without overlap: `body` is called with the
    /// index in `ranges` of each range that is ICU's match from the range's start, as the walk
    /// over `text` (``RegexPattern/matches(inUTF8:)``) finds it, and a function that gives the
    /// byte range of that match's group `n` (1 through the pattern's
    /// ``RegexPattern/numberOfCaptureGroups``; nil for a group that took no part), to be called
    /// during the call only. Nothing is allocated for a match: `--replace` asks this for every
    /// match it prints.
    ///
    /// When the pattern allows (``RegexPattern/rematchesItsSpans``) and no range is empty, each
    /// range is matched alone, with the text around it visible to assertions, at the cost of the ranges
    /// and not of the text between them: by the capture backtracker where it can tell
    /// (``CaptureBacktracker``), otherwise by ICU (``MatchWalk/match(spanning:)``); without,
    /// ICU walks the text's matches. A range that is not ICU's match from its start may get no
    /// match, or another match that spans it.
    /// - Throws: The error of the first search that stopped at the pattern's limits, or
    ///   ``ICURegexError/illegalArgument`` for a text of more than `Int32.max` bytes.
    package func groups(
        spanning ranges: [Range<Int>], inUTF8 text: UnsafeBufferPointer<UInt8>,
        _ body: (_ index: Int, _ group: (Int) -> Range<Int>?) -> Void
    ) throws(ICURegexError) {
        guard !ranges.isEmpty else { return }
        guard pattern.rematchesItsSpans && !ranges.contains(where: { $0.isEmpty }) else {
            // Both walks go left to right: the next range starts at or after ICU's match.
            var index = 0
            var walk = pattern.matches(inUTF8: text).makeIterator()
            while let match = walk.next() {
                while index < ranges.count && ranges[index].lowerBound < match.range.lowerBound {
                    index += 1
                }
                if index == ranges.count { break }
                if ranges[index] == match.range { body(index) { match.groupRanges[$0 - 1] } }
            }
            if let error = walk.error { throw error }
            return
        }
        // The capture backtracker answers for most ranges (see ``CaptureBacktracker``); ICU's
        // walk is made for the first range it cannot tell.
        var walk: MatchWalk? = nil
        for (index, range) in ranges.enumerated() {
            if let backtracker, let base = text.baseAddress {
                switch backtracker.match(inUTF8: base, spanning: range, end: text.count) {
                case .match:
                    body(index) { group in
                        let start = backtracker.slot(2 * group)
                        return start < 0 ? nil : start..<backtracker.slot(2 * group + 1)
                    }
                    continue
                case .noMatch:
                    continue
                case .unknown:
                    break
                }
            }
            if walk == nil { walk = try MatchWalk(pattern: pattern, utf8: text.baseAddress, count: text.count, usesCaptureBacktracker: false) }
            guard try walk!.match(spanning: range) == range, let found = walk else { continue }
            body(index) { found.range(ofGroup: $0) }
        }
    }
}
