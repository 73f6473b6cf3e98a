@testable import icugrep
import Foundation
import ICURegex
import Testing
import TestSupport

/// GNU grep in the C locale, where every byte is a character (``ByteCharacters``), against
/// icugrep there: generated cases (a fixed seed) over texts that mix ASCII, valid UTF-8 (`é`,
/// `€`, CJK) and stray bytes from 0x80 up, for `-G`, `-E`, `-F` and `-P` invoked as `grep`;
/// standard output byte for byte, standard error (the program names made equal) and the status.
@Suite struct ByteCharacterDifferentialTests {
    /// The pieces the texts are made of: ASCII words, UTF-8 characters, and bytes that are not
    /// UTF-8 (a lone lead byte, continuation bytes, 0x85 and 0xA0, which Latin-1 would read as
    /// a line break and a space, 0xDF, Latin-1's `ß`).
    static let pieces: [[UInt8]] = [
        Array("foo".utf8), Array("Bar".utf8), Array("na".utf8), Array("ive".utf8), Array("x_1".utf8),
        Array("SS".utf8), Array("é".utf8), Array("É".utf8), Array("€".utf8), Array("中文".utf8),
        Array("ï".utf8), [0xE9], [0xC9], [0xFF], [0x80], [0xA0], [0x85], [0xDF], [0xE2, 0x82], [0xC3],
        Array(" ".utf8), Array("\t".utf8), Array("-".utf8), Array("9".utf8),
    ]

    /// Lines of random pieces, as one file's bytes.
    static func text(_ random: inout SplitMix64, lines: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<lines {
            for _ in 0..<Int(random.next() % 7) {
                bytes += pieces[Int(random.next() % UInt64(pieces.count))]
            }
            bytes.append(0x0A)
        }
        return bytes
    }

    static let fixture: EngineFixture? = {
        var random = SplitMix64(seed: 0xC10C_A1E)
        var files: [String: [UInt8]] = ["fixed": Array("é É\n€ x\nnaïve\n".utf8) + [0xE9, 0x74, 0xE9, 0x0A]]
        files["euro"] = [0xE2, 0x82, 0xAC] + Array(" euro\n".utf8)
        for index in 0..<4 {
            files["t\(index)"] = text(&random, lines: 40)
        }
        // A long file of mostly ASCII, so that blocks end inside lines and offsets grow.
        var long: [UInt8] = []
        while long.count < 300_000 { long += text(&random, lines: 1) + Array("padding line of ascii text\n".utf8) }
        files["long"] = long
        return try? EngineFixture(files)
    }()

    /// The patterns of the GNU syntaxes, each with the syntaxes it is read in.
    static let patterns: [(pattern: String, syntaxes: [String])] = [
        (".", ["-G", "-E"]), ("é", ["-G", "-E", "-F"]), ("[é]", ["-G", "-E"]), ("[^a-z]", ["-G", "-E"]),
        ("[[:alpha:]]", ["-G", "-E"]), ("[[:alpha:]]+", ["-E"]), ("[[:print:]]*", ["-G"]), ("[[:space:]]", ["-E"]),
        ("[[:punct:]]", ["-E"]), ("[[:upper:]]", ["-E"]), ("[[:cntrl:]]", ["-E"]), ("\\w*", ["-G", "-E"]),
        ("\\W", ["-E"]), ("\\bna", ["-E"]), ("\\<ive", ["-G"]), ("e\\>", ["-G"]), ("\\Bi", ["-E"]),
        ("^...$", ["-G", "-E"]), ("^.. ", ["-E"]), ("(.)\\1", ["-E"]), ("\\(..\\)\\1", ["-G"]),
        ("ss", ["-F", "-E"]), ("na", ["-F", "-G"]), ("€", ["-F", "-E"]), ("中", ["-F"]), ("x", ["-F"]),
        ("é|x", ["-E"]), ("[é-ï]", ["-E"]), ("[[=é=]]", ["-E"]), ("É", ["-F", "-G"]), ("foo", ["-F", "-E"]),
    ]

