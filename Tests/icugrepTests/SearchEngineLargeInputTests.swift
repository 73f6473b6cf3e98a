import Foundation
import Testing
import TestSupport

/// Large and unusual inputs and outputs, through the built binary: a 200 MB line, standard
/// input left where grep leaves it, broken pipes, a full disk, an input that is also the
/// output, and a pattern that runs out of time.
@Suite("Search engine: large inputs, pipes and limits")
struct SearchEngineLargeInputTests {
    /// Runs `script` with /bin/sh in `directory`, `ICUGREP` naming the binary.
    static func shell(_ script: String, in directory: URL) throws -> ProcessResult {
        try TestProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script], directory: directory,
            environment: ["ICUGREP": TestProcess.icugrep.path])
    }

    @Test("A 200 MB line is searched whole, with byte offsets past it")
    func twoHundredMegabyteLine() throws {
        let directory = try TestProcess.makeDirectory([:])
        let url = directory.appendingPathComponent("huge")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        let chunk = Data(String(repeating: "ab", count: 1 << 19).utf8)  // 1 MiB
        for _ in 0..<200 { try handle.write(contentsOf: chunk) }
        try handle.write(contentsOf: Data(" needle \nsecond needle\n".utf8))
        try handle.close()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lineLength = 200 << 20
        let result = try TestProcess.icugrep(["-o", "-b", "-n", "needle", "huge"], directory: directory)
        #expect(result.output == "1:\(lineLength + 1):needle\n2:\(lineLength + 16):needle\n")
        #expect(result.status == 0 && result.errors.isEmpty)
    }

    @Test("Lines that cross the 96 KiB read blocks give grep's output", arguments: [
        ["-c", "foo"], ["-n", "foo.*foo"], ["-b", "-o", "fo+ j"], ["-C2", "-n", "j{3}"], ["-c", "^$"],
        ["-v", "-c", "a"], ["-B5", "-m40", "-b", "hh"],
    ])
    func linesAcrossBlocks(_ arguments: [String]) throws {
        try #require(ReferenceGrep.isAvailable)
        try ReferenceGrep.expectSameOutput(arguments + ["blocks"], in: try #require(Self.blocksFixture).directory)
    }

    /// About 4 MB of lines of random lengths (0 to 200 bytes), so that many cross a block.
    static let blocksFixture: EngineFixture? = {
        var generator = SplitMix64(seed: 1)
        let alphabet = Array("abcdefghij foo".utf8)
        var bytes: [UInt8] = []
        for _ in 0..<40_000 {
            for _ in 0..<generator.number(in: 0...200) {
                bytes.append(alphabet[generator.number(in: 0...alphabet.count - 1)])
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return try? EngineFixture(["blocks": bytes])
    }()

    @Test("--line-buffered writes each line as soon as it is found")
    func lineBuffered() throws {
        let process = Process()
        process.executableURL = TestProcess.icugrep
        process.arguments = ["--line-buffered", "foo"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        try input.fileHandleForWriting.write(contentsOf: Data("bar\nfoo 1\n".utf8))
        // The input stays open: the line must arrive before the end of the input.
        let received = LockedData()
        let reader = Thread { received.value = output.fileHandleForReading.availableData }
        reader.start()
        let deadline = Date().addingTimeInterval(20)
        while !received.isSet && Date() < deadline { usleep(10_000) }
        #expect(String(decoding: received.value, as: UTF8.self) == "foo 1\n")
    }

    @Test("-m leaves standard input just after the last selected line, as grep does")
    func standardInputPosition() throws {
        try #require(ReferenceGrep.isAvailable)
        let fixture = try EngineFixture(texts: ["in": "a1\nb\nc\nd\na2\nx\n"])
        for options in ["-m1", "-m1 -A1", "-m2 -c", "-q"] {
            let ours = try Self.shell("($ICUGREP \(options) a; echo status $?; cat) < in", in: fixture.directory)
            let grep = try Self.shell("(grep -P \(options) a; echo status $?; cat) < in", in: fixture.directory)
            #expect(ours.output == grep.output, "\(options)")
        }
    }

    @Test("A reader that goes away ends the search quietly")
    func brokenPipe() throws {
        let fixture = try EngineFixture(texts: ["in": String(repeating: "line foo\n", count: 200_000)])
        let result = try Self.shell("$ICUGREP foo in | head -1", in: fixture.directory)
        #expect(result.output == "line foo\n")
        #expect(result.errors.isEmpty)
    }

    @Test("A write error is reported as grep reports it, with status 2")
    func fullDisk() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"))
        let fixture = try EngineFixture(texts: ["in": "foo\n"])
        let result = try Self.shell("$ICUGREP foo in > /dev/full; echo status $?", in: fixture.directory)
        #expect(result.output == "status 2\n")
        #expect(result.errors == "icugrep: write error: No space left on device\n")
    }

    @Test("An input that is also the output is skipped with grep's message")
    func inputIsOutput() throws {
        let fixture = try EngineFixture(texts: ["in": "foo\n", "out": "foo out\n"])
        let result = try Self.shell("$ICUGREP foo in out >> out; echo status $?", in: fixture.directory)
        #expect(result.output == "status 2\n")
        #expect(result.errors == "icugrep: out: input file is also the output\n")
        #expect(try String(contentsOf: fixture.directory.appendingPathComponent("out"), encoding: .utf8) == "foo out\nin:foo\n")
    }

    @Test("Output to /dev/null stops at the first match and says nothing of binary files, like grep")
    func outputToDevNull() throws {
        let fixture = try EngineFixture(["bin": Array("foo".utf8) + [0, 10]])
        let result = try Self.shell("$ICUGREP foo bin > /dev/null; echo status $?", in: fixture.directory)
        #expect(result.output == "status 0\n")
        #expect(result.errors.isEmpty)
    }

    @Test("A runaway pattern is stopped on its line; the next line still prints; status 2")
    func runawayPattern() throws {
        // The first line holds a match at its end, so the prefilter passes it on; the look-ahead
        // of two characters, which no automaton reads, keeps the prefilter's automaton from
        // deciding the line alone, so ICU searches it and backtracks without end from its start.
        let fixture = try EngineFixture(texts: ["in": String(repeating: "a", count: 50_000) + "cab\naab\n"])
        let started = Date()
        let result = try TestProcess.icugrep(["--time-limit=0.1", "-n", "(a+)+b(?!xy)", "in"], directory: fixture.directory)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(result.output == "2:aab\n")
        #expect(result.errors == "icugrep: in:1: the pattern exceeded its time limit; line skipped\n")
        #expect(result.status == 2)
    }
}
