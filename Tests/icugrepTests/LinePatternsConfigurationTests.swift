@testable import icugrep
@testable import ICURegex
import Testing

/// What icugrep gives the line search for its configuration: the pattern texts (quoted with
/// `-F`), the options, the wrapper of `-w` and `-x`, and the prefilter's switch.
@Suite struct LinePatternsConfigurationTests {
    @Test("-F quotes the patterns; the prefilter can be turned off")
    func fixedStringsAndSwitch() throws {
        var configuration = Configuration()
        configuration.patterns = ["a.b", "x*y"]
        configuration.patternSyntax = .fixedStrings
        #expect(configuration.patternTexts == ["\\Qa.b\\E", "\\Qx*y\\E"])
        #expect(try LinePatterns(configuration: configuration).strategy.requiredLiterals?.literals == [Array("a.b".utf8), Array("x*y".utf8)])
        configuration.usesPrefilter = false
        let unfiltered = try LinePatterns(configuration: configuration)
        #expect(unfiltered.strategy.requiredLiterals == nil && unfiltered.strategy.lineAutomatonPlan == nil)
    }

    @Test("-x wins over -w; -i and --unicode-words are options")
    func wrapperAndOptions() {
        var configuration = Configuration()
        #expect(configuration.patternWrapper == .none)
        #expect(configuration.patternOptions == [.useUnixLineSeparators])
        configuration.wordRegexp = true
        #expect(configuration.patternWrapper == .wholeWords)
        configuration.lineRegexp = true
        #expect(configuration.patternWrapper == .wholeLines)
        configuration.ignoreCase = true
        configuration.unicodeWords = true
        #expect(configuration.patternOptions == [.useUnixLineSeparators, .caseInsensitive, .useUnicodeWordBoundaries])
    }

    @Test("with -w or -x, a line that holds the literal is no longer a certain match")
    func wrappedLiterals() throws {
        var configuration = Configuration()
        configuration.patterns = ["Holmes"]
        #expect(try LinePatterns(configuration: configuration).strategy.requiredLiterals?.literalsAreThePatterns == true)
        configuration.wordRegexp = true
        #expect(try LinePatterns(configuration: configuration).strategy.requiredLiterals?.literalsAreThePatterns == false)
        configuration.wordRegexp = false
        configuration.lineRegexp = true
        #expect(try LinePatterns(configuration: configuration).strategy.requiredLiterals?.literalsAreThePatterns == false)
    }
}
