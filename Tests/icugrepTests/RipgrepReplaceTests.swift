@testable import icugrep
import Foundation
import Testing
import TestSupport

/// `--replace`, `--passthru`, `--count-matches`, `--stats`, `--heading` and `-M` against
/// ripgrep's options of the same names (`-r` for `--replace`), on the corpora and on generated cases from a fixed seed, where the two
/// syntaxes agree: templates of text, `$n` and `$0` (ICU writes a literal `$` as `\$`, rg as
/// `$$`; ICU's named groups are `(?<name>)`, rg 13's `(?P<name>)`), and patterns without
/// empty matches (rg replaces those too).
@Suite("ripgrep's --replace, --passthru, --count-matches, --stats, --heading and -M")
struct RipgrepReplaceTests {
    /// The first 3,000 lines of `sherlock.txt`, without its byte-order mark (which rg drops),
    /// and a few lines of `ru-sampled.txt` and `zh-sampled.txt`, for characters outside ASCII.
    static let files: [String: Data] = {
        func lines(_ name: String, _ count: Int) -> Data {
            let text = (try? Data(contentsOf: TestFixtures.corpora.appendingPathComponent(name))) ?? Data()
            var result = Data()
            var taken = 0
            for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                if taken == count { break }
                result += line + Data([UInt8(ascii: "\n")])
                taken += 1
            }
            if result.starts(with: [0xEF, 0xBB, 0xBF]) { result.removeFirst(3) }
            return result
        }
        return [
            "sherlock.txt": lines("sherlock.txt", 3000),
            "ru.txt": lines("ru-sampled.txt", 300),
            "zh.txt": lines("zh-sampled.txt", 300),
        ]
    }()

    static let directory: URL = try! TestProcess.makeDirectory(files)

    static func rg(_ arguments: [String]) throws -> ProcessResult {
        try TestProcess.run(
            try #require(RipgrepFormatTests.ripgrep), ["-j1", "--no-mmap", "--no-config"] + arguments,
            directory: directory)
    }

    static func icugrep(_ arguments: [String]) throws -> ProcessResult {
        try TestProcess.icugrep(arguments, directory: directory)
    }

    /// Runs `ours` with icugrep and `theirs` with rg, and expects the same output and status.
    static func expectSame(_ ours: [String], _ theirs: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mine = try icugrep(ours)
        let reference = try rg(theirs)
        #expect(mine.output == reference.output, "icugrep \(ours) against rg \(theirs)", sourceLocation: sourceLocation)
        #expect(mine.status == reference.status, "status of \(ours)", sourceLocation: sourceLocation)
    }

    static let hasRipgrep = RipgrepFormatTests.ripgrep != nil

    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"), arguments: [
        (["--replace=[$1]", #"(\w+)olmes"#, "sherlock.txt"], ["-r", "[$1]", #"(\w+)olmes"#, "sherlock.txt"]),
        (["-o", "--replace=<$1|$2>", #"(\w+) (Holmes|Watson)"#, "sherlock.txt"],
            ["-o", "-r", "<$1|$2>", #"(\w+) (Holmes|Watson)"#, "sherlock.txt"]),
        (["-n", "-i", "--replace=$0$0", "watson", "sherlock.txt"], ["-n", "-i", "-r", "$0$0", "watson", "sherlock.txt"]),
        (["--replace=", "the", "sherlock.txt"], ["-r", "", "the", "sherlock.txt"]),
        (["-o", "-n", "--replace=X", "Holmes", "sherlock.txt"], ["-o", "-n", "-r", "X", "Holmes", "sherlock.txt"]),
        (["--replace=«$1»", #"(\p{Cyrillic}+)ого"#, "ru.txt"], ["-r", "«$1»", #"(\p{Cyrillic}+)ого"#, "ru.txt"]),
        (["-o", "--replace=$1", "的(.)", "zh.txt"], ["-o", "-r", "$1", "的(.)", "zh.txt"]),
        (["--passthru", "Holmes", "sherlock.txt"], ["--passthru", "Holmes", "sherlock.txt"]),
        (["--passthru", "Холмс", "ru.txt", "sherlock.txt"], ["--passthru", "Холмс", "ru.txt", "sherlock.txt"]),
        (["--passthru", "-i", "wAtSoN", "sherlock.txt"], ["--passthru", "-i", "wAtSoN", "sherlock.txt"]),
        (["-n", "--passthru", "Watson", "sherlock.txt"], ["-n", "--passthru", "Watson", "sherlock.txt"]),
        (["-n", "--passthru", "Holmes", "sherlock.txt"], ["-n", "--passthru", "Holmes", "sherlock.txt"]),
        (["-n", "--passthru", "-C2", "Holmes", "sherlock.txt"], ["-n", "--passthru", "-C2", "Holmes", "sherlock.txt"]),
        (["-n", "-C2", "--passthru", "Holmes", "sherlock.txt"], ["-n", "-C2", "--passthru", "Holmes", "sherlock.txt"]),
        (["--count-matches", "zzz", "sherlock.txt"], ["--count-matches", "zzz", "sherlock.txt"]),
        (["-n", "-M", "40", "Holmes", "sherlock.txt"], ["-n", "-M", "40", "Holmes", "sherlock.txt"]),
        (["-n", "-C1", "--max-columns=50", "Watson", "sherlock.txt"], ["-n", "-C1", "--max-columns=50", "Watson", "sherlock.txt"]),
        (["-M", "30", "--max-columns-preview", "-C1", "Watson", "sherlock.txt", "zh.txt"],
            ["-M", "30", "--max-columns-preview", "-C1", "Watson", "sherlock.txt", "zh.txt"]),
        (["-M", "30", "--replace=X", "Holmes", "sherlock.txt"], ["-M", "30", "-r", "X", "Holmes", "sherlock.txt"]),
        (["-M", "30", "-o", "Holmes", "sherlock.txt"], ["-M", "30", "-o", "Holmes", "sherlock.txt"]),
        (["-M", "6", "--max-columns-preview", "的", "zh.txt"], ["-M", "6", "--max-columns-preview", "的", "zh.txt"]),
        // -o: -M applies to each printed match, or its replacement, as to a line.
        (["-o", "-n", "-M", "5", #"\w+olmes"#, "sherlock.txt"], ["-o", "-n", "-M", "5", #"\w+olmes"#, "sherlock.txt"]),
        (["-o", "-M", "3", "--replace=[$0]", "Holmes", "sherlock.txt"], ["-o", "-M", "3", "-r", "[$0]", "Holmes", "sherlock.txt"]),
        (["-o", "-M", "4", "--max-columns-preview", "--replace=<$1>", #"(\w)olmes"#, "sherlock.txt"],
            ["-o", "-M", "4", "--max-columns-preview", "-r", "<$1>", #"(\w)olmes"#, "sherlock.txt"]),
        (["-o", "-M", "2", "--max-columns-preview", "的.", "zh.txt"], ["-o", "-M", "2", "--max-columns-preview", "的.", "zh.txt"]),
        (["--heading", "-n", "Holmes", "sherlock.txt", "ru.txt", "sherlock.txt"],
            ["--heading", "-n", "Holmes", "sherlock.txt", "ru.txt", "sherlock.txt"]),
        (["--heading", "-n", "-C1", "Watson", "sherlock.txt", "sherlock.txt"],
            ["--heading", "-n", "-C1", "Watson", "sherlock.txt", "sherlock.txt"]),
        (["--heading", "-o", "--replace=$1", #"(\w+) Holmes"#, "sherlock.txt", "sherlock.txt"],
            ["--heading", "-o", "-r", "$1", #"(\w+) Holmes"#, "sherlock.txt", "sherlock.txt"]),
        (["--heading", "Holmes", "sherlock.txt"], ["--heading", "Holmes", "sherlock.txt"]),
        (["--heading", "--no-heading", "-H", "Holmes", "sherlock.txt"], ["--heading", "--no-heading", "-H", "Holmes", "sherlock.txt"]),
        (["-n", "--passthru", "--replace=[$1]", #"(\w+)olmes"#, "sherlock.txt"],
            ["-n", "--passthru", "-r", "[$1]", #"(\w+)olmes"#, "sherlock.txt"]),
        // The lines between selected ones printed as one run each, replaced lines between.
        (["--passthru", "--replace=[$1]", #"(\w+)olmes"#, "sherlock.txt"],
            ["--passthru", "-r", "[$1]", #"(\w+)olmes"#, "sherlock.txt"]),
        (["--passthru", "--replace=X", "Holmes", "sherlock.txt"], ["--passthru", "-r", "X", "Holmes", "sherlock.txt"]),
        (["--passthru", "--replace=<$0>", "Холмс", "ru.txt", "sherlock.txt"],
            ["--passthru", "-r", "<$0>", "Холмс", "ru.txt", "sherlock.txt"]),
        (["--passthru", "-v", "--replace=X", "Holmes", "sherlock.txt"], ["--passthru", "-v", "-r", "X", "Holmes", "sherlock.txt"]),
        // --passthru -o: the lines without matches whole, as ripgrep prints them (issue 24).
        (["--passthru", "-o", "Holmes", "sherlock.txt"], ["--passthru", "-o", "Holmes", "sherlock.txt"]),
        (["--passthru", "-o", "-n", "Holmes", "sherlock.txt"], ["--passthru", "-o", "-n", "Holmes", "sherlock.txt"]),
        (["--passthru", "-o", "-n", "--replace=[$0]", "Holmes", "sherlock.txt"],
            ["--passthru", "-o", "-n", "-r", "[$0]", "Holmes", "sherlock.txt"]),
        (["--passthru", "-o", "-n", "--replace=<$1>", #"(\w+)olmes"#, "sherlock.txt"],
            ["--passthru", "-o", "-n", "-r", "<$1>", #"(\w+)olmes"#, "sherlock.txt"]),
        (["--passthru", "-o", "-n", "-v", "Holmes", "sherlock.txt"], ["--passthru", "-o", "-n", "-v", "Holmes", "sherlock.txt"]),
        (["--passthru", "-o", "-n", "--column", "Холмс", "ru.txt", "sherlock.txt"],
            ["--passthru", "-o", "-n", "--column", "Холмс", "ru.txt", "sherlock.txt"]),
        (["--count-matches", "the", "sherlock.txt", "ru.txt"], ["--count-matches", "the", "sherlock.txt", "ru.txt"]),
        (["--count-matches", "-i", #"\w+olmes"#, "sherlock.txt"], ["--count-matches", "-i", #"\w+olmes"#, "sherlock.txt"]),
        (["--count-matches", "-v", "e", "sherlock.txt"], ["--count-matches", "-v", "e", "sherlock.txt"]),
        (["--count-matches", "-m", "5", "e", "sherlock.txt"], ["--count-matches", "-m", "5", "e", "sherlock.txt"]),
        // One literal, counted in bulk: overlapping occurrences, a literal of one byte
        // beside an automaton's pattern, a multi-byte literal, -m within the file, and
        // several files.
        (["--count-matches", "ss", "sherlock.txt", "ru.txt"], ["--count-matches", "ss", "sherlock.txt", "ru.txt"]),
        (["--count-matches", "ooo", "sherlock.txt"], ["--count-matches", "ooo", "sherlock.txt"]),
        (["--count-matches", "-F", "e", "sherlock.txt"], ["--count-matches", "-F", "e", "sherlock.txt"]),
        (["--count-matches", "что", "ru.txt", "sherlock.txt"], ["--count-matches", "что", "ru.txt", "sherlock.txt"]),
        (["--count-matches", "-m", "40", "the", "sherlock.txt"], ["--count-matches", "-m", "40", "the", "sherlock.txt"]),
        (["--count-matches", "-c", "-v", "the", "sherlock.txt"], ["--count-matches", "-c", "-v", "the", "sherlock.txt"]),
        (["--count-matches", "-H", "the", "sherlock.txt", "zh.txt"], ["--count-matches", "-H", "the", "sherlock.txt", "zh.txt"]),
    ])
    func sameAsRipgrep(_ ours: [String], _ theirs: [String]) throws {
        try Self.expectSame(ours, theirs)
    }

    /// Generated cases: a pattern of one to three groups around words and classes of the
    /// corpus, a template of text and group references, and some options.
    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"))
    func generatedCasesAsRipgrep() throws {
        var random = SplitMix64(seed: 0x5EED_2024)
        let pieces = ["(Holmes)", #"(\w+)"#, "(the)", "( )", #"([A-Z]\w*)"#, "(a|an)", #"(\d+)"#, "(,)", "(Watson)", "(e)"]
        let texts = ["", "-", "<", ">", "é", "😀", " and "]
        let options = [[], ["-o"], ["-n"], ["-i"], ["--passthru"], ["-o", "-n"], ["-w"], ["--count-matches"], ["-m", "3"]]
        for _ in 0..<12 {
            let groups = Int.random(in: 1...3, using: &random)
            var pattern = ""
            for _ in 0..<groups {
                pattern += pieces.randomElement(using: &random)!
            }
            var template = ""
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                if Bool.random(using: &random) {
                    template += texts.randomElement(using: &random)!
                } else {
                    // No text starts with a digit or a letter, which ICU or rg would read on.
                    template += "$\(Int.random(in: 0...groups, using: &random))"
                }
            }
            let option = options.randomElement(using: &random)!
            let file = ["sherlock.txt", "ru.txt", "zh.txt"].randomElement(using: &random)!
            try Self.expectSame(option + ["--replace=" + template, pattern, file], option + ["-r", template, pattern, file])
        }
    }

    /// Generated cases for the capture groups of matches found before ICU is asked
    /// (``RegexPattern/matches(spanning:inUTF8:_:)``): patterns whose groups may match in
    /// more than one way within one match (alternatives of which a shorter one comes first,
    /// optional and repeated groups), a group beside a word boundary, with `-w` and `-i`,
    /// several matches per line, `--passthru`, and lines with characters outside ASCII.
    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"))
    func generatedGroupsAsRipgrep() throws {
        var random = SplitMix64(seed: 0x5EED_2611)
        // The first piece cannot match the empty string, so neither can the pattern.
        let pieces = [
            "(a|an|and)", #"(\w)(\w*)"#, #"(\w+?)(e|es)"#, "(t|th)(he|e)", #"(\s)"#, #"\b(\w+)"#, "(é|ö|ы|的)",
            "((?:ab|a)(b?))", #"(\d)+"#,
        ]
        let optionalPieces = ["(o)?", "(x)*", "(,|;)?"]
        let options = [[], ["-o"], ["-n"], ["-i"], ["-w"], ["--passthru"], ["-o", "-i"], ["-o", "-w"]]
        for _ in 0..<16 {
            let groups = Int.random(in: 1...3, using: &random)
            var pattern = pieces.randomElement(using: &random)!
            for _ in 1..<groups {
                pattern += (pieces + optionalPieces).randomElement(using: &random)!
            }
            // A piece may hold two groups: the template refers to the first ones.
            var template = "<"
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                template += "$\(Int.random(in: 0...groups, using: &random))|"
            }
            template += ">"
            let option = options.randomElement(using: &random)!
            let file = ["sherlock.txt", "ru.txt", "zh.txt"].randomElement(using: &random)!
            try Self.expectSame(option + ["--replace=" + template, pattern, file], option + ["-r", template, pattern, file])
        }
    }

    /// `--json` ignores `--replace`, as rg 13 does: the messages are those of the search
    /// without it, the submatches the matched text.
    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"), arguments: [
        (["--replace=[$1]", #"(\w+) Holmes"#, "sherlock.txt"], ["-r", "[$1]", #"(\w+) Holmes"#, "sherlock.txt"]),
        (["-o", "--replace=X", "Holmes", "sherlock.txt", "ru.txt"], ["-o", "-r", "X", "Holmes", "sherlock.txt", "ru.txt"]),
        (["-C1", "--replace=$1", "(的)", "zh.txt"], ["-C1", "-r", "$1", "(的)", "zh.txt"]),
    ])
    func jsonIgnoresReplaceAsRipgrep(_ ours: [String], _ theirs: [String]) throws {
        let mine = try Self.icugrep(["--json"] + ours)
        let reference = try Self.rg(["--json"] + theirs)
        #expect(mine.status == reference.status, "status of \(ours)")
        #expect(
            try RipgrepFormatTests.comparableMessages(mine.standardOutput)
                == RipgrepFormatTests.comparableMessages(reference.standardOutput), "--json \(ours)")
        let withoutReplace = try Self.icugrep(["--json"] + ours.filter { !$0.hasPrefix("--replace=") })
        #expect(
            try RipgrepFormatTests.comparableMessages(mine.standardOutput)
                == RipgrepFormatTests.comparableMessages(withoutReplace.standardOutput), "--json \(ours) without --replace")
    }

    /// `--stats` against rg's, but for the times: the block after the output, its counts of
    /// matches, lines, files and bytes (printed and searched).
    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"), arguments: [
        ["Holmes", "sherlock.txt"],
        ["-n", "Holmes", "sherlock.txt", "ru.txt"],
        ["-o", #"\w+olmes"#, "sherlock.txt"],
        ["-v", "e", "sherlock.txt"],
        ["-i", "-C1", "watson", "sherlock.txt"],
        ["--count-matches", "the", "sherlock.txt", "zh.txt"],
        ["-w", "-c", "the", "sherlock.txt", "zh.txt"],
        ["--replace=X", "Holmes", "sherlock.txt"],
    ])
    func statsAsRipgrep(_ arguments: [String]) throws {
        func withoutTimes(_ result: ProcessResult) -> String {
            result.output.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasSuffix(" seconds") && !$0.hasSuffix(" seconds spent searching") }
                .joined(separator: "\n")
        }
        let theirs = arguments.map { $0 == "--replace=X" ? "-rX" : $0 }
        let mine = try Self.icugrep(["--stats"] + arguments)
        let reference = try Self.rg(["--stats"] + theirs)
        #expect(withoutTimes(mine) == withoutTimes(reference), "--stats \(arguments)")
        #expect(mine.output.contains(" seconds spent searching\n"))
    }

    /// ICU's own syntax where rg's differs: a named group, an escaped dollar sign, a
    /// backslash; and a template naming no group is an error.
    @Test func icuTemplateSyntax() throws {
        func run(_ arguments: [String], _ input: String) throws -> ProcessResult {
            try TestProcess.icugrep(arguments, input: Data(input.utf8))
        }
        #expect(try run(["--replace=${who}!", "(?<who>Holmes)"], "Mr Holmes here\n").output == "Mr Holmes! here\n")
        #expect(try run(["-o", #"--replace=\$$1"#, #"(\d+)"#], "3 and 40\n").output == "$3\n$40\n")
        #expect(try run(["--replace=[$1]", "a(b)?c"], "ac abc\n").output == "[] [b]\n")
        let missing = try run(["--replace=$2", "a(b)"], "ab\n")
        #expect(missing.status == 2)
        #expect(missing.errors.contains("--replace"))
        #expect(missing.output.isEmpty)
        // Colored, the replaced text is what is colored.
        let colored = try run(["--color=always", "--replace=X", "b"], "abc\n")
        #expect(colored.output == "a\u{1B}[01;31m\u{1B}[KX\u{1B}[m\u{1B}[Kc\n")
    }
}
