@testable import ICURegex
import Testing
import TestSupport

/// The match automaton's anchored tries at a literal that starts every match, which start in
/// the state after the literal (``MatchAutomaton/anchoredMatch(inUTF8:at:prefix:to:)``) and
/// run over many occurrences in one call (``MatchAutomaton/noMatchCount(inUTF8:atEach:bias:prefix:to:)``),
/// against the try that reads the literal (``MatchAutomaton/anchoredMatch(inUTF8:at:to:)``):
/// generated texts (fixed seed) of the literals, words, non-ASCII letters, ill-formed bytes
/// and line ends, tried at every occurrence and every end.
@Suite struct MatchAutomatonPrefixTests {
    @Test func prefixedTriesAgainstPlainTries() throws {
        var random = SplitMix64(seed: 0x7072_6566_6978_6564)
        // With `readsPrefix`, the tries read the prefix (a word assertion, a match within
        // it), and the count is 0.
        let cases: [(pattern: String, prefix: String, readsPrefix: Bool)] = [
            (#"\?\n[A-Z][a-z]+\?"#, "?\n", false), (#"Holmes[.,!?]?\n\w+"#, "Holmes", false), (#"ab+c"#, "ab", false),
            (#"ab|abc"#, "ab", true), (#"ab\b\w*"#, "ab", true), (#"é\s+\w"#, "é", false), (#"x"#, "x", true),
            (#"ab?"#, "a", true), (#"a[b.]c"#, "a", false),
            // Runs of ASCII letters the tries read in their own loop, then a non-ASCII letter,
            // a match's end or the text's end.
            (#"q[a-z]*[.é]"#, "q", false), (#"What[a-z ]+\?"#, "What", false),
        ]
        let pieces: [[UInt8]] = [
            Array("?\n".utf8), Array("Holmes".utf8), Array("ab".utf8), Array("abc".utf8), Array("What".utf8),
            Array("?".utf8), Array("\n".utf8), Array(" ".utf8), Array("é".utf8), Array("Éa".utf8), Array("x".utf8),
            Array("b".utf8), Array("😀".utf8), [0xFF], [0xC3], Array(".".utf8), Array("Zo".utf8),
            Array("q".utf8), Array("is it".utf8),
        ]
        var compared = 0
        for (pattern, prefix, readsPrefix) in cases {
            let matcher = try RegexPattern(pattern).makeMatcher()
            let automaton = try #require(matcher.multilineMatchAutomaton, "\(pattern)")
            let literal = Array(prefix.utf8)
            for _ in 0..<20 {
                var bytes: [UInt8] = []
                for _ in 0..<Int.random(in: 1...120, using: &random) {
                    bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
                }
                let occurrences = bytes.indices.filter { bytes[$0...].starts(with: literal) }
                bytes.withUnsafeBufferPointer { buffer in
                    let base = buffer.baseAddress!
                    for end in Set([bytes.count, Int.random(in: 0...bytes.count, using: &random)]) {
                        let tried = occurrences.filter { $0 + literal.count <= end }
                        var plain: [(outcome: MatchAutomaton.Outcome, readToEnd: Bool)] = []
                        for start in tried {
                            let expected = automaton.anchoredMatch(inUTF8: base, at: start, to: end)
                            let found = automaton.anchoredMatch(inUTF8: base, at: start, prefix: literal, to: end)
                            #expect(found.outcome == expected.outcome && found.readToEnd == expected.readToEnd,
                                "\(pattern) at \(start) to \(end) in \(bytes)")
                            plain.append(expected)
                            compared += 1
                        }
                        for first in [0, tried.count / 2] where first <= tried.count {
                            let biased = tried[first...].map { $0 + 1000 }
                            let tried = biased.withUnsafeBufferPointer {
                                automaton.noMatchCount(inUTF8: base, atEach: $0, bias: 1000, prefix: literal, to: end)
                            }
                            let expected = readsPrefix ? 0 : plain[first...].prefix { $0.outcome == .noMatch && !$0.readToEnd }.count
                            #expect(tried.count == expected, "\(pattern) from occurrence \(first) to \(end) in \(bytes)")
                            if !readsPrefix && first + expected < plain.count {
                                let stop = plain[first + expected]
                                #expect(tried.outcome == stop.outcome && tried.readToEnd == stop.readToEnd,
                                    "\(pattern) at occurrence \(first + expected) to \(end) in \(bytes)")
                            }
                        }
                    }
                }
            }
        }
        #expect(compared > 1000)
    }
}
