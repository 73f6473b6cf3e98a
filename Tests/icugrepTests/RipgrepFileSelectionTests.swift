@testable import icugrep
import Foundation
import Testing
import TestSupport

/// ripgrep's file-selection options (`--no-ignore`, `--no-ignore-vcs`, `--hidden`,
/// `--no-hidden`, `--max-depth`, `--follow`, `-g`/`--glob`, `--iglob`, `--type-add`,
/// `--type-clear`, `--sort`, `--sortr`, `-j`) compared with ripgrep itself on a generated tree:
/// nested directories, hidden files and directories, `.gitignore` and `.ignore` files, symbolic
/// links, from a fixed seed.
///
/// ripgrep filters by default and icugrep only when asked, as GNU grep does not filter: rg's
/// defaults are `--ignore-vcs --no-hidden` here, and rg's `--no-ignore --hidden` is icugrep's
/// default.
@Suite("ripgrep's file selection", .enabled(if: RipgrepFormatTests.ripgrep != nil, "rg is not installed; CI installs it"))
struct RipgrepFileSelectionTests {
    /// A generated tree, a repository (it holds `.git`), with two symbolic links.
    static let tree: URL = {
        var generator = SplitMix64(seed: 24)
        var files: [String: Data] = [".git/HEAD": Data("ref: refs/heads/main\n".utf8)]
        let names = ["a", "b", "Keep", "top", "build", "x", "sub", "deep"]
        let extensions = [".rs", ".txt", ".TXT", ".c", ".log", ".md", ""]
        let ignoreLines = ["*.log", "build/", "!keep.log", "/top.txt", "*.c", "!x.c", "deep/", "*.md", "sub/*.txt"]
        func fill(_ directory: String, depth: Int) {
            for _ in 0..<generator.number(in: 2...5) {
                var name = names[generator.number(in: 0...names.count - 1)]
                    + extensions[generator.number(in: 0...extensions.count - 1)]
                if generator.chance(0.2) { name = "." + name }
                files[directory + name] = Data("foo \(directory)\(name)\n".utf8)
            }
            if generator.chance(0.5) {
                let lines = (0..<generator.number(in: 1...3)).map { _ in ignoreLines[generator.number(in: 0...ignoreLines.count - 1)] }
                files[directory + (generator.chance(0.7) ? ".gitignore" : ".ignore")] = Data((lines.joined(separator: "\n") + "\n").utf8)
            }
            guard depth < 3 else { return }
            for _ in 0..<generator.number(in: 1...3) {
                var name = ["src", "sub", "deep", "build", "lib"][generator.number(in: 0...4)]
                if generator.chance(0.2) { name = "." + name }
                fill(directory + name + "/", depth: depth + 1)
            }
        }
        fill("", depth: 0)
        let directory = try! TestProcess.makeDirectory(files)
        // A link to a file and one to a directory, neither making a loop.
        let fileManager = FileManager.default
        try! fileManager.createSymbolicLink(atPath: directory.appendingPathComponent("link.txt").path, withDestinationPath: "a.txt")
        try! fileManager.createSymbolicLink(atPath: directory.appendingPathComponent("linkdir").path, withDestinationPath: "src")
        return directory
    }()

