import Foundation
@testable import icugrep
import Testing
import TestSupport

/// git, the reference of `--ignore-vcs`, run with no user or system configuration (so that no
/// global excludes file or `core.ignorecase` changes its answers).
enum ReferenceGit {
    static let executable: URL? = {
        for candidate in ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return URL(fileURLWithPath: candidate)
        }
        return nil
    }()

    static var isAvailable: Bool { executable != nil }

    /// Runs git with `arguments` in `directory`; records an issue when it fails.
    @discardableResult
    static func run(_ arguments: [String], in directory: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessResult {
        let result = try TestProcess.run(
            try #require(executable), arguments, directory: directory,
            environment: ["HOME": directory.path, "XDG_CONFIG_HOME": directory.path, "GIT_CONFIG_NOSYSTEM": "1",
                          "GIT_CONFIG_GLOBAL": "/dev/null"])
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.errors)", sourceLocation: sourceLocation)
        return result
    }

    /// The files git would add in the repository's directory `directory` (relative to it):
    /// the untracked files that no ignore rule excludes.
    static func unignoredFiles(in directory: URL) throws -> Set<[UInt8]> {
        let result = try run(["ls-files", "--others", "--exclude-standard", "-z"], in: directory)
        return names(inNulSeparated: result.standardOutput)
    }

    static func names(inNulSeparated data: Data) -> Set<[UInt8]> {
        Set(Array(data).split(separator: 0).map { Array($0) })
    }
}

/// `--ignore-vcs` against git itself: random trees with random `.gitignore` files drawn from a
/// pool of tricky patterns (negations, anchoring, `**`, brackets, escapes, trailing spaces,
/// CRLF), plus `.git/info/exclude`; what `icugrep -r --ignore-vcs --files` lists must be what
/// `git ls-files --others --exclude-standard` lists, from the top and from a subdirectory.
@Suite("--ignore-vcs against git", .enabled(if: ReferenceGit.isAvailable, "git is not installed; CI installs it"))
struct GitIgnoreDifferentialTests {
    static let directoryNames = ["a", "b", "build", "src", "doc", "deep", "foo", "logs", "x y", "Foo"]
    static let fileNames = [
        "a.txt", "b.log", "keep.log", "c.o", "x.c", "foo", "Foo", "#hash", "!bang", "sp ace ", "x y", "]x",
        "k.a", "deep", "README", ".hidden", "a", "b.txt", "star*", "back\\slash", "q?", "d.TXT",
    ]
    static let patterns = [
        "*.log", "!keep.log", "build/", "/build", "build", "doc/*.txt", "!doc/a.txt", "**/foo", "foo/**",
        "a/**/b.txt", "**/deep/**", "*.[oa]", "[!a-c]*.txt", "?.c", "\\#hash", "\\!bang", "sp\\ ace\\ ",
        "sp ace", "x y", "#comment", "", "   ", "src/", "!src/", "/*.txt", "*", "!*/", "!*.c", "deep", "!deep/",
        "**/src/*.c", "a/**", "[[:upper:]]*", "[]]x", "Foo\r", "*/", "/a/b.txt", "a/b/", "**", "!**/keep*",
        "d*p/", "star\\*", "**/*.o", "logs/*", "!logs/keep.log", "README   ", "!README", "b*", "!/a",
        "*.TXT", "[a-c]", "\\", "[abc", "back\\\\slash", "q\\?", "!q?", "**/b/**/*.log", "foo/", "/foo/*",
        "*.txt\t", "[^x]*.log", "doc/**/", "!*.txt", "[[:digit:][:lower:]].txt", "**/", "deep/**/x.c",
        "a?b", "[z-a]*", "x\\ y", "!x y",
    ]

