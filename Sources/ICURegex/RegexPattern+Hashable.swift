extension RegexPattern: Hashable {
    /// Whether two patterns were compiled from the same pattern text with the same options, and
    /// so find the same matches: equal patterns may stand for each other as dictionary keys or
    /// in a set. Their limits are not compared, since they bound how long a search may run, not
    /// what it finds.
    ///
    /// ```swift
    /// let a = try RegexPattern("[0-9]+", options: .caseInsensitive)
    /// let b = try RegexPattern("[0-9]+", options: .caseInsensitive)
    /// a == b                                          // true
    /// a == (try RegexPattern("[0-9]+"))               // false: other options
    /// Set([a, b]).count                               // 1
    /// ```
    public static func == (lhs: RegexPattern, rhs: RegexPattern) -> Bool {
        lhs === rhs || (lhs.pattern == rhs.pattern && lhs.options == rhs.options)
    }

    /// Hashes the pattern text and the options, the two things ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(options)
    }
}
