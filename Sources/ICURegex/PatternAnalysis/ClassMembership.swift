/// Which code points a one-character ICU pattern (a class such as `\w` or `[\p{L}&&[^q]]`, or
/// `.`) matches, asked of ICU itself so that the answer is ICU's by construction.
package enum ClassMembership {
    /// For each code point below `limit` (at most U+D800, so that each is one UTF-16 unit),
    /// whether the pattern `text` compiled with `options` matches exactly it; nil when ICU
    /// rejects the pattern or stops at a limit.
    package static func members(ofClass text: String, options: RegexPattern.Options, below limit: Int) -> [Bool]? {
        precondition(limit <= 0xD800, "ClassMembership: code points from U+D800 on take more than one unit or are surrogates")
        guard let pattern = try? RegexPattern(text, options: options, limits: .default, usesSearchPlan: false),
            let matcher = try? pattern.makeMatcher()
        else {
            return nil
        }
        var members = [Bool](repeating: false, count: limit)
        var unit: [UInt16] = [0]
        for codePoint in 0..<limit {
            unit[0] = UInt16(codePoint)
            let found: Range<Int>?
            do {
                found = try unit.withUnsafeBufferPointer { units throws(ICURegexError) in
                    try matcher.firstMatch(inUTF16: units, from: 0)
                }
            } catch {
                return nil
            }
            members[codePoint] = found == 0..<1
        }
        return members
    }
}
