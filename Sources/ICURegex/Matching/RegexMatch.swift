/// One match of a ``RegexPattern`` in a string: the range of the whole match and of each
/// capture group, numbered and named.
///
/// The names follow `NSTextCheckingResult` (`range`, `range(at:)`, `range(withName:)`,
/// `numberOfRanges`) with Swift's ranges, and Swift's `Regex.Match` for the matched text
/// (`match[1]` is the first group's `Substring`).
///
/// ```swift
/// let pattern = try RegexPattern(#"(?<user>\w+)@(\w+)\.com"#)
/// for match in pattern.matches(in: "ann@example.com, bob@test.com") {
///     match.substring        // "ann@example.com"
///     match["user"]          // "ann"
///     match[2]               // "example"
/// }
/// ```
public struct RegexMatch: Sendable {
    /// The string that was searched.
    public let base: String

    /// The pattern that matched, which knows the names of the groups.
    public let pattern: RegexPattern

    /// The whole match, in indices of `base` and in UTF-16 offsets from its start.
    private let whole: Span

    /// Each group from group 1, the same way; nil for a group that did not take part in the
    /// match.
    private let groups: [Span?]

    /// A group's range, in both units.
    struct Span: Sendable {
        let range: Range<String.Index>
        let utf16Range: Range<Int>
    }

    init(base: String, pattern: RegexPattern, whole: Span, groups: [Span?]) {
        self.base = base
        self.pattern = pattern
        self.whole = whole
        self.groups = groups
    }

    /// The span of group `group` (0: the whole match), or nil when it did not take part.
    private func span(_ group: Int) -> Span? {
        precondition(group >= 0 && group <= groups.count, "RegexMatch: no group \(group)")
        return group == 0 ? whole : groups[group - 1]
    }

    /// The range of the whole match.
    public var range: Range<String.Index> { whole.range }

    /// The whole match's offsets in UTF-16 code units from the start of `base`: an `NSRange`'s
    /// location and length.
    public var utf16Range: Range<Int> { whole.utf16Range }

    /// The matched text.
    public var substring: Substring { base[range] }

    /// The number of ranges: the pattern's capture groups and the whole match.
    public var numberOfRanges: Int { groups.count + 1 }

    /// The range of capture group `group` (0 is the whole match), or nil when the group did
    /// not take part in the match.
    /// - Precondition: `group` is less than ``numberOfRanges``.
    public func range(at group: Int) -> Range<String.Index>? {
        span(group)?.range
    }

    /// The UTF-16 offsets of capture group `group` from the start of `base`, or nil when the
    /// group did not take part in the match.
    public func utf16Range(at group: Int) -> Range<Int>? {
        span(group)?.utf16Range
    }

    /// The range of the capture group named `name`, or nil when the pattern has no group of
    /// that name or the group did not take part in the match.
    public func range(withName name: String) -> Range<String.Index>? {
        guard let group = pattern.groupNumber(named: name) else { return nil }
        return span(group)?.range
    }

    /// The text of capture group `group` (0 is the whole match), or nil when it did not take
    /// part in the match.
    public subscript(group: Int) -> Substring? {
        range(at: group).map { base[$0] }
    }

    /// The text of the capture group named `name`, or nil when the pattern has no group of
    /// that name or the group did not take part in the match.
    public subscript(name: String) -> Substring? {
        range(withName: name).map { base[$0] }
    }
}

/// One match of a ``RegexPattern`` in a buffer of code units: the offsets of the whole match
/// and of each capture group in the buffer, in its units (UTF-16 code units for
/// ``RegexPattern/matches(inUTF16:range:)``, bytes for ``RegexPattern/matches(inUTF8:)``).
public struct BufferMatch: Hashable, Sendable {
    /// The offsets of the whole match.
    public let range: Range<Int>

    /// The offsets of groups 1 and on; nil for a group that did not take part.
    public let groupRanges: [Range<Int>?]

    /// Creates a match from its ranges.
    public init(range: Range<Int>, groupRanges: [Range<Int>?]) {
        self.range = range
        self.groupRanges = groupRanges
    }

    /// The number of ranges: the pattern's capture groups and the whole match.
    public var numberOfRanges: Int { groupRanges.count + 1 }

    /// The offsets of capture group `group` (0 is the whole match), or nil when the group did
    /// not take part in the match.
    /// - Precondition: `group` is less than ``numberOfRanges``.
    public func range(at group: Int) -> Range<Int>? {
        precondition(group >= 0 && group <= groupRanges.count, "BufferMatch.range(at:): no group \(group)")
        return group == 0 ? range : groupRanges[group - 1]
    }
}
