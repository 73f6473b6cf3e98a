/// Matches of a pattern in a range of a Swift string found in the string's own UTF-8 by the
/// walk of the pattern's strategy
/// (``RegexPattern/walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``),
/// with no UTF-16 copy of the range and no UTF-16 offset mapped back to the string: each match's
/// byte offsets are the string's indices, and its UTF-16 offsets are counted in the bytes from
/// the previous match (``UTF16OffsetCounter``).
///
/// The walk finds the matches of ICU's `findNext` loop on the range's UTF-16 (the walk's
/// argument), so these are the matches ``StringMatchWalk`` finds, in the same order, with the
/// same groups.
struct StringUTF8Matches {
    /// The spans of the matches, each match's whole span followed by one for each group (nil
    /// for a group that did not take part).
    private var spans: [RegexMatch.Span?] = []
    /// The number of spans of a match: the pattern's capture groups and the whole match.
    private let spansPerMatch: Int

    /// The number of matches.
    var count: Int { spans.count / spansPerMatch }

    /// The matches of `pattern` in `bounds` of `base` (searched as a text of its own), all of
    /// them or, with `firstMatchOnly`, the first alone; nil when the walk is ICU's: a bound of
    /// the range is not on a scalar (it splits a surrogate pair), the string's UTF-8 is not
    /// contiguous (a bridged string) or has no address (an empty string), or the strategy has
    /// no walk in UTF-8 for the pattern and so long a text, or its walk could not tell a match,
    /// or the matches are so dense that keeping them would take more memory than the UTF-16
    /// walk's copy of the text (see ``keepsSpans(_:walkedBytes:)``).
    init?(pattern: RegexPattern, base: String, bounds: Range<String.Index>, firstMatchOnly: Bool) {
        let utf8 = base.utf8
        spansPerMatch = pattern.numberOfCaptureGroups + 1
        var found: [RegexMatch.Span?] = []
        // True when the walk stopped because its matches were too dense to keep.
        var tooDense = false
        let walked = pattern.withUTF8ToWalk(in: base, bounds: bounds, findsGroups: true, firstMatchOnly: firstMatchOnly) {
            start, byteCount -> Bool in
            let utf16Count = UTF16Text.utf16Count(ofUTF8: start, from: 0, to: byteCount)
            var offsets = UTF16OffsetCounter(bytes: start, count: byteCount, utf16Count: utf16Count)
            let utf16Start = utf8.startIndex == bounds.lowerBound ? 0 : base.utf16.distance(from: base.startIndex, to: bounds.lowerBound)
            // The span of the bytes `range` of the walk's text: string indices are byte offsets
            // of the string's UTF-8, and UTF-16 offsets count from the string's start.
            func span(_ range: Range<Int>, offsets: inout UTF16OffsetCounter) -> RegexMatch.Span {
                let lower = offsets.utf16Offset(ofByte: range.lowerBound)
                let upper = offsets.utf16Offset(ofByte: range.upperBound)
                return RegexMatch.Span(
                    range: utf8.index(bounds.lowerBound, offsetBy: range.lowerBound)..<utf8.index(bounds.lowerBound, offsetBy: range.upperBound),
                    utf16Range: (utf16Start + lower)..<(utf16Start + upper))
            }
            let groups = pattern.numberOfCaptureGroups
            return pattern.walkMatches(
                inUTF8: start, count: byteCount,
                isMostlyASCII: RegexPattern.isMostlyASCII(utf8Count: byteCount, utf16Count: utf16Count),
                findsGroups: true, firstMatchOnly: firstMatchOnly
            ) { match, group in
                found.append(span(match, offsets: &offsets))
                if groups > 0 {
                    for number in 1...groups {
                        found.append(group(number).map { span($0, offsets: &offsets) })
                    }
                }
                guard Self.keepsSpans(found.count, walkedBytes: match.upperBound) else {
                    tooDense = true
                    return false
                }
                return !firstMatchOnly
            }
        }
        // A walk that gave up may have had some matches: they are discarded.
        guard walked == true, !tooDense else { return nil }
        spans = found
    }

