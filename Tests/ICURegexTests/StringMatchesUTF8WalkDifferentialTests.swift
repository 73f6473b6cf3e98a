import Foundation
@testable import ICURegex
import Testing
import TestSupport

/// The matches of a string through the walk in its UTF-8 (``StringUTF8Matches``, which
/// `RegexPattern.matches(in:range:)`, `String.firstMatch(of:)` and `Substring.firstMatch(of:)`
/// take where the pattern's strategy has one), against ICU alone (the same pattern compiled
/// without a search plan, which walks the range's UTF-16) and against Foundation's
/// `NSRegularExpression`, on generated texts with two-, three- and four-byte characters (fixed
/// seed): every way of the walk, groups that take no part, groups in a look-behind, empty
/// matches, ranges that do not start at 0, walks left after one match, and the offsets' count.
@Suite struct StringMatchesUTF8WalkDifferentialTests {
    static let seed: UInt64 = 0x5354_5257_414C_4B38

    /// The replacement tests' patterns (each way of the walk), a literal, and a `\b` at the end
    /// of a group, which the capture backtracker leaves to ICU at the text's end.
    static let patterns = ReplacementUTF8WalkDifferentialTests.cases.map(\.pattern) + [#"Holmes|índice"#, #"(\w)\b"#, #"\G\d"#]

    /// A match as compared: each range (the whole match, then each group) in string indices
    /// and in UTF-16 offsets from the string's start.
    struct Seen: Equatable, CustomStringConvertible {
        let ranges: [Range<String.Index>?]
        let utf16Ranges: [Range<Int>?]

        init(_ match: RegexMatch) {
            ranges = (0..<match.numberOfRanges).map { match.range(at: $0) }
            utf16Ranges = (0..<match.numberOfRanges).map { match.utf16Range(at: $0) }
        }

        var description: String { "\(utf16Ranges)" }
    }

    /// Every match of `pattern` in `bounds` of `text`, with the iterator's error.
    static func matches(_ pattern: RegexPattern, in text: String, bounds: Range<String.Index>) -> ([Seen], ICURegexError?) {
        var iterator = pattern.matches(in: text, range: bounds).makeIterator()
        var seen: [Seen] = []
        while let match = iterator.next() { seen.append(Seen(match)) }
        return (seen, iterator.error)
    }

    /// Every pattern on texts from empty to longer than the automaton's threshold, whole and in
    /// ranges that start and end anywhere on a scalar: every match, the first match alone and
    /// the first two equal to ICU's (indices and UTF-16 offsets), and the UTF-16 offsets equal
    /// to Foundation's on the same range.
    @Test(arguments: patterns)
    func matchesAgreeWithICUAndFoundation(pattern: String) throws {
        var random = SplitMix64(seed: Self.seed)
        let fast = try RegexPattern(pattern)
        let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
        let foundation = try NSRegularExpression(pattern: pattern)
        // The long text first, so that the automata are worked out for the short ones.
        for lines in [2600, 0, 1, 3, 40, 200] {
            let text = ReplacementUTF8WalkDifferentialTests.text(&random, lines: lines)
            let scalars = text.unicodeScalars
            for round in 0..<(lines > 1000 ? 2 : 4) {
                var bounds = text.startIndex..<text.endIndex
                if round > 0 && !scalars.isEmpty {
                    let first = random.number(in: 0...scalars.count)
                    let last = random.number(in: first...scalars.count)
                    bounds = scalars.index(scalars.startIndex, offsetBy: first)..<scalars.index(scalars.startIndex, offsetBy: last)
                }
                let context = "\(pattern), \(lines) lines, round \(round)"
                let (expected, expectedError) = Self.matches(icu, in: text, bounds: bounds)
                let (found, error) = Self.matches(fast, in: text, bounds: bounds)
                #expect(expectedError == nil && error == nil, "\(context)")
                #expect(found == expected, "\(context)")
                let first = try bounds == text.startIndex..<text.endIndex ? text.firstMatch(of: fast) : text[bounds].firstMatch(of: fast)
                #expect(first.map(Seen.init) == expected.first, "\(context)")
                #expect(Array(fast.matches(in: text, range: bounds).prefix(2).map(Seen.init)) == Array(expected.prefix(2)), "\(context)")
                if lines <= 1000 {
                    let results = foundation.matches(in: text, range: NSRange(bounds, in: text))
                    let foundationRanges = results.map { result in
                        (0..<result.numberOfRanges).map { group -> Range<Int>? in
                            let range = result.range(at: group)
                            return range.location == NSNotFound ? nil : range.location..<(range.location + range.length)
                        }
                    }
                    #expect(found.map(\.utf16Ranges) == foundationRanges, "\(context)")
                }
            }
        }
    }

    /// The walk in UTF-8 is what the tests above compare on a long text: a literal and the
    /// automaton with groups take it; a `\G` pattern never does; a group ending in `\b` at the
    /// text's end has its first match from the walk and the rest from the UTF-16 walk, past the
    /// first match. (Each line is followed by a word of 80 `ж`, so that the dates' matches and
    /// groups are sparse enough to be kept, see ``denseMatchesAreNotKept()``, and the text stays
    /// one that is not mostly ASCII.)
    @Test func longTextsWalkTheUTF8() throws {
        var random = SplitMix64(seed: Self.seed)
        let text =
            ReplacementUTF8WalkDifferentialTests.text(&random, lines: 2600)
            .replacingOccurrences(of: "\n", with: "\n" + String(repeating: "ж", count: 80) + " ") + "end"
        let bounds = text.startIndex..<text.endIndex
        for (pattern, walksFirst, walksAll) in [
            (#"Holmes|índice"#, true, true),
            (#"(\d{4})-(\d{2})-(\d{2})"#, true, true),
            // The runs of digits and hyphens around each hyphen, searched in place.
            (#"[0-9]{2}-[0-9]{2}"#, true, true),
            (#"(\d\d)-0(\d)"#, true, true),
            (#"\G\d"#, false, false),
            (#"(\w)\b"#, true, false),
        ] {
            let compiled = try RegexPattern(pattern)
            // Worked out by a first walk, as a second search of the pattern finds them.
            _ = Self.matches(compiled, in: text, bounds: bounds)
            #expect((StringUTF8Matches(pattern: compiled, base: text, bounds: bounds, firstMatchOnly: true) != nil) == walksFirst, "\(pattern)")
            #expect((StringUTF8Matches(pattern: compiled, base: text, bounds: bounds, firstMatchOnly: false) != nil) == walksAll, "\(pattern)")
            let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            #expect(Self.matches(compiled, in: text, bounds: bounds).0 == Self.matches(icu, in: text, bounds: bounds).0, "\(pattern)")
        }
    }

    /// `firstRange(in:range:)` on a string too long for the automaton's search of a short text
    /// takes the strategy's walk over the string's UTF-8 for its first match where there is one
    /// (what `String.range(ofRegex:)` calls): each of the patterns, on the long text whole and on
    /// ranges starting and ending at random scalars (some past the last match, so that "no
    /// match" is tried too), gives ICU's first range. Where the walk applies is checked as well,
    /// so that the comparisons are the walk's.
    @Test func longTextsFirstRangeWalksTheUTF8() throws {
        var random = SplitMix64(seed: Self.seed ^ 0x4649_5253_54)
        let text =
            ReplacementUTF8WalkDifferentialTests.text(&random, lines: 2600)
            .replacingOccurrences(of: "\n", with: "\n" + String(repeating: "ж", count: 80) + " ") + "end"
        let scalars = Array(text.unicodeScalars.indices) + [text.endIndex]
        var walked = 0
        for pattern in Self.patterns + [#"[0-9]{3}-[0-9]{3}-[0-9]{4}"#, #"\bжж\w*"#, #"end$"#] {
            let fast = try RegexPattern(pattern)
            let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            if fast.mayWalkMatches(inUTF8OfAtMost: text.utf8.count, findsGroups: false, firstMatchOnly: true) { walked += 1 }
            try Self.expectFirstRangesAgree(fast, icu, pattern: pattern, in: text, scalars: scalars, random: &random)
        }
        #expect(walked >= 5, "\(walked) patterns walk")
    }

    /// On a long text that is mostly ASCII, the first match of a pattern whose plan tries the
    /// starts near its literal's occurrences, or searches the runs around them, is walked in
    /// the UTF-8 from the occurrences, as the plan searches (no widening of the whole range
    /// first), and is ICU's: on the whole text and on random ranges, with matches early, late
    /// and absent.
    @Test func mostlyASCIIFirstRangeWalksNearOccurrences() throws {
        var random = SplitMix64(seed: Self.seed ^ 0x4E45_4152)
        let words = ["the", "cache", "of", "Holmes", "a-b", "12-34", "555-0199", "índice", "--", "x"]
        var text = ""
        while text.utf8.count < 3 * SearchPlan.automatonSearchLength {
            text += random.element(of: words)
            if random.chance(0.002) { text += " 555-\(random.number(in: 100...999))-\(random.number(in: 1000...9999))" }
            text += random.chance(0.05) ? "\n" : " "
        }
        let scalars = Array(text.unicodeScalars.indices) + [text.endIndex]
        var walked: [String] = []
        for pattern in [
            #"[0-9]{3}-[0-9]{3}-[0-9]{4}"#, #"\d{2}-\d{2}\b"#, #"[a-z]-[a-z]"#, #"\bHolmes\s+\w+"#, #"x\s+índice"#,
            #"[0-9]{3}-[0-9]{3}-[0-9]{5}"#,
        ] {
            let fast = try RegexPattern(pattern)
            let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            // Worked out by a first search, as a caller's second search finds it.
            _ = try fast.firstRange(in: text)
            let nearOccurrences = fast.strategy.plan?.occurrenceSearchInUTF8 != nil
            let way = fast.strategy.utf8Walk(forSearchOf: text.utf8.count, isMostlyASCII: true, findsGroups: false, firstMatchOnly: true)
            #expect(!nearOccurrences || way != nil, "\(pattern): the plan tries near occurrences, but no walk")
            if nearOccurrences && way != nil { walked.append(pattern) }
            try Self.expectFirstRangesAgree(fast, icu, pattern: pattern, in: text, scalars: scalars, random: &random)
        }
        // Two plans try the starts near the occurrences (`\d{2}-\d{2}\b`, `\bHolmes\s+\w+`),
        // the four others search the runs around them.
        #expect(walked.count == 6, "walked near occurrences: \(walked)")
    }

    /// `firstRange(in:range:)` of `fast` equal to `icu`'s (the same pattern searched by ICU
    /// alone) on the whole of `text` and on 12 ranges between random `scalars` of it.
    static func expectFirstRangesAgree(
        _ fast: RegexPattern, _ icu: RegexPattern, pattern: String, in text: String, scalars: [String.Index],
        random: inout SplitMix64
    ) throws {
        var ranges: [Range<String.Index>?] = [nil]
        for _ in 0..<12 {
            let lower = random.element(of: scalars)
            ranges.append(lower..<random.element(of: scalars.filter { $0 >= lower }))
        }
        for range in ranges {
            let found = try fast.firstRange(in: text, range: range)
            let expected = try icu.firstRange(in: text, range: range)
            #expect(found == expected, "\(pattern) in \(range.map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) } ?? 0)")
        }
    }

    /// Matches too dense to keep (their spans would take more memory than the UTF-16 walk's
    /// copy of the text) are not kept: the walk of every match gives them up for the UTF-16
    /// walk, while the same pattern on a text where they are sparse keeps them; the matches are
    /// ICU's either way.
    @Test func denseMatchesAreNotKept() throws {
        let dense = String(repeating: "ab cd éf ", count: 20_000)
        let sparse = String(repeating: "ab" + String(repeating: " ", count: 120) + "é\n", count: 2_000)
        for pattern in [#"\w+"#, #"[a-z]"#] {
            let compiled = try RegexPattern(pattern)
            let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            for (text, keepsAll) in [(dense, false), (sparse, true)] {
                let bounds = text.startIndex..<text.endIndex
                // Worked out by a first walk, as a second search of the pattern finds them.
                let found = Self.matches(compiled, in: text, bounds: bounds).0
                #expect(found == Self.matches(icu, in: text, bounds: bounds).0, "\(pattern)")
                #expect(StringUTF8Matches(pattern: compiled, base: text, bounds: bounds, firstMatchOnly: true) != nil, "\(pattern)")
                #expect(
                    (StringUTF8Matches(pattern: compiled, base: text, bounds: bounds, firstMatchOnly: false) != nil) == keepsAll,
                    "\(pattern), keeps all: \(keepsAll)")
            }
        }
    }

    /// Bounds that split a surrogate pair (indices of the UTF-16 view) and a string made from an
    /// `NSString` take the UTF-16 walk or the walk in UTF-8 and answer as ICU does.
    @Test func splitPairsAndBridgedStrings() throws {
        let text = String(repeating: "a😀b índice Holmes ", count: 3400)
        let units = text.utf16
        for pattern in [#"(\p{L})|😀"#, #"Holmes|índice"#] {
            let fast = try RegexPattern(pattern)
            let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            for (start, end) in [(2, units.count - 1), (0, 2), (2, 2), (14, 40_002)] {
                let bounds = units.index(units.startIndex, offsetBy: start)..<units.index(units.startIndex, offsetBy: end)
                #expect(Self.matches(fast, in: text, bounds: bounds).0 == Self.matches(icu, in: text, bounds: bounds).0, "\(pattern) \(start)")
            }
            let bridged = NSString(string: text) as String
            let whole = bridged.startIndex..<bridged.endIndex
            #expect(Self.matches(fast, in: bridged, bounds: whole).0 == Self.matches(icu, in: bridged, bounds: whole).0, "\(pattern)")
        }
    }

    /// ``UTF16OffsetCounter`` against the string's own count, for places asked mostly left to
    /// right and sometimes back, in each kind of text the counter tells apart by its number of
    /// UTF-16 units: all ASCII (no scan), mostly ASCII (runs of ASCII found as the places pass
    /// them) and not mostly ASCII (two-, three- and four-byte characters, surrogate pairs among
    /// them, with short runs of ASCII that are not looked for).
    @Test func offsetCounterCountsExactly() {
        var random = SplitMix64(seed: Self.seed)
        let ascii = ["abc def ", "x", "        ", "\n"]
        let other = ["é", "ж", "€", "😀", "𝔘"]
        let kinds: [(name: String, piece: (inout SplitMix64) -> String)] = [
            ("all ASCII", { $0.element(of: ascii) }),
            ("mostly ASCII", { $0.number(in: 0...30) == 0 ? $0.element(of: other) : $0.element(of: ascii) }),
            ("not mostly ASCII", { $0.chance(0.2) ? $0.element(of: ascii) : $0.element(of: other) }),
        ]
        for kind in kinds {
            var text = ""
            for _ in 0..<3000 { text += kind.piece(&random) }
            let (utf8Count, utf16Count) = (text.utf8.count, text.utf16.count)
            #expect(
                kind.name == "all ASCII" ? utf8Count == utf16Count
                    : (utf8Count != utf16Count && RegexPattern.isMostlyASCII(utf8Count: utf8Count, utf16Count: utf16Count))
                        == (kind.name == "mostly ASCII"),
                "\(kind.name): \(utf8Count) bytes, \(utf16Count) units")
            let scalarStarts = text.unicodeScalars.indices.map { text.utf8.distance(from: text.startIndex, to: $0) } + [utf8Count]
            let expected = Dictionary(uniqueKeysWithValues: text.unicodeScalars.indices.map {
                (text.utf8.distance(from: text.startIndex, to: $0), text.utf16.distance(from: text.startIndex, to: $0))
            } + [(utf8Count, utf16Count)])
            text.utf8.withContiguousStorageIfAvailable { bytes in
                var counter = UTF16OffsetCounter(bytes: bytes.baseAddress!, count: bytes.count, utf16Count: utf16Count)
                var place = 0
                var mismatches = 0
                for _ in 0..<4000 {
                    place = random.chance(0.2)
                        ? random.number(in: 0...place) : min(place + random.number(in: 0...40), scalarStarts.count - 1)
                    let byte = scalarStarts[place]
                    if counter.utf16Offset(ofByte: byte) != expected[byte] { mismatches += 1 }
                }
                #expect(mismatches == 0, "\(kind.name)")
            }
        }
    }
}
