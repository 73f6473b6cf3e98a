import Foundation
import Testing

/// icugrep's output, byte for byte, against GNU grep 3.8 (`grep -P`, or `-F`/`-E` where the
/// case says so) on small files made for each option: prefixes, context, counts, listings,
/// `-o`, `-z`, colors, standard input, exit statuses and messages.
@Suite("Output format against GNU grep", .enabled(if: ReferenceGrep.isAvailable, "GNU grep with -P is not installed"))
struct OutputFormatTests {
    /// The files every case may name.
    static let files: [String: [UInt8]] = [
        "ctx": Array("a1\nb\nc\nd\na2\nx\n".utf8),
        "crlf": Array("foo bar\r\nbaz\r\nfoo\r\n\r\nend foo".utf8),
        "empty": [],
        "nonl": Array("one\ntwo foo".utf8),
        "utf8": Array("héllo wörld\nnaïve café\n日本語 テキスト foo\nemoji 😀 foo 😀\n".utf8),
        "words": Array("foo foobar barfoo\nfoo_bar foo-bar\n  foo  \nFOO Foo fOo\n".utf8),
        "tabs": Array("a\tb\n\tfoo\nfoo\t\n".utf8),
        "many": Array((1..<60).map { "line \($0) \($0 % 7 == 0 ? "foo" : "bar")\n" }.joined().utf8),
        "zdata": Array("one foo\0two\nbar\0three foo\0".utf8),
    ]

    static let fixture: EngineFixture? = try? EngineFixture(files)

    /// Each case: icugrep's arguments, which grep gets after `-P`.
    static let cases: [[String]] = [
        // Prefixes.
        ["a", "ctx"], ["-n", "a", "ctx"], ["-b", "a", "ctx"], ["-H", "a", "ctx"], ["-h", "a", "ctx", "crlf"],
        ["-n", "-b", "-H", "foo", "crlf", "nonl"], ["-Z", "-n", "foo", "crlf", "nonl"],
        ["-T", "a", "ctx"], ["-T", "-n", "a", "ctx"], ["-T", "-n", "-b", "a", "ctx"], ["-T", "-H", "-n", "foo", "tabs"],
        ["-T", "-n", "", "tabs"], ["-o", "-T", "-b", "foo", "tabs"],
        // Selection.
        ["-v", "a", "ctx"], ["-n", "-v", "a", "ctx"], ["-x", "foo", "crlf"], ["-w", "foo", "words"],
        ["-w", "-o", "foo", "words"], ["-x", "-n", "  foo  ", "words"], ["-i", "-o", "-n", "foo", "words"],
        ["-w", "-c", "-i", "foo", "words"], ["-w", "", "ctx"], ["-c", "-w", "", "words"], ["-n", "-x", "", "crlf"],
        ["-y", "FOO", "crlf"], ["(?i)FOO", "crlf"],
        // Line ends: CRLF lines keep their \r; `$` does not match before it.
        ["foo$", "crlf"], ["^foo.$", "crlf"], ["-c", "\\r", "crlf"], ["-c", "r.$", "crlf"], ["-o", "\\R", "crlf"],
        ["foo", "nonl"], ["-n", "two", "nonl"], ["-v", "-n", "zzz", "nonl"], ["-c", "", "crlf"], ["-c", "^", "empty"],
        // Context.
        ["-A1", "a", "ctx"], ["-B1", "a", "ctx"], ["-C1", "a", "ctx"], ["-A0", "a", "ctx"], ["-C0", "a", "ctx"],
        ["-B2", "-n", "x", "ctx"], ["-C5", "b", "ctx"], ["-A1", "a", "ctx", "crlf", "ctx"],
        ["--no-group-separator", "-A0", "a", "ctx"], ["--group-separator=XX", "-A0", "a", "ctx"],
        ["--group-separator=", "-A0", "a", "ctx"], ["-C1", "-n", "-m2", "line \\d+ foo", "many"],
        ["-B3", "-n", "line 2[18]", "many"], ["-A2", "-B1", "-n", "line [0-9]*[05] ", "many"],
        ["-v", "-A1", "-n", "bar|line [12]", "many"], ["-c", "-A1", "a", "ctx"],
        // -m.
        ["-m1", "a", "ctx"], ["-m1", "-A2", "a", "ctx"], ["-m1", "-c", "a", "ctx"], ["-m2", "-A3", "-n", "[ab]", "ctx"],
        ["-m2", "-v", "-c", "foo", "many"], ["-m3", "-n", "-B2", "foo", "many"], ["-m1", "-n", "foo", "ctx", "many", "crlf"],
        ["-m0", "foo", "crlf"], ["-m0", "-L", "foo", "crlf"],
        // -o and empty matches.
        ["-o", "a.", "ctx"], ["-o", "-b", "a.", "ctx"], ["-b", "-o", "-n", "foo", "many"], ["-o", "", "ctx"],
        ["-o", "-v", "a", "ctx"], ["-o", "-A1", "a", "ctx"], ["-o", "-v", "-A1", "[bcd]", "ctx"],
        ["-o", "-b", "é|ö|本|😀", "utf8"], ["-o", ".", "utf8"], ["-n", "foo", "utf8"],
        // Counts and listings.
        ["-c", "a", "ctx"], ["-c", "foo", "ctx", "crlf", "empty", "nonl"], ["-l", "a", "ctx", "crlf", "empty"],
        ["-L", "a", "ctx", "crlf", "empty"], ["-Z", "-l", "foo", "crlf", "nonl"], ["-Z", "-c", "foo", "crlf", "nonl"],
        ["-c", "-v", "foo", "many"], ["-T", "-c", "a", "ctx"],
        // Quiet, errors, exit status.
        ["-q", "foo", "crlf"], ["-q", "zzz", "crlf"], ["-s", "zzz", "nofile"], ["zzz", "nofile", "ctx"],
        ["foo", "nofile", "crlf"], ["-q", "foo", "nofile", "crlf"], ["-q", "foo", "crlf", "nofile"],
        ["foo", "."], ["-c", "foo", "."], ["-L", "foo", ".", "ctx"],
        // The empty pattern, several patterns.
        ["-v", "", "crlf"], ["-v", "-c", "", "crlf"], ["-v", "-L", "", "crlf"], ["-f", "/dev/null", "ctx"],
        ["-v", "-f", "/dev/null", "ctx"], ["-x", "-f", "/dev/null", "ctx"], ["-E", "-e", "foo", "-e", "bar", "crlf"],
        ["-E", "-e", "foo", "-e", "", "crlf"], ["-F", "-o", "-e", "o", "-e", "a", "crlf"], ["-F", "-x", "foo\r", "crlf"],
        // Null data.
        ["-z", "foo", "zdata"], ["-z", "-n", "foo", "zdata"], ["-z", "-c", "foo", "zdata"], ["-z", "-v", "foo", "zdata"],
        ["-z", "-o", "o+", "zdata"], ["-z", "-b", "foo", "zdata"], ["-z", "^bar", "zdata"], ["-z", "two$", "zdata"],
        ["-z", "-A1", "one", "zdata"], ["-z", "-l", "foo", "zdata"],
        // Colors.
        ["--color=always", "foo", "crlf"], ["--color=always", "-n", "-H", "-b", "foo", "crlf", "ctx"],
        ["--color=always", "-o", "-n", "-b", "foo", "crlf"], ["--color=always", "-A1", "-n", "a", "ctx"],
        ["--color=always", "-v", "-A1", "-n", "[bcd]", "ctx"], ["--color=always", "-c", "foo", "crlf", "ctx"],
        ["--color=always", "-l", "foo", "crlf", "ctx"], ["--color=always", "-Z", "-n", "foo", "crlf", "ctx"],
        ["--color=always", "-T", "-n", "foo", "crlf"], ["--color=always", "o*", "crlf"], ["--color=always", "", "crlf"],
        ["--color=always", "-w", "foo", "words"], ["--color=always", "é|ö|本|😀", "utf8"],
        ["--color=always", "-A0", "a", "ctx"],
    ]

