import Glibc

/// The whole program: parse the command line, answer `--help` and `--version`, compile the
/// patterns, search, and decide the exit status. `main.swift` only calls ``run(arguments:environment:)``.
enum IcugrepCommand {
    /// Runs icugrep with `arguments` (without the program name) and returns the exit status.
    static func run(arguments: [String], environment: ProgramEnvironment) -> Int32 {
        if arguments.count == 1, arguments[0].hasPrefix(CompletionScripts.optionPrefix) {
            return printCompletions(String(arguments[0].dropFirst(CompletionScripts.optionPrefix.count)))
        }
        let parsed: ParsedCommandLine
        do throws(CommandLineError) {
            parsed = try CommandLineParser.parse(arguments, environment: environment)
        } catch {
            StandardStreams.writeError(error.standardErrorText)
            return CommandLineError.exitStatus
        }
        for warning in parsed.warnings {
            StandardStreams.writeError("\(ProgramIdentity.name): \(warning)\n")
        }
        switch parsed.request {
        case .help(let defaultSyntax):
            return printInformation(HelpText.text(defaultSyntax: defaultSyntax))
        case .version:
            return printInformation(VersionText.text)
        case .typeList(let text):
            return printInformation(text)
        case .search(let configuration):
            let status = search(configuration)
            if let hint = RipgrepHints.runHint(
                configuration: configuration, shortLetters: parsed.shortLettersTyped, exitStatus: status)
            {
                StandardStreams.writeError("\(ProgramIdentity.name): \(hint)\n")
            }
            return status
        }
    }

    /// `--generate-completions=SHELL`, alone on the command line: prints the completion
    /// script for `shell` (see ``CompletionScripts``); an unknown shell is a usage error.
    private static func printCompletions(_ shell: String) -> Int32 {
        guard let shell = CompletionScripts.Shell(rawValue: shell) else {
            let names = CompletionScripts.Shell.allCases.map { "‘\($0.rawValue)’" }.joined(separator: ", ")
            StandardStreams.writeError(
                "\(ProgramIdentity.name): unknown shell ‘\(shell)’ for --generate-completions; valid shells are \(names)\n")
            return ExitStatus.trouble
        }
        return printInformation(CompletionScripts.script(for: shell))
    }

    /// Prints the help or version text; exits with 0, or 2 when standard output fails.
    private static func printInformation(_ text: String) -> Int32 {
        guard StandardStreams.writeOutput(text) else {
            let reason = SystemErrorText.describe(errno)
            StandardStreams.writeError("\(ProgramIdentity.name): write error: \(reason)\n")
            return ExitStatus.trouble
        }
        return ExitStatus.selected
    }

    /// Compiles the patterns and searches; a pattern error is reported before any input is
    /// read.
    private static func search(_ configuration: Configuration) -> Int32 {
        if configuration.listsFiles {
            return ExitStatus.afterSearch(FileListing(configuration: configuration).run(), quiet: false)
        }
        // --json still writes its summary, as ripgrep does (the search run does that).
        if ExitStatus.nothingCanBeSelected(configuration) && !(configuration.json && configuration.outputMode == .lines) {
            return ExitStatus.nothingSelected
        }
        var configuration = configuration
        let translation = POSIXPatternStep.apply(to: &configuration)
        for message in translation.messages {
            StandardStreams.writeError("\(ProgramIdentity.name): \(message)\n")
        }
        if translation.failed {
            return ExitStatus.trouble
        }
        let searchRun: SearchRun
        do throws(SearchRun.PatternError) {
            searchRun = try SearchRun(configuration: configuration)
        } catch {
            StandardStreams.writeError(PatternErrorReport.text(for: error))
            return ExitStatus.trouble
        }
        if let warning = searchRun.lineEndWarning, !configuration.noMessages {
            StandardStreams.writeError("\(ProgramIdentity.name): \(warning)\n")
        }
        let outcome = searchRun.run()
        return ExitStatus.afterSearch(outcome, quiet: configuration.outputMode == .quiet)
    }
}
