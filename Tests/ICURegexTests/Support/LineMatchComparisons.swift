@testable import ICURegex

/// What the differential tests of lines searched as texts of their own
/// (`LazyCaptureDifferentialTests`, `MatchStrategyDifferentialTests`) compare with ICU's loop:
/// a ``MatchWalk``'s matches and groups, `matches(inUTF16:range:)`'s, and a ``RegexMatcher``'s.
enum LineMatchComparisons {
    /// Every match of a walk over `text[range]`, searched as a text of its own, with its groups
    /// (offsets in the range).
    static func walkMatches(_ pattern: RegexPattern, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) throws
        -> [[Range<Int>?]]
    {
        let walk = try MatchWalk(pattern: pattern, text: text.baseAddress! + range.lowerBound, count: range.count)
        var matches: [[Range<Int>?]] = []
        while try walk.next() != nil {
            matches.append((0...pattern.numberOfCaptureGroups).map { walk.range(ofGroup: $0) })
        }
        return matches
    }

    /// A matcher's matches in `text`, each search from where the last ended (one unit on after
    /// an empty one).
    static func matcherMatches(_ matcher: RegexMatcher, in text: UnsafeBufferPointer<UInt16>) throws -> [Range<Int>] {
        var matches: [Range<Int>] = []
        var from = 0
        while from <= text.count, let match = try matcher.firstMatch(inUTF16: text, from: from) {
            matches.append(match)
            from = match.isEmpty ? match.upperBound + 1 : match.upperBound
        }
        return matches
    }

    /// What differs on the line `buffer[range]`, searched as a text of its own, between
    /// `compiled` and `icu` (ICU alone): the walks' matches and groups, with `compiled`'s
    /// `matches(inUTF16:range:)` too, and `matcher`'s matches against `icuMatcher`'s; empty when
    /// they agree.
    static func differences(
        _ compiled: RegexPattern, _ icu: RegexPattern, matcher: RegexMatcher, icuMatcher: RegexMatcher,
        in buffer: UnsafeBufferPointer<UInt16>, range: Range<Int>
    ) throws -> [String] {
        var differences: [String] = []
        let expected = try walkMatches(icu, buffer, range)
        let found = try walkMatches(compiled, buffer, range)
        let throughMatches = compiled.matches(inUTF16: buffer, range: range).map { match in
            [match.range as Range<Int>?] + match.groupRanges
        }
        let shifted = expected.map { groups in
            groups.map { $0.map { ($0.lowerBound + range.lowerBound)..<($0.upperBound + range.lowerBound) } }
        }
        if found != expected || throughMatches != shifted {
            differences.append("\(found) (matches: \(throughMatches)), ICU \(expected)")
        }
        let text = UnsafeBufferPointer(rebasing: buffer[range])
        let matcherFound = try matcherMatches(matcher, in: text)
        let matcherExpected = try matcherMatches(icuMatcher, in: text)
        if matcherFound != matcherExpected {
            differences.append("RegexMatcher: \(matcherFound), ICU \(matcherExpected)")
        }
        return differences
    }
}
