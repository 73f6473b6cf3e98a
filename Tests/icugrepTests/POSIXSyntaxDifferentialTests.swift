import Foundation
import Testing

/// icugrep's `-G` and `-E` against GNU grep's, case by case: the same pattern and options on
/// the same input, comparing standard output byte for byte, standard error (with the program
/// names made equal) and the exit status.
///
/// The cases cover every rule of GNU grep 3.8's two syntaxes that the translator follows, in
/// the spirit of GNU grep's own `bre.tests`, `ere.tests` and `spencer1.tests` (written here,
/// not copied: those files are GPL). Debian's grep 3.8 hides the stray-backslash warnings
/// unless `DEB_GREP_ENABLE_STRAY_BACKSLASH_WARN` is set; GNU grep 3.8 prints them, and so does
/// icugrep, so the reference runs with it set.
@Suite(
    "Differential: -G and -E against GNU grep",
    .enabled(if: DifferentialEnvironment.grep != nil, "GNU grep is not installed"))
struct POSIXSyntaxDifferentialTests {
    /// The input every case searches.
    static let input = Data("""
        a
        ab
        abc
        abcd
        *a
        {1}a
        1}a
        ()
        b
        a{1
        aa
        abba
        ba
        a+
        +a
        ?a
        x y
        foo bar
        _w
        é
        École
        ١٢
        [x]
        a\\b
        ^a
        a$
        |
        beriberi
        xyz abc
        a-c
        a]b
        a:b
        tab\there
        weeknights
        /* x */ y /* z */
        ABC
        Straße
        123-456
        """.utf8 + [0x0A])

