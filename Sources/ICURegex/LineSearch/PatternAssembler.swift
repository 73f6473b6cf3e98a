/// Turns the patterns of a line search into ICU pattern text: quoting fixed strings, joining
/// several patterns into one alternation, and wrapping them for whole words and whole lines
/// the way `grep -P` does.
package enum PatternAssembler {
    /// `text` quoted with `\Q...\E`, so that every character stands for itself. A `\E` inside
    /// `text` would end the quotation early, so each one is closed, written as an escaped
    /// backslash and a literal `E`, and reopened.
    package static func quoted(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        var result = "\\Q"
        var previousWasBackslash = false
        for scalar in text.unicodeScalars {
            if previousWasBackslash && scalar == "E" {
                // The backslash was already written inside the quotation: close it after the
                // backslash would be wrong, so drop that backslash and spell `\E` outside.
                result.unicodeScalars.removeLast()
                result += "\\E\\\\E\\Q"
                previousWasBackslash = false
                continue
            }
            result.unicodeScalars.append(scalar)
            previousWasBackslash = scalar == "\\"
        }
        result += "\\E"
        return result
    }

    /// One pattern that matches where any of `texts` matches: `(?:p1)|(?:p2)|...`, or the only
    /// text itself.
    static func alternation(_ texts: [String]) -> String {
        if texts.count == 1 { return texts[0] }
        return texts.map { "(?:\($0))" }.joined(separator: "|")
    }

    /// `body` wrapped so that it matches only whole words or whole lines, as `grep -P` wraps
    /// it for `-w` and `-x`: `(?<!\w)(?:P)(?!\w)` and `^(?:P)$`. With
    /// `.useUnicodeWordBoundaries` in `options`, word ends are `\b` by Unicode's rules instead.
    static func wrapped(_ body: String, in wrapper: PatternWrapper, options: RegexPattern.Options) -> String {
        switch wrapper {
        case .none:
            return body
        case .wholeWords where options.contains(.useUnicodeWordBoundaries):
            return "\\b(?:\(body))\\b"
        case .wholeWords:
            return "(?<!\\w)(?:\(body))(?!\\w)"
        case .wholeLines:
            return "^(?:\(body))$"
        }
    }
}
