import Foundation
import Testing
import TestSupport

/// POSIX's leftmost-longest rule for `-o` and `--color` under `-G`, `-E` and `-F`, against GNU
/// grep: of the matches that start leftmost, the longest (`-o -E 'a|ab'` prints `ab`), where
/// ICU's syntax keeps the first alternative that matches. Generated alternations over a small
/// alphabet, from a fixed seed, and hand-picked cases.
@Suite(
    "Differential: leftmost-longest matches against GNU grep",
    .enabled(if: ReferenceGrep.isAvailable, "GNU grep is not installed"))
struct LongestMatchDifferentialTests {
    static let seed: UInt64 = 0x10_96_E5_7A
    static let generatedCount = 40

    /// The lines every case searches.
    static let input = Data("""
        ab
        abc abcd
        aab ba bab
        cabbac
        xx abba b
        bcbcbca
        aaaa bbbb
        acbd abd
        c

        """.utf8)

    /// Runs icugrep and GNU grep with `arguments` on ``input`` and compares their output.
    static func expectSame(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let grep = try #require(ReferenceGrep.executable)
        let expected = try TestProcess.run(grep, arguments, input: input)
        let actual = try TestProcess.icugrep(arguments, input: input)
        #expect(actual.output == expected.output, "\(arguments)", sourceLocation: sourceLocation)
        #expect(actual.status == expected.status, "\(arguments)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ["-o", "-E", "a|ab"], ["-o", "-E", "(a|ab)(c|bcd)"], ["-o", "-E", "x*(xy)?"], ["-o", "-E", "b|bb|bbb"],
        ["-o", "-G", "a\\|ab"], ["-o", "-G", "\\(a\\|ab\\)\\(c\\|bcd\\)"], ["-o", "-F", "-e", "bb", "-e", "bbb"],
        ["-o", "-F", "-e", "ab", "-e", "abc"], ["-o", "-E", "-e", "a", "-e", "ab"], ["-o", "-E", "-e", "b", "-e", "bc", "-e", "bcb"],
        ["-o", "-E", "(a|ab)\\1"], ["-o", "-E", "a?ab?"], ["-o", "-E", "(ab|a)(bc|c)?"], ["-o", "-w", "-E", "a|ab|abc"],
        ["-o", "-E", "b(c|cbc)*"], ["--color=always", "-E", "a|ab"], ["-o", "-b", "-E", "c|ca|cab"],
        ["-o", "-i", "-E", "A|AB"], ["-o", "-E", "(a|ab)$"], ["-o", "-E", "\\<(a|ab)"],
    ])
    func handPicked(_ arguments: [String]) throws {
        try Self.expectSame(arguments)
    }

    /// Lines of ASCII and non-ASCII words for GNU's word assertions: accented and Cyrillic
    /// letters, a combining mark, an astral letter, CJK, digits and `_` (word characters to
    /// glibc), and separators.
    static let wordInput = Data("""
        Hello World fooBar Élan éTé Bob
        the other theme the, THE them_the
        Жук жук Ёлка и ДОМ дом2 _Ab
        Café cafe\u{301} naïve 𝒜bc Abc𝒜 中文The The中文
        a1 Ab9 A_b Ab-Cd Ab.Cd x٣Ab Ab٣

        """.utf8)

    /// GNU's `\<`, `\>`, `\b` and `\B`, which the match automaton decides (as one-character
    /// look-arounds), on ``wordInput``.
    @Test(arguments: [
        ["-o", "-E", "\\<[A-Z][a-z]+\\>"], ["-o", "-G", "\\<the\\>"], ["-o", "-E", "\\<[[:upper:]][[:lower:]]+\\>"],
        ["-o", "-E", "\\<\\w+\\>"], ["-o", "-E", "\\b(the|them|th)\\B"], ["-o", "-E", "\\B[a-z]+\\b"], ["-o", "-E", "\\w\\>"],
        ["-o", "-E", "\\<(A|Ab|Abc)\\>"], ["-o", "-i", "-E", "\\<(the|them)\\>"], ["-o", "-E", "\\<(Ж|Жу|Жук)\\>"], ["-o", "-E", "\\<[[:alpha:]]([[:lower:]]|у)+\\>"],
        ["-o", "-E", "\\<.+\\>"], ["-o", "-E", "\\<(.|..)\\>"], ["-o", "-G", "\\b\\w\\+\\b"], ["--color=always", "-E", "\\<[A-Z]\\w*"],
        ["-o", "-E", "\\>.\\<"], ["-o", "-w", "-E", "[A-Z][a-z]*"],
    ])
    func wordAssertions(_ arguments: [String]) throws {
        let grep = try #require(ReferenceGrep.executable)
        let expected = try TestProcess.run(grep, arguments, input: Self.wordInput)
        let actual = try TestProcess.icugrep(arguments, input: Self.wordInput)
        #expect(actual.output == expected.output, "\(arguments)")
        #expect(actual.status == expected.status, "\(arguments)")
    }

    /// The longest matches the match automaton finds (``LineSearcher/reportedMatchWithoutICU(inUTF8:from:)``)
    /// on subtitle lines in English and Russian, against GNU grep and against ICU's own
    /// lengthening (the prefilter, and with it the automaton, turned off).
    @Test(arguments: ["en-sampled.txt", "ru-sampled.txt"])
    func corpusLines(_ corpus: String) throws {
        let grep = try #require(ReferenceGrep.executable)
        let text = try String(contentsOf: TestFixtures.corpora.appendingPathComponent(corpus), encoding: .utf8)
        let input = Data(text.split(separator: "\n", omittingEmptySubsequences: false).prefix(2000).joined(separator: "\n").utf8)
        let patterns = [
            #"\w+(ing|in|ов|ова)?"#, "[[:alpha:]]+([[:space:]]+[[:alpha:]]+)?", #"(то|тот|того)\w*"#, "(th|the|they)[a-z]*",
            #"\b\w{1,3}\b"#, "[[:upper:]][[:lower:]]*(,| )?", "е.{0,4}е", "(a|an|and)( |$)",
            #"\<[A-Z][a-z]+\>"#, #"\<(the|they|then)\>"#, #"\<[[:alpha:]]+(ing|ed)?\>"#, #"\<[[:upper:]][[:lower:]]*\>"#, #"\B(о|ого|его)\b"#,
        ]
        for pattern in patterns {
            for options in [["-o"], ["-o", "-i"]] {
                let arguments = options + ["-E", pattern]
                let expected = try TestProcess.run(grep, arguments, input: input)
                let actual = try TestProcess.icugrep(arguments, input: input)
                let icuAlone = try TestProcess.icugrep(arguments, input: input, environment: ["ICUGREP_NO_PREFILTER": "1"])
                #expect(actual.output == expected.output, "\(arguments) \(corpus)")
                #expect(actual.output == icuAlone.output, "\(arguments) \(corpus)")
            }
        }
    }

    /// Generated alternations in ERE, and the same in BRE.
    @Test func generated() throws {
        var generator = SplitMix64(seed: Self.seed)
        for _ in 0..<Self.generatedCount {
            let pattern = Self.alternation(depth: 0, using: &generator)
            try Self.expectSame(["-o", "-E", pattern])
            if Bool.random(using: &generator) {
                try Self.expectSame(["-o", "-G", Self.basic(pattern)])
            }
        }
    }

    /// An ERE alternation of two or three branches over `a`, `b`, `c`.
    static func alternation(depth: Int, using generator: inout SplitMix64) -> String {
        (0..<Int.random(in: 2...3, using: &generator)).map { _ in
            (0..<Int.random(in: 1...3, using: &generator)).map { _ in atom(depth: depth, using: &generator) }.joined()
        }.joined(separator: "|")
    }

    /// A character, `.`, a bracket or a group, perhaps repeated.
    static func atom(depth: Int, using generator: inout SplitMix64) -> String {
        var atom: String
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: atom = "."
        case 1: atom = "[ab]"
        case 2 where depth < 2: atom = "(" + alternation(depth: depth + 1, using: &generator) + ")"
        default: atom = String(["a", "b", "c"].randomElement(using: &generator)!)
        }
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: atom += "?"
        case 1: atom += "*"
        case 2: atom += "+"
        default: break
        }
        return atom
    }

    /// The BRE spelling of a generated ERE: GNU's `\|`, `\(`, `\)`, `\?`, `\+`.
    static func basic(_ extended: String) -> String {
        var text = ""
        for character in extended {
            switch character {
            case "|", "(", ")", "?", "+": text += "\\\(character)"
            default: text.append(character)
            }
        }
        return text
    }
}
