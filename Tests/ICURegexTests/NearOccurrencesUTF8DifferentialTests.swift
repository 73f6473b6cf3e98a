import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

/// The same tries in the walk over a string's UTF-8
/// (``MatchStrategy/UTF8Walk/automaton(_:mustComeDense:nearOccurrences:)``, which
/// `ICURegularExpression` and `replacing(in:withTemplate:)` take on a string that is not mostly
/// ASCII), against ICU alone and Foundation.
extension NearOccurrencesDifferentialTests {
    /// Text pieces: the literals in and out of words of Latin, Cyrillic and CJK letters (no
    /// word boundary between `ж` and `ab`, one between `中` and `ab` only for `\b`'s sake of
    /// ICU's word characters), words that end as the tails want or not, and characters of two,
    /// three and four bytes.
    static let utf8Pieces = [
        " ", "ab", "xab", "abz", "ab ", " ab", "ba", "abc", "abcer ", "😀b", "😀", "help", "helped", "xhelp",
        "controller ", "controlx", "xcontroller", "control", "Mr. ", "Dr", ", ", "\n", "ab😀", "é", "жab", "abж",
        "中ab", "ab中", "ёhelp", "helpж", "controlлер", "controlер ", "😀ab", "Ωab ", "ab😀b",
    ]
    /// What lies between the pieces: enough Cyrillic and CJK that the text is not mostly ASCII.
    static let utf8Filler = [" ", "слово ", "pq", "中文", "  "]

    /// A string of at least `length` bytes: filler, with a piece every `spacing` fillers on
    /// average.
    static func utf8Text(length: Int, spacing: Int, random: inout SplitMix64) -> String {
        var text = ""
        while text.utf8.count < length {
            text += random.chance(1 / Double(spacing)) ? random.element(of: utf8Pieces) : random.element(of: utf8Filler)
        }
        return text
    }

    /// The matches, in UTF-16 offsets, that the walk over `string`'s UTF-8 finds (with their
    /// groups when `findsGroups`; the first alone with `firstMatchOnly`), or nil when it
    /// leaves the text to ICU.
    static func walked(_ pattern: RegexPattern, _ string: String, findsGroups: Bool, firstMatchOnly: Bool) -> [BufferMatch]? {
        let offsets = utf16OffsetsOfUTF8Offsets(in: string)
        let units = { (range: Range<Int>) in offsets[range.lowerBound]..<offsets[range.upperBound] }
        var matches: [BufferMatch] = []
        let bytes = Array(string.utf8)
        let answered = bytes.withUnsafeBufferPointer { buffer in
            pattern.walkMatches(
                inUTF8: buffer.baseAddress!, count: buffer.count, findsGroups: findsGroups, firstMatchOnly: firstMatchOnly
            ) { match, group in
                let groups = findsGroups ? (0..<pattern.numberOfCaptureGroups).map { group($0 + 1).map(units) } : []
                matches.append(BufferMatch(range: units(match), groupRanges: groups))
                return !firstMatchOnly
            }
        }
        return answered ? matches : nil
    }

    /// Where `found` and `wanted` first differ, in a few words.
    static func firstDifference(_ found: [BufferMatch], _ wanted: [BufferMatch]) -> String {
        let index =
            zip(found, wanted).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(found.count, wanted.count)
        let describe = { (matches: [BufferMatch]) in index < matches.count ? "\(matches[index])" : "none" }
        return "\(found.count) matches, \(wanted.count) wanted; at \(index): \(describe(found)), wanted \(describe(wanted))"
    }

    /// What `expression` finds in the whole of `string`: every match with its groups, their
    /// number, and the first match.
    static func answers(_ expression: some RegularExpressionCalls, _ string: String) -> [String] {
        let range = NSRange(location: 0, length: string.utf16.count)
        let describe = { (result: NSTextCheckingResult) in
            (0..<result.numberOfRanges).map { "\(result.range(at: $0))" }.joined()
        }
        return expression.matches(in: string, options: [], range: range).map(describe) + [
            "\(expression.numberOfMatches(in: string, options: [], range: range))",
            expression.firstMatch(in: string, options: [], range: range).map(describe) ?? "none",
        ]
    }

