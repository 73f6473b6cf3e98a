/// A command line icugrep cannot run, with the text GNU grep prints for it.
struct CommandLineError: Error, Equatable {
    /// The message after `icugrep: `, such as `invalid option -- 'k'`; nil for a bare usage
    /// error (no pattern given).
    var message: String?
    /// Lines printed after the message, such as the valid arguments of `--directories`.
    var details: [String] = []
    /// Whether the two usage lines follow (`Usage: ...` and `Try 'icugrep --help' ...`).
    var showsUsage: Bool
    /// Warnings issued before the error (such as the one for `-u`), printed first.
    var precedingWarnings: [String] = []
    /// One more line, after everything GNU grep prints, for people coming from ripgrep
    /// (``RipgrepHints``): a close option name, or what ripgrep's option is here.
    var hint: String? = nil

    /// The exit status for every command-line error.
    static let exitStatus: Int32 = 2

    /// An error for an option or its argument that is followed by the usage lines.
    static func usage(_ message: String?, details: [String] = []) -> CommandLineError {
        CommandLineError(message: message, details: details, showsUsage: true)
    }

    /// An error that is reported without the usage lines, such as an invalid context length.
    static func fatal(_ message: String) -> CommandLineError {
        CommandLineError(message: message, showsUsage: false)
    }

    /// Everything printed to standard error for this error, each line ending in a newline.
    var standardErrorText: String {
        var text = ""
        for warning in precedingWarnings {
            text += "\(ProgramIdentity.name): \(warning)\n"
        }
        if let message {
            text += "\(ProgramIdentity.name): \(message)\n"
        }
        for line in details {
            text += line + "\n"
        }
        if showsUsage {
            text += ProgramIdentity.usageLine + "\n"
            text += "Try '\(ProgramIdentity.name) --help' for more information.\n"
        }
        if let hint {
            text += "\(ProgramIdentity.name): \(hint)\n"
        }
        return text
    }
}
