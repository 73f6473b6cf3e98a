@testable import icugrep
import Testing

/// A file reader for parser tests: files are looked up in a dictionary; a missing one fails
/// like `open` does.
struct FakeFileReader: FileContentsReading {
    /// The files, by name; `-` stands for standard input.
    var files: [String: String] = [:]

    /// The bytes of `path`, or `No such file or directory`.
    func contents(ofFile path: String) throws(FileReadError) -> [UInt8] {
        guard let text = files[path] else {
            throw FileReadError(path: path, reason: "No such file or directory")
        }
        return Array(text.utf8)
    }
}

/// Parses command lines in a controlled environment, for the parser tests.
enum ParserHarness {
    /// An environment with the given variables, terminal and files.
    static func environment(
        variables: [String: String] = [:], terminal: Bool = false, files: [String: String] = [:]
    ) -> ProgramEnvironment {
        ProgramEnvironment(
            variables: variables, standardOutputIsTerminal: terminal,
            fileReader: FakeFileReader(files: files))
    }

    /// The parse result of `arguments`.
    static func parse(
        _ arguments: [String], variables: [String: String] = [:], terminal: Bool = false,
        files: [String: String] = [:]
    ) throws(CommandLineError) -> ParsedCommandLine {
        try CommandLineParser.parse(
            arguments, environment: environment(variables: variables, terminal: terminal, files: files))
    }

    /// The configuration `arguments` asks to search with; records an issue and returns the
    /// default when it is not a search.
    static func configuration(
        _ arguments: [String], variables: [String: String] = [:], terminal: Bool = false,
        files: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Configuration {
        let parsed = try parse(arguments, variables: variables, terminal: terminal, files: files)
        guard case .search(let configuration) = parsed.request else {
            Issue.record("\(arguments) is not a search", sourceLocation: sourceLocation)
            return Configuration()
        }
        return configuration
    }

    /// The error `arguments` give; records an issue when they parse.
    static func error(
        _ arguments: [String], variables: [String: String] = [:], files: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> CommandLineError? {
        do {
            _ = try parse(arguments, variables: variables, files: files)
            Issue.record("\(arguments) parsed without error", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// The standard-error text `arguments` produce.
    static func errorText(
        _ arguments: [String], files: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        error(arguments, files: files, sourceLocation: sourceLocation)?.standardErrorText ?? ""
    }

    /// The two usage lines that follow most command-line errors.
    static let usageLines = """
        Usage: icugrep [OPTION]... PATTERNS [FILE]...
        Try 'icugrep --help' for more information.

        """
}
