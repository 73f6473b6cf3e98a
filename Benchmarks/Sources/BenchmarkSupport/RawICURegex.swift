import RawICU

/// Owns one raw ICU regular expression (see rawicu.h). The benchmarks call `rawicu_*`
/// themselves on ``handle``; this class only opens and closes it.
public final class RawICURegex: @unchecked Sendable {
    // @unchecked: a matcher is used by one benchmark, on one thread, at a time.

    /// The `rawicu_regex *` to search with.
    public let handle: OpaquePointer

    /// Compiles `pattern`; a pattern ICU rejects stops the benchmark process, since every
    /// pattern here is a fixed, valid one.
    public init(_ pattern: String, caseInsensitive: Bool = false) {
        let units = Array(pattern.utf16)
        var code: Int32 = 0
        // 2 is UREGEX_CASE_INSENSITIVE, the flag Foundation's .caseInsensitive sets.
        guard let handle = rawicu_open(units, Int32(units.count), caseInsensitive ? 2 : 0, &code) else {
            fatalError("raw ICU rejected the pattern \(pattern): error \(code)")
        }
        self.handle = handle
    }

    deinit {
        rawicu_close(handle)
    }

    /// The first match in `text`, searched as a text of its own (`uregex_setText` on its
    /// units), or nil. Stops the process if ICU fails, which a fixed pattern should not.
    @inline(__always)
    public func firstMatch(in text: UnsafeBufferPointer<UInt16>) -> Range<Int>? {
        var start: Int32 = 0
        var end: Int32 = 0
        var code: Int32 = 0
        guard rawicu_first_match(handle, text.baseAddress, Int32(text.count), &start, &end, &code) else {
            precondition(code <= 0, "raw ICU search failed: error \(code)")
            return nil
        }
        return Int(start)..<Int(end)
    }

    /// The number of matches in `text` found by ICU's findNext loop, reading the bounds of
    /// each match and, when `group` is not 0, of that group (see `rawicu_count_matches`); the
    /// sum of the bounds read goes to `checksum`. Stops the process if ICU fails.
    @inline(__always)
    public func countMatches(in text: UnsafeBufferPointer<UInt16>, group: Int = 0, checksum: inout Int64) -> Int {
        var code: Int32 = 0
        let count = rawicu_count_matches(handle, text.baseAddress, Int32(text.count), Int32(group), &checksum, &code)
        precondition(count >= 0, "raw ICU search failed: error \(code)")
        return Int(count)
    }

    /// Every match in `text` replaced by `template` (ICU's syntax) by `uregex_replaceAll`,
    /// written to `destination`; returns the length of the result. Stops the process if ICU
    /// fails or the result does not fit.
    @inline(__always)
    public func replaceAll(
        in text: UnsafeBufferPointer<UInt16>, template: [UInt16], into destination: UnsafeMutableBufferPointer<UInt16>
    ) -> Int {
        var code: Int32 = 0
        let written = rawicu_replace_all(
            handle, text.baseAddress, Int32(text.count), template, Int32(template.count), destination.baseAddress,
            Int32(destination.count), &code)
        precondition(written >= 0 && Int(written) <= destination.count, "raw ICU replaceAll failed: error \(code), length \(written)")
        return Int(written)
    }
}
