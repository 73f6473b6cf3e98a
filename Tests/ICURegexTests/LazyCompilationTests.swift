@testable import ICURegex
import Testing
import TestSupport

/// A pattern that ICU certainly compiles is compiled at its first ICU search instead of in
/// the initializer: its searches, matchers and errors must be those of one compiled at once.
@Suite struct LazyCompilationTests {
    /// The capture groups of `pattern` when it is left for later.
    static func certain(_ pattern: String, options: RegexPattern.Options = []) -> Int? {
        CertainCompilation.captureGroups(pattern, options: options)
    }

    @Test("text, quotations and a small part of ICU's syntax are left for later; nothing else")
    func certainPatterns() {
        for pattern in [
            "", "Sherlock Holmes", "straße # ü", "\\Qa.b(\\E", "\\Qa\\\\E", PatternAssembler.quoted("x(y"), "(?:Sherlock)|(?:Holmes)",
            "(?:\\Qa)|(?:b\\E)|(?:)", PatternAssembler.alternation(["a", PatternAssembler.quoted(")|(?:"), ""]),
            "a.b", "a\\b", "(?:a)|", "(?:a)(?:b)", "(?:a|b)", "^(?:No\\.)$", "Holmes$", "\\d+:\\d+", "[0-9]{3}-[0-9]{4}",
            "[A-Z]{2,}-\\d+", "[a-z]+'[a-z]+", "(?<!\\w)(?:you)(?!\\w)", "(?<=a{1,3}|b)c", "[?!]$", "[？?]$", "a{2}?b*+",
            "[^\\s\\]x-z]", "(?>a|ab)c", "\\bthe\\b", "a|", "\\A\\.\\z",
        ] {
            #expect(Self.certain(pattern) == 0, "\(pattern)")
        }
        #expect(Self.certain("(a)(?:b)((c)|d)") == 3)
        #expect(Self.certain("(?<=(a))(?=(b))") == 2)
        for pattern in [
            "(", "[z-a]", "a{2,1}", "a}", "]", "\\Q", "\\Qa", "\\Qa\\Eb", "\\Qa\\E\\E", "x\\E", "a\0b", "(?:a",
            "(?:a)|(?:b", "(?:a)|(?:\\Qb)", "\\p{L}", "(?<n>a)", "(?i)a", "(a)\\1", "[[a]]", "[a&&b]", "[:alpha:]", "(?<=a+)b",
            "(?<=a*)b", "(?<=a{2,})b", "(?<=(?=a)b)c", "a**", "a{2}{3}", "*a", "a|*", "^*", "(?=a)+", "a{,2}", "[a-]", "[]", "[^]",
            "(?<=a??)b", "(?<=((0123456789){100000}){3000})abc", "\\x{41}", "\\N{LATIN SMALL LETTER A}", "a{100001}", "\\u0041", "\\e", "(?#c)", "\\G", "\\X", "\\R", "\\k<n>",
        ] {
            #expect(Self.certain(pattern) == nil, "\(pattern)")
        }
        #expect(Self.certain(String(repeating: "a", count: 70_000)) == nil)
        #expect(Self.certain("(?:a#)|(?:b)", options: .allowCommentsAndWhitespace) == nil)
        #expect(Self.certain("a b", options: .allowCommentsAndWhitespace) == nil)
        #expect(Self.certain("\\:", options: .errorOnUnknownEscapes) == nil)
        #expect(Self.certain("\\.", options: .errorOnUnknownEscapes) == 0)
        #expect(Self.certain("a(b", options: .ignoreMetacharacters) == 0)
    }

    @Test("every generated pattern left for later is one ICU compiles, with as many groups: 20,000 patterns, 3 option sets")
    func certainAgainstICU() throws {
        let pieces = [
            "a", "b", "é", "汉", " ", "#", ".", "\\d", "\\w", "\\S", "\\.", "\\:", "\\-", "\\b", "\\B", "\\A", "\\z", "\\Z",
            "^", "$", "(", ")", "(?:", "(?>", "(?=", "(?!", "(?<=", "(?<!", "|", "*", "+", "?", "{2}", "{1,3}", "{2,}", "{3,1}",
            "{", "}", "[a-c]", "[^x]", "[\\d.]", "[z-a]", "[", "]", "[a-", "-", "*?", "++", "\\1", "\\p{L}", "\\t", "\\x{41}",
            "(?i)", "\\Q", "\\E", "[?!]", "[\\]x]", "\\", "{100000}", "{40}",
        ]
        let optionSets: [RegexPattern.Options] = [[], [.caseInsensitive, .useUnixLineSeparators], [.errorOnUnknownEscapes]]
        var random = SplitMix64(seed: 0xCE_27A1)
        var certain = 0
        for caseIndex in 0..<20_000 {
            let pattern = (0..<random.number(in: 1...8)).map { _ in random.element(of: pieces) }.joined()
            let options = random.element(of: optionSets)
            guard let groups = Self.certain(pattern, options: options) else { continue }
            certain += 1
            // ICU compiles the pattern itself (left for later, then compiled), and counts the
            // same groups in a pattern that it compiles at once.
            let lazy = try RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false)
            #expect((try? lazy.template()) != nil, "case \(caseIndex): ICU rejects \(pattern)")
            let eager = try? RegexPattern("(?:\(pattern))|\\x{61}", options: options, limits: .default, usesSearchPlan: false)
            #expect(eager?.numberOfCaptureGroups == groups, "case \(caseIndex): \(pattern)")
        }
        #expect(certain > 2_000)
    }

    @Test("a pattern left for later searches as one compiled at once")
    func sameResults() throws {
        let text = "Sherlock Holmes, and sherlock holmes again"
        for options: RegexPattern.Options in [[], [.caseInsensitive]] {
            let lazy = try RegexPattern("sherlock holmes", options: options)
            #expect(!lazy.isCompiled)
            #expect(lazy.numberOfCaptureGroups == 0)
            let matcher = try lazy.makeMatcher()
            #expect(!lazy.isCompiled)
            let eager = try RegexPattern("sherlock\\x{20}holmes", options: options)
            #expect(eager.isCompiled)
            let eagerMatcher = try eager.makeMatcher()
            let units = Array(text.utf16)
            let (lazyFirst, eagerFirst) = try units.withUnsafeBufferPointer { units throws(ICURegexError) in
                (try matcher.icuFirstMatch(inUTF16: units, from: 7), try eagerMatcher.icuFirstMatch(inUTF16: units, from: 7))
            }
            #expect(lazyFirst != nil && lazyFirst == eagerFirst)
            let (lazyRange, eagerRange) = try units.withUnsafeBufferPointer { units throws(ICURegexError) in
                (try lazy.firstRange(inUTF16: units), try eager.firstRange(inUTF16: units))
            }
            #expect(lazyRange == eagerRange)
            #expect(lazy.isCompiled)
            #expect(lazy.matches(in: text).map(\.range) == eager.matches(in: text).map(\.range))
            #expect(lazy.groupNumber(named: "x") == nil)
        }
    }

    @Test("threads that compile a pattern at once share one compilation")
    func concurrentFirstUse() async throws {
        let pattern = try RegexPattern("needle")
        let text = String(repeating: "hay ", count: 50) + "needle"
        let found = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { (try? pattern.firstRange(in: text)) != nil }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(found)
        #expect(pattern.isCompiled)
    }
}
