@testable import icugrep
import Foundation
import Testing

/// The name icugrep is invoked by chooses the default pattern syntax (``DefaultPatternSyntax``):
/// the parser's decisions, and the built binary run through links named `grep`, `egrep` and
/// `fgrep` against GNU grep run the same way.
@Suite("Program names: grep, egrep, fgrep")
struct ProgramNameTests {
    /// The configuration of `arguments` when invoked as `name` with `variables`.
    static func configuration(
        _ arguments: [String], invokedAs name: String, variables: [String: String] = [:]
    ) throws -> Configuration {
        let environment = ProgramEnvironment(
            variables: variables, standardOutputIsTerminal: false, fileReader: FakeFileReader(),
            invokedName: name)
        guard case .search(let configuration) = try CommandLineParser.parse(arguments, environment: environment).request else {
            Issue.record("\(arguments) is not a search")
            return Configuration()
        }
        return configuration
    }

    /// The error `arguments` give when invoked as `name` with `variables`, if any.
    static func error(
        _ arguments: [String], invokedAs name: String, variables: [String: String] = [:]
    ) -> CommandLineError? {
        let environment = ProgramEnvironment(
            variables: variables, standardOutputIsTerminal: false, fileReader: FakeFileReader(),
            invokedName: name)
        do {
            _ = try CommandLineParser.parse(arguments, environment: environment)
            return nil
        } catch {
            return error
        }
    }

    /// Each name's default, and an option still choosing another syntax.
    @Test func defaultSyntaxFollowsTheName() throws {
        #expect(try Self.configuration(["x"], invokedAs: "icugrep").patternSyntax == .regularExpression)
        #expect(try Self.configuration(["x"], invokedAs: "grep").patternSyntax == .basicRegexp)
        #expect(try Self.configuration(["x"], invokedAs: "egrep").patternSyntax == .extendedRegexp)
        #expect(try Self.configuration(["x"], invokedAs: "fgrep").patternSyntax == .fixedStrings)
        #expect(try Self.configuration(["x"], invokedAs: "ggrep").patternSyntax == .regularExpression)
        #expect(try Self.configuration(["-E", "x"], invokedAs: "grep").patternSyntax == .extendedRegexp)
        #expect(try Self.configuration(["-P", "x"], invokedAs: "grep").patternSyntax == .regularExpression)
        #expect(try Self.configuration(["-G", "x"], invokedAs: "icugrep").patternSyntax == .basicRegexp)
        #expect(try Self.configuration(["-E", "x"], invokedAs: "egrep").patternSyntax == .extendedRegexp)
    }

    /// egrep and fgrep are `grep -E` and `grep -F`: another matcher option conflicts; plain
    /// grep's default does not.
    @Test func egrepAndFgrepImplyTheirOption() {
        #expect(Self.error(["-F", "x"], invokedAs: "egrep")?.message == "conflicting matchers specified")
        #expect(Self.error(["-G", "x"], invokedAs: "fgrep")?.message == "conflicting matchers specified")
        #expect(Self.error(["-F", "x"], invokedAs: "grep") == nil)
        #expect(Self.error(["-P", "x"], invokedAs: "grep") == nil)
    }

    /// ICUGREP_SYNTAX overrides the name, except egrep's and fgrep's; a bad value is an error.
    @Test func environmentVariableChoosesTheDefault() throws {
        let expected: [String: Configuration.PatternSyntax] = [
            "icu": .regularExpression, "perl": .regularExpression, "basic": .basicRegexp,
            "extended": .extendedRegexp, "fixed": .fixedStrings,
        ]
        for (value, syntax) in expected {
            for name in ["icugrep", "grep"] {
                #expect(try Self.configuration(["x"], invokedAs: name, variables: ["ICUGREP_SYNTAX": value]).patternSyntax == syntax)
            }
        }
        #expect(try Self.configuration(["x"], invokedAs: "egrep", variables: ["ICUGREP_SYNTAX": "icu"]).patternSyntax == .extendedRegexp)
        #expect(try Self.configuration(["-G", "x"], invokedAs: "icugrep", variables: ["ICUGREP_SYNTAX": "fixed"]).patternSyntax == .basicRegexp)
        let error = Self.error(["x"], invokedAs: "grep", variables: ["ICUGREP_SYNTAX": "posix"])
        #expect(error?.message == "invalid ICUGREP_SYNTAX value ‘posix’; valid values are ‘icu’, ‘perl’, ‘basic’, ‘extended’, ‘fixed’")
        #expect(error?.showsUsage == false)
    }

    /// Messages name egrep and fgrep `grep`, the program their Debian scripts run.
    @Test func messageNames() {
        #expect(DefaultPatternSyntax.messageName(forInvokedName: "egrep") == "grep")
        #expect(DefaultPatternSyntax.messageName(forInvokedName: "fgrep") == "grep")
        #expect(DefaultPatternSyntax.messageName(forInvokedName: "grep") == "grep")
        #expect(DefaultPatternSyntax.messageName(forInvokedName: "icugrep") == "icugrep")
    }

    // MARK: The binary through links, against GNU grep

    /// A directory holding links named grep, egrep and fgrep to the built icugrep.
    static let linkDirectory: URL? = {
        guard let directory = try? TestProcess.makeDirectory([:]) else { return nil }
        for name in ["grep", "egrep", "fgrep"] {
            try? FileManager.default.createSymbolicLink(
                at: directory.appendingPathComponent(name), withDestinationURL: TestProcess.icugrep)
        }
        return directory
    }()

