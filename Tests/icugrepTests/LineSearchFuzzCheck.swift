// The check of the fuzz target FuzzLineSearch (the `Fuzz/` package links this file into it,
// where icugrep's sources form the module IcugrepCore), and of the test that replays the
// inputs it found (`LineSearchFuzzRegressionTests`): icugrep's line search on arbitrary bytes,
// with options chosen from the input, prefiltered (literals and line automaton) against plain.

#if canImport(IcugrepCore)
@testable import IcugrepCore
#else
@testable import icugrep
#endif
import Glibc

/// What the fuzz target of icugrep's line search checks on one input.
enum LineSearchFuzzCheck {
    /// The options that bits of the first two input bytes choose, in bit order.
    static let optionBits: [[String]] = [
        ["-i"], ["-w"], ["-x"], ["-v"], ["-o"], ["-F"], ["-c"], ["-n"],
        ["-z"], ["--color=always"], ["-S"], ["--unicode-words"], ["-b"], ["-a"], ["-C1"], ["-m2"],
    ]

    /// The command-line options of `bits`.
    static func options(_ bits: UInt16) -> [String] {
        optionBits.indices.filter { bits & (1 << $0) != 0 }.flatMap { optionBits[$0] }
    }

    /// Where the input is written for the search: one file per process, removed after each check.
    static let path = "/tmp/icugrep-fuzz-line-search-\(getpid()).txt"

    /// The output and outcome of searching `path` with `arguments`, the prefilter on or off;
    /// nil when the command line or the patterns are invalid.
    static func search(_ arguments: [String], prefilter: Bool) -> (output: [UInt8], outcome: SearchRun.Outcome)? {
        let environment = ProgramEnvironment(variables: [:], standardOutputIsTerminal: false, fileReader: SystemFileContentsReader())
        guard let parsed = try? CommandLineParser.parse(arguments + [path], environment: environment),
              case .search(var configuration) = parsed.request
        else { return nil }
        configuration.usesPrefilter = prefilter
        // A deterministic limit, so that both searches give up on the same lines (when ICU
        // sees them in both), and a quick one.
        configuration.timeLimitSteps = 200
        configuration.timeLimitSeconds = 0
        guard let run = try? SearchRun(configuration: configuration) else { return nil }
        final class Collected: @unchecked Sendable { var bytes: [UInt8] = [] }
        let collected = Collected()
        let output = OutputBuffer(destination: .collector { collected.bytes += $0 }, flushThreshold: 1 << 16)
        let errors = OutputBuffer(destination: .collector { _ in }, flushThreshold: 1 << 16)
        let outcome = run.run(output: output, errors: errors, standardOutput: StandardOutputKind())
        return (collected.bytes, outcome)
    }

    /// (c) Searches the input's text for its patterns with its options, with and without the
    /// prefilter; unless a search failed on a line (a limit), both must print the same.
    /// Input: two bytes of option bits, the patterns up to a 0 byte (newlines separate
    /// patterns), then the text (repeated past 200 KB when it starts with 0xFE).
    static func check(_ data: [UInt8]) -> [String] {
        guard data.count >= 2 else { return [] }
        let bits = UInt16(data[0]) | UInt16(data[1]) << 8
        let rest = data[2...]
        let end = rest.firstIndex(of: 0) ?? rest.endIndex
        let patterns = String(decoding: rest[..<end], as: UTF8.self)
        guard patterns.utf8.count <= 2_000 else { return [] }
        var text = Array(rest[min(end + 1, rest.endIndex)...])
        // A text that starts with 0xFE is repeated past 200 KB, across the reads of 96 KB, so
        // that lines and literals straddle the buffer's refills.
        if text.first == 0xFE {
            let piece = text.dropFirst()
            text = []
            while !piece.isEmpty && text.count < 200_000 { text += piece }
        }
        guard let file = fopen(path, "wb") else { return ["cannot write \(path)"] }
        _ = text.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        // Removed once both searches have read it: a run of the fuzz target or of the tests
        // leaves nothing behind.
        defer { unlink(path) }
        let arguments = options(bits) + ["-e", patterns]
        guard let planned = search(arguments, prefilter: true),
              let plain = search(arguments, prefilter: false)
        else { return [] }
        if planned.outcome.hadError || plain.outcome.hadError { return [] }
        var differences: [String] = []
        if planned.output != plain.output {
            differences.append("""
                icugrep \(arguments.map { "'\($0)'" }.joined(separator: " ")): prefiltered output \
                \(String(decoding: planned.output, as: UTF8.self).debugDescription) differs from plain \
                \(String(decoding: plain.output, as: UTF8.self).debugDescription)
                """)
        }
        if planned.outcome.selectedAnything != plain.outcome.selectedAnything {
            differences.append("icugrep \(arguments): selected \(planned.outcome.selectedAnything) with the prefilter, \(plain.outcome.selectedAnything) without")
        }
        return differences
    }
}
