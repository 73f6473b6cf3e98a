/// The program's name and version, as messages, `--help` and `--version` show them.
enum ProgramIdentity {
    /// The name every message and the usage start with: the base name of the command as
    /// invoked (`grep` through a link named grep), as GNU grep names itself by its argv[0].
    /// `main.swift` sets it once, before anything reads it; code run in-process by the tests
    /// keeps icugrep's own name.
    nonisolated(unsafe) static var name = productName
    /// True when invoked as `grep`, `egrep` or `fgrep`: then what GNU grep users read in the
    /// same place, `--help`'s bug-report lines and `-P`'s pattern errors, has GNU grep's shape.
    static var speaksAsGNUGrep: Bool { name == "grep" }
    /// The program's own name, for its manual and `--version`.
    static let productName = "icugrep"

    /// The base name of `argumentZero`; icugrep's own name when there is none.
    static func invokedName(_ argumentZero: String?) -> String {
        guard let argumentZero, let base = argumentZero.unicodeScalars.split(separator: "/").last, !base.isEmpty else {
            return productName
        }
        return String(base)
    }
    /// icugrep's own version.
    static let version = "0.3.0-dev"
    /// The GNU grep release whose options, output and exit status icugrep follows.
    static let emulatedGrepVersion = "3.8"
    /// Where `--help` says to report bugs.
    static let bugReportAddress = "https://github.com/icugrep/icugrep/issues"
    /// GNU grep's bug-report address, which `--help` also gives as `grep`, for a behaviour
    /// GNU grep shares.
    static let gnuBugReportAddress = "bug-grep@gnu.org"
    /// icugrep's home page, for `--help`.
    static let homePage = "https://github.com/icugrep/icugrep"
    /// The first line of the usage text, as in GNU grep.
    static let usageLine = "Usage: \(name) [OPTION]... PATTERNS [FILE]..."
}
