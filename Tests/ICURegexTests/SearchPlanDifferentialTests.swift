@testable import ICURegex
import Testing
import TestSupport

/// The search plan for long ranges against ICU alone: the same pattern compiled with and
/// without the plan must give the same answer for every generated text, range and pattern.
@Suite struct SearchPlanDifferentialTests {
    /// Pieces put before the literal part of a generated pattern.
    static let prefixes = [
        "", "", "x", "(?<=x)", "(?<!x)", "\\b", "^", "[a-c]{0,2}", ".?", "(?:xy)?", "\\w*", "(?:c|😀)",
        "\\w{1,3}", "(?:^|x)", "[^b]", ".{2}", "\\s+", "(?:ab)+",
    ]
    /// The literal parts: literals and alternations of them, in both priority orders.
    static let cores = [
        "ab", "abc", "a|ab", "ab|a", "abc|ab|b", "(?:a|ab)(?:c|bc)", "😀b", "x😀", "(?>a|ab)c", "b😀|😀",
        "\\Qa|b\\E", "a\\.b", "(?:ab){2,3}", "a(?:b|)c", "(?:|a)b", "abcab", "ba|bab",
        "bc|abcX", "abcX|c",
    ]
    /// Pieces put after the literal part.
    static let suffixes = [
        "", "", "$", "\\b", "(?=c)", "(?!x)", "c?", "\\w{0,2}", "x*", "(?<=b)", "\\s", ".",
    ]
    /// What generated texts are made of: mostly filler, with pieces of the literals, line
    /// breaks, a surrogate pair and lone surrogates.
    static let textPieces: [[UInt16]] = [
        Array("pq".utf16), Array("r s".utf16), Array("tuvw ".utf16), Array("a".utf16), Array("b".utf16),
        Array("c".utf16), Array("x".utf16), Array("ab".utf16), Array("abc".utf16), Array("xab".utf16),
        Array("😀".utf16), [0xD83D], [0xDE00], Array("\r\n".utf16), Array("\n".utf16), Array("a.b".utf16),
        Array("a|b".utf16), Array("é".utf16), Array("abcX".utf16), Array(", ".utf16), Array("!".utf16),
        Array("\t".utf16), Array("Ж".utf16),
    ]

