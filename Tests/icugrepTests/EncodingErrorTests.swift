@testable import icugrep
import Foundation
import Testing

/// GNU grep 3.8's rule for invalid UTF-8 in a UTF-8 locale (``EncodingErrors``): a line to
/// print that holds an encoding error is held back and the file is reported as a binary file
/// that matches; `-a` prints it, and in the C locale every byte is a character.
@Suite("Encoding errors make a file binary, as in GNU grep")
struct EncodingErrorTests {
    /// The sequences glibc's UTF-8 decoder accepts (`false`) and rejects (`true`), as GNU grep
    /// 3.8 tells them apart here (each checked with `printf 'a…\n' | grep a`).
    static let sequences: [([UInt8], Bool)] = [
        ([0x61, 0x62], false), ([0xC3, 0xA9], false), ([0xED, 0x9F, 0xBF], false), ([0xEE, 0x80, 0x80], false),
        ([0xEF, 0xBF, 0xBE], false), ([0xF0, 0x90, 0x80, 0x80], false), ([0xF4, 0x90, 0x80, 0x80], false),
        ([0xF7, 0xBF, 0xBF, 0xBF], false), ([0xF8, 0x88, 0x80, 0x80, 0x80], false),
        ([0xFC, 0x84, 0x80, 0x80, 0x80, 0x80], false),
        ([0x80], true), ([0xBF], true), ([0xC0, 0x80], true), ([0xC1, 0xBF], true), ([0xC2], true),
        ([0xC2, 0x41], true), ([0xE0, 0x80, 0x80], true), ([0xE0, 0x9F, 0xBF], true), ([0xED, 0xA0, 0x80], true),
        ([0xE1, 0x80], true), ([0xF0, 0x80, 0x80, 0x80], true), ([0xF8, 0x80, 0x80, 0x80, 0x80], true),
        ([0xFC, 0x80, 0x80, 0x80, 0x80, 0x80], true), ([0xFE], true), ([0xFF], true),
    ]

    /// Each sequence alone, after ASCII long enough for the word-at-a-time path, and before
    /// ASCII.
    @Test func glibcsVerdicts() {
        for (sequence, isError) in Self.sequences {
            for bytes in [sequence, Array("0123456789abcdef".utf8) + sequence, sequence + Array("tail".utf8)] {
                let found = bytes.withUnsafeBytes { EncodingErrors.contained(in: $0) }
                #expect(found == isError, "\(bytes.map { String($0, radix: 16) })")
            }
        }
        #expect([UInt8]().withUnsafeBytes { EncodingErrors.contained(in: $0) } == false)
    }

    /// The same sequences through GNU grep itself, where it is installed: a line holding one
    /// is printed, or held back with "binary file matches".
    @Test func glibcsVerdictsAgainstGNU() throws {
        try #require(ReferenceGrep.isAvailable)
        let grep = try #require(ReferenceGrep.executable)
        for (sequence, isError) in Self.sequences {
            let result = try TestProcess.run(grep, ["a"], input: Data([0x61] + sequence + [0x0A]))
            #expect(result.errors.contains("binary file matches") == isError, "\(sequence.map { String($0, radix: 16) })")
        }
    }

    /// A file with a line of invalid UTF-8 among others.
    static let files: [String: [UInt8]] = [
        "mixed": Array("a1 foo\n".utf8) + [0x61, 0xFF, 0x32, 0x20] + Array("foo\na3 foo\n".utf8),
        "late": Array(String(repeating: "foo line\n", count: 300).utf8) + [0xC3, 0x28] + Array(" foo\nfoo end\n".utf8),
        "valid": Array("héllo foo\n😀 foo\n".utf8),
    ]

    static let fixture: EngineFixture? = try? EngineFixture(files)

    /// Against GNU grep: held-back lines, the message, `-o` (only the match is checked),
    /// context lines, counts and listings (nothing held back), `-a`, `-I`, `-v` runs.
    @Test(arguments: [
        ["-E", "foo", "mixed"], ["-E", "-n", "foo", "mixed", "valid"], ["-E", "-o", "a[0-9]", "mixed"],
        ["-E", "-o", "foo", "mixed"], ["-E", "-C1", "a3", "mixed"], ["-E", "-c", "foo", "mixed"],
        ["-E", "-l", "foo", "mixed", "valid"], ["-E", "-q", "foo", "mixed"], ["-E", "-a", "foo", "mixed"],
        ["-E", "-I", "foo", "mixed"], ["-E", "-v", "zzz", "mixed"], ["-E", "-v", "zzz", "late"],
        ["-E", "--color=always", "foo", "mixed"], ["-E", "-c", "foo", "late"], ["-E", "foo", "valid"],
        ["-F", "-h", "foo", "late", "mixed"], ["-E", "-z", "foo", "mixed"],
    ])
    func likeGrep(_ arguments: [String]) throws {
        try #require(ReferenceGrep.isAvailable)
        try ReferenceGrep.expectSameOutput(arguments, in: try #require(Self.fixture).directory)
    }

    /// In the C locale every byte is a character: nothing is held back, as in GNU grep.
    @Test(arguments: [["-E", "foo", "mixed"], ["-E", "-o", "a.", "mixed"]])
    func cLocale(_ arguments: [String]) throws {
        try #require(ReferenceGrep.isAvailable)
        try ReferenceGrep.expectSameOutput(arguments, in: try #require(Self.fixture).directory, environment: ["LC_ALL": "C"])
    }
}
