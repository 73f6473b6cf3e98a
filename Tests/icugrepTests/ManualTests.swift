import Foundation
import Testing

/// Checks of the manual page `man/icugrep.1`: it is free of mandoc's complaints, and it
/// describes every option that `icugrep --help` lists.
@Suite("Manual")
struct ManualTests {
    /// The manual page's source.
    static let manualURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("man/icugrep.1")

    /// The mandoc executable, or nil when it is not installed (CI installs it).
    static let mandoc: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("mandoc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }()

    /// mandoc -T lint finds nothing to report in the manual.
    @Test(.enabled(if: mandoc != nil, "mandoc is not installed; CI installs it"))
    func mandocLintReportsNothing() throws {
        let result = try TestProcess.run(try #require(Self.mandoc), ["-T", "lint", Self.manualURL.path])
        #expect(result.output + result.errors == "", "mandoc -T lint complains")
        #expect(result.status == 0)
    }

    /// Every option that --help lists is described in the manual.
    @Test func everyOptionOfHelpIsInTheManual() throws {
        let help = try TestProcess.icugrep(["--help"])
        #expect(help.status == 0)
        let options = HelpOptionNames.names(inHelpText: help.output)
        // A sanity check of the extraction itself: grep's help has about seventy option names.
        #expect(options.count > 60)
        #expect(options.contains("--regexp") && options.contains("-NUM") && options.contains("--colour"))
        let manual = ManualText.plainText(ofManSource: try String(contentsOf: Self.manualURL, encoding: .utf8))
        for option in options {
            #expect(ManualText.containsOption(option, in: manual), "\(option) is listed by --help but missing from man/icugrep.1")
        }
    }

    /// The option extraction tells a missing option from a present one.
    @Test func extractionFindsAMissingOption() {
        // The check above must be able to fail: an option absent from a manual is reported.
        let manual = ManualText.plainText(ofManSource: ".TP\n.BR \\-i \", \" \\-\\-ignore\\-case\nIgnore case.\n")
        #expect(ManualText.containsOption("--ignore-case", in: manual))
        #expect(ManualText.containsOption("-i", in: manual))
        #expect(!ManualText.containsOption("--ignore", in: manual))
        #expect(!ManualText.containsOption("-v", in: manual))
        #expect(HelpOptionNames.names(inHelpText: "  -x, --line-regexp         match whole lines\n") == ["-x", "--line-regexp"])
    }
}

/// Extracts option names from `--help` output.
enum HelpOptionNames {
    /// The option names (`-e`, `--regexp`, `-NUM`) in the option column of every line of
    /// `text` that starts with white space and a dash, in order of appearance.
    static func names(inHelpText text: String) -> [String] {
        var names: [String] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.drop(while: { $0 == " " })
            guard trimmed.count < line.count, trimmed.first == "-" else { continue }
            // The option column ends where two spaces start the description.
            let column = trimmed.range(of: "  ").map { trimmed[..<$0.lowerBound] } ?? trimmed
            for token in OptionTokens.tokens(in: String(column)) where !names.contains(token) {
                names.append(token)
            }
        }
        return names
    }
}

/// Finds option-like tokens (`-x`, `--long-name`, `-NUM`) in text.
enum OptionTokens {
    /// True for the characters an option name is made of.
    static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-")
    }

    /// The tokens of `text` that start with one or two dashes followed by a letter or digit.
    static func tokens(in text: String) -> [String] {
        var tokens: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let previous = index > text.startIndex ? text[text.index(before: index)] : " "
            if text[index] == "-" && !isNameCharacter(previous) {
                let end = text[index...].firstIndex(where: { !isNameCharacter($0) }) ?? text.endIndex
                let token = String(text[index..<end])
                let body = token.drop(while: { $0 == "-" })
                if !body.isEmpty && token.count - body.count <= 2 {
                    tokens.append(token)
                }
                index = end
            } else {
                index = text.index(after: index)
            }
        }
        return tokens
    }
}

/// A rough plain-text rendering of man(7) source, enough to find option names in it without
/// mandoc: font alternation macros are joined as they print, escapes are replaced.
enum ManualText {
    /// The macros that alternate fonts between their arguments, printed without spaces.
    static let alternatingMacros: Set<String> = [".BR", ".BI", ".IB", ".IR", ".RB", ".RI"]

    /// The text of `source`, one output line per input line.
    static func plainText(ofManSource source: String) -> String {
        var lines: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(".\\\"") { continue }
            var text = String(line)
            if line.hasPrefix(".") {
                let macro = String(line.prefix(while: { $0 != " " }))
                let arguments = macroArguments(String(line.dropFirst(macro.count)))
                text = arguments.joined(separator: alternatingMacros.contains(macro) ? "" : " ")
            }
            lines.append(replacingEscapes(text))
        }
        return lines.joined(separator: "\n")
    }

    /// The arguments of a macro line: separated by spaces, double quotes group.
    static func macroArguments(_ text: String) -> [String] {
        var arguments: [String] = []
        var current = ""
        var inQuotes = false
        var hasArgument = false
        for character in text {
            if character == "\"" {
                inQuotes.toggle()
                hasArgument = true
            } else if character == " " && !inQuotes {
                if hasArgument { arguments.append(current) }
                current = ""
                hasArgument = false
            } else {
                current.append(character)
                hasArgument = true
            }
        }
        if hasArgument { arguments.append(current) }
        return arguments
    }

    /// `text` with the escapes the manual uses replaced by what they print.
    static func replacingEscapes(_ text: String) -> String {
        var result = text
        for font in ["\\fB", "\\fI", "\\fR", "\\fP", "\\&"] {
            result = result.replacingOccurrences(of: font, with: "")
        }
        let replacements = [
            ("\\-", "-"), ("\\(aq", "'"), ("\\(lq", "\""), ("\\(rq", "\""), ("\\(ss", "ß"),
            ("\\(bu", "*"), ("\\e", "\\"),
        ]
        for (escape, replacement) in replacements {
            result = result.replacingOccurrences(of: escape, with: replacement)
        }
        return result
    }

    /// True when `option` occurs in `text` as a whole option name.
    static func containsOption(_ option: String, in text: String) -> Bool {
        for line in text.split(separator: "\n") where OptionTokens.tokens(in: String(line)).contains(option) {
            return true
        }
        return false
    }
}
