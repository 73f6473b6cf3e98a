import Foundation
@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// `RegexPatternSet` against the loop it replaces, one ICU-only `RegexPattern` per pattern
    /// searched from where the set's walk resumes, and against `NSRegularExpression` on the
    /// alternation of the patterns, each in a capture group of its own (back-references
    /// renumbered), whose matching group names the pattern. Generated pattern sets (literals,
    /// alternations, classes, back-references, case-insensitive, empty matches, assertions) on
    /// short texts, on texts long enough for each pattern's own search plan, and one set of many
    /// words on a corpus.
    @Suite struct PatternSetDifferentialTests {
        static let seed: UInt64 = 0x5041_5454_4552_4E53

        /// One generated pattern: its text given the number of groups before it in an
        /// alternation, its options, and its own number of groups.
        struct GeneratedPattern: CustomStringConvertible {
            let text: (Int) -> String
            let groups: Int
            let options: RegexPattern.Options
            var own: String { text(0) }
            var description: String { "\(own) \(options.rawValue)" }

            /// The pattern as an alternative of an `NSRegularExpression`, in a group of its own
            /// after `groupsBefore` groups.
            func alternative(after groupsBefore: Int) -> String {
                if options.contains(.ignoreMetacharacters) {
                    return "(" + NSRegularExpression.escapedPattern(for: own) + ")"
                }
                let body = text(groupsBefore + 1)
                return options.contains(.caseInsensitive) ? "((?i:\(body)))" : "(\(body))"
            }
        }

        /// The pieces patterns are made of, with their numbers of groups; `{1}` stands for the
        /// number of the piece's first group.
        static let pieces: [(groups: Int, text: String)] = [
            (0, "ab"), (0, "abc"), (0, "ba"), (0, "cab"), (0, "b"), (0, "ab|a"), (0, "a|ab"), (0, "[ab]c"), (0, "\\d+"),
            (0, "[a-c]{2}"), (0, "a.c"), (0, "x*"), (0, "b?"), (0, "\\b"), (0, "\\bab"), (0, "c\\b"), (0, "(?<=a)b"),
            (0, "a[^x]*c"), (0, "b.{0,3}a"), (0, "(?i:Ab)"), (0, "é|𝔸"), (0, "ca(?=b)"),
            (1, "(a|b)\\{1}"), (1, "(c)x?\\{1}"), (2, "(a)(b)?\\{1}"),
        ]

        static func generatePattern(_ random: inout SplitMix64) -> GeneratedPattern {
            if random.chance(0.08) {
                let literal = random.chance(0.5) ? "a.b" : "ab"
                return GeneratedPattern(text: { _ in literal }, groups: 0, options: .ignoreMetacharacters)
            }
            var parts: [(groups: Int, text: String)] = [random.element(of: pieces)]
            if random.chance(0.4) { parts.append(random.element(of: pieces)) }
            let options: RegexPattern.Options = random.chance(0.2) ? .caseInsensitive : []
            let groups = parts.reduce(0) { $0 + $1.groups }
            let text: (Int) -> String = { offset in
                var groupsBefore = offset
                return parts.map { part in
                    defer { groupsBefore += part.groups }
                    return "(?:" + part.text.replacingOccurrences(of: "{1}", with: String(groupsBefore + 1)) + ")"
                }.joined()
            }
            return GeneratedPattern(text: text, groups: groups, options: options)
        }

        static func generateText(_ random: inout SplitMix64, length: Int) -> String {
            let alphabet: [String] = ["a", "b", "c", "x", " ", "A", "B", "1", "2", "\n", "é", "𝔸", "ab", "cab"]
            return (0..<length).map { _ in random.element(of: alphabet) }.joined()
        }

        /// The set's matches as the loop over single ICU-only patterns finds them.
        static func loopMatches(_ patterns: [RegexPattern], in units: UnsafeBufferPointer<UInt16>) throws -> [PatternSetMatch] {
            let matchers = try patterns.map {
                try RegexPattern($0.pattern, options: $0.options, limits: $0.limits, usesSearchPlan: false).makeMatcher()
            }
            var found: [PatternSetMatch] = []
            var from = 0
            while from <= units.count {
                var best: PatternSetMatch?
                for (index, matcher) in matchers.enumerated() {
                    guard let match = try matcher.firstMatch(inUTF16: units, from: from) else { continue }
                    if best == nil || match.lowerBound < best!.range.lowerBound {
                        best = PatternSetMatch(range: match, patternIndex: index)
                    }
                }
                guard let best else { break }
                found.append(best)
                let end = best.range.upperBound
                if !best.range.isEmpty {
                    from = end
                } else if end + 1 < units.count, UTF16.isLeadSurrogate(units[end]), UTF16.isTrailSurrogate(units[end + 1]) {
                    from = end + 2
                } else {
                    from = end + 1
                }
            }
            return found
        }

        /// The matches of `NSRegularExpression` on the alternation of `patterns`.
        static func foundationMatches(_ patterns: [GeneratedPattern], in text: String) throws -> [PatternSetMatch] {
            var groupsBefore = 0
            var firstGroups: [Int] = []
            let alternatives = patterns.map { pattern in
                defer { groupsBefore += pattern.groups + 1 }
                firstGroups.append(groupsBefore + 1)
                return pattern.alternative(after: groupsBefore)
            }
            let regex = try NSRegularExpression(pattern: alternatives.joined(separator: "|"))
            let string = text as NSString
            return regex.matches(in: text, range: NSRange(location: 0, length: string.length)).map { result in
                let index = firstGroups.firstIndex { result.range(at: $0).location != NSNotFound }!
                let range = result.range
                return PatternSetMatch(range: range.location..<NSMaxRange(range), patternIndex: index)
            }
        }

        static func check(_ generated: [GeneratedPattern], text: String, againstFoundation: Bool) throws {
            let patterns = try generated.map { try RegexPattern($0.own, options: $0.options) }
            let set = RegexPatternSet(patterns)
            let units = Array(text.utf16)
            let (found, expected, matching, expectedMatching) = try units.withUnsafeBufferPointer { units in
                (
                    try set.matches(inUTF16: units), try loopMatches(patterns, in: units),
                    try set.matchingPatterns(inUTF16: units),
                    try patterns.indices.filter { try patterns[$0].makeMatcher().firstMatch(inUTF16: units) != nil }
                )
            }
            #expect(found == expected, "patterns \(generated) in \(text.debugDescription)")
            #expect(matching == expectedMatching, "matchingPatterns: patterns \(generated) in \(text.debugDescription)")
            if againstFoundation {
                let foundation = try foundationMatches(generated, in: text)
                #expect(found == foundation, "against Foundation: patterns \(generated) in \(text.debugDescription)")
            }
            // The string and UTF-8 entry points give the same matches in their own offsets.
            let stringMatches = try set.matches(in: text).map {
                PatternSetMatch(
                    range: $0.range.lowerBound.utf16Offset(in: text)..<$0.range.upperBound.utf16Offset(in: text),
                    patternIndex: $0.patternIndex)
            }
            #expect(stringMatches == found, "matches(in:) on \(text.debugDescription)")
            let utf8 = Array(text.utf8)
            let utf8Matches = try utf8.withUnsafeBufferPointer { try set.matches(inUTF8: $0) }
            let converted = utf8Matches.map { match in
                let lower = String(decoding: utf8[..<match.range.lowerBound], as: UTF8.self).utf16.count
                let upper = String(decoding: utf8[..<match.range.upperBound], as: UTF8.self).utf16.count
                return PatternSetMatch(range: lower..<upper, patternIndex: match.patternIndex)
            }
            #expect(converted == found, "matches(inUTF8:) on \(text.debugDescription)")
            // Each match's pattern is the first one that matches exactly its span.
            let named = try utf8.withUnsafeBytes { bytes in
                try utf8Matches.map { try set.patternIndex(ofMatch: $0.range, inUTF8: bytes) }
            }
            #expect(named == utf8Matches.map(\.patternIndex), "patternIndex(ofMatch:inUTF8:): \(generated) in \(text.debugDescription)")
        }

        @Test func shortTextsAgainstTheLoopAndFoundation() throws {
            var random = SplitMix64(seed: Self.seed)
            for _ in 0..<400 {
                let patterns = (0..<random.number(in: 1...6)).map { _ in Self.generatePattern(&random) }
                let text = Self.generateText(&random, length: random.number(in: 0...40))
                try Self.check(patterns, text: text, againstFoundation: true)
            }
        }

        @Test func longTextsAgainstTheLoopAndFoundation() throws {
            var random = SplitMix64(seed: Self.seed &+ 1)
            for _ in 0..<6 {
                let patterns = (0..<random.number(in: 2...12)).map { _ in Self.generatePattern(&random) }
                let text = Self.generateText(&random, length: random.number(in: 3000...4500))
                try Self.check(patterns, text: text, againstFoundation: true)
            }
        }

        /// Many words and a few regular expressions, as the benchmark has them, on a corpus.
        @Test func wordsOnACorpus() throws {
            let text = try String(contentsOf: TestFixtures.corpora.appendingPathComponent("en-sampled.txt"), encoding: .utf8)
            let sample = String(text.prefix(20_000))
            let words = ["Sherlock", "Holmes", "Watson", "the", "and", "of", "he", "she", "her", "said", "which", "would"]
            let regexes = [#"\b[A-Z][a-z]+son\b"#, #"(\w)\1"#, #"\d{2,}"#, #"(?i)holmes"#, #"wh[a-z]+"#]
            let generated = (words + regexes).map { pattern in
                GeneratedPattern(text: { _ in pattern }, groups: pattern.hasPrefix("(\\w)") ? 1 : 0, options: [])
            }
            // The back-reference's group is renumbered for Foundation by hand.
            let renumbered = generated.enumerated().map { index, pattern in
                pattern.own == #"(\w)\1"#
                    ? GeneratedPattern(text: { offset in "(\\w)\\\(offset + 1)" }, groups: 1, options: []) : pattern
            }
            try Self.check(renumbered, text: sample, againstFoundation: true)
        }

        /// Back-references whose groups are bounded are searched near their required literals
        /// (one of a set, as `No, `, `Yes, `, `Oh, `), with matches that overlap and hide one
        /// another; those that ignore case, where `\1` after `ß` may match `SS`, ſ `s`, and
        /// the Kelvin sign `k`, keep their own search. Against the loop and Foundation.
        @Test func boundedBackReferencesNearTheirLiterals() throws {
            let patterns: [(String, RegexPattern.Options)] = [
                (#"\b(No|Yes|Oh), \{1}\b"#, []), (#"(ab|c)x\{1}"#, []), (#"\b(?:Yes|No)\b"#, []),
                (#"(\w{1,3})-\{1}"#, []), (#"(ß|s)\{1}"#, .caseInsensitive), (#"(?i)(k|ſ)\{1}"#, []),
                (#"(?i:(ß))\{1}"#, []), (#"(a)(?i)\{1}"#, []), (#"x(a|bc)(\{1})\{2}"#, []),
            ]
            let generated = patterns.enumerated().map { place, pattern in
                let groups = pattern.0.contains(#"(\{1})"#) ? 2 : 1
                return GeneratedPattern(
                    text: { offset in
                        pattern.0.replacingOccurrences(of: "{1}", with: String(offset + 1))
                            .replacingOccurrences(of: "{2}", with: String(offset + 2))
                    }, groups: place == 2 ? 0 : groups, options: pattern.1)
            }
            let set = RegexPatternSet(try generated.map { try RegexPattern($0.own, options: $0.options) })
            #expect(set.nearLiteralPatterns.contains(0), "\(set.nearLiteralPatterns)")
            #expect(!set.nearLiteralPatterns.contains(4) && !set.nearLiteralPatterns.contains(5))
            #expect(!set.nearLiteralPatterns.contains(6) && !set.nearLiteralPatterns.contains(7))
            var random = SplitMix64(seed: Self.seed &+ 2)
            let alphabet = [
                "No, No", "No, no", "Yes, Yes", "Yes, No, No", "Oh, Oh, Oh", ", ", " ", "abxab", "cxc", "abxc", "-", "ab-ab",
                "xyz-xyz", "ßSS", "ßß", "ss", "sS", "ſs", "Kk", "\u{212A}k", "kK", "aA", "xbcbcbc", "xaaa", "\n", "é",
            ]
            for _ in 0..<60 {
                let text = (0..<random.number(in: 0...30)).map { _ in random.element(of: alphabet) }.joined()
                try Self.check(generated, text: text, againstFoundation: true)
            }
        }

        /// Patterns with leading inline flags, searched as the rest of the pattern with those
        /// flags as options (and so with a search plan): `(?i)` literals with ſ, the Kelvin sign
        /// and ß among words that hide some of their matches, `(?m)`, `(?s)`, `(?w)`, on texts
        /// long enough for the plans. Against the loop and Foundation.
        @Test func leadingFlagsReadAsOptions() throws {
            let texts = [
                "Sherlock", "sherlock", "SHERLOCK", "ſherlock", "sherloc\u{212A}", "Straße", "STRASSE", "strasse", "\n", " ",
                "ab", "a\nb", "éab", "x", "Holmes", "holmes",
            ]
            let patterns = [
                "Sherlock", "(?i)sherlock", "(?i)strasse", "(?i)straße", "(?m)^ab", "(?s)a.b", "(?w)\\bab", "(?i)holmes|x", "Holmes",
            ]
            let generated = patterns.map { pattern in GeneratedPattern(text: { _ in pattern }, groups: 0, options: []) }
            let set = RegexPatternSet(try patterns.map { try RegexPattern($0) })
            #expect(set.planningPatternIndices.contains(1), "\(set.planningPatternIndices)")
            var random = SplitMix64(seed: Self.seed &+ 3)
            for length in [0, 5, 30, 600, 1500] {
                let text = (0..<length).map { _ in random.element(of: texts) }.joined()
                try Self.check(generated, text: text, againstFoundation: true)
            }
        }

        /// Words that ignore case (by the option, by `(?i)`, as alternations, quoted), found by
        /// the scan ignoring ASCII case, among words with `\b` or `-w`'s wrapping, words outside
        /// ASCII, case-sensitive words and regular expressions, on texts with the characters
        /// whose full case folding holds ASCII (ß and ẞ for `ss`, ſ for `s`, the Kelvin sign for
        /// `k`, ﬁ and ﬃ, İ for `i̇`) and others near them (Σ, σ, ς, the dotless ı, combining
        /// marks, astral characters), from short texts to ones with many folding characters.
        /// Against the loop and Foundation.
        @Test func caseInsensitiveWordsByTheFoldedScan() throws {
            let caseless: RegexPattern.Options = .caseInsensitive
            let patterns: [(String, RegexPattern.Options)] = [
                ("strasse", caseless), ("(?i)ss", []), ("sk|s", caseless), ("Holmes", []), ("(?i)the|th", []),
                (#"\bkelvin\b"#, caseless), (#"(?<!\w)(?:fix|ffi)(?!\w)"#, caseless), ("istanbul", caseless), ("σ", caseless),
                (#"a\.b"#, caseless), (#"\w+ss"#, []), ("The", []), ("fix|ﬃ", caseless), (#"i\u0307"#, caseless),
                ("kelvin", caseless), ("(?i)holmes", []), ("(?i)I", []), ("st", caseless), ("ffix", caseless),
            ]
            let generated = patterns.map { pattern in GeneratedPattern(text: { _ in pattern.0 }, groups: 0, options: pattern.1) }
            let set = RegexPatternSet(try generated.map { try RegexPattern($0.own, options: $0.options) })
            #expect(set.foldedLiteralPatterns == [0, 1, 2, 4, 7, 9, 14, 15, 16, 17, 18], "\(set.foldedLiteralPatterns)")
            let pieces = [
                "strasse", "STRASSE", "Straße", "STRAẞE", "ſtrasse", "ss", "ß", "ẞ", "SK", "s\u{212A}", "ſk", "ſ", "kelvin",
                "\u{212A}elvin", "KELVIN", "fix", "ﬁx", "ﬃ", "ffi", "FFIX", "ﬀix", "Σς", "σ", "İ", "ı", "i\u{0307}", "istanbul",
                "İstanbul", "ISTANBUL", "e\u{0301}", "𝔸", "😀", " ", "\n", "a.b", "A.B", "the", "The", "THE", "tH", "Holmes",
                "hOlMeS", "holmeſ", "x", "st", "ﬅ", "ﬆ",
            ]
            var random = SplitMix64(seed: Self.seed &+ 4)
            for length in [0, 1, 2, 3, 5, 8, 12, 20, 40, 80, 300, 1200] {
                for _ in 0..<(length < 100 ? 12 : 2) {
                    let text = (0..<length).map { _ in random.element(of: pieces) }.joined()
                    try Self.check(generated, text: text, againstFoundation: true)
                }
            }
            // A text long enough for ASCII runs between the folding characters.
            let ascii = ["the ", "strasse ", "Holmes ", "kelvin ", "istanbul ", "fix ", "a.b ", "sk ", "word ", "ST "]
            let long = (0..<2000).map { index in index % 97 == 0 ? random.element(of: pieces) : random.element(of: ascii) }.joined()
            try Self.check(generated, text: long, againstFoundation: true)
            // Quoted patterns that ignore case (checked against the loop only: Foundation's
            // alternation would quote away the case option).
            let quoted = [
                GeneratedPattern(text: { _ in "s.k" }, groups: 0, options: [.ignoreMetacharacters, .caseInsensitive]),
                GeneratedPattern(text: { _ in "ss" }, groups: 0, options: [.ignoreMetacharacters, .caseInsensitive]),
                GeneratedPattern(text: { _ in "S.K" }, groups: 0, options: .ignoreMetacharacters),
            ]
            let quotedSet = RegexPatternSet(try quoted.map { try RegexPattern($0.own, options: $0.options) })
            #expect(quotedSet.foldedLiteralPatterns == [0, 1], "\(quotedSet.foldedLiteralPatterns)")
            for length in [0, 4, 30, 400] {
                let text = (0..<length).map { _ in random.element(of: ["s.k", "S.\u{212A}", "ſ.K", "ß", "ss", "s", ".", "k", "x"]) }.joined()
                try Self.check(quoted, text: text, againstFoundation: false)
            }
        }

        /// Exact words and case-insensitive ones found in one scan, the latter as their ASCII
        /// case variants (`(?i)sherlock` beside `Sherlock` and `sherlock`, a folded word that is
        /// a piece of an exact one and the reverse), on texts with the characters whose full
        /// folding holds ASCII (`ß`, `ſ`, the Kelvin sign, `ﬅ`); and a folded word with too many
        /// variants, which keeps its own scan: against the loop and Foundation.
        @Test func foldedWordsInTheExactScan() throws {
            let caseless: RegexPattern.Options = .caseInsensitive
            let patterns: [(String, RegexPattern.Options)] = [
                ("Sherlock", []), ("(?i)sherlock", []), ("sherlock", []), ("kiss", caseless), ("Kissing", []), ("ss", []),
                ("(?i)strasse|st", []), ("Holmes", []), ("holmes", caseless), ("k", caseless), ("Sk", []),
            ]
            let long = ("abcdefghijklmnop", caseless)
            var random = SplitMix64(seed: Self.seed &+ 6)
            let pieces = [
                "Sherlock", "SHERLOCK", "sherlock", "ſherlock", "Kissing", "kiss", "\u{212A}iss", "KISS", "kiſs", "ß", "SS",
                "strasse", "Straße", "ﬅ", "st", "Holmes", "HOLMES", "holmeſ", "Sk", "sk", "\u{212A}", " ", ", ", "\n", "é",
                "abcdefghijklmnop", "ABCDEFGHIJKLMNOP", "abcdefghijklmnoP",
            ]
            for withLong in [false, true] {
                let chosen = withLong ? patterns + [long] : patterns
                let generated = chosen.map { pattern in GeneratedPattern(text: { _ in pattern.0 }, groups: 0, options: pattern.1) }
                let set = RegexPatternSet(try generated.map { try RegexPattern($0.own, options: $0.options) })
                #expect(set.foldedLiteralPatterns == (withLong ? [1, 3, 6, 8, 9, 11] : [1, 3, 6, 8, 9]), "\(set.foldedLiteralPatterns)")
                // 2^16 variants of the long word: a scan of its own.
                #expect(set.scansFoldedLiteralsWithExactOnes == !withLong)
                for length in [0, 1, 3, 8, 30, 100, 600] {
                    for _ in 0..<(length < 100 ? 10 : 3) {
                        let text = (0..<length).map { _ in random.element(of: pieces) }.joined()
                        try Self.check(generated, text: text, againstFoundation: true)
                    }
                }
            }
        }

        @Test func emptySetAndEmptyText() throws {
            let empty = RegexPatternSet([])
            #expect(try empty.matches(in: "abc").isEmpty)
            #expect(try empty.matchingPatterns(in: "abc").isEmpty)
            let set = try RegexPatternSet(["a", "x*"])
            #expect(try set.matches(in: "").map(\.patternIndex) == [1])
            #expect(try set.matchingPatterns(in: "") == [1])
            #expect(try set.matches(in: "ba").map(\.patternIndex) == [1, 0, 1])
        }

        @Test func malformedPatternThrows() {
            #expect(throws: ICURegexError.self) { try RegexPatternSet(["a", "(b"]) }
        }
    }
}
