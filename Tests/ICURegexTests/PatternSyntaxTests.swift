import Foundation
@testable import ICURegex
import Testing
import TestSupport

/// The pattern reader, construct by construct, against ICU itself: patterns generated from
/// every construct ``PatternReader`` knows are searched by ICU alone, and what the analyses
/// derived from the reader's tree claim (``LiteralFacts``, ``CodePointPattern``) must hold for
/// every match ICU finds. Then the regressions of the one-reader change, deep nesting, and the
/// ratio of case folding that the `-i` line length relies on.
@Suite struct PatternSyntaxTests {
    // MARK: ICU

    /// ICU's first match in `units` from `from`; nil when there is none, an error when the
    /// search hits a limit.
    static func firstMatch(_ matcher: RegexMatcher, _ units: [UInt16], from: Int) -> Result<Range<Int>?, ICURegexError> {
        units.withUnsafeBufferPointer { buffer in
            Result { () throws(ICURegexError) -> Range<Int>? in try matcher.firstMatch(inUTF16: buffer, from: from) }
        }
    }

    /// Every match ICU finds in `units`, left to right, moving one code point past an empty
    /// match; nil when a search hits a limit.
    static func allMatches(_ matcher: RegexMatcher, _ units: [UInt16]) -> [(from: Int, match: Range<Int>)]? {
        var matches: [(from: Int, match: Range<Int>)] = []
        var from = 0
        while from <= units.count {
            guard case .success(let found) = firstMatch(matcher, units, from: from) else { return nil }
            guard let found else { break }
            matches.append((from, found))
            if !found.isEmpty {
                from = found.upperBound
            } else if found.upperBound < units.count {
                from = found.upperBound + (UTF16.isLeadSurrogate(units[found.upperBound]) ? 2 : 1)
            } else {
                break
            }
        }
        return matches
    }

    /// Whether ICU finds a match anywhere in `units`; nil when the search hits a limit.
    static func holdsMatch(_ matcher: RegexMatcher, _ units: [UInt16]) -> Bool? {
        guard case .success(let found) = firstMatch(matcher, units, from: 0) else { return nil }
        return found != nil
    }

    /// True when some character of `text` folds to several code points (`ß`, `ﬃ`, `İ`): ignoring
    /// case, ICU can match it with several pattern characters, which no code-point reading
    /// follows (icugrep makes such lines candidates by other means).
    static func hasMultiCodePointFold(_ text: String) -> Bool {
        text.unicodeScalars.contains { CaseFolding.icuFullFolding(of: $0.value).count > 1 }
    }

    // MARK: Literal facts