    /// The input the comparisons search.
    static let input = Data("""
        abab
        aa
        a
        word here
        sword
        (ab)
        a{2}
        a+b
        ab|cd
        cd
        x.y
        xzy
        Éa1
        123

        """.utf8)

    /// Runs the link `name` and GNU's `name` (`/usr/bin/egrep` runs `grep -E`) with the same
    /// arguments and compares output, errors and status.
    static func expectSameAsGNU(_ name: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let links = try #require(linkDirectory)
        let gnu = URL(fileURLWithPath: "/usr/bin").appendingPathComponent(name)
        var expected = try TestProcess.run(gnu, arguments, input: input)
        // GNU grep names itself by its argv[0], the full path here.
        expected.standardError = Data(expected.errors.replacingOccurrences(of: "\(gnu.path): ", with: "\(name): ").utf8)
        let actual = try TestProcess.run(links.appendingPathComponent(name), arguments, input: input)
        #expect(actual.output == expected.output, "\(name) \(arguments)", sourceLocation: sourceLocation)
        #expect(actual.errors == expected.errors, "\(name) \(arguments)", sourceLocation: sourceLocation)
        #expect(actual.status == expected.status, "\(name) \(arguments)", sourceLocation: sourceLocation)
    }

    /// Basic regular expressions by default as grep; ERE as egrep; strings as fgrep.
    @Test(.enabled(if: DifferentialEnvironment.grep != nil, "GNU grep is not installed"))
    func linksBehaveAsGNU() throws {
        for pattern in [#"\(.\)\1"#, #"a\{2\}"#, #"\<word"#, #"[[:alpha:]]"#, "a+b", #"a\+b"#, "(ab)",
                        #"ab\|cd"#, "a{2}", "x.y", "^a*$", #"\(a"#, "a\\{1"] {
            try Self.expectSameAsGNU("grep", [pattern])
            try Self.expectSameAsGNU("grep", ["-o", pattern])
        }
        for pattern in ["(.)\\1", "a{2}", "a+b", "ab|cd", "\\(ab\\)", "(a"] {
            try Self.expectSameAsGNU("egrep", [pattern])
        }
        for pattern in ["a+b", "x.y", "a{2}", "ab|cd"] {
            try Self.expectSameAsGNU("fgrep", [pattern])
        }
        try Self.expectSameAsGNU("egrep", ["-F", "a"])
        try Self.expectSameAsGNU("fgrep", ["-E", "a"])
        try Self.expectSameAsGNU("grep", ["-E", "-F", "a"])
        try Self.expectSameAsGNU("egrep", ["-k"])
        try Self.expectSameAsGNU("grep", [])
    }

    /// Invoked by its own name, icugrep keeps ICU's syntax: `a+b` is a repetition.
    @Test func icugrepKeepsICUSyntax() throws {
        let result = try TestProcess.icugrep(["-c", "a+b"], input: Self.input)
        #expect(result.output == "3\n")  // abab, (ab) and ab|cd; as grep, only the line "a+b".
    }
}

/// `--help` and `--version` under each name: GNU grep's shape (the bug-report lines last; as
/// grep, `--version`'s first line ends in the GNU grep version followed), icugrep's addresses.
@Suite("Program names: --help and --version")
struct ProgramNameHelpTests {
    /// The help marks the name's default syntax and ends with where to report bugs.
    @Test func helpNamesTheDefaultAndWhereToReportBugs() {
        let grepHelp = HelpText.text(defaultSyntax: .basicRegexp)
        #expect(grepHelp.contains("-G, --basic-regexp        PATTERNS are basic regular expressions (the default)\n"))
        #expect(grepHelp.contains("-P, --perl-regexp         PATTERNS are ICU regular expressions\n"))
        #expect(grepHelp.contains("PATTERNS are basic regular expressions unless -E, -F or -P says otherwise;\n"))
        #expect(HelpText.text.contains("-P, --perl-regexp         PATTERNS are ICU regular expressions (the default)\n"))
        let lastLines = grepHelp.split(separator: "\n").suffix(3)
        #expect(Array(lastLines) == [
            "Report bugs to: https://github.com/icugrep/icugrep/issues",
            "icugrep home page: <https://github.com/icugrep/icugrep>",
            "Full documentation: man icugrep",
        ])
    }

    /// As grep, the first line is `grep (PACKAGE) 3.8`; as icugrep, icugrep's own version.
    @Test func versionFirstLine() {
        let grepLine = VersionText.text(programName: "grep").split(separator: "\n").first ?? ""
        #expect(grepLine.hasPrefix("grep (icugrep "))
        #expect(grepLine.hasSuffix(") 3.8"))
        let ownLine = VersionText.text(programName: "icugrep").split(separator: "\n").first ?? ""
        #expect(ownLine == "icugrep \(ProgramIdentity.version)")
    }

    /// Through a link named grep: the help's first and last lines, and GNU's test suite's
    /// version check (the last word of the first line).
    @Test func throughALinkNamedGrep() throws {
        let links = try #require(ProgramNameTests.linkDirectory)
        let help = try TestProcess.run(links.appendingPathComponent("grep"), ["--help"])
        #expect(help.output.hasPrefix("Usage: grep [OPTION]... PATTERNS [FILE]...\n"))
        #expect(help.output.contains("(the default)") && help.output.contains("basic regular expressions (the default)"))
        let version = try TestProcess.run(links.appendingPathComponent("egrep"), ["--version"])
        #expect(version.output.split(separator: "\n").first?.split(separator: " ").last == "3.8")
    }
}
