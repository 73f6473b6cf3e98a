import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

/// The one-pass search's two ways of passing over offsets without a run, against ICU alone (the
/// same pattern compiled without a search plan) and Foundation's `NSRegularExpression`, on
/// generated texts (fixed seed):
/// - the vector scan over the ASCII characters that no first step reads
///   (``OnePassProgram/startStops``), which must stop at every character a first step reads,
///   at every character from 0x80 on, and at the search's last start;
/// - after a run that failed, the offsets before where it stopped, when no state reads the
///   character there and they are fewer units away than a match has characters
///   (``OnePassProgram/minimumMatchLength``, ``OnePassProgram/unreadClasses``).
///
/// The patterns put both to the test where they would go wrong: a date's fixed length after
/// runs of digits of every length, a match exactly as long as the distance to where the run
/// before it stopped (`a(b)(c)d|(b)(c)` on `abcx`), a character that stops one run and that
/// another state reads (`x(\d)z|(\d)(y)` on `x1y`), digits outside ASCII of two, three and four
/// bytes (and surrogate pairs in UTF-16), and first steps of more ranges than the vectors hold.
@Suite struct OnePassSearchSkipsDifferentialTests {
    static let seed: UInt64 = 0x534B_4950_5331_3030

    /// One-pass patterns with groups, whose matches are never empty.
    static let patterns = [
        #"(\d{4})-(\d{2})-(\d{2})"#,
        #"a(b)(c)d|(b)(c)"#,
        #"x(\d)z|(\d)(y)"#,
        #"(\d+)-(\p{L}+)"#,
        #"(\p{Lu})(\p{Ll}+)"#,
        #"([A-Z]\w{3,})(\.)"#,
        #"([aeiouyAEIOUY])(\d\d)"#,
        #"(?:q|r)(\d\d)(\w)"#,
    ]

    /// Pieces of text: runs of digits of every length (ASCII, Arabic-Indic `٣` of two bytes,
    /// Devanagari `५` of three, `𝟙` of four), the patterns' own near misses, runs of spaces and
    /// letters long and short, and letters outside ASCII.
    static func text(_ random: inout SplitMix64, pieces count: Int) -> String {
        let pieces = [
            "2015-03-12", "2015-03-1", "4711", "93", "1", "12-3", "1-", "7-Жук", "abcx", "abcd", "abx", "bc", "x1y", "x1z", "xy",
            "Holmes.", "Ab.", "ABCD.", "e12x", "U99", "q12_", "r9", "٣٣٣٣-٣٣-٣٣", "٣", "५५५५-५५-५५", "५", "𝟙𝟙𝟙𝟙-𝟙𝟙-𝟙𝟙", "𝟙",
            "ж", "Жук", "é", "école", "\n", "-", ".", " ",
        ]
        var text = ""
        for _ in 0..<count {
            switch random.number(in: 0..<10) {
            case 0: text += String(repeating: " ", count: random.number(in: 0...40))
            case 1: text += String(repeating: random.element(of: ["s", "m", "zz"]), count: random.number(in: 1...30))
            case 2: text += String((0..<random.number(in: 1...12)).map { _ in random.element(of: Array("0123456789")) })
            default: text += random.element(of: pieces)
            }
        }
        return text
    }

