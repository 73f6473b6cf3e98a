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
enum PatternErrorReport {
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
        text += "\n  \(error.pattern)\n"
        if let offset = error.characterOffset, offset >= 0 {
            text += "  \(caretIndentation(for: error.pattern, characterOffset: offset))^\n"
        }
        return text
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
