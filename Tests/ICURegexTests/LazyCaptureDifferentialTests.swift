import Foundation
@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// The ways that find groups without ICU where no match automaton finds the span, against
    /// ICU's loop, every group's range: rebar's `unstructured-to-json` pattern (`^X$` with lazy
    /// loops, whose `X` is not one-pass: the backtracker's match of the whole line) on lines
    /// searched as texts of their own, and rebar's `lexer-veryl` alternation of 88 groups (no
    /// match automaton: the capture backtracker's searches, ``MatchWalk``'s
    /// `backtrackingSearch`) on a long text, through ``MatchWalk``, `matches(inUTF16:range:)`
    /// and ``RegexMatcher``.
    @Suite struct LazyCaptureDifferentialTests {
        static let seed: UInt64 = 0x4C41_5A59_4341_5053

        static let unstructuredPattern =
            #"^([^ ]+ [^ ]+) ([DIWEF])[1234]: ((?:(?:\[[^\]]*?\]|\([^\)]*?\)): )*)(.*?) \{([^\}]*)\}$"#

        /// rebar's `wild/parol-veryl.txt`, its lines as branches.
        static let verylBranches = [
            ##"(\r\n|\r|\n)"##,
            ##"([\t\v\f ]+)"##,
            ##"((?:(?:(?://.*(?:\r\n|\r|\n))|(?:/\*.*?\*/))\s*)+)"##,
            ##"([0-9]+(?:_[0-9]+)*\.[0-9]+(?:_[0-9]+)*[eE][+-]?[0-9]+(?:_[0-9]+)*)"##,
            ##"([0-9]+(?:_[0-9]+)*\.[0-9]+(?:_[0-9]+)*)"##,
            ##"([0-9]+(?:_[0-9]+)*'[bodh][0-9a-fA-FxzXZ]+(?:_[0-9a-fA-FxzXZ]+)*)"##,
            ##"([0-9]+(?:_[0-9]+)*)"##,
            ##"('[01xzXZ])"##,
            ##"(\-:)"##,
            ##"(\->)"##,
            ##"(\+:)"##,
            ##"(\+=|-=|\*=|/=|%=|&=|\|=|\^=|<<=|>>=|<<<=|>>>=)"##,
            ##"(\*\*)"##,
            ##"(/|%)"##,
            ##"(\+|-)"##,
            ##"(<<<|>>>|<<|>>)"##,
            ##"(<=|>=|<|>)"##,
            ##"(===|==\?|!==|!=\?|==|!=)"##,
            ##"(&&)"##,
            ##"(\|\|)"##,
            ##"(&)"##,
            ##"(\^~|\^|~\^)"##,
            ##"(\|)"##,
            ##"(~&|~\||!|~)"##,
            ##"(::)"##,
            ##"(:)"##,
            ##"(,)"##,
            ##"(\$)"##,
            ##"(\.\.)"##,
            ##"(\.)"##,
            ##"(=)"##,
            ##"(\#)"##,
            ##"(\{)"##,
            ##"(\[)"##,
            ##"(\()"##,
            ##"(\})"##,
            ##"(\])"##,
            ##"(\))"##,
            ##"(;)"##,
            ##"(\*)"##,
            ##"(\balways_comb\b)"##,
            ##"(\balways_ff\b)"##,
            ##"(\bassign\b)"##,
            ##"(\basync_high\b)"##,
            ##"(\basync_low\b)"##,
            ##"(\bas\b)"##,
            ##"(\bbit\b)"##,
            ##"(\bcase\b)"##,
            ##"(\bdefault\b)"##,
            ##"(\belse\b)"##,
            ##"(\benum\b)"##,
            ##"(\bexport\b)"##,
            ##"(\bf32\b)"##,
            ##"(\bf64\b)"##,
            ##"(\bfor\b)"##,
            ##"(\bfunction\b)"##,
            ##"(\bi32\b)"##,
            ##"(\bi64\b)"##,
            ##"(\bif_reset\b)"##,
            ##"(\bif\b)"##,
            ##"(\bimport\b)"##,
            ##"(\binout\b)"##,
            ##"(\binput\b)"##,
            ##"(\binst\b)"##,
            ##"(\binterface\b)"##,
            ##"(\bin\b)"##,
            ##"(\blocalparam\b)"##,
            ##"(\blogic\b)"##,
            ##"(\bmodport\b)"##,
            ##"(\bmodule\b)"##,
            ##"(\bnegedge\b)"##,
            ##"(\boutput\b)"##,
            ##"(\bpackage\b)"##,
            ##"(\bparameter\b)"##,
            ##"(\bposedge\b)"##,
            ##"(\bref\b)"##,
            ##"(\brepeat\b)"##,
            ##"(\breturn\b)"##,
            ##"(\bstep\b)"##,
            ##"(\bstruct\b)"##,
            ##"(\bsync_high\b)"##,
            ##"(\bsync_low\b)"##,
            ##"(\btri\b)"##,
            ##"(\bu32\b)"##,
            ##"(\bu64\b)"##,
            ##"(\bvar\b)"##,
            ##"([a-zA-Z_][0-9a-zA-Z_]*)"##,
            ##"(.)"##,
        ]

        @Test func unstructuredLinesMatchAsICUs() throws {
            var random = SplitMix64(seed: Self.seed)
            let compiled = try RegexPattern(Self.unstructuredPattern)
            let icu = try RegexPattern(Self.unstructuredPattern, options: [], limits: .default, usesSearchPlan: false)
            let matcher = try compiled.makeMatcher()
            let icuMatcher = try icu.makeMatcher()
            let stamps = ["2022/06/17 06:25:22", "2022/06/17  06:25:22", "x y", "2022/06/17", "é 😀"]
            let levels = [" I4: ", " E1: ", " W2: ", " X4: ", " D5: ", " F3:"]
            let headers = [
                "[17936:140245395805952:(17998)]: ", "(8fb074fc-c766-498b-b224-8b660126b2c0): ", "[a]b]: ", "(x)(y): ",
                "[]: ", "(): ", "[unclosed: ", "[x] ", "",
            ]
            let bodies = [
                "Searching for query 'dummy query'", "Error on [search-slave:8080]: 4 - Deadline Exceeded", "", " ",
                "a {b} c", "}{", "ж {", "x {y", "😀",
            ]
            let locations = [
                " {/src/master/slaveclient.cc:getFuturesResults():160}", " {}", " {a} {b}", " {a}x", "{a}", " {a{b}",
                " {a", " {a}\r", " {жж}",
            ]
            var failures: [String] = []
            var lines: [[UInt16]] = []
            while lines.count < 1_500 {
                var line = random.element(of: stamps) + random.element(of: levels)
                for _ in 0..<random.number(in: 0...3) { line += random.element(of: headers) }
                line += random.element(of: bodies) + random.element(of: locations)
                lines.append(Array(line.utf16))
            }
            let buffer = lines.flatMap { $0 }
            try buffer.withUnsafeBufferPointer { buffer in
                var start = 0
                for line in lines {
                    let range = start..<(start + line.count)
                    start += line.count
                    let differences = try LineMatchComparisons.differences(
                        compiled, icu, matcher: matcher, icuMatcher: icuMatcher, in: buffer, range: range)
                    failures += differences.map { "\(String(decoding: line, as: UTF16.self)): \($0)" }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) differences, the first: \(failures.prefix(5))")
            // The lines worked the whole-text backtracker out, though `X` is not one-pass.
            #expect(compiled.strategy.wholeTextBacktrackers?.state == .present)
            let borrowed = compiled.strategy.borrowedWholeTextBacktracker(forSearchOf: 100)
            #expect(borrowed?.isOnePass == false)
            if let borrowed { compiled.strategy.wholeTextBacktrackers?.put(borrowed) }
        }

        @Test func verylLexerMatchesAsICUs() throws {
            var random = SplitMix64(seed: Self.seed &+ 1)
            let pattern = Self.verylBranches.joined(separator: "|")
            let compiled = try RegexPattern(pattern)
            let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            let pieces = [
                "module", " ", " ", "\n", "\r\n", "\t", "always_ff", "always_comb", "ifx", "if_reset", "in", "input",
                "a_b", "x9", "_", "// comment\n", "// c", "/* block */", "/* a\n b */", "/*", "*/", "1'b0", "32'hFF_FF",
                "3.14", "1_000.5e-3", "42", "'x", "<<=", ">>>=", "==?", "!==", "::", ":", "..", ".", "{", "}", "(", ")", "[",
                "]", ";", ",", "$", "#", "+:", "-:", "->", "**", "é", "жук", "😀", "\u{301}", "@", "\"",
            ]
            var units: [UInt16] = []
            while units.count < SearchPlan.automatonSearchLength + 5_000 {
                units += random.element(of: pieces).utf16
            }
            try units.withUnsafeBufferPointer { buffer in
                let expected = try LineMatchComparisons.walkMatches(icu, buffer, 0..<buffer.count)
                // Twice: the first walk works out that the pattern has no match automaton.
                for _ in 0..<2 {
                    let found = try LineMatchComparisons.walkMatches(compiled, buffer, 0..<buffer.count)
                    #expect(found.count == expected.count)
                    let first = zip(found, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    #expect(first == nil, "first difference at match \(first ?? -1): \(first.map { found[$0] } ?? []), ICU \(first.map { expected[$0] } ?? [])")
                }
                let throughMatches = compiled.matches(inUTF16: buffer).map { [$0.range as Range<Int>?] + $0.groupRanges }
                #expect(throughMatches == expected)
                // A matcher's searches, each from where the last match ended, and from offsets
                // inside tokens (each search starts a window of its own).
                let matcher = try compiled.makeMatcher()
                let icuMatcher = try icu.makeMatcher()
                #expect(try LineMatchComparisons.matcherMatches(matcher, in: buffer) == LineMatchComparisons.matcherMatches(icuMatcher, in: buffer))
                for _ in 0..<300 {
                    let from = random.number(in: 0...buffer.count)
                    #expect(try matcher.firstMatch(inUTF16: buffer, from: from) == icuMatcher.firstMatch(inUTF16: buffer, from: from))
                }
            }
            #expect(compiled.matchAutomata?.state == .absent)
            #expect(compiled.captureBacktrackers?.take()?.searches == true)
        }
    }
}
