import Foundation
import ICURegex

extension NSString {
    /// The range of the first match of the ICU regular expression `pattern`, the same result
    /// as `range(of: pattern, options: options.union(.regularExpression), range: range)` on
    /// Apple's platforms, and much faster.
    ///
    /// ```swift
    /// let text = "call 555-123-4567 now" as NSString
    /// text.range(ofRegex: "[0-9]{3}-[0-9]{3}-[0-9]{4}")    // {5, 12}
    /// ```
    ///
    /// - Parameters:
    ///   - pattern: An ICU regular expression, compiled once and cached. An empty or malformed
    ///     pattern gives `NSNotFound`.
    ///   - options: Only `.caseInsensitive` and `.anchored` change the result (`.anchored`: the
    ///     first match counts only if it starts at the start of the range); the rest are
    ///     ignored, as Foundation ignores them.
    ///   - range: The part to search, as a text of its own; the whole string when nil. A range
    ///     outside the string traps, as in Foundation.
    /// - Returns: The match in UTF-16 units of the string, or `{NSNotFound, 0}`.
    ///
    /// Each call copies the characters of `range` (as Foundation's own search does), so a loop
    /// that walks every match of a long string by advancing the range takes time quadratic in
    /// its length. For that, copy the string's UTF-16 once and call
    /// `RegexPattern.firstRange(inUTF16:range:anchored:)` on the buffer: the same results,
    /// with nothing copied per call.
    public func range(ofRegex pattern: String, options: NSString.CompareOptions = [], range: NSRange? = nil) -> NSRange {
        #if !canImport(Darwin)
        if let storage = swiftStorage {
            return Self.range(ofRegex: pattern, options: options, range: range, inStorage: storage)
        }
        #endif
        let searchRange = Self.searchRange(range, length: length)
        guard !pattern.isEmpty else { return NSRange(location: NSNotFound, length: 0) }
        // The range is searched as a text of its own, so only its characters are copied.
        let found = withUnsafeTemporaryAllocation(of: unichar.self, capacity: max(searchRange.length, 1)) { buffer in
            getCharacters(buffer.baseAddress!, range: searchRange)
            return RegexPattern.firstRange(
                of: pattern,
                inUTF16: UnsafeBufferPointer(rebasing: buffer[..<searchRange.length]),
                options: RegexSearchOptions(options)
            )
        }
        guard let match = found.range else { return NSRange(location: NSNotFound, length: 0) }
        return NSRange(location: searchRange.location + match.lowerBound, length: match.count)
    }

    /// `range`, or the whole string of `length` units when nil; a range outside the string
    /// traps, as in Foundation.
    private static func searchRange(_ range: NSRange?, length: Int) -> NSRange {
        let searchRange = range ?? NSRange(location: 0, length: length)
        precondition(
            searchRange.location >= 0 && searchRange.length >= 0 && searchRange.location <= length
                && searchRange.length <= length - searchRange.location,
            "-[NSString range(ofRegex:options:range:)]: Range {\(searchRange.location), \(searchRange.length)} out of bounds; string length \(length)"
        )
        return searchRange
    }

    #if !canImport(Darwin)
    /// The Swift string that holds this string's characters, when it is a plain `NSString` or
    /// `NSMutableString` of swift-corelibs-foundation: those keep a `String`, which bridging
    /// returns as it is, and read `length` and `getCharacters(_:range:)` from its UTF-16 view
    /// one unit at a time. Nil for every other class (a subclass may answer `length` and
    /// `characterAtIndex:` otherwise), whose characters are read through `getCharacters`.
    private var swiftStorage: String? {
        let type = type(of: self)
        guard type == NSString.self || type == NSMutableString.self else { return nil }
        // What `self as String` calls, without the optional it wraps `self` in (a retain and a
        // release of `self` a call): Foundation's bridge returns the string it keeps.
        var storage: String?
        _ = String._conditionallyBridgeFromObjectiveC(self, result: &storage)
        return storage
    }

    /// ``range(ofRegex:options:range:)`` on the characters of `storage`, the string's own: its
    /// UTF-8 is transcoded to UTF-16 by ICURegex (sixteen ASCII bytes at a time) into the same
    /// units `getCharacters(_:range:)` copies, which took a third of the call on a short string.
    private static func range(
        ofRegex pattern: String, options: NSString.CompareOptions, range: NSRange?, inStorage storage: String
    ) -> NSRange {
        let length = storage.utf16.count
        let searchRange = Self.searchRange(range, length: length)
        let found = RegexPattern.firstRange(
            of: pattern, inUTF16Of: storage, utf16Count: length,
            utf16Offsets: searchRange.location..<(searchRange.location + searchRange.length),
            options: RegexSearchOptions(options))
        guard let match = found.range else { return NSRange(location: NSNotFound, length: 0) }
        return NSRange(location: match.lowerBound, length: match.count)
    }
    #endif
}

extension StringProtocol {
    /// The range of the first match of the ICU regular expression `pattern`, taking
    /// Foundation's options: the same result as
    /// `range(of: pattern, options: options.union(.regularExpression), range: range)`.
    ///
    /// Only `.caseInsensitive` and `.anchored` change the result. Without options, the
    /// `range(ofRegex:)` of the ICURegex module is the one called; both give the same results.
    /// - Returns: The match, or nil when there is none or the pattern is empty or malformed.
    public func range(
        ofRegex pattern: String, options: NSString.CompareOptions, range: Range<String.Index>? = nil
    ) -> Range<String.Index>? {
        let searchOptions = RegexSearchOptions(options)
        if let substring = self as? Substring {
            return substring.range(ofRegex: pattern, options: searchOptions, range: range)
        }
        return String(self).range(ofRegex: pattern, options: searchOptions, range: range)
    }
}

extension RegexSearchOptions {
    /// The search options that Foundation's `options` call for: `.caseInsensitive` and
    /// `.anchored`; the other options do not change a regular-expression search.
    public init(_ options: NSString.CompareOptions) {
        self = []
        if options.contains(.caseInsensitive) { insert(.caseInsensitive) }
        if options.contains(.anchored) { insert(.anchored) }
    }
}
