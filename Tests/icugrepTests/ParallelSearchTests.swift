@testable import icugrep
import ICURegex
import Foundation
import Testing
import TestSupport

/// The parallel search against the serial one: over a generated tree of a few hundred files
/// (text, binary, empty, large, unreadable, a dangling link) and missing operands, every
/// option that shapes the output must give the same standard output, standard error and exit
/// status with one thread as with several.
@Suite("Parallel search gives the serial search's output")
struct ParallelSearchTests {
    /// The words lines are made of.
    static let words = ["alpha", "beta", "gamma", "delta", "omega", "été", "日本", "x", "", "alphabet", "--"]

    /// The tree, made once: `tree/` with the files, and a file `loose.txt` beside it.
    static let fixture: EngineFixture? = {
        var generator = SplitMix64(seed: 20_240_601)
        var files: [String: [UInt8]] = [:]
        func line() -> String {
            (0..<Int.random(in: 0...5, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                .joined(separator: " ")
        }
        for index in 0..<320 {
            let directory = "tree/d\(index % 7)" + (index % 3 == 0 ? "/sub\(index % 5)" : "")
            let path = "\(directory)/f\(index).txt"
            let kind = Int.random(in: 0..<20, using: &generator)
            var text: [UInt8] = []
            switch kind {
            case 0:
                break  // Empty.
            case 1:
                // Binary from the start.
                text = Array("alpha one\n\0binary alpha\nbeta\n".utf8)
            case 2:
                // Text, then a NUL byte in a later block of 96 KiB: lines were printed before.
                let filler = (0..<4000).map { "line \($0) \(["alpha", "beta", "zzz"][$0 % 3])\n" }.joined()
                text = Array(filler.utf8) + [0] + Array("alpha after\n".utf8)
            case 3:
                // Large: many lines, so that threads overlap and outputs exceed a buffer.
                text = Array((0..<3000).map { _ in line() + "\n" }.joined().utf8)
            default:
                text = Array((0..<Int.random(in: 1...40, using: &generator)).map { _ in line() + "\n" }.joined().utf8)
                if Int.random(in: 0..<4, using: &generator) == 0 { text.removeLast() }  // No final newline.
            }
            files[path] = text
        }
        files["loose.txt"] = Array("alpha loose\nbeta\n".utf8)
        guard let fixture = try? EngineFixture(files) else { return nil }
        let manager = FileManager.default
        let tree = fixture.directory.appendingPathComponent("tree").path
        try? manager.createSymbolicLink(atPath: tree + "/d1/dangling", withDestinationPath: "nowhere")
        // Unreadable files (still readable when the tests run as root: both runs agree anyway).
        for index in [5, 77, 200] {
            chmod(tree + "/d\(index % 7)" + (index % 3 == 0 ? "/sub\(index % 5)" : "") + "/f\(index).txt", 0)
        }
        chmod(tree + "/d4", 0o311)  // A directory that cannot be listed (but for root).
        return fixture
    }()

    /// Option sets that shape output differently, each searched over the whole tree.
    static let argumentSets: [[String]] = [
        ["-r", "alpha"], ["-r", "-n", "-C2", "alpha"], ["-r", "-c", "beta"], ["-r", "-l", "gamma"],
        ["-r", "-L", "gamma"], ["-r", "-q", "delta"], ["-r", "-q", "no such words"], ["-r", "-q", "-s", "été"],
        ["-r", "-m2", "-A1", "alpha"], ["-r", "-m1", "-c", "alpha"], ["-r", "-B1", "-n", "beta|gamma"],
        ["-r", "-h", "-e", "alpha", "-e", "omega"], ["-r", "--color=always", "-n", "-A1", "alph\\w+"],
        ["-r", "-Z", "-l", "beta"], ["-r", "-Z", "-c", "beta"], ["-r", "-I", "-n", "alpha"], ["-r", "-a", "alpha"],
        ["-R", "alpha"], ["-r", "-o", "-b", "alph."], ["-r", "-v", "-c", "alpha"], ["-r", "-A0", "omega"],
        ["-r", "-l", "-v", "x"], ["-r", "-H", "-w", "-F", "-e", "x", "-e", "--"], ["-r", "-s", "日本"],
        ["-r", "--no-group-separator", "-C1", "delta"], ["-r", "-x", "-n", ""], ["-r", "-c", "-z", "alpha"],
    ]

    /// The operands after each option set: the tree, or files and directories one by one.
    static let operandSets: [[String]] = [
        ["tree"],
        ["loose.txt", "missing-file", "tree/d1", "tree/d2/f2.txt", "tree/d0/f7.txt", "also-missing", "tree/d5/f5.txt"],
    ]

    /// Runs icugrep with `environment` added, through a shell so that standard error and
    /// standard output go to one pipe when `merged`.
    static func run(_ arguments: [String], threads: Int, merged: Bool = false, in directory: URL) throws -> ProcessResult {
        let environment = ["ICUGREP_THREADS": "\(threads)"]
        guard merged else {
            return try TestProcess.icugrep(arguments, directory: directory, environment: environment)
        }
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try TestProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "exec '\(TestProcess.icugrep.path)' \(quoted) 2>&1"],
            directory: directory, environment: environment)
    }

