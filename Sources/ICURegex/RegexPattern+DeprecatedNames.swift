/// The names the first-match searches had before they took the names of Swift's own:
/// `firstRange` for a search that gives the match's range (`String.firstRange(of:)`), and
/// `firstMatch` for one that gives the match with its groups (`String.firstMatch(of:)`).
extension RegexPattern {
    /// Renamed ``firstRange(inUTF16:range:anchored:)``.
    @available(*, deprecated, renamed: "firstRange(inUTF16:range:anchored:)")
    public func firstMatch(
        inUTF16 text: UnsafeBufferPointer<UInt16>, range: Range<Int>? = nil, anchored: Bool = false
    ) throws(ICURegexError) -> UTF16Range {
        try firstRange(inUTF16: text, range: range, anchored: anchored)
    }

    /// Renamed ``firstRange(in:range:anchored:)``.
    @available(*, deprecated, renamed: "firstRange(in:range:anchored:)")
    public func firstMatch(
        in string: String, range: Range<String.Index>? = nil, anchored: Bool = false
    ) throws(ICURegexError) -> Range<String.Index>? {
        try firstRange(in: string, range: range, anchored: anchored)
    }

    /// Renamed ``firstRange(in:anchored:)``.
    @available(*, deprecated, renamed: "firstRange(in:anchored:)")
    public func firstMatch(in substring: Substring, anchored: Bool = false) throws(ICURegexError) -> Range<String.Index>? {
        try firstRange(in: substring, anchored: anchored)
    }

    /// Renamed ``firstRange(of:inUTF16:options:range:)``.
    @available(*, deprecated, renamed: "firstRange(of:inUTF16:options:range:)")
    public static func firstMatch(
        of pattern: String, inUTF16 text: UnsafeBufferPointer<UInt16>, options: RegexSearchOptions = [], range: Range<Int>? = nil
    ) -> UTF16Range {
        firstRange(of: pattern, inUTF16: text, options: options, range: range)
    }

    /// Renamed ``firstRange(of:in:options:range:)``.
    @available(*, deprecated, renamed: "firstRange(of:in:options:range:)")
    public static func firstMatch(
        of pattern: String, in string: String, options: RegexSearchOptions = [], range: Range<String.Index>? = nil
    ) -> Range<String.Index>? {
        firstRange(of: pattern, in: string, options: options, range: range)
    }
}
