import CByteScan

/// The matches of a pattern that matches exactly one literal, with case, found in the UTF-8 of
/// a Swift string, without transcoding it to UTF-16: for searches of a `String` whose answer
/// needs few UTF-16 offsets (a number of matches, a first match), which would otherwise
/// transcode the whole text (on 1.5 MB of Russian or Chinese subtitles, transcoding took three
/// to four times as long as ICU's search of the UTF-16).
///
/// Why the matches are ICU's: the pattern's plan says that its matches are exactly the literal
/// (``SearchPlan/Strategy/exactLiterals(_:)`` with one literal, which a pattern matched
/// ignoring case never has), so ICU's matches in a text are the literal's occurrences, leftmost
/// first, each search starting at the previous match's end (never empty: the literal has a
/// character). The literal's UTF-8 is well-formed and a string's UTF-8 is too, and UTF-8 is
/// self-synchronising: its bytes occur in the text's bytes exactly where its code points occur
/// in the text's code points, and so in its UTF-16. Offsets in bytes map to offsets in UTF-16
/// units one to one and in order (``UTF16Text/utf16Count(ofUTF8:from:to:)``), so the leftmost
/// occurrence in bytes is the leftmost in units and the walks find the same matches.
package final class UTF8LiteralSearch: Sendable {
    private let literal: ProbedLiteral

    /// The search for `pattern`'s literal; nil unless the pattern matches exactly one
    /// non-empty literal, with case, and has no capture group.
    package init?(_ pattern: RegexPattern) {
        guard pattern.numberOfCaptureGroups == 0, let plan = pattern.plan,
            case .exactLiterals(let set) = plan.strategy, set.literals.count == 1
        else { return nil }
        let bytes = Array(String(decoding: set.literals[0], as: UTF16.self).utf8)
        guard !bytes.isEmpty else { return nil }
        literal = ProbedLiteral(bytes)
    }

    /// The literal's length in bytes.
    package var byteCount: Int { literal.count }

    /// The offset of the first occurrence of the literal at or after `from` that lies wholly in
    /// `bytes[..<end]`, or nil.
    @inline(__always)
    package func firstOccurrence(in bytes: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int? {
        let start = bytescan_find_literal(bytes, from, end, literal.probe, literal.bytes, literal.count)
        return start < end ? start : nil
    }

    /// The number of matches in `bytes`, searched as a text of their own: the literal's
    /// occurrences that do not overlap, from the left.
    package func numberOfMatches(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0
        var from = 0
        while let start = firstOccurrence(in: base, from: from, to: bytes.count) {
            count += 1
            from = start + literal.count
        }
        return count
    }
}

extension UTF16Text {
    /// The number of UTF-16 units that the well-formed UTF-8 `bytes[from..<to]` (whole
    /// characters) transcodes to: one for each byte that starts a character (each byte that is
    /// not a continuation byte, `10xxxxxx`), and one more for each that starts a four-byte
    /// character (`11110xxx`), which is a surrogate pair. Sixteen bytes at a time.
    package static func utf16Count(ofUTF8 bytes: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int {
        var total = 0
        var index = from
        let raw = UnsafeRawPointer(bytes)
        let continuationMask = SIMD16<UInt8>(repeating: 0xC0)
        let continuation = SIMD16<UInt8>(repeating: 0x80)
        let fourByteLead = SIMD16<UInt8>(repeating: 0xF0)
        let one = SIMD16<UInt8>(repeating: 1)
        let zero = SIMD16<UInt8>(repeating: 0)
        while index &+ 16 <= end {
            // At most 2 a lane a step: 127 steps stay below 256.
            var lanes = zero
            var steps = 0
            while steps < 127 && index &+ 16 <= end {
                let chunk = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                lanes &+= zero.replacing(with: one, where: (chunk & continuationMask) .!= continuation)
                lanes &+= zero.replacing(with: one, where: chunk .>= fourByteLead)
                index &+= 16
                steps &+= 1
            }
            total &+= Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while index < end {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 { total &+= 1 }
            if byte >= 0xF0 { total &+= 1 }
            index &+= 1
        }
        return total
    }

    /// The byte offsets in `string`'s UTF-8 of the UTF-16 offsets `utf16Offsets`, when both
    /// fall on a Unicode scalar's start (not between the halves of a surrogate pair); nil
    /// otherwise. `O(1)` for the string's ends; a native string indexes its UTF-16 with
    /// breadcrumbs otherwise.
    package static func utf8Offsets(of utf16Offsets: Range<Int>, in string: String, utf16Count: Int) -> Range<Int>? {
        let utf8Count = string.utf8.count
        if utf16Offsets.lowerBound == 0 && utf16Offsets.upperBound == utf16Count { return 0..<utf8Count }
        let view = string.utf16
        let lower = view.index(view.startIndex, offsetBy: utf16Offsets.lowerBound)
        let upper = view.index(lower, offsetBy: utf16Offsets.count)
        guard lower.samePosition(in: string.unicodeScalars) != nil, upper.samePosition(in: string.unicodeScalars) != nil
        else { return nil }
        let utf8 = string.utf8
        let lowerOffset = utf8.distance(from: utf8.startIndex, to: lower)
        return lowerOffset..<(lowerOffset + utf8.distance(from: lower, to: upper))
    }
}