    /// Scores for required sets: the facts must hold whichever set a score prefers.
    static let scores: [@Sendable ([[UInt8]]) -> Int] = [
        { $0.map(\.count).min() ?? 0 },
        { -($0.map(\.count).min() ?? 0) },
        { literals in
            // FNV-1a of the bytes: an arbitrary but fixed preference.
            var hash: UInt32 = 2_166_136_261
            for literal in literals {
                for byte in literal + [0xFF] { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            }
            return Int(hash)
        },
    ]

    /// Whether `needle` occurs in `units` starting at `offset`.
    static func occurs(_ needle: [UInt16], in units: ArraySlice<UInt16>, at offset: Int) -> Bool {
        let start = units.startIndex + offset
        return start + needle.count <= units.endIndex && units[start..<start + needle.count].elementsEqual(needle)
    }

    /// What is wrong with `facts` for ICU's match `match`, found searching `units` from
    /// `from`; nil when nothing is.
    static func literalFactsProblem(_ facts: LiteralFacts, units: [UInt16], from: Int, match: Range<Int>) -> String? {
        let matched = units[match]
        let matchedUTF8 = Array(String(decoding: matched, as: UTF16.self).utf8)
        if let exact = facts.exact {
            if !exact.contains(matchedUTF8) { return "the match is not in the exact set" }
            if facts.exactIsFaithful {
                // The first match is the leftmost position holding an exact string, and there
                // the first string in the set's order.
                let exactUnits = exact.map { Array(String(decoding: $0, as: UTF8.self).utf16) }
                var expected: Range<Int>?
                for start in from...units.count {
                    if let first = exactUnits.first(where: { occurs($0, in: units[...], at: start) }) {
                        expected = start..<(start + first.count)
                        break
                    }
                }
                if expected != match { return "the exact set in its order predicts the match \(String(describing: expected))" }
            }
        }
        if let required = facts.required {
            let contains = required.contains { literal in
                literal.count <= matchedUTF8.count
                    && (0...(matchedUTF8.count - literal.count)).contains { matchedUTF8[$0..<($0 + literal.count)].elementsEqual(literal) }
            }
            if !contains { return "the match holds no required literal" }
        }
        if let maximumUTF16Length = facts.maximumUTF16Length, match.count > maximumUTF16Length {
            return "the match is longer than \(maximumUTF16Length) units"
        }
        if let near = facts.nearRequired {
            let found = near.literals.contains { literal in
                let literalUnits = Array(String(decoding: literal, as: UTF8.self).utf16)
                return (0...near.maximumUTF16Offset).contains { occurs(literalUnits, in: matched, at: $0) }
            }
            if !found { return "no near literal starts within \(near.maximumUTF16Offset) units of the match start" }
        }
        return nil
    }

    static func describe(_ facts: LiteralFacts) -> String {
        func strings(_ set: [[UInt8]]?) -> String {
            set.map { "\($0.map { String(decoding: $0, as: UTF8.self) })" } ?? "nil"
        }
        return "exact \(strings(facts.exact)) faithful \(facts.exactIsFaithful) required \(strings(facts.required)) "
            + "maximumUTF16Length \(facts.maximumUTF16Length.map(String.init) ?? "nil") near "
            + (facts.nearRequired.map { "\(strings($0.literals)) within \($0.maximumUTF16Offset)" } ?? "nil")
    }

    // MARK: Generated patterns

    /// Counts of the generated run, printed at its end.
    struct Counts: CustomStringConvertible {
        var generated = 0
        var compiled = 0
        var read = 0
        var readButRejectedByICU = 0
        var codePointReadings = 0
        var exactReadings = 0
        var lineReadings = 0
        var exactLineReadings = 0
        var wordBoundaryLineReadings = 0
        var exactWordBoundaryLineReadings = 0
        var ignoringCaseReadings = 0
        var texts = 0
        var matches = 0
        var exactSets = 0
        var textsWithMatch = 0
        var linesWithMatch = 0
        var limited = 0

        var description: String {
            "\(generated) patterns generated, \(compiled) compiled by ICU, \(read) of those read by the reader "
                + "(\(compiled - read) not read; \(readButRejectedByICU) read but rejected by ICU); "
                + "code-point readings \(codePointReadings) (\(exactReadings) exact), line readings \(lineReadings) "
                + "(\(exactLineReadings) exact), \(wordBoundaryLineReadings) reading ICU's \\b at edges (\(exactWordBoundaryLineReadings) exact), "
                + "\(ignoringCaseReadings) also checked ignoring case; \(texts) texts, "
                + "\(matches) ICU matches checked against the literal facts (\(exactSets) with an exact set), "
                + "\(textsWithMatch) texts and \(linesWithMatch) lines holding a match; \(limited) searches hit ICU's limits"
        }
    }

    /// The generator's seed and the number of patterns: fixed for `swift test`, chosen by
    /// `Tests/differential.sh` (through `ICUREGEX_SEED` and `ICUREGEX_PATTERNS`) for longer runs.
    static let seed = ProcessInfo.processInfo.environment["ICUREGEX_SEED"].flatMap { UInt64($0) } ?? 0x5041_5454_4552_4E53
    static let patternCount = ProcessInfo.processInfo.environment["ICUREGEX_PATTERNS"].flatMap { Int($0) } ?? 12_000

    @Test("generated patterns: the literal facts and the code-point readings hold for what ICU matches")
    func generatedPatterns() throws {
        print("PatternSyntaxTests: seed \(Self.seed), \(Self.patternCount) patterns")
        var generator = PatternSyntaxGenerator(seed: Self.seed)
        var counts = Counts()
        var failures = 0
        func fail(_ message: String, pattern: String, text: String) {
            failures += 1
            Issue.record("\(message)\n  pattern \(String(reflecting: pattern))\n  text \(String(reflecting: text))")
        }
        let plain = CodePointPatternMatcher(options: [])
        let plainIgnoringCase = CodePointPatternMatcher(options: [.caseInsensitive])
        let line = CodePointPatternMatcher(options: [.useUnixLineSeparators])
        let lineIgnoringCase = CodePointPatternMatcher(options: [.useUnixLineSeparators, .caseInsensitive])
        /// Options under which the search plan also trusts the literal facts.
        let factOptions: [RegexPattern.Options] = [
            [], [], [.dotMatchesLineSeparators], [.anchorsMatchLines], [.useUnixLineSeparators], [.useUnicodeWordBoundaries],
        ]

        for index in 0..<Self.patternCount where failures < 25 {
            let pattern = generator.pattern()
            counts.generated += 1
            func compile(_ options: RegexPattern.Options) -> RegexMatcher? {
                try? RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false).makeMatcher()
            }
            guard let icu = compile([]) else {
                if PatternReader.read(pattern) != nil { counts.readButRejectedByICU += 1 }
                continue
            }
            counts.compiled += 1
            guard PatternReader.read(pattern) != nil else { continue }
            counts.read += 1

            let score = Self.scores[(index / factOptions.count) % Self.scores.count]
            let facts = try #require(LiteralFacts.of(pattern: pattern, score: score))
            let factsOptions = factOptions[index % factOptions.count]
            let factsMatcher = factsOptions.isEmpty ? icu : compile(factsOptions)
            let reading = CodePointPattern.reading(of: pattern)
            let lineReading = CodePointPattern.reading(of: pattern, lineEdges: true)
            // With ICU's `\b` at edges read too: only with case.
            let wordLineReading = CodePointPattern.reading(of: pattern, lineEdges: true, wordBoundaries: true)
            if let wordLineReading, wordLineReading != lineReading {
                counts.wordBoundaryLineReadings += 1
                if wordLineReading.isExact { counts.exactWordBoundaryLineReadings += 1 }
            }
            let ignoringCase = reading.flatMap { $0.pattern.sets.allSatisfy(\.matchesOneCharacterIgnoringCase) ? compile([.caseInsensitive]) : nil }
            let lineMatcher = lineReading.flatMap { _ in compile([.useUnixLineSeparators]) }
            let lineIgnoringCaseMatcher = lineReading.flatMap {
                $0.pattern.sets.allSatisfy(\.matchesOneCharacterIgnoringCase) ? compile([.useUnixLineSeparators, .caseInsensitive]) : nil
            }
            if let reading {
                counts.codePointReadings += 1
                if reading.isExact { counts.exactReadings += 1 }
            }
            if let lineReading {
                counts.lineReadings += 1
                if lineReading.isExact { counts.exactLineReadings += 1 }
            }
            if ignoringCase != nil || lineIgnoringCaseMatcher != nil { counts.ignoringCaseReadings += 1 }
            if facts.exact != nil { counts.exactSets += 1 }

            for _ in 0..<6 {
                counts.texts += 1
                let text = generator.text(newlines: true)
                let units = Array(text.utf16)
                let scalars = Array(text.unicodeScalars)

                // a. The literal facts, for every match.
                if let factsMatcher {
                    if let matches = Self.allMatches(factsMatcher, units) {
                        for (from, match) in matches {
                            counts.matches += 1
                            if let problem = Self.literalFactsProblem(facts, units: units, from: from, match: match) {
                                fail(
                                    "literal facts (options \(factsOptions.rawValue)): \(problem); ICU matched \(match) "
                                        + "\(String(reflecting: String(decoding: units[match], as: UTF16.self))) searching from \(from); "
                                        + Self.describe(facts), pattern: pattern, text: text)
                            }
                        }
                    } else {
                        counts.limited += 1
                    }
                }

                // b. The code-point reading: a superset of ICU's texts, equal when exact; also
                // ignoring case when every set matches one character at a time (as the search
                // plan uses it), for texts without characters that fold to several.
                if let reading {
                    for (matcher, reference) in [(icu, plain), (ignoringCase, plainIgnoringCase)] {
                        guard let matcher, matcher === icu || !Self.hasMultiCodePointFold(text) else { continue }
                        guard let found = Self.holdsMatch(matcher, units) else {
                            counts.limited += 1
                            continue
                        }
                        if matcher === icu && found { counts.textsWithMatch += 1 }
                        let predicted = reference.containsMatch(reading.pattern, in: scalars, lineEdges: false)
                        if found && !predicted || reading.isExact && found != predicted {
                            fail(
                                "code-point reading (options \(reference.options.rawValue), exact \(reading.isExact)): ICU "
                                    + (found ? "finds a match" : "finds none") + " but the reading "
                                    + (predicted ? "finds one" : "finds none") + "; reading \(reading.pattern.testDescription)",
                                pattern: pattern, text: text)
                        }
                    }
                }

                // c. The line reading: whether the line holds a match, with the line's edges,
                // compiled with only `\n` ending lines; the same with case ignored.
                if let lineReading {
                    let lineText = generator.lineText()
                    let lineUnits = Array(lineText.utf16)
                    let lineScalars = Array(lineText.unicodeScalars)
                    let checks = [
                        (lineMatcher, line, lineReading), (lineIgnoringCaseMatcher, lineIgnoringCase, lineReading),
                        (wordLineReading == lineReading ? nil : lineMatcher, line, wordLineReading ?? lineReading),
                    ]
                    for (matcher, reference, lineReading) in checks {
                        guard let matcher, matcher === lineMatcher || !Self.hasMultiCodePointFold(lineText) else { continue }
                        guard let found = Self.holdsMatch(matcher, lineUnits) else {
                            counts.limited += 1
                            continue
                        }
                        if matcher === lineMatcher && found { counts.linesWithMatch += 1 }
                        let predicted = reference.containsMatch(lineReading.pattern, in: lineScalars, lineEdges: true)
                        if found && !predicted || lineReading.isExact && found != predicted {
                            fail(
                                "line reading (options \(reference.options.rawValue), exact \(lineReading.isExact)): ICU "
                                    + (found ? "finds a match" : "finds none") + " but the reading "
                                    + (predicted ? "finds one" : "finds none") + "; reading \(lineReading.pattern.testDescription)",
                                pattern: pattern, text: lineText)
                        }
                    }
                }
            }
        }
        print("PatternSyntaxTests: \(counts)")
        #expect(counts.compiled > counts.generated * 3 / 4, "most generated patterns compile: \(counts)")
        #expect(counts.read > counts.compiled / 2, "the reader reads most of them: \(counts)")
        #expect(counts.codePointReadings > counts.read / 3, "\(counts)")
        #expect(counts.exactReadings > counts.codePointReadings / 10, "\(counts)")
        #expect(counts.exactLineReadings > counts.lineReadings / 10, "\(counts)")
        #expect(counts.exactWordBoundaryLineReadings > 20, "\(counts)")
        #expect(counts.matches > counts.texts, "\(counts)")
        #expect(counts.textsWithMatch > counts.texts / 4 && counts.linesWithMatch > counts.texts / 8, "\(counts)")
    }

