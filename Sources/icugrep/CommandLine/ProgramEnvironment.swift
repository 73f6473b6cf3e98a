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
    /// True when the locale the environment names (`LC_ALL`, `LC_CTYPE`, `LANG`) is a UTF-8
    /// one that the system has; false in the C locale, or a locale the system lacks, where GNU
    /// grep reads every byte as a character.
    var localeIsUTF8 = true

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
            invokedName: invokedName,
            localeIsUTF8: localeIsUTF8())
    }

    /// Whether the process's locale, as its environment names it, uses UTF-8: asked of the C
    /// library (as GNU grep does), then the C locale restored, so that nothing else in the
    /// process depends on the locale.
    static func localeIsUTF8() -> Bool {
        guard setlocale(LC_CTYPE, "") != nil else { return false }
        defer { setlocale(LC_CTYPE, "C") }
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        return String(cString: codeset) == "UTF-8"
    }
}
