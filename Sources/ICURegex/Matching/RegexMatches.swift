extension RegexPattern {
    /// Every match in `string[range]` (all of `string` when nil), left to right, as a lazy
    /// sequence: the matches of ICU's `findNext` loop and of `NSRegularExpression`, empty
    /// matches included (after an empty match the search goes on one character further).
    ///
    /// The range is searched as a text of its own, as in ``firstMatch(in:range:anchored:)``.
    /// It is transcoded to UTF-16 once, when iteration starts, and each match costs one search,
    /// so walking every match of a long string takes time linear in its length.
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

    /// The match of the whole of `string`, or nil when `string` as a whole does not match
    /// (ICU's `matches`, Swift's `wholeMatch(of:)`).
    public func wholeMatch(in string: String) throws(ICURegexError) -> RegexMatch? {
        let text = try StringMatchWalk(pattern: self, base: string, bounds: string.startIndex..<string.endIndex)
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
    public struct Iterator: IteratorProtocol {
        private let walk: StringMatchWalk?

        /// The error that ended the walk early, if any: a search hit the pattern's limits.
        public private(set) var error: ICURegexError?

        init(pattern: RegexPattern, base: String, bounds: Range<String.Index>) {
            do {
                walk = try StringMatchWalk(pattern: pattern, base: base, bounds: bounds)
            } catch {
                walk = nil
                self.error = error
            }
        }

        /// The next match, or nil at the end or after an error.
        public mutating func next() -> RegexMatch? {
            guard let walk, error == nil else { return nil }
            do {
                return try walk.next()
            } catch {
                self.error = error
                return nil
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
        private let walk: UTF16MatchWalk?
        private let offset: Int

        /// The error that ended the walk early, if any: a search hit the pattern's limits.
        public private(set) var error: ICURegexError?

        init(pattern: RegexPattern, text: UnsafeBufferPointer<UInt16>, range: Range<Int>) {
            offset = range.lowerBound
            let base = text.baseAddress.map { $0 + range.lowerBound }
            do {
                walk = try UTF16MatchWalk(pattern: pattern, text: base, count: range.count)
            } catch {
                walk = nil
                self.error = error
            }
        }

        /// The next match, or nil at the end or after an error.
        public mutating func next() -> UTF16Match? {
            guard let walk, error == nil else { return nil }
            do {
                guard let found = try walk.next() else { return nil }
                let groups = walk.pattern.numberOfCaptureGroups
                return UTF16Match(
                    range: (found.lowerBound + offset)..<(found.upperBound + offset),
                    groupRanges: groups == 0
                        ? []
                        : (1...groups).map { group in
                            walk.range(ofGroup: group).map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
                        })
            } catch {
                self.error = error
                return nil
            }
        }
    }
}

/// A walk over the matches in a Swift string: the searched range transcoded to UTF-16 once,
/// the walk over it, and the conversion of its offsets back to string indices.
final class StringMatchWalk {
    let base: String
    private let bounds: Range<String.Index>
    private let units: UnsafeMutableBufferPointer<UInt16>
    private let walk: UTF16MatchWalk
    private var positions: UTF16Positions

    init(pattern: RegexPattern, base: String, bounds: Range<String.Index>) throws(ICURegexError) {
        self.base = base
        self.bounds = bounds
        let slice = base.utf16[bounds]
        // Each UTF-8 byte gives at most one UTF-16 unit; a bridged string may not be UTF-8.
        let utf8Count = base.utf8.distance(from: bounds.lowerBound, to: bounds.upperBound)
        let units = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(utf8Count, slice.count, 1))
        let isScalarAligned =
            bounds.lowerBound.samePosition(in: base.unicodeScalars) != nil
            && bounds.upperBound.samePosition(in: base.unicodeScalars) != nil
        let transcoded: Int? =
            isScalarAligned
            ? base.utf8[bounds].withContiguousStorageIfAvailable { utf8 in
                UTF16Text.transcode(utf8, into: units.baseAddress!)
            } : nil
        let count = transcoded ?? units.initialize(fromContentsOf: slice)
        self.units = units
        do {
            walk = try UTF16MatchWalk(pattern: pattern, text: units.baseAddress!, count: count)
        } catch {
            units.deallocate()
            throw error
        }
        positions = UTF16Positions(base: base, start: bounds.lowerBound, isASCII: count == utf8Count)
    }

    deinit {
        units.deallocate()
    }

    /// The next match, or nil.
    func next() throws(ICURegexError) -> RegexMatch? {
        guard try walk.next() != nil else { return nil }
        return currentMatch()
    }

    /// The whole range's match, or nil.
    func wholeMatch() throws(ICURegexError) -> RegexMatch? {
        guard try walk.wholeMatch() != nil else { return nil }
        return currentMatch()
    }

    /// The match the walk is on, in string indices.
    private func currentMatch() -> RegexMatch {
        let groups = walk.pattern.numberOfCaptureGroups
        var spans = [RegexMatch.Span?]()
        spans.reserveCapacity(groups + 1)
        for group in 0...groups {
            spans.append(walk.range(ofGroup: group).map { span($0) })
        }
        return RegexMatch(base: base, pattern: walk.pattern, spans: spans)
    }

    /// The span of `offsets` in the walk's text.
    private func span(_ offsets: Range<Int>) -> RegexMatch.Span {
        let lower = positions.index(at: offsets.lowerBound)
        let upper = positions.index(at: offsets.upperBound)
        let start = positions.startUTF16Offset
        return RegexMatch.Span(range: lower..<upper, utf16Range: (start + offsets.lowerBound)..<(start + offsets.upperBound))
    }
}

/// Converts UTF-16 offsets from a start index of a string into indices, in time linear in the
/// distance from the previous conversion: a walk's matches come left to right, so converting
/// all of them costs one pass over the string.
struct UTF16Positions {
    private let base: String
    private let start: String.Index
    /// True when every character from `start` on is ASCII, so that UTF-16 offsets are UTF-8
    /// offsets, which index in constant time.
    private let isASCII: Bool
    private var cursor: (offset: Int, index: String.Index)

    init(base: String, start: String.Index, isASCII: Bool) {
        self.base = base
        self.start = start
        self.isASCII = isASCII
        cursor = (0, start)
    }

    /// The offset of `start` in UTF-16 units from the start of the string, worked out once.
    private(set) lazy var startUTF16Offset: Int = base.utf16.distance(from: base.startIndex, to: start)

    /// The index `offset` UTF-16 units after `start`.
    mutating func index(at offset: Int) -> String.Index {
        if isASCII {
            return base.utf8.index(start, offsetBy: offset)
        }
        let index = base.utf16.index(cursor.index, offsetBy: offset - cursor.offset)
        cursor = (offset, index)
        return index
    }
}
