import Foundation

/// The answers Apple's Foundation gives, derived from Linux Foundation where it differs.
enum AppleReference {
    static let notFound = NSRange(location: NSNotFound, length: 0)

    /// Apple's `.anchored` from an unanchored search: the leftmost match counts only if it
    /// starts at the start of the range.
    static func anchored(_ unanchored: NSRange, range: NSRange) -> NSRange {
        unanchored.location == range.location ? unanchored : notFound
    }

    /// `text.range(of: pattern, options: options.union(.regularExpression), range: range)` as
    /// Apple's Foundation answers it, computed with Linux Foundation. Linux Foundation gets
    /// `.anchored` wrong when the range does not start at 0 (swift-corelibs-foundation issue
    /// 5467), so there the answer comes from an unanchored search.
    static func range(of pattern: String, in text: NSString, options: NSString.CompareOptions, range: NSRange) -> NSRange {
        if options.contains(.anchored), range.location != 0 {
            let unanchored = text.range(
                of: pattern, options: options.subtracting(.anchored).union(.regularExpression), range: range)
            return anchored(unanchored, range: range)
        }
        return text.range(of: pattern, options: options.union(.regularExpression), range: range)
    }

    /// The same through CoreFoundation's engine, for texts with lone surrogates (see
    /// ``CoreFoundationRegex``). An empty or malformed pattern gives `NSNotFound`.
    static func range(
        of pattern: String, in units: [UInt16], caseInsensitive: Bool, anchored isAnchored: Bool, range: NSRange,
        using engine: CoreFoundationRegex
    ) -> NSRange {
        guard !pattern.isEmpty,
            let unanchored = engine.firstMatch(of: pattern, caseInsensitive: caseInsensitive, in: units, range: range)
        else { return notFound }
        return isAnchored ? anchored(unanchored, range: range) : unanchored
    }
}
