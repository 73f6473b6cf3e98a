@testable import ICURegex
import Testing

/// ``ClassMembership`` asks ICU about one text of all code points at once: its answers must be
/// those of asking ICU about each code point alone.
@Suite struct ClassMembershipTests {
    /// For each code point below `limit`, whether `text` compiled with `options` matches it
    /// exactly when it is the whole text searched.
    private func membersOneByOne(_ text: String, options: RegexPattern.Options, below limit: Int) throws -> [Bool] {
        let matcher = try RegexPattern(text, options: options, limits: .default, usesSearchPlan: false).makeMatcher()
        return try (0..<limit).map { codePoint in
            try [UInt16(codePoint)].withUnsafeBufferPointer { try matcher.icuFirstMatch(inUTF16: $0, from: 0) == 0..<1 }
        }
    }

    static let classes = [
        "\\w", "\\W", "\\d", "\\s", "\\S", "\\h", "\\v", "\\V", ".", "[a-z]", "[^a-z]", "\\p{Lu}", "\\p{Ll}",
        "\\p{Greek}", "[\\p{L}&&[^q]]", "[ßſk]", "[\\uFB06\\u0130]", "\\N{LATIN SMALL LETTER SHARP S}",
        MatchAutomatonPlan.wordCharacterClass, MatchAutomatonPlan.transparentCharacterClass,
    ]

    @Test("the members of a class are those ICU matches alone", arguments: classes)
    func sameAsOneByOne(_ text: String) throws {
        for options: RegexPattern.Options in [[], [.caseInsensitive], [.dotMatchesLineSeparators], [.caseInsensitive, .useUnixLineSeparators]] {
            let members = ClassMembership.members(ofClass: text, options: options, below: 0x800)
            #expect(members == (try membersOneByOne(text, options: options, below: 0x800)), "\(text) with \(options)")
        }
    }

    @Test("a class ICU rejects has no members")
    func rejected() {
        #expect(ClassMembership.members(ofClass: "[z-a]", options: [], below: 128) == nil)
        #expect(ClassMembership.members(ofClass: "\\p{NoSuchProperty}", options: [.caseInsensitive], below: 128) == nil)
    }
}
