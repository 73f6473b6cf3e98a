import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing

/// Patterns nested 10^5 and 10^6 deep, in ICU's syntax and through the POSIX translator: an
/// error or an answer, never a crash (see ``PatternNesting``).
@Suite("Nesting limit")
struct NestingLimitTests {
    typealias T = POSIXPatternTranslator

    static func repeated(_ text: String, _ count: Int) -> String {
        String(repeating: text, count: count)
    }

    /// Nested ICU patterns of `depth` levels: unbalanced and balanced groups of each kind,
    /// flags, brackets.
    static func icuPatterns(depth: Int) -> [String] {
        [
            repeated("(", depth),
            repeated("(", depth) + repeated(")", depth),
            repeated("(", depth) + "a" + repeated(")", depth),
            repeated("(?:", depth) + "a" + repeated(")", depth),
            repeated("(?:", depth) + "a" + repeated(")*", depth),
            repeated("(?i:", depth) + "a" + repeated(")", depth),
            repeated("(?i)(", depth) + "a" + repeated(")", depth),
            repeated("(?=", depth) + "a" + repeated(")", depth),
            repeated("[", depth) + "a" + repeated("]", depth),
            repeated("[a", depth),
        ]
    }

    @Test("ICU patterns nested 10^5 and 10^6 deep throw patternTooBig from RegexPattern; range(ofRegex:) finds nothing", arguments: [100_000, 1_000_000])
    func deepICUPatterns(depth: Int) {
        for pattern in Self.icuPatterns(depth: depth) {
            let prefix = String(pattern.prefix(8))
            #expect(throws: ICURegexError.patternTooBig, "\(prefix)…") { try RegexPattern(pattern) }
            #expect("abc".range(ofRegex: pattern) == nil, "\(prefix)…")
            #expect(("abc" as NSString).range(ofRegex: pattern).location == NSNotFound, "\(prefix)…")
        }
        // `a**…` is a syntax error in ICU, however long.
        #expect(throws: ICURegexError.syntax) { try RegexPattern("a" + Self.repeated("*", depth)) }
    }

    @Test("ICU's own limit: 99 nested groups compile and match, 100 are too big; the error keeps ICU's offset")
    func icuLimit() throws {
        let limit = PatternNesting.icuMaximumDepth
        let atLimit = Self.repeated("(?:", limit) + "a" + Self.repeated(")", limit)
        #expect(try RegexPattern(atLimit).firstRange(in: "xa") != nil)
        #expect(PatternNesting.depth(ofICUPattern: atLimit) == limit)
        do {
            _ = try RegexPattern("(" + atLimit + ")")
            Issue.record("100 nested groups compiled")
        } catch {
            #expect(error == .patternTooBig)
            #expect(error.patternOffset != nil)
            #expect(error.description.hasPrefix("pattern too large, too complex or too deeply nested at offset"))
        }
        #expect(PatternNesting.depth(ofICUPattern: #"\Q((((\E(a)[[b]\[]"#) == 2)
    }

    @Test("the POSIX translator rejects groups nested past its limit in both syntaxes, 10^5 and 10^6 deep, in GNU grep's words for a nesting as deep as its stack allows", arguments: [100_000, 1_000_000])
    func deepPOSIXGroups(depth: Int) {
        let tooDeep = T.Failure.invalid(T.stackOverflowMessage)
        for (syntax, open, close) in [(T.Syntax.extended, "(", ")"), (.basic, #"\("#, #"\)"#)] {
            for pattern in [
                Self.repeated(open, depth),
                Self.repeated(open, depth) + Self.repeated(close, depth),
                Self.repeated(open, depth) + "a" + Self.repeated(close + "*", depth),
            ] {
                #expect(throws: tooDeep, "\(syntax)") { try T.translate(pattern, syntax: syntax) }
            }
        }
    }

    @Test("runs of repetitions merge instead of nesting; a run of leading ERE repetitions is skipped in a loop")
    func longRunsOfRepetitions() throws {
        let length = 100_000
        #expect(try T.translate("a" + Self.repeated("*", length), syntax: .basic).pattern == "a*")
        #expect(try T.translate("a" + Self.repeated("*", length), syntax: .extended).pattern == "a*")
        #expect(try T.translate("a+" + Self.repeated("?", length), syntax: .extended).pattern == "a*")
        #expect(try T.translate("(a)+" + Self.repeated("+", length), syntax: .extended).pattern == "(a)+")
        let leading = try T.translate(Self.repeated("+", length) + "b", syntax: .extended)
        #expect(leading.pattern == "b" && leading.warnings.count == length)
        // Intervals still nest, up to the limit.
        #expect(throws: T.Failure.rejected(T.tooBigMessage, warningsBefore: [])) {
            try T.translate("a" + Self.repeated("{2}", length), syntax: .extended)
        }
        #expect(try T.translate("a" + Self.repeated("*", 10 * length), syntax: .basic).pattern == "a*")
    }

