import Foundation
import Testing

/// Patterns nested 10^5 and 10^6 deep given to the built binary in every syntax, under an
/// 8 MiB stack (`ulimit -s 8192`): a short message and exit status 2, or an answer, never a
/// crash (GNU grep 3.8 prints `grep: stack overflow` for the first of them).
@Suite("Command line: deeply nested patterns")
struct NestingLimitCommandTests {
    /// The result of icugrep with `arguments`, `-f pattern` reading `pattern` from a file, on
    /// the input `a\nb\n`, run by /bin/sh with an 8 MiB stack.
    static func icugrep(_ arguments: [String], pattern: String) throws -> ProcessResult {
        let directory = try TestProcess.makeDirectory(["pattern": Data((pattern + "\n").utf8), "input": Data("a\nb\n".utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        return try TestProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -s 8192 && exec \"$ICUGREP\" \(quoted) -f pattern input"],
            directory: directory, environment: ["ICUGREP": TestProcess.icugrep.path])
    }

    static func repeated(_ text: String, _ count: Int) -> String {
        String(repeating: text, count: count)
    }

    /// GNU grep's `-P` message for a pattern nested too deeply: icugrep's for `-G` and `-E`
    /// nested past ICU's limit.
    static let tooDeep = "icugrep: pattern:1: parentheses are too deeply nested\n"
    /// GNU grep's message when its stack runs out, without a `FILE:LINE:`: icugrep's for `-G`
    /// and `-E` nested as deep as that (10,000 groups and more).
    static let stackOverflow = "icugrep: stack overflow\n"

    @Test("-E and -G: groups nested 10^5 and 10^6 deep, unbalanced or balanced, are rejected in one line", arguments: [100_000, 1_000_000])
    func posixGroups(depth: Int) throws {
        let cases: [([String], String)] = [
            (["-E"], Self.repeated("(", depth)),
            (["-E"], Self.repeated("(", depth) + Self.repeated(")", depth)),
            (["-E"], Self.repeated("(", depth / 2) + "a" + Self.repeated(")", depth / 2)),
            (["-G"], Self.repeated(#"\("#, depth)),
            (["-G"], Self.repeated(#"\("#, depth) + Self.repeated(#"\)"#, depth)),
            (["-E", "-i", "-w"], Self.repeated("(", depth) + "a" + Self.repeated(")*", depth)),
        ]
        for (options, pattern) in cases {
            let result = try Self.icugrep(options + ["-c"], pattern: pattern)
            let shown = "\(options) \(pattern.prefix(12))…"
            #expect(result.status == 2, "\(shown)")
            #expect(result.errors == Self.stackOverflow, "\(shown)")
            #expect(result.output.isEmpty, "\(shown)")
        }
        // Past ICU's limit but far from GNU grep's: icugrep's own words, with the pattern's place.
        for (options, pattern) in [(["-E"], Self.repeated("(", 200)), (["-G"], Self.repeated(#"\("#, 200) + "a" + Self.repeated(#"\)"#, 200))] {
            let result = try Self.icugrep(options + ["-c"], pattern: pattern)
            #expect(result.status == 2 && result.errors == Self.tooDeep, "\(options) 200 levels")
        }
    }

    @Test("-E and -G: runs of 10^5 and 10^6 repetitions are one repetition", arguments: [100_000, 1_000_000])
    func posixRepetitions(length: Int) throws {
        for options in length < 1_000_000 ? [["-E"], ["-G"]] : [["-G"]] {
            let result = try Self.icugrep(options + ["-c"], pattern: "a" + Self.repeated("*", length))
            #expect(result.status == 0 && result.output == "2\n" && result.errors.isEmpty, "\(options)")
        }
        let intervals = try Self.icugrep(["-E"], pattern: "a" + Self.repeated("{1}", length / 10))
        #expect(intervals.status == 2 && intervals.errors == "icugrep: regular expression too big\n")
    }

    @Test("ICU syntax and -P: 10^5 and 10^6 levels are too big for ICU, with a short excerpt of the pattern", arguments: [100_000, 1_000_000])
    func icuSyntax(depth: Int) throws {
        var patterns = [
            Self.repeated("(", depth),
            Self.repeated("(?:", depth) + "a" + Self.repeated(")", depth),
            Self.repeated("[", depth) + "a" + Self.repeated("]", depth),
        ]
        var optionSets = [[String]()]
        if depth < 1_000_000 {
            patterns += [
                Self.repeated("(", depth) + "a" + Self.repeated(")", depth),
                Self.repeated("(?i:", depth) + "a" + Self.repeated(")", depth),
                "(?i)" + Self.repeated("((?i)", depth) + "a" + Self.repeated(")", depth),
            ]
            optionSets += [["-P"], ["-x"]]
        }
        for options in optionSets {
            for pattern in patterns {
                let result = try Self.icugrep(options, pattern: pattern)
                let shown = "\(options) \(pattern.prefix(12))…"
                #expect(result.status == 2, "\(shown)")
                #expect(result.errors.hasPrefix(
                    "icugrep: pattern:1: U_REGEX_PATTERN_TOO_BIG: pattern too large, too complex or too deeply nested\n  …"),
                    "\(shown)")
                // Three lines: the message, an excerpt of about 80 characters, the caret.
                let lines = result.errors.split(separator: "\n")
                #expect(lines.count == 3 && lines.allSatisfy { $0.count < 140 }, "\(shown)")
                #expect(lines.last?.trimmingCharacters(in: .whitespaces) == "^", "\(shown)")
            }
        }
        let stars = try Self.icugrep([], pattern: "a" + Self.repeated("*", depth))
        #expect(stars.status == 2 && stars.errors.split(separator: "\n").count == 3)
    }

    /// (10^5 only: a literal of 10^6 characters takes the debug build's analyses about 20
    /// seconds.)
    @Test("-F: a line of 10^5 parentheses is one string")
    func fixedStrings() throws {
        let result = try Self.icugrep(["-F", "-c"], pattern: Self.repeated("(", 100_000))
        #expect(result.status == 1 && result.output == "0\n" && result.errors.isEmpty)
    }

    @Test("a pattern ICU rejects is shown whole when short, and cut around the caret when long")
    func excerpt() throws {
        let short = try Self.icugrep([], pattern: "a(b")
        #expect(short.errors == "icugrep: pattern:1: U_REGEX_MISMATCHED_PAREN: unbalanced parentheses\n  a(b\n     ^\n")
        // ICU places an unbalanced `)` just after it: the caret is under the `y` there.
        let long = try Self.icugrep([], pattern: Self.repeated("x", 1_000) + ")" + Self.repeated("y", 1_000))
        #expect(long.errors == """
            icugrep: pattern:1: U_REGEX_MISMATCHED_PAREN: unbalanced parentheses
              …\(Self.repeated("x", 39)))\(Self.repeated("y", 40))…
              \(Self.repeated(" ", 41))^

            """)
    }
}