    /// The options a case may add.
    static let optionSets: [[String]] = [
        [], ["-o"], ["-i"], ["-io"], ["-w"], ["-x"], ["-c"], ["-v"], ["-n", "-b"], ["-o", "-b"], ["-ow"],
        ["-C1"], ["-A1", "-n"], ["--color=always"], ["--color=always", "-i"], ["-l"], ["-vc"], ["-iw"],
    ]

    /// `count` cases, each its arguments (with the file names), from a fixed seed.
    static func cases(count: Int) -> [[String]] {
        var random = SplitMix64(seed: 0xB17E5)
        let files = ["fixed", "t0", "t1", "t2", "t3"]
        return (0..<count).map { _ in
            let entry = patterns[Int(random.next() % UInt64(patterns.count))]
            let syntax = entry.syntaxes[Int(random.next() % UInt64(entry.syntaxes.count))]
            let options = optionSets[Int(random.next() % UInt64(optionSets.count))]
            let file = files[Int(random.next() % UInt64(files.count))]
            return [syntax] + options + ["-e", entry.pattern, file]
        }
    }

    /// A directory holding `grep`, a link to icugrep: `-P` is GNU grep's there.
    static let grepLink: URL? = {
        guard let directory = try? TestProcess.makeDirectory([:]) else { return nil }
        let link = directory.appendingPathComponent("grep")
        guard (try? FileManager.default.createSymbolicLink(at: link, withDestinationURL: TestProcess.icugrep)) != nil else {
            return nil
        }
        return link
    }()

    /// Runs GNU grep and icugrep invoked as `grep` in the C locale, and records each difference.
    static func expectSameOutput(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let grep = try #require(ReferenceGrep.executable)
        let directory = try #require(fixture).directory
        let environment = ["LC_ALL": "C"]
        let expected = try TestProcess.run(grep, arguments, directory: directory, environment: environment)
        let actual = try TestProcess.run(try #require(grepLink), arguments, directory: directory, environment: environment)
        let command = "LC_ALL=C grep " + arguments.joined(separator: " ")
        #expect(actual.status == expected.status, "status of \(command)", sourceLocation: sourceLocation)
        #expect(
            actual.standardOutput == expected.standardOutput,
            "standard output of \(command):\nicugrep: \(Array(actual.standardOutput))\ngrep:    \(Array(expected.standardOutput))",
            sourceLocation: sourceLocation)
        let expectedErrors = expected.errors.replacingOccurrences(of: "\(grep.path): ", with: "grep: ")
        #expect(actual.errors == expectedErrors, "standard error of \(command)", sourceLocation: sourceLocation)
    }

    /// The examples that differed before bytes were characters, and the edges of the reading:
    /// `-P`'s `\xhh` and `\p`, offsets past a block in a long file, context and color there.
    @Test func examples() async throws {
        try #require(ReferenceGrep.isAvailable)
        let cases: [[String]] = [
            ["-o", ".", "fixed"], ["-io", "é", "fixed"], ["-c", "[[:alpha:]]", "fixed"], ["-o", "\\w*", "fixed"],
            ["-o", "[^a-z]", "fixed"], ["-ow", "na", "fixed"], ["-P", "-o", "[\\x80-\\xff]", "fixed"],
            ["-P", "-c", "^\\p{S}", "fixed"], ["-c", "^... euro$", "euro"], ["-P", "-c", "^\\p{S}", "euro"],
            ["-P", "-o", "\\xe9.", "fixed"], ["-P", "-io", "\\w+", "t0"], ["-P", "-c", "\\s", "t1"],
            ["-P", "-o", "\\bna\\b", "t2"], ["-P", "-o", "[^\\x00-\\x7f]+", "t3"],
            ["-b", "-n", "padding", "long"], ["-c", "é", "long"], ["-o", "-b", "[^ -~]", "long"],
            ["-C1", "-n", "€", "long"], ["--color=always", "-i", "É", "long"], ["-v", "-c", "a", "long"],
            ["-b", "-B2", "中", "long"], ["-r", "-c", "É", "."], ["-z", "-c", ".", "fixed"], ["-zo", "é.", "fixed"],
        ]
        await checkEveryCase(cases) { try Self.expectSameOutput($0) }
    }

