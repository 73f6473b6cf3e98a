/// Counts the matches of a single-range search API the way its callers find every match:
/// search `position..<length`, then continue at the end of the match, or one unit past it when
/// the match was empty (so that an empty match does not repeat forever).
///
/// - Parameters:
///   - length: The length of the text in UTF-16 units.
///   - limit: Stop after this many matches.
///   - firstMatch: The first match within the given range (in offsets of the whole text), or nil.
/// - Returns: How many matches were found.
@inlinable
public func countMatches(
    length: Int, limit: Int = .max, firstMatch: (Range<Int>) -> Range<Int>?
) -> Int {
    var count = 0
    var position = 0
    while count < limit, position <= length, let match = firstMatch(position..<length) {
        count += 1
        position = match.isEmpty ? match.upperBound + 1 : match.upperBound
    }
    return count
}
