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
enum PatternErrorReport {
    /// The most characters of the pattern shown on each side of the caret (and, without a
    /// caret, twice as many from its start).
    static let contextCharacters = 40
    /// The lines to print to standard error, each ending in a newline.
    static func text(for error: SearchRun.PatternError) -> String {
        let icuError = error.icuError
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
