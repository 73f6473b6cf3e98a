import Foundation
import Testing
import TestSupport

/// icugrep against GNU grep (`grep -P`, and `grep -F` for fixed strings) over the shared
/// corpora: the same arguments to both, comparing standard output byte for byte, the exit
/// status, and standard error (with the program names made equal).
///
/// The patterns are ones on which ICU and PCRE2 agree (see ``DifferentialCorpus``); the
/// options are hand-picked combinations and random ones from a fixed seed.
/// What the differential tests need besides icugrep: the corpora and GNU grep.
enum DifferentialEnvironment {
    /// The corpora (`Tests/Fixtures/corpora`).
    static let corporaDirectory = TestFixtures.corpora

    /// GNU grep, when it is on the PATH and supports -P.
    static let grep: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("grep")
            guard FileManager.default.isExecutableFile(atPath: candidate.path),
                  let version = try? TestProcess.run(candidate, ["-V"]),
                  version.output.contains("GNU grep"),
                  let perl = try? TestProcess.run(candidate, ["-P", "x"], input: Data("x\n".utf8)),
                  perl.status == 0
            else { continue }
            return candidate
        }
        return nil
    }()
}

@Suite(
    "Differential: icugrep against GNU grep",
    .enabled(if: DifferentialEnvironment.grep != nil, "GNU grep with -P is not installed"))
struct GrepDifferentialTests {
    /// The number of random cases, and their seed.
    static let randomCaseCount = 300
    static let randomSeed: UInt64 = 0x1C06_12E9

