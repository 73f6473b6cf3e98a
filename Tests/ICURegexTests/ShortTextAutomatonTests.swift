import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

extension LibraryTests {
    /// Short texts searched by the match automaton once it is built: the string conveniences
    /// (`String.range(ofRegex:)`, `NSString.range(ofRegex:)`, the static UTF-16 search) and
    /// ``RegexPattern/firstRange(inUTF8:anchored:)`` against ICU alone, on texts of a few
    /// dozen characters, where ICU searched before. Patterns with look-around or
    /// back-references have no automaton, and texts with characters the automaton cannot
    /// classify (combining marks next to `\b`, multi-character case folds) make it answer
    /// unknown: both must still give ICU's answer.
    @Suite struct ShortTextAutomatonTests {
        static let seed: UInt64 = 0x5348_4F52_5454_5854

        /// Patterns of every kind the automaton decides, and some it must leave to ICU.
        static let patterns = [
            "[0-9]{3}-[0-9]{3}-[0-9]{4}", "\\d+", "a+b*", "(a|ab)(c|bcd)?", "\\bx\\w*\\b", "\\B.", "^a", "b$",
            "(?m)^.$", "\\w+", "[a-c]+?", "a|b|c", "x.*y", "(?<=a)b", "a(?=b)", "(a)\\1", "ж+", "福|😀", "\\p{L}+",
            "[^ ]+", "k", "ss", "é", "e\u{301}", "\\s+", "", ".", "(?i)k", "\\X", "\\R", "a{2,3}", "[[:alpha:]]+",
            "\\b", "x?", "\\w+\\b-", "İ", "\\Aa|c\\z", "(?<=ab)c", "\\w(?!x)",
        ]

        /// Pieces of the texts: ASCII, case pairs whose folding is special (the Kelvin sign,
        /// `ß`, long s, dotted I), a combining mark, format characters, other scripts and a
        /// character outside the BMP (a surrogate pair in UTF-16).
        static let pieces = [
            "a", "b", "c", "x", "y", "1", "5", "0", "-", " ", "_", "\n", "é", "e\u{301}", "ж", "Ж", "福", "😀", "K",
            "\u{212A}", "ß", "ſ", "İ", "\u{200D}", "\u{00AD}", "A", "Z", ".", "ab", "555-123-4567",
        ]

        static func texts(_ random: inout SplitMix64, count: Int) -> [String] {
            var texts = ["call 555-123-4567 now", ""]
            while texts.count < count {
                texts.append((0..<random.number(in: 1...14)).map { _ in random.element(of: Self.pieces) }.joined())
            }
            return texts
        }

        /// The cached pattern behind the conveniences, with its match automaton built (as it is
        /// after a thousand or so short searches), so that short texts go to the automaton.
        static func cachedWithAutomaton(_ pattern: String, options: RegexPattern.Options) throws -> RegexPattern {
            let compiled = try PatternCache.shared.pattern(pattern, options: options)
            if let automata = compiled.matchAutomata, let automaton = automata.take() {
                automata.put(automaton)
            }
            return compiled
        }

        /// Compares every convenience with ICU alone for `pattern` on `texts`, in whole texts
        /// and ranges of them, unanchored and anchored; returns the failures and counts the
        /// searches the automaton decided.
        static func compare(
            _ pattern: String, options: RegexPattern.Options, texts: [String], random: inout SplitMix64, decided: inout Int
        ) throws -> [String] {
            guard let icu = try? RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false) else {
                return []
            }
            let compiled = try cachedWithAutomaton(pattern, options: options)
            var searchOptions: RegexSearchOptions = options.contains(.caseInsensitive) ? [.caseInsensitive] : []
            var failures: [String] = []
            for text in texts {
                let units = Array(text.utf16)
                var ranges = [0..<units.count]
                for _ in 0..<2 where !units.isEmpty {
                    let lower = random.number(in: 0...units.count)
                    ranges.append(lower..<random.number(in: lower...units.count))
                }
                for anchored in [false, true] {
                    if anchored { searchOptions.insert(.anchored) } else { searchOptions.remove(.anchored) }
                    // The automaton on the whole text's UTF-8, as the conveniences ask it.
                    let expectedWhole = try? units.withUnsafeBufferPointer { try icu.firstRange(inUTF16: $0, anchored: anchored) }
                    let outcome = text.utf8.withContiguousStorageIfAvailable { compiled.firstRange(inUTF8: $0, anchored: anchored) }
                    if case .decided(let match) = outcome, let expectedWhole {
                        decided += 1
                        let found =
                            match.map {
                                let start = Self.utf16Offset(text, utf8Offset: $0.lowerBound)
                                return UTF16Range(location: start, length: Self.utf16Offset(text, utf8Offset: $0.upperBound) - start)
                            } ?? .notFound
                        if found != expectedWhole {
                            failures.append("inUTF8 anchored \(anchored): \(found) for ICU's \(expectedWhole)")
                        }
                    }
                    for range in ranges {
                        let expected: UTF16Range
                        do {
                            expected = try units.withUnsafeBufferPointer { units throws(ICURegexError) in
                                try icu.firstRange(inUTF16: units, range: range, anchored: anchored)
                            }
                        } catch { continue }
                        let context = "\(pattern) options \(options.rawValue) anchored \(anchored) in \(UTF16Units.describe(units)) range \(range)"
                        let expectedNS = expected.isNotFound ? NSRange(location: NSNotFound, length: 0) : NSRange(location: expected.location, length: expected.length)
                        var foundationOptions: NSString.CompareOptions = anchored ? [.anchored] : []
                        if options.contains(.caseInsensitive) { foundationOptions.insert(.caseInsensitive) }
                        let nsRange = NSRange(location: range.lowerBound, length: range.count)
                        let plain = NSString(string: text).range(ofRegex: pattern, options: foundationOptions, range: nsRange)
                        // An empty pattern is "not found" in the conveniences, by design.
                        if pattern.isEmpty { continue }
                        if plain != expectedNS { failures.append("NSString \(plain) for ICU's \(expectedNS): \(context)") }
                        let static16 = units.withUnsafeBufferPointer {
                            RegexPattern.firstRange(of: pattern, inUTF16: $0, options: searchOptions, range: range)
                        }
                        if static16 != expected { failures.append("inUTF16 \(static16) for ICU's \(expected): \(context)") }
                        let view = text.utf16
                        let bounds = view.index(view.startIndex, offsetBy: range.lowerBound)..<view.index(view.startIndex, offsetBy: range.upperBound)
                        let found = text.range(ofRegex: pattern, options: searchOptions, range: bounds)
                        let expectedIndices = expected.range.map {
                            view.index(view.startIndex, offsetBy: $0.lowerBound)..<view.index(view.startIndex, offsetBy: $0.upperBound)
                        }
                        if found != expectedIndices {
                            failures.append("String \(String(describing: found.map { NSRange($0, in: text) })) for ICU's \(expected): \(context)")
                        }
                    }
                }
            }
            return failures
        }