    /// Writes a random tree into `directory`, which git has made a repository.
    static func makeTree(in directory: URL, using random: inout SplitMix64) throws -> [String] {
        var directories = [""]
        var taken: Set<String> = []
        let count = random.number(in: 2...7)
        for _ in 0..<count {
            let parent = random.element(of: directories)
            guard parent.split(separator: "/").count < 3 else { continue }
            let path = parent + random.element(of: directoryNames) + "/"
            if taken.insert(path).inserted { directories.append(path) }
        }
        let manager = FileManager.default
        for path in directories where !path.isEmpty {
            try manager.createDirectory(at: directory.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        for parent in directories {
            for _ in 0..<random.number(in: 1...5) {
                let name = random.element(of: fileNames)
                let path = parent + name
                if taken.contains(path + "/") || !taken.insert(path).inserted { continue }
                try Data("x\n".utf8).write(to: directory.appendingPathComponent(path))
            }
            if random.chance(0.6) {
                var lines: [String] = []
                for _ in 0..<random.number(in: 1...6) { lines.append(random.element(of: patterns)) }
                let text = lines.joined(separator: "\n") + (random.chance(0.8) ? "\n" : "")
                try Data(text.utf8).write(to: directory.appendingPathComponent(parent + ".gitignore"))
            }
        }
        if random.chance(0.4) {
            var lines: [String] = []
            for _ in 0..<random.number(in: 1...3) { lines.append(random.element(of: patterns)) }
            try Data((lines.joined(separator: "\n") + "\n").utf8)
                .write(to: directory.appendingPathComponent(".git/info/exclude"))
        }
        return directories
    }

    @Test("Random trees: the files listed are the files git would add", arguments: 0..<6)
    func randomTrees(batch: Int) throws {
        var random = SplitMix64(seed: 0x1C06_5EED_0000 + UInt64(batch))
        for _ in 0..<10 {
            let directory = try TestProcess.makeDirectory([:])
            defer { try? FileManager.default.removeItem(at: directory) }
            try ReferenceGit.run(["init", "-q"], in: directory)
            let directories = try Self.makeTree(in: directory, using: &random)
            try expectSameFiles(in: directory)
            // From a subdirectory that git does not ignore: the ignore files above it apply.
            let subdirectory = random.element(of: directories)
            if !subdirectory.isEmpty {
                let check = try TestProcess.run(
                    try #require(ReferenceGit.executable), ["check-ignore", "-q", "--no-index", subdirectory],
                    directory: directory, environment: ["HOME": directory.path, "GIT_CONFIG_NOSYSTEM": "1"])
                if check.status == 1 {
                    try expectSameFiles(in: directory.appendingPathComponent(subdirectory))
                }
            }
        }
    }

    /// `--files` lists what git would add, and a search lists the same files.
    func expectSameFiles(in directory: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try ReferenceGit.unignoredFiles(in: directory)
        let listed = try TestProcess.icugrep(["-r", "--ignore-vcs", "--files", "-Z"], directory: directory)
        let actual = ReferenceGit.names(inNulSeparated: listed.standardOutput)
        let ignoreFiles = try gitignoreContents(in: directory)
        #expect(
            actual == expected,
            """
            in \(directory.path):
            only icugrep: \(actual.subtracting(expected).map { String(decoding: $0, as: UTF8.self) }.sorted())
            only git: \(expected.subtracting(actual).map { String(decoding: $0, as: UTF8.self) }.sorted())
            \(ignoreFiles)
            """, sourceLocation: sourceLocation)
        #expect(listed.status == (expected.isEmpty ? 1 : 0), sourceLocation: sourceLocation)
        // A search reads the same files (the parallel one, with the walker on its own thread):
        // the empty pattern lists every file that has a line.
        let searched = try TestProcess.icugrep(["-r", "-l", "-Z", "--ignore-vcs", ""], directory: directory)
        let nonEmpty = expected.filter { name in
            let size = (try? FileManager.default.attributesOfItem(
                atPath: directory.appendingPathComponent(String(decoding: name, as: UTF8.self)).path)[.size]) as? Int
            return (size ?? 0) > 0
        }
        #expect(ReferenceGit.names(inNulSeparated: searched.standardOutput) == nonEmpty, sourceLocation: sourceLocation)
    }

    /// The ignore files of the tree, for the message of a failure.
    func gitignoreContents(in directory: URL) throws -> String {
        var text = ""
        let root = try ReferenceGit.run(["rev-parse", "--show-toplevel"], in: directory).output
            .trimmingCharacters(in: .newlines)
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".gitignore") || path == ".git/info/exclude" {
                let contents = (try? String(contentsOfFile: root + "/" + path, encoding: .utf8)) ?? ""
                text += "\(path): \(contents.debugDescription)\n"
            }
        }
        return text
    }
}

