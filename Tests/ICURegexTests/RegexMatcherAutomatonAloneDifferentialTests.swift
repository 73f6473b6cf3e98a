import Foundation
@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// ``RegexMatcher/firstMatch(inUTF16:from:)`` and ``RegexMatcher/firstMatch(inUTF8:from:)``
    /// against ICU alone (a matcher of the pattern without search plan, through its ICU
    /// search), for patterns whose matchers go to the match automaton at once
    /// (``MatchStrategy/Session/searchesWithAutomatonAlone``), and for the way the automaton
    /// starts a search from an offset: whether the character before it is a word character,
    /// read on its own when it is below ``CodePointClassTable/exactLimit``. Texts of ASCII
    /// words, Cyrillic (two bytes in UTF-8), CJK, characters outside the BMP, and characters
    /// `\b` looks past (a combining mark, U+00AD SOFT HYPHEN); searches from every offset
    /// (inside a word, after a letter outside ASCII, between the halves of a pair, at the
    /// text's end, inside a UTF-8 sequence) and the loop of successive searches, with empty
    /// matches.
    @Suite struct RegexMatcherAutomatonAloneDifferentialTests {
        static let seed: UInt64 = 0x414C_4F4E_4531_3737

        static let patterns: [(String, RegexPattern.Options)] = [
            (#"\b\w+\b"#, []),
            (#"\b[0-9A-Za-z_]+\b"#, []),
            (#"\p{Lu}\p{Ll}+"#, []),
            (#"\w*"#, []),
            (#"\b"#, []),
            (#"\B\w"#, []),
            (#"\bж\w*"#, .caseInsensitive),
            (#"[а-я]+\b"#, []),
            (#"(?:ab|a)\b"#, []),
            (#"\b\w{2,3}\b|\d+"#, []),
            (#"(\w+) (\w+)"#, []),
        ]

        static let pieces = [
            "word", "Word", " ", " ", "  ", "ab", "a", "x1", "42", ",", ".\n", "Жук", "ёж", "жЖ", "é", "e\u{301}",
            "\u{301}", "a\u{AD}b", "\u{AD}", "😀", "日本", "_", "Ωμέγα", "-", "→",
        ]

        /// A text of `length` UTF-16 units or a little more, of ``pieces``.
        static func text(length: Int, _ random: inout SplitMix64) -> String {
            var text = ""
            while text.utf16.count < length { text += random.element(of: pieces) }
            return text
        }

        /// A search's answer, or the error it threw, as text.
        static func describe(_ search: () throws -> Range<Int>?) -> String {
            do { return String(describing: try search()) } catch { return "\(error)" }
        }

        /// The matches of the loop of `search` over `count` units: each from where the last
        /// ended, one character on (`step`) after an empty one.
        static func loop(count: Int, step: (Int) -> Int, _ search: (Int) throws -> Range<Int>?) -> [String] {
            var answers: [String] = []
            var from = 0
            while from <= count {
                let found: Range<Int>?
                do { found = try search(from) } catch {
                    answers.append("\(error)")
                    break
                }
                guard let found else { break }
                answers.append("\(found)")
                from = found.isEmpty ? step(found.upperBound) : found.upperBound
            }
            return answers
        }

        @Test func searchesFromEveryOffsetFindICUsMatches() throws {
            var random = SplitMix64(seed: Self.seed)
            var failures: [String] = []
            var alone: Set<String> = []
            for (pattern, options) in Self.patterns {
                let compiled = try RegexPattern(pattern, options: options)
                let icu = try RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false).makeMatcher()
                // Worked out first, so that every matcher takes the automaton at its first search.
                if let automaton = compiled.matchAutomata?.take() { compiled.matchAutomata?.put(automaton) }
                for length in [1, 12, 300, SearchPlan.minimumSearchLength + 100] {
                    let string = Self.text(length: length, &random)
                    let units = Array(string.utf16)
                    let bytes = Array(string.utf8)
                    // The UTF-8 offset of each UTF-16 offset that starts a character, and back.
                    var byteOffset: [Int: Int] = [units.count: bytes.count]
                    var unitOffset: [Int: Int] = [bytes.count: units.count]
                    var unit = 0
                    var byte = 0
                    for scalar in string.unicodeScalars {
                        byteOffset[unit] = byte
                        unitOffset[byte] = unit
                        unit += UTF16.width(scalar)
                        byte += UTF8.width(scalar)
                    }
                    let label = "\(pattern) on \(string.prefix(40).debugDescription) (\(units.count) units)"
                    try units.withUnsafeBufferPointer { text in
                        try bytes.withUnsafeBytes { utf8 in
                            let expected = (0...units.count).map { from in Self.describe { try icu.icuFirstMatch(inUTF16: text, from: from) } }
                            // UTF-16: one matcher from every offset in turn, then the loop of another.
                            let matcher = try compiled.makeMatcher()
                            for from in 0...units.count {
                                let found = Self.describe { try matcher.firstMatch(inUTF16: text, from: from) }
                                if found != expected[from] { failures.append("\(label) from \(from): \(found), ICU \(expected[from])") }
                            }
                            if matcher.searchesWithAutomatonAlone { alone.insert(pattern) }
                            let looping = try compiled.makeMatcher()
                            let step = { (from: Int) in
                                from + (from + 1 < units.count && UTF16.isLeadSurrogate(units[from]) && UTF16.isTrailSurrogate(units[from + 1]) ? 2 : 1)
                            }
                            let found = Self.loop(count: units.count, step: step) { try looping.firstMatch(inUTF16: text, from: $0) }
                            let icuLoop = Self.loop(count: units.count, step: step) { try icu.icuFirstMatch(inUTF16: text, from: $0) }
                            if found != icuLoop { failures.append("\(label), loop: \(found.count) matches \(found.prefix(4)), ICU \(icuLoop.count) \(icuLoop.prefix(4))") }
                            // UTF-8: from every character's first byte (ICU's UTF-16 answer in bytes), and
                            // from inside a character (ICU's UTF-8 search).
                            let utf8Matcher = try compiled.makeMatcher()
                            func inBytes(_ range: Range<Int>?) -> String {
                                String(describing: range.map { byteOffset[$0.lowerBound]!..<byteOffset[$0.upperBound]! })
                            }
                            for from in 0...bytes.count {
                                let found = Self.describe { try utf8Matcher.firstMatch(inUTF8: utf8, from: from) }
                                let icuFound: String
                                if let unitFrom = unitOffset[from] {
                                    icuFound = (try? icu.icuFirstMatch(inUTF16: text, from: unitFrom)).map(inBytes) ?? expected[unitFrom]
                                } else {
                                    icuFound = Self.describe { try icu.icuFirstMatch(inUTF8: utf8, from: from) }
                                }
                                if found != icuFound { failures.append("\(label), UTF-8 from \(from): \(found), ICU \(icuFound)") }
                            }
                            let utf8Looping = try compiled.makeMatcher()
                            // The next character's first byte.
                            let utf8Step = { (from: Int) in from < bytes.count ? from + (1...4).first { unitOffset[from + $0] != nil }! : from + 1 }
                            let utf8Found = Self.loop(count: bytes.count, step: utf8Step) { try utf8Looping.firstMatch(inUTF8: utf8, from: $0) }
                            let icuInBytes = icuLoop.map { answer in
                                // "a..<b" in units to bytes.
                                let bounds = answer.components(separatedBy: "..<").compactMap { Int($0) }
                                return bounds.count == 2 ? "\(byteOffset[bounds[0]]!..<byteOffset[bounds[1]]!)" : answer
                            }
                            if utf8Found != icuInBytes {
                                failures.append("\(label), UTF-8 loop: \(utf8Found.count) matches \(utf8Found.prefix(4)), ICU \(icuInBytes.count) \(icuInBytes.prefix(4))")
                            }
                        }
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) differences, the first: \(failures.prefix(6))")
            // These patterns' matchers take the automaton alone.
            for pattern in [#"\b\w+\b"#, #"\b[0-9A-Za-z_]+\b"#, #"\p{Lu}\p{Ll}+"#, #"\w*"#, #"\b"#] {
                #expect(alone.contains(pattern), "\(pattern) did not search with the automaton alone")
            }
        }
    }
}
