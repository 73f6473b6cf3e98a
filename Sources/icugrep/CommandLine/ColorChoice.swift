/// The WHEN of `--color[=WHEN]`.
enum ColorChoice: Sendable, Equatable {
    /// `never`, `no`, `none`: no color (also the default without `--color`).
    case never
    /// `always`, `yes`, `force`: color whatever standard output is.
    case always
    /// `auto`, `tty`, `if-tty`, or `--color` without WHEN: color when standard output is a
    /// terminal and `TERM` is set and not `dumb`.
    case auto

    /// The spellings of each choice, in the order `--help` and error messages list them.
    static let spellings: [(choice: ColorChoice, words: [String])] = [
        (.always, ["always", "yes", "force"]),
        (.never, ["never", "no", "none"]),
        (.auto, ["auto", "tty", "if-tty"]),
    ]

    /// The choice `argument` names, ignoring case as GNU grep does; nil for an unknown word.
    init?(argument: String) {
        // Lower ASCII letters only, like gnulib's c_strcasecmp.
        let lowered = String(decoding: argument.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
        guard let entry = Self.spellings.first(where: { $0.words.contains(lowered) }) else {
            return nil
        }
        self = entry.choice
    }

    /// Whether to color, given the terminal and `TERM`. With `-q` nothing is printed, and GNU
    /// grep does not even look at the terminal.
    func resolved(standardOutputIsTerminal: Bool, term: String?, quiet: Bool) -> Bool {
        switch self {
        case .never:
            return false
        case .always:
            return true
        case .auto:
            guard !quiet, standardOutputIsTerminal, let term else { return false }
            return term != "dumb"
        }
    }

    /// The error for an unknown WHEN, listing the valid words like gnulib's argmatch.
    ///
    /// GNU grep 3.8 instead prints its whole `--help` text and exits with status 0, which hides
    /// the mistake; icugrep reports it as an error (status 2).
    static func invalidArgumentError(_ argument: String) -> CommandLineError {
        .usage(
            "invalid argument ‘\(argument)’ for ‘--color’",
            details: ["Valid arguments are:"] + spellings.map { entry in
                "  - " + entry.words.map { "‘\($0)’" }.joined(separator: ", ")
            })
    }
}