/// Hand-written cases of git's glob rules, the ignore files' syntax, and the CLI's
/// `--ignore-vcs`, `-t`/`--type`, `--type-not`, `--type-list` and `--files`.
@Suite("File selection: ignore files, types, --files")
struct FileSelectionTests {
    @Test(arguments: [
        // (pattern, text, pathname, matches), as git's wildmatch answers.
        ("foo", "foo", true, true), ("foo", "fo", true, false), ("*", "a/b", true, false), ("*", "a/b", false, true),
        ("a/*", "a/b", true, true), ("a/*", "a/b/c", true, false), ("a/**", "a/b/c", true, true), ("a/**", "a", true, false),
        ("**/b", "b", true, true), ("**/b", "a/x/b", true, true), ("a/**/b", "a/b", true, true), ("a/**/b", "a/x/y/b", true, true),
        ("a**b", "axb", true, true), ("a**b", "a/b", true, false), ("?", "/", true, false), ("?", "/", false, true),
        ("[a-c]x", "bx", true, true), ("[!a-c]x", "bx", true, false), ("[^a-c]x", "dx", true, true), ("[]]", "]", true, true),
        ("[]-]", "-", true, true), ("[a-]", "-", true, true), ("[[:upper:]]", "Q", true, true), ("[[:upper:]]", "q", true, false),
        ("[[:nope:]]", "a", true, false), ("[abc", "a", true, false), ("\\*", "*", true, true), ("\\*", "x", true, false),
        ("a\\", "a", true, false), ("[/]", "/", true, false), ("**", "a/b/c", true, true), ("*.c", ".c", true, true),
        ("[\\]]", "]", true, true), ("[z-a]", "m", true, false), ("d*p", "deep", true, true), ("[[:x]", "[", true, true),
        ("[[:x]", ":", true, true),
    ])
    func wildmatch(_ pattern: String, _ text: String, _ pathname: Bool, _ expected: Bool) {
        #expect(GitWildmatch(Array(pattern.utf8), pathname: pathname).matches(Array(text.utf8)) == expected)
    }

    /// The verdict of `contents` for `path`.
    func verdict(_ contents: String, _ path: String, directory: Bool = false) -> IgnoreFile.Verdict? {
        let name = Array(path.split(separator: "/").last!.utf8)
        return IgnoreFile(contents: Array(contents.utf8)).verdict(name: name, path: { Array(path.utf8) }, isDirectory: directory)
    }

    @Test func ignoreFileSyntax() {
        #expect(verdict("# comment\n\n*.o\n", "x.o") == .ignored)
        #expect(verdict("*.o\n!keep.o\n", "keep.o") == .included)
        #expect(verdict("!keep.o\n*.o\n", "keep.o") == .ignored)  // The last match wins.
        #expect(verdict("a \n", "a") == .ignored)  // Trailing spaces go...
        #expect(verdict("a\\ \n", "a ") == .ignored)  // ...unless escaped.
        #expect(verdict("a\t\n", "a") == nil)  // A tab stays.
        #expect(verdict("a\r\n", "a") == .ignored)
        #expect(verdict("\u{FEFF}a\n", "a") == .ignored)
        #expect(verdict("\\#x\n\\!y\n", "#x") == .ignored && verdict("\\!y", "!y") == .ignored)
        #expect(verdict("build/\n", "build") == nil && verdict("build/\n", "build", directory: true) == .ignored)
        #expect(verdict("/top\n", "top") == .ignored && verdict("/top\n", "sub/top") == nil)
        #expect(verdict("name\n", "sub/deep/name") == .ignored)  // No slash: at any depth.
        #expect(verdict("a/b\n", "x/a/b") == nil && verdict("a/b\n", "a/b") == .ignored)  // A middle slash anchors.
        #expect(verdict("doc/**/*.md\n", "doc/x/y/z.md") == .ignored && verdict("doc/**/*.md\n", "doc/z.md") == .ignored)
    }

    /// A tree with a repository: `.gitignore` at two depths, a `.ignore`, `info/exclude`.
    func repository() throws -> URL {
        let directory = try TestProcess.makeDirectory([
            "repo/.gitignore": Data("*.log\nbuild/\n!important.log\n".utf8),
            "repo/.ignore": Data("secret*\n".utf8),
            "repo/a.txt": Data("foo\n".utf8), "repo/b.log": Data("foo\n".utf8), "repo/important.log": Data("foo\n".utf8),
            "repo/build/out.txt": Data("foo\n".utf8), "repo/secret.txt": Data("foo\n".utf8),
            "repo/sub/.gitignore": Data("!b.log\n*.txt\n".utf8), "repo/sub/b.log": Data("foo\n".utf8),
            "repo/sub/c.txt": Data("foo\n".utf8), "repo/sub/d.c": Data("foo\n".utf8),
            "repo/sub/.ignore": Data("!secret2.txt\n".utf8), "repo/sub/secret2.txt": Data("foo\n".utf8),
            "repo/.git/info/exclude": Data("excluded\n".utf8), "repo/.git/config": Data("foo\n".utf8),
            "repo/excluded": Data("foo\n".utf8), "repo/.gitignore-not": Data("foo\n".utf8),
            "repo/inner/.git/HEAD": Data("foo\n".utf8), "repo/inner/x.log": Data("foo\n".utf8),
            "repo/inner/.gitignore": Data("y.txt\n".utf8), "repo/inner/y.txt": Data("foo\n".utf8),
            "repo/inner/z.txt": Data("foo\n".utf8),
        ])
        return directory.appendingPathComponent("repo")
    }

