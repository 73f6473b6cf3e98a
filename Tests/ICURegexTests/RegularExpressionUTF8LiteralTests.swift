import Foundation
import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

extension LibraryTests.RegularExpressionDifferentialTests {
    /// Texts in which literals are searched in the string's UTF-8 (``UTF8LiteralSearch``):
    /// Russian, Chinese, emoji outside the BMP, and all of them mixed with ASCII.
    static let utf8LiteralTextPieces: [[String]] = [
        ["Шерлок Холмс", "сказал", "доктор", "Ватсон", "Москва", " ", " ", ", ", ".\n"],
        ["夏洛克", "福尔摩斯", "华生", "医生", "说", "。", "，", "\n"],
        ["😀", "👍🏽", "🇫🇷", "𝔘𝔫𝔦", "a", " ", "😀😀", "\n"],
        ["Sherlock", "Холмс", "福尔摩斯", "😀", "é", "e\u{301}", " ", "ab", "a.b", "(x)", "\n"],
    ]

    /// Literal patterns of the pieces above that are exactly one literal, and some that occur
    /// nowhere or overlap themselves.
    static let utf8LiteralExtraPatterns = ["😀😀", "аа", "Холмс, ", "摩斯。", "zzz", "ab a", "e\u{301} "]

    @Test("ICURegularExpression finds literals in a String's UTF-8 as NSRegularExpression finds them in its UTF-16")
    func literalsInUTF8() throws {
        var random = SplitMix64(seed: Self.seed ^ 0x5554_4638)
        var failures: [String] = []
        // Cases with matches, of one literal and of several.
        var matched = (one: 0, several: 0)
        for index in 0..<400 {
            let pieces = random.element(of: Self.utf8LiteralTextPieces)
            var text = ""
            let pieceCount = random.chance(0.2) ? random.number(in: 0...4) : random.number(in: 5...400)
            for _ in 0..<pieceCount { text += random.element(of: pieces) }
            // A literal of the text's own pieces (a run of one to three), or another; or an
            // alternation of a few (one a prefix of another, either first, at times).
            func literal() -> String {
                var literal = ""
                if random.chance(0.8) {
                    for _ in 0..<random.number(in: 1...3) { literal += random.element(of: pieces) }
                } else {
                    literal = random.element(of: Self.utf8LiteralExtraPatterns)
                }
                return literal
            }
            var literals = [literal()]
            if random.chance(0.4) {
                for _ in 0..<random.number(in: 1...7) {
                    if random.chance(0.2) {
                        let previous = random.element(of: literals)
                        literals.append(random.chance(0.5) ? String(previous.dropLast()) : previous + random.element(of: pieces))
                    } else {
                        literals.append(literal())
                    }
                }
            }
            guard literals.allSatisfy({ !$0.isEmpty }) else { continue }
            let ignoresMetacharacters = literals.count == 1 && random.chance(0.3)
            let escaped = literals.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
            let pattern = ignoresMetacharacters ? literals[0] : escaped
            let options: NSRegularExpression.Options = ignoresMetacharacters ? .ignoreMetacharacters : []
            // The pattern takes the UTF-8 path: it is a few literals, matched with case. (A line
            // break in a pattern is not read as a literal by the search plan.)
            #expect(try literals.joined().contains("\n") || UTF8LiteralSearch.walked(by: RegexPattern(escaped)) != nil, "\(pattern)")
            let count = text.utf16.count
            var range = NSRange(location: 0, length: count)
            switch random.number(in: 0...4) {
            case 0: break
            case 1:
                // Not at 0, to the end.
                range.location = random.number(in: 0...count)
                range.length = count - range.location
            case 2:
                // From 0, ending inside the text.
                range.length = random.number(in: 0...count)
            case 3:
                // Inside, possibly between the halves of a pair (the UTF-16 path's then).
                range.location = random.number(in: 0...count)
                range.length = random.number(in: 0...(count - range.location))
            default:
                // Empty.
                range = NSRange(location: random.number(in: 0...count), length: 0)
            }
            let matchingOptions = random.element(of: [
                [], [], [], .reportCompletion, [.reportProgress, .reportCompletion], .withTransparentBounds,
            ] as [NSRegularExpression.MatchingOptions])
            let differences = Self.compare(
                pattern: pattern, options: options, text: text, range: range, matchingOptions: matchingOptions, names: [],
                operations: [.numberOfMatches, .firstMatch, .rangeOfFirstMatch], template: "", stopAfter: Int.max,
                countsResultsOnly: true)
            if Self.statistics.matched {
                if literals.count == 1 { matched.one += 1 } else { matched.several += 1 }
            }
            if !differences.isEmpty {
                failures.append(
                    "#\(index) pattern \(String(reflecting: pattern)) text \(String(reflecting: text.prefix(80))) of \(count) units "
                        + "range \(Self.describe(range)):\n  " + differences.map { String($0.prefix(400)) }.joined(separator: "\n  "))
            }
        }
        for failure in failures.prefix(20) {
            Issue.record(Comment(rawValue: failure))
        }
        #expect(failures.isEmpty, "\(failures.count) cases differ")
        #expect(matched.one >= 50 && matched.several >= 50, "\(matched)")
    }

    @Test("The UTF-16 length of UTF-8 is counted as the String's UTF-16 view counts it")
    func utf16CountOfUTF8() {
        var random = SplitMix64(seed: Self.seed ^ 0x434F_554E_54)
        let pieces = Self.utf8LiteralTextPieces.flatMap { $0 }
        for _ in 0..<200 {
            var text = ""
            for _ in 0..<random.number(in: 0...300) { text += random.element(of: pieces) }
            let scalars = Array(text.unicodeScalars.indices) + [text.endIndex]
            let lower = random.element(of: scalars)
            let upper = random.element(of: scalars.filter { $0 >= lower })
            let utf8 = Array(text.utf8)
            guard !utf8.isEmpty else { continue }
            let from = text.utf8.distance(from: text.startIndex, to: lower)
            let to = text.utf8.distance(from: text.startIndex, to: upper)
            let counted = utf8.withUnsafeBufferPointer { UTF16Text.utf16Count(ofUTF8: $0.baseAddress!, from: from, to: to) }
            #expect(counted == text.utf16.distance(from: lower, to: upper))
        }
    }
}
