@testable import icugrep
import ICURegex
import Foundation
import Testing
import TestSupport

/// `--multiline` and `--multiline-dotall` against ripgrep's `-U` and `--multiline-dotall`:
/// hand cases and generated ones (fixed seed) over texts of short lines, with the output
/// options a multi-line match changes (`-n`, `-b`, `-o`, `-c`, `--count-matches`, context,
/// `-l`, `--json`, `--color`), searched in the default window and in windows of a few bytes
/// (``MultilineSearcher/windowVariable``), so that matches cross the windows' ends; `-v` (the
/// lines no match touches); and the warning for a pattern that needs a line end without `--multiline`.
@Suite("--multiline against rg -U")
struct MultilineTests {
    static let files: [String: Data] = [
        "t.txt": Data("foo a\nb bar\nx\na\nb a\nb\nzz\nq\nr a\nb\n".utf8),
        "v.txt": Data("x a\nb a\nb a\nb\n".utf8),
        "u.txt": Data("aa a\nb\nc a\n".utf8),
        "nt.txt": Data("a\nb".utf8),
        "e.txt": Data("\n\na\n\n\nb\n\n".utf8),
        "i.txt": Data("é a\nÉ b\nπ\n😀 a\n😀 b\n".utf8),
        "bin.txt": Data("x a\nb\nzz\0zz\na\nb\n".utf8),
        "m.txt": Data("a1\nb\nc\na2\nd\ne\nf\na3\ng\n".utf8),
        "sherlock.txt": {
            let text = (try? Data(contentsOf: TestFixtures.corpora.appendingPathComponent("sherlock.txt"))) ?? Data()
            // Without the byte-order mark, which rg drops.
            let body = text.starts(with: [0xEF, 0xBB, 0xBF]) ? text.dropFirst(3) : text[...]
            return Data(body.prefix(60_000))
        }(),
        // The same text with lines ended by `\n` alone: for `.` matching line ends, which
        // ICU's takes `\r\n` as one character for and ripgrep's as two.
        "sherlock-lf.txt": {
            let text = (try? Data(contentsOf: TestFixtures.corpora.appendingPathComponent("sherlock.txt"))) ?? Data()
            let body = text.starts(with: [0xEF, 0xBB, 0xBF]) ? text.dropFirst(3) : text[...]
            return Data(Data(body.prefix(60_000)).filter { $0 != 0x0D })
        }(),
    ]

    static let directory: URL = try! TestProcess.makeDirectory(files)

    static let hasRipgrep = RipgrepFormatTests.ripgrep != nil

    static func rg(_ arguments: [String], in directory: URL = directory) throws -> ProcessResult {
        try TestProcess.run(
            try #require(RipgrepFormatTests.ripgrep), ["-j1", "--no-mmap", "--no-config", "-U"] + arguments,
            directory: directory)
    }

    static func icugrep(_ arguments: [String], window: Int? = nil, in directory: URL = directory) throws -> ProcessResult {
        let environment = window.map { [MultilineSearcher<SummaryPrinter>.windowVariable: String($0)] } ?? [:]
        return try TestProcess.icugrep(["--multiline"] + arguments, directory: directory, environment: environment)
    }

