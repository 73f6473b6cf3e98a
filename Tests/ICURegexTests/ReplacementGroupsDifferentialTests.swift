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
