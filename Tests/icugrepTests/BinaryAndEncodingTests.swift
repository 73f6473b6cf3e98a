import Foundation
import Testing

/// Binary files (NUL bytes), invalid UTF-8, CRLF, byte-order marks and `--encoding`.
@Suite("Binary files and encodings")
struct BinaryAndEncodingTests {
    /// A NUL byte in the block of 96 KiB where it is read makes grep 3.8 treat the rest of the
    /// file as binary; these files put it in the first block and after it.
    static let binaryFiles: [String: [UInt8]] = [
        "bin": Array("a\nfoo".utf8) + [0] + Array("bar\nfoo\n".utf8),
        "bin2": Array("foo1\nfoo2\nx".utf8) + [0] + Array("y\nfoo3\n".utf8),
        "nulls": [0, 0, 0, 10] + Array("foo".utf8) + [0, 0, 10] + Array("bar\n".utf8),
        "text": Array("foo text\n".utf8),
        // The NUL is in the second block: the lines of the first are printed as text.
        "late": Array(String(repeating: "foo line\n", count: 12_000).utf8) + [0, 10] + Array(String(repeating: "foo after\n", count: 5).utf8),
        // Trailing context due when the NUL's block is read: printed (with NUL ending lines)
        // unless that block selects a line.
        "late-context": Array(String(repeating: "x\n", count: 49_150).utf8) + Array("foo\nctx1\nctx2".utf8) + [0] + Array("z\nctx3\n".utf8),
        "late-context-match": Array(String(repeating: "x\n", count: 49_150).utf8) + Array("foo\nctx1\nctx2".utf8) + [0] + Array("z\nctx3\nfoo2\n".utf8),
        // With -v: the last line of the first block is selected, and the NUL's block selects
        // another line (one that does not match), so the pending context is dropped.
        "late-context-inverted": Array(String(repeating: "x\n", count: 49_151).utf8) + Array("y\nx\nx\nz".utf8) + [0] + Array("q\nx\n".utf8),
    ]

    static let fixture: EngineFixture? = try? EngineFixture(binaryFiles)

