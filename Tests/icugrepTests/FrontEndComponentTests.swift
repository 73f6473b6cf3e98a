@testable import icugrep
import ICURegex
import Testing

/// Unit tests of the front end's parts besides option parsing: GREP_COLORS, the exit status,
/// the pattern-error report.
@Suite("Front-end components")
struct FrontEndComponentTests {
    // MARK: GREP_COLORS

    /// The colors GREP_COLORS (and GREP_COLOR) give.
    func colors(_ grepColors: String?, legacy: String? = nil) -> OutputColors {
        var variables: [String: String] = [:]
        variables["GREP_COLORS"] = grepColors
        variables["GREP_COLOR"] = legacy
        return GrepColorsParser.colors(from: variables).colors
    }

    /// Every GREP_COLORS capability sets its color or flag.
    @Test func everyCapability() {
        let parsed = colors("ms=1:mc=2:sl=3:cx=4:fn=5:ln=6:bn=7:se=8:rv:ne")
        #expect(parsed.selectedMatch == "1" && parsed.contextMatch == "2")
        #expect(parsed.selectedLine == "3" && parsed.contextLine == "4")
        #expect(parsed.fileName == "5" && parsed.lineNumber == "6")
        #expect(parsed.byteOffset == "7" && parsed.separator == "8")
        #expect(parsed.reverseVideo && parsed.noEraseInLine)
    }

    /// mt sets the colors of matches in selected and context lines.
    @Test func matchTextSetsBoth() {
        let both = colors("mt=1;33")
        #expect(both.selectedMatch == "1;33" && both.contextMatch == "1;33")
        let overridden = colors("mt=1;33:mc=4")
        #expect(overridden.selectedMatch == "1;33" && overridden.contextMatch == "4")
        let later = colors("mc=4:mt=5")
        #expect(later.contextMatch == "5")
        // Without a value, mt copies ms into mc.
        let copy = colors("ms=7:mt")
        #expect(copy.contextMatch == "7")
    }

    /// Unknown capabilities and empty entries are ignored.
    @Test func defaultsAndUnknownNames() {
        #expect(colors(nil) == OutputColors())
        #expect(colors("") == OutputColors())
        #expect(colors("xx=5:ln=33").lineNumber == "33")
        #expect(colors("::ln=33:").lineNumber == "33")
        // An empty value is allowed: that part is not colored.
        #expect(colors("ms=").selectedMatch == "")
    }

    /// A malformed entry stops parsing, keeping what came before it.
    @Test func malformedEntryStopsParsing() {
        // A bad value byte: the entry and everything after it are ignored.
        let badValue = colors("ms=1;32:ln=3a3:fn=35")
        #expect(badValue.selectedMatch == "1;32" && badValue.lineNumber == "32" && badValue.fileName == "35")
        // An empty name.
        let emptyName = colors("ms=1:=3:ln=33")
        #expect(emptyName.selectedMatch == "1" && emptyName.lineNumber == "32")
        // A second equals sign.
        #expect(colors("ms=1=2:ln=33") == OutputColors())
    }

    /// GREP_COLOR sets the match colors, GREP_COLORS overrides it, and grep's warning follows.
    @Test func legacyGrepColor() {
        let result = GrepColorsParser.colors(from: ["GREP_COLOR": "1;32"])
        #expect(result.colors.selectedMatch == "1;32" && result.colors.contextMatch == "1;32")
        #expect(result.warning == "warning: GREP_COLOR='1;32' is deprecated; use GREP_COLORS='mt=1;32'")
        // GREP_COLORS overrides it; the warning stays while either match color is still its.
        #expect(GrepColorsParser.colors(from: ["GREP_COLOR": "1;32", "GREP_COLORS": "mt=1;33"]).warning == nil)
        #expect(GrepColorsParser.colors(from: ["GREP_COLOR": "1;32", "GREP_COLORS": "ms=1;33"]).warning != nil)
        #expect(GrepColorsParser.colors(from: ["GREP_COLOR": "1;32", "GREP_COLORS": "sl=1"]).warning != nil)
        // An invalid GREP_COLOR is ignored without a warning.
        let invalid = GrepColorsParser.colors(from: ["GREP_COLOR": "1;x"])
        #expect(invalid.colors == OutputColors() && invalid.warning == nil)
        #expect(GrepColorsParser.colors(from: ["GREP_COLOR": ""]).warning == nil)
    }

    // MARK: Exit status

