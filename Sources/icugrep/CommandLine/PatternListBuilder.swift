import ICURegex

/// Collects the patterns of `-e`, `-f` and the pattern operand, one pattern per line, as
/// GNU grep does.
///
/// grep joins every `-e` argument with a newline after it, and every `-f` file's contents
/// with a newline added when the file does not end in one, then drops the final newline and
/// splits at the rest. So `-e 'a<newline>'` gives the patterns `a` and the empty pattern
/// (which matches every line), while a file holding `a<newline>` gives only `a`, and an empty
/// file gives no pattern at all (nothing matches).
struct PatternListBuilder {
    /// The patterns so far.
    private(set) var patterns: [String] = []
    /// Where each of ``patterns`` came from: its `-f` file and line, or nil.
    private(set) var origins: [Configuration.PatternOrigin?] = []
    /// True once `-e` or `-f` was given, even when it added no pattern: then every operand is
    /// a file.
    private(set) var wasGivenByOption = false
    /// True outside a UTF-8 locale: a `-f` file's line that is not UTF-8 keeps its bytes
    /// (``ByteCharacters/text(ofBytes:)``), as a command-line argument does there, so that
    /// where bytes are characters its bytes are the pattern's, as in GNU grep.
    var keepsBytesOfFiles = false

    /// Adds the patterns of a `-e` argument or of the pattern operand: one per line.
    mutating func addArgument(_ argument: String) {
        // At each newline scalar, as GNU grep splits at each newline byte: split by Character,
        // a "\r\n" would be one character, and not split.
        let lines = argument.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        patterns += lines
        origins += Array(repeating: nil, count: lines.count)
    }

    /// Adds the patterns of a `-e` option.
    mutating func addRegexpOption(_ argument: String) {
        wasGivenByOption = true
        addArgument(argument)
    }

    /// Adds the lines of a `-f` file named `name`; an empty file adds none. Invalid UTF-8 in
    /// the file is replaced by U+FFFD, since a pattern is a String, unless
    /// ``keepsBytesOfFiles``.
    mutating func addFileOption(contents: [UInt8], name: String = "-") {
        wasGivenByOption = true
        let lines = Self.lines(of: contents, keepingBytes: keepsBytesOfFiles)
        patterns += lines
        origins += lines.indices.map { Configuration.PatternOrigin(file: name, line: $0 + 1) }
    }

    /// The newline-terminated lines of `contents` (the last one may lack its newline), decoded
    /// as UTF-8, or with a line that is not UTF-8 kept as its bytes when `keepingBytes`.
    static func lines(of contents: [UInt8], keepingBytes: Bool = false) -> [String] {
        guard !contents.isEmpty else { return [] }
        var pieces = contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if contents.last == UInt8(ascii: "\n") {
            pieces.removeLast()
        }
        if keepingBytes { return pieces.map { ByteCharacters.text(ofBytes: $0) } }
        return pieces.map { String(decoding: $0, as: UTF8.self) }
    }
}