    @Test(arguments: [
        ["a", "bin"], ["foo", "bin"], ["-c", "foo", "bin"], ["-n", "foo", "bin2"], ["-o", "foo", "bin2"],
        ["-A1", "foo", "bin2"], ["-v", "x", "bin2"], ["-l", "foo", "bin", "bin2", "text"], ["-L", "foo", "bin", "text"],
        ["-q", "foo", "bin"], ["-s", "foo", "bin"], ["-a", "foo", "bin"], ["-a", "-n", "o.b", "bin"],
        ["--binary-files=text", "-c", ".", "bin"], ["-c", "o.b", "bin"], ["-I", "foo", "bin", "text"],
        ["-I", "-c", "foo", "bin", "text"], ["--binary-files=without-match", "-l", "foo", "bin", "text"],
        ["-z", "foo", "bin"], ["-z", "-c", ".", "bin"], ["-v", "-c", "zzz", "nulls"], ["-c", "^$", "nulls"],
        ["-b", "-o", "foo", "nulls"], ["-o", "-v", "zzz", "nulls"], ["-c", "-a", "^$", "nulls"],
        ["foo", "late"], ["-c", "foo", "late"], ["-n", "after", "late"], ["-m5", "foo", "late"],
        ["-A3", "foo", "late-context"], ["-A3", "foo", "late-context-match"], ["-A1", "a", "bin", "text"],
        ["-v", "-A3", "x", "late-context-inverted"],
    ])
    func binaryLikeGrep(_ arguments: [String]) throws {
        try #require(ReferenceGrep.isAvailable)
        try ReferenceGrep.expectSameOutput(arguments, in: try #require(Self.fixture).directory)
    }

    @Test("Invalid UTF-8 with -a: lines print as they are (see EncodingErrorTests without it)")
    func invalidUTF8() throws {
        let bytes: [UInt8] = Array("ok foo\nbad ".utf8) + [0xFF, 0xFE] + Array(" foo\n".utf8) + [0xC3] + Array("( foo\nend\n".utf8)
        let fixture = try EngineFixture(["in": bytes])
        let lines = try TestProcess.icugrep(["-a", "-n", "foo", "in"], directory: fixture.directory)
        #expect(lines.standardOutput == Data(Array("1:ok foo\n2:bad ".utf8) + [0xFF, 0xFE] + Array(" foo\n3:".utf8) + [0xC3] + Array("( foo\n".utf8)))
        #expect(lines.errors.isEmpty && lines.status == 0)
        // Each ill-formed sequence reads as one U+FFFD and keeps its own bytes in the output.
        let matches = try TestProcess.icugrep(["-a", "-o", "-b", "\\x{FFFD}+ foo|\\x{FFFD}\\(", "in"], directory: fixture.directory)
        #expect(matches.standardOutput == Data(Array("11:".utf8) + [0xFF, 0xFE] + Array(" foo\n18:".utf8) + [0xC3] + Array("(\n".utf8)))
        let count = try TestProcess.icugrep(["-c", "^bad \\x{FFFD}{2} foo$", "in"], directory: fixture.directory)
        #expect(count.output == "1\n")
    }

    @Test("CRLF files give grep's bytes, \\r kept, $ not before \\r", arguments: [
        ["-n", "foo", "crlf"], ["-c", "foo$", "crlf"], ["-c", "foo\\r$", "crlf"], ["-x", "baz\\r", "crlf"],
        ["-o", "o.$", "crlf"], ["--color=always", "-b", "o", "crlf"],
    ])
    func crlf(_ arguments: [String]) throws {
        try #require(ReferenceGrep.isAvailable)
        let fixture = try EngineFixture(["crlf": Array("foo\r\nbaz\r\n\r\nlast foo\r".utf8)])
        try ReferenceGrep.expectSameOutput(arguments, in: fixture.directory)
    }

    @Test("A UTF-8 byte-order mark stays part of the first line, as in grep", arguments: [
        ["-n", "^foo", "bom"], ["-n", "foo", "bom"], ["-o", "-b", "foo", "bom"], ["-c", "^\\x{FEFF}foo", "bom"],
    ])
    func utf8ByteOrderMark(_ arguments: [String]) throws {
        try #require(ReferenceGrep.isAvailable)
        let fixture = try EngineFixture(["bom": Array("\u{FEFF}foo first\nbar foo\n".utf8)])
        try ReferenceGrep.expectSameOutput(arguments, in: fixture.directory)
    }

    @Test("UTF-16 and UTF-32 files with a byte-order mark are searched as text and printed as UTF-8")
    func unicodeByteOrderMarks() throws {
        let text = "héllo foo\r\nbar\r\nfoo 😀\r\n"
        let utf16LE: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BE: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let utf32LE: [UInt8] = [0xFF, 0xFE, 0, 0] + text.unicodeScalars.flatMap { scalar in
            (0..<4).map { UInt8((scalar.value >> (8 * UInt32($0))) & 0xFF) }
        }
        let fixture = try EngineFixture(["le": utf16LE, "be": utf16BE, "le32": utf32LE])
        for name in ["le", "be", "le32"] {
            let result = try TestProcess.icugrep(["-n", "foo", name], directory: fixture.directory)
            #expect(result.output == "1:héllo foo\r\n3:foo 😀\r\n", "\(name)")
            let offsets = try TestProcess.icugrep(["-o", "-b", "😀|é", name], directory: fixture.directory)
            #expect(offsets.output == "1:é\n21:😀\n", "\(name): offsets count UTF-8 bytes")
        }
    }

    @Test("--encoding converts from any ICU charset")
    func explicitEncodings() throws {
        // "привет мир\nпока\n" in windows-1251, and "café foo\n" in ISO-8859-1.
        let cyrillic: [UInt8] = [0xEF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2, 0x20, 0xEC, 0xE8, 0xF0, 0x0A, 0xEF, 0xEE, 0xEA, 0xE0, 0x0A]
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" foo\n".utf8)
        let fixture = try EngineFixture(["cp1251": cyrillic, "latin1": latin1])
        let words = try TestProcess.icugrep(["--encoding=windows-1251", "-o", "п\\w+", "cp1251"], directory: fixture.directory)
        #expect(words.output == "привет\nпока\n")
        let cafe = try TestProcess.icugrep(["--encoding=ISO-8859-1", "-n", "café", "latin1"], directory: fixture.directory)
        #expect(cafe.output == "1:café foo\n")
        // Without --encoding the byte 0xE9 is ill-formed UTF-8: one U+FFFD, printed as it was
        // with -a (without it the line is held back, as in GNU grep).
        let raw = try TestProcess.icugrep(["-a", "caf\\x{FFFD} ", "latin1"], directory: fixture.directory)
        #expect(raw.standardOutput == Data(latin1))
    }

    @Test("An unknown --encoding is an error, before any file is read")
    func unknownEncoding() throws {
        let result = try TestProcess.icugrep(["--encoding=no-such-charset", "x", "/nonexistent"])
        #expect(result.status == 2)
        #expect(result.errors == "icugrep: no-such-charset: unknown encoding\n")
    }

    @Test("Empty files and files without a final newline")
    func emptyAndUnterminated() throws {
        try #require(ReferenceGrep.isAvailable)
        let fixture = try EngineFixture(["empty": [], "nonl": Array("one\ntwo foo".utf8), "nl": [10]])
        for arguments in [["foo", "empty", "nonl"], ["-c", "", "empty", "nl", "nonl"], ["-v", "x", "empty", "nonl", "nl"],
                          ["-L", "o", "empty", "nonl"], ["-z", "-c", "o", "nonl"], ["-o", "o$", "nonl"]] {
            try ReferenceGrep.expectSameOutput(arguments, in: fixture.directory)
        }
    }
}
