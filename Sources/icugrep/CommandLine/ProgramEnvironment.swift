import Glibc

/// What the command line is interpreted against besides the arguments: environment
/// variables, whether standard output is a terminal, and how files named by options are
/// read. Tests build their own; ``current()`` is the real one.
struct ProgramEnvironment {
    /// The environment variables that matter (`GREP_COLORS`, `GREP_COLOR`, `TERM`,
    /// `POSIXLY_CORRECT`, `ICUGREP_SYNTAX`); a missing key is an unset variable.
    var variables: [String: String]
    /// True when standard output is a terminal, for `--color=auto`.
    var standardOutputIsTerminal: Bool
    /// Reads the files of `-f` and `--exclude-from`.
    var fileReader: any FileContentsReading
    /// The base name icugrep was invoked by, which chooses the default pattern syntax
    /// (``DefaultPatternSyntax``).
    var invokedName = ProgramIdentity.productName

    /// The names of the environment variables icugrep reads.
    static let variableNames = ["GREP_COLORS", "GREP_COLOR", "TERM", "POSIXLY_CORRECT", DefaultPatternSyntax.variableName]

    /// The process's own environment, terminal and file system, invoked as `invokedName`.
    static func current(invokedName: String) -> ProgramEnvironment {
        var variables: [String: String] = [:]
        for name in variableNames {
            if let value = getenv(name) {
                variables[name] = String(cString: value)
            }
        }
        return ProgramEnvironment(
            variables: variables,
            standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
            fileReader: SystemFileContentsReader(),
            invokedName: invokedName)
    }
}