        /// The UTF-16 offset of the UTF-8 offset `offset` of `text`.
        static func utf16Offset(_ text: String, utf8Offset offset: Int) -> Int {
            text.utf8.index(text.utf8.startIndex, offsetBy: offset).utf16Offset(in: text)
        }

        @Test("short texts through the built automaton: every convenience answers as ICU alone")
        func handPatternsAgreeWithICU() throws {
            var random = SplitMix64(seed: Self.seed)
            let texts = Self.texts(&random, count: 40)
            var failures: [String] = []
            var decided = 0
            for pattern in Self.patterns {
                for options in [RegexPattern.Options(), .caseInsensitive] {
                    failures += try Self.compare(pattern, options: options, texts: texts, random: &random, decided: &decided)
                }
            }
            #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.prefix(5))")
            // Most of these patterns have an automaton that decides most texts: the path is taken.
            #expect(decided > Self.patterns.count * texts.count)
        }

        @Test("short texts through the built automaton: generated patterns answer as ICU alone")
        func generatedPatternsAgreeWithICU() throws {
            var generator = PatternSyntaxGenerator(seed: Self.seed)
            var random = SplitMix64(seed: Self.seed ^ 1)
            var failures: [String] = []
            var decided = 0
            for index in 0..<150 {
                let pattern = generator.pattern()
                let texts = (0..<6).map { _ in generator.text(newlines: index % 2 == 0, maximumScalars: 30) }
                let options: RegexPattern.Options = index % 3 == 0 ? .caseInsensitive : []
                failures += try Self.compare(pattern, options: options, texts: texts, random: &random, decided: &decided)
            }
            #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.prefix(5))")
            #expect(decided > 150)
        }

        @Test("a back-reference ignoring case leaves short texts to ICU; a pattern the automaton decides builds it after enough short calls")
        func automatonIsBuiltByShortCalls() throws {
            // Back-references matched with case have a searcher of their own
            // (`BackReferenceDifferentialTests`); ignoring case, only ICU decides them.
            let backReference = try RegexPattern("(?i)(a)\\1")
            let bytes = Array("aA".utf8)
            for _ in 0..<2_000 {
                guard case .askICU = bytes.withUnsafeBufferPointer({ backReference.firstRange(inUTF8: $0, anchored: false) }) else {
                    Issue.record("(?i)(a)\\1 was decided without ICU")
                    return
                }
            }
            #expect(backReference.matchAutomata?.state != .present)

            let phone = try RegexPattern("[0-9]{3}-[0-9]{3}-[0-9]{4}")
            let units = Array("call 555-123-4567 now".utf16)
            #expect(phone.matchAutomata?.state == .unknown)
            // Each call counts its 21 units and the per-call charge: the automaton is built
            // within the number of calls whose cost reaches the threshold.
            let calls = SearchPlan.automatonSearchLength / (units.count + MatchStrategy.unitsChargedPerSearch) + 1
            for _ in 0..<calls {
                let found = try units.withUnsafeBufferPointer { try phone.firstRange(inUTF16: $0) }
                #expect(found == UTF16Range(location: 5, length: 12))
            }
            #expect(phone.matchAutomata?.state == .present)
        }

        @Test("Foundation's regular-expression search answers as the conveniences on short texts")
        func agreesWithFoundation() throws {
            var random = SplitMix64(seed: Self.seed ^ 2)
            let texts = Self.texts(&random, count: 12)
            var failures: [String] = []
            for pattern in Self.patterns where !pattern.isEmpty {
                for options in [NSString.CompareOptions(), .caseInsensitive, .anchored] {
                    _ = try Self.cachedWithAutomaton(pattern, options: options.contains(.caseInsensitive) ? .caseInsensitive : [])
                    for text in texts {
                        let expected = NSString(string: text).range(of: pattern, options: options.union(.regularExpression))
                        let found = NSString(string: text).range(ofRegex: pattern, options: options)
                        if found != expected { failures.append("\(pattern) \(options.rawValue) in \(text.debugDescription): \(found), Foundation \(expected)") }
                        let foundString = text.range(ofRegex: pattern, options: options).map { NSRange($0, in: text) }
                        let expectedString = text.range(of: pattern, options: options.union(.regularExpression)).map { NSRange($0, in: text) }
                        if foundString != expectedString {
                            failures.append("String \(pattern) \(options.rawValue) in \(text.debugDescription): \(String(describing: foundString)), Foundation \(String(describing: expectedString))")
                        }
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.prefix(5))")
        }
    }
}