    /// Every match of ICU's walk with its groups, found by one-pass runs in UTF-16 and in
    /// UTF-8 (the walks of ``CaptureBacktrackerDifferentialTests``); and the first match from
    /// offsets all over the text with a last start, in UTF-8, as ICU's first match from there
    /// says: that match when it starts at or before the last start, none otherwise.
    @Test(arguments: patterns)
    func onePassSearchesMatchICU(pattern: String) throws {
        var random = SplitMix64(seed: Self.seed)
        let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
        let program = try #require(CaptureProgram(pattern: pattern, options: [], groupCount: icu.numberOfCaptureGroups))
        let backtracker = CaptureBacktracker(program)
        try #require(backtracker.isOnePass)
        var matches = 0
        var unknown = 0
        for round in 0..<60 {
            let string = Self.text(&random, pieces: round < 50 ? 40 : 400)
            let units = Array(string.utf16)
            let bytes = Array(string.utf8)
            let byteOffsets = utf8OffsetsOfUTF16Offsets(in: string)
            func inBytes(_ slots: [Int]) -> [Int] { slots.map { $0 < 0 ? -1 : byteOffsets[$0] } }
            let expected = units.withUnsafeBufferPointer { icu.matches(inUTF16: $0).map(\.slots) }
            units.withUnsafeBufferPointer { buffer in
                let (found, isComplete) = CaptureBacktrackerDifferentialTests.onePassMatches(
                    backtracker, in: buffer.baseAddress!, end: units.count)
                #expect(
                    isComplete ? found == expected : found == Array(expected.prefix(found.count)),
                    "\(pattern) UTF-16: \(firstDifference(found, expected)) in \(String(reflecting: string))")
                matches += found.count
                if !isComplete { unknown += 1 }
            }
            bytes.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress!
                let expectedBytes = expected.map(inBytes)
                let (found, isComplete) = CaptureBacktrackerDifferentialTests.onePassMatches(backtracker, inUTF8: base, end: bytes.count)
                #expect(
                    isComplete ? found == expectedBytes : found == Array(expectedBytes.prefix(found.count)),
                    "\(pattern) UTF-8: \(firstDifference(found, expectedBytes)) in \(String(reflecting: string))")
                if !isComplete { unknown += 1 }
                // From each character's offset with a few last starts: ICU's first match from
                // there is its first match in the text that follows (no pattern here looks back).
                let starts = (0...units.count).filter { byteOffsets[$0] >= 0 }
                for _ in 0..<20 {
                    let from = random.element(of: starts)
                    let rest = Array(units[from...])
                    let first = rest.withUnsafeBufferPointer { icu.matches(inUTF16: $0).first(where: { _ in true })?.slots }
                        .map { inBytes($0.map { $0 < 0 ? -1 : $0 + from }) }
                    let fromByte = byteOffsets[from]
                    let lastStart = random.number(in: fromByte...bytes.count)
                    switch backtracker.firstOnePassMatch(inUTF8: base, from: fromByte, lastStart: lastStart, end: bytes.count) {
                    case .match:
                        #expect(
                            backtracker.slots == first && first![0] <= lastStart,
                            "\(pattern) from \(fromByte) to \(lastStart): \(backtracker.slots), ICU \(String(describing: first))")
                    case .noMatch:
                        #expect(
                            first == nil || first![0] > lastStart,
                            "\(pattern) from \(fromByte) to \(lastStart): none, ICU \(String(describing: first))")
                    case .unknown:
                        unknown += 1
                    }
                }
            }
        }
        #expect(matches > 100, "\(pattern)")
        #expect(unknown < 10, "\(pattern)")
    }

    /// Log lines whose dates the replacements reorder (the probe's `log date` row) with the
    /// numbers around them of every length, through the walk in UTF-8, which takes the one-pass
    /// runs for these dense matches: `replacing` equal to ICU's and `stringByReplacingMatches`
    /// equal to Foundation's, whole and in a range.
    @Test func dateReplacementsMatchICUAndFoundation() throws {
        var random = SplitMix64(seed: Self.seed ^ 0x4C4F_47)
        var text = ""
        while text.utf8.count < 60_000 {
            text += "20\(random.number(in: 10...26))-0\(random.number(in: 1...9))-1\(random.number(in: 0...9)) "
            text += random.element(of: ["INFO", "WARN", "задача", "índice"]) + " "
            for _ in 0..<random.number(in: 0...4) {
                text += String(random.number(in: 0...99_999)) + random.element(of: [" ", "-", "--", "-1-", " ms ", "é"])
            }
            text += random.element(of: ["\n", "\r\n", " 2026-1-12\n", "٣٣٣٣-٣٣-٣٣\n"])
        }
        let pattern = #"(\d{4})-(\d{2})-(\d{2})"#
        let fast = try RegexPattern(pattern)
        let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
        let ours = try ICURegularExpression(pattern: pattern)
        let foundation = try NSRegularExpression(pattern: pattern)
        let scalars = text.unicodeScalars
        let middle = scalars.index(scalars.startIndex, offsetBy: 777)..<scalars.index(scalars.endIndex, offsetBy: -555)
        for bounds in [text.startIndex..<text.endIndex, middle] {
            try ReplacementComparisons.expectAgreement(
                fast: fast, icu: icu, ours: ours, foundation: foundation, text: text, bounds: bounds,
                templates: ["$3/$2/$1", "<$0>"], label: pattern)
        }
        // The one-pass runs read part of the text (so that the comparisons above are theirs).
        let work = try fast.onePassWorkOfNextBacktracker()
        _ = try fast.replacing(in: text, withTemplate: "$1")
        #expect(try fast.onePassWorkOfNextBacktracker() > work + 10_000)
    }
}