    /// One case: the syntax option, other options, and the pattern (after `-e`).
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// Patterns with the syntaxes they are run in and the options each is run with.
    static let patterns: [(syntaxes: [String], pattern: String)] = {
        let both = ["-G", "-E"]
        let bre = ["-G"]
        let ere = ["-E"]
        return [
            // Literals, `.`, anchors.
            (both, "abc"), (both, "a.c"), (both, "^ab"), (both, "c$"), (both, "^abc$"), (both, "^"), (both, "$"),
            (both, "^$"), (both, "a^b"), (both, "a$b"), (bre, "^*"), (bre, "^**"), (bre, "$a"), (bre, "a\\$"),
            (both, "^^a"), (bre, "\\(^a\\)"), (bre, "x\\(^a\\)"), (bre, "\\(a$\\)"), (bre, "a$\\|b"), (bre, "a\\|^b"),
            (ere, "(^a)"), (ere, "a|^b"), (ere, "b$|^x"), (both, "\\`a"), (both, "a\\'"),
            // Repetition.
            (both, "ab*c"), (both, "ab*bc"), (bre, "ab\\+c"), (ere, "ab+c"), (bre, "ab\\?c"), (ere, "ab?c"),
            (bre, "a+"), (bre, "+a"), (bre, "?a"), (bre, "\\+a"), (bre, "\\?a"), (bre, "a\\|\\+b"),
            (both, "*a"), (bre, "**a"), (bre, "\\(*a\\)"), (bre, "a\\|*b"), (both, "a**"), (ere, "a+*"), (ere, "a?+"),
            (ere, "**a"), (ere, "+a"), (ere, "?a"), (ere, "a|*b"), (ere, "(+a)"), (ere, "(*a)"), (ere, "(*)"),
            // Intervals.
            (bre, "a\\{2\\}"), (bre, "a\\{1,\\}b"), (bre, "a\\{,2\\}c"), (bre, "a\\{,\\}"), (bre, "ab\\{0\\}c"),
            (bre, "a\\{1\\}\\{2\\}"), (bre, "a*\\{2\\}"), (bre, "\\{1\\}a"), (bre, "a\\|\\{1\\}b"), (bre, "\\{"),
            (bre, "a\\}"), (bre, "\\}"), (bre, "a{1"), (bre, "a{1}"), (ere, "a{2}"), (ere, "a{1,}b"), (ere, "a{,2}c"),
            (ere, "a{,}"), (ere, "ab{0}c"), (ere, "a{1}{2}"), (ere, "a*{2}"), (ere, "{1"), (ere, "a{1"), (ere, "a{1a}"),
            (ere, "a{1,x"), (ere, "a{b"), (ere, "a\\{1\\}"), (both, "[0-9]\\{3\\}-[0-9]\\{3\\}"),
            (ere, "[0-9]{3}-[0-9]{3}"), (ere, "a[ab]{3}"),
            // Groups, alternation, back-references.
            (bre, "\\(ab\\)c"), (bre, "a(b"), (bre, "a)"), (bre, "\\(\\)"), (bre, "a\\(\\)b"), (ere, "a(b)c"), (ere, "a\\(b"),
            (ere, "a)"), (ere, ")"), (ere, "()"), (ere, "a()b"), (ere, "(|a)"), (ere, "a||b"), (ere, "|a"), (ere, "a|"),
            (bre, "\\|a"), (bre, "a\\|b"), (ere, "a\\|b"), (ere, "ab|cd"), (ere, "(a|b)c*d"), (ere, "((a))"),
            (ere, "(wee|week)(knights|night)"), (ere, "(a+|b)*"), (ere, "a|b|c|d"),
            (bre, "\\(a\\)\\1"), (bre, "\\(a\\|b\\)*\\1"), (bre, "\\(.\\)\\1"), (bre, "\\(a\\)\\(b\\)\\2\\1"),
            (bre, "\\(\\(a\\)\\2\\)"), (bre, "\\(a\\)\\10"), (bre, "\\(....\\).*\\1"), (ere, "(....).*\\1"),
            (ere, "(a)\\1"), (ere, "(a)(b)\\2\\1"), (bre, "\\(a*\\)*\\1b"),
            // Word constructs and classes.
            (both, "\\<a"), (both, "a\\>"), (both, "\\bb"), (both, "\\Bb"), (both, "\\w\\w"), (both, "\\W"),
            (both, "\\s"), (both, "\\S\\S\\S\\S\\S"), (both, "\\<\\w*\\>"), (both, "\\<"), (both, "\\b"), (both, "\\B"),
            // Bracket expressions.
            (both, "a[bc]d"), (both, "a[b-d]"), (both, "a[-b]"), (both, "a[b-]"), (both, "a[]]b"), (both, "a[^]b]c"),
            (both, "a[^-b]c"), (both, "[]-a]"), (both, "[--z]"), (both, "[[:alpha:]]"), (both, "[[:alpha:][:digit:]]"),
            (both, "[[:upper:]]"), (both, "[[:lower:]]"), (both, "[[:punct:]]"), (both, "[[:space:]]"),
            (both, "[[:blank:]]"), (both, "[^[:alnum:]]"), (both, "[[:xdigit:]]\\{2\\}"), (both, "[[:cntrl:]]"),
            (both, "[[:graph:]]"), (both, "[[:print:]]"), (both, "[[=a=]]"), (both, "[[.a.]-c]"), (both, "[a-[.c.]]"),
            (both, "[[.-.]]"), (both, "[[.].]]"), (both, "[\\]"), (both, "[\\w]"), (both, "[\\[]"), (both, "[&&]"),
            (both, "[a--]"), (both, "[:a]"), (both, "[a:]"), (both, "[é]"), (both, "[^a-z]"), (both, "[x-]"),
            (both, "[[:alpha:]]\\{2\\}"), (both, "[[a]"),
            // Escapes and stray backslashes.
            (both, "a\\\\b"), (both, "\\."), (both, "\\*"), (both, "\\["), (both, "\\]"), (both, "\\^"), (both, "\\$"),
            (both, "\\%"), (both, "\\ "), (both, "\\d"), (both, "\\a"), (both, "\\é"), (both, "\\t"), (both, "\\x41"),
            (both, "\\{"), (both, "\\}"), (both, "\\0"), (both, "\\_"), (both, "\\/\\*"),
            // Errors.
            (both, "a\\"), (both, "["), (both, "[^"), (both, "[a"), (both, "[]"), (both, "[^]"), (both, "[[:alpha:]"),
            (both, "[[:foo:]]"), (both, "[[=é=]]"), (both, "[[.hyphen.]]"), (both, "[z--]"), (both, "[a-c-e]"),
            (both, "[[=a=]-c]"), (both, "[b-a]"), (both, "[:alpha:]"), (both, "[^:space:]"), (bre, "\\("), (bre, "\\)"),
            (bre, "a\\(b"), (ere, "(a"), (ere, "a(b"), (ere, "(*)b"), (bre, "a\\{1"), (bre, "a\\{1,2"), (bre, "a\\{1a\\}"),
            (bre, "a\\{a"), (bre, "a\\{"), (bre, "a\\{\\}"), (ere, "a{}"), (bre, "a\\{2,1\\}"), (ere, "a{2,1}"),
            (both, "a\\{32768\\}"), (ere, "a{32768}"), (bre, "\\1"), (ere, "\\1"), (bre, "\\(a\\)\\2"),
            (bre, "\\(a\\1\\)"), (bre, "\\(a\\)\\|b\\1"), (ere, "(a)|b\\1"),
        ]
    }()

    /// The options each pattern runs with; `-o` only where GNU grep and icugrep agree by
    /// design (see ``knownDifferences``).
    static let optionSets: [[String]] = [[], ["-o"], ["-c", "-i"], ["-x"], ["-w"], ["-n", "-v"]]