    /// The lines of `result`'s output, sorted unless `ordered`, without a leading `./`, and
    /// without `.git`'s files: `--ignore-vcs` always skips `.git`, ripgrep's `--hidden` does not.
    static func lines(_ result: ProcessResult, ordered: Bool = false) -> [String] {
        let lines = result.output.split(separator: "\n")
            .map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : String($0) }
            .filter { !$0.hasPrefix(".git/") }
        return ordered ? lines : lines.sorted()
    }

    static func rg(_ arguments: [String]) throws -> ProcessResult {
        try TestProcess.run(try #require(RipgrepFormatTests.ripgrep), ["--no-config", "-j1"] + arguments, directory: tree)
    }

    static func icugrep(_ arguments: [String]) throws -> ProcessResult {
        try TestProcess.icugrep(arguments, directory: tree)
    }

    /// The file lists of rg and `icugrep -r` with the arguments of each, sorted; both must
    /// exit 0 or both 1.
    func expectSameFiles(
        rg rgArguments: [String], icugrep icugrepArguments: [String], ordered: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let expected = try Self.rg(["--files"] + rgArguments)
        let actual = try Self.icugrep(["-r", "--files"] + icugrepArguments)
        #expect(Self.lines(actual, ordered: ordered) == Self.lines(expected, ordered: ordered),
                "rg \(rgArguments) vs icugrep \(icugrepArguments)", sourceLocation: sourceLocation)
        #expect(actual.status == expected.status, sourceLocation: sourceLocation)
    }

    /// The tree is what the cases need: hidden entries, ignore files, something ignored.
    @Test func theTreeHasWhatTheCasesNeed() throws {
        let all = Self.lines(try Self.icugrep(["-r", "--files"]))
        let filtered = Self.lines(try Self.icugrep(["-r", "--files", "--ignore-vcs", "--no-hidden"]))
        #expect(all.count > 40)
        #expect(all.contains { $0.hasPrefix(".") || $0.contains("/.") })
        #expect(filtered.count < all.count - 10)
        #expect(!filtered.isEmpty)
    }

    @Test func ignoreFilesAndHiddenFiles() throws {
        try expectSameFiles(rg: [], icugrep: ["--ignore-vcs", "--no-hidden"])
        try expectSameFiles(rg: ["--hidden"], icugrep: ["--ignore-vcs"])
        try expectSameFiles(rg: ["--hidden"], icugrep: ["--no-hidden", "--ignore-vcs", "--hidden"])
        try expectSameFiles(rg: ["--no-ignore", "--hidden"], icugrep: [])
        try expectSameFiles(rg: ["--no-ignore", "--hidden"], icugrep: ["--ignore-vcs", "--no-ignore"])
        try expectSameFiles(rg: ["--no-ignore"], icugrep: ["--no-hidden"])
        // --no-ignore-vcs keeps the .ignore files, as in ripgrep.
        try expectSameFiles(rg: ["--no-ignore-vcs"], icugrep: ["--ignore-vcs", "--no-ignore-vcs", "--no-hidden"])
        try expectSameFiles(rg: ["--no-ignore-vcs", "--hidden"], icugrep: ["--ignore-vcs", "--no-ignore-vcs"])
        // --no-ignore-vcs searches .git, as ripgrep's --hidden does.
        #expect(try Self.icugrep(["-r", "--files", "--ignore-vcs", "--no-ignore-vcs"]).output.contains(".git/HEAD\n"))
        #expect(try !Self.icugrep(["-r", "--files", "--ignore-vcs"]).output.contains(".git/HEAD\n"))
    }

    @Test(arguments: 0...4) func maxDepth(_ depth: Int) throws {
        try expectSameFiles(rg: ["--max-depth", "\(depth)", "--no-ignore", "--hidden"], icugrep: ["--max-depth=\(depth)"])
        try expectSameFiles(rg: ["--max-depth", "\(depth)"], icugrep: ["--max-depth", "\(depth)", "--ignore-vcs", "--no-hidden"])
    }

    @Test func followingLinks() throws {
        try expectSameFiles(rg: ["-L", "--no-ignore", "--hidden"], icugrep: ["--follow"])
        try expectSameFiles(rg: ["-L", "--no-ignore", "--hidden"], icugrep: ["-R"])
        try expectSameFiles(rg: ["--no-ignore", "--hidden"], icugrep: ["-R", "--no-follow"])
        try expectSameFiles(rg: ["--no-ignore", "--hidden"], icugrep: [])
        // --follow alone does not recurse: a directory operand stays an error.
        #expect(try Self.icugrep(["--follow", "foo", "."]).status == 2)
    }

    @Test(arguments: [
        ["-g", "*.rs"], ["-g", "!*.rs"], ["-g", "*.txt", "-g", "!sub/"], ["-g", "!sub", "-g", "*.txt"],
        ["-g", "src/*.rs"], ["-g", "/a.txt"], ["-g", "**/deep/*"], ["-g", "!*.TXT"], ["--iglob", "*.txt"],
        ["--iglob", "!A.*"], ["-g", "*.log"], ["-g", "build/**"], ["-g", "!.*"], ["-g", ".*"], ["--glob=*.c", "-g", "!x.*"],
        ["-g", "*.md", "-g", "!deep/"], ["-g", "#x"], ["-g", "keep*"],
    ])
    func globs(_ globs: [String]) throws {
        // With every other filter off, then with ripgrep's defaults: the globs go first.
        try expectSameFiles(rg: globs + ["--no-ignore", "--hidden"], icugrep: globs)
        try expectSameFiles(rg: globs, icugrep: globs + ["--ignore-vcs", "--no-hidden"])
    }

    /// A glob's verdict goes before --include and --exclude; these decide the rest.
    @Test func globsGoBeforeIncludeAndExclude() throws {
        let plain = Self.lines(try Self.icugrep(["-r", "--files", "-g", "*.rs"]))
        #expect(!plain.isEmpty)
        #expect(Self.lines(try Self.icugrep(["-r", "--files", "-g", "*.rs", "--exclude=*.rs"])) == plain)
        let excluded = Self.lines(try Self.icugrep(["-r", "--files", "-g", "!*.rs", "--include=*.rs", "--include=*.c"]))
        #expect(!excluded.isEmpty && excluded.allSatisfy { $0.hasSuffix(".c") })
        // Operands are searched whatever the globs say, as in ripgrep.
        #expect(Self.lines(try Self.icugrep(["-l", "-g", "!*.txt", "foo", "a.txt"])) == Self.lines(try Self.rg(["-l", "-g", "!*.txt", "foo", "a.txt"])))
    }

    @Test func typeAddAndClear() throws {
        try expectSameFiles(rg: ["--type-add", "mine:*.log", "-t", "mine", "--no-ignore", "--hidden"],
                            icugrep: ["-t", "mine", "--type-add", "mine:*.log"])
        try expectSameFiles(rg: ["--type-add", "mine:include:rust,c", "--type-add", "mine:*.md", "-tmine", "--no-ignore", "--hidden"],
                            icugrep: ["--type-add", "mine:include:rust,c", "--type-add", "mine:*.md", "-tmine"])
        try expectSameFiles(rg: ["--type-clear", "rust", "--type-add", "rust:*.txt", "-trust", "--no-ignore", "--hidden"],
                            icugrep: ["--type-add", "rust:*.txt", "--type-clear", "rust", "-trust"])
        try expectSameFiles(rg: ["--type-add", "mine:*.log", "--type-not", "mine", "--no-ignore", "--hidden"],
                            icugrep: ["--type-add", "mine:*.log", "--type-not", "mine"])
        for spec in ["x:*.a", "x:include:rust,c", "x:*.b"] {
            let expected = try Self.rg(["--type-add", spec, "--type-add", "x:*.z", "--type-list"])
            let actual = try Self.icugrep(["--type-add", spec, "--type-add", "x:*.z", "--type-list"])
            #expect(actual.output.split(separator: "\n").filter { $0.hasPrefix("x:") }
                    == expected.output.split(separator: "\n").filter { $0.hasPrefix("x:") })
        }
        for spec in ["x", "x:", ":*.a", "x-y:*.a", "all:*.a", "x:include:", "x:include:nope", "x:a:b:c"] {
            let expected = try Self.rg(["--type-add", spec, "--type-list"])
            let actual = try Self.icugrep(["--type-add", spec, "--type-list"])
            #expect(actual.status == 2 && expected.status == 2, "\(spec)")
            #expect(actual.errors.hasPrefix("icugrep: ") && actual.output.isEmpty, "\(spec)")
        }
    }

    @Test func sortByPath() throws {
        for threads in ["1", "4"] {
            try expectSameFiles(rg: ["--sort", "path", "--no-ignore", "--hidden"], icugrep: ["--sort=path", "-j", threads], ordered: true)
            try expectSameFiles(rg: ["--sortr", "path", "--no-ignore", "--hidden"], icugrep: ["--sortr=path", "-j", threads], ordered: true)
            try expectSameFiles(rg: ["--sort", "path"], icugrep: ["--sort=path", "--ignore-vcs", "--no-hidden", "-j", threads], ordered: true)
            // A search prints the files in the same order.
            let search = try Self.icugrep(["-r", "-l", "foo", "--sort=path", "-j", threads])
            let expected = try Self.rg(["-l", "foo", "--sort=path", "--no-ignore", "--hidden", "."])
            #expect(Self.lines(search, ordered: true) == Self.lines(expected, ordered: true))
        }
        try expectSameFiles(rg: ["--no-ignore", "--hidden"], icugrep: ["--sort=none"])
    }

    /// By time, the files of a whole tree in order of their times, with distinct times set
    /// from the seed; in one directory, as ripgrep 13 (which sorts each directory) orders them.
    @Test func sortByTime() throws {
        var generator = SplitMix64(seed: 7)
        var files: [String: Data] = [:]
        for index in 0..<30 {
            files[(index % 3 == 0 ? "d/" : "") + "f\(index).txt"] = Data("foo\n".utf8)
        }
        let directory = try TestProcess.makeDirectory(files)
        var times: [String: Int] = [:]
        var used = Set<Int>()
        for name in files.keys {
            var time = 1_000_000_000 + generator.number(in: 0...1_000_000)
            while used.contains(time) { time += 1 }
            used.insert(time)
            times[name] = time
            // Accessed in the reverse order of modified, so that the keys are told apart.
            var stamps = [timespec(tv_sec: 3_000_000_000 - time, tv_nsec: 0), timespec(tv_sec: time, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, directory.appendingPathComponent(name).path, &stamps, 0) == 0)
        }
        for (key, newerFirst) in [("modified", false), ("accessed", true)] {
            let oldestFirst = times.sorted { ($0.value < $1.value) != newerFirst }.map(\.key)
            for threads in ["1", "3"] {
                let ascending = try TestProcess.icugrep(["-r", "-l", "foo", "--sort=\(key)", "-j", threads], directory: directory)
                #expect(Self.lines(ascending, ordered: true) == oldestFirst, "\(key)")
                let descending = try TestProcess.icugrep(["-r", "--files", "--sortr=\(key)", "-j", threads], directory: directory)
                #expect(Self.lines(descending, ordered: true) == oldestFirst.reversed(), "\(key)")
            }
            // File operands are sorted with the files found (each closed until its turn).
            let operands = files.keys.filter { !$0.hasPrefix("d/") }.sorted()
            let byOperands = try TestProcess.icugrep(["-l", "foo", "--sort=\(key)", "-j2"] + operands, directory: directory)
            #expect(Self.lines(byOperands, ordered: true) == oldestFirst.filter { operands.contains($0) }, "\(key)")
            let rgFlat = try TestProcess.run(
                try #require(RipgrepFormatTests.ripgrep), ["--no-config", "--files", "--sort", key, "d"], directory: directory)
            let flat = try TestProcess.icugrep(["-r", "--files", "--sort=\(key)", "d"], directory: directory)
            #expect(Self.lines(flat, ordered: true) == Self.lines(rgFlat, ordered: true))
        }
        // Where the birth time is unknown the walk's order stays; either way, the same files.
        let created = try TestProcess.icugrep(["-r", "--files", "--sort=created"], directory: directory)
        #expect(Self.lines(created) == files.keys.sorted())
    }

    /// -j changes nothing in the output, and how many threads search.
    @Test func threadsChangeNothingButTheThreads() throws {
        let serial = try Self.icugrep(["-r", "-n", "foo", "-j1"])
        for threads in ["0", "2", "7", "100000"] {
            let parallel = try Self.icugrep(["-r", "-n", "foo", "-j", threads])
            #expect(Self.lines(parallel) == Self.lines(serial) && parallel.status == serial.status)
        }
        #expect(try H.configuration(["-j3", "x"]).threads == 3)
        #expect(try H.configuration(["--threads=0", "x"]).threads == nil)
        #expect(H.errorText(["-j", "x", "y"]) == "icugrep: x: invalid number of threads\n")
        #expect(H.errorText(["--threads=-1", "y"]) == "icugrep: -1: invalid number of threads\n")
        var configuration = Configuration()
        configuration.recursion = .recursive
        configuration.threads = 3
        #expect(ParallelSearch.threadCount(for: configuration) == 3)
        configuration.threads = 1_000_000
        #expect(ParallelSearch.threadCount(for: configuration) == ParallelSearch.maximumThreadCount)
    }

    typealias H = ParserHarness
}