    /// Every option set over every operand set prints what one thread prints. One test runs
    /// all of them (``checkEveryCase``): as a parameterized test, each printed a line of its own.
    @Test func sameAsOneThread() async throws {
        let directory = try #require(Self.fixture).directory
        let commands = Self.argumentSets.flatMap { options in Self.operandSets.map { options + $0 } }
        await checkEveryCase(commands) { arguments in
            let serial = try Self.run(arguments, threads: 1, in: directory)
            for threads in [2, 5] {
                let parallel = try Self.run(arguments, threads: threads, in: directory)
                let command = "ICUGREP_THREADS=\(threads) icugrep " + arguments.joined(separator: " ")
                #expect(parallel.status == serial.status, "status of \(command)")
                #expect(parallel.standardOutput == serial.standardOutput, "standard output of \(command)")
                #expect(parallel.errors == serial.errors, "standard error of \(command)")
            }
        }
    }

    @Test("Messages fall between the lines where the serial search puts them", arguments: [
        ["-r", "-n", "alpha", "tree"], ["-r", "-c", "alpha", "tree", "missing"], ["-R", "-l", "beta", "tree"],
        ["alpha", "loose.txt", "missing-file", "tree/d1", "tree/d0/f7.txt"],
    ])
    func mergedStreams(_ arguments: [String]) throws {
        let directory = try #require(Self.fixture).directory
        let serial = try Self.run(arguments, threads: 1, merged: true, in: directory)
        let parallel = try Self.run(arguments, threads: 3, merged: true, in: directory)
        #expect(parallel.status == serial.status)
        #expect(parallel.standardOutput == serial.standardOutput)
    }

    @Test("A tiny window and buffer budget make workers wait, with the same output")
    func boundedWindow() throws {
        let directory = try #require(Self.fixture).directory.appendingPathComponent("tree").path
        for options in [["alpha"], ["-n", "-C1", "beta"], ["-c", "x"], ["-q", "omega"]] {
            var configuration = EngineHarness.configuration([options.last!], files: [directory]) {
                $0.recursion = .recursive
                $0.lineNumber = options.contains("-n")
                $0.contextRequested = options.contains("-C1")
                $0.beforeContext = options.contains("-C1") ? 1 : 0
                $0.afterContext = options.contains("-C1") ? 1 : 0
                $0.outputMode = options.contains("-c") ? .count : options.contains("-q") ? .quiet : .lines
            }
            configuration.patterns = [options.last!]
            let serial = try Self.runInProcess(configuration, threads: 1)
            let parallel = try Self.runInProcess(configuration, threads: 3)
            #expect(parallel.output == serial.output, "output with \(options)")
            #expect(parallel.errors == serial.errors, "messages with \(options)")
            #expect(parallel.outcome.selectedAnything == serial.outcome.selectedAnything)
            #expect(parallel.outcome.hadError == serial.outcome.hadError)
        }
    }

    /// Searches `configuration` in this process: serially with one thread, else with a
    /// ``ParallelSearch`` of a 2-input window and a 1 KiB buffer budget.
    static func runInProcess(_ configuration: Configuration, threads: Int) throws -> EngineHarness.Run {
        guard threads > 1 else {
            var serialConfiguration = configuration
            serialConfiguration.lineBuffered = true  // Keeps the run serial; output is the same.
            return try EngineHarness.run(serialConfiguration)
        }
        let patterns = try LinePatterns(configuration: configuration)
        let lineSearchers = try (0..<threads).map { _ in try LineSearcher(patterns) }
        let collected = CollectedBytes()
        let output = OutputBuffer(destination: .collector { collected.output += $0 }, flushThreshold: 64)
        let errors = OutputBuffer(destination: .collector { collected.errors += $0 }, flushThreshold: 1)
        let search = ParallelSearch(
            configuration: configuration, policy: SearchPolicy(configuration: configuration, outputIsNull: false),
            standardOutput: StandardOutputKind(), windowCapacity: 2, bufferBudget: 1024)
        let outcome = try #require(search.run(lineSearchers: lineSearchers, output: output, errors: errors))
        output.flush()
        return EngineHarness.Run(output: collected.output, errors: collected.errors, outcome: outcome)
    }
}