    /// Where GNU grep's two matchers disagree and icugrep follows the one that selects lines
    /// without `-o`, `-w` or `-x` (the DFA), while GNU grep uses glibc's for those options;
    /// and where POSIX's longest match differs from ICU's first one. Documented in the manual.
    static let knownDifferences: Set<String> = [
        "-E -o -e (*a)", "-E -o -e **a", "-E -o -e +a", "-E -o -e ?a", "-E -o -e *a", "-E -o -e a|*b", "-E -o -e (+a)",
        "-E -w -e *a", "-E -x -e *a", "-E -w -e **a", "-E -w -e +a", "-E -w -e ?a", "-E -w -e (+a)", "-E -w -e (*a)",
        "-E -w -e a|*b", "-E -x -e **a", "-E -x -e +a", "-E -x -e ?a", "-E -x -e (+a)", "-E -x -e (*a)",
        "-E -x -e a|*b", "-E -o -e {1", "-E -w -e {1", "-E -x -e {1",
        "-E -o -e (a+|b)*", "-E -o -e (wee|week)(knights|night)",
        // GNU grep's -w retries a failed match shorter and skips empty ones; icugrep's -w is
        // the wrapper (?<!\w)(?:P)(?!\w), here as with -P (`-P -w 'x*'` differs the same way).
        "-G -w -e ^**",
    ]

    static let cases: [Case] = patterns.flatMap { entry in
        entry.syntaxes.flatMap { syntax in
            optionSets.compactMap { options in
                let arguments = [syntax] + options + ["-e", entry.pattern]
                return knownDifferences.contains(arguments.joined(separator: " ")) ? nil : Case(arguments: arguments)
            }
        }
    }

    /// Every case gives GNU grep's output and status. One test runs all of them
    /// (``checkEveryCase``): as a parameterized test, each printed a line of its own.
    @Test func sameAsGNUGrep() async {
        await checkEveryCase(Self.cases) { testCase in
            try Self.compare(testCase.arguments, input: Self.input)
        }
    }

    /// Several patterns, `-f` files and GNU grep's order of messages: every regcomp error
    /// (with `FILE:LINE: `), else the warnings up to the DFA parser's first error; repeated
    /// patterns dropped first.
    @Test(arguments: [
        ["-G", "-f", "patterns.txt"], ["-G", "-e", "\\(", "-f", "patterns.txt"], ["-E", "-f", "patterns.txt", "-e", "b("],
        ["-G", "-e", "a\\%", "-e", "[:space:]", "-e", "b\\%"], ["-G", "-e", "a\\%", "-e", "\\("],
        ["-G", "-e", "\\(", "-e", "\\("], ["-E", "-e", "*a", "-e", "a\\%"], ["-G", "-f", "good.txt"],
        ["-G", "-x", "-e", "\\%"], ["-E", "-w", "-e", "a\\%", "-e", "a\\%"], ["-G", "-f", "good.txt", "-f", "good.txt"],
        ["-E", "-i", "-e", "[]-a]"], ["-G", "-i", "[[:upper:]]"], ["-E", "-o", "-i", "straße|abc"],
        ["-E", "-c", "-e", "(a)\\1", "-e", "b"], ["-G", "-z", "-c", "a.b"],
        // With -i, a range's ends are read upper-cased (a finding of the posix-translator fuzzer).
        ["-G", "-i", "-o", "[a-\\]"], ["-E", "-i", "-o", "[A-z]"], ["-E", "-i", "-o", "[0-a]"], ["-G", "-i", "-o", "[b-[]"],
    ])
    func severalPatterns(_ arguments: [String]) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("icugrep-posix-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("a\n\\(\nb\\%\n[[:foo:]]\n".utf8).write(to: directory.appendingPathComponent("patterns.txt"))
        try Data("x\\%\nab\n\\<b\n".utf8).write(to: directory.appendingPathComponent("good.txt"))
        try Self.compare(arguments, input: Self.input, directory: directory)
    }

    /// Runs GNU grep and icugrep with `arguments` and records every difference.
    static func compare(
        _ arguments: [String], input: Data, directory: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let grep = try #require(DifferentialEnvironment.grep)
        let expected = try TestProcess.run(
            grep, arguments, input: input, directory: directory,
            environment: ["DEB_GREP_ENABLE_STRAY_BACKSLASH_WARN": "1"])
        let actual = try TestProcess.run(TestProcess.icugrep, arguments, input: input, directory: directory)
        let command = arguments.joined(separator: " ")
        #expect(actual.status == expected.status, "exit status \(actual.status), grep's \(expected.status): \(command)",
                sourceLocation: sourceLocation)
        if actual.standardOutput != expected.standardOutput {
            Issue.record(Comment(rawValue: OutputDifference.describe(
                actual: actual.standardOutput, expected: expected.standardOutput, command: command)),
                sourceLocation: sourceLocation)
        }
        let expectedErrors = expected.errors.replacingOccurrences(of: "\(grep.path): ", with: "icugrep: ")
        #expect(actual.errors == expectedErrors, "standard error differs: \(command)", sourceLocation: sourceLocation)
    }
}
