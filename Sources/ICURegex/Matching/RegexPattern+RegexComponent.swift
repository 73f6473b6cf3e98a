/// A ``RegexPattern`` is a `RegexComponent`: Swift's string algorithms take it as they take a
/// `Regex` (`contains(_:)`, `ranges(of:)`, `split(separator:)`, `replacing(_:with:)`,
/// `trimmingPrefix(_:)`, `starts(with:)`), and a `Regex { … }` builder takes it as one of its
/// components, its output the matched `Substring`.
///
/// Swift's algorithms ask a component only for the match that starts at a given index of a
/// string, within the bounds they search. The pattern answers with ICU's match that starts
/// there exactly (ICU's `lookingAt`), with the bounds as the text ICU sees: look-behind, `\b`
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
/// Each call transcodes the bounds to UTF-16 and searches from the index, so an algorithm that
/// tries every index of a long text with few matches takes time quadratic in its length; the
/// pattern's own searches (``RegexPattern/matches(in:range:)``, `String.firstMatch(of:)` and
/// `String.replacing(_:withTemplate:maxReplacements:)` with a ``RegexPattern``) transcode once.
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
        let walk = try StringMatchWalk(pattern: self, base: input, bounds: bounds)
        guard let match = try walk.prefixMatch(at: index) else { return nil }
        return (match.range.upperBound, input[match.range])
    }
}
