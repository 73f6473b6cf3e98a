import Foundation
import Testing

/// `-r` and `-R` over a tree, with `--include`, `--exclude` and `--exclude-dir`, symbolic
/// links, a loop and a dangling link, against GNU grep: the same files in the same order (the
/// order the directories list their entries), named the same way.
@Suite("Recursion against GNU grep", .enabled(if: ReferenceGrep.isAvailable, "GNU grep with -P is not installed"))
struct RecursionTests {
    /// The tree, made once: files, then the links.
    static let fixture: EngineFixture? = {
        var files: [String: [UInt8]] = [:]
        for path in ["tree/a.txt", "tree/b.c", "tree/sub/c.txt", "tree/sub/deep/d.c", "tree/skip/e.txt",
                     "tree/.hidden/f.txt", "tree/sub/g.h"] {
            files[path] = Array("foo in \(path)\n".utf8)
        }
        for index in 1...30 {
            files["tree/sub/n\(index).txt"] = Array("foo\n".utf8)
        }
        files["ctx"] = Array("foo ctx\n".utf8)
        guard let fixture = try? EngineFixture(files) else { return nil }
        let tree = fixture.directory.appendingPathComponent("tree").path
        let manager = FileManager.default
        try? manager.createSymbolicLink(atPath: tree + "/link-to-file", withDestinationPath: "../ctx")
        try? manager.createSymbolicLink(atPath: tree + "/link-to-dir", withDestinationPath: "sub")
        try? manager.createSymbolicLink(atPath: tree + "/dangling", withDestinationPath: "nowhere")
        try? manager.createSymbolicLink(atPath: tree + "/sub/loop", withDestinationPath: "..")
        return fixture
    }()

    @Test(arguments: [
        ["-r", "foo", "tree"], ["-r", "foo", "tree/"], ["-r", "foo", "tree//"], ["-R", "foo", "tree"],
        ["-r", "-c", "foo", "tree"], ["-r", "-l", "foo", "tree"], ["-r", "-L", "zzz", "tree"], ["-r", "-n", "-b", "in", "tree"],
        ["-r", "foo", "tree/a.txt"], ["-r", "foo", "tree/a.txt", "ctx"], ["-r", "foo", "tree/link-to-dir"],
        ["-r", "--include=*.c", "foo", "tree"], ["-r", "--include=*.c", "--include=*.h", "foo", "tree"],
        ["-r", "--exclude=*.c", "foo", "tree"], ["-r", "--exclude=*.txt", "--exclude=n*", "foo", "tree"],
        ["-r", "--exclude-dir=sub", "foo", "tree"], ["-r", "--exclude-dir=sub/", "foo", "tree"],
        ["-r", "--exclude-dir=s*", "foo", "tree"], ["-r", "--exclude-dir=tree", "foo", "tree"],
        ["-r", "--exclude-dir=.", "foo", "tree"], ["-r", "--include=*.c", "--exclude=d*", "foo", "tree"],
        // The order of --include and --exclude matters: the last matching glob wins, and a
        // name matching none is skipped only when the first glob is an --include.
        ["-r", "--exclude=*.c", "--include=*.c", "foo", "tree"], ["-r", "--exclude=a*", "--include=*.c", "foo", "tree"],
        ["-r", "--include=*.c", "--exclude=*.c", "foo", "tree"], ["-r", "--exclude=b*", "--include=*.c", "--exclude=*.txt", "foo", "tree"],
        ["--exclude=*.c", "--include=*.c", "foo", "tree/a.txt", "tree/b.c"],
        ["--include=*.c", "foo", "tree/a.txt", "tree/b.c"], ["--exclude=*.c", "foo", "tree/a.txt", "tree/b.c"],
        ["--exclude=a.txt", "foo", "tree/a.txt", "tree/b.c"], ["--exclude=tree", "foo", "tree/a.txt", "tree/b.c"],
        ["foo", "tree"], ["-s", "foo", "tree", "ctx"], ["-d", "skip", "foo", "tree", "ctx"],
        ["-r", "foo", "tree/dangling"], ["foo", "tree/dangling"], ["-R", "-c", "foo", "tree/sub"],
        ["-r", "-h", "foo", "tree"], ["-r", "-H", "foo", "tree/a.txt"], ["-r", "-Z", "-l", "foo", "tree"],
        ["-r", "-q", "foo", "tree"], ["-R", "-s", "foo", "tree"],
    ])
    func sameAsGrep(_ arguments: [String]) throws {
        try ReferenceGrep.expectSameOutput(arguments, in: try #require(Self.fixture).directory)
    }

    @Test("Without an operand, -r searches . and names files without ./")
    func defaultDirectory() throws {
        let fixture = try #require(Self.fixture)
        try ReferenceGrep.expectSameOutput(["-r", "foo"], in: fixture.directory.appendingPathComponent("tree"))
        try ReferenceGrep.expectSameOutput(["-r", "foo", "."], in: fixture.directory.appendingPathComponent("tree"))
        try ReferenceGrep.expectSameOutput(["-r", "-c", "--exclude-dir=.", "foo"], in: fixture.directory.appendingPathComponent("tree"))
    }

    @Test("-r skips FIFOs and other special files found while recursing")
    func specialFilesAreSkipped() throws {
        let fixture = try EngineFixture(texts: ["dir/a": "foo\n"])
        let fifo = fixture.directory.appendingPathComponent("dir/fifo").path
        try #require(mkfifo(fifo, 0o644) == 0)
        try ReferenceGrep.expectSameOutput(["-r", "foo", "dir"], in: fixture.directory)
    }
}