    /// Combinations picked by hand: interactions that matter, on all four corpora.
    static let handPickedCases: [DifferentialCase] = [
        // Counting, listing and exit status.
        .init(arguments: ["-P", "-c", "Holmes", "en-sampled.txt", "ru-sampled.txt", "zh-sampled.txt", "sherlock.txt"]),
        .init(arguments: ["-P", "-cv", "Holmes", "en-sampled.txt", "sherlock.txt"]),
        .init(arguments: ["-P", "-l", "[0-9]+", "en-sampled.txt", "ru-sampled.txt", "zh-sampled.txt", "sherlock.txt"]),
        .init(arguments: ["-P", "-L", "Holmes", "en-sampled.txt", "ru-sampled.txt", "zh-sampled.txt", "sherlock.txt"]),
        .init(arguments: ["-P", "-L", "[0-9]+", "en-sampled.txt", "sherlock.txt"]),
        .init(arguments: ["-P", "-L", "-m0", "Holmes", "en-sampled.txt", "ru-sampled.txt"]),
        .init(arguments: ["-P", "-lZ", "Holmes", "en-sampled.txt", "ru-sampled.txt", "sherlock.txt"]),
        .init(arguments: ["-P", "-q", "Holmes", "ru-sampled.txt", "sherlock.txt"]),
        .init(arguments: ["-P", "-q", "Holmes", "ru-sampled.txt", "zh-sampled.txt"]),
        .init(arguments: ["-P", "-c", "-m", "7", "the", "en-sampled.txt"]),
        .init(arguments: ["-P", "-m0", "the", "en-sampled.txt"]),
        // Line prefixes.
        .init(arguments: ["-P", "-nbH", "Sherlock Holmes", "sherlock.txt"]),
        .init(arguments: ["-P", "-nT", "Sherlock", "en-sampled.txt", "sherlock.txt"]),
        .init(arguments: ["-P", "-ob", "Holmes", "sherlock.txt"]),
        .init(arguments: ["-P", "-onb", "[一-龥]{8}", "zh-sampled.txt"]),
        .init(arguments: ["-P", "-HZn", "Watson", "sherlock.txt"]),
        .init(arguments: ["-P", "-h", "Holmes", "en-sampled.txt", "sherlock.txt"]),
        // Context.
        .init(arguments: ["-P", "-n", "-C2", "Baker Street", "sherlock.txt"]),
        .init(arguments: ["-P", "-A1", "-B3", "-n", "привет", "ru-sampled.txt"]),
        .init(arguments: ["-P", "-2", "-m3", "中国", "zh-sampled.txt"]),
        .init(arguments: ["-P", "-A0", "Watson", "sherlock.txt"]),
        .init(arguments: ["-P", "-C1", "--group-separator=***", "-n", "hello", "en-sampled.txt"]),
        .init(arguments: ["-P", "-C1", "--no-group-separator", "hello", "en-sampled.txt"]),
        .init(arguments: ["-P", "-vn", "-C1", "-m5", "^-", "en-sampled.txt"]),
        .init(arguments: ["-P", "-c", "-A5", "Holmes", "sherlock.txt"]),
        // Case, words, lines.
        .init(arguments: ["-P", "-i", "москв", "ru-sampled.txt"]),
        .init(arguments: ["-P", "-io", "ПРИВЕТ", "ru-sampled.txt"]),
        .init(arguments: ["-P", "-ic", "что", "ru-sampled.txt"]),
        .init(arguments: ["-P", "-w", "said", "sherlock.txt"]),
        .init(arguments: ["-P", "-wc", "the", "sherlock.txt"]),
        .init(arguments: ["-P", "-x", "-e", "Yes\\.\\r", "-e", "No\\.\\r", "sherlock.txt"]),
        .init(arguments: ["-P", "-x", "-n", "-e", "Ты\\?", "-e", "Да\\.", "ru-sampled.txt"]),
        .init(arguments: ["-P", "-xv", "-c", ".*[0-9].*", "en-sampled.txt"]),
        // CRLF and the byte-order mark.
        .init(arguments: ["-P", "-c", "\\r$", "sherlock.txt"]),
        .init(arguments: ["-P", "-n", "\\.\\r$", "-m", "5", "sherlock.txt"]),
        .init(arguments: ["-P", "-c", "s$", "sherlock.txt"]),
        .init(arguments: ["-P", "-n", "^Project", "sherlock.txt"]),
        .init(arguments: ["-P", "-bo", "^\\x{FEFF}Project", "sherlock.txt"]),
        .init(arguments: ["-P", "-o", "[^\\r]{3}\\r$", "-m", "4", "sherlock.txt"]),
        // Several patterns; the empty pattern.
        .init(arguments: ["-P", "-e", "Holmes", "-e", "Watson", "-on", "sherlock.txt"]),
        .init(arguments: ["-P", "-c", "-e", "", "en-sampled.txt", "zh-sampled.txt"]),
        .init(arguments: ["-P", "-o", "-e", "ты", "-e", "да", "-m10", "ru-sampled.txt"]),
        // A pattern argument is split at each newline byte, also one after a carriage return
        // (a Swift Character holds "\r\n" as one): "Holmes\r" and "Watson" here.
        .init(arguments: ["-E", "-c", "Holmes\r\nWatson", "sherlock.txt"]),
        // Back references, the classic repeated word (found by the back-reference searcher
        // once the lines searched repay it).
        .init(arguments: ["-E", "-c", "\\b(\\w+) \\1\\b", "en-sampled.txt", "sherlock.txt", "ru-sampled.txt"]),
        .init(arguments: ["-E", "-on", "\\b(\\w+) \\1\\b", "en-sampled.txt", "sherlock.txt", "ru-sampled.txt"]),
        .init(arguments: ["-E", "-ci", "\\b(\\w+) \\1\\b", "en-sampled.txt", "ru-sampled.txt"]),
        .init(arguments: ["-G", "-on", "\\(\\w\\+\\) \\1", "en-sampled.txt", "sherlock.txt", "ru-sampled.txt"]),
        .init(arguments: ["-F", "-n", "-m5", "-e", "Project\r\nHolmes\r", "sherlock.txt"]),
        // Color.
        .init(arguments: ["-P", "--color=always", "-n", "Holmes", "-m", "20", "sherlock.txt", "en-sampled.txt"]),
        .init(arguments: ["-P", "--color=always", "-o", "-b", "你们", "zh-sampled.txt"]),
        .init(arguments: ["-P", "--color=always", "-C1", "-m4", "Watson", "sherlock.txt"]),
        .init(arguments: ["-P", "--color=always", "-v", "-m9", "-A1", "^-", "en-sampled.txt"]),
        .init(arguments: ["-P", "--color=always", "-c", "Holmes", "sherlock.txt", "en-sampled.txt"]),
        .init(arguments: ["-P", "--color=always", "-l", "Holmes", "sherlock.txt", "ru-sampled.txt"]),
        .init(arguments: ["-P", "--color=always", "-i", "-e", "что", "-e", "нет", "-m", "30", "ru-sampled.txt"]),
        // Standard input and labels.
        .init(arguments: ["-P", "-H", "Holmes", "-m3"], standardInputFile: "sherlock.txt"),
        .init(arguments: ["-P", "-c", "--label=LBL", "-H", "中国", "-"], standardInputFile: "zh-sampled.txt"),
        .init(arguments: ["-P", "-l", "--label=LBL", "привет", "-", "en-sampled.txt"], standardInputFile: "ru-sampled.txt"),
        // Null data: the whole file is one record.
        .init(arguments: ["-P", "-zc", "Holmes", "sherlock.txt", "ru-sampled.txt"]),
        .init(arguments: ["-P", "-zo", "Sherlock Holmes", "sherlock.txt"]),
        // Fixed strings, against grep -F.
        .init(arguments: ["-F", "-c", "a.c", "en-sampled.txt"]),
        .init(arguments: ["-F", "-o", "$5", "en-sampled.txt"]),
        .init(arguments: ["-F", "-n", "-e", "(", "-e", "?)", "en-sampled.txt"]),
        .init(arguments: ["-F", "-ic", "привет", "ru-sampled.txt"]),
        .init(arguments: ["-F", "-x", "-c", "Да.", "ru-sampled.txt"]),
        .init(arguments: ["-F", "-w", "-c", "Holmes", "sherlock.txt"]),
        .init(arguments: ["-F", "-o", "\\E", "en-sampled.txt"]),
        // Word lists, searched by the literal automaton; the longest string at the leftmost
        // place is the match.
        .init(arguments: ["-F", "-c", "-f", "words-300.txt", "en-sampled.txt", "sherlock.txt"]),
        .init(arguments: ["-F", "-n", "-f", "words-300.txt", "sherlock.txt"]),
        .init(arguments: ["-F", "-ci", "-f", "words-300.txt", "en-sampled.txt", "ru-sampled.txt", "sherlock.txt"]),
        .init(arguments: ["-F", "-cw", "-f", "words-300.txt", "en-sampled.txt", "sherlock.txt"]),
        .init(arguments: ["-F", "-cx", "-f", "words-300.txt", "en-sampled.txt"]),
        .init(arguments: ["-F", "-cv", "-f", "words-300.txt", "sherlock.txt"]),
        .init(arguments: ["-F", "-on", "-f", "words-300.txt", "sherlock.txt"]),
        .init(arguments: ["-F", "-ob", "-f", "words-300.txt", "en-sampled.txt"]),
        .init(arguments: ["-F", "--color=always", "-f", "words-300.txt", "sherlock.txt"]),
        .init(arguments: ["-F", "-oi", "-e", "Holm", "-e", "holmes", "-e", "Sherlock Holmes", "sherlock.txt"]),
    ]

