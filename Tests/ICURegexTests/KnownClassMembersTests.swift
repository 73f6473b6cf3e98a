@testable import ICURegex
import Testing
import TestSupport

/// ``KnownClassMembers`` reads the classes that only list characters without ICU: for every
/// class it reads, its members must be those ICU matches, and the classes whose meaning
/// depends on more than the listed characters must be left to ICU.
@Suite struct KnownClassMembersTests {
    /// The code points each class is asked about: all below U+0800 (where the automata keep a
    /// table), the surrogates' edges, and a spread of larger ones up to U+10FFFF.
    static let probedCodePoints: [UInt32] = Array(0..<0x800)
        + [0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFF0C, 0xFF1F, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF]
        + Array(stride(from: 0x800, to: 0x11_0000, by: 4_099))

    /// Whether ICU's `text` compiled with `options` matches the code point `value` when it is
    /// the whole text (a surrogate code point is one unit of its own).
    static func icuMatches(_ matcher: RegexMatcher, _ value: UInt32) throws -> Bool {
        let units: [UInt16] = Unicode.Scalar(value).map { Array(String($0).utf16) } ?? [UInt16(value)]
        return try units.withUnsafeBufferPointer { try matcher.icuFirstMatch(inUTF16: $0, from: 0) } == 0..<units.count
    }

    /// Checks that `text` is read, and that its members are ICU's.
    static func expectSameAsICU(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let listed = try #require(KnownClassMembers(classText: text, options: []), "\(text) not read", sourceLocation: sourceLocation)
        let matcher = try RegexPattern(text, options: [], limits: .default, usesSearchPlan: false).makeMatcher()
        var differences = 0
        var firstDifference: UInt32? = nil
        for value in probedCodePoints where listed.contains(value) != (try icuMatches(matcher, value)) {
            differences += 1
            firstDifference = firstDifference ?? value
        }
        #expect(differences == 0, "\(text): differs from ICU at \(differences) code points, first \(firstDifference.map { String($0, radix: 16) } ?? "")", sourceLocation: sourceLocation)
    }

    static let handPicked = [
        "[0-9]", "[^0-9]", "[A-Za-z]", "[?!]", "[,，]", "[？?]", "[0-9a-fA-F]", "[a]", "[^a]", "[a-a]",
        "[z-zа-я]", "[\\-\\]\\[\\\\]", "[\\^a]", "[a\\-z]", "[.*+?()|#]", "[😀-😂x]", "[^😀]", "[a-cb-dx-z]",
        "[\\.]", "[\u{0301}e]",
    ]

    @Test("a class of listed characters holds what ICU matches", arguments: handPicked)
    func handPickedClasses(_ text: String) throws {
        try Self.expectSameAsICU(text)
    }

