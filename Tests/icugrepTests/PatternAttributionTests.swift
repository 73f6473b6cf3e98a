import Foundation
import Testing
import TestSupport

/// Which pattern matched: `--json`'s `pattern` of each submatch, `--pattern-counts` and
/// `--pattern-colors`, against runs of each pattern alone (`icugrep -e A` gives the lines and
/// matches attributed to A), on the first 2,000 lines of `sherlock.txt`.
@Suite("Which pattern matched: --json's pattern, --pattern-counts, --pattern-colors")
struct PatternAttributionTests {
    static let directory: URL = {
        let text = (try? Data(contentsOf: TestFixtures.corpora.appendingPathComponent("sherlock.txt"))) ?? Data()
        let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(2000)
        let sample = Data(lines.joined(separator: [UInt8(ascii: "\n")])) + Data([UInt8(ascii: "\n")])
        return try! TestProcess.makeDirectory([
            "sherlock.txt": sample, "words.txt": Data("Watson\nthe\n[0-9]+\n".utf8),
        ])
    }()

    static func icugrep(_ arguments: [String]) throws -> ProcessResult {
        try TestProcess.icugrep(arguments, directory: directory)
    }

    /// One submatch of `--json`: its line, byte offsets and the pattern object, if any.
    struct Submatch: Hashable {
        var line: Int
        var start: Int
        var end: Int
    }

    /// The submatches of a `--json` run's `match` messages, with each one's `pattern` object.
    static func submatches(_ output: String) throws -> [(Submatch, [String: Any]?)] {
        var found: [(Submatch, [String: Any]?)] = []
        for line in output.split(separator: "\n") {
            let message = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard message["type"] as? String == "match", let data = message["data"] as? [String: Any],
                let number = data["line_number"] as? Int, let submatches = data["submatches"] as? [[String: Any]]
            else { continue }
            for submatch in submatches {
                found.append(
                    (Submatch(line: number, start: submatch["start"] as! Int, end: submatch["end"] as! Int),
                        submatch["pattern"] as? [String: Any]))
            }
        }
        return found
    }

