import Foundation
import ICURegex
import Testing

/// Cases that GNU grep 3.8's own test suite (`Tools/run-gnu-grep-tests.sh`) found, each
/// written here anew and compared with GNU grep where it is installed.
@Suite("Cases from GNU grep's test suite")
struct GNUSuiteRegressionTests {
    /// `skip-read`: no pattern at all (`-f /dev/null`) with `-L`, in every syntax. With `-G`
    /// and `-E` this crashed (the patterns' translations were empty while the patterns were
    /// not).
    @Test(arguments: [[String](), ["-E"], ["-G"], ["-F"], ["-P"]])
    func noPatternsWithFilesWithoutMatch(_ syntax: [String]) throws {
        let result = try TestProcess.icugrep(["-L", "-f", "/dev/null"] + syntax + ["/dev/null"])
        #expect(result.output == "/dev/null\n")
        #expect(result.errors.isEmpty)
        #expect(result.status == 1)
        if ReferenceGrep.isAvailable, !syntax.contains("-P") {
            let grep = try #require(ReferenceGrep.executable)
            let expected = try TestProcess.run(grep, ["-L", "-f", "/dev/null"] + syntax + ["/dev/null"])
            #expect(result.output == expected.output && result.status == expected.status)
        }
    }

    /// `stack-overflow`: groups nested ten thousand deep crashed the reading of -E and -G
    /// patterns (unbounded recursion); now a nesting that deep is refused in the words GNU grep
    /// uses when its stack overflows.
    @Test func deeplyNestedGroups() throws {
        let deep = String(repeating: "(", count: 10_000)
        let refused = try TestProcess.icugrep(["-E", "-e", deep], stdin: "x\n")
        #expect(refused.status == 2)
        #expect(refused.errors == "icugrep: stack overflow\n")
        #expect(refused.output.isEmpty)
        // From -f too, without the FILE:LINE: that regcomp's errors get (GNU grep's stack
        // guard names no pattern).
        let directory = try TestProcess.makeDirectory(["deep": Data(deep.utf8)])
        let fromFile = try TestProcess.icugrep(["-E", "-f", "deep"], directory: directory)
        #expect(fromFile.errors == "icugrep: stack overflow\n" && fromFile.status == 2)
        // Within the limit the reading completes; ICU may then refuse a pattern that deep
        // (an error, status 2), but nothing crashes. Shallower nesting matches.
        let withinLimit = String(repeating: "(", count: 1_500) + "a" + String(repeating: ")", count: 1_500)
        let deepResult = try TestProcess.icugrep(["-E", "-c", withinLimit], stdin: "a\nb\n")
        #expect(deepResult.status == 0 || deepResult.status == 2)
        let nested = String(repeating: "(", count: 20) + "a" + String(repeating: ")", count: 20)
        #expect(try TestProcess.icugrep(["-E", "-c", nested], stdin: "a\nb\n").output == "1\n")
        let basic = String(repeating: "\\(", count: 20) + "a" + String(repeating: "\\)", count: 20)
        #expect(try TestProcess.icugrep(["-G", "-c", basic], stdin: "a\nb\n").output == "1\n")
    }

