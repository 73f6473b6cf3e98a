@testable import ICURegex
import Testing

/// The pattern reader's facts that the search plan relies on: the exact set and its order,
/// atomic groups, the most units a match can take, and how far into a match a required
/// literal starts.
@Suite struct PatternAnalysisTests {
    /// The facts of `pattern`, ranked by the shortest literal.
    private func facts(_ pattern: String) -> LiteralFacts? {
        LiteralFacts.of(pattern: pattern, score: { $0.map(\.count).min() ?? 0 })
    }

    /// The exact strings of `pattern`, as text, in order.
    private func exact(_ pattern: String) -> [String]? {
        facts(pattern)?.exact?.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bounded required set of `pattern`, as text, with its offset.
    private func near(_ pattern: String) -> ([String], Int)? {
        facts(pattern)?.nearRequired.map { ($0.literals.map { String(decoding: $0, as: UTF8.self) }, $0.maximumUTF16Offset) }
    }

    @Test("exact sets come in ICU's order: alternation order, prefix-major in sequences")
    func exactOrder() {
        #expect(exact("a|ab") == ["a", "ab"])
        #expect(exact("ab|a") == ["ab", "a"])
        #expect(exact("(?:a|ab)(?:c|bc)") == ["ac", "abc", "abbc"])
        #expect(exact("x(?:|y)") == ["x", "xy"])
        #expect(exact("😀a|b") == ["😀a", "b"])
        #expect(exact("a?") == nil)
        #expect(exact("^a") == nil)
        #expect(exact("a\\b") == nil)
        #expect(exact("(?=a)a") == nil)
    }

    @Test("an atomic group with a choice is not faithful to its exact set")
    func atomicGroups() {
        #expect(facts("(?>a|ab)c")?.exactIsFaithful == false)
        #expect(facts("(?>ab)c")?.exactIsFaithful == true)
        #expect(facts("(?>a|ab)c|d")?.exactIsFaithful == false)
        #expect(facts("(?:a|ab)c")?.exactIsFaithful == true)
    }

    @Test("the most UTF-16 units a match takes")
    func maximumUTF16Length() {
        #expect(facts("abc")?.maximumUTF16Length == 3)
        #expect(facts("😀")?.maximumUTF16Length == 2)
        #expect(facts("[a-z]{2,4}x")?.maximumUTF16Length == 9)
        #expect(facts("a|bcd")?.maximumUTF16Length == 3)
        #expect(facts("(?<=xyz)a\\b")?.maximumUTF16Length == 1)
        #expect(facts("a+")?.maximumUTF16Length == nil)
        #expect(facts("\\X")?.maximumUTF16Length == nil)
        #expect(facts("(a)\\1")?.maximumUTF16Length == nil)
        #expect(facts("\\x41bc")?.maximumUTF16Length == 3, "ICU reads \\x41 and then b and c")
        #expect(facts(".?")?.maximumUTF16Length == 2)
    }

    @Test("required literals with a bounded distance from the match start")
    func nearRequired() {
        #expect(near("Holmes")! == (["Holmes"], 0))
        #expect(near("\\w{1,3}\\s?Holmes")! == (["Holmes"], 8))
        #expect(near("x(?:ab|cde)yz")! == (["abyz", "cdeyz"], 1) || near("x(?:ab|cde)yz")!.0 == ["xabyz", "xcdeyz"])
        #expect(near("(?:[0-9]ab|cd)+")! == (["ab", "cd"], 2))
        #expect(near("a*Holmes") == nil)
        #expect(near("\\w+\\s+Holmes") == nil)
        #expect(facts("\\w+\\s+Holmes")?.required == [Array("Holmes".utf8)])
        #expect(near("(?:ab)?cd")! == (["cd"], 2))
    }
}
