import ICURegex

/// Turns the patterns of a ``Configuration`` into ICU pattern text: quoting `-F` strings,
/// joining several patterns into one alternation, and wrapping for `-w` and `-x` the way
/// `grep -P` does.
enum PatternAssembler {
    /// The compile options every icugrep pattern uses: only `\n` ends a line (so `.` matches
    /// `\r` and `$` does not match before the `\r` of a CRLF line, as with `grep -P`), plus
    /// `-i` and `--unicode-words`.
    static func options(for configuration: Configuration) -> RegexPattern.Options {
        var options: RegexPattern.Options = [.useUnixLineSeparators]
        if configuration.ignoreCase { options.insert(.caseInsensitive) }
        if configuration.unicodeWords { options.insert(.useUnicodeWordBoundaries) }
        return options
    }

    /// The ICU text of one user pattern: the pattern itself, or with `-F` the pattern quoted so
    /// that every character stands for itself.
    static func patternText(_ pattern: String, syntax: Configuration.PatternSyntax) -> String {
        switch syntax {
        case .regularExpression:
            return pattern
        case .fixedStrings:
            return quoted(pattern)
        }
    }

    /// `text` quoted with `\Q...\E`. A `\E` inside `text` would end the quotation early, so
    /// each one is closed, written as an escaped backslash and a literal `E`, and reopened.
    static func quoted(_ text: String) -> String {
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

    /// `body` wrapped so that it matches only whole words (`-w`) or whole lines (`-x`), as
    /// `grep -P` wraps it: `(?<!\w)(?:P)(?!\w)` and `^(?:P)$`. With `--unicode-words`, word
    /// ends are `\b` by Unicode's rules instead.
    static func wrapped(_ body: String, configuration: Configuration) -> String {
        if configuration.lineRegexp {
            return "^(?:\(body))$"
        }
        if configuration.wordRegexp {
            if configuration.unicodeWords {
                return "\\b(?:\(body))\\b"
            }
            return "(?<!\\w)(?:\(body))(?!\\w)"
        }
        return body
    }

    /// True when `pattern` may refer to a capture group by number or name (`\1`, `\k<name>`):
    /// numbers would refer to other groups once patterns are joined into one alternation, so
    /// such patterns are searched one by one instead. Escapes are skipped in pairs, so `\\1`
    /// is not mistaken for a back reference.
    static func mayContainBackReference(_ pattern: String) -> Bool {
        var iterator = pattern.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\" else { continue }
            guard let escaped = iterator.next() else { return false }
            if ("1"..."9").contains(escaped) || escaped == "k" {
                return true
            }
        }
        return false
    }
}