    /// Each submatch of a run with several patterns names a pattern whose own run has that very
    /// match; with patterns whose matches never overlap, each pattern's submatches are exactly
    /// its own run's.
    @Test(arguments: [
        (["Holmes", "Watson", #"\bthe\b"#, "[0-9]+"], [String]()),
        (["Holmes", "Watson", "the", "[0-9]+"], ["-w"]),
        (["Sherlock Holmes", "Holmes", "Sher"], []),
        (["Sher", "Sherlock( Holmes)?", "lock"], ["-E"]),
        (["holmes", "WATSON"], ["-i"]),
    ])
    func jsonSubmatchesNameTheirPatterns(patterns: [String], options: [String]) throws {
        let combined = try Self.icugrep(options + ["--json"] + patterns.flatMap { ["-e", $0] } + ["sherlock.txt"])
        #expect(combined.status == 0)
        let found = try Self.submatches(combined.output)
        #expect(found.count > 20)
        var attributed = [Set<Submatch>](repeating: [], count: patterns.count)
        for (submatch, pattern) in found {
            let index = try #require(pattern?["index"] as? Int, "a submatch without its pattern: \(submatch)")
            #expect(pattern?["text"] as? String == patterns[index])
            attributed[index].insert(submatch)
        }
        let overlapFree = patterns.count == 4
        for (index, pattern) in patterns.enumerated() {
            let alone = try Self.icugrep(options + ["--json", "-e", pattern, "sherlock.txt"])
            let own = Set(try Self.submatches(alone.output).map(\.0))
            #expect(alone.output.contains(#""pattern""#) == false, "a single pattern's --json is ripgrep's")
            #expect(attributed[index].isSubset(of: own), "\(pattern): matches it does not give alone")
            if overlapFree {
                #expect(attributed[index] == own, "\(pattern): not every match of its own run")
            }
        }
    }

    /// `-f FILE`'s patterns name their file and line.
    @Test func jsonNamesThePatternFileAndLine() throws {
        let result = try Self.icugrep(["--json", "-e", "Holmes", "-f", "words.txt", "sherlock.txt"])
        let patterns = try Self.submatches(result.output).compactMap(\.1)
        let watson = try #require(patterns.first { $0["index"] as? Int == 1 })
        #expect(watson["text"] as? String == "Watson" && watson["file"] as? String == "words.txt" && watson["line"] as? Int == 1)
        let digits = try #require(patterns.first { $0["index"] as? Int == 3 })
        #expect(digits["file"] as? String == "words.txt" && digits["line"] as? Int == 3)
        let holmes = try #require(patterns.first { $0["index"] as? Int == 0 })
        #expect(holmes["file"] == nil && holmes["line"] == nil)
    }

    /// `--pattern-counts` counts, for each pattern, the lines its own `-c` counts (several
    /// patterns on one line count for each), and with `-o` the matches its own `-o` prints
    /// when no two patterns' matches overlap.
    @Test func patternCountsAgreeWithSinglePatternRuns() throws {
        let patterns = ["Holmes", "Watson", #"\bthe\b"#, "Sherlock Holmes"]
        let result = try Self.icugrep(["--pattern-counts"] + patterns.flatMap { ["-e", $0] } + ["sherlock.txt"])
        // The summary's lines are the output's last ones (the corpus's lines end in CR LF).
        let summary = result.output.split(separator: "\n").suffix(patterns.count).map(String.init)
        #expect(result.output.contains("\n\n\(summary[0])\n") || result.output.contains("\r\n\n\(summary[0])\n"))
        for (index, pattern) in patterns.enumerated() {
            let alone = try Self.icugrep(["-c", "-e", pattern, "sherlock.txt"])
            #expect(summary[index] == "\(alone.output.dropLast())\t\(pattern)", "\(pattern)")
        }
        let words = ["Holmes", "Watson", #"\bthe\b"#]
        let matches = try Self.icugrep(["-o", "--pattern-counts"] + words.flatMap { ["-e", $0] } + ["sherlock.txt"])
        let matchSummary = matches.output.split(separator: "\n").suffix(words.count).map(String.init)
        for (index, pattern) in words.enumerated() {
            let alone = try Self.icugrep(["-o", "-e", pattern, "sherlock.txt"])
            let count = alone.output.split(separator: "\n").count
            #expect(count > 0)
            #expect(matchSummary[index] == "\(count)\t\(pattern)", "-o \(pattern)")
        }
        // With -c the selected lines are counted, not printed: the same counts, after -c's line.
        let counted = try Self.icugrep(["-c", "--pattern-counts"] + patterns.flatMap { ["-e", $0] } + ["sherlock.txt"])
        let countedSummary = counted.output.split(separator: "\n").suffix(patterns.count).map(String.init)
        #expect(countedSummary == summary)
        // With --json the summary goes to standard error, leaving standard output JSON Lines.
        let json = try Self.icugrep(["--json", "--pattern-counts", "-e", "Holmes", "-e", "Watson", "sherlock.txt"])
        #expect(json.errors.hasPrefix("\n") && json.errors.contains("\tWatson\n"))
    }

    /// `--pattern-colors` colors each pattern's matches in its own color, the others in `ms=`.
    @Test func patternColorsColorEachPatternsMatches() throws {
        let result = try Self.icugrep([
            "--color=always", "--pattern-colors=mt0=01;32:mt1=01;34", "-e", "Holmes", "-e", "Watson", "-e", "Sherlock",
            "sherlock.txt",
        ])
        let text = result.output
        let green = "\u{1B}[01;32m\u{1B}[K", blue = "\u{1B}[01;34m\u{1B}[K", red = "\u{1B}[01;31m\u{1B}[K"
        #expect(text.contains(green + "Holmes") && text.contains(blue + "Watson") && text.contains(red + "Sherlock"))
        #expect(!text.contains(green + "Watson") && !text.contains(blue + "Holmes") && !text.contains(red + "Holmes"))
        let plain = try Self.icugrep(["-e", "Holmes", "-e", "Watson", "-e", "Sherlock", "sherlock.txt"])
        var stripped = text
        for sequence in [green, blue, red, "\u{1B}[m\u{1B}[K"] {
            stripped = stripped.replacingOccurrences(of: sequence, with: "")
        }
        #expect(stripped == plain.output)
    }

    @Test func malformedPatternColorsAreRefused() throws {
        for argument in ["red", "mt=01;31", "mtx=1", "mt0=red"] {
            let result = try Self.icugrep(["--pattern-colors=\(argument)", "-e", "a", "sherlock.txt"])
            #expect(result.status == 2, "\(argument)")
            #expect(result.errors.contains("invalid --pattern-colors argument"))
        }
    }

    /// `--pattern-counts` counts selected lines: with `-v`, `-l` or `-L`, which have none to
    /// count per pattern, it is refused; with `-q` it prints nothing.
    @Test func patternCountsWithoutSelectedLinesAreRefused() throws {
        for (option, name) in [("-v", "--invert-match"), ("-l", "--files-with-matches"), ("-L", "--files-without-match")] {
            let result = try Self.icugrep(["--pattern-counts", option, "-e", "Watson", "-e", "the", "sherlock.txt"])
            #expect(result.status == 2, "\(option)")
            #expect(result.errors == "icugrep: --pattern-counts cannot be used with \(name): it counts selected lines\n", "\(option)")
            #expect(result.output.isEmpty, "\(option)")
        }
        let quiet = try Self.icugrep(["--pattern-counts", "-q", "-l", "-e", "Watson", "sherlock.txt"])
        #expect(quiet.status == 0 && quiet.output.isEmpty)
    }

    /// With `--count-matches`, `--pattern-counts` counts each pattern's matches: for patterns
    /// whose matches do not overlap, what `--count-matches -e PATTERN` alone counts.
    @Test func patternCountsCountMatchesWithCountMatches() throws {
        let patterns = ["Watson", "the", "Holmes"]
        var expected = "\n"
        for pattern in patterns {
            let alone = try Self.icugrep(["-c", "--count-matches", "-e", pattern, "sherlock.txt"])
            expected += alone.output.trimmingCharacters(in: .newlines) + "\t" + pattern + "\n"
        }
        let lines = try Self.icugrep(["-c", "-e", "the", "sherlock.txt"]).output
        let matches = try Self.icugrep(["-c", "--count-matches", "-e", "the", "sherlock.txt"]).output
        #expect(lines != matches)
        let result = try Self.icugrep(["-c", "--count-matches", "--pattern-counts"] + patterns.flatMap { ["-e", $0] } + ["sherlock.txt"])
        #expect(result.status == 0)
        #expect(result.output.hasSuffix(expected), "\(result.output)")
    }
}
