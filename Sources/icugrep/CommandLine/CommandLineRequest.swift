/// What a valid command line asks icugrep to do.
enum CommandLineRequest {
    /// Search, as configured.
    case search(Configuration)
    /// `--help`: print the help text, which names the default syntax, and exit with status 0.
    case help(defaultSyntax: Configuration.PatternSyntax)
    /// `-V`, `--version`: print the version and exit with status 0 (it wins over `--help`).
    case version
    /// `--type-list`: print the file types (this text, with those of `--type-add`) and exit
    /// with status 0.
    case typeList(String)
}

/// The outcome of parsing a valid command line: the request and the warnings to print first
/// (such as the deprecation of `GREP_COLOR`).
struct ParsedCommandLine {
    /// What to do.
    var request: CommandLineRequest
    /// Warnings for standard error, without the program name: `warning: ...`.
    var warnings: [String] = []
    /// The short option letters typed, for the hints after a run (``RipgrepHints``).
    var shortLettersTyped: Set<Character> = []
}