    /// Classes generated from characters and ranges of ASCII, Latin, Cyrillic, CJK and astral
    /// characters, with and without `^` and escaped punctuation (seed fixed).
    @Test("generated classes of listed characters hold what ICU matches")
    func generatedClasses() throws {
        var random = SplitMix64(seed: 0x115_7ED)
        let pools: [ClosedRange<UInt32>] = [0x21...0x7E, 0xA0...0x17F, 0x400...0x4FF, 0x4E00...0x4E40, 0x1F600...0x1F640]
        func character() -> String {
            let value = UInt32.random(in: pools.randomElement(using: &random)!, using: &random)
            let scalar = Unicode.Scalar(value)!
            if scalar.isASCII && scalar.properties.isPatternSyntax { return "\\" + String(scalar) }
            return String(scalar)
        }
        var read = 0
        for _ in 0..<150 {
            var text = Bool.random(using: &random) ? "[^" : "["
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let low = character()
                if Bool.random(using: &random) {
                    let high = character()
                    let (a, b) = (low.unicodeScalars.last!.value, high.unicodeScalars.last!.value)
                    text += a <= b ? "\(low)-\(high)" : "\(high)-\(low)"
                } else {
                    text += low
                }
            }
            text += "]"
            guard KnownClassMembers(classText: text, options: []) != nil else { continue }
            read += 1
            try Self.expectSameAsICU(text)
        }
        #expect(read > 100, "most generated classes are read: \(read) of 150")
    }

    /// For each code point of Unicode, surrogates included, whether ICU's class `text` compiled
    /// with `options` matches it alone: runs of members found in one text of all code points
    /// but the surrogates, which are asked one by one.
    static func icuMembers(_ text: String, options: RegexPattern.Options) throws -> [Bool] {
        var members = [Bool](repeating: false, count: 0x11_0000)
        let matcher = try RegexPattern("(?:\(text))+", options: options, limits: .none, usesSearchPlan: false).makeMatcher()
        var units: [UInt16] = []
        var codePointAt: [UInt32] = []
        units.reserveCapacity(0x21_0000)
        codePointAt.reserveCapacity(0x21_0000)
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for unit in String(scalar).utf16 {
                units.append(unit)
                codePointAt.append(value)
            }
        }
        try units.withUnsafeBufferPointer { buffer in
            var from = 0
            while from < buffer.count, let found = try matcher.icuFirstMatch(inUTF16: buffer, from: from), !found.isEmpty {
                for index in found { members[Int(codePointAt[index])] = true }
                from = found.upperBound
            }
        }
        for value in UInt32(0xD800)...0xDFFF {
            members[Int(value)] = try icuMatches(matcher, value)
        }
        return members
    }

    @Test("the classes generated from ICU hold what the ICU in use matches, for every code point")
    func classesGeneratedFromICU() throws {
        guard KnownClassMembers.usesGeneratedRanges else {
            // Another ICU: the generated ranges must not be used.
            #expect(KnownClassMembers(classText: "\\w", options: []) == nil)
            return
        }
        for (text, mode, holdsIgnoringCase, _, _) in ICUClassRanges.classes {
            let options: RegexPattern.Options = switch mode {
            case .any, .lineSeparators: []
            case .unixLines: .useUnixLineSeparators
            case .dotMatchesAll: .dotMatchesLineSeparators
            }
            let listed = try #require(KnownClassMembers(classText: text, options: options), "\(text) not known")
            let expected = try Self.icuMembers(text, options: options)
            var differences = 0
            var firstDifference: Int? = nil
            for value in expected.indices where listed.contains(UInt32(value)) != expected[value] {
                differences += 1
                firstDifference = firstDifference ?? value
            }
            #expect(differences == 0, "\(text) with \(options): differs from ICU at \(differences) code points, first \(firstDifference.map { String($0, radix: 16) } ?? "")")
            // Ignoring case (which the generator checked for every code point), on a sample.
            let ignoringCase = KnownClassMembers(classText: text, options: options.union(.caseInsensitive))
            #expect((ignoringCase != nil) == holdsIgnoringCase, "\(text) ignoring case")
            if let ignoringCase {
                let matcher = try RegexPattern(text, options: options.union(.caseInsensitive), limits: .default, usesSearchPlan: false).makeMatcher()
                for value in Self.probedCodePoints where ignoringCase.contains(value) != (try Self.icuMatches(matcher, value)) {
                    Issue.record("\(text) ignoring case differs from ICU at U+\(String(value, radix: 16))")
                    break
                }
            }
        }
        // The options that change a class leave it to ICU; `.` follows the line options.
        #expect(KnownClassMembers(classText: "\\w", options: .allowCommentsAndWhitespace) == nil)
        #expect(KnownClassMembers(classText: ".", options: []) != KnownClassMembers(classText: ".", options: .dotMatchesLineSeparators))
    }

    @Test("classes whose meaning is more than their listed characters are left to ICU")
    func leftToICU() {
        for text in [
            "[\\w]", "[\\p{L}]", "[\\t]", "[\\x41]", "[[a-z]]", "[a-z&&[^q]]", "[a-z--q]",
            "[:alpha:]", "[^:alpha:]", "[a-]", "[-a]", "[a^]", "[$a]", "[{ab}]", "[ a]", "[z-a]", "[]", "[^]",
            "[a", "a]",
        ] {
            #expect(KnownClassMembers(classText: text, options: []) == nil, "\(text)")
        }
        for options: RegexPattern.Options in [.caseInsensitive, .allowCommentsAndWhitespace, .ignoreMetacharacters] {
            #expect(KnownClassMembers(classText: "[a-z]", options: options) == nil, "\(options)")
        }
        #expect(KnownClassMembers(classText: "[a-z]", options: [.dotMatchesLineSeparators, .anchorsMatchLines]) != nil)
    }

    /// The automata's tables take a listed class's members from ``KnownClassMembers``: the same
    /// as ICU's.
    @Test("ClassMembership reads a listed class and asks ICU for the others")
    func classMembershipUsesListedClasses() throws {
        for text in ["[0-9]", "[^a-zé]", "[?!，]"] {
            #expect(ClassMembership.members(ofClass: text, options: [], below: 0x800)
                == ClassMembership.icuMembers(ofClass: text, options: [], below: 0x800), "\(text)")
        }
    }
}
