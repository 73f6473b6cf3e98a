import Foundation
@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// `RegexPatternSet`'s groups, whose patterns one automaton of their alternation searches
    /// together, against the loop over single ICU-only patterns and against
    /// `NSRegularExpression` on the alternation (see ``PatternSetDifferentialTests/check(_:text:againstFoundation:)``):
    /// generated sets of patterns the match automaton reads (classes, unbounded repetitions,
    /// empty matches, `\b`, one-character look-arounds, leading `(?i)`), with a few it does not
    /// (back-references, flag groups) among them, on texts whose characters make the automata
    /// give up (a combining mark beside `\b`, `ß` ignoring case), so that the walk restarts a
    /// group after another pattern's overlapping match and falls back on the members' own
    /// searches.
    @Suite struct PatternSetGroupDifferentialTests {
        typealias GeneratedPattern = PatternSetDifferentialTests.GeneratedPattern

        static let seed: UInt64 = 0x4752_4F55_5053_4554

        /// Pieces the match automaton reads, and two it does not (a back-reference, whose
        /// group `{1}` stands for, and a flag group).
        static let pieces: [(groups: Int, text: String)] = [
            (0, "ab"), (0, "\\w+"), (0, "[ab]c"), (0, "\\d+"), (0, "a[^x]*c"), (0, "x*"), (0, "b?"), (0, "\\bab"),
            (0, "c\\b"), (0, "\\b\\w+b\\b"), (0, "[a-c]{2,}"), (0, "é|𝔸"), (0, "a.c"), (0, "\\B[bc]"), (0, "(?:a|ab)(?:c|bcd)"),
            (0, "(?<=a)b"), (0, "ca(?=b)"), (0, "(?<![a-z])a"), (0, "x|"), (0, "[^ ]+ [^ ]+"), (0, "ss"), (0, "\\b"),
            (1, "(a|b)\\{1}"), (0, "(?i:Ab)"),
        ]

        static func generatePattern(_ random: inout SplitMix64) -> GeneratedPattern {
            var parts: [(groups: Int, text: String)] = [random.element(of: pieces)]
            if random.chance(0.4) { parts.append(random.element(of: pieces)) }
            let options: RegexPattern.Options = random.chance(0.1) ? .caseInsensitive : []
            let leadingFlag = random.chance(0.2) ? "(?i)" : ""
            let groups = parts.reduce(0) { $0 + $1.groups }
            let text: (Int) -> String = { offset in
                var groupsBefore = offset
                return leadingFlag
                    + parts.map { part in
                        defer { groupsBefore += part.groups }
                        return "(?:" + part.text.replacingOccurrences(of: "{1}", with: String(groupsBefore + 1)) + ")"
                    }.joined()
            }
            return GeneratedPattern(text: text, groups: groups, options: options)
        }

        static func generateText(_ random: inout SplitMix64, length: Int) -> String {
            let alphabet: [String] = [
                "a", "b", "c", "x", " ", " ", "A", "B", "1", "\n", "é", "𝔸", "ab", "cab", "e\u{301}", "ß", "SS", "\u{212A}",
            ]
            return (0..<length).map { _ in random.element(of: alphabet) }.joined()
        }

        @Test func shortTextsAgainstTheLoopAndFoundation() throws {
            var random = SplitMix64(seed: Self.seed)
            var groupedSets = 0
            for _ in 0..<160 {
                let generated = (0..<random.number(in: 2...10)).map { _ in Self.generatePattern(&random) }
                let text = Self.generateText(&random, length: random.number(in: 0...60))
                try PatternSetDifferentialTests.check(generated, text: text, againstFoundation: true)
                let set = RegexPatternSet(try generated.map { try RegexPattern($0.own, options: $0.options) })
                if !set.automatonGroupMembers.isEmpty { groupedSets += 1 }
            }
            // Most sets have two patterns the automaton reads with the same options.
            #expect(groupedSets > 60, "\(groupedSets) sets of 160 had a group")
        }

        @Test func longTextsAgainstTheLoopAndFoundation() throws {
            var random = SplitMix64(seed: Self.seed &+ 1)
            for _ in 0..<3 {
                let generated = (0..<random.number(in: 4...12)).map { _ in Self.generatePattern(&random) }
                let text = Self.generateText(&random, length: random.number(in: 1500...2500))
                try PatternSetDifferentialTests.check(generated, text: text, againstFoundation: true)
            }
        }

        /// More positions than one automaton holds: the patterns are split into several
        /// groups, each still one search.
        @Test func manyPatternsMakeSeveralGroups() throws {
            var random = SplitMix64(seed: Self.seed &+ 2)
            let letters = Array("abcdefghij")
            let stems = (0..<40).map { _ in String((0..<8).map { _ in random.element(of: letters) }) }
            let patterns = stems.enumerated().map { index, stem in
                index.isMultiple(of: 2) ? "\\b\(stem)\\w*" : "\\b\(stem.prefix(3))[a-j]*\\b"
            }
            let set = try RegexPatternSet(patterns)
            let groups = set.automatonGroupMembers
            #expect(groups.count >= 2 && groups.joined().count == patterns.count, "groups \(groups)")
            let text = (0..<600).map { _ in
                random.chance(0.5) ? random.element(of: stems) : String((0..<random.number(in: 1...9)).map { _ in random.element(of: letters) })
            }.joined(separator: random.chance(0.5) ? " " : "-")
            let generated = patterns.map { pattern in GeneratedPattern(text: { _ in pattern }, groups: 0, options: []) }
            try PatternSetDifferentialTests.check(generated, text: text, againstFoundation: true)
        }

        /// Characters no automaton reads (a soft hyphen and a combining mark, which `\b` looks
        /// past) a few hundred units apart, so that the alternation and the members' own
        /// automata cannot tell from a place and the members are searched again from places
        /// further on, with ICU trying only the starts before them: members with matches
        /// everywhere, rarely, and nowhere, against the loop and Foundation.
        @Test func membersPastCharactersTheAutomataCannotRead() throws {
            var random = SplitMix64(seed: Self.seed &+ 3)
            let words = ["quite", "quiet", "because", "Because", "woman", "women", "going", "give", "x", "a1", "ab-cd", "Will"]
            let patterns = [
                #"\b[a-z]+quite\b"#, #"\w+ Because\b"#, #"\bwoman\w*"#, #"\b\w+ing\b"#, #"\b[A-Z][a-z]+ Will"#,
                #"\w+-\w+"#, #"\b[a-z]+give\b"#, #"\b\d\b"#,
            ]
            let set = try RegexPatternSet(patterns)
            #expect(set.automatonGroupMembers.joined().count == patterns.count, "groups \(set.automatonGroupMembers)")
            let generated = patterns.map { pattern in GeneratedPattern(text: { _ in pattern }, groups: 0, options: []) }
            for round in 0..<6 {
                // From one unreadable character per 50 words to one per 1,000.
                let rarity = [50, 200, 1_000][round % 3]
                var pieces: [String] = []
                for _ in 0..<random.number(in: 1_000...2_000) {
                    var word = random.element(of: words)
                    if random.number(in: 0...rarity) == 0 {
                        let index = word.index(word.startIndex, offsetBy: random.number(in: 0...word.count))
                        word.insert(random.chance(0.7) ? "\u{AD}" : "\u{301}", at: index)
                    }
                    pieces.append(word)
                }
                let text = pieces.joined(separator: random.chance(0.8) ? " " : ", ")
                try PatternSetDifferentialTests.check(generated, text: text, againstFoundation: true)
            }
        }

        /// Members that start matches at the same places, in shuffled orders, so that the member
        /// whose priority wins at a shared start (not always the longest match there) is picked
        /// from those that may start with the character there: members starting with ASCII
        /// and with other characters (`é`, `𝔸`), dense ones matching at nearly every word, and
        /// one that can start with any character (an empty match), against the loop and
        /// Foundation.
        @Test func membersSharingStarts() throws {
            var random = SplitMix64(seed: Self.seed &+ 4)
            let members = [
                #"\bthe\b"#, #"\bth\w*"#, #"\b\w+"#, #"\w+ing\b"#, #"th[a-z]"#, #"t"#, #"[a-z]+e\b"#, #"\bé\w*"#, #"é|𝔸"#,
                #"\b\w\w\b"#, #"\w+ \w+"#, #"[^ ]+ing"#, #"x*"#,
            ]
            let words = ["the", "then", "thing", "tea", "été", "é", "𝔸b", "a", "ring", "the\u{AD}n", "xx", "th", "ab-cd"]
            for round in 0..<8 {
                var order = members
                for index in order.indices.reversed() { order.swapAt(index, random.number(in: 0...index)) }
                // Every other round without `x*`, whose empty matches stand between the others.
                let chosen = round.isMultiple(of: 2) ? order : order.filter { $0 != #"x*"# }
                let set = try RegexPatternSet(chosen)
                // `t`, `é|𝔸`, `th[a-z]` and `\bthe\b` are found by their literals, the others grouped.
                #expect(set.automatonGroupMembers.joined().count == chosen.count - 4, "groups \(set.automatonGroupMembers)")
                let text = (0..<random.number(in: 200...400)).map { _ in random.element(of: words) }
                    .joined(separator: random.chance(0.7) ? " " : ", ")
                let generated = chosen.map { pattern in GeneratedPattern(text: { _ in pattern }, groups: 0, options: []) }
                try PatternSetDifferentialTests.check(generated, text: text, againstFoundation: true)
            }
        }

        /// The member an alternation's automaton reports with its match
        /// (``MatchAutomaton/matchMember``), at every place of generated texts, against ICU:
        /// the lowest member whose own match from the match's start starts there, with the
        /// match's range. Members sharing starts (the one whose priority wins is not always the
        /// longest), dense ones, empty matches (`x*`, `\b`), and members ignoring case on texts
        /// with `ß`, `ſ` and the Kelvin sign (full case folding); then the same sets against the
        /// loop and Foundation.
        @Test func memberKnownFromTheAlternationsPass() throws {
            var random = SplitMix64(seed: Self.seed &+ 5)
            let exact = [
                #"\bth\w*"#, #"\b\w+"#, #"th\w"#, #"\w+ing\b"#, #"[a-z]+e\b"#, #"\b\w\w\b"#, #"\w+ \w+"#, #"x*"#,
                #"\b"#, #"t[^ ]"#, #"(?:the|then)\b"#, #"\bé\w*"#, #"[^ ]+ing"#, #"b?"#,
            ]
            let caseless = [#"s\w+"#, #"\bk\w*"#, #"st\b"#, #"\w*ss\w*"#, #"\w+s"#, #"k"#, #"\bS\b"#, #"\w+"#]
            let words = [
                "the", "then", "thing", "tea", "été", "é", "a", "ring", "the\u{AD}n", "xx", "th", "ab-cd", "Straße", "ſtop",
                "\u{212A}ing", "KISS", "kiss", "s", "SS", "ß", "st", "ſ",
            ]
            var reported = 0
            for round in 0..<12 {
                let ignoringCase = round % 3 == 2
                var pool = ignoringCase ? caseless : exact
                for index in pool.indices.reversed() { pool.swapAt(index, random.number(in: 0...index)) }
                let members = Array(pool.prefix(random.number(in: 3...pool.count)))
                let options: RegexPattern.Options = ignoringCase ? .caseInsensitive : []
                let text = (0..<random.number(in: 60...150)).map { _ in random.element(of: words) }
                    .joined(separator: random.chance(0.7) ? " " : ", ")
                let units = Array(text.utf16)
                let syntaxes = members.map { PatternReader.read($0)! }
                let plan = try #require(MatchAutomatonPlan(alternationOf: syntaxes, options: options), "\(members)")
                let automaton = MatchAutomaton(plan)
                let matchers = try members.map { try RegexPattern($0, options: options, limits: .default, usesSearchPlan: false).makeMatcher() }
                try units.withUnsafeBufferPointer { buffer in
                    for from in 0...units.count {
                        guard case .match(let range) = automaton.firstMatch(inUTF16: buffer.baseAddress!, from: from, to: units.count),
                            automaton.matchMember >= 0
                        else { continue }
                        reported += 1
                        // ICU's leftmost-first alternation: the lowest member matching at the start.
                        var expected: Int?
                        for (member, matcher) in matchers.enumerated() {
                            let ownRange = try matcher.firstMatch(inUTF16: buffer, from: range.lowerBound)
                            if ownRange?.lowerBound == range.lowerBound {
                                expected = member
                                #expect(ownRange == range, "\(members) at \(from) in \(text.debugDescription)")
                                break
                            }
                        }
                        #expect(automaton.matchMember == expected, "\(members) at \(from): \(range) in \(text.debugDescription)")
                        if automaton.matchMember != expected { return }
                    }
                }
                let generated = members.map { pattern in GeneratedPattern(text: { _ in pattern }, groups: 0, options: options) }
                try PatternSetDifferentialTests.check(generated, text: text, againstFoundation: true)
            }
            #expect(reported > 1_000, "the automaton named \(reported) members")
        }

        /// The regular expressions of the benchmark's sets, on a corpus: the words' literals
        /// and the regexes' groups together, with case-insensitive words and a back-reference.
        @Test func shapedRegexesOnACorpus() throws {
            let text = try String(contentsOf: TestFixtures.corpora.appendingPathComponent("en-sampled.txt"), encoding: .utf8)
            let sample = String(text.prefix(12_000))
            let regexes = [
                #"\b\w+ing\b"#, #"\d{2,4}"#, #"[A-Z]{3,}"#, #"\bthe\w*"#, #"you \w+"#, #"\w+ me\b"#, #"\b[A-Z][a-z]+ you"#,
                #"\b\w+ly\b"#, #"'\w+'"#, #"\b\w+'(?:s|t|ll|re|ve|d)\b"#, #"\b\w{12,}\b"#, #"\([^)]*\)"#, #"\w+-\w+"#,
                #"(?i)sherlock"#, #"(?i)\bholmes\w*"#, #"[.!?]\s+I"#, #"\bwhat.{0,20}\?"#,
            ]
            let words = ["that", "with", "Holmes", "know", "what"]
            let set = try RegexPatternSet(words + regexes)
            #expect(set.automatonGroupMembers.joined().count >= 12, "groups \(set.automatonGroupMembers)")
            let generated = (words + regexes).map { pattern in GeneratedPattern(text: { _ in pattern }, groups: 0, options: []) }
            try PatternSetDifferentialTests.check(generated, text: sample, againstFoundation: true)
            let caseless = ["sherlock", "holmes", "the", "you"].map { word in
                GeneratedPattern(text: { _ in word }, groups: 0, options: .caseInsensitive)
            }
            try PatternSetDifferentialTests.check(caseless + generated.prefix(3), text: sample, againstFoundation: true)
        }
    }
}
