import Foundation
import Testing
import TestSupport

/// icugrep's `\b` and `-w` beside format characters (U+00AD SOFT HYPHEN, U+200B, U+2060,
/// U+FEFF) and combining marks, on generated lines from a fixed seed. `-P`'s `\b` is ICU's,
/// which looks past them: its `-o` and `-c` are compared with `NSRegularExpression` (ICU) on
/// each line. `-w` reads one character on each side, as GNU grep does: on lines whose only
/// characters outside ASCII are format characters (no word characters to ICU or glibc), it is
/// compared with GNU grep; a combining mark is a word character to ICU, not to glibc.
@Suite("icugrep: word boundaries beside format characters and combining marks")
struct WordBoundaryFormatCharacterTests {
    static let seed: UInt64 = 0x5746_4D54_434C_4931

    static func lines(marks: Bool) -> [String] {
        var random = SplitMix64(seed: seed &+ (marks ? 1 : 0))
        let words = ["the", "then", "other", "Holmes", "x", "a1", "_", "thex"]
        var transparent = ["\u{AD}", "\u{200B}", "\u{2060}", "\u{FEFF}"]
        if marks { transparent += ["\u{301}", "\u{20DD}"] }
        return (0..<300).map { _ in
            (0..<random.number(in: 1...6)).map { _ in
                var word = random.element(of: words)
                if random.chance(0.4) {
                    let index = word.index(word.startIndex, offsetBy: random.number(in: 0...word.count))
                    word.insert(contentsOf: random.element(of: transparent), at: index)
                }
                return word
            }.joined(separator: random.element(of: [" ", ", ", "-", " \u{AD}"]))
        }
    }

    @Test(arguments: [#"\bthe\b"#, #"\b\w+x\b"#, #"\Bhe"#, #"\b(?:the|then)\b"#, #"\bHolmes\b"#])
    func perlWordBoundaryIsICUs(_ pattern: String) throws {
        let lines = Self.lines(marks: true)
        let input = Data(lines.map { $0 + "\n" }.joined().utf8)
        let regex = try NSRegularExpression(pattern: pattern)
        var expectedOnly = ""
        var expectedCount = 0
        for line in lines {
            let matches = regex.matches(in: line, range: NSRange(line.startIndex..., in: line))
            for match in matches where match.range.length > 0 {
                expectedOnly += (line as NSString).substring(with: match.range) + "\n"
            }
            if !matches.isEmpty { expectedCount += 1 }
        }
        let only = try TestProcess.icugrep(["-o", "-P", pattern], input: input)
        #expect(only.output == expectedOnly, "-o -P \(pattern)")
        let count = try TestProcess.icugrep(["-c", "-P", pattern], input: input)
        #expect(count.output == "\(expectedCount)\n", "-c -P \(pattern)")
        #expect(expectedCount > 0)
    }

    @Test(.enabled(if: ReferenceGrep.isAvailable, "GNU grep is not installed"), arguments: [
        ["-w", "the"], ["-c", "-w", "the"], ["-o", "-w", "-E", "the|then"], ["-c", "-w", "Holmes"], ["-o", "-w", "-E", "[a-z]+x"],
        ["-c", "-E", "\\<the\\>"], ["-o", "-E", "\\bthe"],
    ])
    func wordOptionIsGNUs(_ arguments: [String]) throws {
        let grep = try #require(ReferenceGrep.executable)
        let input = Data(Self.lines(marks: false).map { $0 + "\n" }.joined().utf8)
        let expected = try TestProcess.run(grep, arguments, input: input)
        let actual = try TestProcess.icugrep(arguments, input: input)
        #expect(actual.output == expected.output, "\(arguments)")
        #expect(actual.status == expected.status, "\(arguments)")
    }
}
