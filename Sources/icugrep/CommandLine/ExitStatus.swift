/// icugrep's exit status, decided as GNU grep 3.8 decides it: 0 when a line was selected,
/// 1 when none was, 2 on trouble.
enum ExitStatus {
    /// A line was selected (and no error occurred, or `-q` was given).
    static let selected: Int32 = 0
    /// No line was selected.
    static let nothingSelected: Int32 = 1
    /// An error occurred: a bad command line or pattern, an unreadable file, a time-out.
    static let trouble: Int32 = 2

    /// The status after a search: an error makes it 2, unless `-q` was given and a line was
    /// selected (grep -q exits with 0 at the first selected line, whatever came before).
    static func afterSearch(_ outcome: SearchRun.Outcome, quiet: Bool) -> Int32 {
        if outcome.hadError && !(quiet && outcome.selectedAnything) {
            return trouble
        }
        return outcome.selectedAnything ? selected : nothingSelected
    }

    /// True when GNU grep would exit with status 1 at once, without compiling the patterns or
    /// opening a file: with `-m 0`, or with no pattern at all (`-f /dev/null`) and no `-v`,
    /// nothing can be selected. `-L` is the exception: it still lists the files.
    static func nothingCanBeSelected(_ configuration: Configuration) -> Bool {
        guard configuration.outputMode != .filesWithoutMatch else { return false }
        return configuration.maxCount == 0
            || (configuration.patterns.isEmpty && !configuration.invertMatch)
    }
}
