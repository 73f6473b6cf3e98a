import ICURegex

/// The decisions of one run that every file's search shares, derived once from the
/// ``Configuration`` and the kind of standard output.
struct SearchPolicy {
    /// `-v`: select the lines that do not match.
    var invertMatch: Bool
    /// `-m`: the most lines selected per file (`Int.max` without `-m`).
    var maxCount: Int
    /// Lines of leading and trailing context.
    var beforeContext: Int
    var afterContext: Int
    /// True when a context option was given (even `-A 0`): groups are then separated.
    var separatesGroups: Bool
    /// True when line numbers are needed: for `-n`, and for context, whose groups are told
    /// apart by number. Otherwise the lines a prefilter skips are not counted, and a warning
    /// about a line names its byte offset instead of its number.
    var numbersLines: Bool
    /// True when no line is printed: `-c`, `-l`, `-L`, `-q`, or standard output is /dev/null.
    var quiet: Bool
    /// True when a file's search stops at its first selected line (`-l`, `-L`, `-q`, or
    /// output to /dev/null, as in grep).
    var stopsAtFirstMatch: Bool
    /// True with `-c`: a binary file is counted in full rather than stopped at its first match.
    var countsMatches: Bool
    /// True with `-q`: the whole run ends at the first selected line.
    var exitsAtFirstMatch: Bool
    /// The byte that ends a line: newline, or NUL with `-z`.
    var lineTerminator: UInt8
    /// What to do with a file that holds NUL bytes.
    var binaryFiles: Configuration.BinaryFiles
    /// True when NUL bytes make a file binary: not with `-a`, nor with `-z` (where NUL ends lines).
    var detectsBinary: Bool
    /// True with `--json` (and binary files searched as binary): as ripgrep, a binary input is
    /// searched to its end and printed, its NUL bytes ending lines, and its first NUL byte's
    /// offset is reported, instead of grep's "binary file matches".
    var convertsBinary: Bool
    /// True when a line to print that holds an encoding error (`UTF8EncodingErrors`) is held
    /// back and makes the file binary, as GNU grep 3.8 does: in a UTF-8 locale, unless `-a` or
    /// `--json`. Lines only counted or tested (`-c`, `-l`, `-q`) are unaffected; with `-o`
    /// only the matches are checked, and in the C locale every byte is a character.
    var holdsBackEncodingErrors: Bool
    /// `-o`: only the matches are printed, so only they are checked for encoding errors.
    var onlyMatching: Bool
    /// False with `-s`: a file that cannot be read is not reported.
    var reportsReadErrors: Bool
    /// `--passthru`: every line is printed, the lines not selected as context (trailing
    /// context without end), and groups are not separated.
    var passesThrough: Bool
    /// `--count-matches` or `--stats`: the matches of each selected line are counted (none
    /// with `-v`), and lines are counted in bulk only where their matches can be too.
    var countsEachMatch: Bool
    /// With `--multiline`, the patterns, when a match may hold a line terminator: then each
    /// input is searched as a whole (``MultilineSearcher``). Nil otherwise, also with
    /// `--multiline` for patterns that cannot match a terminator, which are searched line by
    /// line as ripgrep does.
    var multilinePatterns: MultilinePatterns? = nil
    /// True when the multi-line search may let the match automaton decide its anchored tries
    /// (``Configuration/prefiltersLines``: tests turn it off to compare with ICU alone).
    var multilineUsesAutomaton: Bool
    /// With `--and`, `--not` or `--bool`, the query's compiled terms: a line (or, in the file
    /// scope, a file) is selected when the query holds on it. Nil otherwise.
    var queryPatterns: QueryPatterns? = nil
    /// True when a line's search stopped at a limit is reported in GNU grep's words for
    /// `-P` (`grep: FILE: exceeded PCRE's backtracking limit`): invoked as `grep` with an
    /// ICU pattern, the syntax `-P` names.
    var reportsLimitsAsGNUGrep: Bool

    /// The policy for `configuration`; `outputIsNull` when standard output is /dev/null, where
    /// grep, like `-q`, stops each file at its first match and prints nothing.
    init(configuration: Configuration, outputIsNull: Bool) {
        invertMatch = configuration.invertMatch
        multilineUsesAutomaton = configuration.prefiltersLines
        maxCount = configuration.maxCount ?? Int.max
        let printsLines = configuration.outputMode == .lines && !outputIsNull
        beforeContext = printsLines ? configuration.beforeContext : 0
        afterContext = printsLines ? configuration.afterContext : 0
        passesThrough = configuration.passthru && printsLines
        countsEachMatch = (configuration.countsMatches && configuration.outputMode == .count)
            || (configuration.stats && !configuration.json)
        if passesThrough {
            afterContext = Int.max
        }
        separatesGroups = !passesThrough && (configuration.contextRequested
            || configuration.beforeContext > 0 || configuration.afterContext > 0)
        numbersLines = configuration.lineNumber || separatesGroups
        // `-c` with `--pattern-counts` reads each selected line, which the summary printer
        // attributes to the patterns that match in it.
        quiet = !printsLines && !(configuration.patternCounts && countsMatchingLinesPerPattern(configuration, outputIsNull: outputIsNull))
        stopsAtFirstMatch = outputIsNull || [.filesWithMatches, .filesWithoutMatch, .quiet].contains(configuration.outputMode)
        countsMatches = configuration.outputMode == .count && !outputIsNull
        exitsAtFirstMatch = configuration.outputMode == .quiet
        lineTerminator = configuration.nullData ? 0 : UInt8(ascii: "\n")
        binaryFiles = configuration.binaryFiles
        detectsBinary = !configuration.nullData && configuration.binaryFiles != .text
        convertsBinary = configuration.json && configuration.binaryFiles == .binary
        holdsBackEncodingErrors = configuration.encodingErrorsAreBinary && configuration.binaryFiles != .text
            && !configuration.json
        onlyMatching = configuration.onlyMatching
        reportsReadErrors = !configuration.noMessages
        reportsLimitsAsGNUGrep = ProgramIdentity.speaksAsGNUGrep && configuration.patternSyntax == .regularExpression
    }
}

/// True when `-c`'s lines are each counted for the patterns that match in them, or with
/// `--count-matches` their matches for the patterns that give them (`--pattern-counts`,
/// ``PatternAttribution``), rather than counted in bulk.
private func countsMatchingLinesPerPattern(_ configuration: Configuration, outputIsNull: Bool) -> Bool {
    configuration.outputMode == .count && !configuration.invertMatch && !outputIsNull
}
