import CICUShim

/// One ICU matcher of a ``RegexPattern``, for the many searches of a single thread: every
/// match in a line, or every line of a file.
///
/// Unlike `RegexPattern`'s searches, these search the whole text they are given and take a
/// starting offset, so that text before the offset is still seen by look-behind and `\b`, as
/// when finding successive matches. A matcher is not `Sendable`: make one per thread with
/// ``RegexPattern/makeMatcher()``.
public final class RegexMatcher {
    /// The pattern this matcher searches for.
    public let pattern: RegexPattern

    private let handle: OpaquePointer

    init(pattern: RegexPattern, handle: OpaquePointer) {
        self.pattern = pattern
        self.handle = handle
    }

    deinit {
        icushim_regex_close(handle)
    }

    /// Finds the first match in `text` that starts at or after `from` (a UTF-16 offset) and
    /// returns its UTF-16 offsets, or nil.
    /// - Throws: ``ICURegexError/timeLimitExceeded`` or ``ICURegexError/stackLimitExceeded``
    ///   when the search hits a limit; ``ICURegexError/indexOutOfBounds`` when `from` is
    ///   outside `text`.
    public func firstMatch(inUTF16 text: UnsafeBufferPointer<UInt16>, from: Int = 0) throws(ICURegexError) -> Range<Int>? {
        try MatcherHandle.find(handle, utf16: text.baseAddress, length: text.count, from: from)
    }

    /// Finds the first match in the UTF-8 `text` that starts at or after byte `from` and
    /// returns its byte offsets, or nil. Ill-formed UTF-8 reads as U+FFFD, one for each
    /// maximal ill-formed subsequence, and never stops the search.
    /// - Throws: ``ICURegexError/timeLimitExceeded`` or ``ICURegexError/stackLimitExceeded``
    ///   when the search hits a limit; ``ICURegexError/indexOutOfBounds`` when `from` is
    ///   outside `text`; ``ICURegexError/illegalArgument`` when `text` is longer than
    ///   `Int32.max` bytes, the most ICU's UTF-8 text takes (the UTF-16 search has no such
    ///   limit).
    public func firstMatch(inUTF8 text: UnsafeRawBufferPointer, from: Int = 0) throws(ICURegexError) -> Range<Int>? {
        try MatcherHandle.find(handle, utf8: text.baseAddress, length: text.count, from: from)
    }
}
