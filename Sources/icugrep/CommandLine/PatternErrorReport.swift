import ICURegex

/// The message for a pattern ICU rejected: ICU's name of the error, the error in words (when
/// the library has words for it), the pattern, and a caret under the place ICU found the
/// error, such as
///
/// ```
/// icugrep: U_REGEX_MISMATCHED_PAREN: unbalanced parentheses
///   (abc
///       ^
/// ```
///
/// A long pattern is shown as an excerpt around the caret, at most ``contextCharacters`` on
/// each side, with `…` where it was cut, so that a pattern of 100,000 characters gives a
/// message of three short lines.
///
/// Invoked as `grep`, the message has GNU grep's shape for `-P` instead: one line, the
/// program's name and the error in PCRE2's words where PCRE2 has words for the same error
/// (`grep: unmatched closing parenthesis`), ICU's words otherwise; no `FILE:LINE:`, as GNU
/// grep names no pattern file for `-P`.
enum PatternErrorReport {
    /// The most characters of the pattern shown on each side of the caret (and, without a
    /// caret, twice as many from its start).
    static let contextCharacters = 40
    /// The lines to print to standard error, each ending in a newline.
    static func text(for error: SearchRun.PatternError, gnuShape: Bool = ProgramIdentity.speaksAsGNUGrep) -> String {
        let icuError = error.icuError
        if gnuShape {
            return "\(ProgramIdentity.name): \(pcre2Words(for: error) ?? icuError.reason)\n"
        }
        var text = "\(ProgramIdentity.name): "
        if let origin = error.origin {
            text += "\(origin.file):\(origin.line): "  // As GNU grep names a pattern of -f FILE.
        }
        text += icuError.icuName
        if icuError.reason != icuError.icuName {
            text += ": \(icuError.reason)"
        }
        let offset = error.characterOffset.flatMap { $0 >= 0 ? $0 : nil }
        let (shown, shownOffset) = excerpt(of: error.pattern, around: offset)
        text += "\n  \(shown)\n"
        if let shownOffset {
            text += "  \(caretIndentation(for: shown, characterOffset: shownOffset))^\n"
        }
        return text
    }

    /// PCRE2's message (as GNU grep 3.8 prints it for `-P`) for the error ICU reported, when
    /// PCRE2 reports the same error; nil when it has no message for that error alone.
    static func pcre2Words(for error: SearchRun.PatternError) -> String? {
        switch error.icuError.icuName {
        case "U_REGEX_MISMATCHED_PAREN":
            return closesAnUnopenedGroup(error.pattern, before: error.characterOffset)
                ? "unmatched closing parenthesis" : "missing closing parenthesis"
        case "U_REGEX_INVALID_BACK_REF": return "reference to non-existent subpattern"
        case "U_REGEX_MISSING_CLOSE_BRACKET": return "missing terminating ] for character class"
        case "U_REGEX_INVALID_RANGE": return "range out of order in character class"
        case "U_REGEX_MAX_LT_MIN": return "numbers out of order in {} quantifier"
        case "U_REGEX_LOOK_BEHIND_LIMIT": return "lookbehind assertion is not fixed length"
        default: return nil
        }
    }

    /// Whether a `)` in `pattern`, before the character offset ICU gave (the whole pattern
    /// without one), closes no group: ICU reports an unopened `)` and an unclosed `(` alike.
    /// Escapes, `\Q…\E` and sets (which nest in ICU's syntax) hold no groups.
    static func closesAnUnopenedGroup(_ pattern: String, before offset: Int?) -> Bool {
        let characters = Array(pattern.prefix(offset ?? Int.max))
        var depth = 0
        var setDepth = 0
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\" {
                if index + 1 < characters.count, characters[index + 1] == "Q" {
                    index += 2
                    while index + 1 < characters.count, !(characters[index] == "\\" && characters[index + 1] == "E") {
                        index += 1
                    }
                }
                index += 2
                continue
            }
            if character == "[" {
                setDepth += 1
            } else if character == "]" && setDepth > 0 {
                setDepth -= 1
            } else if setDepth == 0 && character == "(" {
                depth += 1
            } else if setDepth == 0 && character == ")" {
                depth -= 1
                if depth < 0 { return true }
            }
            index += 1
        }
        return false
    }

    /// The part of `pattern` to show: at most ``contextCharacters`` characters on each side of
    /// `offset` (or twice as many from the start without one), with `…` for each part left
    /// out; and where `offset` falls in it.
    static func excerpt(of pattern: String, around offset: Int?) -> (text: String, offset: Int?) {
        let characters = Array(pattern)
        let center = min(offset ?? 0, characters.count)
        let start = offset == nil ? 0 : max(0, center - contextCharacters)
        let end = min(characters.count, offset == nil ? 2 * contextCharacters : center + contextCharacters)
        guard start > 0 || end < characters.count else { return (pattern, offset) }
        let text = (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
        return (text, offset.map { (start > 0 ? 1 : 0) + $0 - start })
    }

    /// The white space that puts a caret under the character at `characterOffset` of
    /// `pattern`: a tab for each tab before it (so that the terminal lines them up the same
    /// way) and spaces for the display width of the other characters.
    static func caretIndentation(for pattern: String, characterOffset: Int) -> String {
        var indentation = ""
        for character in pattern.prefix(characterOffset) {
            if character == "\t" {
                indentation += "\t"
            } else {
                indentation += String(repeating: " ", count: DisplayWidth.columns(of: character))
            }
        }
        return indentation
    }
}
