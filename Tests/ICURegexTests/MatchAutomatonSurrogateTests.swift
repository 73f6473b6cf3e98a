import Foundation
@testable import ICURegex
import Testing

/// The match automaton against ICU on texts with astral characters, lone surrogates and CR LF,
/// searched from every offset, offsets between the two halves of a pair among them (issue 26:
/// with `.dotMatchesLineSeparators`, `MatchSequenceDifferentialTests` found the automaton's
/// match of `.` one unit short of ICU's). The cause was CR LF, not the pairs: ICU's `.` with
/// that option takes CR LF as one character, which the automaton read as two; the automaton of
/// such a pattern now reads no carriage return (``MatchAutomatonPlan/carriageReturnIsUnknown``)
/// and the pattern has no capture program.
@Suite struct MatchAutomatonSurrogateTests {
    static let patterns = [".", "(?s).", "(?s).{2}", "[^a]", ".+", "(?s).*?b", "\\X", "[\\x{1F600}-\\x{1F64F}]|."]

    static let texts: [[UInt16]] = [
        Array("a😀b".utf16), Array("😀😀".utf16), Array("😀".utf16), Array("\r\n😀\r\n".utf16),
        Array("x\r\n😀b".utf16) + [0xDC00, 0xD83D] + Array("a😀".utf16),
        [0xD800], [0xDC00], [0xD800, 0x61], [0x61, 0xDC00], [0xDC00, 0xD800], [0xD83D, 0xD83D, 0xDE00],
        [0xD83D, 0xDE00, 0xDE00], Array("é😀\u{2028}𝒜a".utf16),
    ]

    @Test("a `.` that takes CR LF as one character: the automaton reads no carriage return, no capture program")
    func dotTakingCRLF() {
        for pattern in [".", "a.b", "(.)+", "[^a]|."] {
            let groupCount = pattern.hasPrefix("(") ? 1 : 0
            let plan = MatchAutomatonPlan(pattern: pattern, options: .dotMatchesLineSeparators)
            let hasProgram = CaptureProgram(pattern: pattern, options: .dotMatchesLineSeparators, groupCount: groupCount) != nil
            #expect(plan?.carriageReturnIsUnknown == true && !hasProgram, "\(pattern)")
            #expect(MatchAutomatonPlan(pattern: pattern, options: [])?.carriageReturnIsUnknown == false, "\(pattern)")
        }
        #expect(MatchAutomatonPlan(pattern: "[^a]", options: .dotMatchesLineSeparators)?.carriageReturnIsUnknown == false)
    }

    @Test("RegexMatcher's matches of dot-all patterns past 64 Ki units are ICU's", arguments: ["(?s).", ".", "\\r?.", "[^a]"])
    func longText(pattern: String) throws {
        let units = Array(String(repeating: "ab\r\n😀c\r", count: 12_000).utf16)
        let fast = try RegexPattern(pattern, options: .dotMatchesLineSeparators).makeMatcher()
        let icu = try RegexPattern(pattern, options: .dotMatchesLineSeparators, limits: .default, usesSearchPlan: false).makeMatcher()
        try units.withUnsafeBufferPointer { buffer in
            var from = 0
            while from <= units.count, let expected = try icu.icuFirstMatch(inUTF16: buffer, from: from) {
                let found = try fast.firstMatch(inUTF16: buffer, from: from)
                guard found == expected else {
                    Issue.record("\(pattern) from \(from): \(String(describing: found)), ICU \(expected)")
                    return
                }
                from = expected.isEmpty ? expected.upperBound + 1 : expected.upperBound
            }
        }
    }

    @Test("RegexPattern.firstRange finds a dot-all `.`'s CR LF far into a long range", arguments: ["a.b", "a.+?b", "x|a.b", "a(.)b"])
    func longRange(pattern: String) throws {
        let units = Array((String(repeating: "ab c😀\r", count: 30_000) + "a\r\nb").utf16)
        let fast = try RegexPattern(pattern, options: .dotMatchesLineSeparators)
        let icu = try RegexPattern(pattern, options: .dotMatchesLineSeparators, limits: .default, usesSearchPlan: false).makeMatcher()
        try units.withUnsafeBufferPointer { buffer in
            let expected = try icu.icuFirstMatch(inUTF16: buffer, from: 0)
            let found = try fast.firstRange(inUTF16: buffer)
            #expect(found.location == expected?.lowerBound && found.length == expected?.count, "\(pattern): \(found), ICU \(String(describing: expected))")
        }
    }

    @Test("ICU's first match from every offset, with and without .dotMatchesLineSeparators", arguments: [
        RegexPattern.Options.dotMatchesLineSeparators, [],
    ])
    func everyOffset(options: RegexPattern.Options) throws {
        for pattern in Self.patterns {
            guard let plan = MatchAutomatonPlan(pattern: pattern, options: options) else { continue }
            let automaton = MatchAutomaton(plan)
            let icu = try RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false).makeMatcher()
            for units in Self.texts {
                try units.withUnsafeBufferPointer { buffer in
                    for from in 0...units.count {
                        let expected = try icu.icuFirstMatch(inUTF16: buffer, from: from)
                        let outcome = automaton.firstMatch(inUTF16: buffer.baseAddress!, from: from, to: units.count)
                        if outcome == .unknown { continue }
                        #expect(
                            outcome == (expected.map { .match($0) } ?? .noMatch),
                            "\(pattern) from \(from) in \(units.map { String($0, radix: 16) })")
                    }
                }
            }
        }
    }
}