    @Test("the POSIX limit: its deepest translations compile inside the line search's two groups; one more level is rejected")
    func posixLimit() throws {
        let limit = T.maximumNesting
        let tooBig = T.Failure.rejected(T.tooBigMessage, warningsBefore: [])
        for syntax in [T.Syntax.extended, .basic] {
            let (open, close) = syntax == .extended ? ("(", ")") : (#"\("#, #"\)"#)
            func nested(_ depth: Int, _ inner: String) -> String {
                Self.repeated(open, depth) + inner + Self.repeated(close, depth)
            }
            // `[[:alpha:]]` is written as a set three deep.
            let deepest = [
                try T.translate(nested(limit, "a"), syntax: syntax).pattern,
                try T.translate(nested(limit - 3, "[[:alpha:]]"), syntax: syntax).pattern,
            ]
            for pattern in deepest {
                #expect(PatternNesting.depth(ofICUPattern: pattern) == limit)
                let wrapped = "(?<!\\w)(?:(?:\(pattern))|(?:b))(?!\\w)"
                #expect(try RegexPattern(wrapped).firstRange(in: "-a-") != nil)
            }
            #expect(Self.failure(nested(limit - 2, "[[:alpha:]]"), syntax) == tooBig)
            #expect(Self.failure(nested(limit + 1, "a"), syntax) == .invalid(T.tooDeeplyNestedMessage))
        }
        // Repetitions of repetitions nest one level each: `a{2}{2}` is `(?:a{2}){2}`.
        let intervals = try T.translate("a" + Self.repeated("{2}", limit + 1), syntax: .extended).pattern
        #expect(PatternNesting.depth(ofICUPattern: intervals) == limit)
        #expect(Self.failure("a" + Self.repeated("{2}", limit + 2), .extended) == tooBig)
    }

    /// Runs `body` on a thread of its own with a stack of `stackSize` bytes, and waits.
    static func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
    }

    @Test("the deepest patterns the reader reads are compiled, analysed and searched (automata included) on a 512 KiB stack; deeper ones by ICU alone")
    func deepestReadPatternsOnASmallStack() {
        var patterns: [(String, read: Bool)] = []
        for depth in [PatternReader.maximumNesting, PatternNesting.icuMaximumDepth] {
            patterns += [
                Self.repeated("(?:a|", depth) + "b" + Self.repeated(")*", depth),
                Self.repeated("(x", depth) + "y" + Self.repeated(")?", depth),
                Self.repeated("(?:ac|\\b", depth) + "d" + Self.repeated("){1,2}", depth),
                Self.repeated("(?<!a|b", depth) + "c" + Self.repeated(")", depth),
            ].map { ($0, depth <= PatternReader.maximumNesting) }
        }
        let cases = patterns
        Self.onThread(stackSize: 512 << 10) {
            for (pattern, read) in cases {
                #expect((PatternReader.read(pattern) != nil) == read, "\(pattern.prefix(16))… \(pattern.count)")
                guard let compiled = try? RegexPattern(pattern, options: [.useUnixLineSeparators]) else {
                    Issue.record("ICU rejects \(pattern.prefix(16))… \(pattern.count)")
                    continue
                }
                let text = Array((Self.repeated("ab", SearchPlan.automatonSearchLength) + "xy").utf16)
                for _ in 0..<3 {
                    _ = text.withUnsafeBufferPointer { try? compiled.firstRange(inUTF16: $0) }
                }
                let lines = try? LinePatterns(
                    patterns: [pattern, "zz"], options: [.useUnixLineSeparators], wrapper: .none, limits: .default,
                    prefilters: true, fixedStrings: false)
                #expect(lines != nil)
            }
        }
    }

    static func failure(_ pattern: String, _ syntax: T.Syntax) -> T.Failure? {
        do {
            _ = try T.translate(pattern, syntax: syntax)
            return nil
        } catch {
            return error
        }
    }

    @Test("a list of fixed strings with one of 50,000 characters is joined without a trie, and finds it")
    func longStringInAWordList() throws {
        // Long enough that writing its trie would exhaust an 8 MiB stack.
        let long = Self.repeated("x", 50_000)
        let strings = (0..<30).map { "w\($0)" } + [long]
        let patterns = try LinePatterns(
            patterns: strings.map(PatternAssembler.quoted), options: [], wrapper: .none, limits: .default,
            prefilters: true, fixedStrings: true)
        let text = Array(("a" + long + "b").utf16)
        #expect(patterns.patterns.count == 1)
        let found = try text.withUnsafeBufferPointer { try patterns.patterns[0].firstRange(inUTF16: $0) }
        #expect(found.location == 1 && found.length == long.utf16.count)
    }
}
