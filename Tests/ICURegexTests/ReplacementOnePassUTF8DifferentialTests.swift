import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

/// Replacements whose matches with groups come dense in a text that is not mostly ASCII, which
/// the walk in UTF-8 finds with one-pass runs in the bytes
/// (``CaptureBacktracker/firstOnePassMatch(inUTF8:from:lastStart:end:)``), against ICU alone (the same
/// pattern compiled without a search plan) and against Foundation's `NSRegularExpression`, on
/// generated texts (fixed seed): words of two-, three- and four-byte letters (𝐀 and 𝐚 are
/// above ``CodePointClassTable/exactLimit``), empty matches, templates with `$0`, `$n` and `\$`,
/// ranges that do not start at 0, a long gap without a match (back to the automaton), and a
/// stretch on which the runs read too much and give up (the automaton from there on).
@Suite struct ReplacementOnePassUTF8DifferentialTests {
    static let seed: UInt64 = 0x4F4E_4550_4153_5338

    /// One-pass patterns with groups, each with templates in ICU's syntax.
    static let cases: [(pattern: String, templates: [String])] = [
        (#"(\p{Lu})(\p{Ll}+)"#, ["$1 $2", "<$0>", #"\$2$1"#]),
        // Empty matches, which step over one character (four bytes at once for 𝐀).
        (#"(\p{Lu}?)(\p{Ll}*)"#, ["[$1|$2]", "$0"]),
        (#"(\d+)-(\p{L}+)?"#, ["$2:$1", "<$0>"]),
        // Runs that read far and fail: `a` after `a`, with no `b`, over a long stretch.
        (#"(a+)(b)"#, ["$2$1"]),
    ]

    /// Words of Cyrillic, Greek, Latin, CJK and mathematical letters, digits and spaces; a
    /// stretch of `a` without `b` and a long gap of spaces in the middle.
    static func text(_ random: inout SplitMix64, words: Int) -> String {
        let pieces = [
            "Шерлок", "Холмс", "сказал", "ватсон", "Ωμέγα", "λόγος", "Índice", "école", "東京", "𝐀𝐚𝐚", "𝐚𝐀", "ab", "aab", "12-",
            "7-Жук", "ǅx", "",
        ]
        var text = ""
        for index in 0..<words {
            if index == words / 3 { text += String(repeating: "a", count: 2000) + " " }
            if index == 2 * words / 3 { text += String(repeating: " ", count: 2000) }
            text += random.element(of: pieces) + (random.chance(0.2) ? ", " : " ")
        }
        return text
    }

    /// Every pattern and template on texts short and long, whole and in ranges that start and
    /// end anywhere on a scalar: `replacing(in:range:withTemplate:)` equal to ICU's, byte for
    /// byte, and `stringByReplacingMatches` equal to Foundation's on the same range.
    @Test(arguments: cases)
    func replacementsMatchICUAndFoundation(pattern: String, templates: [String]) throws {
        var random = SplitMix64(seed: Self.seed)
        let fast = try RegexPattern(pattern)
        let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
        let ours = try ICURegularExpression(pattern: pattern)
        let foundation = try NSRegularExpression(pattern: pattern)
        // The long text first, so that the automata are worked out for the shorter ones.
        for words in [7000, 3, 400, 2000] {
            let text = Self.text(&random, words: words)
            let scalars = text.unicodeScalars
            for round in 0..<3 {
                var bounds = text.startIndex..<text.endIndex
                if round > 0 {
                    let first = random.number(in: 0...(scalars.count / 2))
                    let last = random.number(in: first...scalars.count)
                    bounds = scalars.index(scalars.startIndex, offsetBy: first)..<scalars.index(scalars.startIndex, offsetBy: last)
                }
                let nsRange = NSRange(bounds, in: text)
                for template in templates {
                    let expected = try icu.replacing(in: text, range: bounds, withTemplate: template)
                    let replaced = try fast.replacing(in: text, range: bounds, withTemplate: template)
                    #expect(Array(replaced.utf8) == Array(expected.utf8), "\(pattern) -> \(template), \(words) words, round \(round)")
                    #expect(
                        ours.stringByReplacingMatches(in: text, range: nsRange, withTemplate: template)
                            == foundation.stringByReplacingMatches(in: text, range: nsRange, withTemplate: template),
                        "\(pattern) -> \(template), \(words) words, round \(round)")
                }
            }
        }
    }

    /// Lines of ASCII words after a number, each ended by one of ICU's line terminators, some
    /// with a character outside ASCII or a `;`: dense matches of `(\d+)-(.*)` and
    /// `(\d+)=([^;]*);`, which the walk in UTF-8 finds with one-pass runs that read to the
    /// text's end, so that the loops' vector scan (``OnePassProgram/loopStops``) passes over
    /// runs of sixteen ASCII bytes and more and must stop at each terminator, `;` and byte from
    /// 0x80 on as ICU's `.` and `[^;]` do. `replacing` equal to ICU's and `stringByReplacingMatches`
    /// equal to Foundation's, on the whole text and on a range.
    @Test(arguments: [#"(\d+)-(.*)"#, #"(\d+)=([^;]*);"#])
    func loopsStopWhereICUsDo(pattern: String) throws {
        var random = SplitMix64(seed: Self.seed ^ 0x4C4F_4F50)
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dogs", "x;y", "é", "жук", "😀", "a\tb"]
        let terminators = ["\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        var text = ""
        while text.utf8.count < 120_000 {
            text += String(random.number(in: 0...99_999)) + random.element(of: ["-", "="])
            for _ in 0..<random.number(in: 0...14) { text += random.element(of: words) + " " }
            text += random.element(of: terminators)
        }
        let fast = try RegexPattern(pattern)
        let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
        let ours = try ICURegularExpression(pattern: pattern)
        let foundation = try NSRegularExpression(pattern: pattern)
        let scalars = text.unicodeScalars
        let middle = scalars.index(scalars.startIndex, offsetBy: 1_001)..<scalars.index(scalars.endIndex, offsetBy: -999)
        for bounds in [text.startIndex..<text.endIndex, middle] {
            try ReplacementComparisons.expectAgreement(
                fast: fast, icu: icu, ours: ours, foundation: foundation, text: text, bounds: bounds,
                templates: ["$2|$1", "<$0>"], label: pattern)
        }
        // The runs read most of the text (so that the comparisons above are theirs).
        let work = try fast.onePassWorkOfNextBacktracker()
        _ = try fast.replacing(in: text, withTemplate: "$1")
        #expect(try fast.onePassWorkOfNextBacktracker() > work + 60_000, "\(pattern)")
    }

    /// The walk in UTF-8 takes the one-pass runs for these dense matches (so that the test above
    /// compares them): the capture backtracker that the walk takes from the pattern's pool, and
    /// gives back, has its runs read more of the text (a few hundred bytes at least: `(a+)(b)`
    /// leaves the runs for good at the stretch of `a`).
    @Test(arguments: cases.map(\.pattern))
    func denseMatchesTakeTheOnePassRuns(pattern: String) throws {
        var random = SplitMix64(seed: Self.seed)
        let text = Self.text(&random, words: 7000)
        let compiled = try RegexPattern(pattern)
        _ = try compiled.replacing(in: text, withTemplate: "$1")
        /// The units read by the runs of the backtracker the pool gives next (its spare one, on
        /// one thread, which the walk takes).
        func onePassWork() throws -> Int {
            let backtracker = try #require(compiled.captureBacktrackers?.take())
            defer { compiled.captureBacktrackers?.put(backtracker) }
            #expect(backtracker.isOnePass)
            return backtracker.onePassWork
        }
        let work = try onePassWork()
        _ = try compiled.replacing(in: text, withTemplate: "$1")
        #expect(try onePassWork() > work + 300, "\(pattern)")
    }

    /// ``UTF8Output`` makes its string without validating it only when every piece is known to
    /// be well-formed: a copy that starts or ends inside a character, or a literal that is not
    /// well-formed, makes it through `String(decoding:as:)`, which repairs it as before.
    @Test func outputsOfPiecesNotWellFormedAreRepaired() {
        let source = Array("aжb😀c".utf8)
        source.withUnsafeBufferPointer { source in
            for (range, expected) in [
                (0..<source.count, "aжb😀c"), (1..<3, "ж"), (2..<4, "\u{FFFD}b"), (0..<2, "a\u{FFFD}"), (4..<8, "😀"),
                (5..<9, "\u{FFFD}\u{FFFD}\u{FFFD}c"),
            ] {
                var output = UTF8Output(source: source)
                output.copy(range)
                #expect(output.string() == expected, "\(range)")
                #expect(Array(output.string().utf8) == Array(expected.utf8), "\(range)")
                #expect(output.string().utf16.count == expected.utf16.count, "\(range)")
            }
            // A literal that is not well-formed UTF-8, and one that is.
            for (literal, expected) in [([UInt8]([0xFF, 0x41]), "ж\u{FFFD}Aж"), (Array("ё".utf8), "жёж")] {
                let steps = UTF8TemplateSteps([.group(0), .text(literal), .group(0)])
                var output = UTF8Output(source: source)
                steps.withBuffers { steps in
                    steps.append(to: &output) { _ in 1..<3 }
                }
                #expect(output.string() == expected)
            }
        }
    }
}
