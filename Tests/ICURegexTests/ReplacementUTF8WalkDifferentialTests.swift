import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

/// Replacements through the walk in a string's UTF-8 (``RegexPattern/replacing(inUTF8:range:isMostlyASCII:steps:maxReplacements:)``),
/// against ICU alone (the same pattern compiled without a search plan, which replaces through
/// ICU's search of the UTF-16) and against Foundation's `NSRegularExpression`, on generated
/// texts with two-, three- and four-byte characters (fixed seed): every way of the walk,
/// groups that take no part, groups in a look-behind, empty matches, templates with `$0`,
/// `$12`, escapes and names, ranges that do not start at 0 and limits on the replacements.
@Suite struct ReplacementUTF8WalkDifferentialTests {
    static let seed: UInt64 = 0x5245_5055_5438

    /// The patterns, each with templates in ICU's syntax; the comment names the walk's way.
    static let cases: [(pattern: String, templates: [String])] = [
        // The match automaton, with the capture backtracker for the groups.
        (#"(\d{4})-(\d{2})-(\d{2})"#, ["$3/$2/$1", "$0", "<$12>", #"\$1\\$2"#]),
        (#"(\d{4})-(\d{2})-(\d{2}) (\w+) (.*)"#, ["$4: $5", "$5$4$3$2$1"]),
        (#"(?<x>\p{L}+)(\d)?"#, ["[${x}|$2]", "$2$2", "ж\u{1F600}$1"]),
        (#"(?<=(\p{L}))\d+"#, ["<$1$0>"]),
        (#"(a)?(b)?(c)?(d)?(e)?(f)?(g)?(h)?(i)?(j)?(k)?(l)?(\S)"#, ["$12$13$1$0", "$10x$9"]),
        // Empty matches, which step over one character (a surrogate pair at once).
        (#"x*"#, ["-", "<$0>"]),
        (#"(é)?"#, ["[$1]"]),
        (#"\b"#, ["|"]),
        (#".(?=😀)"#, ["$0$0"]),
        // Literals alone, and back references.
        (#"índice|задача|😀"#, ["<$0>", "\\u0041"]),
        (#"(\p{L})\1"#, ["$1", "<$0>"]),
        // Case-insensitive runs.
        (#"(?i)задача \d+"#, ["$0!", ""]),
    ]

    /// Log-like lines with non-ASCII words and characters outside the BMP.
    static func text(_ random: inout SplitMix64, lines: Int) -> String {
        let words = ["cache", "índice", "задача", "ЗАДАЧА", "😀", "a😀b", "xx", "aa", "ée", "", "abcdefghijklmn"]
        var text = ""
        for _ in 0..<lines {
            text += "20\(random.number(in: 10...26))-0\(random.number(in: 1...9))-\(random.number(in: 10...28)) "
            text += random.element(of: words) + " " + random.element(of: words) + " \(random.number(in: 0..<1000))"
            text += random.chance(0.1) ? "\r\n" : "\n"
        }
        return text
    }

    /// Every pattern and template on texts from empty to longer than the automaton's
    /// threshold, whole and in ranges that start and end anywhere on a scalar, with and without
    /// a limit on the replacements: `replacing(in:range:withTemplate:maxReplacements:)` equal
    /// to ICU's, and `stringByReplacingMatches` equal to Foundation's on the same range.
    @Test(arguments: cases)
    func replacementsMatchICUAndFoundation(pattern: String, templates: [String]) throws {
        var random = SplitMix64(seed: Self.seed)
        let fast = try RegexPattern(pattern)
        let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
        let ours = try ICURegularExpression(pattern: pattern)
        let foundation = try NSRegularExpression(pattern: pattern)
        // The long text first, so that the automata are worked out for the short ones; it is
        // replaced once, whole, with the first template, and left out of Foundation's checks.
        for lines in [2600, 0, 1, 3, 40, 200] {
            let text = Self.text(&random, lines: lines)
            let scalars = text.unicodeScalars
            for round in 0..<(lines > 1000 ? 1 : 4) {
                var bounds = text.startIndex..<text.endIndex
                if round > 0 && !scalars.isEmpty {
                    let first = random.number(in: 0...scalars.count)
                    let last = random.number(in: first...scalars.count)
                    bounds = scalars.index(scalars.startIndex, offsetBy: first)..<scalars.index(scalars.startIndex, offsetBy: last)
                }
                let maxReplacements = round == 3 ? random.number(in: 0...5) : .max
                let nsRange = NSRange(bounds, in: text)
                for template in lines > 1000 ? [templates[0]] : templates {
                    let expected = try icu.replacing(in: text, range: bounds, withTemplate: template, maxReplacements: maxReplacements)
                    let replaced = try fast.replacing(in: text, range: bounds, withTemplate: template, maxReplacements: maxReplacements)
                    #expect(replaced == expected, "\(pattern) -> \(template), \(lines) lines, round \(round)")
                    #expect(Array(replaced.utf8) == Array(expected.utf8))
                    // Foundation's templates read `$12` and `${x}` their own way: the same
                    // template on both sides.
                    if maxReplacements == .max && lines <= 1000 {
                        #expect(
                            ours.stringByReplacingMatches(in: text, range: nsRange, withTemplate: template)
                                == foundation.stringByReplacingMatches(in: text, range: nsRange, withTemplate: template),
                            "\(pattern) -> \(template), \(lines) lines, round \(round)")
                    }
                }
            }
        }
    }

    /// The log workloads' replacements take the walk in UTF-8 on a long text (so that the tests
    /// above compare it, not the UTF-16 path), with and without groups; a `\G` pattern never
    /// does.
    @Test func logReplacementsWalkTheUTF8() throws {
        var random = SplitMix64(seed: Self.seed)
        let text = Self.text(&random, lines: 2600)
        for (pattern, templateText, walks) in [
            (#"(\d{4})-(\d{2})-(\d{2})"#, "$3/$2/$1", true),
            (#"(\d{4})-(\d{2})-(\d{2}) (\w+) (.*)"#, "$4: $5", true),
            (#"\d+"#, "<$0>", true),
            (#"\G\d"#, "x", false),
        ] {
            let compiled = try RegexPattern(pattern)
            let template = try ReplacementTemplate(templateText, pattern: compiled)
            let expected = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
                .replacing(in: text, withTemplate: templateText)
            let outcome = text.utf8.withContiguousStorageIfAvailable { source in
                compiled.replacing(
                    inUTF8: source, range: 0..<source.count, isMostlyASCII: false, steps: template.utf8Steps,
                    maxReplacements: .max)
            }
            switch outcome {
            case .replaced(let replaced):
                #expect(walks, "\(pattern)")
                #expect(replaced == expected, "\(pattern)")
            case .walkIsICUs: #expect(!walks, "\(pattern)")
            case .unchanged, nil: Issue.record("\(pattern): \(String(describing: outcome))")
            }
        }
    }

    /// Bounds that split a surrogate pair (indices of the UTF-16 view) are left to the UTF-16
    /// path, which gives ICU's answer; so are strings the pattern does not match.
    @Test func splitPairsAndNoMatches() throws {
        let text = String(repeating: "a😀b índice ", count: 8000)
        let units = text.utf16
        let fast = try RegexPattern(#"(\p{L})|😀"#)
        let icu = try RegexPattern(#"(\p{L})|😀"#, options: [], limits: .default, usesSearchPlan: false)
        for (start, end) in [(2, units.count - 1), (0, 2), (2, 2), (14, 40_002)] {
            let bounds = units.index(units.startIndex, offsetBy: start)..<units.index(units.startIndex, offsetBy: end)
            #expect(try fast.replacing(in: text, range: bounds, withTemplate: "<$1>") == icu.replacing(in: text, range: bounds, withTemplate: "<$1>"))
        }
        let digits = try RegexPattern(#"(\d)+"#)
        #expect(try digits.replacing(in: text, withTemplate: "$1") == text)
        #expect(try digits.replacing(in: "", withTemplate: "$1") == "")
    }
}
