import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

/// Replacements and many-group matches of whole lines, against Foundation, on generated log
/// and UnicodeData-like lines (fixed seed): the workloads of the replacement benchmarks and of
/// rebar's per-line searches with fifteen groups, whose groups' bounds are read from ICU or
/// from the capture engines, and whose replacements are built from the template's steps.
@Suite struct ReplacementGroupsDifferentialTests {
    static let seed: UInt64 = 0x5245_504C_3247

    /// Log lines with non-ASCII words, and fields left empty now and then.
    static func logLines(_ random: inout SplitMix64, count: Int) -> String {
        let levels = ["INFO", "WARN", "DEBUG", "ÉRROR", "задача"]
        let words = ["cache", "índice", "задача", "😀", "a b", "", "x;y"]
        var text = ""
        for _ in 0..<count {
            text += "20\(random.number(in: 10...26))-0\(random.number(in: 1...9))-\(random.number(in: 10...28)) "
            text += random.element(of: levels) + " " + random.element(of: words) + " \(random.number(in: 0..<10_000))"
            text += random.chance(0.1) ? "\r\n" : "\n"
        }
        return text
    }

    /// Lines of `;`-separated fields like UnicodeData.txt's: mostly fifteen fields that fit the
    /// pattern's, some of them empty, now and then a field that does not fit or a field too
    /// many or too few.
    static func unicodeDataLines(_ random: inout SplitMix64, count: Int) -> [String] {
        let fields: [[String]] = [
            ["0041", "1F600", "X"], ["LATIN A", "<control>", "ж"], ["Lu", "Cc"], ["0", "230"], ["L", "BN"],
            ["", "0041 0301"], ["", "1"], ["", "2"], ["", "-3", "1/2"], ["Y", "N"],
        ] + Array(repeating: ["", "x", "😀 é"], count: 5)
        let misfits = ["", "a", "ж", "Q"]
        return (0..<count).map { _ in
            var line = fields.map { random.chance(0.03) ? random.element(of: misfits) : random.element(of: $0) }
            if random.chance(0.05) { line.removeLast() }
            if random.chance(0.05) { line.append("") }
            return line.joined(separator: ";")
        }
    }

