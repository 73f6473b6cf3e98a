import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

/// Replacements with groups in long, mostly ASCII texts that the pattern's search plan would
/// search for a literal, which the walk in UTF-8 takes with one-pass runs from the start when
/// the matches come dense, and gives up on (for the search of the UTF-16) when they do not
/// in the first part of the text (``MatchStrategy/UTF8Walk/automaton(_:mustComeDense:nearOccurrences:)``):
/// against ICU alone (the same pattern compiled without a search plan) and against
/// Foundation's `NSRegularExpression`, on generated texts (fixed seed) of log lines, dense
/// throughout, sparse from the start, dense and then sparse, with a long gap early, with a
/// stretch on which the runs read too much, and with a few words of two and three bytes a
/// letter; whole and in ranges.
@Suite struct ReplacementDenseASCIIDifferentialTests {
    static let seed: UInt64 = 0x4445_4E53_4541_5343

    /// One-pass patterns with groups whose plan searches for a literal, each with templates in
    /// ICU's syntax.
    static let cases: [(pattern: String, templates: [String])] = [
        (#"(\d{4})-(\d{2})-(\d{2})"#, ["$3/$2/$1", "<$0>"]),
        (#"(\w+)@(\w+)\.com"#, ["$2 for $1", #"\$1"#]),
        // Runs that read far and fail: `a` after `a`, with no `b`, over a long stretch.
        (#"(a+)(b)"#, ["$2$1"]),
    ]

    /// The ways lines are laid out in a text.
    enum Layout: CaseIterable {
        /// A match on every line.
        case dense
        /// A match every 40 lines or so.
        case sparse
        /// Dense for the first quarter, then sparse.
        case denseThenSparse
        /// Dense, with a gap of 1,000 spaces at a thirty-second of the text.
        case earlyGap
        /// Dense, with a stretch of 3,000 `a` without `b` at a thirty-second of the text.
        case earlyStretch
    }

    /// About `bytes` bytes of log lines laid out as `layout` says: each line with a date and
    /// an address (`ann@home.com`), or without either; some words are Cyrillic or accented.
    static func text(_ random: inout SplitMix64, layout: Layout, bytes: Int) -> String {
        let words = ["cache", "request", "worker", "índice", "задача", "aab", "ab", "served", "after"]
        var text = ""
        var interrupted = false
        while text.utf8.count < bytes {
            let part = text.utf8.count * 32 / bytes
            if part == 1 && !interrupted {
                if layout == .earlyGap { text += String(repeating: " ", count: 1000) }
                if layout == .earlyStretch { text += String(repeating: "a", count: 3000) + "\n" }
                interrupted = true
            }
            let matches: Bool
            switch layout {
            case .dense, .earlyGap, .earlyStretch: matches = true
            case .sparse: matches = random.chance(1 / 40)
            case .denseThenSparse: matches = part < 8 || random.chance(1 / 40)
            }
            var line = ""
            for _ in 0..<random.number(in: 2...6) { line += random.element(of: words) + " " }
            if matches {
                line = "20\(random.number(in: 10...26))-0\(random.number(in: 1...9))-1\(random.number(in: 0...9)) " + line
                line += "\(random.element(of: ["ann", "bob", "ёж"]))@\(random.element(of: ["home", "work"])).com"
            } else {
                line += "\(random.number(in: 0...99)) ms"
            }
            text += line + "\n"
        }
        return text
    }

    /// Every pattern and template on every layout, whole and in ranges that start and end
    /// anywhere on a scalar: `replacing(in:range:withTemplate:)` equal to ICU's, byte for
    /// byte, and `stringByReplacingMatches` equal to Foundation's on the same range.
    @Test(arguments: cases)
    func replacementsMatchICUAndFoundation(pattern: String, templates: [String]) throws {
        var random = SplitMix64(seed: Self.seed)
        let fast = try RegexPattern(pattern)
        #expect(fast.plan?.searchesForLiterals == true, "\(pattern)")
        let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
        let ours = try ICURegularExpression(pattern: pattern)
        let foundation = try NSRegularExpression(pattern: pattern)
        for layout in Layout.allCases {
            let text = Self.text(&random, layout: layout, bytes: 100_000)
            let scalars = text.unicodeScalars
            for round in 0..<2 {
                var bounds = text.startIndex..<text.endIndex
                if round > 0 {
                    let first = random.number(in: 0...(scalars.count / 8))
                    let last = random.number(in: (scalars.count * 3 / 4)...scalars.count)
                    bounds = scalars.index(scalars.startIndex, offsetBy: first)..<scalars.index(scalars.startIndex, offsetBy: last)
                }
                let nsRange = NSRange(bounds, in: text)
                for template in templates {
                    let expected = try icu.replacing(in: text, range: bounds, withTemplate: template)
                    let replaced = try fast.replacing(in: text, range: bounds, withTemplate: template)
                    #expect(Array(replaced.utf8) == Array(expected.utf8), "\(pattern) -> \(template), \(layout), round \(round)")
                    #expect(
                        ours.stringByReplacingMatches(in: text, range: nsRange, withTemplate: template)
                            == foundation.stringByReplacingMatches(in: text, range: nsRange, withTemplate: template),
                        "\(pattern) -> \(template), \(layout), round \(round)")
                }
            }
        }
    }

    /// The walk in UTF-8 takes these texts when their matches come dense from the start, or
    /// go sparse only after the first part of the text, and gives up on the others, whose
    /// matches do not (a gap of 1,000 spaces or 3,000 `a` early), so that the test above
    /// compares both.
    @Test func theWalkTakesTextsWhoseMatchesComeDense() throws {
        var random = SplitMix64(seed: Self.seed)
        let pattern = try RegexPattern(#"(\d{4})-(\d{2})-(\d{2})"#)
        for layout in Layout.allCases {
            var text = Self.text(&random, layout: layout, bytes: 100_000)
            var matches = 0
            let walked = text.withUTF8 { bytes in
                pattern.walkMatches(
                    inUTF8: bytes.baseAddress!, count: bytes.count, isMostlyASCII: true, findsGroups: true, firstMatchOnly: false
                ) { _, _ in
                    matches += 1
                    return true
                }
            }
            let takesWalk = layout == .dense || layout == .denseThenSparse
            #expect(walked == takesWalk, "\(layout)")
            if walked { #expect(matches == pattern.matches(in: text).reduce(0) { count, _ in count + 1 }, "\(layout)") }
        }
    }
}
