import Foundation
import Testing
import TestSupport

/// Searches for many fixed strings (`-F -f list`: Teddy's 2 to 40 literals, and the word
/// lists of the Aho–Corasick automaton beyond) against GNU grep `-F`, counting (`-c`) and
/// printing lines, with case and with `-i`: generated lists and texts from a fixed seed, the
/// texts of several read blocks with occurrences at line and block ends. The texts are ASCII
/// besides `é`, on whose case GNU grep and ICU agree.
@Suite(
    "Differential: many fixed strings against GNU grep -F",
    .enabled(if: ReferenceGrep.isAvailable, "GNU grep is not installed"))
struct MultiLiteralDifferentialTests {
    static let seed: UInt64 = 0x7EDD_F1F0
    static let generatedCount = 24

    /// A generated list of `count` distinct words of 1 to `longest` letters.
    static func words(_ count: Int, longest: Int, using random: inout SplitMix64) -> [String] {
        var words: [String] = []
        while words.count < count {
            let letters = (0..<random.number(in: 1...longest)).map { _ in random.element(of: Array("abcdekstAEK")) }
            let word = String(letters)
            if !words.contains(word) { words.append(word) }
        }
        return words
    }

    /// A generated text of about `length` bytes: letters, spaces, `é`, newlines, and the
    /// words, often at the ends of lines.
    static func text(_ length: Int, words: [String], using random: inout SplitMix64) -> String {
        var text = ""
        text.reserveCapacity(length + 64)
        while text.utf8.count < length {
            switch random.number(in: 0..<20) {
            case 0: text += random.element(of: words)
            case 1: text += random.element(of: words) + "\n"
            case 2, 3: text += "\n"
            case 4: text += "é"
            default: text.append(random.element(of: Array("abcdefkstuvAEKSxyz  ")))
            }
        }
        return text + "\n"
    }

    @Test("generated lists of 2 to 64 words (Teddy to 40, the automaton beyond) and of 100 to 300, -c and lines, with and without -i")
    func generated() throws {
        let grep = try #require(ReferenceGrep.executable)
        var random = SplitMix64(seed: Self.seed)
        for index in 0..<Self.generatedCount {
            let count = index % 4 == 3 ? random.number(in: 100...300) : random.number(in: 2...64)
            // Words of up to two letters are 132 at most: longer lists need longer words.
            let words = Self.words(count, longest: random.number(in: (count > 100 ? 4 : 2)...9), using: &random)
            // Small texts and ones of several read blocks (the reads take 96 KB).
            let length = index % 3 == 0 ? 300_000 : random.number(in: 50...5_000)
            let input = Data(Self.text(length, words: words, using: &random).utf8)
            let directory = try TestProcess.makeDirectory(["list": Data((words.joined(separator: "\n") + "\n").utf8)])
            let list = directory.appendingPathComponent("list").path
            for options in [["-c"], [], ["-i", "-c"], ["-i", "-n"]] {
                let arguments = ["-F"] + options + ["-f", list]
                let expected = try TestProcess.run(grep, arguments, input: input)
                let actual = try TestProcess.icugrep(arguments, input: input)
                #expect(actual.output == expected.output, "case \(index): \(arguments) with \(words)")
                #expect(actual.status == expected.status, "case \(index): \(arguments)")
            }
        }
    }
}
