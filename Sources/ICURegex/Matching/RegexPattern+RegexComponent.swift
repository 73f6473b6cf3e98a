/// A ``RegexPattern`` is a `RegexComponent`: Swift's string algorithms take it as they take a
/// `Regex` (`contains(_:)`, `ranges(of:)`, `split(separator:)`, `replacing(_:with:)`,
/// `trimmingPrefix(_:)`, `starts(with:)`), and a `Regex { … }` builder takes it as one of its
/// components, its output the matched `Substring`.
///
/// Swift's algorithms ask a component only for the match that starts at a given index of a
/// string, within the bounds they search. The pattern answers with ICU's match that starts
/// there exactly, with the bounds as the text ICU sees: look-behind, `\b`
/// and `^` see the text of the bounds before the index, and `^` and `$` match at the bounds'
/// ends (and at line ends with `(?m)`), not at the index. So `text.firstMatch(of:)` and
/// `text.contains(_:)` through Swift find the first match of ``RegexPattern/matches(in:range:)``.
/// Swift's algorithms that find every match (`ranges(of:)`, `split(separator:)`,
/// `replacing(_:with:)`) search for each one after the first in the rest of the text, from the
/// end of the previous match: those bounds are then the text, where `^` matches and which
/// look-behind and `\b` do not see past, unlike ICU's own loop
/// (``RegexPattern/matches(in:range:)``), which searches one text throughout. After an empty
/// match, Swift moves on by a `Character`, ICU by a code point.
///
/// ICU's match at an index is its first choice there, not the longest: as a component of a
/// `Regex`, the pattern does not backtrack into other choices when the rest of the `Regex`
/// fails after it (it behaves as an atomic group), and `wholeMatch(of:)` through a `Regex`
/// succeeds only when that first choice spans the whole string. `String.wholeMatch(of:)` with
/// the pattern itself asks ICU for a whole match (see ``RegexPattern/wholeMatch(in:)``).
///
/// Swift asks again at each index until a match starts there. The pattern searches its bounds
/// from the index for the first match that starts there or later, and keeps that answer (and
/// the searched string) for the next questions about the same string and bounds, so that
/// trying every index costs one search up to the next match, not one for each index.
/// A search that hits the pattern's ``RegexPattern/Limits`` throws ``ICURegexError``, which
/// Swift's non-throwing algorithms take as no match.
extension RegexPattern: CustomConsumingRegexComponent {
    /// The matched text.
    public typealias RegexOutput = Substring

    /// ICU's match of this pattern that starts exactly at `index`, searching `input[bounds]` as
    /// the text: the end of the match and the matched text, or nil.
    public func consuming(
        _ input: String, startingAt index: String.Index, in bounds: Range<String.Index>
    ) throws -> (upperBound: String.Index, output: Substring)? {
        if let last = lastComponentSearch.withLock({ $0 }), last.bounds == bounds, last.start <= index,
            last.match.map({ index <= $0.lowerBound }) ?? true, last.input == input
        {
            guard let match = last.match, match.lowerBound == index else { return nil }
            return (match.upperBound, input[match])
        }
        let walk = try StringMatchWalk(pattern: self, base: input, bounds: bounds)
        let match = try walk.firstMatch(from: index)?.range
        lastComponentSearch.withLock { $0 = ComponentSearch(input: input, bounds: bounds, start: index, match: match) }
        guard let match, match.lowerBound == index else { return nil }
        return (match.upperBound, input[match])
    }
}

/// A search made for Swift's string algorithms: no match starts in `input[bounds]` from
/// `start` up to `match` (or to the end, when nil), and `match` is the one that starts there.
struct ComponentSearch: Sendable {
    let input: String
    let bounds: Range<String.Index>
    let start: String.Index
    let match: Range<String.Index>?
}
