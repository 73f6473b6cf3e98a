import Foundation
@testable import icugrep
import Testing
import TestSupport

/// Boolean queries beyond the basic line scope: ugrep's spellings `-%` and `-%%`, `-v` in the
/// file scope, the file scope on inputs that cannot be read twice (a pipe, `--pre`,
/// `--search-zip`), and `--multiline`; each against single greps, ugrep, or the same query on
/// a regular file.
@Suite("Boolean query scopes and spellings", .enabled(if: DifferentialEnvironment.grep != nil, "GNU grep with -P is not installed"))
struct BooleanQueryScopeTests {
    typealias Query = BooleanQueryTests.Query

    static func grep(_ arguments: [String], input: Data = Data()) throws -> ProcessResult {
        try TestProcess.run(try #require(DifferentialEnvironment.grep), arguments, input: input)
    }

    @Test("-% is --bool and -%% is --bool --query-scope=file, alone or bundled; several -e queries are ORed")
    func ugrepSpellings() throws {
        let directory = try TestProcess.makeDirectory([
            "one": Data("alpha beta\ngamma\nBeta delta\n".utf8), "two": Data("alpha\nzeta\n".utf8),
        ])
        func run(_ arguments: [String]) throws -> ProcessResult {
            try TestProcess.icugrep(arguments + ["one", "two"], directory: directory)
        }
        for (short, long) in [
            (["-%", "alpha -beta"], ["--bool", "alpha -beta"]),
            (["-n%", "alpha|delta"], ["-n", "--bool", "alpha|delta"]),
            (["-%i", "BETA"], ["-i", "--bool", "BETA"]),
            (["-i%", "beta -alpha"], ["-i", "--bool", "beta -alpha"]),
            (["-%%", "alpha beta"], ["--query-scope=file", "--bool", "alpha beta"]),
            (["-%%c", "alpha -zeta"], ["-c", "--query-scope=file", "--bool", "alpha -zeta"]),
            (["-l%%", "alpha -zeta"], ["-l", "--query-scope=file", "--bool", "alpha -zeta"]),
        ] {
            let expected = try run(long)
            let actual = try run(short)
            #expect(actual.output == expected.output && actual.status == expected.status, "\(short)")
            #expect(!actual.output.isEmpty, "\(short)")
        }
        #expect(try run(["-%%", "alpha beta"]).output == "one:alpha beta\n")
        // Each -e is a query, and they are ORed, as patterns are; -f's lines stay patterns.
        let ored = try run(["-%", "-e", "alpha -beta", "-e", "delta gamma|Beta"])
        #expect(ored.output == "one:Beta delta\ntwo:alpha\n")
        let listed = try TestProcess.makeDirectory(["list": Data("a -b\n".utf8)])
        let literal = try TestProcess.icugrep(["-%", "-f", listed.appendingPathComponent("list").path], stdin: "a -b\na\n")
        #expect(literal.output == "a -b\n")
        let malformed = try run(["-%", "(alpha"])
        #expect(malformed.status == 2 && malformed.errors.contains("-%: "))
    }

    @Test("-% equals ugrep's -% on generated queries", .enabled(if: BooleanQueryTests.ugrep != nil, "ugrep is not installed"))
    func ugrepShortSpelling() throws {
        let ugrep = try #require(BooleanQueryTests.ugrep)
        var random = SplitMix64(seed: BooleanQueryTests.seed &+ 11)
        let file = BooleanQueryTests.corpusFiles[0].path
        var compared = 0
        while compared < 4 {
            let query = Query.generateFlat(using: &random)
            guard query.requiresPositiveTerm, query.terms.count == query.termCount else { continue }
            compared += 1
            let text = query.rendered(using: &random, symbolic: true)
            let expected = try TestProcess.run(ugrep, ["-n%", text, file])
            let actual = try TestProcess.icugrep(["-n%", text, file])
            #expect(actual.output == expected.output, "-n% '\(text)'")
        }
    }

    @Test("-v in the file scope: the files over which the query does not hold, with their lines that no positive term matches")
    func invertedFileScope() throws {
        var random = SplitMix64(seed: BooleanQueryTests.seed &+ 12)
        let corpora = BooleanQueryTests.corpusFiles.map(\.path)
            + ["words-300.txt", "UNLICENSE-rebar"].map { TestFixtures.corpora.appendingPathComponent($0).path }
        for index in 0..<6 {
            let query = Query.generate(depth: 2, using: &random)
            let text = query.rendered(using: &random)
            var filesOfTerm: [String: Set<String>] = [:]
            for term in query.terms {
                let listed = try Self.grep(["-l", "-P", term] + corpora)
                filesOfTerm[term] = Set(listed.output.split(separator: "\n").map(String.init))
            }
            let unselected = corpora.filter { file in !query.holds { filesOfTerm[$0]!.contains(file) } }
            let arguments = ["-v", "--query-scope=file", "--bool", text]
            let listed = try TestProcess.icugrep(["-l"] + arguments + corpora)
            #expect(listed.output == unselected.map { $0 + "\n" }.joined(), "case \(index): -v -l --bool '\(text)'")
            #expect(listed.status == (unselected.isEmpty ? 1 : 0), "case \(index)")
            let unlisted = try TestProcess.icugrep(["-L"] + arguments + corpora)
            #expect(unlisted.output == corpora.filter { !unselected.contains($0) }.map { $0 + "\n" }.joined(), "case \(index): -v -L")
            // -c: in a file selected by -v, the lines that match no positive term; 0 elsewhere.
            let positive = query.positiveTerms().sorted()
            var expectedCounts = ""
            for file in corpora {
                var count = 0
                if unselected.contains(file) {
                    let alternation = positive.isEmpty ? "(?!)" : positive.map { "(?:\($0))" }.joined(separator: "|")
                    let counted = try Self.grep(["-v", "-c", "-P", alternation, file])
                    count = Int(counted.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
                }
                expectedCounts += "\(file):\(count)\n"
            }
            let counted = try TestProcess.icugrep(["-c"] + arguments + corpora)
            #expect(counted.output == expectedCounts, "case \(index): -v -c --bool '\(text)'")
        }
        // The lines printed: grep -L's file, then grep -v of the positive terms.
        let directory = try TestProcess.makeDirectory(["one": Data("alpha\nbeta\n".utf8), "two": Data("alpha\ngamma\n".utf8)])
        let lines = try TestProcess.icugrep(["-n", "-v", "--query-scope=file", "--bool", "alpha beta", "one", "two"], directory: directory)
        #expect(lines.output == "two:2:gamma\n" && lines.status == 0)
    }

    @Test("the file scope on a pipe, --pre cat and --search-zip gives what it gives on the regular file")
    func fileScopeOnStreams() throws {
        let sherlock = try Data(contentsOf: BooleanQueryTests.corpusFiles[1])
        // Several copies: more than one block of the spool's copy and of the reader.
        var large = Data()
        for _ in 0..<8 { large.append(sherlock) }
        let gzip = URL(fileURLWithPath: "/usr/bin/gzip")
        let hasGzip = FileManager.default.isExecutableFile(atPath: gzip.path)
        var files: [String: Data] = ["plain": large]
        if hasGzip {
            files["plain.gz"] = try TestProcess.run(gzip, ["-c"], input: large).standardOutput
        }
        let directory = try TestProcess.makeDirectory(files)
        for query in [["--bool", "Holmes Watson -Moriarty"], ["--bool", "Holmes -Watson"]] {
            for options in [["-n"], ["-c"], ["-v", "-n"], ["-o", "-b"]] {
                let arguments = options + ["--query-scope=file"] + query
                let expected = try TestProcess.icugrep(arguments + ["plain"], directory: directory)
                #expect(expected.status != 2)
                let piped = try TestProcess.icugrep(arguments, input: large, directory: directory)
                #expect(piped.output == expected.output && piped.status == expected.status, "pipe \(arguments)")
                let preprocessed = try TestProcess.icugrep(["--pre", "cat"] + arguments + ["plain"], directory: directory)
                #expect(preprocessed.output == expected.output && preprocessed.status == expected.status, "--pre cat \(arguments)")
                if hasGzip {
                    let unzipped = try TestProcess.icugrep(["--search-zip"] + arguments + ["plain.gz"], directory: directory)
                    #expect(unzipped.output == expected.output && unzipped.status == expected.status, "--search-zip \(arguments)")
                }
            }
        }
        let listed = try TestProcess.icugrep(["-l", "-%%", "Holmes Watson"], input: large)
        #expect(listed.output == "(standard input)\n")
        // No temporary file: an error for that input, with the reason.
        let unspooled = try TestProcess.icugrep(
            ["-%%", "alpha"], input: Data("alpha\n".utf8), environment: ["TMPDIR": "/nonexistent/directory"])
        #expect(unspooled.status == 2 && unspooled.output.isEmpty)
        #expect(unspooled.errors.contains("(standard input): cannot make a temporary file in /nonexistent/directory"))
    }

    /// The numbers of the lines that `icugrep --multiline -n` prints for one pattern: the lines
    /// its matches touch.
    static func touchedLines(of pattern: String, in file: String) throws -> Set<Int> {
        let result = try TestProcess.icugrep(["--multiline", "-n", "-e", pattern, file])
        return Set(BooleanQueryTests.numbers(in: result.output))
    }

    @Test("--multiline, line scope: a line is selected when the query holds on the terms whose matches touch it")
    func multilineLineScope() throws {
        // Terms that span lines (a paragraph's last line and the blank line after it, a word
        // at a line's end and the next line's first) and terms that do not.
        let terms = ["Holmes", "Watson", "the", "[.?!]\\r?\\n\\r?\\n", "\\w+\\r?\\n\\s*Holmes", "said\\W*\\r?\\n"]
        let file = BooleanQueryTests.corpusFiles[1].path
        var linesOfTerm: [String: Set<Int>] = [:]
        for term in terms { linesOfTerm[term] = try Self.touchedLines(of: term, in: file) }
        let all = Set(BooleanQueryTests.numbers(in: try TestProcess.icugrep(["-n", "", file]).output))
        var random = SplitMix64(seed: BooleanQueryTests.seed &+ 13)
        for index in 0..<8 {
            // A query of two or three terms, one of which spans lines.
            var chosen = [terms[3 + random.number(in: 0..<3)]]
            for _ in 0..<random.number(in: 1...2) { chosen.append(random.element(of: terms)) }
            let negated = random.number(in: 0..<chosen.count)
            let text = chosen.enumerated().map { ($0.offset == negated && index % 2 == 1 ? "-" : "") + $0.element }
                .joined(separator: index % 4 == 2 ? "|" : " ")
            let query = try BooleanQueryParser.parse(text).query
            let parsedTerms = try BooleanQueryParser.parse(text).terms.map(\.text)
            let expected = all.filter { line in query.holds { linesOfTerm[parsedTerms[$0]]!.contains(line) } }.sorted()
            let actual = try TestProcess.icugrep(["--multiline", "-n", "--bool", text, file])
            #expect(BooleanQueryTests.numbers(in: actual.output) == expected, "case \(index): --bool '\(text)'")
            #expect(actual.status == (expected.isEmpty ? 1 : 0), "case \(index)")
            let counted = try TestProcess.icugrep(["--multiline", "-c", "--bool", text, file])
            #expect(counted.output == "\(expected.count)\n", "case \(index): -c")
            let inverted = try TestProcess.icugrep(["--multiline", "-n", "-v", "--bool", text, file])
            #expect(BooleanQueryTests.numbers(in: inverted.output) == all.subtracting(expected).sorted(), "case \(index): -v")
        }
        // Small cases, by hand.
        let input = "xa\nb\nc\nb c\n"
        func run(_ arguments: [String]) throws -> String { try TestProcess.icugrep(["--multiline", "-n"] + arguments, stdin: input).output }
        #expect(try run(["--bool", "a\\nb"]) == "1:xa\n2:b\n")
        #expect(try run(["--bool", "a\\nb c"]).isEmpty)
        #expect(try run(["--bool", "a\\nb -xa"]) == "2:b\n")
        #expect(try run(["-e", "a\\nb", "--not", "c"]) == "1:xa\n2:b\n")
        #expect(try run(["--bool", "a\\nb|c"]) == "1:xa\n2:b\n3:c\n4:b c\n")
        // -o shows the pieces of the positive terms' matches in the selected lines.
        #expect(try run(["-o", "--bool", "a\\nb|c"]) == "1:a\n2:b\n3:c\n4:c\n")
        #expect(try run(["-o", "--bool", "xa\\nb -c"]) == "1:xa\n2:b\n")
        #expect(try TestProcess.icugrep(["--multiline", "-o", "--bool", "b\\ncd|x|y"], stdin: "x ab\ncd y\n").output == "x\nb\ncd\ny\n")
        let colored = try TestProcess.icugrep(["--multiline", "--color=always", "--bool", "a\\nb"], stdin: input).output
        #expect(colored == "x\u{1B}[01;31m\u{1B}[Ka\u{1B}[m\u{1B}[K\n\u{1B}[01;31m\u{1B}[Kb\u{1B}[m\u{1B}[K\n")
        // Without a term that can match a line end, --multiline changes nothing.
        #expect(try run(["--bool", "b -c"]) == "2:b\n")
    }

    @Test("--multiline, file scope: a term may match across lines; a selected file prints as rg -U its positive terms")
    func multilineFileScope() throws {
        let directory = try TestProcess.makeDirectory([
            "one": Data("xa\nb\nc\n".utf8), "two": Data("xa\nb\nzz\n".utf8), "three": Data("xa b\nc\n".utf8),
        ])
        func run(_ arguments: [String]) throws -> ProcessResult {
            try TestProcess.icugrep(["--multiline"] + arguments + ["one", "two", "three"], directory: directory)
        }
        #expect(try run(["-l", "-%%", "a\\nb -zz"]).output == "one\n")
        #expect(try run(["-L", "-%%", "a\\nb c"]).output == "two\nthree\n")
        #expect(try run(["-l", "-v", "-%%", "a\\nb -zz"]).output == "two\nthree\n")
        let printed = try run(["-n", "-%%", "a\\nb c"])
        let expected = try TestProcess.icugrep(["--multiline", "-n", "-H", "-e", "a\\nb", "-e", "c", "one"], directory: directory)
        #expect(printed.output == expected.output && printed.status == 0)
        let piped = try TestProcess.icugrep(["--multiline", "-n", "-%%", "a\\nb c"], stdin: "xa\nb\nc\n")
        #expect(piped.output == "1:xa\n2:b\n3:c\n")
    }
}
