import Foundation
import Testing

/// What one run of the icugrep binary produced.
struct ProcessResult: Sendable {
    var standardOutput: Data
    var standardError: Data
    var status: Int32

    /// Standard output as UTF-8 text (invalid bytes replaced), for readable assertions.
    var output: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error as UTF-8 text.
    var errors: String { String(decoding: standardError, as: UTF8.self) }
}

/// Runs executables for the integration tests: icugrep itself, and GNU grep as a reference.
enum TestProcess {
    /// The directory holding the built products (the test bundle lives beside icugrep).
    static let productsDirectory: URL = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        while url.path != "/" {
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("icugrep").path) {
                return url
            }
            url.deleteLastPathComponent()
        }
        fatalError("icugrep binary not found near \(CommandLine.arguments[0])")
    }()

    /// The built icugrep binary.
    static var icugrep: URL { productsDirectory.appendingPathComponent("icugrep") }

    /// Runs `executable` with `arguments`, feeding `input` on standard input, in `directory`,
    /// with `environment` added to a clean environment (LC_ALL=C.UTF-8, no GREP_COLORS).
    static func run(
        _ executable: URL, _ arguments: [String], input: Data = Data(),
        directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> ProcessResult {
        ignoreBrokenPipes
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ["LC_ALL": "C.UTF-8", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        env.merge(environment) { _, new in new }
        process.environment = env
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read both pipes concurrently so that neither fills up and blocks the child.
        let errorData = LockedData()
        let errorReader = Thread { errorData.value = stderr.fileHandleForReading.readDataToEndOfFile() }
        errorReader.start()
        let writer = Thread {
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1000) }
        return ProcessResult(standardOutput: outputData, standardError: errorData.value, status: process.terminationStatus)
    }

    /// Makes a write to a pipe whose reader has gone fail with EPIPE instead of killing the
    /// test process: a child may exit before reading all its standard input (`-q`, `-m`).
    private static let ignoreBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    /// Runs icugrep.
    static func icugrep(
        _ arguments: [String], input: Data = Data(), directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> ProcessResult {
        try run(icugrep, arguments, input: input, directory: directory, environment: environment)
    }

    /// Runs icugrep with text on standard input.
    static func icugrep(_ arguments: [String], stdin text: String) throws -> ProcessResult {
        try icugrep(arguments, input: Data(text.utf8))
    }

    /// The directory this test process makes its temporary directories in, removed when the
    /// process exits: fixtures are shared by tests that run concurrently, so none of them can
    /// say when a directory is no longer needed.
    private static let temporaryParent: URL = {
        let parent = FileManager.default.temporaryDirectory
            .appendingPathComponent("icugrep-tests-\(getpid())")
        atexit {
            let parent = FileManager.default.temporaryDirectory.appendingPathComponent("icugrep-tests-\(getpid())")
            try? FileManager.default.removeItem(at: parent)
        }
        return parent
    }()

    /// Makes a fresh temporary directory holding `files` (relative path to contents).
    static func makeDirectory(_ files: [String: Data]) throws -> URL {
        let directory = temporaryParent.appendingPathComponent(UUID().uuidString)
        for (path, contents) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}

/// A value written by one thread and read by another once `isSet`.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = Data()
    private var set = false
    var value: Data {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue; set = true } }
    }
    var isSet: Bool { lock.withLock { set } }
}
