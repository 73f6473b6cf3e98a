/// The options of the `range(ofRegex:)` conveniences: the two of Foundation's
/// `NSString.CompareOptions` that change the result of a regular-expression search.
public struct RegexSearchOptions: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: UInt8

    /// Creates options from their bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Matches without regard to case, with Unicode's full case folding (Foundation's
    /// `.caseInsensitive`).
    public static let caseInsensitive = RegexSearchOptions(rawValue: 1 << 0)

    /// Accepts the first match only if it starts at the start of the search range (Apple's
    /// meaning of Foundation's `.anchored`).
    public static let anchored = RegexSearchOptions(rawValue: 1 << 1)

    /// The compile options these search options call for.
    var patternOptions: RegexPattern.Options {
        contains(.caseInsensitive) ? .caseInsensitive : []
    }
}