    func listed(_ arguments: [String], in directory: URL) throws -> [String] {
        let result = try TestProcess.icugrep(arguments, directory: directory)
        return result.output.split(separator: "\n").map(String.init).sorted()
    }

    @Test func ignoreVCSInARepository() throws {
        let repo = try repository()
        defer { try? FileManager.default.removeItem(at: repo.deletingLastPathComponent()) }
        // .ignore beats .gitignore (sub/secret2.txt), deeper files beat shallower (sub/b.log),
        // info/exclude applies, .git is skipped, and a nested repository (inner) does not see
        // the outer .gitignore (x.log) but keeps its own.
        let expected = [".gitignore", ".gitignore-not", ".ignore", "a.txt", "important.log", "inner/.gitignore", "inner/x.log",
                        "inner/z.txt", "sub/.gitignore", "sub/.ignore", "sub/b.log", "sub/d.c", "sub/secret2.txt"]
        #expect(try listed(["-r", "--files", "--ignore-vcs"], in: repo) == expected)
        #expect(try listed(["-r", "-l", "--ignore-vcs", "foo"], in: repo) == expected.filter { !$0.hasSuffix("ignore") })
        // From a subdirectory, the ignore files above it still apply.
        #expect(try listed(["-r", "--files", "--ignore-vcs"], in: repo.appendingPathComponent("sub"))
            == [".gitignore", ".ignore", "b.log", "d.c", "secret2.txt"])
        #expect(try listed(["-r", "--files", "--ignore-vcs", "sub"], in: repo)
            == ["sub/.gitignore", "sub/.ignore", "sub/b.log", "sub/d.c", "sub/secret2.txt"])
        // Named on the command line, an ignored file or directory is searched.
        #expect(try listed(["-r", "--ignore-vcs", "foo", "b.log", "build"], in: repo) == ["b.log:foo", "build/out.txt:foo"])
        // Without --ignore-vcs nothing changes.
        #expect(try listed(["-r", "--files"], in: repo).count == 22)
        #expect(try listed(["-r", "-c", "foo"], in: repo).contains(".git/config:1"))
    }

    @Test(.enabled(if: ReferenceGit.isAvailable)) func linkedWorkTreeReadsTheCommonExclude() throws {
        let directory = try TestProcess.makeDirectory(["main/a.txt": Data("foo\n".utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let main = directory.appendingPathComponent("main")
        try ReferenceGit.run(["init", "-q"], in: main)
        try ReferenceGit.run(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"], in: main)
        try ReferenceGit.run(["worktree", "add", "-q", "--detach", "../linked"], in: main)
        try Data("*.tmp\n".utf8).write(to: main.appendingPathComponent(".git/info/exclude"))
        let linked = directory.appendingPathComponent("linked")
        for name in ["x.tmp", "y.txt"] { try Data("foo\n".utf8).write(to: linked.appendingPathComponent(name)) }
        let git = try ReferenceGit.unignoredFiles(in: linked).map { String(decoding: $0, as: UTF8.self) }.sorted()
        #expect(git == ["y.txt"])
        #expect(try listed(["-r", "--files", "--ignore-vcs"], in: linked) == git)
    }

    func typeTree() throws -> URL {
        try TestProcess.makeDirectory([
            "a.c": Data("foo\n".utf8), "b.h": Data("foo\n".utf8), "c.py": Data("foo\n".utf8), "d.txt": Data("foo\n".utf8),
            "sub/Makefile": Data("foo\n".utf8), "sub/e.swift": Data("foo\n".utf8), "sub/.bashrc": Data("foo\n".utf8),
        ])
    }

    @Test func fileTypes() throws {
        let tree = try typeTree()
        defer { try? FileManager.default.removeItem(at: tree) }
        #expect(try listed(["-r", "--files", "-t", "c"], in: tree) == ["a.c", "b.h"])
        #expect(try listed(["-r", "--files", "--type=c", "--type", "make"], in: tree) == ["a.c", "b.h", "sub/Makefile"])
        #expect(try listed(["-r", "--files", "-tsh", "-tswift"], in: tree) == ["sub/.bashrc", "sub/e.swift"])
        #expect(try listed(["-r", "--files", "--type-not=c", "--type-not=txt"], in: tree) == ["c.py", "sub/.bashrc", "sub/Makefile", "sub/e.swift"])
        // The last selection that matches decides (ripgrep's rule): b.h is c and h.
        #expect(try listed(["-r", "--files", "-t", "c", "--type-not", "h"], in: tree) == ["a.c"])
        #expect(try listed(["-r", "--files", "--type-not", "h", "-t", "c"], in: tree) == ["a.c", "b.h"])
        #expect(try listed(["-r", "--files", "-t", "all"], in: tree).count == 7)
        #expect(try listed(["-r", "-l", "-t", "py", "foo"], in: tree) == ["c.py"])
        // Files named on the command line are searched whatever their type, as in ripgrep.
        #expect(try listed(["-t", "py", "foo", "a.c", "c.py"], in: tree) == ["a.c:foo", "c.py:foo"])
        let unknown = try TestProcess.icugrep(["-t", "nosuch", "foo"], directory: tree)
        #expect(unknown.status == 2 && unknown.errors == "icugrep: unrecognized file type: nosuch\n" && unknown.output.isEmpty)
        #expect(try TestProcess.icugrep(["--type-not=", "foo"], directory: tree).status == 2)
    }

    @Test func typeList() throws {
        let result = try TestProcess.icugrep(["--type-list"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count >= 40 && lines == lines.sorted())
        #expect(lines.contains("swift: *.swift") && lines.contains("c: *.[chH], *.[chH].in, *.cats"))
        // Each line is ripgrep 13's, where ripgrep 13 is installed.
        if let rg = ["/usr/bin/rg", "/usr/local/bin/rg"].first(where: FileManager.default.isExecutableFile(atPath:)),
           let version = try? TestProcess.run(URL(fileURLWithPath: rg), ["--version"]), version.output.hasPrefix("ripgrep 13.")
        {
            let rgLines = Set(try TestProcess.run(URL(fileURLWithPath: rg), ["--type-list"]).output.split(separator: "\n").map(String.init))
            for line in lines { #expect(rgLines.contains(line), "\(line) is not ripgrep's") }
        }
    }

    @Test func filesListing() throws {
        let tree = try typeTree()
        defer { try? FileManager.default.removeItem(at: tree) }
        // No pattern: every operand is a file; the order is the search's.
        let listing = try TestProcess.icugrep(["--files", "a.c", "d.txt"], directory: tree)
        #expect(listing.output == "a.c\nd.txt\n" && listing.status == 0)
        #expect(try TestProcess.icugrep(["--files", "-Z", "a.c"], directory: tree).output == "a.c\0")
        #expect(try listed(["-r", "--files", "--include=*.py", "--include=*.swift"], in: tree) == ["c.py", "sub/e.swift"])
        #expect(try listed(["-r", "--files", "--exclude-dir=sub"], in: tree) == ["a.c", "b.h", "c.py", "d.txt"])
        let recursive = try TestProcess.icugrep(["-r", "--files", "."], directory: tree)
        #expect(recursive.output.split(separator: "\n").allSatisfy { $0.hasPrefix("./") })
        let none = try TestProcess.icugrep(["-r", "--files", "-t", "rust"], directory: tree)
        #expect(none.status == 1 && none.output.isEmpty)
        let directory = try TestProcess.icugrep(["--files", "sub", "a.c"], directory: tree)
        #expect(directory.status == 2 && directory.output == "a.c\n" && directory.errors == "icugrep: sub: Is a directory\n")
        #expect(try TestProcess.icugrep(["--files", "-d", "skip", "sub", "a.c"], directory: tree).status == 0)
        let missing = try TestProcess.icugrep(["--files", "nope"], directory: tree)
        #expect(missing.status == 2 && missing.errors == "icugrep: nope: No such file or directory\n")
    }

    /// The new long names leave GNU grep's abbreviations and short options as they were.
    @Test func grepOptionsUnchanged() throws {
        let configuration = try ParserHarness.configuration(["--ignore", "-T", "--files-with-m", "p"])
        #expect(configuration.ignoreCase && configuration.initialTab && configuration.patterns == ["p"])
        #expect(configuration.outputMode == .filesWithMatches)
        #expect(!configuration.ignoreVCS && configuration.fileTypeSelections.isEmpty && !configuration.listsFiles)
        let parsed = try ParserHarness.configuration(["--ignore-vcs", "--files", "-tc", "--type-not=h", "-r"])
        #expect(parsed.ignoreVCS && parsed.listsFiles && parsed.patterns.isEmpty)
        #expect(parsed.fileTypeSelections.map(\.negated) == [false, true])
        guard case .typeList = try ParserHarness.parse(["--type-list", "x"]).request else { Issue.record(); return }
    }
}