    /// True when `count` spans found in the first `walkedBytes` bytes of the text may be kept:
    /// at most ``spansAlwaysKept``, or as many as take no more memory than twice the bytes
    /// walked, about what the UTF-16 walk's copy of them takes. Denser matches (`\w*`, every
    /// word of a text) would make the kept spans many times the text's size: the walk gives
    /// them up for the UTF-16 walk, which keeps none, as soon as their density passes that,
    /// so that it never holds more than that memory plus ``spansAlwaysKept`` spans.
    private static func keepsSpans(_ count: Int, walkedBytes: Int) -> Bool {
        count <= spansAlwaysKept || count * MemoryLayout<RegexMatch.Span?>.stride <= 2 * walkedBytes
    }

    /// The spans kept whatever their density: a short text's matches, or a dense start's.
    static let spansAlwaysKept = 256

    /// Match `index` (less than ``count``) as a ``RegexMatch`` of `pattern` in `base`, the
    /// pattern and string the matches were found for.
    func match(_ index: Int, pattern: RegexPattern, base: String) -> RegexMatch {
        let first = index * spansPerMatch
        return RegexMatch(
            base: base, pattern: pattern, whole: spans[first]!,
            groups: spansPerMatch == 1 ? [] : Array(spans[(first + 1)..<(first + spansPerMatch)]))
    }
}

extension RegexPattern {
    /// Calls `body` with the address of the UTF-8 of `bounds` of `string` (the string's own
    /// storage, valid during the call) and its number of bytes, for a walk over the pattern's
    /// matches in it (``walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``,
    /// with the same `findsGroups` and `firstMatchOnly`), and returns `body`'s answer. Nil,
    /// without calling `body`, when the walk is ICU's before any byte is read: the strategy has
    /// no walk for so long a text (``mayWalkMatches(inUTF8OfAtMost:findsGroups:firstMatchOnly:)``),
    /// a bound of the range is not on a scalar (it splits a surrogate pair), or the string's
    /// UTF-8 is not contiguous (a bridged string) or has no address (an empty string).
    func withUTF8ToWalk<Answer>(
        in string: String, bounds: Range<String.Index>, findsGroups: Bool, firstMatchOnly: Bool,
        _ body: (UnsafePointer<UInt8>, Int) -> Answer?
    ) -> Answer? {
        let utf8 = string.utf8
        let byteCount = utf8.distance(from: bounds.lowerBound, to: bounds.upperBound)
        let isWhole = bounds.lowerBound == utf8.startIndex && bounds.upperBound == utf8.endIndex
        guard mayWalkMatches(inUTF8OfAtMost: byteCount, findsGroups: findsGroups, firstMatchOnly: firstMatchOnly),
            isWhole
                || (bounds.lowerBound.samePosition(in: string.unicodeScalars) != nil
                    && bounds.upperBound.samePosition(in: string.unicodeScalars) != nil)
        else { return nil }
        let byteStart = utf8.distance(from: utf8.startIndex, to: bounds.lowerBound)
        let answer = utf8.withContiguousStorageIfAvailable { whole -> Answer? in
            guard let start = whole.baseAddress.map({ $0 + byteStart }) else { return nil }
            return body(start, byteCount)
        }
        return answer ?? nil
    }
}

