/// The calls of Swift's `Regex` on strings (`matches(of:)`, `firstMatch(of:)`,
/// `wholeMatch(of:)`, `replacing(_:with:)`), taking a compiled ``RegexPattern``: the same
/// searches as the pattern's own methods, named as a user of Swift's `Regex` looks for them.
extension String {
    /// Every match of `pattern` in this string (see ``RegexPattern/matches(in:range:)``).
    public func matches(of pattern: RegexPattern) -> RegexMatches {
        pattern.matches(in: self)
    }

    /// The first match of `pattern` in this string, with its groups, or nil.
    public func firstMatch(of pattern: RegexPattern) throws(ICURegexError) -> RegexMatch? {
        try StringMatchWalk(pattern: pattern, base: self, bounds: startIndex..<endIndex).next()
    }

    /// The match of `pattern` that spans this whole string, or nil (see
    /// ``RegexPattern/wholeMatch(in:)``).
    public func wholeMatch(of pattern: RegexPattern) throws(ICURegexError) -> RegexMatch? {
        try pattern.wholeMatch(in: self)
    }

    /// This string with each match of `pattern` replaced by `template`, ICU's template (see
    /// ``RegexPattern/replacing(in:range:withTemplate:maxReplacements:)``).
    public func replacing(
        _ pattern: RegexPattern, withTemplate template: String, maxReplacements: Int = .max
    ) throws(ICURegexError) -> String {
        try pattern.replacing(in: self, withTemplate: template, maxReplacements: maxReplacements)
    }

    /// This string with each match of `pattern` replaced by what `replacement` returns for it
    /// (see ``RegexPattern/replacing(in:range:maxReplacements:with:)``).
    public func replacing(
        _ pattern: RegexPattern, maxReplacements: Int = .max, with replacement: (RegexMatch) throws -> String
    ) throws -> String {
        try pattern.replacing(in: self, maxReplacements: maxReplacements, with: replacement)
    }
}

extension Substring {
    /// Every match of `pattern` in this substring, searched as a text of its own; the indices
    /// are valid in the base string too.
    public func matches(of pattern: RegexPattern) -> RegexMatches {
        pattern.matches(in: self)
    }

    /// The first match of `pattern` in this substring, searched as a text of its own, or nil.
    public func firstMatch(of pattern: RegexPattern) throws(ICURegexError) -> RegexMatch? {
        try StringMatchWalk(pattern: pattern, base: base, bounds: startIndex..<endIndex).next()
    }

    /// The match of `pattern` that spans this whole substring, searched as a text of its own,
    /// or nil (see `RegexPattern.wholeMatch(in:)`).
    public func wholeMatch(of pattern: RegexPattern) throws(ICURegexError) -> RegexMatch? {
        try pattern.wholeMatch(in: self)
    }
}
