/// Which code points a one-character ICU pattern (a class such as `\w` or `[\p{L}&&[^q]]`, or
/// `.`) matches: taken from a class known without ICU (``KnownClassMembers``), asked of ICU
/// itself for any other, so that the answer is ICU's by construction.
package enum ClassMembership {
    /// For each code point below `limit` (at most U+D800, so that each is one UTF-16 unit),
    /// whether the pattern `text` compiled with `options` matches exactly it; nil when ICU
    /// rejects the pattern or stops at a limit.
    package static func members(ofClass text: String, options: RegexPattern.Options, below limit: Int) -> [Bool]? {
        if let known = KnownClassMembers(classText: text, options: options) {
            return (0..<UInt32(limit)).map(known.contains)
        }
        return icuMembers(ofClass: text, options: options, below: limit)
    }

    /// ``members(ofClass:options:below:)`` asked of ICU, whatever the class.
    ///
    /// ICU searches one text of all those code points in order, rather than each code point
    /// alone: a one-character class matches a code point in that text where it matches it
    /// alone, as it looks at nothing around it. With case, the class repeated (`(?:text)+`)
    /// finds each run of members in one search, since each of its matches is then one code
    /// point (a class holds no strings). Ignoring case, ICU may match a class against a
    /// sequence that folds to one of its characters (`[ﬆ]` against `st`), so each match is
    /// found on its own, and a match longer than one code point is asked about its first
    /// code point alone.
    package static func icuMembers(ofClass text: String, options: RegexPattern.Options, below limit: Int) -> [Bool]? {
        precondition(limit <= 0xD800, "ClassMembership: code points from U+D800 on take more than one unit or are surrogates")
        let caseInsensitive = options.contains(.caseInsensitive)
        let searched = caseInsensitive ? text : "(?:\(text))+"
        guard let pattern = try? RegexPattern(searched, options: options, limits: .default, usesSearchPlan: false),
            let matcher = try? pattern.makeMatcher()
        else {
            return nil
        }
        var members = [Bool](repeating: false, count: limit)
        let codePoints = (0..<limit).map { UInt16($0) }
        let complete = codePoints.withUnsafeBufferPointer { units -> Bool in
            var from = 0
            while from < limit {
                let found: Range<Int>?
                var alone: Range<Int>? = nil
                do {
                    found = try matcher.icuFirstMatch(inUTF16: units, from: from)
                    if let found, found.count > 1, caseInsensitive {
                        let codePoint = UnsafeBufferPointer(rebasing: units[found.lowerBound..<found.lowerBound + 1])
                        alone = try matcher.icuFirstMatch(inUTF16: codePoint, from: 0)
                    }
                } catch {
                    return false
                }
                guard let found, !found.isEmpty else { return true }
                if caseInsensitive {
                    members[found.lowerBound] = found.count == 1 || alone == 0..<1
                    from = found.lowerBound + 1
                } else {
                    for codePoint in found {
                        members[codePoint] = true
                    }
                    from = found.upperBound
                }
            }
            return true
        }
        return complete ? members : nil
    }
}