/// The UTF-16 offsets of places in well-formed UTF-8, each a scalar's first byte or the end,
/// counted from the last place asked for: when the places come mostly left to right, as the
/// ends of a walk's matches and groups do, all of them cost one pass over the bytes. Every
/// count is exact in any order: a place before the last one is counted back from it.
///
/// What the bytes' number of UTF-16 units tells of them decides how runs of ASCII (a byte
/// being a unit there, so that a match and the gap before it inside one are counted by a
/// subtraction) are found:
/// - as many units as bytes: every byte is ASCII, one run of all of them, found with no scan;
/// - mostly ASCII (``RegexPattern/isMostlyASCII(utf8Count:utf16Count:)``) but not all: the run
///   of ASCII from the first place asked for beyond the last run's end, found again there
///   (by `bytescan_first_non_ascii`, sixty-four bytes at a time), so that the runs found never
///   overlap and finding them costs one pass over the bytes;
/// - not mostly ASCII: no run, since the runs between non-ASCII words are too short to pay for
///   their scan.
/// Bytes outside a run are counted by ``UTF16Text/utf16Count(ofUTF8:from:to:)``.
package struct UTF16OffsetCounter {
    private let bytes: UnsafePointer<UInt8>
    private let count: Int
    /// The last place asked for, in bytes and in UTF-16 units.
    private var byte = 0
    private var unit = 0
    /// The bytes from `asciiStart` to `asciiEnd` are ASCII.
    private var asciiStart = 0
    private var asciiEnd: Int
    /// Whether the run of ASCII is found again when `byte` passes its end (mostly ASCII bytes
    /// that are not all ASCII).
    private let findsASCIIRuns: Bool

    /// A counter for the `count` well-formed bytes at `bytes`, which transcode to `utf16Count`
    /// UTF-16 units.
    package init(bytes: UnsafePointer<UInt8>, count: Int, utf16Count: Int) {
        self.bytes = bytes
        self.count = count
        findsASCIIRuns = count != utf16Count && RegexPattern.isMostlyASCII(utf8Count: count, utf16Count: utf16Count)
        asciiEnd =
            count == utf16Count
            ? count
            : findsASCIIRuns ? UTF8EncodingErrors.firstNonASCII(in: UnsafeRawBufferPointer(start: bytes, count: count), from: 0) : 0
    }

    /// The number of UTF-16 units of the bytes before `offset`.
    package mutating func utf16Offset(ofByte offset: Int) -> Int {
        guard offset >= byte else { return unit - units(from: offset, to: byte) }
        unit += units(from: byte, to: offset)
        byte = offset
        if findsASCIIRuns && byte > asciiEnd {
            asciiStart = byte
            asciiEnd = UTF8EncodingErrors.firstNonASCII(in: UnsafeRawBufferPointer(start: bytes, count: count), from: byte)
        }
        return unit
    }

    /// Writes to `units[i]` the number of UTF-16 units of the bytes before `places[i]`, for
    /// each of `places`, which come in order (each at least the one before): the bounds of a
    /// batch of matches (see ``RegexPattern/walkMatchBatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``).
    ///
    /// When the last place counted and every place of the batch lie in the run of ASCII, each
    /// place's count is the last one's plus its distance in bytes, as
    /// ``utf16Offset(ofByte:)`` would find each (a subtraction in the run); the last place is
    /// then the batch's last, which the run holds, so that no run is to be found again.
    /// Otherwise each place is counted by ``utf16Offset(ofByte:)``.
    package mutating func utf16Offsets(ofBytes places: UnsafeBufferPointer<Int>, into units: UnsafeMutablePointer<Int>) {
        guard let first = places.first, let last = places.last else { return }
        if byte >= asciiStart && first >= byte && last <= asciiEnd {
            let shift = unit &- byte
            for index in places.indices { units[index] = places[index] &+ shift }
            unit = last &+ shift
            byte = last
            return
        }
        for index in places.indices { units[index] = utf16Offset(ofByte: places[index]) }
    }

    /// The number of UTF-16 units of the bytes from `start` to `end`.
    private func units(from start: Int, to end: Int) -> Int {
        start >= asciiStart && end <= asciiEnd ? end - start : UTF16Text.utf16Count(ofUTF8: bytes, from: start, to: end)
    }
}
