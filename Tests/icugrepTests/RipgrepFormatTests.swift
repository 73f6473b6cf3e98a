@testable import icugrep
import Foundation
import Testing

/// ripgrep's output formats and smart case: `--json`, `--column`, `--vimgrep` and `-S`,
/// compared with ripgrep itself (`rg`, which CI installs) on the same files.
@Suite("ripgrep's formats")
struct RipgrepFormatTests {
    typealias H = ParserHarness

    /// The rg executable, or nil when it is not installed (CI installs it).
    static let ripgrep: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("rg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }()

    /// The files searched: ASCII, ill-formed UTF-8, a NUL byte, no final newline, characters
    /// outside the BMP, characters JSON escapes, CRLF lines.
    static let files: [String: Data] = [
        "a.txt": Data("hello world\nfoo bar\nHello again world\nlast\n".utf8),
        "bad.txt": Data([0x78, 0xFF, 0x79, 0x20]) + Data("world\nfine world\n".utf8),
        "bin.txt": Data("one world\n".utf8) + Data([0]) + Data("two world\nthree\n".utf8),
        "nn.txt": Data("no newline world".utf8),
        "u.txt": Data("xé😀y world 😀😀 Straße\nπ world 𝔘𝔫𝔦\n".utf8),
        "esc.txt": Data("a\"b\\c\td\u{01}\u{7F} world\n".utf8),
        "crlf.txt": Data("first world\r\nsecond\r\n".utf8),
        "s.txt": Data("foo\nFOO\nBar\nbar\nBAR\n".utf8),
    ]

    static let directory: URL = try! TestProcess.makeDirectory(files)

    /// ripgrep with the flags that make its output deterministic and its binary handling the
    /// one icugrep follows: one thread, files read rather than memory-mapped.
    static func rg(_ arguments: [String], input: Data = Data()) throws -> ProcessResult {
        try TestProcess.run(
            try #require(ripgrep), ["-j1", "--no-mmap", "--no-config"] + arguments, input: input, directory: directory)
    }

    static func icugrep(_ arguments: [String], input: Data = Data()) throws -> ProcessResult {
        try TestProcess.icugrep(arguments, input: input, directory: directory)
    }

    // MARK: --json

    /// The messages of `output`, each parsed, without what differs by design: the times, the
    /// UTF-16 offsets (icugrep's addition) and `bytes_printed`, which is checked against the
    /// bytes of the messages instead (it counts the extra fields too).
    /// With `-m`, `bytes_searched` is left out too: ripgrep's is where its buffer stood (0 for
    /// a small file), icugrep's the end of the last selected line.
    static func comparableMessages(
        _ output: Data, withoutBytesSearched: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        var messages: [String] = []
        var printedSinceBegin = 0
        var printedInAll = 0
        for line in output.split(separator: UInt8(ascii: "\n")) {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            var data = try #require(object["data"] as? [String: Any])
            let type = try #require(object["type"] as? String)
            switch type {
            case "begin":
                printedSinceBegin = line.count + 1
            case "match", "context":
                printedSinceBegin += line.count + 1
                let submatches = try #require(data["submatches"] as? [[String: Any]])
                // icugrep's own fields: the UTF-16 offsets, and with several patterns the pattern.
                data["submatches"] = submatches.map { $0.filter { !$0.key.hasSuffix("_utf16") && $0.key != "pattern" } }
            case "end", "summary":
                var stats = try #require(data["stats"] as? [String: Any])
                let printed = try #require(stats["bytes_printed"] as? Int)
                if type == "end" {
                    #expect(printed == printedSinceBegin, "bytes_printed of \(data["path"] ?? "")", sourceLocation: sourceLocation)
                    printedInAll += printed
                } else {
                    #expect(printed == printedInAll, "bytes_printed of the summary", sourceLocation: sourceLocation)
                }
                stats["bytes_printed"] = nil
                stats["elapsed"] = nil
                if withoutBytesSearched { stats["bytes_searched"] = nil }
                data["stats"] = stats
                data["elapsed_total"] = nil
            default:
                Issue.record("unknown message type \(type)", sourceLocation: sourceLocation)
            }
            object["data"] = data
            let normalized = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            messages.append(String(decoding: normalized, as: UTF8.self))
        }
        return messages
    }

    static func expectSameJSON(_ arguments: [String], input: Data = Data(), sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ours = try icugrep(["--json"] + arguments, input: input)
        let theirs = try rg(["--json"] + arguments, input: input)
        #expect(ours.status == theirs.status, "\(arguments): status", sourceLocation: sourceLocation)
        #expect(ours.errors == "", "\(arguments)", sourceLocation: sourceLocation)
        let limited = arguments.contains { $0.hasPrefix("-m") }
        let ourMessages = try comparableMessages(ours.standardOutput, withoutBytesSearched: limited, sourceLocation: sourceLocation)
        let theirMessages = try comparableMessages(theirs.standardOutput, withoutBytesSearched: limited, sourceLocation: sourceLocation)
        #expect(ourMessages == theirMessages, "\(arguments)", sourceLocation: sourceLocation)
        #expect(ourMessages.last?.contains("\"summary\"") == true, sourceLocation: sourceLocation)
    }

    /// Matches, context, -v (whose selected lines have no submatches and whose context lines
    /// have them), -m, -o (ignored, as by rg), several files with invalid UTF-8, a NUL byte,
    /// no final newline, JSON escapes, CRLF, and no match at all.
    @Test(.enabled(if: ripgrep != nil, "rg is not installed; CI installs it"), arguments: [
        ["world", "a.txt"], ["-C1", "foo", "a.txt"], ["-v", "world", "a.txt"], ["-v", "-C1", "foo", "a.txt"],
        ["-m1", "o", "a.txt"], ["-m1", "-A1", "hello", "a.txt"], ["-o", "o", "a.txt"], ["-i", "WORLD", "a.txt"],
        ["world", "a.txt", "bad.txt", "bin.txt", "nn.txt", "u.txt", "esc.txt", "crlf.txt"],
        ["-A1", "two", "bin.txt"], ["-B1", "two", "bin.txt"], ["\\xFF|x", "bad.txt"], ["y.", "bad.txt"],
        ["😀|𝔫|é", "u.txt"], ["\\w+", "crlf.txt"], ["nothing", "a.txt"], ["-e", "o", "-e", "l", "a.txt", "s.txt"],
    ])
    func jsonAsRipgrep(_ arguments: [String]) throws {
        try Self.expectSameJSON(arguments)
    }

    /// Standard input is `<stdin>`, as in rg, binary or not.
    @Test(.enabled(if: ripgrep != nil, "rg is not installed; CI installs it"))
    func jsonOfStandardInput() throws {
        try Self.expectSameJSON(["world"], input: try #require(Self.files["bin.txt"]))
        try Self.expectSameJSON(["-n", "world", "-"], input: try #require(Self.files["u.txt"]))
        let labeled = try Self.icugrep(["--json", "--label=x", "world"], input: Data("world\n".utf8))
        #expect(labeled.output.hasPrefix(#"{"type":"begin","data":{"path":{"text":"x"}}}"#))
    }

    /// The exact bytes of the messages for one line, start_utf16 and end_utf16 included.
    @Test func jsonBytes() throws {
        let result = try Self.icugrep(["--json", "😀|Straße", "u.txt"])
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0] == #"{"type":"begin","data":{"path":{"text":"u.txt"}}}"#)
        #expect(lines[1] == #"""
            {"type":"match","data":{"path":{"text":"u.txt"},"lines":{"text":"xé😀y world 😀😀 Straße\n"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"😀"},"start":3,"end":7,"start_utf16":2,"end_utf16":4},{"match":{"text":"😀"},"start":15,"end":19,"start_utf16":12,"end_utf16":14},{"match":{"text":"😀"},"start":19,"end":23,"start_utf16":14,"end_utf16":16},{"match":{"text":"Straße"},"start":24,"end":31,"start_utf16":17,"end_utf16":23}]}}
            """#)
        #expect(lines[2].hasPrefix(#"{"type":"end","data":{"path":{"text":"u.txt"},"binary_offset":null,"stats":{"elapsed":{"secs":0,"nanos":"#))
        #expect(lines[2].hasSuffix(#""searches":1,"searches_with_match":1,"bytes_searched":54,"bytes_printed":515,"matched_lines":1,"matches":4}}}"#))
        #expect(lines[3].hasPrefix(#"{"data":{"elapsed_total":{"human":""#))
        #expect(lines[3].hasSuffix(#""matched_lines":1,"matches":4,"searches":1,"searches_with_match":1}},"type":"summary"}"#))
        #expect(result.status == 0)
    }

    /// start_utf16 and end_utf16 are the match's NSString range in the line, and start and end
    /// its UTF-8 range, on lines of every width of character.
    @Test func utf16OffsetsAreNSStringRanges() throws {
        let text = "a😀b 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 é̃ x\nπ-ω ℵ 😀😀x\nplain x\n"
        let result = try Self.icugrep(["--json", "\\p{Greek}|😀|𝔫.|x|é̃"], input: Data(text.utf8))
        var checked = 0
        for line in result.standardOutput.split(separator: UInt8(ascii: "\n")) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            guard object["type"] as? String == "match", let data = object["data"] as? [String: Any] else { continue }
            let lineText = try #require((data["lines"] as? [String: Any])?["text"] as? String)
            let nsLine = NSString(string: lineText)
            for submatch in try #require(data["submatches"] as? [[String: Any]]) {
                let matchText = try #require((submatch["match"] as? [String: Any])?["text"] as? String)
                let start = try #require(submatch["start_utf16"] as? Int)
                let end = try #require(submatch["end_utf16"] as? Int)
                #expect(nsLine.substring(with: NSRange(location: start, length: end - start)) == matchText)
                let byteStart = try #require(submatch["start"] as? Int)
                #expect(Array(lineText.utf8)[byteStart...].starts(with: Array(matchText.utf8)))
                #expect(String(decoding: Array(lineText.utf8)[..<byteStart], as: UTF8.self).utf16.count == start)
                checked += 1
            }
        }
        #expect(checked == 10)
    }

    /// -c, -l and -L cannot be combined with --json, as in rg; -q wins and prints nothing.
    @Test func jsonWithSummaryOptions() throws {
        for (option, name) in [("-c", "--count"), ("-l", "--files-with-matches"), ("-L", "--files-without-match")] {
            let result = try Self.icugrep(["--json", option, "world", "a.txt"])
            #expect(result.status == 2)
            #expect(result.errors == "icugrep: --json cannot be used with \(name)\n")
            #expect(result.output == "")
        }
        let quiet = try Self.icugrep(["--json", "-q", "world", "a.txt"])
        #expect(quiet.status == 0 && quiet.output == "")
        let none = try Self.icugrep(["--json", "-m0", "world", "a.txt"])
        #expect(none.status == 1 && none.output.hasPrefix(#"{"data":{"elapsed_total":"#))
    }

    /// The JSON of bytes that are not UTF-8, and of escaped characters.
    @Test func jsonData() {
        func json(_ bytes: [UInt8], newline: Bool = false) -> String {
            var text = JSONText()
            bytes.withUnsafeBytes { text.data($0, appendingNewline: newline) }
            return String(decoding: text.bytes, as: UTF8.self)
        }
        #expect(json(Array("a\"\\\u{08}\u{0C}\n\r\t\u{1F}\u{7F}é".utf8)) == #"{"text":"a\"\\\b\f\n\r\t\u001f"# + "\u{7F}é\"}")
        #expect(json([0x78, 0xFF, 0x79], newline: true) == #"{"bytes":"eP95Cg=="}"#)
        #expect(json([0xED, 0xA0, 0x80]) == #"{"bytes":"7aCA"}"#)  // an encoded surrogate
        #expect(json([0xC0, 0x80]) == #"{"bytes":"wIA="}"#)  // overlong
        #expect(json([]) == #"{"text":""}"#)
    }

    // MARK: --column and --vimgrep

    /// --column and --vimgrep print what rg prints, byte for byte.
    @Test(.enabled(if: ripgrep != nil, "rg is not installed; CI installs it"), arguments: [
        ["--column", "o", "a.txt"], ["--column", "-o", "o", "a.txt"], ["-b", "--column", "o", "a.txt"],
        ["--column", "-C1", "foo", "a.txt"], ["--column", "-v", "world", "a.txt"], ["--column", "x*", "a.txt"],
        ["--column", "y|ß", "u.txt"], ["--vimgrep", "o", "a.txt"], ["--vimgrep", "-C1", "foo", "a.txt"],
        ["--vimgrep", "-v", "world", "a.txt"], ["--vimgrep", "-o", "o", "a.txt"], ["--vimgrep", "o", "a.txt", "s.txt"],
        ["--vimgrep", "😀", "u.txt"], ["--vimgrep", "world", "crlf.txt", "nn.txt"], ["--vimgrep", "-i", "bar", "s.txt"],
    ])
    func columnsAsRipgrep(_ arguments: [String]) throws {
        let ours = try Self.icugrep(arguments)
        let theirs = try Self.rg(["--no-heading", "--color=never"] + arguments)
        #expect(ours.output == theirs.output, "\(arguments)")
        #expect(ours.status == theirs.status)
    }

    /// Without the new options, nothing changes: no column, and grep's abbreviations stay.
    @Test func abbreviationsStayGrepsOwn() throws {
        #expect(try H.configuration(["--col=always", "x"]).color)
        #expect(try H.configuration(["--colo=always", "x"]).color)
        #expect(try H.configuration(["--colu", "x"]).column)
        #expect(try H.configuration(["--s", "x"]).outputMode == .quiet)
        #expect(try H.configuration(["--j", "x"]).json)
        #expect(try H.configuration(["--vim", "x"]).vimgrep)
        #expect(try H.configuration(["--sm", "x"]).smartCase)
        let vimgrep = try H.configuration(["--vimgrep", "x"])
        #expect(vimgrep.column && vimgrep.lineNumber && vimgrep.withFilename == true)
        #expect(try H.configuration(["--vimgrep", "-h", "x"]).withFilename == false)
    }

    // MARK: Smart case

    /// ripgrep's rule: case is ignored when there is a literal and no literal is upper case.
    @Test func smartCaseRule() {
        let insensitive = [
            "foo", "\\Wbar", "\\p{Lu}x", "\\S+ab", "(?i)ab", "[a-z]", "\\Bx", "\\Ax\\Z", "a{2,3}", "(?<Name>x)",
            "\\k<Name>x", "[[:Lu:]]x", "\\d\\.", "ß", "ǅ", "\\Qabc\\E", "(?#Comment)x", "\\N{LATIN CAPITAL LETTER A}x",
        ]
        for pattern in insensitive {
            #expect(SmartCase.ignoresCase(patterns: [pattern]), "\(pattern)")
        }
        let sensitive = [
            "Foo", "\\x42ar", "\\u0042", "\\x{42}", "[A-Z]", "[^A]", "\\QA\\E", "É", "\\p{Lu}", "\\W+", "",
            "\\101",
        ]
        for pattern in sensitive {
            #expect(!SmartCase.ignoresCase(patterns: [pattern]), "\(pattern)")
        }
        #expect(!SmartCase.ignoresCase(patterns: ["foo", "Bar"]))
        #expect(SmartCase.ignoresCase(patterns: ["\\w", "bar"]))
    }

    /// -S against rg, and the last of -i, --no-ignore-case (rg's -s) and -S deciding.
    @Test(.enabled(if: ripgrep != nil, "rg is not installed; CI installs it"), arguments: [
        (["-S", "bar"], ["-S", "bar"]), (["-S", "Bar"], ["-S", "Bar"]), (["-S", "-e", "foo", "-e", "Bar"], ["-S", "-e", "foo", "-e", "Bar"]),
        (["-S", "\\x42ar"], ["-S", "\\x42ar"]), (["-S", "[A-Z]AR"], ["-S", "[A-Z]AR"]), (["-S", "\\Wbar|\\p{Lu}"], ["-S", "\\Wbar|\\p{Lu}"]),
        (["-S", "-F", "Bar"], ["-S", "-F", "Bar"]), (["-S", "-F", "b.r"], ["-S", "-F", "b.r"]), (["-S", "-w", "bar"], ["-S", "-w", "bar"]),
        (["-S", "-i", "Bar"], ["-S", "-i", "Bar"]), (["-i", "-S", "Bar"], ["-i", "-S", "Bar"]),
        (["-S", "--no-ignore-case", "bar"], ["-S", "-s", "bar"]), (["--no-ignore-case", "-S", "bar"], ["-s", "-S", "bar"]),
        (["--smart-case", "\\Bar"], ["--smart-case", "\\Bar"]), (["-S", "\\p{Lu}"], ["-S", "\\p{Lu}"]),
    ])
    func smartCaseAsRipgrep(_ ours: [String], _ theirs: [String]) throws {
        let icugrep = try Self.icugrep(ours + ["s.txt"])
        let rg = try Self.rg(theirs + ["s.txt"])
        #expect(icugrep.output == rg.output, "\(ours)")
        #expect(icugrep.status == rg.status)
    }
}
