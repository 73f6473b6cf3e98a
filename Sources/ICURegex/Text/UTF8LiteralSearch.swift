import CByteScan

/// The matches of a pattern that matches exactly a few literals, with case, found in the UTF-8
/// of a Swift string, without transcoding it to UTF-16: for searches of a `String` whose answer
/// needs few UTF-16 offsets (a number of matches, the first match, the matches' ranges), which
/// would otherwise transcode the whole text (on 1.5 MB of Russian or Chinese subtitles,
/// transcoding took three to four times as long as ICU's search of the UTF-16).
///
/// Why the matches are ICU's: the pattern's plan says that its matches are exactly the literals
/// (``SearchPlan/Strategy/exactLiterals(_:)``, which a pattern matched ignoring case never has),
/// tried in their order, so ICU's first match from a place is, at the leftmost place where one of
/// them occurs, the first of them in their order that occurs there; and each search starts at
/// the previous match's end (never empty: every literal has a character). The literals' UTF-8
/// is well-formed and a string's UTF-8 is too, and UTF-8 is self-synchronising: a literal's
/// bytes occur in the text's bytes exactly where its code points occur in the text's code
/// points, and so in its UTF-16. Byte offsets map to UTF-16 offsets one to one and in order
/// (``UTF16Text/utf16Count(ofUTF8:from:to:)``), so the leftmost occurrence in bytes is the
/// leftmost in units and the walks find the same matches.
///
/// Each literal is found by the byte scanner (`bytescan_find_literal`, as icugrep finds a
/// pattern's literal); with several, each literal's next occurrence is kept until a match
/// passes it, so that the text is scanned once for each literal.
package final class UTF8LiteralSearch: Sendable {
    /// The most literals searched this way: each costs a scan of the text.
    static let maximumLiterals = 8

    /// The literals, in the pattern's order.
    private let literals: [ProbedLiteral]

    /// The search for `literals` (UTF-8, well-formed, in the pattern's order); nil unless they
    /// are one to ``maximumLiterals``, none empty. (The pattern's ``Prefilter`` makes it once:
    /// see ``Prefilter/utf8Literals``; its ``MatchStrategy`` walks it when the literals are the
    /// matches: see ``MatchStrategy/utf8Literals``.)
    init?(literals: [[UInt8]]) {
        guard (1...Self.maximumLiterals).contains(literals.count), literals.allSatisfy({ !$0.isEmpty }) else { return nil }
        self.literals = literals.map(ProbedLiteral.init)
    }

    /// The search that `pattern`'s strategy walks over a string's UTF-8, when it has one (see
    /// ``MatchStrategy/utf8Literals``).
    package static func walked(by pattern: RegexPattern) -> UTF8LiteralSearch? {
        pattern.strategy.utf8Literals
    }

    /// Whether the pattern is several literals, each of which a search scans for: a first
    /// match in a short text then costs more this way than through the match automaton (five
    /// names in strings of about 40 characters: 290 to 420 ns a `firstMatch`, against 250 to
    /// 270 ns).
    package var hasSeveralLiterals: Bool { literals.count > 1 }

    /// The first match in `bytes[..<end]` (whole characters) that starts at or after `from`,
    /// in byte offsets, or nil.
    package func firstMatch(in bytes: UnsafePointer<UInt8>, from: Int, to end: Int) -> Range<Int>? {
        var first: Range<Int>?
        forEachMatch(in: bytes, from: from, to: end) { match in
            first = match
            return false
        }
        return first
    }

    /// Calls `body` with each match in `bytes[from..<end]` (whole characters), searched as a
    /// text of its own, left to right, in byte offsets, until `body` returns false.
    package func forEachMatch(in bytes: UnsafePointer<UInt8>, from: Int, to end: Int, _ body: (Range<Int>) -> Bool) {
        if literals.count == 1 {
            let literal = literals[0]
            var start = from
            while true {
                let found = bytescan_find_literal(bytes, start, end, literal.probe, literal.bytes, literal.count)
                guard found < end, body(found..<(found + literal.count)) else { return }
                start = found + literal.count
            }
        }
        withLeftmostOccurrences(in: bytes, to: end) { leftmostOccurrence in
            var start = from
            while let (found, literal) = leftmostOccurrence(start), body(found..<(found + literals[literal].count)) {
                start = found + literals[literal].count
            }
        }
    }

    /// Calls `body` with a function that gives the leftmost occurrence of a literal at or
    /// after an offset of `bytes[..<end]` (whole characters): its start, and the index of the
    /// first literal in the pattern's order that occurs there; nil when none does. The offsets
    /// it is asked for must not decrease from call to call: each literal's first occurrence at
    /// or after the last offset asked is kept until an offset passes it, so that the text is
    /// scanned once for each literal however many searches ask (a literal that occurs only far
    /// ahead is not scanned for again at each). The function is valid during the call only.
    @inline(__always)
    func withLeftmostOccurrences<Result>(
        in bytes: UnsafePointer<UInt8>, to end: Int, _ body: ((Int) -> (start: Int, literal: Int)?) -> Result
    ) -> Result {
        // Each literal's first occurrence at or after the last offset asked (`end`: none); -1
        // before its first search. On the stack: a short search allocates nothing.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: literals.count) { next in
            next.initialize(repeating: -1)
            return body { start in
                var leftmost = end
                var first = -1
                for index in literals.indices {
                    let literal = literals[index]
                    if next[index] < start {
                        next[index] = bytescan_find_literal(bytes, start, end, literal.probe, literal.bytes, literal.count)
                    }
                    // At a place where several occur, the earliest in the pattern's order.
                    if next[index] < leftmost {
                        leftmost = next[index]
                        first = index
                    }
                }
                return first >= 0 ? (leftmost, first) : nil
            }
        }
    }

    /// The number of matches in `bytes[from..<end]` (whole characters), searched as a text of
    /// its own.
    package func numberOfMatches(in bytes: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int {
        var count = 0
        forEachMatch(in: bytes, from: from, to: end) { _ in
            count += 1
            return true
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
    /// otherwise. `O(1)` for the string's ends and for an ASCII string (as many bytes as
    /// units: every other scalar has more bytes than units, so each offset is the same in
    /// both); a native string indexes its UTF-16 with breadcrumbs otherwise.
    package static func utf8Offsets(of utf16Offsets: Range<Int>, in string: String, utf16Count: Int) -> Range<Int>? {
        let utf8Count = string.utf8.count
        if utf16Offsets.lowerBound == 0 && utf16Offsets.upperBound == utf16Count { return 0..<utf8Count }
        if utf8Count == utf16Count { return utf16Offsets }
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
