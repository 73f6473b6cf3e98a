/// The implementations that the suites put side by side; the raw value is the name shown in
/// the results, after the suite and the case.
public enum Peer: String, Sendable {
    /// A compiled `RegexPattern` searching a UTF-16 buffer: ICURegex with no conversion.
    case compiledUTF16 = "ICURegex RegexPattern.firstMatch(inUTF16:)"
    /// A compiled `RegexPattern` searching a Swift `String` (transcoded to UTF-16 per call).
    case compiledString = "ICURegex RegexPattern.firstMatch(in:)"
    /// ICURegex's `String.range(ofRegex:)`: pattern cache, transcoding and search.
    case stringConvenience = "ICURegex String.range(ofRegex:)"
    /// ICURegexFoundation's `NSString.range(ofRegex:)`.
    case nsStringConvenience = "ICURegex NSString.range(ofRegex:)"
    /// Foundation's `NSString.range(of:options: .regularExpression)`.
    case foundationNSString = "Foundation NSString.range(of:)"
    /// Foundation's `String.range(of:options: .regularExpression)`.
    case foundationString = "Foundation String.range(of:)"
    /// The standard library's `Regex`, compiled once, with `firstMatch(of:)`.
    case swiftRegex = "Swift Regex firstMatch(of:)"
    /// ICU through C with nothing in between: setText, find, start, end.
    case rawICU = "raw ICU (C)"
}
