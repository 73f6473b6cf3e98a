@testable import ICURegex
import Testing

/// A pattern that ICU certainly compiles is compiled at its first ICU search instead of in
/// the initializer: its searches, matchers and errors must be those of one compiled at once.
@Suite struct LazyCompilationTests {
    @Test("only patterns without metacharacters, or one whole quotation, are left for later")
    func certainPatterns() {
        #expect(RegexPattern.compilesCertainly("", options: []))
        #expect(RegexPattern.compilesCertainly("Sherlock Holmes", options: []))
        #expect(RegexPattern.compilesCertainly("straße # ü", options: []))
        #expect(RegexPattern.compilesCertainly("\\Qa.b(\\E", options: []))
        #expect(RegexPattern.compilesCertainly("\\Qa\\\\E", options: []))
        #expect(RegexPattern.compilesCertainly(PatternAssembler.quoted("x(y"), options: []))
        #expect(RegexPattern.compilesCertainly("(?:Sherlock)|(?:Holmes)", options: []))
        #expect(RegexPattern.compilesCertainly("(?:\\Qa)|(?:b\\E)|(?:)", options: []))
        #expect(RegexPattern.compilesCertainly(PatternAssembler.alternation(["a", PatternAssembler.quoted(")|(?:"), ""]), options: []))
        for pattern in [
            "(", "a.b", "a\\b", "[z-a]", "a{2,1}", "a}", "]", "\\Q", "\\Qa", "\\Qa\\Eb", "\\Qa\\E\\E", "x\\E", "a\0b",
            "(?:a)|", "(?:a)|(b)", "(?:a)(?:b)", "(?:a|b)", "(?:a)|(?:\\Qb)", "(?:a", "(?:a)|(?:b", "(?:a)x",
        ] {
            #expect(!RegexPattern.compilesCertainly(pattern, options: []), "\(pattern)")
        }
        #expect(!RegexPattern.compilesCertainly(String(repeating: "a", count: 70_000), options: []))
        #expect(!RegexPattern.compilesCertainly("(?:a#)|(?:b)", options: .allowCommentsAndWhitespace))
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
            let eager = try RegexPattern("sherlock[ ]holmes", options: options)
            #expect(eager.isCompiled)
            let eagerMatcher = try eager.makeMatcher()
            let units = Array(text.utf16)
            let (lazyFirst, eagerFirst) = try units.withUnsafeBufferPointer { units throws(ICURegexError) in
                (try matcher.icuFirstMatch(inUTF16: units, from: 7), try eagerMatcher.icuFirstMatch(inUTF16: units, from: 7))
            }
            #expect(lazyFirst != nil && lazyFirst == eagerFirst)
            let (lazyRange, eagerRange) = try units.withUnsafeBufferPointer { units throws(ICURegexError) in
                (try lazy.firstMatch(inUTF16: units), try eager.firstMatch(inUTF16: units))
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
                group.addTask { (try? pattern.firstMatch(in: text)) != nil }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(found)
        #expect(pattern.isCompiled)
    }
}