/// `--search-zip` against `rg -z`: files compressed by each program that is installed, found
/// by extension; magic bytes; a missing or failing decompressor; a search that stops early.
/// And `--pre`, `--pre-glob` against rg's.
@Suite("--search-zip and --pre", .enabled(if: RipgrepFormatTests.ripgrep != nil, "rg is not installed; CI installs it"))
struct SearchZipTests {
    /// The path of `program`, nil when it is not installed.
    static func installed(_ program: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The text compressed: a few hundred lines, some with `foo`, from a fixed seed.
    static let text: String = {
        var generator = SplitMix64(seed: 5)
        return (0..<400).map { index in
            "line \(index) " + (generator.chance(0.1) ? "foo" : "bar") + " \(generator.number(in: 0...9999))\n"
        }.joined()
    }()

    /// A directory with `text` compressed by each installed program (name.EXT), the same
    /// gzip data without an extension (`gzipped`), and broken gzip data (`broken.gz`).
    static let directory: URL = {
        let directory = try! TestProcess.makeDirectory(["plain.txt": Data(text.utf8), "broken.gz": Data("not gzip\n".utf8)])
        let commands: [(String, [String])] = [
            ("gz", ["gzip", "-c"]), ("bz2", ["bzip2", "-c"]), ("xz", ["xz", "-c"]), ("lzma", ["xz", "--format=lzma", "-c"]),
            ("lz4", ["lz4", "-c"]), ("zst", ["zstd", "-q", "-c"]), ("br", ["brotli", "-c"]),
        ]
        for (fileExtension, command) in commands {
            guard let program = installed(command[0]) else { continue }
            let result = try! TestProcess.run(URL(fileURLWithPath: program), Array(command.dropFirst()), input: Data(text.utf8))
            try! result.standardOutput.write(to: directory.appendingPathComponent("text.\(fileExtension)"))
            if fileExtension == "gz" {
                try! result.standardOutput.write(to: directory.appendingPathComponent("gzipped"))
            }
        }
        return directory
    }()

    static func compressedFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("text.") }.sorted()
    }

    @Test func sameAsRipgrep() throws {
        let files = try Self.compressedFiles()
        #expect(files.contains("text.gz"))
        for file in files {
            let expected = try TestProcess.run(
                try #require(RipgrepFormatTests.ripgrep), ["--no-config", "-z", "-n", "-H", "--no-heading", "foo", file],
                directory: Self.directory)
            let actual = try TestProcess.icugrep(["--search-zip", "-n", "-H", "foo", file], directory: Self.directory)
            #expect(actual.output == expected.output && !actual.output.isEmpty, "\(file)")
            #expect(actual.status == 0 && actual.errors.isEmpty, "\(file)")
        }
        // Recursing, in parallel, each file as its own decompressed text.
        let recursive = try TestProcess.icugrep(["-r", "-c", "--search-zip", "foo", "--sort=path", "-j4"], directory: Self.directory)
        let count = Self.text.split(separator: "\n").filter { $0.contains("foo") }.count
        #expect(recursive.output.contains("text.gz:\(count)\n") && recursive.output.contains("plain.txt:\(count)\n"))
        // Without --search-zip the compressed files are binary data.
        #expect(try TestProcess.icugrep(["-c", "foo", "text.gz"], directory: Self.directory).output != "\(count)\n")
    }

    @Test func magicBytesWithoutAnExtension() throws {
        let count = Self.text.split(separator: "\n").filter { $0.contains("foo") }.count
        #expect(try TestProcess.icugrep(["-c", "--search-zip", "foo", "gzipped"], directory: Self.directory).output == "\(count)\n")
        #expect(try TestProcess.icugrep(["-c", "--search-zip", "foo", "plain.txt"], directory: Self.directory).output == "\(count)\n")
    }

    @Test func missingOrFailingDecompressor() throws {
        let empty = try TestProcess.makeDirectory([:])
        let missing = try TestProcess.icugrep(
            ["--search-zip", "foo", "text.gz", "plain.txt"], directory: Self.directory, environment: ["PATH": empty.path])
        #expect(missing.status == 2)
        #expect(missing.errors == "icugrep: text.gz: cannot decompress: 'gzip' is not installed\n")
        #expect(missing.output.hasPrefix("plain.txt:line "))
        let quiet = try TestProcess.icugrep(
            ["-s", "--search-zip", "foo", "text.gz"], directory: Self.directory, environment: ["PATH": empty.path])
        #expect(quiet.status == 2 && quiet.errors.isEmpty)
        let broken = try TestProcess.icugrep(["--search-zip", "foo", "broken.gz"], directory: Self.directory)
        #expect(broken.status == 2 && broken.errors.hasPrefix("icugrep: broken.gz: cannot decompress: gzip: "))
    }

    /// --pre and --pre-glob against rg's: a script that upper-cases its standard input and
    /// names its argument, run on every file or on those a glob includes (with -a: ripgrep
    /// reports a binary file otherwise than GNU grep).
    @Test func preprocessor() throws {
        let scripts = try TestProcess.makeDirectory(["up.sh": Data("#!/bin/sh\necho \"from $1\"\ntr a-z A-Z\n".utf8)])
        let script = scripts.appendingPathComponent("up.sh").path
        #expect(chmod(script, 0o755) == 0)
        // --pre goes before --search-zip (in ripgrep 13, when it comes after it).
        for extra in [[], ["--pre-glob", "*.txt"], ["--pre-glob", "!*.txt"], ["--search-zip"]] {
            let expected = try TestProcess.run(
                try #require(RipgrepFormatTests.ripgrep),
                ["--no-config", "-j1", "-a", "-n", "-H", "--no-heading"] + extra.filter { $0 == "--search-zip" } + ["--pre", script]
                    + extra.filter { $0 != "--search-zip" }
                    + ["-e", "FOO", "-e", "from", "plain.txt", "text.gz"],
                directory: Self.directory)
            let actual = try TestProcess.icugrep(
                ["-a", "-n", "-H", "--pre", script] + extra + ["-e", "FOO", "-e", "from", "plain.txt", "text.gz"], directory: Self.directory)
            #expect(actual.output == expected.output && actual.status == expected.status, "\(extra)")
        }
        // --no-pre and an empty COMMAND turn it off.
        let plain = try TestProcess.icugrep(["-c", "FOO", "plain.txt"], directory: Self.directory)
        #expect(plain.output == "0\n")
        #expect(try TestProcess.icugrep(["-c", "--pre", script, "--no-pre", "FOO", "plain.txt"], directory: Self.directory).output == "0\n")
        #expect(try TestProcess.icugrep(["-c", "--pre", script, "--pre=", "FOO", "plain.txt"], directory: Self.directory).output == "0\n")
        let missing = try TestProcess.icugrep(["--pre", "no-such-command", "foo", "plain.txt"], directory: Self.directory)
        #expect(missing.status == 2 && missing.errors == "icugrep: plain.txt: cannot preprocess: 'no-such-command' is not installed\n")
        let failing = try TestProcess.icugrep(["--pre", "false", "foo", "plain.txt"], directory: Self.directory)
        #expect(failing.status == 2 && failing.errors == "icugrep: plain.txt: cannot preprocess: false: exit status 1\n")
        // Standard input is searched as it is.
        #expect(try TestProcess.icugrep(["--pre", script, "foo"], input: Data("foo\n".utf8), directory: Self.directory).output == "foo\n")
    }

    /// -q, -l and -m stop reading; the decompressor is not waited for forever, nor reported.
    @Test func searchesThatStopEarly() throws {
        var big = ""
        for index in 0..<200_000 { big += "line \(index) foo\n" }
        let gzip = try #require(Self.installed("gzip"))
        let compressed = try TestProcess.run(URL(fileURLWithPath: gzip), ["-c"], input: Data(big.utf8)).standardOutput
        let directory = try TestProcess.makeDirectory(["big.gz": compressed])
        for arguments in [["-q"], ["-l"], ["-m", "1"]] {
            let result = try TestProcess.icugrep(["--search-zip"] + arguments + ["foo", "big.gz"], directory: directory)
            #expect(result.status == 0 && result.errors.isEmpty, "\(arguments)")
        }
        #expect(try TestProcess.icugrep(["--search-zip", "-c", "foo", "big.gz"], directory: directory).output == "200000\n")
    }
}
