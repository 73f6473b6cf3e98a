import Foundation
@testable import icugrep
import Testing
import TestSupport

/// Boolean queries (`--and`, `--not`, `--bool`, `--query-scope`): generated queries from a
/// fixed seed over the corpora, each against what single greps give.
///
/// A line-scope query is written for GNU grep as one PCRE of lookaheads at the line's start
/// (`a -b` as `^(?=.*a)(?!.*b)`), so that every output mode grep has (`-n`, `-c`, `-l`, `-L`,
/// context, `-v`, several files) is compared byte for byte; the terms are words on which PCRE
/// and ICU agree. `-w` and `-x`, which lookaheads do not express, are compared with the sets
/// of lines that `grep -n` gives for each term. The file scope is compared with the sets of
/// files that `grep -l` gives for each term, and the query, where ugrep's reading agrees,
/// with `ugrep --bool`.
@Suite("Boolean queries", .enabled(if: DifferentialEnvironment.grep != nil, "GNU grep with -P is not installed"))
struct BooleanQueryTests {
    static let seed: UInt64 = 0xB001_EA17
    static let generatedCount = 24

    /// A query as generated: rendered in `--bool`'s grammar, as PCRE lookaheads, and evaluated
    /// over a set of matching terms.
    indirect enum Query: CustomStringConvertible {
        case term(String)
        case not(Query)
        case and([Query])
        case or([Query])

        /// The terms: words, a class, a phrase with a space (written quoted).
        static let words = ["the", "you", "and", "that", "what", "he", "she", "is", "to", "I", "th[ae]t", "do you", "Holmes", "was"]

        static func generate(depth: Int, using random: inout SplitMix64) -> Query {
            if depth == 0 || random.chance(0.35) {
                return .term(random.element(of: words))
            }
            switch random.number(in: 0..<5) {
            case 0: return .not(generate(depth: depth - 1, using: &random))
            case 1, 2: return .and((0..<random.number(in: 2...3)).map { _ in generate(depth: depth - 1, using: &random) })
            default: return .or((0..<random.number(in: 2...3)).map { _ in generate(depth: depth - 1, using: &random) })
            }
        }

        /// An AND of one to three terms, negated terms and ORs of two or three terms.
        static func generateFlat(using random: inout SplitMix64) -> Query {
            .and((0..<random.number(in: 1...3)).map { _ in
                switch random.number(in: 0..<3) {
                case 0: return .term(random.element(of: words))
                case 1: return .not(.term(random.element(of: words)))
                default: return .or((0..<random.number(in: 2...3)).map { _ in .term(random.element(of: words)) })
                }
            })
        }

        /// The number of terms as written, repeats counted.
        var termCount: Int {
            switch self {
            case .term: return 1
            case .not(let inner): return inner.termCount
            case .and(let children), .or(let children): return children.reduce(0) { $0 + $1.termCount }
            }
        }

        /// The query in `--bool`'s grammar, operators spelled at random (space or `AND`, `|`
        /// or `OR`, `-` or `NOT`), compound operands in parentheses.
        func rendered(using random: inout SplitMix64, symbolic: Bool = false) -> String {
            switch self {
            case .term(let word):
                return word.contains(" ") ? "\"\(word)\"" : word
            case .not(let inner):
                return (symbolic || random.chance(0.5) ? "-" : "NOT ") + inner.operand(using: &random, symbolic: symbolic)
            case .and(let children):
                let separator = symbolic || random.chance(0.5) ? " " : " AND "
                return children.map { $0.operand(using: &random, symbolic: symbolic) }.joined(separator: separator)
            case .or(let children):
                let separator = symbolic || random.chance(0.5) ? "|" : " OR "
                return children.map { $0.operand(using: &random, symbolic: symbolic) }.joined(separator: separator)
            }
        }

        private func operand(using random: inout SplitMix64, symbolic: Bool) -> String {
            if case .term = self { return rendered(using: &random, symbolic: symbolic) }
            return "(" + rendered(using: &random, symbolic: symbolic) + ")"
        }

        /// True when every line the query holds on has a positive term: ugrep 3.11 reads a
        /// query without one (`-he`) otherwise.
        var requiresPositiveTerm: Bool {
            switch self {
            case .term: return true
            case .not: return false
            case .and(let children): return children.contains { $0.requiresPositiveTerm }
            case .or(let children): return children.allSatisfy { $0.requiresPositiveTerm }
            }
        }

        /// A zero-width PCRE that holds at a line's start when the query holds on the line.
        var lookahead: String {
            switch self {
            case .term(let word): return "(?=.*\(word))"
            case .not(let inner): return "(?!\(inner.lookahead))"
            case .and(let children): return children.map(\.lookahead).joined()
            case .or(let children): return "(?:" + children.map(\.lookahead).joined(separator: "|") + ")"
            }
        }

        func holds(_ matching: (String) -> Bool) -> Bool {
            switch self {
            case .term(let word): return matching(word)
            case .not(let inner): return !inner.holds(matching)
            case .and(let children): return children.allSatisfy { $0.holds(matching) }
            case .or(let children): return children.contains { $0.holds(matching) }
            }
        }

        /// The terms under an even number of negations.
        func positiveTerms(negated: Bool = false) -> Set<String> {
            switch self {
            case .term(let word): return negated ? [] : [word]
            case .not(let inner): return inner.positiveTerms(negated: !negated)
            case .and(let children), .or(let children):
                return children.reduce(into: Set<String>()) { $0.formUnion($1.positiveTerms(negated: negated)) }
            }
        }

        var terms: Set<String> {
            switch self {
            case .term(let word): return [word]
            case .not(let inner): return inner.terms
            case .and(let children), .or(let children):
                return children.reduce(into: Set<String>()) { $0.formUnion($1.terms) }
            }
        }

        var description: String {
            var random = SplitMix64(seed: 1)
            return rendered(using: &random)
        }
    }

