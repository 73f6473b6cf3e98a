/// The terminal escape sequences of `--color`, as GNU grep writes them: `ESC [ CODE m` to start
/// a color and `ESC [ m` to end it, each followed by `ESC [ K` (erase to the end of the line)
/// unless `GREP_COLORS` has `ne`.
struct SGRSequences {
    /// The bytes that start the color `code`; empty when `code` is empty (no color).
    let start: [UInt8]
    /// The bytes that end the color; empty when the color is empty.
    let end: [UInt8]

    /// True when this color writes nothing.
    var isEmpty: Bool { start.isEmpty }

    /// The sequences for the SGR parameter string `code` (such as `01;31`).
    init(code: String, eraseInLine: Bool) {
        if code.isEmpty {
            start = []
            end = []
            return
        }
        let erase = eraseInLine ? "\u{1B}[K" : ""
        start = Array("\u{1B}[\(code)m\(erase)".utf8)
        end = Array("\u{1B}[m\(erase)".utf8)
    }

    /// No color at all.
    static let none = SGRSequences(code: "", eraseInLine: false)
}

/// Every color of one run, from ``OutputColors``; all empty without `--color`.
struct ColorScheme {
    /// `ms`: matched text in a selected line.
    let selectedMatch: SGRSequences
    /// `mc`: matched text in a context line.
    let contextMatch: SGRSequences
    /// `sl`: a whole selected line.
    let selectedLine: SGRSequences
    /// `cx`: a whole context line.
    let contextLine: SGRSequences
    /// `fn`: a file name.
    let fileName: SGRSequences
    /// `ln`: a line number.
    let lineNumber: SGRSequences
    /// `bn`: a byte offset.
    let byteOffset: SGRSequences
    /// `se`: a separator.
    let separator: SGRSequences
    /// `rv`: with `-v`, `sl` and `cx` trade places.
    let reverseVideo: Bool

    /// The scheme for `colors`, or no colors at all when `enabled` is false.
    init(_ colors: OutputColors, enabled: Bool) {
        func sequences(_ code: String) -> SGRSequences {
            enabled ? SGRSequences(code: code, eraseInLine: !colors.noEraseInLine) : .none
        }
        selectedMatch = sequences(colors.selectedMatch)
        contextMatch = sequences(colors.contextMatch)
        selectedLine = sequences(colors.selectedLine)
        contextLine = sequences(colors.contextLine)
        fileName = sequences(colors.fileName)
        lineNumber = sequences(colors.lineNumber)
        byteOffset = sequences(colors.byteOffset)
        separator = sequences(colors.separator)
        reverseVideo = enabled && colors.reverseVideo
    }
}
