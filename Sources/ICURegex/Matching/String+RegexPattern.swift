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
        try pattern.firstMatch(in: self, bounds: startIndex..<endIndex)
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
        try pattern.firstMatch(in: base, bounds: startIndex..<endIndex)
    }

    /// The match of `pattern` that spans this whole substring, searched as a text of its own,
    /// or nil (see `RegexPattern.wholeMatch(in:)`).
    public func wholeMatch(of pattern: RegexPattern) throws(ICURegexError) -> RegexMatch? {
        try pattern.wholeMatch(in: self)
    }
}

extension RegexPattern {
    /// The first match in `bounds` of `string`, searched as a text of its own: the first of
    /// ``matches(in:range:)``, which finds it in the string's UTF-8 where the pattern's
    /// strategy has a walk there for a first match, and in the range's UTF-16 otherwise.
    fileprivate func firstMatch(in string: String, bounds: Range<String.Index>) throws(ICURegexError) -> RegexMatch? {
        var matches = RegexMatches(pattern: self, base: string, bounds: bounds).makeIterator()
        let first = matches.next()
        if let error = matches.error { throw error }
        return first
    }
}
