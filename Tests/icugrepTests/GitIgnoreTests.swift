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
