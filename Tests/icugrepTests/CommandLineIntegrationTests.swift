import Foundation
import Testing

/// The built icugrep binary's front end: help, version, messages and exit statuses, compared
/// with GNU grep where the two must agree.
@Suite("Command line, end to end")
struct CommandLineIntegrationTests {
    /// A directory with a few small files, made once.
    static let directory: URL = {
        // Failing to make a temporary directory is a broken test machine, not a test failure.
        try! TestProcess.makeDirectory([
            "a.txt": Data("foo\nbar\nFoo bar\n".utf8),
            "n.txt": Data((1...20).map { "\($0)\n" }.joined().utf8),
            "empty": Data(),
        ])
    }()

    /// Runs icugrep and GNU grep with `arguments` in ``directory`` and expects the same status,
    /// output and (up to the program name) errors.
    func expectSameAsGrep(
        _ arguments: [String], environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard let grep = DifferentialEnvironment.grep else { return }
        let expected = try TestProcess.run(grep, arguments, directory: Self.directory, environment: environment)
        let actual = try TestProcess.icugrep(arguments, directory: Self.directory, environment: environment)
        let command = "grep " + arguments.map(DifferentialCase.shellQuoted).joined(separator: " ")
        #expect(actual.status == expected.status, "\(command)", sourceLocation: sourceLocation)
        #expect(actual.output == expected.output, "\(command)", sourceLocation: sourceLocation)
        // grep names itself as invoked, by its full path here.
        let expectedErrors = expected.errors
            .replacingOccurrences(of: grep.path, with: "grep")
            .replacingOccurrences(of: "grep", with: "icugrep")
        #expect(actual.errors == expectedErrors,
                "\(command)", sourceLocation: sourceLocation)
    }

    /// A pattern nested deeper than the engine's reader follows is searched by ICU alone, and
    /// one ICU rejects is reported with exit status 2: no depth crashes icugrep.
    @Test func deeplyNestedPatterns() throws {
        let directory = try TestProcess.makeDirectory([
            "unbalanced": Data(String(repeating: "(", count: 6_000).utf8),
            "balanced": Data((String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)).utf8),
        ])
        let unbalanced = try TestProcess.icugrep(["-f", "unbalanced", "-"], input: Data("a\n".utf8), directory: directory)
        #expect(unbalanced.status == 2)
        #expect(unbalanced.errors.hasPrefix("icugrep: "))
        #expect(unbalanced.output.isEmpty)
        let balanced = try TestProcess.icugrep(["-f", "balanced", "-"], input: Data("a\n".utf8), directory: directory)
        #expect(balanced.status == 2, "ICU 72 rejects a nesting of 100 groups or more")
        let followed = String(repeating: "(", count: 99) + "a" + String(repeating: ")", count: 99)
        let shallower = try TestProcess.icugrep(["-c", followed, "-"], stdin: "a\nb\n")
        #expect(shallower.status == 0 && shallower.output == "1\n")
        let pastTheReader = String(repeating: "(?:", count: 101) + "a" + String(repeating: ")", count: 101)
        let unread = try TestProcess.icugrep(["-c", pastTheReader, "-"], stdin: "a\nb\n")
        #expect(unread.status == 2 || unread.output == "1\n", "searched by ICU alone when ICU takes it")
    }

    /// With -i, a line is measured in bytes with case folding's expansion: ΐ, two bytes,
    /// matches the three code points ΐ.
    @Test(arguments: [[], ["-c"], ["-w"], ["-x"], ["-o"]])
    func caseFoldingExpansionKeepsShortLines(options: [String]) throws {
        let input = Data([0x61, 0x62, 0xCE, 0x90, 0x0A])
        let pattern = "ab\u{3B9}\u{308}\u{301}"
        let arguments = options + ["-i", pattern, "-"]
        let prefiltered = try TestProcess.icugrep(arguments, input: input)
        let plain = try TestProcess.icugrep(arguments, input: input, environment: ["ICUGREP_NO_PREFILTER": "1"])
        #expect(prefiltered.status == 0, "\(options)")
        #expect(prefiltered.standardOutput == plain.standardOutput, "\(options)")
    }

    /// --help prints to standard output and exits with 0.
    @Test func helpGoesToStandardOutputWithStatusZero() throws {
        let result = try TestProcess.icugrep(["--help"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.output.hasPrefix("Usage: icugrep [OPTION]... PATTERNS [FILE]...\n"))
        #expect(result.output.contains("  -e, --regexp=PATTERNS     use PATTERNS for matching\n"))
    }

    /// --version names icugrep's version and ICU's.
    @Test func versionNamesICU() throws {
        let result = try TestProcess.icugrep(["-V"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("icugrep ") == true)
        // "ICU 72.1": the version of the library in use, as ICU reports it.
        #expect(lines.count > 1 && lines[1].hasPrefix("ICU ") && lines[1].dropFirst(4).first?.isNumber == true)
    }

    /// Option errors give grep's messages and status.
    @Test(arguments: [
        ["--foo", "x"], ["-k", "x"], ["-e"], ["--regexp"], ["--count=3", "x"], ["--no", "x"],
        ["--fi", "x"], ["--nul", "x"], ["-A", "x", "foo"], ["-A", "-1", "foo"], ["-C", "2x", "foo"],
        ["-m", "x", "foo"], ["--binary-files=foo", "x"], ["-E", "-F", "foo"], [],
        ["-999999999999999999999999", "x"], ["-D", "foo", "x"], ["-f", "nosuch", "x"],
        ["-f", "/", "x"], ["--exclude-from=nosuch", "x"], ["-u", "-k"], ["--help=x"],
    ])
    func optionErrorsAsGrep(_ arguments: [String]) throws {
        try expectSameAsGrep(arguments)
    }

    @Test(arguments: [
        // -q exits 0 at a selected line even after an error; without -q an error makes it 2.
        ["-q", "foo", "nosuch", "a.txt"], ["-q", "foo", "a.txt", "nosuch"], ["foo", "nosuch", "a.txt"],
        ["-s", "foo", "nosuch", "a.txt"], ["-qs", "zzz", "nosuch", "a.txt"],
        // Nothing can be selected: status 1 before anything is opened (except with -L).
        ["-m0", "foo", "nosuch"], ["-c", "-m0", "foo", "a.txt"], ["-f", "empty", "a.txt"],
        ["-c", "-f", "empty", "a.txt"], ["-v", "-f", "empty", "a.txt"], ["-x", "-v", "-f", "empty", "a.txt"],
        ["-L", "-f", "empty", "a.txt"], ["-L", "-m0", "foo", "a.txt", "n.txt"],
        // -L's status follows the selected lines, as in grep 3.8.
        ["-L", "zzz", "a.txt"], ["-L", "foo", "a.txt"], ["-L", "foo", "a.txt", "n.txt"],
        // Options and operands in any order; -- ends options.
        ["foo", "a.txt", "-n"], ["--", "-n", "a.txt"], ["-e", "foo", "--", "-x", "a.txt"],
        ["-12", "-1", "10", "n.txt"], ["-1v2", "10", "n.txt"], ["-2", "-A0", "10", "n.txt"],
        ["-n1", "10", "n.txt"], ["-c", "-A", " +2", "1", "n.txt"], ["-c", "-m", "-1", "1", "n.txt"],
        ["-ie", "foo", "a.txt"], ["-ei", "foo", "a.txt"], ["-Hh", "foo", "a.txt"], ["-hH", "foo", "a.txt"],
        ["-c", "-l", "foo", "a.txt", "n.txt"], ["-l", "-L", "foo", "a.txt", "n.txt"],
        ["--colo=never", "foo", "a.txt"], ["--col=always", "foo", "a.txt"], ["--with", "foo", "a.txt"],
        ["-e", "foo\nbar", "a.txt"], ["-c", "-e", "foo\n", "a.txt"], ["-d", "skip", "foo", "."],
    ])
    func statusesAsGrep(_ arguments: [String]) throws {
        try expectSameAsGrep(arguments)
    }

    /// GREP_COLORS and GREP_COLOR color output as in grep, warnings included.
    @Test(arguments: [
        ["GREP_COLOR": "1;32"], ["GREP_COLOR": "1;32", "GREP_COLORS": "mt=1;33"],
        ["GREP_COLOR": "1;32", "GREP_COLORS": "ms=1;33"], ["GREP_COLORS": "ms=1;32:ln=3a3:fn=35"],
        ["GREP_COLORS": "ms=1:=3:ln=33"], ["GREP_COLORS": "ne:ms="], ["GREP_COLORS": "sl=1:cx=2:rv"],
    ])
    func colorEnvironmentAsGrep(_ environment: [String: String]) throws {
        try expectSameAsGrep(["--color=always", "-nH", "-A1", "foo", "a.txt"], environment: environment)
        try expectSameAsGrep(["--color=always", "-v", "-A1", "bar", "a.txt"], environment: environment)
    }

    /// --color=auto does not color output to a pipe.
    @Test func colorAutoWithoutTerminalIsOff() throws {
        try expectSameAsGrep(["--color=auto", "foo", "a.txt"], environment: ["TERM": "xterm"])
        try expectSameAsGrep(["--color", "foo", "a.txt"], environment: ["TERM": "xterm"])
    }

    /// A pattern error is reported, with exit status 2, before any file is opened.
    @Test func patternErrorIsReportedBeforeAnyInput() throws {
        let result = try TestProcess.icugrep(["a(b", "nosuch"], directory: Self.directory)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("icugrep: U_REGEX_MISMATCHED_PAREN: unbalanced parentheses\n  a(b\n"))
        #expect(result.errors.hasSuffix("^\n"))
        #expect(!result.errors.contains("nosuch"))
    }

    /// Of several patterns, the one ICU rejects is shown.
    @Test func patternErrorNamesTheBadPatternOfSeveral() throws {
        let result = try TestProcess.icugrep(["-e", "ok", "-e", "x{2,1}"], stdin: "ok\n")
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("icugrep: U_REGEX_MAX_LT_MIN: "))
        #expect(result.errors.contains("\n  x{2,1}\n"))
    }

    /// An unknown WHEN of --color is an error with exit status 2.
    @Test func invalidColorWhenIsAnError() throws {
        let result = try TestProcess.icugrep(["--color=sometimes", "x"], stdin: "x\n")
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("icugrep: invalid argument ‘sometimes’ for ‘--color’\n"))
    }
}