    /// The first lines of the corpora, as small files: English, the CRLF lines of Sherlock
    /// Holmes, Russian.
    static let corpusFiles: [URL] = {
        var files: [String: Data] = [:]
        for name in ["en-sampled.txt", "sherlock.txt", "ru-sampled.txt"] {
            let text = (try? String(contentsOf: TestFixtures.corpora.appendingPathComponent(name), encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(3_000)
            files[name] = Data((lines.joined(separator: "\n") + "\n").utf8)
        }
        guard let directory = try? TestProcess.makeDirectory(files) else { return [] }
        return ["en-sampled.txt", "sherlock.txt", "ru-sampled.txt"].map { directory.appendingPathComponent($0) }
    }()

    /// The line numbers that start the lines of `-n`'s output (split at `\n` bytes: a
    /// corpus has CRLF lines, which Swift reads as one Character).
    static func numbers(in output: String) -> [Int] {
        output.unicodeScalars.split(separator: "\n").compactMap { line in
            String(line).unicodeScalars.split(separator: ":", maxSplits: 1).first.flatMap { Int(String($0)) }
        }
    }

    static func grep(_ arguments: [String]) throws -> ProcessResult {
        try TestProcess.run(try #require(DifferentialEnvironment.grep), arguments)
    }

    @Test("generated line-scope queries equal grep -P with the query as lookaheads: -n, -c, -l, -L, -C1, -v, -i, two files")
    func generatedLineScope() throws {
        var random = SplitMix64(seed: Self.seed)
        let files = Self.corpusFiles.map(\.path)
        for index in 0..<Self.generatedCount {
            let query = Query.generate(depth: 3, using: &random)
            let text = query.rendered(using: &random)
            let optionSets: [[String]] = [["-n"], ["-c"], ["-l"], ["-L"], ["-n", "-C1"], ["-v", "-c"], ["-i", "-c"], ["-n", "-m", "5"]]
            let options = optionSets[index % optionSets.count]
            let fileArguments = index % 3 == 0 ? [files[0]] : Array(files[0...1])
            let expected = try Self.grep(["-P"] + options + ["^" + query.lookahead] + fileArguments)
            let actual = try TestProcess.icugrep(options + ["--bool", text] + fileArguments)
            #expect(actual.output == expected.output, "case \(index): \(options) --bool '\(text)'")
            #expect(actual.status == expected.status, "case \(index): \(options) --bool '\(text)'")
        }
    }

    /// The numbers of the lines of `file` that `term` matches, by `grep -n` with `options`.
    static func lineNumbers(of term: String, in file: String, options: [String]) throws -> Set<Int> {
        Set(numbers(in: try grep(["-n", "-P"] + options + [term, file]).output))
    }

    @Test("generated queries with -w, -x, -F and -i equal the lines computed from one grep -n per term")
    func generatedTermSets() throws {
        var random = SplitMix64(seed: Self.seed &+ 1)
        let file = Self.corpusFiles[1].path
        let lineCount = try Data(contentsOf: URL(fileURLWithPath: file)).filter { $0 == 10 }.count
        for index in 0..<Self.generatedCount / 2 {
            let query = Query.generate(depth: 3, using: &random)
            let text = query.rendered(using: &random)
            let options = [["-w"], ["-w", "-i"], ["-x"], ["-i"]][index % 4]
            var sets: [String: Set<Int>] = [:]
            for term in query.terms {
                sets[term] = try Self.lineNumbers(of: term, in: file, options: options)
            }
            let expected = (1...lineCount).filter { line in query.holds { sets[$0]!.contains(line) } }
            let actual = try TestProcess.icugrep(["-n"] + options + ["--bool", text, file])
            #expect(Self.numbers(in: actual.output) == expected, "case \(index): \(options) --bool '\(text)'")
            #expect(actual.status == (expected.isEmpty ? 1 : 0), "case \(index)")
        }
    }

    @Test("generated file-scope queries: -l, -L and -c equal the sets of files from one grep -l per term")
    func generatedFileScope() throws {
        var random = SplitMix64(seed: Self.seed &+ 2)
        let corpora = Self.corpusFiles.map(\.path)
            + ["words-300.txt", "UNLICENSE-rebar"].map { TestFixtures.corpora.appendingPathComponent($0).path }
        for index in 0..<Self.generatedCount / 2 {
            let query = Query.generate(depth: 3, using: &random)
            let text = query.rendered(using: &random)
            var filesOfTerm: [String: Set<String>] = [:]
            for term in query.terms {
                let listed = try Self.grep(["-l", "-P", term] + corpora)
                filesOfTerm[term] = Set(listed.output.split(separator: "\n").map(String.init))
            }
            let selected = corpora.filter { file in query.holds { filesOfTerm[$0]!.contains(file) } }
            let arguments = ["--query-scope=file", "--bool", text]
            let listed = try TestProcess.icugrep(["-l"] + arguments + corpora)
            #expect(listed.output == selected.map { $0 + "\n" }.joined(), "case \(index): -l --bool '\(text)'")
            #expect(listed.status == (selected.isEmpty ? 1 : 0), "case \(index)")
            let unlisted = try TestProcess.icugrep(["-L"] + arguments + corpora)
            #expect(unlisted.output == corpora.filter { !selected.contains($0) }.map { $0 + "\n" }.joined(), "case \(index): -L")
            // -c: in a selected file, the lines that match a positive term; 0 elsewhere.
            let positive = query.positiveTerms().sorted()
            var expectedCounts = ""
            for file in corpora {
                var count = 0
                if selected.contains(file) && !positive.isEmpty {
                    // grep -P takes one pattern: the terms as one alternation.
                    let counted = try Self.grep(["-c", "-P", positive.map { "(?:\($0))" }.joined(separator: "|"), file])
                    count = Int(counted.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
                }
                expectedCounts += "\(file):\(count)\n"
            }
            let counted = try TestProcess.icugrep(["-c"] + arguments + corpora)
            #expect(counted.output == expectedCounts, "case \(index): -c --bool '\(text)'")
        }
    }

    @Test("the query equals the pipeline of greps it replaces, in every spelling")
    func pipeline() throws {
        let file = Self.corpusFiles[1].path
        let the = try Self.grep(["-n", "the", file]).standardOutput
        let and = try TestProcess.run(try #require(DifferentialEnvironment.grep), ["and"], input: the).standardOutput
        let expected = try TestProcess.run(try #require(DifferentialEnvironment.grep), ["-v", "she"], input: and).output
        #expect(!expected.isEmpty)
        for arguments in [
            ["--bool", "the and -she"], ["--bool", "the AND and AND NOT she"], ["-e", "the", "--and", "and", "--not", "she"],
            ["--and", "the", "--and=and", "--not=she"], ["--bool", "the", "--bool", "and -she"],
        ] {
            let actual = try TestProcess.icugrep(["-n"] + arguments + [file])
            #expect(actual.output == expected, "\(arguments)")
        }
        // A PATTERNS argument with newlines is several patterns: an OR.
        let either = try TestProcess.icugrep(["-c", "--and", "Holmes\nWatson", file]).output
        let grepEither = try Self.grep(["-c", "-e", "Holmes", "-e", "Watson", file]).output
        #expect(either == grepEither)
    }

    @Test("-o, --color and --json show the positive terms' matches only")
    func shownMatches() throws {
        let input = "the cat and the dog\nthe cat sat\na dog\n"
        let only = try TestProcess.icugrep(["-o", "--bool", "cat -(sat|dog)"], stdin: input)
        #expect(only.output.isEmpty)
        let either = try TestProcess.icugrep(["-o", "--bool", "cat -sat|dog"], stdin: input)
        #expect(either.output == "cat\ndog\n")
        let negatedOnly = try TestProcess.icugrep(["-o", "--bool", "the -(cat -dog)"], stdin: input)
        #expect(negatedOnly.output == "the\nthe\ndog\n")
        let colored = try TestProcess.icugrep(["--color=always", "--bool", "cat dog"], stdin: input)
        #expect(colored.output == "the \u{1B}[01;31m\u{1B}[Kcat\u{1B}[m\u{1B}[K and the \u{1B}[01;31m\u{1B}[Kdog\u{1B}[m\u{1B}[K\n")
        let json = try TestProcess.icugrep(["--json", "--bool", "dog -cat"], stdin: input)
        #expect(json.output.contains("\"submatches\":[{\"match\":{\"text\":\"dog\"},\"start\":2,\"end\":5,"))
        #expect(json.status == 0)
    }

    @Test("queries that hold on lines with no term: --not alone, an OR with a negation, -v")
    func negativeQueries() throws {
        let input = "a\nb\nab\n\nc\n"
        #expect(try TestProcess.icugrep(["--not", "a"], stdin: input).output == "b\n\nc\n")
        #expect(try TestProcess.icugrep(["--bool", "a | -b"], stdin: input).output == "a\nab\n\nc\n")
        #expect(try TestProcess.icugrep(["-c", "--bool", "-a -b"], stdin: input).output == "2\n")
        #expect(try TestProcess.icugrep(["-v", "--bool", "a -b"], stdin: input).output == "b\nab\n\nc\n")
        #expect(try TestProcess.icugrep(["-n", "-A1", "--not", "a\nb"], stdin: input).output == "4:\n5:c\n")
        let none = try TestProcess.icugrep(["--bool", "a -a"], stdin: input)
        #expect(none.output.isEmpty && none.status == 1)
        // Quoted terms are literal strings, in every syntax.
        #expect(try TestProcess.icugrep(["--bool", "\"a.\" | \"(b\""], stdin: "a.\nab\n(b\nb\n").output == "a.\n(b\n")
        #expect(try TestProcess.icugrep(["-E", "--bool", "\"a+\""], stdin: "a+\naa\n").output == "a+\n")
        #expect(try TestProcess.icugrep(["-G", "--bool", "\"a*\""], stdin: "a*\naa\n").output == "a*\n")
        // A group or bracket expression inside a word is the pattern's, as in ugrep.
        let words = "that\nthet\nthe t\na|b\n"
        #expect(try TestProcess.icugrep(["--bool", "th(e|a)t"], stdin: words).output == "that\nthet\n")
        #expect(try TestProcess.icugrep(["--bool", "(th(e|a)t -thet)"], stdin: words).output == "that\n")
        #expect(try TestProcess.icugrep(["--bool", "a[|]b"], stdin: words).output == "a|b\n")
        #expect(try TestProcess.icugrep(["-F", "--bool", "a|b"], stdin: words).output == "that\na|b\n")
        #expect(try TestProcess.icugrep(["-F", "--bool", "\"a|b\""], stdin: words).output == "a|b\n")
        #expect(try TestProcess.icugrep(["-E", "-c", "--bool", "th(e|a)t -e\\b"], stdin: words).output == "2\n")
    }

    @Test("file scope prints the lines of positive terms in the files selected, standard input too")
    func fileScopeLines() throws {
        let directory = try TestProcess.makeDirectory([
            "one": Data("alpha\nbeta\n".utf8), "two": Data("alpha\ngamma\n".utf8), "three": Data("gamma\n".utf8),
        ])
        let names = ["one", "two", "three"]
        let result = try TestProcess.icugrep(["-n", "--query-scope=file", "--bool", "alpha -beta"] + names, directory: directory)
        #expect(result.output == "two:1:alpha\n")
        #expect(result.status == 0)
        let negation = try TestProcess.icugrep(["-l", "--query-scope=file", "--not", "alpha"] + names, directory: directory)
        #expect(negation.output == "three\n")
        let piped = try TestProcess.icugrep(["--query-scope=file", "--bool", "alpha -gamma"], stdin: "alpha\nbeta\n")
        #expect(piped.output == "alpha\n" && piped.status == 0)
    }

    @Test("malformed queries: a message and exit status 2")
    func parserErrors() throws {
        let cases: [(String, String)] = [
            ("", "the query is empty"), ("   ", "the query is empty"), ("(a b", "the ‘(’ at character 1 is not closed"),
            ("a b)", "the ‘)’ at character 4 closes no ‘(’"), ("a |", "‘|’ at character 3 lacks an operand after it"),
            ("a OR", "‘OR’ at character 3 lacks an operand after it"), ("| a", "‘|’ at character 1 lacks an operand before it"),
            ("a -", "‘-’ at character 3 lacks an operand after it"), ("a AND", "‘AND’ at character 3 lacks an operand after it"),
            ("()", "the parentheses at character 1 hold nothing"), ("\"a", "the quote at character 1 is not closed"),
            ("a AND | b", "‘|’ at character 7 lacks an operand before it"),
        ]
        for (query, message) in cases {
            let result = try TestProcess.icugrep(["--bool", query], stdin: "a\n")
            #expect(result.status == 2, "\(query)")
            #expect(result.errors == "icugrep: --bool: \(message)\n", "\(query)")
        }
        let multiline = try TestProcess.icugrep(["--multiline", "--bool", "x a\\n[b"], stdin: "a\n")
        #expect(multiline.status == 2)
        let scope = try TestProcess.icugrep(["--query-scope=lines", "--bool", "a"], stdin: "a\n")
        #expect(scope.status == 2)
        let pattern = try TestProcess.icugrep(["--bool", "a (b["], stdin: "a\n")
        #expect(pattern.status == 2)
    }

    @Test("10^5 nested parentheses or negations: an error, not a crash")
    func deepNesting() throws {
        let deep = String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)
        #expect(throws: BooleanQueryParser.SyntaxError.self) { try BooleanQueryParser.parse(deep) }
        #expect(throws: BooleanQueryParser.SyntaxError.self) { try BooleanQueryParser.parse(String(repeating: "-", count: 100_000) + "a") }
        // The command line's limit on one argument (128 KiB) allows 6·10^4 of each.
        let result = try TestProcess.icugrep(
            ["--bool", String(repeating: "(", count: 60_000) + "a" + String(repeating: ")", count: 60_000)], stdin: "a\n")
        #expect(result.status == 2)
        #expect(result.errors == "icugrep: --bool: the query nests deeper than 200 levels\n")
        let allowed = String(repeating: "(", count: 150) + "a" + String(repeating: ")", count: 150)
        #expect(try TestProcess.icugrep(["--bool", allowed], stdin: "a\nb\n").output == "a\n")
    }

    @Test("precedence: NOT, then OR, then AND, as ugrep reads it")
    func precedence() throws {
        func truthTable(_ text: String) throws -> [Bool] {
            let (query, terms) = try BooleanQueryParser.parse(text)
            return (0..<8).map { bits in
                query.holds { (term: Int) -> Bool in
                    let name = terms[term].text
                    return bits & (1 << (Int(name.unicodeScalars.first!.value) - 97)) != 0
                }
            }
        }
        func table(_ function: (Bool, Bool, Bool) -> Bool) -> [Bool] {
            (0..<8).map { function($0 & 1 != 0, $0 & 2 != 0, $0 & 4 != 0) }
        }
        #expect(try truthTable("a|b c") == table { a, b, c in (a || b) && c })
        #expect(try truthTable("a OR b AND c") == table { a, b, c in (a || b) && c })
        #expect(try truthTable("-a|b") == table { a, b, _ in !a || b })
        #expect(try truthTable("NOT (a b) | c") == table { a, b, c in !(a && b) || c })
        #expect(try truthTable("a -b -c") == table { a, b, c in a && !b && !c })
        #expect(try truthTable("(a b)|c") == table { a, b, c in (a && b) || c })
    }

    /// ugrep, when it is installed.
    static let ugrep: URL? = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("ugrep")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// Where their readings agree. ugrep 3.11 reads some queries otherwise, against its own
    /// manual and grep's lookaheads: one that may hold on a line without a positive term
    /// (`-he`), `AND` before a parenthesized OR (`(a AND (b OR c)) d` selects nothing), a
    /// parenthesized negation (`(Holmes (-you))` selects nothing), nested groups. So the
    /// queries compared are ugrep's common form, written with `|`, space and `-`: an AND of
    /// terms, negated terms and ORs of terms, with a positive term in every line selected.
    @Test("generated queries equal ugrep --bool", .enabled(if: BooleanQueryTests.ugrep != nil, "ugrep is not installed"))
    func againstUgrep() throws {
        let ugrep = try #require(Self.ugrep)
        var random = SplitMix64(seed: Self.seed &+ 3)
        let file = Self.corpusFiles[0].path
        var compared = 0
        while compared < Self.generatedCount / 2 {
            let query = Query.generateFlat(using: &random)
            guard query.requiresPositiveTerm, query.terms.count == query.termCount else { continue }
            let index = compared
            compared += 1
            let text = query.rendered(using: &random, symbolic: true)
            let options = index % 2 == 0 ? ["-n"] : ["-c"]
            let expected = try TestProcess.run(ugrep, options + ["--bool", text, file])
            let actual = try TestProcess.icugrep(options + ["--bool", text, file])
            #expect(actual.output == expected.output, "case \(index): \(options) --bool '\(text)'")
        }
    }
}
