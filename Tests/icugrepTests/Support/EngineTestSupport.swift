@testable import icugrep
import Foundation
import Testing

/// A fresh temporary directory of small files for one test of the search engine.
struct EngineFixture {
    /// The directory.
    let directory: URL

    /// Writes `files` (relative path to bytes) into a new temporary directory.
    init(_ files: [String: [UInt8]]) throws {
        directory = try TestProcess.makeDirectory(files.mapValues { Data($0) })
    }

    /// Writes `files` (relative path to UTF-8 text) into a new temporary directory.
    init(texts: [String: String]) throws {
        try self.init(texts.mapValues { Array($0.utf8) })
    }

    /// The absolute path of the file `name`.
    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }
}

/// GNU grep, the reference the engine's output is compared with.
enum ReferenceGrep {
    /// GNU grep 3.x with `-P`, or nil when it is not installed.
    static let executable: URL? = {
        for candidate in ["/usr/bin/grep", "/bin/grep"] {
            let url = URL(fileURLWithPath: candidate)
            guard FileManager.default.isExecutableFile(atPath: url.path),
                  let version = try? TestProcess.run(url, ["-V"]), version.output.contains("GNU grep"),
                  let perl = try? TestProcess.run(url, ["-P", "x"], input: Data("x\n".utf8)), perl.status == 0
            else { continue }
            return url
        }
        return nil
    }()

    /// True when GNU grep is available.
    static var isAvailable: Bool { executable != nil }

    /// The arguments grep gets for icugrep's `arguments`: `-P` first, unless the case asks
    /// for `-F` or `-E` (grep 3.8's `-P` takes a single pattern only).
    static func arguments(for arguments: [String]) -> [String] {
        if arguments.contains("-F") || arguments.contains("-E") { return arguments }
        return ["-P"] + arguments
    }

    /// Runs grep and icugrep with `arguments` in `directory` and records every difference in
    /// standard output (byte for byte), standard error (program names made equal) and status.
    static func expectSameOutput(
        _ arguments: [String], in directory: URL, input: Data = Data(), environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let grep = try #require(executable)
        let expected = try TestProcess.run(
            grep, Self.arguments(for: arguments), input: input, directory: directory, environment: environment)
        let actual = try TestProcess.icugrep(arguments, input: input, directory: directory, environment: environment)
        let command = arguments.joined(separator: " ")
        #expect(actual.status == expected.status, "status of \(command)", sourceLocation: sourceLocation)
        #expect(
            actual.standardOutput == expected.standardOutput,
            "standard output of \(command):\nicugrep: \(actual.output.debugDescription)\ngrep:    \(expected.output.debugDescription)",
            sourceLocation: sourceLocation)
        let expectedErrors = expected.errors.replacingOccurrences(of: "\(grep.path): ", with: "icugrep: ")
        #expect(actual.errors == expectedErrors, "standard error of \(command)", sourceLocation: sourceLocation)
    }
}

/// Runs the search engine in this process, with its output captured.
enum EngineHarness {
    /// What one in-process run wrote and returned.
    struct Run {
        var output: [UInt8]
        var errors: [UInt8]
        var outcome: SearchRun.Outcome
        /// Standard output as text.
        var text: String { String(decoding: output, as: UTF8.self) }
        /// Standard error as text.
        var errorText: String { String(decoding: errors, as: UTF8.self) }
    }

    /// A configuration for `patterns` over `files`, adjusted by `adjust`.
    static func configuration(
        _ patterns: [String], files: [String], _ adjust: (inout Configuration) -> Void = { _ in }
    ) -> Configuration {
        var configuration = Configuration()
        configuration.patterns = patterns
        configuration.files = files
        adjust(&configuration)
        return configuration
    }

    /// Compiles and runs `configuration`, capturing both streams.
    static func run(_ configuration: Configuration) throws -> Run {
        let searchRun = try SearchRun(configuration: configuration)
        let collected = CollectedBytes()
        let output = OutputBuffer(destination: .collector { collected.output += $0 }, flushThreshold: 64)
        let errors = OutputBuffer(destination: .collector { collected.errors += $0 }, flushThreshold: 1)
        let outcome = searchRun.run(output: output, errors: errors, standardOutput: StandardOutputKind())
        return Run(output: collected.output, errors: collected.errors, outcome: outcome)
    }
}

/// The bytes an in-process run wrote to its two streams.
final class CollectedBytes {
    var output: [UInt8] = []
    var errors: [UInt8] = []
}