    @Test(arguments: [
        (#"(\d{4})-(\d{2})-(\d{2}) (\w+) (.*)"#, "$4: $5"),
        (#"(\d{4})-(\d{2})-(\d{2})"#, "$3/$2/$1"),
        (#"(\w+)(x)?"#, "<$2|$1>é\\$"),
        (#"(\w+) (\d+)"#, "😀$2ж$1$0"),
    ])
    func replacementsMatchFoundation(pattern: String, template: String) throws {
        var random = SplitMix64(seed: Self.seed)
        let compiled = try RegexPattern(pattern)
        let ours = try ICURegularExpression(pattern: pattern)
        let foundation = try NSRegularExpression(pattern: pattern)
        for round in 0..<20 {
            let text = Self.logLines(&random, count: round * 7)
            let whole = NSRange(location: 0, length: text.utf16.count)
            let expected = foundation.stringByReplacingMatches(in: text, range: whole, withTemplate: template)
            #expect(try compiled.replacing(in: text, withTemplate: template) == expected)
            #expect(ours.stringByReplacingMatches(in: text, range: whole, withTemplate: template) == expected)
        }
    }

    /// Templates with every group from `$0` to `$9`, groups that take no part, escapes, and
    /// literals longer than a match (so that the output grows past the text's size), on
    /// ASCII text (whose result must stay ASCII) and on text with two-, three- and four-byte
    /// characters.
    @Test(arguments: [
        (#"(a)?(b)?(c)?(d)?(e)?(f)?(g)?(h)?(\w)"#, #"[$0|$1$2$3$4$5$6$7$8$9]\\\$ and a literal of more than sixteen bytes ж"#),
        (#"(\d+)|(\p{L}+)"#, #"<$2>\\$1\$0"#),
        (#"(x)?(\s+)"#, "$1$1$2"),
    ])
    func replacementsOfAllGroupsMatchFoundation(pattern: String, template: String) throws {
        var random = SplitMix64(seed: Self.seed)
        let compiled = try RegexPattern(pattern)
        let ours = try ICURegularExpression(pattern: pattern)
        let foundation = try NSRegularExpression(pattern: pattern)
        for round in 0..<12 {
            let mixed = Self.logLines(&random, count: round * 5)
            for text in [mixed, String(mixed.unicodeScalars.filter(\.isASCII).map(Character.init))] {
                let whole = NSRange(location: 0, length: text.utf16.count)
                let expected = foundation.stringByReplacingMatches(in: text, range: whole, withTemplate: template)
                let replaced = try compiled.replacing(in: text, withTemplate: template)
                #expect(replaced == expected)
                #expect(Array(replaced.utf8) == Array(expected.utf8))
                #expect(replaced.utf16.count == expected.utf16.count)
                #expect(ours.stringByReplacingMatches(in: text, range: whole, withTemplate: template) == expected)
            }
        }
    }

    /// The UTF-8 offsets of UTF-16 offsets asked in any order, some inside surrogate pairs
    /// (which give the pair's start), against the offsets the string's scalars give.
    @Test func utf8OffsetsOfUnitsInAnyOrder() {
        var random = SplitMix64(seed: Self.seed)
        let pieces = ["a", "é", "ж", "中", "😀", " ", "x1", "\u{10FFFF}"]
        for length in [0, 1, 7, 40, 300] {
            let string = (0..<length).map { _ in random.element(of: pieces) }.joined()
            let table = utf8OffsetsOfUTF16Offsets(in: string)
            let units = Array(string.utf16)
            units.withUnsafeBufferPointer { buffer in
                var positions = UTF16Positions(
                    base: string, start: string.startIndex, units: buffer, isASCII: buffer.count == string.utf8.count,
                    isTranscodedFromUTF8: true)
                for _ in 0..<200 {
                    let offset = random.number(in: 0...units.count)
                    // Inside a pair: the pair's start.
                    let expected = table[offset] >= 0 ? table[offset] : table[offset - 1]
                    #expect(positions.utf8Offset(at: offset) == expected, "\(string.debugDescription) at \(offset)")
                }
            }
        }
    }

    @Test func templateStepsSpellThePieces() throws {
        let pattern = try RegexPattern(#"(a)(b)(?<name>c)"#)
        for text in ["", "$1", "x$2y", "é\\$${name}😀$0$3", "\\u0041$12"] {
            let template = try ReplacementTemplate(text, pattern: pattern)
            let steps = template.utf8Steps
            let spelled: [ReplacementTemplate.Piece] = steps.steps.map { step in
                switch step {
                case .literal(let range): .text(Array(steps.literalUTF8[range]))
                case .group(let group): .group(group)
                }
            }
            #expect(spelled == template.pieces)
        }
    }

    @Test func fifteenGroupLinesMatchFoundation() throws {
        var random = SplitMix64(seed: Self.seed)
        let pattern =
            #"^([A-Z0-9]+);([^;]+);([^;]+);([0-9]+);([^;]+);([^;]*);([0-9]*);([0-9]*);([-0-9/]*);([YN]);([^;]*);([^;]*);([^;]*);([^;]*);([^;]*)$"#
        let compiled = try RegexPattern(pattern)
        let foundation = try NSRegularExpression(pattern: pattern)
        var matched = 0
        for line in Self.unicodeDataLines(&random, count: 200) {
            let theirs = foundation.matches(in: line, range: NSRange(location: 0, length: line.utf16.count)).map { result in
                (0..<result.numberOfRanges).map { result.range(at: $0) }.map { $0.location == NSNotFound ? nil : $0.location..<NSMaxRange($0) }
            }
            let units = Array(line.utf16)
            let mine = units.withUnsafeBufferPointer { buffer in
                compiled.matches(inUTF16: buffer).map { [$0.range] + $0.groupRanges }
            }
            #expect(mine == theirs, "\(line)")
            matched += theirs.count
        }
        #expect(matched > 50 && matched < 200)
    }
}