    /// `hangul-syllable`, `backslash-s-vs-invalid-multibyte`: in GNU grep, `.`, `\S`, `\W`,
    /// `[^x]` and classes never match an encoding error, even with `-a`, while they match a
    /// valid character such as U+D45C; in the C locale they match every byte. Each pattern on a line with an invalid byte, on the same line with the
    /// character in its place, and on characters at the edges of UTF-8's ranges. (A real
    /// U+FFFD, which stands for an encoding error in the searched text, is left out: those
    /// constructs do not match it either, where GNU grep's do; so is `F4 90 80 80`, above
    /// U+10FFFF, which glibc's regex, unlike GNU grep's `.`, reads as one character.)
    @Test func encodingErrorsAreMatchedByNothing() throws {
        let lines: [[UInt8]] = [
            [0x61, 0x82, 0x62], [0x61, 0xC3, 0x62], [0x61, 0xED, 0xA0, 0x80, 0x62], [0x61, 0xF0, 0x80, 0x80, 0x80, 0x62],
            [0x61, 0xED, 0x91, 0x9C, 0x62], [0x61, 0xF4, 0x8F, 0xBF, 0xBF, 0x62],
            [0x61, 0xC2, 0x80, 0x62], [0x82], [0x61, 0x20, 0x62],
        ]
        let input = Data(lines.flatMap { $0 + [0x0A] })
        let cases: [[String]] = [
            ["-a", "a.b"], ["-a", "a[^x]b"], ["-a", #"a\Sb"#], ["-a", #"a\Wb"#], ["-a", "a[[:punct:]]b"],
            ["-a", "^.*$"], ["-ax", ".*"], ["-axv", ".*"], ["-a", #"^\S$"#], ["-a", #"^\s$"#],
            ["-a", "-E", "a(.|x)b"], ["-ac", "-E", #"[[:print:]]b"#], ["-a", "-o", "-E", "a.?"], ["-c", "a.b"],
        ]
        // In the C locale (`c-locale`, `unibyte-binary`) every byte is a character, which `.`
        // and the like match (compared on lines whose invalid bytes stand alone: icugrep still
        // reads valid UTF-8 as characters there, GNU grep as bytes).
        let singleBytes = Data([0x61, 0x82, 0x62, 0x0A, 0x61, 0xFF, 0x62, 0x0A, 0x80, 0x0A, 0x61, 0x20, 0x62, 0x0A, 0x61, 0x62, 0x0A])
        let byteCases: [[String]] = [["-a", "a.b"], ["-a", "a[^x]b"], ["-a", #"a\Sb"#], ["-a", #"a\Wb"#], ["-a", "^.$"],
                                     ["-axv", ".*"], ["-c", "a.b"], ["a.b"]]
        for (arguments, locale, text) in cases.map({ ($0, "C.UTF-8", input) }) + byteCases.map({ ($0, "C", singleBytes) }) {
            let result = try TestProcess.icugrep(["-G"] + arguments, input: text, environment: ["LC_ALL": locale])
            if let grep = DifferentialEnvironment.grep {
                let expected = try TestProcess.run(grep, ["-G"] + arguments, input: text, environment: ["LC_ALL": locale])
                #expect(result.standardOutput == expected.standardOutput, "\(arguments) \(locale)")
                #expect(result.status == expected.status, "\(arguments) \(locale)")
            }
        }
        let everyByte = try TestProcess.icugrep(["-c", "-G", "^.$"], input: Data([0x80, 0x0A, 0xFF, 0x0A]), environment: ["LC_ALL": "C"])
        #expect(everyByte.output == "2\n")
        // `utf8-bracket`: `.` with -z in the C locale (an empty negated set once).
        for syntax in ["-G", "-E"] {
            for pattern in ["1.2", "[1-2][^a][1-2]"] {
                let nullData = try TestProcess.icugrep(["-qz", syntax, pattern], input: Data("1\n2\n".utf8), environment: ["LC_ALL": "C"])
                #expect(nullData.status == 0 && nullData.errors.isEmpty, "\(syntax) \(pattern)")
            }
        }
        // Without GNU grep too: the idiom that lists lines with an encoding error, and the
        // valid characters that `.` matches.
        let invalid = try TestProcess.icugrep(["-G", "-axv", ".*"], input: input)
        #expect(invalid.standardOutput == Data(([0, 1, 2, 3, 7] as [Int]).flatMap { lines[$0] + [0x0A] }))
        let valid = try TestProcess.icugrep(["-E", "-c", "^a.b$"], input: input)
        #expect(valid.output == "4\n")  // a U+D45C b, a U+10FFFF b, a U+0080 b, "a b"
    }

    /// `filename-lineno.pl` and `pcre-wx-backref`: as `grep`, a pattern ICU rejects with `-P`
    /// is one line, `grep: ` and PCRE2's words for the error, as GNU grep prints it (icugrep's
    /// own name keeps ICU's name of the error and the caret).
    @Test func perlPatternErrorsAsGrep() throws {
        let links = try #require(ProgramNameTests.linkDirectory)
        let grep = links.appendingPathComponent("grep")
        let cases: [([String], String)] = [
            ([")"], "unmatched closing parenthesis"), (["a.*)"], "unmatched closing parenthesis"),
            (["(()"], "missing closing parenthesis"), (["())"], "unmatched closing parenthesis"),
            (["[(])"], "unmatched closing parenthesis"), ([#"\Q)\E("#], "missing closing parenthesis"),
            (["-w", #"(.)\2"#], "reference to non-existent subpattern"),
            (["-x", #"(.)\2"#], "reference to non-existent subpattern"),
            (["[a"], "missing terminating ] for character class"), (["[z-a]"], "range out of order in character class"),
            (["a{3,2}"], "numbers out of order in {} quantifier"),
        ]
        for (arguments, words) in cases {
            let result = try TestProcess.run(grep, ["-P"] + arguments, input: Data("aa\n".utf8))
            #expect(result.errors == "grep: \(words)\n", "\(arguments)")
            #expect(result.status == 2 && result.output.isEmpty)
            if let gnu = DifferentialEnvironment.grep {
                let expected = try TestProcess.run(gnu, ["-P"] + arguments, input: Data("aa\n".utf8))
                #expect(expected.errors.hasSuffix(": \(words)\n"), "\(arguments)")
            }
        }
        let own = try TestProcess.icugrep(["-P", ")"], stdin: "x\n")
        #expect(own.errors.hasPrefix("icugrep: U_REGEX_MISMATCHED_PAREN: "))
    }

    /// `filename-lineno.pl`'s `backtracking-with-file`: as `grep`, a `-P` search stopped at its
    /// limit is reported in GNU grep's words, with the file's name; status 2. As icugrep, and
    /// with `-E`, icugrep's own warning names the line.
    @Test func limitReachedAsGrep() throws {
        let links = try #require(ProgramNameTests.linkDirectory)
        let directory = try TestProcess.makeDirectory(["f": Data((String(repeating: "a", count: 28) + "b\nab\n").utf8)])
        let arguments = ["--time-limit=0.05", "((a+)*)+$", "f"]
        let asGrep = try TestProcess.run(links.appendingPathComponent("grep"), ["-P"] + arguments, directory: directory)
        #expect(asGrep.errors == "grep: f: exceeded PCRE's backtracking limit\n")
        #expect(asGrep.output == "ab\n" && asGrep.status == 2)
        let own = try TestProcess.icugrep(arguments, directory: directory)
        #expect(own.errors == "icugrep: f: line at byte 0: the pattern exceeded its time limit; line skipped\n")
        let extended = try TestProcess.run(links.appendingPathComponent("grep"), ["-E"] + arguments, directory: directory)
        #expect(!extended.errors.contains("PCRE"))
    }

    /// `help-version`: as `grep`, `--help` gives GNU grep's bug-report address too (for what
    /// GNU grep 3.8 does the same way), after icugrep's own.
    @Test func helpAsGrepNamesGNUsAddress() throws {
        let links = try #require(ProgramNameTests.linkDirectory)
        let help = try TestProcess.run(links.appendingPathComponent("grep"), ["--help"])
        #expect(help.output.contains("Report bugs to: https://github.com/icugrep/icugrep/issues\nBugs GNU grep 3.8 shares: bug-grep@gnu.org\n"))
        let own = try TestProcess.icugrep(["--help"])
        #expect(!own.output.contains("bug-grep@gnu.org"))
    }

    /// `pcre`: with `-z`, `$` matches only at the record's very end, not also before a newline
    /// that ends it (GNU grep's DFA, and PCRE2's `DOLLAR_ENDONLY` for `-P`); `^` and `$` still
    /// do not match at a newline inside a record.
    @Test func endAnchorWithNullData() throws {
        let input = Data("x\n\0a\nb\0y\0".utf8)
        let cases: [[String]] = [
            ["-P", "x$"], ["-G", "x$"], ["-E", "x$"], ["-P", "b$"], ["-G", "^b"], ["-P", "[$]"], ["-P", #"\$"#],
            ["-P", "(?m)x$"], ["-E", "(x|y)$"], ["-P", #"\Q$\E|y$"#], ["-G", #"a\(\)$"#],
        ]
        let expected: [String: String] = [
            "x$": "", "b$": "a\nb\0", "^b": "", "[$]": "", #"\$"#: "", "(?m)x$": "x\n\0", "(x|y)$": "y\0",
            #"\Q$\E|y$"#: "y\0", #"a\(\)$"#: "",
        ]
        for arguments in cases {
            let result = try TestProcess.icugrep(["-z"] + arguments, input: input)
            #expect(result.output == expected[arguments[1]], "\(arguments)")
            if let grep = DifferentialEnvironment.grep {
                let reference = try TestProcess.run(grep, ["-z"] + arguments, input: input)
                #expect(result.output == reference.output, "\(arguments)")
            }
        }
        #expect(PatternAssembler.endAnchorsAtTextEnd(#"a$|[$\]]\$\Q$\E(?i:b$)"#) == #"a\z|[$\]]\$\Q$\E(?i:b\z)"#)
        #expect(PatternAssembler.endAnchorsAtTextEnd("(?im)a$") == "(?im)a$")
        // An error's caret stays under the pattern as given.
        let error = try TestProcess.icugrep(["-zP", "a$$$(b"], stdin: "a\0")
        #expect(error.errors.hasSuffix("\n  a$$$(b\n        ^\n"), "\(error.errors)")
    }

    /// True when the system has the locale `name` (a test in a locale it lacks would run in C).
    static func hasLocale(_ name: String) -> Bool {
        guard let locale = newlocale(1 << LC_CTYPE | 1 << LC_COLLATE, name, nil) else { return false }
        freelocale(locale)
        return true
    }

    /// `turkish-eyes`: in a Turkish locale, `-i` pairs `i` with `İ` and `I` with `ı` (glibc's
    /// `towupper` and `towlower` there), with `-G`, `-E` and `-F`, and so does `-o`; ICU's own
    /// folding pairs `i` with `I`. Bracket expressions decide the four letters before a
    /// negation. Compared with GNU grep's output (written down, and GNU grep itself where
    /// installed), and with the prefilter off.
    @Test(.enabled(if: hasLocale("tr_TR.UTF-8"), "no tr_TR.UTF-8 locale"))
    func turkishCaseFolding() throws {
        let input = Data("I:\u{130} \u{131}:i\nI\ni\n\u{131}\n\u{130}\nx\n".utf8)
        let dotted = ["i", "\u{130}"], dotless = ["I", "\u{131}"]
        var cases: [(arguments: [String], expected: String)] = []
        for syntax in ["-G", "-E", "-F"] {
            for (pattern, letters) in [("i", dotted), ("\u{130}", dotted), ("I", dotless), ("\u{131}", dotless)] {
                let lines = ["I:\u{130} \u{131}:i"] + letters
                cases.append(([syntax, "-i", pattern], lines.map { $0 + "\n" }.joined()))
                cases.append(([syntax, "-o", "-i", pattern], letters == dotted ? "\u{130}\ni\ni\n\u{130}\n" : "I\n\u{131}\nI\n\u{131}\n"))
            }
            cases.append(([syntax, "-o", "-i", "\u{131}:i I:\u{130}"], "I:\u{130} \u{131}:i\n"))
            cases.append(([syntax, "-x", "-i", "I:\u{130} \u{131}:i"], "I:\u{130} \u{131}:i\n"))
            cases.append(([syntax, "i"], "I:\u{130} \u{131}:i\ni\n"))
        }
        for (pattern, expected) in [
            ("[i]", "i \u{130}"), ("[^i]", "I \u{131} x"), ("[I\u{131}]", "I \u{131}"), ("[^I]", "i \u{130} x"),
            ("[[:lower:]]", "I i \u{131} \u{130} x"), ("[iI]", "I i \u{131} \u{130}"), ("[^iI]", "x"),
            ("x\\|[=i=]", "i \u{130} x"), ("i*\\(I\\)", "I \u{131}"),
        ] {
            cases.append((["-G", "-i", "-x", pattern], expected.split(separator: " ").map { $0 + "\n" }.joined()))
        }
        for (arguments, expected) in cases {
            let result = try TestProcess.icugrep(arguments, input: input, environment: ["LC_ALL": "tr_TR.UTF-8"])
            let unfiltered = try TestProcess.icugrep(
                arguments, input: input, environment: ["LC_ALL": "tr_TR.UTF-8", "ICUGREP_NO_PREFILTER": "1"])
            #expect(result.output == expected, "\(arguments)")
            #expect(unfiltered.output == result.output, "\(arguments)")
            if let grep = DifferentialEnvironment.grep {
                let reference = try TestProcess.run(grep, arguments, input: input, environment: ["LC_ALL": "tr_TR.UTF-8"])
                #expect(result.output == reference.output, "\(arguments)")
            }
        }
        // Elsewhere, and with ICU's syntax, ICU's folding stays: `i` is `I`.
        let english = try TestProcess.icugrep(["-G", "-i", "-x", "i"], input: input, environment: ["LC_ALL": "en_US.UTF-8"])
        #expect(english.output == "I\ni\n")
        let icu = try TestProcess.icugrep(["-P", "-i", "-x", "i"], input: input, environment: ["LC_ALL": "tr_TR.UTF-8"])
        #expect(icu.output == "I\ni\n")
    }

    /// `equiv-classes`: in a collating locale such as en_US.UTF-8, `[=a=]` holds every
    /// character glibc weighs as `a` at the first level (`à`, `A`, `ª`, `ａ`, `ⓐ`…), and
    /// takes any one character; C.UTF-8 and C have no collation, and there it is `a` alone.
    @Test(.enabled(if: hasLocale("en_US.UTF-8"), "no en_US.UTF-8 locale"))
    func equivalenceClassesByCollation() throws {
        let lines = ["a", "\u{E0}", "A", "\u{C5}", "\u{AA}", "\u{FF41}", "\u{24D0}", "\u{1D41A}", "b", "\u{E6}", "\u{251}", "e", "\u{C9}", "!", ","]
        let input = Data(lines.map { $0 + "\n" }.joined().utf8)
        let cases: [(arguments: [String], locale: String, expected: String?)] = [
            (["-G", "[[=a=]]"], "en_US.UTF-8", "a \u{E0} A \u{C5} \u{AA} \u{FF41} \u{24D0} \u{1D41A}"),
            (["-E", "^[^[=a=]b]$"], "en_US.UTF-8", "\u{E6} \u{251} e \u{C9} ! ,"),
            (["-G", "[[=\u{E9}=]]"], "en_US.UTF-8", "e \u{C9}"),
            (["-G", "[[=!=]]"], "en_US.UTF-8", "! ,"),
            (["-G", "[[=a=]]"], "C.UTF-8", "a"),
            (["-G", "[[=a=]]"], "C", "a"),
            (["-G", "[[=\u{E9}=]]"], "C.UTF-8", nil),
            (["-G", "[[=ab=]]"], "en_US.UTF-8", nil),
        ]
        for (arguments, locale, expected) in cases {
            let result = try TestProcess.icugrep(arguments, input: input, environment: ["LC_ALL": locale])
            if let expected {
                #expect(result.output == expected.split(separator: " ").map { $0 + "\n" }.joined(), "\(arguments) \(locale)")
            } else {
                #expect(result.status == 2 && result.errors == "icugrep: Invalid collation character\n", "\(arguments) \(locale)")
            }
            if let grep = DifferentialEnvironment.grep {
                let reference = try TestProcess.run(grep, arguments, input: input, environment: ["LC_ALL": locale])
                #expect(result.output == reference.output && result.status == reference.status, "\(arguments) \(locale)")
            }
        }
    }
}