    /// Generated cases of the GNU syntaxes.
    @Test func generated() async throws {
        try #require(ReferenceGrep.isAvailable)
        await checkEveryCase(Self.cases(count: 160)) { try Self.expectSameOutput($0) }
    }

    /// Standard input, and an input that turns binary at a NUL after high bytes.
    @Test func standardInputAndBinary() throws {
        let grep = try #require(ReferenceGrep.executable)
        let link = try #require(Self.grepLink)
        let input = Data([0xE2, 0x82, 0xAC] + Array(" euro\n".utf8) + [0xE9, 0x0A, 0x00, 0xE9, 0x0A])
        for arguments in [["-c", "^... euro$"], ["-o", "."], ["\u{E9}"], ["-a", "-o", "[^a-z ]"], ["-b", "-o", "e"]] {
            let expected = try TestProcess.run(grep, arguments, input: input, environment: ["LC_ALL": "C"])
            let actual = try TestProcess.run(link, arguments, input: input, environment: ["LC_ALL": "C"])
            #expect(actual.standardOutput == expected.standardOutput, "grep \(arguments)")
            #expect(actual.status == expected.status, "status of grep \(arguments)")
        }
    }

    /// A pattern argument or `-f` line that is not UTF-8 keeps its bytes (GNU grep's tests
    /// `high-bit-range` and `unibyte-bracket-expr`), given through the shell, since a test's
    /// arguments are Strings.
    @Test func argumentBytes() throws {
        let grep = try #require(ReferenceGrep.executable)
        let link = try #require(Self.grepLink)
        let shell = URL(fileURLWithPath: "/bin/sh")
        let scripts = [
            #"printf '\201\n' | "$0" -a "$(printf '[\201]')""#,
            #"printf '\351t\351\n\303\251\n' | "$0" -o "$(printf '\351.')""#,
            #"printf '\351t\351\n' | "$0" -P -c "$(printf '^\351')""#,
            #"printf 'a\351\n' | "$0" -ci "$(printf 'A\351')""#,
            #"printf 'na\303\257ve\n\351t\n' > /tmp/icugrep-bytes-$$; printf 'na\303\257ve\n\351t\351\nx\n' | "$0" -F -f /tmp/icugrep-bytes-$$; s=$?; rm -f /tmp/icugrep-bytes-$$; exit $s"#,
            #"printf '\351.\n' > /tmp/icugrep-bytes-$$; printf '\351t\351\n\303\251\n' | "$0" -o -f /tmp/icugrep-bytes-$$; s=$?; rm -f /tmp/icugrep-bytes-$$; exit $s"#,
        ]
        for script in scripts {
            let expected = try TestProcess.run(shell, ["-c", script, grep.path], environment: ["LC_ALL": "C"])
            let actual = try TestProcess.run(shell, ["-c", script, link.path], environment: ["LC_ALL": "C"])
            #expect(actual.standardOutput == expected.standardOutput, "\(script)")
            #expect(actual.status == expected.status, "status of \(script)")
        }
    }

    /// The transcoding is one to one: every byte is written back as it was read, and offsets
    /// in the transcoded text map back to the input's.
    @Test func transcodingRoundTrips() {
        var bytes = (0...255).map { UInt8($0) } + [0x41, 0xE9, 0xE9, 0x0A]
        let original = bytes
        bytes += Array(repeating: 0, count: bytes.count * 2)
        let transcoder = ByteCharacterTranscoder()
        let count = bytes.withUnsafeMutableBytes { transcoder.transcode($0.baseAddress!, count: original.count) }
        #expect(count == original.count + 2 * original.filter { $0 >= 0x80 }.count)
        let transcoded = Array(bytes[..<count])
        #expect(String(bytes: transcoded, encoding: .utf8) != nil)
        var restored: [UInt8] = []
        transcoded.withUnsafeBytes { ByteCharacterTranscoder.restore($0, into: &restored) }
        #expect(restored == original)
        let scalars = String(decoding: transcoded, as: UTF8.self).unicodeScalars.map { ByteCharacters.byte(of: $0) }
        #expect(scalars == original.map { Optional($0) })
        transcoded.withUnsafeBytes { text in
            #expect(ByteCharacterTranscoder.restoredOffset(of: count, in: text) == original.count)
        }
    }
}