    /// The exit status follows grep's rules, -q included.
    @Test func exitStatus() {
        typealias Outcome = SearchRun.Outcome
        #expect(ExitStatus.afterSearch(Outcome(selectedAnything: true, hadError: false), quiet: false) == 0)
        #expect(ExitStatus.afterSearch(Outcome(selectedAnything: false, hadError: false), quiet: false) == 1)
        #expect(ExitStatus.afterSearch(Outcome(selectedAnything: true, hadError: true), quiet: false) == 2)
        #expect(ExitStatus.afterSearch(Outcome(selectedAnything: false, hadError: true), quiet: false) == 2)
        #expect(ExitStatus.afterSearch(Outcome(selectedAnything: true, hadError: true), quiet: true) == 0)
        #expect(ExitStatus.afterSearch(Outcome(selectedAnything: false, hadError: true), quiet: true) == 2)
    }

    /// With -m 0 or no pattern (without -v), nothing can be selected, except with -L.
    @Test func nothingCanBeSelected() {
        var configuration = Configuration()
        configuration.patterns = ["x"]
        #expect(!ExitStatus.nothingCanBeSelected(configuration))
        configuration.maxCount = 0
        #expect(ExitStatus.nothingCanBeSelected(configuration))
        configuration.outputMode = .filesWithoutMatch
        #expect(!ExitStatus.nothingCanBeSelected(configuration))
        configuration = Configuration()
        #expect(ExitStatus.nothingCanBeSelected(configuration))
        configuration.invertMatch = true
        #expect(!ExitStatus.nothingCanBeSelected(configuration))
    }

    // MARK: Pattern errors

    /// A pattern error shows the pattern with a caret under the offset.
    @Test func patternErrorReportPutsACaretUnderTheOffset() {
        let error = SearchRun.PatternError(pattern: "(abc", icuError: .mismatchedParenthesis, characterOffset: 4)
        #expect(PatternErrorReport.text(for: error) == """
            icugrep: U_REGEX_MISMATCHED_PAREN: unbalanced parentheses
              (abc
                  ^

            """)
    }

    /// The caret accounts for wide characters, tabs and combining marks.
    @Test func patternErrorReportCountsWideCharactersAndTabs() {
        let wide = SearchRun.PatternError(pattern: "中文[", icuError: .missingCloseBracket, characterOffset: 2)
        #expect(PatternErrorReport.text(for: wide).hasSuffix("  中文[\n      ^\n"))
        let tab = SearchRun.PatternError(pattern: "\tx)", icuError: .mismatchedParenthesis, characterOffset: 2)
        #expect(PatternErrorReport.text(for: tab).hasSuffix("  \tx)\n  \t ^\n"))
        let accent = SearchRun.PatternError(pattern: "e\u{301}(", icuError: .mismatchedParenthesis, characterOffset: 1)
        #expect(PatternErrorReport.text(for: accent).hasSuffix("   ^\n"))
    }

    /// A long pattern is cut to 40 characters on each side of the caret, or to its first 80
    /// without one, with `…` for what is left out; the caret stays under its character.
    @Test func patternErrorReportCutsLongPatterns() {
        let pattern = String(repeating: "a", count: 100) + "中" + String(repeating: "b", count: 100)
        let middle = SearchRun.PatternError(pattern: pattern, icuError: .syntax, characterOffset: 100)
        #expect(PatternErrorReport.text(for: middle).hasSuffix("""
              …\(String(repeating: "a", count: 40))中\(String(repeating: "b", count: 39))…
              \(String(repeating: " ", count: 41))^

            """))
        let start = SearchRun.PatternError(pattern: pattern, icuError: .syntax, characterOffset: 3)
        #expect(PatternErrorReport.text(for: start).hasSuffix("\n  aaa" + String(repeating: "a", count: 40) + "…\n     ^\n"))
        let end = SearchRun.PatternError(pattern: pattern, icuError: .syntax, characterOffset: 201)
        #expect(PatternErrorReport.text(for: end).hasSuffix("\n  …" + String(repeating: "b", count: 40) + "\n" + String(repeating: " ", count: 43) + "^\n"))
        let none = SearchRun.PatternError(pattern: pattern, icuError: .syntax, characterOffset: nil)
        #expect(PatternErrorReport.text(for: none).hasSuffix("\n  " + String(repeating: "a", count: 80) + "…\n"))
        let exact = String(repeating: "c", count: 80)
        let whole = SearchRun.PatternError(pattern: exact, icuError: .syntax, characterOffset: 40)
        #expect(PatternErrorReport.text(for: whole).contains("\n  \(exact)\n"))
    }

    /// A pattern error without offset or words shows what there is: ICU's name of the code.
    @Test func patternErrorReportWithoutOffsetOrWords() {
        let parseError = ICURegexError(rawValue: 9)  // U_PARSE_ERROR, which has no words
        let error = SearchRun.PatternError(pattern: "x", icuError: parseError, characterOffset: nil)
        #expect(PatternErrorReport.text(for: error) == "icugrep: U_PARSE_ERROR\n  x\n")
    }
}
