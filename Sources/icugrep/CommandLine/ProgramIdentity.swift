/// The program's name and version, as messages, `--help` and `--version` show them.
enum ProgramIdentity {
    /// The name every message starts with, whatever the binary was invoked as.
    static let name = "icugrep"
    /// icugrep's own version.
    static let version = "0.1.0"
    /// The GNU grep release whose options, output and exit status icugrep follows.
    static let emulatedGrepVersion = "3.8"
    /// The first line of the usage text, as in GNU grep.
    static let usageLine = "Usage: \(name) [OPTION]... PATTERNS [FILE]..."
}
