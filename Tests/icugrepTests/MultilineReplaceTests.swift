@testable import icugrep
import Foundation
import Testing
import TestSupport

/// `--replace` with `--multiline`, against ripgrep's output as ripgrep 14 prints it: each
/// block of lines that matches span is printed once, with its matches replaced in the whole
/// block and the lines of the result numbered on from the block's first line (`-o`: each
/// line's piece of each replacement). rg 13, installed here, prints the rest of the input
/// after each block (its bug 2095), so the reference is built from `rg -U --json`'s blocks
/// and submatches, each replaced by Foundation's `NSRegularExpression` with the same
/// template (ICU's syntax and rg's agree on `$1`, `${name}` and text).
@Suite("--multiline --replace against rg -U's blocks")
struct MultilineReplaceTests {
    /// The expected output of `icugrep --multiline --replace=template options pattern file`,
    /// for options among `-n`, `-b`, `-o` and `--passthru`.
    static func reference(
        pattern: String, template: String, options: [String], file: String, in directory: URL
    ) throws -> String {
        let numbers = options.contains("-n")
        let offsets = options.contains("-b")
        let onlyMatching = options.contains("-o")
        let passthru = options.contains("--passthru")
        let json = try MultilineTests.rg(["--json"] + (passthru ? ["--passthru"] : []) + [pattern, file], in: directory)
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        var output = ""
        func head(_ number: Int, _ offset: Int, _ separator: String) -> String {
            (numbers ? "\(number)\(separator)" : "") + (offsets ? "\(offset)\(separator)" : "")
        }
        for line in json.standardOutput.split(separator: UInt8(ascii: "\n")) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            let type = try #require(object["type"] as? String)
            guard type == "match" || type == "context" else { continue }
            let data = try #require(object["data"] as? [String: Any])
            let text = try #require((data["lines"] as? [String: Any])?["text"] as? String)
            let number = try #require(data["line_number"] as? Int)
            let offset = try #require(data["absolute_offset"] as? Int)
            let bytes = Array(text.utf8)
            if type == "context" {
                if !onlyMatching {
                    output += head(number, offset, "-") + String(decoding: bytes.prefix { $0 != 10 }, as: UTF8.self) + "\n"
                }
                continue
            }
            // The block with each non-empty submatch replaced, and where each replacement is.
            var replaced: [UInt8] = []
            var replacements: [Range<Int>] = []
            var current = 0
            let nsText = text as NSString
            for submatch in try #require(data["submatches"] as? [[String: Any]]) {
                let start = try #require(submatch["start"] as? Int)
                let end = try #require(submatch["end"] as? Int)
                guard end > start else { continue }
                let unitStart = String(decoding: bytes[..<start], as: UTF8.self).utf16.count
                let unitEnd = String(decoding: bytes[..<end], as: UTF8.self).utf16.count
                let match = try #require(regex.firstMatch(
                    in: text, options: [.anchored, .withTransparentBounds],
                    range: NSRange(location: unitStart, length: nsText.length - unitStart)))
                #expect(match.range == NSRange(location: unitStart, length: unitEnd - unitStart), "\(pattern) in \(text)")
                replaced += bytes[current..<start]
                let replacement = Array(regex.replacementString(for: match, in: text, offset: 0, template: template).utf8)
                replacements.append(replaced.count..<replaced.count + replacement.count)
                replaced += replacement
                current = end
            }
            replaced += bytes[current...]
            // The lines of the result, as ripgrep steps through them.
            var lineStart = 0
            var lineIndex = 0
            while lineStart < replaced.count {
                let contentEnd = replaced[lineStart...].firstIndex(of: 10) ?? replaced.count
                if onlyMatching {
                    for replacement in replacements {
                        let lower = max(replacement.lowerBound, lineStart)
                        let upper = min(replacement.upperBound, contentEnd)
                        if lower < upper {
                            let piece = lower..<upper
                            output += head(number + lineIndex, offset + replacement.lowerBound, ":")
                                + String(decoding: replaced[piece], as: UTF8.self) + "\n"
                        }
                    }
                } else {
                    output += head(number + lineIndex, offset + lineStart, ":")
                        + String(decoding: replaced[lineStart..<contentEnd], as: UTF8.self) + "\n"
                }
                lineIndex += 1
                lineStart = contentEnd + 1
            }
        }
        return output
    }

    static func expectReference(
        pattern: String, template: String, options: [String], file: String, in directory: URL,
        windows: [Int?], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let expected = try reference(pattern: pattern, template: template, options: options, file: file, in: directory)
        for window in windows {
            let mine = try MultilineTests.icugrep(
                ["--replace=" + template] + options + [pattern, file], window: window, in: directory)
            #expect(mine.output == expected, "--replace=\(template) \(options) \(pattern) \(file), window \(window ?? 0)",
                sourceLocation: sourceLocation)
            #expect(mine.errors == "", sourceLocation: sourceLocation)
        }
    }

    @Test(.enabled(if: MultilineTests.hasRipgrep, "rg is not installed; CI installs it"), arguments: [
        ["X", #"a\nb"#], ["<$0>", #"a\s+b"#], ["$2$1", #"(a)\n(b)"#], ["", #"a\nb"#], ["[$1]", #"(\w+)\n\n"#],
        ["-", #"\n"#], ["$1", #"(?s)a(.*?)b"#], ["Z", #"b$\n"#], ["<$0>", #"😀 a\n😀"#], ["1\n2", #"a\n"#],
        ["[$1]", #"(x)\n|a\nb"#],
    ] as [[String]])
    func handCases(_ case: [String]) throws {
        for options in [[], ["-n"], ["-n", "-o"], ["-b", "-o"], ["-b"], ["--passthru", "-n"]] {
            for file in MultilineTests.textFiles {
                try Self.expectReference(
                    pattern: `case`[1], template: `case`[0], options: options, file: file, in: MultilineTests.directory,
                    windows: [nil, 16])
            }
        }
    }

    /// The first groups of the Sherlock Holmes corpus's lines that end a sentence with a
    /// question and start the next line with a capital.
    @Test(.enabled(if: MultilineTests.hasRipgrep, "rg is not installed; CI installs it"))
    func corpus() throws {
        for options in [["-n"], ["-n", "-o"]] {
            try Self.expectReference(
                pattern: #"(\w+)\?\n([A-Z]\w*)"#, template: "$2 <- $1", options: options, file: "sherlock.txt",
                in: MultilineTests.directory, windows: [nil, 1000])
        }
    }

    /// Generated texts of short lines and patterns that cross line ends, with templates that
    /// use the groups, in small windows and the default one.
    @Test(.enabled(if: MultilineTests.hasRipgrep, "rg is not installed; CI installs it"))
    func generatedCases() throws {
        var random = SplitMix64(seed: 0x7265_706C_6163_65)
        let patterns = [
            #"(a)\n(b)"#, #"(a)\s+(b)"#, #"([^x])(b)"#, #"(?s)(a).(b)"#, #"(b)\n\n?(a)"#, #"(a)[^x]*(b)"#, #"(x)(\n)"#,
            #"(\n)(\n)"#, #"(b) (a)\n"#, #"(a)\n(\w+)"#, #"([ab]+)\n([ab]+)"#,
        ]
        let templates = ["X", "$1", "<$2|$1>", "", "$0$0", "[$2]"]
        let optionSets = [[], ["-n"], ["-n", "-o"], ["-b", "-o"], ["--passthru", "-n"]]
        let alphabet: [UInt8] = Array("aabbx  ".utf8)
        for _ in 0..<10 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 3...30, using: &random) {
                for _ in 0..<Int.random(in: 0...6, using: &random) {
                    bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
                }
                bytes.append(UInt8(ascii: "\n"))
            }
            if Bool.random(using: &random) { bytes.removeLast() }
            let directory = try TestProcess.makeDirectory(["g.txt": Data(bytes)])
            for _ in 0..<4 {
                try Self.expectReference(
                    pattern: patterns[Int.random(in: 0..<patterns.count, using: &random)],
                    template: templates[Int.random(in: 0..<templates.count, using: &random)],
                    options: optionSets[Int.random(in: 0..<optionSets.count, using: &random)], file: "g.txt",
                    in: directory, windows: [nil, [16, 24, 40][Int.random(in: 0..<3, using: &random)]])
            }
        }
    }

    /// Context lines are printed as they are, with their own numbers, around the replaced
    /// blocks, with `--` between groups (by hand: rg's JSON has no group breaks).
    @Test func context() throws {
        let result = try MultilineTests.icugrep(["-n", "-C1", "--replace=<$0>", #"a\nb"#, "t.txt"])
        #expect(result.output == """
            1:foo <a
            2:b> bar
            3-x
            4:<a
            5:b> <a
            6:b>
            7-zz
            8-q
            9:r <a
            10:b>

            """)
        let separated = try MultilineTests.icugrep(["-n", "-A1", "--replace=X", #"a\nb"#, "t.txt"])
        #expect(separated.output == "1:foo X bar\n3-x\n4:X X\n7-zz\n--\n9:r X\n")
        // A named group (rg names groups with (?P<name>), which ICU does not read).
        let named = try MultilineTests.icugrep(["--replace=[${w}]", #"(?<w>a)\nb"#, "v.txt"])
        #expect(named.output == "x [a] [a] [a]\n")
    }
}