    /// Expects icugrep's output and status to be rg's, in the default window and in small ones.
    static func expectSame(
        _ arguments: [String], in directory: URL = directory, windows: [Int?] = [nil, 16, 64],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let reference = try rg(arguments, in: directory)
        for window in windows {
            let mine = try icugrep(arguments, window: window, in: directory)
            #expect(mine.output == reference.output, "\(arguments), window \(window.map(String.init) ?? "default")",
                sourceLocation: sourceLocation)
            #expect(mine.status == reference.status, "status of \(arguments)", sourceLocation: sourceLocation)
            #expect(mine.errors == "", "\(arguments)", sourceLocation: sourceLocation)
        }
    }

    static let textFiles = ["t.txt", "v.txt", "u.txt", "nt.txt", "e.txt", "i.txt"]

    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"), arguments: [
        ["-n", #"a\nb"#], ["-n", "-o", #"a\nb"#], ["-n", "-b", "-o", #"a\nb"#], ["-c", #"a\nb"#],
        ["--count-matches", #"a\nb"#], ["-n", "-b", #"a\nb"#], ["-n", "-C1", #"a\nb"#], ["-n", "-A1", #"a\s+b"#],
        ["-n", "-B2", #"a\nb"#], ["-l", #"a\nb"#], ["-n", #"a\s+b"#], ["-n", "-o", #"[^x]b"#], ["-n", #"(?s)a.b"#],
        ["-n", "--multiline-dotall", "a.b"], ["-n", "a.b"], ["-n", "-o", #"\s+"#], ["-c", #"\s+"#], ["-n", #"$\n^"#],
        ["-c", "a"], ["-n", "-o", "a$"], ["-n", "^b"], ["-n", "-o", #"\n\n"#], ["-n", #"a\n+b"#], ["-n", "-i", #"é\s+a|π\n"#],
        ["-n", "-o", #"😀 a\n😀"#], ["-n", "-m1", #"a\nb"#], ["-n", "-w", #"a\s+b"#], ["-n", "-x", #"b\na"#],
        ["-n", "-e", #"a\nb"#, "-e", #"x\na"#],
    ] as [[String]])
    func handCases(_ arguments: [String]) throws {
        try Self.expectSame(arguments + Self.textFiles)
    }

    /// Two-line matches in the Sherlock Holmes corpus: literals found in bytes with ICU
    /// anchored at them (`Holmes\.\n`, `\?\n[A-Z]`), and ICU over the window (`\s+$\n`).
    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"), arguments: [
        ["-n", #"Holmes[,.]?\n\s*[A-Z]\w+"#], ["-c", #"\?\n[A-Z]"#], ["-n", "-o", #"said\s+he"#], ["-b", "-o", #"\w+\n\n\w+"#],
        ["-n", "-C2", #"Watson\.\n"#], ["--count-matches", #"[^.]\n\n[A-Z]"#],
    ] as [[String]])
    func corpusCases(_ arguments: [String]) throws {
        try Self.expectSame(arguments + ["sherlock.txt"], windows: [nil, 100, 1000])
    }

    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"), arguments: [
        [#"a\nb"#], ["-C1", #"a\s+b"#], [#"(?s)a.b"#], ["-m1", #"a\nb"#],
    ] as [[String]])
    func json(_ arguments: [String]) throws {
        // With a NUL byte too, after which ripgrep's JSON goes on.
        let files = Self.textFiles + ["bin.txt"]
        let reference = try Self.rg(["--json"] + arguments + files)
        let theirs = try RipgrepFormatTests.comparableMessages(reference.standardOutput, withoutBytesSearched: true)
        for window in [nil, 16] as [Int?] {
            let mine = try Self.icugrep(["--json"] + arguments + files, window: window)
            #expect(try RipgrepFormatTests.comparableMessages(mine.standardOutput, withoutBytesSearched: true) == theirs,
                "\(arguments)")
            #expect(mine.status == reference.status)
        }
    }

    /// `-v`: the lines no match touches, as `rg -U -v` selects them (the search goes on after
    /// each match's last line), with the options that print lines.
    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"), arguments: [
        [#"a\nb"#], ["-n", #"a\nb"#], ["-n", "-C1", #"a\nb"#], ["-n", "-A1", #"a\s+b"#], ["-n", "-B1", #"a\nb"#],
        ["-b", #"\n\n"#], ["-m1", #"a\nb"#], ["-n", "-m2", #"b$\n"#], ["-n", #"\s+"#], ["-n", "^"], ["-n", "a"],
        ["-n", #"(?s)a.*?b"#], ["-n", "--passthru", #"a\nb"#], ["--passthru", "-b", #"\n\n"#], ["-n", "zzz"],
        ["-n", "-e", #"a\nb"#, "-e", #"x\na"#],
    ] as [[String]])
    func inverted(_ arguments: [String]) throws {
        try Self.expectSame(["-v"] + arguments + Self.textFiles)
    }

    /// `-v` with `--replace`: the lines selected hold no match, so they are printed as they
    /// are, as `rg -U -v -r` prints them (the lines of the matches, context here, too), which
    /// is `rg -U -v`'s output (rg 13, installed here, also prints the rest of the input after
    /// each line with `-r`, its bug 2095).
    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"), arguments: [
        [#"a\nb"#], ["-n", #"a\nb"#], ["-n", "-C1", #"a\s+b"#], ["-n", "-B1", #"a\nb"#], ["-b", #"\n\n"#],
        ["-n", "-m2", #"b$\n"#], ["-n", "--passthru", #"a\nb"#],
    ] as [[String]])
    func invertedReplace(_ arguments: [String]) throws {
        let reference = try Self.rg(["-v"] + arguments + Self.textFiles)
        #expect(!reference.output.isEmpty)
        for window in [nil, 16] as [Int?] {
            let mine = try Self.icugrep(["-v", "--replace=X"] + arguments + Self.textFiles, window: window)
            #expect(mine.output == reference.output, "\(arguments), window \(window ?? 0)")
            #expect(mine.status == reference.status)
            #expect(mine.errors == "")
        }
    }

    /// Patterns with no literal near their start, which the match automaton searches for
    /// over the window (unanchored) where it can, in the corpus with lines ended by `\n`
    /// alone: words across a line end, a sentence's end and the next line's first word, and a
    /// `.` that matches line ends (`--multiline-dotall`, `(?s)`) around a literal.
    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"), arguments: [
        ["-c", #"\w+\n\w+"#], ["-n", "-o", #"\w+\n\w+"#], ["-n", "-o", #"[a-z]+[.?!]\n[A-Z]\w*"#],
        ["-b", "-o", #"\b\w{3}\b\s*\n\s*\w"#], ["--multiline-dotall", "-n", "-o", "Holmes.{0,40}Watson"],
        ["--multiline-dotall", "-c", #"[,;] .{0,20}\n\w"#], ["-n", "-o", #"(?s)\w+,.{1,9}\w+"#], ["-c", #"\S\n\n\S"#],
    ] as [[String]])
    func unanchoredCorpusCases(_ arguments: [String]) throws {
        try Self.expectSame(arguments + ["sherlock-lf.txt"], windows: [nil, 100, 1000])
    }

    /// `-m N` with trailing context: after the last block `-m` allows, the lines after it are
    /// printed as context, read on past the window when they are not held yet, as `rg -U -m N
    /// -A K` prints them where no match starts in them (rg 13 prints some of these lines
    /// twice when it searches several files: the reference has each line once, which the line
    /// numbers or offsets make distinct).
    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"), arguments: [
        ["-n", "-m1", "-A1", #"a\nb"#], ["-n", "-m2", "-A2", #"a\nb"#], ["-n", "-m1", "-A5", #"a\nb a"#],
        ["-b", "-m1", "-A2", #"x\na"#], ["-n", "-m2", "-B1", "-A3", #"\?\r\n[A-Z]"#], ["-n", "-m3", "-A4", #"Holmes[,.]\r\n"#],
    ] as [[String]])
    func maxCountWithTrailingContext(_ arguments: [String]) throws {
        let files = Self.textFiles + ["sherlock.txt"]
        // Lines as bytes: the corpus's lines end in "\r\n", one Character.
        let reference = try Self.rg(arguments + files).standardOutput.split(separator: 10, omittingEmptySubsequences: false)
        var once: [Data] = []
        for line in reference where line != once.last || line.isEmpty { once.append(Data(line)) }
        #expect(once.count > 3)
        for window in [nil, 16, 100] as [Int?] {
            let mine = try Self.icugrep(arguments + files, window: window)
            #expect(mine.standardOutput == Data(once.joined(separator: [10])), "\(arguments), window \(window ?? 0)")
            #expect(mine.status == 0)
        }
    }

    /// Where the trailing context after the last block holds a match, its lines are context,
    /// as in the line search (and GNU grep): the same lines as `-m1 -A4` of a pattern that
    /// matches a line's end (ripgrep 13 prints such a line as a match, and some twice).
    @Test func maxCountWithMatchesInTrailingContext() throws {
        let lines = try TestProcess.icugrep(["-n", "-m1", "-A4", #"a\d$"#, "m.txt"], directory: Self.directory)
        #expect(lines.output == "1:a1\n2-b\n3-c\n4-a2\n5-d\n")
        for window in [nil, 16] as [Int?] {
            let mine = try Self.icugrep(["-n", "-m1", "-A4", #"a\d\n"#, "m.txt"], window: window)
            #expect(mine.output == lines.output, "window \(window ?? 0)")
            let passthru = try Self.icugrep(["-n", "-m1", "--passthru", #"a\d\n"#, "m.txt"], window: window)
            let linePassthru = try TestProcess.icugrep(["-n", "-m1", "--passthru", #"a\d$"#, "m.txt"], directory: Self.directory)
            #expect(passthru.output == linePassthru.output, "--passthru, window \(window ?? 0)")
        }
    }

    /// `-c`, `--count-matches`, `-l` and `-L` with `-v` count the lines that `rg -U -v` prints
    /// (rg 13 itself prints no count and no name for them).
    static func expectInvertedCounts(_ pattern: String, files: [String], in directory: URL = directory,
        windows: [Int?] = [nil, 16], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var counts: [String] = []
        for file in files {
            let lines = try rg(["-v", pattern, file], in: directory).output.split(separator: "\n", omittingEmptySubsequences: false)
            counts.append("\(file):\(lines.count - 1)")
        }
        // As for rg's -c, an input with no line selected gets no count.
        let nonZero = counts.filter { !$0.hasSuffix(":0") }
        let expected = nonZero.map { $0 + "\n" }.joined()
        let withMatches = nonZero.map { $0.prefix { $0 != ":" } }
        for window in windows {
            for option in ["-c", "--count-matches"] {
                let mine = try icugrep(["-v", option, pattern] + files, window: window, in: directory)
                #expect(mine.output == expected, "\(option) -v \(pattern)", sourceLocation: sourceLocation)
            }
            let listed = try icugrep(["-v", "-l", pattern] + files, window: window, in: directory)
            #expect(listed.output == withMatches.map { $0 + "\n" }.joined(), "-l -v \(pattern)", sourceLocation: sourceLocation)
            #expect(listed.status == (withMatches.isEmpty ? 1 : 0), sourceLocation: sourceLocation)
        }
    }

    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"), arguments: [
        #"a\nb"#, #"\s+"#, #"\n\n"#, #"b$\n"#, #"(?s)a.*?b"#, #"x\n|zzz"#,
    ])
    func invertedCounts(_ pattern: String) throws {
        try Self.expectInvertedCounts(pattern, files: Self.textFiles)
    }

    /// The text of each highlighted match, in order, and the output without colors: icugrep
    /// colors as GNU grep does, rg in its own sequences.
    static func highlights(_ output: String, start: String, end: String) -> (parts: [String], plain: String) {
        var parts: [String] = []
        var rest = Substring(output)
        while let open = rest.range(of: start) {
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: end) else { break }
            parts.append(String(rest[..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        let plain = output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[mK]", with: "", options: .regularExpression)
        return (parts, plain)
    }

    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"), arguments: [
        ["-n", #"a\nb"#], [#"a\s+b"#], ["-o", #"[^x]b"#], ["-n", #"\s+"#],
    ] as [[String]])
    func color(_ arguments: [String]) throws {
        let reference = try Self.rg(["--color=always"] + arguments + Self.textFiles)
        let theirs = Self.highlights(reference.output, start: "\u{1B}[1m\u{1B}[31m", end: "\u{1B}[0m")
        for window in [nil, 16] as [Int?] {
            let mine = try Self.icugrep(["--color=always"] + arguments + Self.textFiles, window: window)
            let ours = Self.highlights(mine.output, start: "\u{1B}[01;31m\u{1B}[K", end: "\u{1B}[m\u{1B}[K")
            #expect(ours.parts == theirs.parts, "\(arguments)")
            #expect(ours.plain == theirs.plain, "\(arguments)")
            #expect(!ours.parts.isEmpty)
        }
    }

    /// Generated texts of short lines over a few letters and patterns that cross line ends,
    /// with the output options, in small windows and the default one.
    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"))
    func generatedCases() throws {
        var random = SplitMix64(seed: 0x6D75_6C74_696C_696E)
        let patterns = [
            #"a\nb"#, #"a\s+b"#, #"[^x]b"#, #"(?s)a.b"#, #"b\n\n?a"#, #"a[^x]*b"#, #"x\n"#, #"\n\n"#, #"^b"#,
            #"a$\n"#, #"\s+x"#, #"b a\n"#, #"a\n|x b"#, #"(?s)x.*?a"#, #"\bab\n"#, #"a\n\w+"#, #"[ab]+\n[ab]+"#,
        ]
        let optionSets: [[String]] = [
            [], ["-n"], ["-n", "-o", "-b"], ["-c"], ["--count-matches"], ["-n", "-C1"], ["-A2"], ["-n", "-B1"], ["-l"],
            ["--multiline-dotall", "-n"],
        ]
        let alphabet: [UInt8] = Array("aabbx  ".utf8)
        for round in 0..<12 {
            var files: [String: Data] = [:]
            for index in 0..<2 {
                var bytes: [UInt8] = []
                let lines = Int.random(in: 3...40, using: &random)
                for _ in 0..<lines {
                    for _ in 0..<Int.random(in: 0...6, using: &random) {
                        bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
                    }
                    bytes.append(UInt8(ascii: "\n"))
                }
                if Bool.random(using: &random) && !bytes.isEmpty { bytes.removeLast() }
                files["g\(index).txt"] = Data(bytes)
            }
            let directory = try TestProcess.makeDirectory(files)
            for _ in 0..<4 {
                let pattern = patterns[Int.random(in: 0..<patterns.count, using: &random)]
                let options = optionSets[Int.random(in: 0..<optionSets.count, using: &random)]
                let window = [16, 24, 40][Int.random(in: 0..<3, using: &random)]
                try Self.expectSame(options + [pattern, "g0.txt", "g1.txt"], in: directory, windows: [nil, window])
                // -v, with the options that print lines (rg 13 prints no counts for -v).
                let invertedOptions = [[], ["-n"], ["-n", "-C1"], ["-b", "-A1"], ["-n", "-B2"], ["--passthru", "-n"]]
                let inverted = invertedOptions[Int.random(in: 0..<invertedOptions.count, using: &random)]
                try Self.expectSame(["-v"] + inverted + [pattern, "g0.txt", "g1.txt"], in: directory, windows: [nil, window])
                try Self.expectInvertedCounts(pattern, files: ["g0.txt", "g1.txt"], in: directory, windows: [window])
                _ = round
            }
        }
    }

    /// The anchored tries at the literals, and the unanchored searches of patterns without
    /// one, decided by the match automaton on the bytes against ICU alone
    /// (`ICUGREP_NO_PREFILTER=1`): generated texts (fixed seed) of words, accented
    /// and other non-ASCII letters, combining marks (which ICU's `\b` looks past), ill-formed
    /// UTF-8 and short lines, and patterns with literals near their start, in small windows
    /// (a try may read to a window's end) and the default one.
    @Test func automatonAgainstICU() throws {
        var random = SplitMix64(seed: 0x6175_746F_6D61_7461)
        let pieces: [[UInt8]] = [
            Array("Holmes".utf8), Array("holmes".utf8), Array("HOLMES".utf8), Array("said".utf8), Array("?".utf8),
            Array(".".utf8), Array(" ".utf8), Array("  ".utf8), Array("\n".utf8), Array("\n".utf8), Array("A".utf8),
            Array("Zo".utf8), Array("é".utf8), Array("É".utf8), Array("e\u{301}".utf8), Array("ß".utf8),
            Array("K".utf8), Array("\u{212A}".utf8), Array("ſ".utf8), Array("😀".utf8), Array("x_1".utf8), [0xFF],
            [0xC3], Array("\r\n".utf8), Array("\u{2028}".utf8), Array("\t".utf8),
        ]
        let patterns = [
            #"Holmes\n[A-Z]"#, #"Holmes[.,!?]?\n\w+"#, #"\?\n[A-Z][a-z]+\?"#, #"said\s+\w+"#, #"(?i)holmes\s+said"#,
            #"\bHolmes\b\s*\n"#, #"\w+\?\n"#, #"é\s+\w"#, #"(?i)ss\n|k\."#, #"Holmes.\n"#, #"Holmes(?s:.)\n"#,
            #"\Bolmes\s"#, #"Holmes[^a-z]+said"#, #"[A-Z]\w*\?\n\n"#,
        ]
        // No literal near the start: the automaton's unanchored search of the window. Each
        // text is searched for one of them as well (in turn), as for the patterns above.
        let unanchoredPatterns = [
            #"\w+\n\w+"#, #"\b\w+\b\s*\n"#, #"[a-zé]+\n+[A-Z]"#, #"(?i)[a-z]+\n\W"#, #"(?s)\w.{0,3}\n"#,
            #"\S\s+\S"#, #"[^a-z\n]\n"#, #"\w\W+\w"#,
        ]
        for text in 0..<8 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 50...400, using: &random) {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
            let directory = try TestProcess.makeDirectory(["a.txt": Data(bytes)])
            for tried in 0..<7 {
                let pattern = tried < 6 ? patterns[Int.random(in: 0..<patterns.count, using: &random)] : unanchoredPatterns[text]
                let options = [["-n", "-o", "-b"], ["-c"], ["-n"], ["--multiline-dotall", "-o"]][Int.random(in: 0..<4, using: &random)]
                for window in [nil, 16, 64] as [Int?] {
                    var environment = window.map { [MultilineSearcher<SummaryPrinter>.windowVariable: String($0)] } ?? [:]
                    let fast = try TestProcess.icugrep(
                        ["--multiline", "-a"] + options + [pattern, "a.txt"], directory: directory, environment: environment)
                    environment[Configuration.prefilterDisablingVariable] = "1"
                    let icu = try TestProcess.icugrep(
                        ["--multiline", "-a"] + options + [pattern, "a.txt"], directory: directory, environment: environment)
                    #expect(fast.standardOutput == icu.standardOutput, "\(options) \(pattern), window \(window ?? 0)")
                    #expect(fast.status == icu.status)
                }
            }
        }
    }

    /// The inner-literal search (``InnerLiteralSearch``: a character found first, the match's
    /// start backwards from it, its end forwards) against rg -U and against ICU alone
    /// (`ICUGREP_NO_PREFILTER=1`): generated texts (fixed seed) of short words and lines, where
    /// a match's prefix could start before the last match's end (`a\nb\nc`), candidates
    /// overlap, the character lies at a window's edge (windows of 16 and 64 bytes), and a
    /// failed try reads past the next occurrences (`\w+\n[^#]*#`, which the search leaves to
    /// the unanchored automaton then).
    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"))
    func innerLiteralAgainstRipgrepAndICU() throws {
        let patterns = [
            #"\w+\n\w+"#, #"[a-z]+,\n[A-Z]?\w*"#, #"\d*\n\n\w"#, #"[^\n]*\n[^\n]{2}"#, #"(?:\w+b|\w)\n(b|ba)"#,
            #"x*\n"#, #"\w+ \w+\n\w"#, #"[a-zé]*[0-9]+\n[a-z]"#, #"\w+\n[^#]*#"#,
        ]
        // The split is taken for these; not where the prefix may hold the character, look at
        // what is around it, or hold a `.`.
        for pattern in patterns {
            #expect(MultilineFacts(pattern: pattern, options: [], terminator: 0x0A).innerLiteral != nil, "\(pattern)")
        }
        for pattern in [#"\s+\n\w"#, #"\b\w+\n"#, #"(?s)\w.\n"#, #"a.\n"#, #"(?>a+)\n"#, #"[a-z]++\n"#] {
            #expect(MultilineFacts(pattern: pattern, options: [], terminator: 0x0A).innerLiteral == nil, "\(pattern)")
        }
        var random = SplitMix64(seed: 0x696E_6E65_726C_6974)
        let pieces = ["a", "b", "ab", "ba", "x", "xx", "1", "42", "é", "A", "Zo", " ", " ", ",", "\n", "\n", "\n", "#"]
        for text in 0..<6 {
            var string = ""
            for _ in 0..<Int.random(in: 40...300, using: &random) {
                string += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
            let directory = try TestProcess.makeDirectory(["a.txt": Data(string.utf8)])
            for tried in 0..<3 {
                let pattern = patterns[(text * 3 + tried) % patterns.count]
                let options = [["-n", "-o", "-b"], ["-c"], ["-n"], ["--count-matches"]][Int.random(in: 0..<4, using: &random)]
                try Self.expectSame(options + [pattern, "a.txt"], in: directory, windows: [nil, 64])
                for window in [nil, 16, 64] as [Int?] {
                    var environment = window.map { [MultilineSearcher<SummaryPrinter>.windowVariable: String($0)] } ?? [:]
                    let fast = try TestProcess.icugrep(["--multiline"] + options + [pattern, "a.txt"], directory: directory, environment: environment)
                    environment[Configuration.prefilterDisablingVariable] = "1"
                    let icu = try TestProcess.icugrep(["--multiline"] + options + [pattern, "a.txt"], directory: directory, environment: environment)
                    #expect(fast.standardOutput == icu.standardOutput, "\(options) \(pattern), window \(window ?? 0)")
                    #expect(fast.status == icu.status)
                }
            }
        }
    }

    /// `-z` with a `.` that matches line ends (`(?s)`, `--multiline-dotall`) and `\R`: ICU
    /// reads `\r\n` as one character for both (so `(?s)a.b` matches `a\r\nb` and `(?s)a..b`
    /// does not, unlike ripgrep). Generated texts (fixed seed) of NUL-ended records holding
    /// `\r\n`, `\r`, `\n` and other line ends: the matches the search counts are those of
    /// Foundation's `NSRegularExpression` over the whole text, with the automaton (where it
    /// decides) as with ICU alone (`ICUGREP_NO_PREFILTER=1`), in small windows and the default.
    @Test func nullDataWithDotAll() throws {
        var random = SplitMix64(seed: 0x7A_646F_7461_6C6C)
        let pieces = ["a", "b", "ab", "\r\n", "\r", "\n", "\0", "\0", "x", " ", "\u{85}", "\u{2028}", "é"]
        let patterns: [(pattern: String, options: [String])] = [
            (#"(?s)a.b"#, []), (#"(?s)a..b"#, []), ("a.b", ["--multiline-dotall"]), ("a.{1,3}b", ["--multiline-dotall"]),
            (#"a\Rb"#, []), (#"a\R{2}b"#, []), (#"a[\s\S]b"#, []), (#"b\s+a"#, []), (#"(?s)b.+?a"#, []),
        ]
        for _ in 0..<6 {
            var text = ""
            for _ in 0..<Int.random(in: 40...200, using: &random) {
                text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
            let directory = try TestProcess.makeDirectory(["z.txt": Data(text.utf8)])
            for (pattern, options) in patterns {
                let regex = try NSRegularExpression(
                    pattern: pattern, options: options.isEmpty ? [] : [.dotMatchesLineSeparators])
                let expected = regex.numberOfMatches(in: text, range: NSRange(location: 0, length: (text as NSString).length))
                for window in [nil, 16] as [Int?] {
                    var environment = window.map { [MultilineSearcher<SummaryPrinter>.windowVariable: String($0)] } ?? [:]
                    let arguments = ["--multiline", "-z", "-a", "--count-matches"] + options + [pattern, "z.txt"]
                    let fast = try TestProcess.icugrep(arguments, directory: directory, environment: environment)
                    environment[Configuration.prefilterDisablingVariable] = "1"
                    let icu = try TestProcess.icugrep(arguments, directory: directory, environment: environment)
                    // As rg's, a count of none is not printed.
                    #expect(fast.output == (expected == 0 ? "" : "\(expected)\n"), "\(pattern) \(options), window \(window ?? 0)")
                    #expect(icu.output == fast.output, "\(pattern) \(options), window \(window ?? 0)")
                }
            }
        }
        // ICU's reading, which the test above takes from Foundation, stated: `\r\n` is one
        // character for a dot-all `.` and for `\R`.
        let directory = try TestProcess.makeDirectory(["crlf.txt": Data("a\r\nb\0".utf8)])
        for (pattern, count) in [(#"(?s)a.b"#, 1), (#"(?s)a..b"#, 0), (#"a\Rb"#, 1), (#"a\R\Rb"#, 0), (#"a\r\nb"#, 1)] {
            let result = try TestProcess.icugrep(["--multiline", "-z", "-c", pattern, "crlf.txt"], directory: directory)
            #expect(result.status == (count == 0 ? 1 : 0), "\(pattern)")
        }
    }

    /// A file many times the window, with two-line matches across every window end, and
    /// matches longer than the window (which grows for them); a match longer than the window
    /// may grow to is an error, after the lines found before it.
    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"))
    func windows() throws {
        var text = ""
        var random = SplitMix64(seed: 42)
        for line in 0..<4000 {
            text += line % 7 == 3 ? "Holmes\n" : "line \(line) \(Int.random(in: 0..<1000, using: &random))\n"
            if line % 500 == 250 {
                // One long match: `start[^#]*end` over 40 lines.
                text += "start\n" + String(repeating: "filler filler filler\n", count: 40) + "end\n"
            }
        }
        text += "start\n" + String(repeating: "f\n", count: 4000) + "end\n"
        let directory = try TestProcess.makeDirectory(["big.txt": Data(text.utf8)])
        for arguments in [["-n", #"Holmes\n\w+ \d+"#], ["-c", #"\d\nHolmes"#], ["-n", "-C1", #"start\n"#]] {
            try Self.expectSame(arguments + ["big.txt"], in: directory, windows: [nil, 256, 4096])
        }
        try Self.expectSame(["-n", "-o", #"start[^#]*?end"#, "big.txt"], in: directory, windows: [nil, 1024])
        // The last match is 8,000 bytes: beyond 32 windows of 128 bytes.
        let limited = try Self.icugrep(["-c", #"start[^#]*?end"#, "big.txt"], window: 128, in: directory)
        #expect(limited.status == 2)
        #expect(limited.errors.contains("--multiline"))
        let whole = try Self.icugrep(["-c", #"start[^#]*?end"#, "big.txt"], window: 1024, in: directory)
        #expect(whole.output == "9\n")
    }

    /// A line longer than the limit is held whole, as the line search holds it: the limit is on
    /// what a match spans beyond its first line, not on the length of one line.
    @Test(.enabled(if: hasRipgrep, "rg is not installed; CI installs it"))
    func lineLongerThanTheLimit() throws {
        let long = String(repeating: "a", count: 20_000)
        let text = "x\n" + long + "\nb\n" + long + "b\nc\n"
        let directory = try TestProcess.makeDirectory(["long.txt": Data(text.utf8)])
        for arguments in [["-c", #"a\nb"#], ["-n", #"b\nc"#], ["-o", #"x\na{3}"#], ["-c", #"a+\nb\na"#]] {
            // 32 windows of 128 bytes hold 4 KiB: each long line is five times that.
            try Self.expectSame(arguments + ["long.txt"], in: directory, windows: [nil, 128])
        }
    }

    /// Without --multiline, a pattern every match of which holds a line end gets one warning
    /// naming --multiline; the exit status is the search's. A pattern that may match without
    /// one gets none.
    @Test func warningWithoutMultiline() throws {
        let warned = try TestProcess.icugrep([#"a\nb"#, "t.txt"], directory: Self.directory)
        #expect(warned.status == 1)
        #expect(warned.errors.components(separatedBy: "--multiline").count == 2)
        #expect(warned.errors.contains("warning"))
        let alternatives = try TestProcess.icugrep(["-e", #"x\ny"#, "-e", "zz", "t.txt"], directory: Self.directory)
        #expect(alternatives.status == 0)
        #expect(alternatives.errors.contains("--multiline"))
        for quiet in [#"a\s+b"#, "a", #"a$"#] {
            let result = try TestProcess.icugrep([quiet, "t.txt"], directory: Self.directory)
            #expect(result.errors == "", "\(quiet)")
        }
        let multiline = try Self.icugrep(["-c", #"a\nb"#, "t.txt"])
        #expect(multiline.errors == "")
        #expect(multiline.output == "4\n")
    }

    @Test func helpAndErrors() throws {
        let help = try TestProcess.icugrep(["--help"])
        #expect(help.output.contains("--multiline "))
        #expect(help.output.contains("--multiline-dotall"))
        // -U stays GNU's --binary, which does nothing.
        let gnu = try TestProcess.icugrep(["-U", "-c", #"a\nb"#, "t.txt"], directory: Self.directory)
        #expect(gnu.output == "0\n")
    }
}
