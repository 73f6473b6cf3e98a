import CICUShim

/// The low-level operations on one ICU matcher (an `icushim_regex`), shared by
/// ``RegexPattern`` and ``RegexMatcher``. A handle is used by one thread at a time.
enum MatcherHandle {
    /// Compiles `pattern` into a new matcher, or throws ICU's reason with its position.
    static func open(_ pattern: String, options: RegexPattern.Options) throws(ICURegexError) -> OpaquePointer {
        let utf16 = Array(pattern.utf16)
        var code: Int32 = 0
        var line: Int32 = 0
        var offset: Int32 = -1
        let handle = utf16.withUnsafeBufferPointer { units in
            icushim_regex_open(units.baseAddress, Int32(units.count), options.rawValue, &code, &line, &offset)
        }
        guard let handle else {
            // ICU 72 reports the overflow of its parser's stack, a pattern nested deeper than
            // it compiles (see ``PatternNesting``), as an internal error: it is a pattern too
            // big, and says so.
            if code == ICURegexError.internalError.rawValue
                && PatternNesting.depth(ofICUPattern: pattern, stoppingAbove: PatternNesting.icuMaximumDepth)
                    > PatternNesting.icuMaximumDepth
            {
                code = ICURegexError.patternTooBig.rawValue
            }
            throw ICURegexError(
                rawValue: code,
                patternLine: line > 0 ? Int(line) : nil,
                patternOffset: offset >= 0 ? Int(offset) : nil
            )
        }
        return handle
    }

    /// Makes a new matcher for the same compiled pattern as `source`, with `limits` applied,
    /// counting ICU's work into `workCounter` (see ``MatchStrategy/icuWorkCounter``).
    static func clone(
        _ source: OpaquePointer, limits: RegexPattern.Limits, workCounter: UnsafeMutablePointer<Int64>
    ) throws(ICURegexError) -> OpaquePointer {
        var code: Int32 = 0
        guard let handle = icushim_regex_clone(source, &code) else {
            throw ICURegexError(rawValue: code)
        }
        try applyLimits(limits, to: handle)
        code = icushim_regex_set_work_counter(handle, workCounter)
        guard code <= 0 else {
            icushim_regex_close(handle)
            throw ICURegexError(rawValue: code)
        }
        return handle
    }

    /// Sets the time and stack limits of every later search on `handle`.
    static func applyLimits(_ limits: RegexPattern.Limits, to handle: OpaquePointer) throws(ICURegexError) {
        var code = icushim_regex_set_limits(handle, limits.timeLimitSteps, limits.stackLimitBytes)
        if code <= 0 {
            code = icushim_regex_set_wall_time_limit(handle, limits.wallTimeLimitNanoseconds)
        }
        guard code <= 0 else {
            icushim_regex_close(handle)
            throw ICURegexError(rawValue: code)
        }
    }

    /// Searches `length` UTF-16 units at `text` for the first match starting at or after
    /// `from`, and returns its offsets.
    @inline(__always)
    static func find(
        _ handle: OpaquePointer, utf16 text: UnsafePointer<UInt16>?, length: Int, from: Int
    ) throws(ICURegexError) -> Range<Int>? {
        try match { start, end, code in
            icushim_regex_find_in_utf16(handle, text, Int64(length), Int64(from), &start, &end, &code)
        }
    }

    /// Searches `length` UTF-8 bytes at `text` for the first match starting at or after byte
    /// `from`, and returns its byte offsets.
    @inline(__always)
    static func find(
        _ handle: OpaquePointer, utf8 text: UnsafeRawPointer?, length: Int, from: Int
    ) throws(ICURegexError) -> Range<Int>? {
        try match { start, end, code in
            icushim_regex_find_in_utf8(
                handle, text?.assumingMemoryBound(to: CChar.self), Int64(length), Int64(from), &start, &end, &code)
        }
    }

    /// Runs one of the shim's find calls and turns its out-parameters into a range, nil, or
    /// the error ICU reported.
    ///
    /// A match that ICU says ends before its start is ``ICURegexError/internalError``: ICU 72
    /// reports one for a search from between the two halves of a surrogate pair when a `.*`
    /// that starts there backtracks (its loop backs up a code point at a time, from past the
    /// trail surrogate to before the lead, and never meets the loop's start again: `.*.*=.*`
    /// from inside `😀`, with an `=` earlier in the text).
    @inline(__always)
    static func match(
        _ find: (inout Int64, inout Int64, inout Int32) -> Bool
    ) throws(ICURegexError) -> Range<Int>? {
        var start: Int64 = 0
        var end: Int64 = 0
        var code: Int32 = 0
        guard find(&start, &end, &code) else {
            if code > 0 { throw ICURegexError(rawValue: code) }
            return nil
        }
        guard start <= end else { throw .internalError }
        return Int(start)..<Int(end)
    }
}