    // MARK: Regressions

    @Test("a quantifier after \\Q...\\E repeats its last character, with the search plan on a long text")
    func quantifierAfterQuotation() throws {
        let pattern = try RegexPattern("^\\Qab\\E{0}c")
        let text = Array("ac".utf16) + Array(repeating: UInt16(UInt8(ascii: "-")), count: 4_094)
        let match = try text.withUnsafeBufferPointer { buffer throws(ICURegexError) in
            try pattern.firstRange(inUTF16: buffer, range: 0..<buffer.count)
        }
        #expect(match == UTF16Range(location: 0, length: 2))
        #expect(PatternReader.read("^\\Qab\\E{0}c") == .sequence([
            .assertion(.lineStart), .character("a"), .repetition(.character("b"), minimum: 0, maximum: 0, .greedy),
            .character("c"),
        ]))
    }

    @Test("\\xhh takes two hex digits, and the letters after it are characters, with the search plan on a long text")
    func hexEscapeTakesTwoDigits() throws {
        let source = "(?<![a-z])\\x41BC{0}ﬃce"
        let planned = try RegexPattern(source)
        let plain = try RegexPattern(source, options: [], limits: .default, usesSearchPlan: false)
        var text = ""
        while text.utf16.count < 5_000 { text += "filler ABC ﬃce, " }
        text += "xABﬃce ABCﬃce -ABﬃce tail"
        let units = Array(text.utf16)
        #expect(units.count >= 4_096)
        func search(_ pattern: RegexPattern) throws -> UTF16Range {
            try units.withUnsafeBufferPointer { buffer throws(ICURegexError) in
                try pattern.firstRange(inUTF16: buffer, range: 0..<buffer.count)
            }
        }
        let expected = try search(plain)
        let location = units.count - Array("ABﬃce tail".utf16).count
        #expect(expected == UTF16Range(location: location, length: Array("ABﬃce".utf16).count), "ICU's own answer")
        #expect(try search(planned) == expected)
        #expect(LiteralFacts.of(pattern: source, score: Self.scores[0])?.maximumUTF16Length == 5)
    }

    @Test("\\Z ignores UNIX_LINES: it ends a match before any final line terminator, and the line reading allows it")
    func textEndBeforeAnyFinalTerminator() throws {
        let options: RegexPattern.Options = [.useUnixLineSeparators]
        let reference = CodePointPatternMatcher(options: options)
        func compare(_ source: String, _ text: String) throws -> (icu: Bool, reading: Bool) {
            let icu = try RegexPattern(source, options: options, limits: .default, usesSearchPlan: false)
            let reading = try #require(CodePointPattern.reading(of: source, lineEdges: true))
            #expect(!reading.isExact, "ICU refuses \\Z between the CR and LF of a final CR LF; the reading does not follow that")
            return (try icu.firstRange(in: text) != nil, reference.containsMatch(reading.pattern, in: Array(text.unicodeScalars), lineEdges: true))
        }
        for text in ["a", "a\n", "a\r", "a\r\n", "a\u{0B}", "a\u{0C}", "a\u{85}", "a\u{2028}", "a\u{2029}", "ab", "a\n\n", "a\r\r", "a\t"] {
            let (icu, reading) = try compare("a\\Z", text)
            #expect(icu == reading, "a\\Z on \(String(reflecting: text)): ICU \(icu), reading \(reading)")
            #expect(icu == !["ab", "a\n\n", "a\r\r", "a\t"].contains(text))
        }
        // The corner the reading does not follow: a match that ends with the CR of a final CR LF.
        #expect(try compare("x\\r\\Z", "x\r\n") == (icu: false, reading: true))
    }

    @Test("deep nesting: the reader stops at its limit, ICU answers, and nothing crashes")
    func deepNesting() throws {
        let limit = PatternReader.maximumNesting
        let atLimit = String(repeating: "(", count: limit) + "a" + String(repeating: ")", count: limit)
        let pastLimit = "(" + atLimit + ")"
        #expect(PatternReader.read(atLimit) != nil)
        #expect(PatternReader.read(pastLimit) == nil)
        let brackets = String(repeating: "[", count: limit + 1) + "a" + String(repeating: "]", count: limit + 1)
        #expect(PatternReader.read(brackets) == nil)

        let unbalanced = String(repeating: "(", count: 6_000)
        let balanced = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        for source in [unbalanced, balanced, pastLimit] {
            #expect(PatternReader.read(source) == nil)
            #expect(LiteralFacts.of(pattern: source, score: Self.scores[0]) == nil)
            #expect(CodePointPattern.reading(of: source) == nil)
            #expect(CodePointPattern.reading(of: source, lineEdges: true) == nil)
            // ICU compiles the pattern or rejects it (ICU 72 stops at 100 nested groups with
            // U_REGEX_INTERNAL_ERROR), and a search answers with a match, none, or a limit's error.
            guard let compiled = try? RegexPattern(source) else { continue }
            do {
                let match = try compiled.firstRange(in: "abc")
                #expect(match == nil || match!.isEmpty || source == pastLimit)
            } catch {
                // A limit: an answer too.
            }
        }
    }

    // MARK: Case folding

    @Test("the plain word characters that ICU's \\b is read next to are ICU's word characters that \\b does not look past")
    func plainWordCharacters() throws {
        let limit = 0x800
        let word = try #require(ClassMembership.members(ofClass: "\\w", options: [], below: limit))
        let transparent = try #require(ClassMembership.members(ofClass: SyntaxReading.boundaryTransparentClass, options: [], below: limit))
        let opaqueNonWord = try #require(ClassMembership.members(ofClass: SyntaxReading.boundaryOpaqueNonWordClass, options: [], below: limit))
        var plain = 0
        for value in 0..<limit {
            let scalar = try #require(Unicode.Scalar(value))
            let expected = word[value] && !transparent[value]
            #expect(SyntaxReading.isPlainWordCharacter(scalar) == expected, "U+\(String(value, radix: 16))")
            #expect(opaqueNonWord[value] == (!word[value] && !transparent[value]), "U+\(String(value, radix: 16))")
            if expected { plain += 1 }
        }
        #expect(plain > 1000)
    }

    @Test("every code point that folds to several takes at least two UTF-8 bytes for three of them")
    func foldedCodePointRatio() {
        let ratio = CodePointPattern.fewestUTF8BytesPerFoldedCodePoint
        var expanding = 0
        var tightest = (bytes: 0, codePoints: 0, scalar: UInt32(0))
        for value in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(value) {
            let count = CaseFolding.icuFullFolding(of: value).count
            guard count > 1 else { continue }
            expanding += 1
            let bytes = UTF8.width(Unicode.Scalar(value)!)
            #expect(
                ratio.codePoints * bytes >= ratio.bytes * Int(count),
                "U+\(String(value, radix: 16, uppercase: true)) folds to \(count) code points in \(bytes) bytes")
            if tightest.codePoints == 0 || bytes * tightest.codePoints < tightest.bytes * Int(count) {
                tightest = (bytes, Int(count), value)
            }
        }
        print("PatternSyntaxTests: \(expanding) code points fold to several; the tightest is U+\(String(tightest.scalar, radix: 16, uppercase: true)), \(tightest.bytes) bytes for \(tightest.codePoints) code points")
        #expect(expanding > 100)
        #expect(tightest.bytes * ratio.codePoints == ratio.bytes * tightest.codePoints, "the ratio is the tightest there is")
    }

    @Test("inline flags: the group they stand in is flagged, and the analyses know nothing of it")
    func inlineFlags() {
        #expect(PatternReader.read("a(?i)b|c") == .group(.alternation([.sequence([.character("a"), .character("b")]), .character("c")]), .flagged("i")))
        #expect(PatternReader.read("x(?im-s:ab)y") == .sequence([.character("x"), .group(.sequence([.character("a"), .character("b")]), .flagged("im-s")), .character("y")]))
        for refused in ["(?x)a b", "(?i)*a", "(?-)a", "(?q)a", "(?i-x:a)", "(?--i)a"] {
            #expect(PatternReader.read(refused) == nil, "\(refused)")
        }
        // `c` matches `C` in ICU: nothing of the flagged group is required, not even `a`.
        #expect(LiteralFacts.of(pattern: "a(?i)b|c", score: { $0.count })?.required == nil)
        #expect(LiteralFacts.of(pattern: "holmes(?i:x)", score: { $0.count })?.required == [Array("holmes".utf8)])
        #expect(CodePointPattern.reading(of: "a(?i:b)") == nil)
        #expect(CodePointPattern.reading(of: "(?s).", lineEdges: true) == nil)
    }
}