    /// The hand-picked combinations give grep's output and status. One test runs them all
    /// (``checkEveryCase``): as a parameterized test, each printed a line of its own.
    @Test func handPicked() async {
        await checkEveryCase(Self.handPickedCases) { testCase in try Self.compare(testCase) }
    }

    /// The seeded random combinations give grep's output and status, all in one test too.
    @Test func random() async {
        await checkEveryCase(DifferentialCaseGenerator.cases(count: Self.randomCaseCount, seed: Self.randomSeed)) { testCase in
            try Self.compare(testCase)
        }
    }

    /// Runs both programs on `testCase` and records every difference.
    static func compare(_ testCase: DifferentialCase, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = DifferentialEnvironment.corporaDirectory
        let input = try testCase.standardInputFile.map {
            try Data(contentsOf: directory.appendingPathComponent($0))
        } ?? Data()
        let expected = try TestProcess.run(try #require(DifferentialEnvironment.grep), testCase.referenceArguments, input: input, directory: directory)
        let actual = try TestProcess.run(TestProcess.icugrep, testCase.arguments, input: input, directory: directory)
        #expect(actual.status == expected.status,
                "exit status \(actual.status), grep's \(expected.status): \(testCase)", sourceLocation: sourceLocation)
        if actual.standardOutput != expected.standardOutput {
            Issue.record(Comment(rawValue: OutputDifference.describe(
                actual: actual.standardOutput, expected: expected.standardOutput, command: testCase.description)),
                sourceLocation: sourceLocation)
        }
        // grep names itself as invoked, by its full path here.
        let grepPath = try #require(DifferentialEnvironment.grep).path
        let expectedErrors = expected.errors.replacingOccurrences(of: "\(grepPath): ", with: "icugrep: ")
        #expect(actual.errors == expectedErrors, "standard error differs: \(testCase)", sourceLocation: sourceLocation)
    }
}

extension DifferentialCase: CustomTestStringConvertible {
    /// The command, as the test's name.
    var testDescription: String { description }
}

/// Describes where two outputs first differ, for failure messages of a readable size.
enum OutputDifference {
    /// The first differing line of `actual` and `expected`, with the sizes.
    static func describe(actual: Data, expected: Data, command: String) -> String {
        let actualLines = Array(actual).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let expectedLines = Array(expected).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var index = 0
        while index < actualLines.count && index < expectedLines.count && actualLines[index] == expectedLines[index] {
            index += 1
        }
        func line(_ lines: [ArraySlice<UInt8>]) -> String {
            index < lines.count ? String(decoding: lines[index].prefix(300), as: UTF8.self).debugDescription : "(none)"
        }
        return """
            standard output differs: \(command)
            icugrep: \(actual.count) bytes, \(actualLines.count) lines; grep: \(expected.count) bytes, \(expectedLines.count) lines
            first difference at line \(index + 1):
              icugrep: \(line(actualLines))
              grep:    \(line(expectedLines))
            """
    }
}