    /// A text of `length` units or a little more: filler with a literal piece every
    /// `spacing` units on average.
    static func text(length: Int, spacing: Int, random: inout SplitMix64) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(length + 8)
        while units.count < length {
            if random.chance(1 / Double(spacing)) {
                units += random.element(of: textPieces)
            } else {
                units += random.element(of: Array(textPieces[0..<3]))
            }
        }
        return units
    }

    /// The answer of `pattern` for `text[range]`, or the error it throws, as comparable text.
    static func answer(_ pattern: RegexPattern, _ text: [UInt16], _ range: Range<Int>, anchored: Bool) -> String {
        text.withUnsafeBufferPointer { buffer in
            do {
                let match = try pattern.firstRange(inUTF16: buffer, range: range, anchored: anchored)
                return match.isNotFound ? "not found" : "\(match.location)+\(match.length)"
            } catch {
                return "error \(error)"
            }
        }
    }

    /// Compares the planned and the plain search of `source` on `text[range]`.
    static func compare(_ source: String, options: RegexPattern.Options = [], _ text: [UInt16], _ range: Range<Int>, anchored: Bool) throws -> Bool {
        let planned = try RegexPattern(source, options: options, limits: .default, usesSearchPlan: true)
        let plain = try RegexPattern(source, options: options, limits: .default, usesSearchPlan: false)
        let expected = answer(plain, text, range, anchored: anchored)
        let found = answer(planned, text, range, anchored: anchored)
        #expect(found == expected, "pattern \(source) options \(options.rawValue) range \(range) anchored \(anchored)")
        return found == expected
    }

    @Test("generated patterns and texts: the plan answers as ICU alone does")
    func generated() throws {
        var random = SplitMix64(seed: 0x706C_616E_6469_6666)
        var failures = 0
        var planned = 0
        for _ in 0..<1_500 {
            let source = random.element(of: Self.prefixes) + "(?:" + random.element(of: Self.cores) + ")" + random.element(of: Self.suffixes)
            let options = random.element(of: [[], [], RegexPattern.Options.anchorsMatchLines, .dotMatchesLineSeparators])
            let spacing = random.element(of: [8, 60, 400, 100_000])
            let text = Self.text(length: random.element(of: [4_200, 5_000, 9_000]), spacing: spacing, random: &random)
            let lower = random.chance(0.25) ? 0 : random.number(in: 0..<80)
            let upper = text.count - (random.chance(0.25) ? 0 : random.number(in: 0..<80))
            let anchored = random.chance(0.25)
            if SearchPlan(pattern: source, options: options) != nil { planned += 1 }
            if try !Self.compare(source, options: options, text, lower..<upper, anchored: anchored) {
                failures += 1
                if failures > 10 { break }
            }
        }
        #expect(planned > 800, "most generated patterns have a plan (\(planned))")
    }

    /// Every match of `matcher` in `text`, found from offset 0 and from where each match ended
    /// (one unit on after an empty match), then from each offset in `starts`: as comparable text.
    static func matcherAnswers(_ matcher: RegexMatcher, _ text: [UInt16], starts: [Int]) -> [String] {
        text.withUnsafeBufferPointer { buffer in
            var answers: [String] = []
            func search(from: Int) -> Range<Int>? {
                do {
                    let match = try matcher.firstMatch(inUTF16: buffer, from: from)
                    answers.append(match.map { "\(from): \($0)" } ?? "\(from): none")
                    return match
                } catch {
                    answers.append("\(from): error \(error)")
                    return nil
                }
            }
            var from = 0
            while from <= buffer.count, let match = search(from: from) {
                from = match.isEmpty ? match.upperBound + 1 : match.upperBound
            }
            for start in starts { _ = search(from: start) }
            return answers
        }
    }

    @Test("RegexMatcher on long texts: its searches take the plan, and find what ICU alone finds from every start")
    func matcherSearchesWithThePlan() throws {
        var random = SplitMix64(seed: 0x6D61_7463_6870_6C61)
        var failures = 0
        var planned = 0
        // Non-ASCII literals, alternations of many strings, and generated patterns.
        var sources = ["Шерлок Холмс", "夏洛克·福尔摩斯", "Ж😀|😀b", "x😀b?", "\\b(?:ab|abc|pq|tuvw|xab|rs|a\\.b|Жab)\\b"]
        for _ in 0..<150 {
            sources.append(random.element(of: Self.prefixes) + "(?:" + random.element(of: Self.cores) + ")" + random.element(of: Self.suffixes))
        }
        let extraPieces = ["Шерлок Холмс", "夏洛克·福尔摩斯", "Шерлок", "福尔摩斯"].map { Array($0.utf16) }
        for (index, source) in sources.enumerated() {
            var text = Self.text(length: random.element(of: [4_200, 6_000, 9_000]), spacing: random.element(of: [8, 60, 400]), random: &random)
            for _ in 0..<random.number(in: 0..<4) {
                let at = random.number(in: 0..<text.count)
                text.insert(contentsOf: random.element(of: extraPieces), at: at)
            }
            // Starts anywhere, between the halves of a pair too, and near the end where the
            // rest is too short for the plan.
            let starts = (0..<12).map { _ in random.number(in: 0..<(text.count + 1)) } + [text.count - 4_096, text.count - 4_095, text.count]
            if SearchPlan(pattern: source, options: []) != nil { planned += 1 }
            let plain = try RegexPattern(source, options: [], limits: .default, usesSearchPlan: false).makeMatcher()
            let expected = Self.matcherAnswers(plain, text, starts: starts)
            let fast = try RegexPattern(source).makeMatcher()
            // Every other matcher first searches enough to have the match automaton, which
            // then searches the runs the plan hands to ICU.
            if index % 2 == 1 {
                let warmUp = [UInt16](repeating: 0x2D, count: SearchPlan.automatonSearchLength)
                _ = try warmUp.withUnsafeBufferPointer { try fast.firstMatch(inUTF16: $0) }
            }
            let found = Self.matcherAnswers(fast, text, starts: starts)
            #expect(found == expected, "pattern \(source)")
            if found != expected {
                failures += 1
                if failures > 5 { break }
            }
        }
        #expect(planned > 100, "most patterns have a plan (\(planned))")
    }

    @Test("RegexMatcher: matches too dense for the plan, found without it, the same as ICU's")
    func matcherGivesUpDensePlan() throws {
        var text = [UInt16]()
        while text.count < 20_000 { text += Array("ab x ".utf16) }
        for source in ["ab", "a\\w", "(?:x|ab)"] {
            let plain = try RegexPattern(source, options: [], limits: .default, usesSearchPlan: false).makeMatcher()
            let fast = try RegexPattern(source).makeMatcher()
            // Twice: the second walk is without the plan from its start.
            for _ in 0..<2 {
                #expect(Self.matcherAnswers(fast, text, starts: [1, 7_000]) == Self.matcherAnswers(plain, text, starts: [1, 7_000]))
            }
        }
    }

    @Test("literals at the range's edges, just outside it, and overlapping")
    func edges() throws {
        let filler = Array(repeating: UInt16(0x70), count: 5_000)
        let abc = Array("abc".utf16)
        // Just before the range start: a literal cut by the range is not found.
        var text = filler
        text.replaceSubrange(100..<103, with: abc)
        for source in ["abc", "abc|bc", "bc|abc", "(?:x?)abc", "\\w?bc"] {
            #expect(try Self.compare(source, text, 101..<text.count, anchored: false))
            #expect(try Self.compare(source, text, 101..<text.count, anchored: true))
            #expect(try Self.compare(source, text, 100..<text.count, anchored: true))
            #expect(try Self.compare(source, text, 0..<102, anchored: false))
        }
        // At the very start and the very end of the range.
        text = filler
        text.replaceSubrange(0..<3, with: abc)
        text.replaceSubrange((text.count - 3)..<text.count, with: abc)
        for source in ["abc", "c|abc", "(?<=p)abc", "^abc", "abc$", "[p]{0,3}abc"] {
            #expect(try Self.compare(source, text, 0..<text.count, anchored: false))
            #expect(try Self.compare(source, text, 0..<text.count, anchored: true))
            #expect(try Self.compare(source, text, 1..<text.count, anchored: false))
            #expect(try Self.compare(source, text, 1..<(text.count - 1), anchored: false))
        }
        // Overlapping occurrences: the leftmost start wins, then the priority order.
        text = filler
        text.replaceSubrange(2_000..<2_005, with: Array("aaaab".utf16))
        for source in ["aab", "aaab|ab", "ab|aaab", "aaaa|aab", "aab|aaaab", "a{2}b"] {
            #expect(try Self.compare(source, text, 0..<text.count, anchored: false))
        }
        // Literals found through probe units at different offsets: "bc" is probed at its
        // start, "abcX" at its rare capital, which comes later than the "bc" inside it.
        text = filler
        text.replaceSubrange(2_000..<2_004, with: Array("abcX".utf16))
        for source in ["bc|abcX", "abcX|bc", "c|abcX"] {
            #expect(try Self.compare(source, text, 0..<text.count, anchored: false))
        }
        // A search start that would fall between the halves of a surrogate pair.
        text = filler
        text.replaceSubrange(3_000..<3_008, with: Array("😀😀Holm".utf16))
        for source in [".Holm", "..Holm", "(?:.|x)Holm", "[^p]Holm"] {
            #expect(try Self.compare(source, text, 0..<text.count, anchored: false))
            #expect(try Self.compare(source, text, 3_001..<text.count, anchored: false))
        }
    }

    @Test("literal sets of every script (the packed pair, Teddy over UTF-16): every match of a walk and first matches, against ICU alone")
    func literalSetsOfEveryScript() throws {
        var random = SplitMix64(seed: 0x5531_3653_4341_4E53)
        // Words in English, Russian, Chinese and outside the BMP, some sharing a prefix or a
        // folded byte (`с` U+0441 and `E` U+0045), some inside others.
        let words = [
            "Sherlock", "Holmes", "Watson", "Шерлок", "Холмс", "Ватсон", "夏洛克", "福尔摩斯", "华生", "😀x", "𝒜𝒜",
            "сE", "E", "ab", "abc", "bc", "中", "文中", "жж", "Hol", "mes",
        ]
        let filler = ["the ", "и ", "的", "q", " ", "\n", "😀", "с", "E", "a"].map { Array($0.utf16) }
        for round in 0..<60 {
            let count = round % 3 == 0 ? 1 : random.number(in: 2...words.count)
            var chosen: [String] = []
            while chosen.count < count {
                let word = random.element(of: words)
                if !chosen.contains(word) { chosen.append(word) }
            }
            let source = chosen.joined(separator: "|")
            #expect(SearchPlan(pattern: source, options: []) != nil, "\(source) has a plan")
            var text: [UInt16] = []
            let length = random.element(of: [40, 3_000, 9_000])
            while text.count < length {
                text += random.chance(0.02) ? Array(random.element(of: words).utf16) : random.element(of: filler)
            }
            let planned = try RegexPattern(source, options: [], limits: .default, usesSearchPlan: true)
            let plain = try RegexPattern(source, options: [], limits: .default, usesSearchPlan: false)
            let start = random.chance(0.5) ? random.number(in: 0...text.count) : 0
            text.withUnsafeBufferPointer { buffer in
                let expected = Array(plain.matches(inUTF16: buffer, range: start..<buffer.count))
                let found = Array(planned.matches(inUTF16: buffer, range: start..<buffer.count))
                #expect(found == expected, "\(source) from \(start): \(found.count) matches, ICU \(expected.count)")
            }
            #expect(try Self.compare(source, text, start..<text.count, anchored: false), "\(source)")
            #expect(try Self.compare(source, text, start..<text.count, anchored: true), "\(source) anchored")
        }
    }

    @Test("runs around the literal: words around Holmes, with punctuation, surrogates and ranges")
    func literalsInRuns() throws {
        var random = SplitMix64(seed: 0x5E6_0001)
        let words = ["Holmes", "Sherlock", "met", "Mr", "ab", "😀", "Ж", "x\u{301}", "1"].map { Array($0.utf16) }
        let separators = [" ", "  ", ", ", ". ", "-", "\n", "\t", "!", "", "_"].map { Array($0.utf16) }
        let patterns = [
            "\\w+\\s+Holmes\\s+\\w+", "\\w*Holmes", "Holmes\\W+\\w+", "[A-Z]\\w+ Holmes", "(?:Mr|Sherlock)\\s*Holmes",
            ".+Holmes", "\\S+Holmes\\S*", "(?:\\w|😀)+Holmes", "\\p{L}+\\s?Holmes", "[^,.]*Holmes[^!]*",
        ]
        for _ in 0..<60 {
            var text: [UInt16] = []
            while text.count < 6_000 {
                text += random.element(of: words)
                text += random.element(of: separators)
                if random.chance(0.025) { text += [0xD83D] }
            }
            for pattern in patterns {
                let start = random.chance(1.0 / 3) ? Int(random.next() % 500) : 0
                let range = start..<text.count
                #expect(try Self.compare(pattern, text, range, anchored: false), "\(pattern)")
                #expect(try Self.compare(pattern, text, range, anchored: true), "\(pattern) anchored")
            }
        }
    }

    @Test("runs longer than the plan measures (longRunLimit): every match of a walk and first matches, against ICU alone")
    func longRuns() throws {
        var random = SplitMix64(seed: 0x4C4F_4E47_5255_4E53)
        // Patterns whose runs take nearly every character, so that a run goes on far past
        // `SearchPlan.longRunLimit` units after its literal, and the rest is searched by ICU;
        // none that ICU alone would search in quadratic time (`[^!]*Holmes`), which its time
        // limit stops.
        let patterns = [
            "\\([^)]*\\)", "\"[^\"]*\"", "<[^>]*>x?", "Holmes[^!]+", "\\([^)]{2,}\\)", "(?:a|ab)[^)]*\\)",
        ]
        let pieces = ["(", ")", "\"", "<", ">", "Holmes", "!", "ab", "a", " ", "word", "😀", "\n"].map { Array($0.utf16) }
        for round in 0..<12 {
            // Long stretches of filler between the delimiters, some longer than the limit.
            var text: [UInt16] = []
            let stretch = [100, 3_000, SearchPlan.longRunLimit + 7, 3 * SearchPlan.longRunLimit][round % 4]
            while text.count < 6 * SearchPlan.longRunLimit {
                text += random.element(of: pieces)
                if random.chance(0.3) { text += Array(repeating: 0x71, count: Int(random.next() % UInt64(stretch))) }
            }
            for pattern in patterns {
                #expect(SearchPlan(pattern: pattern, options: []) != nil, "\(pattern) has a plan")
                let planned = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: true)
                let plain = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
                let start = random.chance(0.5) ? Int(random.next() % 5_000) : 0
                text.withUnsafeBufferPointer { buffer in
                    let expected = Array(plain.matches(inUTF16: buffer, range: start..<buffer.count))
                    let found = Array(planned.matches(inUTF16: buffer, range: start..<buffer.count))
                    #expect(found == expected, "\(pattern) from \(start): \(found.count) matches, ICU \(expected.count)")
                }
                #expect(try Self.compare(pattern, text, start..<text.count, anchored: false), "\(pattern)")
                #expect(try Self.compare(pattern, text, start..<text.count, anchored: true), "\(pattern) anchored")
            }
        }
    }

    @Test("case-insensitive runs: special case foldings, ranges and anchored, against ICU alone")
    func caseInsensitiveRuns() throws {
        var random = SplitMix64(seed: 0x5E6_0002)
        let words = [
            "Holmes", "HOLMES", "holmeſ", "Sherlock", "SHER\u{212A}LOCK", "straße", "STRASSE", "Strasse", "ss", "ß", "ẞ",
            "oﬃce", "office", "OFFICE", "ﬁ", "fi", "İstanbul", "istanbul", "ǰ", "j\u{30C}", "ŉ", "ʼn", "x", "Mr", "😀", "Ж",
        ].map { Array($0.utf16) }
        let separators = [" ", "  ", ", ", ". ", "-", "\n", "!", "", "_"].map { Array($0.utf16) }
        let patterns = [
            "holmes", "sherlock holmes", "\\w+\\s+holmes", "strasse", "ss", "office", "sherlock|holmes", "(?:mr|sir)\\s+holmes",
            ".olmes", "h\\w+s", "k", "fi", "istanbul", "j\\s*\\w", "n",
        ]
        for _ in 0..<40 {
            var text: [UInt16] = []
            while text.count < 6_000 {
                text += random.element(of: words)
                text += random.element(of: separators)
            }
            for pattern in patterns {
                let start = random.chance(1.0 / 3) ? Int(random.next() % 500) : 0
                let range = start..<text.count
                #expect(try Self.compare(pattern, options: .caseInsensitive, text, range, anchored: false), "\(pattern)")
                #expect(try Self.compare(pattern, options: .caseInsensitive, text, range, anchored: true), "\(pattern) anchored")
            }
        }
    }

    @Test("case-insensitive runs on text dense in ß, ſ and the Kelvin sign: the rest searched by ICU, same answers")
    func denseCaseInsensitiveRuns() throws {
        var random = SplitMix64(seed: 0x5E6_0003)
        let dense = ["ß", "ſ", "\u{212A}", "ss", " ", "k", "ẞ"].map { Array($0.utf16) }
        for round in 0..<12 {
            var text: [UInt16] = []
            while text.count < 8_000 { text += random.element(of: dense) }
            // A match far into the text, or none.
            if round % 3 != 0 { text.replaceSubrange(6_000..<6_012, with: Array("SHERLOCK hol".utf16)) }
            for pattern in ["sherlock", "sherlock\\s+hol", "\\w+\\s+hol", "ks", "sſ", "k\\w*k"] {
                let start = Int(random.next() % 300)
                #expect(try Self.compare(pattern, options: .caseInsensitive, text, start..<text.count, anchored: false), "\(pattern)")
            }
        }
    }

    @Test("automaton runs: patterns without a literal on ranges long enough for the automaton, against ICU alone")
    func automatonRuns() throws {
        var random = SplitMix64(seed: 0x5E6_0004)
        let pieces = [
            "the ", "and ", "Ωμέγα", "λόγος ", "42", "7", " ", "  ", "\n", ", ", "ΣΊΣΥΦΟΣ", "ß", "SS", "\u{212A}", "k",
            "😀", "x1", "Δ9", "-", "555-1234", "ǅ", "Ж", "中文",
        ].map { Array($0.utf16) }
        let patterns = [
            "\\p{Greek}+\\s+\\d+", "\\p{Greek}", "\\d{3}-\\d{4}", "[α-ω]+\\d", "(?:\\d|\\s)+\\p{Lu}", "\\p{Lu}\\p{Ll}+\\s\\d",
            "\\w+\\s\\d", ".\\d{2}", "[^a-z ]{4,}", "(?:ß|ss)\\w", "\\S😀", "\\d+?\\s*\\p{Greek}", "Δ\\d|\\d-\\d",
        ]
        var compared = 0
        for round in 0..<6 {
            var text: [UInt16] = []
            let density = [2, 40, 400][round % 3]
            while text.count < SearchPlan.automatonSearchLength + 3_000 {
                text += random.chance(1.0 / Double(density)) ? random.element(of: pieces) : random.element(of: Array(pieces[0..<2]))
                if random.chance(0.002) { text += [0xD83D] }
            }
            for pattern in patterns {
                let start = random.chance(0.5) ? random.number(in: 0..<2_000) : 0
                let options: RegexPattern.Options = random.chance(0.3) ? .caseInsensitive : []
                #expect(try Self.compare(pattern, options: options, text, start..<text.count, anchored: false), "\(pattern)")
                #expect(try Self.compare(pattern, options: options, text, start..<text.count, anchored: true), "\(pattern) anchored")
                compared += 2
            }
        }
        #expect(compared == 6 * patterns.count * 2)
    }

    @Test("automaton runs with thousands of states: the table grows and starts again during one search")
    func automatonStatesGrowAndStartAgain() throws {
        var random = SplitMix64(seed: 0x5E6_0005)
        // Which of the last thirteen characters were a 7: up to 2^13 states, more than the
        // automaton keeps, on text made only of the pattern's characters.
        var text: [UInt16] = []
        while text.count < SearchPlan.automatonSearchLength + 5_000 {
            text += Array(random.element(of: ["7", "1", "Δ"]).utf16)
        }
        // Classes rather than literals, so that the plan is the automaton's (a range: a class that
        // lists a few digits is read as their alternation, which gives literals).
        for pattern in ["[7-7][17Δ]{12}[x]", "[7-7][17Δ]{12}[Δ]", "[7-7][17Δ]{12}[x]|[Δ]{40}"] {
            #expect(try Self.compare(pattern, text, 0..<text.count, anchored: false), "\(pattern)")
        }
        text += Array("x".utf16)
        #expect(try Self.compare("[7-7][17Δ]{12}[x]", text, 3..<text.count, anchored: false))
        #expect(SearchPlan(pattern: "[7-7][17Δ]{12}[x]", options: []).map { plan in
            if case .automatonRuns = plan.strategy { return true } else { return false }
        } == true)
    }

    @Test("the ASCII-folding characters are ICU's, for every code point")
    func asciiFoldingCharacters() {
        var found: [UInt16] = []
        for value in UInt32(0x80)..<0x110000 where !(0xD800...0xDFFF).contains(value) {
            if CaseFolding.icuFullFolding(of: value).contains(where: { $0 < 0x80 }) { found.append(UInt16(value)) }
        }
        #expect(found == UTF16CaseInsensitiveScanner.asciiFoldingCharacters)
    }

    @Test("the plan's kinds: exact literals, a bounded required literal, an unbounded one, none")
    func planKinds() {
        func kind(_ pattern: String, _ options: RegexPattern.Options = []) -> String {
            guard let plan = SearchPlan(pattern: pattern, options: options) else { return "none" }
            switch plan.strategy {
            case .exactLiterals: return "exact"
            case .requiredLiterals(_, let offset?): return "near \(offset)"
            case .requiredLiterals(_, nil): return "required"
            case .requiredLiteralsInRuns: return "runs"
            case .requiredLiteralsInRunsWithAssertions: return "runs with assertions"
            case .caseInsensitiveRuns: return "runs -i"
            case .automatonRuns: return "automaton"
            }
        }
        #expect(kind("Sherlock Holmes") == "exact")
        #expect(kind("a|ab") == "exact")
        #expect(kind("a.b", .ignoreMetacharacters) == "exact")
        #expect(kind("(?>a|ab)c") == "near 0")
        #expect(kind("[0-9]{3}-[0-9]{3}-[0-9]{4}") == "runs")
        #expect(kind("\\b[0-9]{3}-[0-9]{3}-[0-9]{4}") == "near 6")
        #expect(kind("\\w+\\s+Holmes\\s+\\w+") == "runs")
        #expect(kind("\\w+\\s+Holmes\\b") == "runs with assertions")
        #expect(kind("(?<=x)\\w*Holmes") == "runs with assertions")
        #expect(kind("\\b[a-z]+woman\\b") == "runs with assertions")
        #expect(kind("\\w+\\s+Holmes\\b", .useUnicodeWordBoundaries) == "required", "the break iterator's boundaries")
        #expect(kind("\\w+\\s+Holmes$", .anchorsMatchLines) == "required", "anchors are not the automaton's")
        #expect(kind("(?<=xy)\\w*Holmes") == "required", "a look-behind of more than one character")
        #expect(kind("Holmes", .caseInsensitive) == "runs -i")
        #expect(kind("\\w+\\s+Holmes", .caseInsensitive) == "runs -i")
        #expect(kind("straße", .caseInsensitive) == "none")
        #expect(kind("[a-z]+ Holmes", .caseInsensitive) == "none")
        #expect(kind("\\p{L}+ Holmes", .caseInsensitive) == "none")
        #expect(kind("\\w+ Holmès", .caseInsensitive) == "runs -i")
        #expect(kind("Холмс", .caseInsensitive) == "runs -i")
        #expect(kind("\\w+ Ωμ", .caseInsensitive) == "automaton", "Ω is not safe: the scanner does not take it")
        #expect(kind("Holmes\\b", .caseInsensitive) == "none")
        #expect(kind("Holmes", .allowCommentsAndWhitespace) == "none")
        #expect(kind("(?i)Holmes") == "none")
        #expect(kind("\\p{Greek}") == "automaton")
        #expect(kind("\\p{Greek}+\\s+\\d+") == "automaton")
        #expect(kind("\\p{Greek}+\\s+\\d+", .caseInsensitive) == "none", "\\p{…} is not among the classes known to match one character ignoring case")
        #expect(kind("\\b\\p{Greek}+") == "none")
        #expect(kind("(\\d)\\1") == "none")
        #expect(kind("x?") == "none")
    }
}