    @Test("the walk over a string's UTF-8 tries the starts near the occurrences and finds what ICU alone and Foundation find")
    func generatedInUTF8() throws {
        var random = SplitMix64(seed: 0x7574_6638_6E65_6172)
        var failures = 0
        var patternsWalked = 0
        var textsWalked = 0
        // Searched first by each expression, so that its pattern's automaton is worked out
        // (a text this long repays it) and the shorter texts after take the walk.
        let warmUp = String(repeating: "слово ", count: SearchPlan.automatonSearchLength / 8)
        for _ in 0..<100 {
            let head = random.element(of: Self.heads)
            let literal = random.element(of: Self.literals)
            let group = random.chance(0.3) ? "(" + literal + ")" : "(?:" + literal + ")"
            let source = head + group + random.element(of: Self.tails)
            guard let plan = SearchPlan(pattern: source, options: []), plan.nearOccurrences != nil, plan.occurrenceSearchInUTF8 != nil
            else { continue }
            let planned = try Self.warmedPattern(source)
            // The walk takes the tries on a text as long as the ones below; a pattern without
            // a match automaton (lookbehind) has no walk.
            let way = planned.strategy.utf8Walk(
                forSearchOf: SearchPlan.minimumSearchLength, isMostlyASCII: false, findsGroups: planned.numberOfCaptureGroups > 0,
                firstMatchOnly: false)
            guard case .automaton(_, _, nearOccurrences: _?) = way else { continue }
            patternsWalked += 1
            let plain = try RegexPattern(source, options: [], limits: .default, usesSearchPlan: false)
            let expression = try ICURegularExpression(pattern: source)
            let foundation = try NSRegularExpression(pattern: source)
            _ = expression.numberOfMatches(in: warmUp, range: NSRange(location: 0, length: warmUp.utf16.count))
            for _ in 0..<3 {
                let string = Self.utf8Text(
                    length: random.element(of: [4_500, 9_000]), spacing: random.element(of: [2, 6, 40, 400]), random: &random)
                let units = Array(string.utf16)
                let expected = units.withUnsafeBufferPointer { Array(plain.matches(inUTF16: $0)) }
                for findsGroups in [false, true] {
                    for firstMatchOnly in [false, true] {
                        guard let found = Self.walked(planned, string, findsGroups: findsGroups, firstMatchOnly: firstMatchOnly) else {
                            continue
                        }
                        textsWalked += 1
                        var wanted = firstMatchOnly ? Array(expected.prefix(1)) : expected
                        if !findsGroups { wanted = wanted.map { BufferMatch(range: $0.range, groupRanges: []) } }
                        let same = found == wanted
                        #expect(
                            same,
                            "pattern \(source), groups \(findsGroups), first only \(firstMatchOnly): \(Self.firstDifference(found, wanted))")
                        if !same { failures += 1 }
                    }
                }
                let template = planned.numberOfCaptureGroups > 0 ? "<$1|$0>" : "<$0>"
                let replaced = try planned.replacing(in: string, withTemplate: template)
                #expect(try replaced == plain.replacing(in: string, withTemplate: template), "pattern \(source), replacing")
                let answers = Self.answers(expression, string)
                #expect(answers == Self.answers(foundation, string), "pattern \(source), ICURegularExpression")
                if answers != Self.answers(foundation, string) { failures += 1 }
                if failures > 5 { return }
            }
        }
        #expect(patternsWalked > 30, "most generated patterns have the walk's tries (\(patternsWalked))")
        #expect(textsWalked > 300, "the walk answers for most texts (\(textsWalked))")
    }

    @Test("the walk over a string's UTF-8: occurrences without a match, sparse then dense, then matches; and dense matches")
    func denseOccurrencesInUTF8() throws {
        let sources = [
            "\\bcontrol[a-z]*er\\b", "\\bhelp\\w*", "\\b(ab|ba)\\b", "\\b\\w{0,6}ab\\b", "ж?\\bab", "\\b\\d{1,2}:\\d{2}\\b",
        ]
        for source in sources {
            let planned = try Self.warmedPattern(source)
            let way = planned.strategy.utf8Walk(
                forSearchOf: SearchPlan.minimumSearchLength, isMostlyASCII: false, findsGroups: planned.numberOfCaptureGroups > 0,
                firstMatchOnly: false)
            guard case .automaton(_, _, nearOccurrences: _?) = way else {
                Issue.record("\(source): the walk over UTF-8 tries the starts near the occurrences")
                continue
            }
            let plain = try RegexPattern(source, options: [], limits: .default, usesSearchPlan: false)
            for (sparse, dense, matches) in [(0, 2_000, 0), (40, 300, 0), (60, 0, 0), (0, 0, 0), (0, 0, 400)] {
                var text = ""
                for _ in 0..<sparse { text += String(repeating: "слово ", count: 50) + "xcontrol xhelp xab controlx 1:2 " }
                // Dense occurrences without a match, and now and then a match, after the
                // tries have given way to the search of the rest.
                for index in 0..<dense {
                    text += " xhelp xab controlxy 😀xab 123:45 中ab"
                    if index % 50 == 49 { text += " controller helpful ab 😀ab 12:34" }
                }
                // Matches dense from the start: the walk leaves the tries for the automaton's runs.
                for _ in 0..<matches { text += " controller жab ab help 1:23 контроль" }
                while text.utf8.count < 4_200 { text += "中文 " }
                text += "😀ab controller helpful ab 9:59 "
                let units = Array(text.utf16)
                let expected = units.withUnsafeBufferPointer { Array(plain.matches(inUTF16: $0)) }
                for firstMatchOnly in [false, true] {
                    let found = Self.walked(planned, text, findsGroups: true, firstMatchOnly: firstMatchOnly)
                    let wanted = firstMatchOnly ? Array(expected.prefix(1)) : expected
                    #expect(found != nil, "\(source) \(sparse) \(dense) \(matches): the walk answers")
                    // Compared without printing thousands of matches.
                    let same = found.map { $0 == wanted } ?? true
                    #expect(same, "\(source) \(sparse) \(dense) \(matches): \(Self.firstDifference(found ?? [], wanted))")
                }
            }
        }
    }
}

/// The calls that ``NearOccurrencesDifferentialTests/answers(_:_:)`` compares, which
/// `ICURegularExpression` and `NSRegularExpression` both have.
protocol RegularExpressionCalls {
    func matches(in string: String, options: NSRegularExpression.MatchingOptions, range: NSRange) -> [NSTextCheckingResult]
    func numberOfMatches(in string: String, options: NSRegularExpression.MatchingOptions, range: NSRange) -> Int
    func firstMatch(in string: String, options: NSRegularExpression.MatchingOptions, range: NSRange) -> NSTextCheckingResult?
}

extension ICURegularExpression: RegularExpressionCalls {}
extension NSRegularExpression: RegularExpressionCalls {}