    /// Cases run with `GREP_COLORS` set.
    static let colorCases: [(colors: String, arguments: [String])] = [
        ("sl=1:cx=2", ["--color=always", "-A1", "foo", "crlf"]),
        ("sl=1:cx=2", ["--color=always", "-v", "-A1", "-n", "foo", "crlf"]),
        ("sl=1:cx=2:rv", ["--color=always", "-v", "-A1", "-n", "foo", "crlf"]),
        ("sl=1:cx=2:rv", ["--color=always", "-A1", "-n", "foo", "crlf"]),
        ("ms=4:mc=5", ["--color=always", "-v", "-A2", "-n", "a", "ctx"]),
        ("ne", ["--color=always", "-n", "-H", "foo", "crlf"]),
        ("ms=:fn=:ln=:se=", ["--color=always", "-n", "-H", "foo", "crlf"]),
        ("mt=7", ["--color=always", "foo", "crlf"]),
        ("sl=1", ["--color=always", "", "crlf"]),
        ("sl=1", ["--color=always", "-o", "foo", "crlf"]),
        ("se=33", ["--color=always", "-A0", "a", "ctx"]),
    ]

    /// Every case gives grep's output and status. One test runs them all (``checkEveryCase``):
    /// as a parameterized test, each printed a line of its own.
    @Test func sameAsGrep() async throws {
        let directory = try #require(Self.fixture).directory
        await checkEveryCase(Self.cases) { arguments in
            try ReferenceGrep.expectSameOutput(arguments, in: directory)
        }
    }

    @Test(arguments: colorCases.map { [$0.colors] + $0.arguments })
    func sameColorsAsGrep(_ colorsAndArguments: [String]) throws {
        let fixture = try #require(Self.fixture)
        try ReferenceGrep.expectSameOutput(
            Array(colorsAndArguments.dropFirst()), in: fixture.directory,
            environment: ["GREP_COLORS": colorsAndArguments[0]])
    }

    /// Standard input: `-` and no operand, `(standard input)` and `--label`.
    @Test(arguments: [
        ["--label=LBL", "-H", "foo"], ["foo", "-", "ctx"], ["-c", "foo"], ["-n", "foo", "-"], ["-H", "-c", "foo"],
        ["-L", "zzz"], ["-o", "b*"], ["-o", "x*"], ["-n", "-o", "\\b"], ["-o", "a|ab"], ["-o", "(?<=a)b"],
        ["-T", "-n", "-b", "foo"], ["-T", "-H", "b"],
    ])
    func standardInput(_ arguments: [String]) throws {
        let fixture = try #require(Self.fixture)
        try ReferenceGrep.expectSameOutput(arguments, in: fixture.directory, input: Data("xfoo\nabbbc abab\nab cd\n".utf8))
    }
}
