import Foundation
@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// Loops of ``RegexMatcher/firstMatch(inUTF16:from:)`` over texts (each search from where
    /// the last match ended, one character on after an empty one) against the same loop of
    /// ICU's own search, and single searches from chosen offsets (at the text's end, and
    /// between the two halves of a surrogate pair) against ICU's. Each text is searched by a
    /// matcher of its own, as a caller that makes one per text does: once the pattern's match
    /// automaton is worked out, every matcher after the first borrows the automaton an earlier
    /// one gave back to the pattern's pool, with the states it worked out on other texts. One
    /// matcher is also kept while its buffer is refilled with another text, and a matcher that
    /// lent its automaton to a line search must not give it back.
    @Suite struct RegexMatcherLoopDifferentialTests {
        static let seed: UInt64 = 0x4D41_5443_484C_4F4F

        /// ICU's first match at or after `from`, or the error it threw, as text.
        static func icuAnswer(_ icu: RegexMatcher, _ text: UnsafeBufferPointer<UInt16>, from: Int) -> String {
            do { return String(describing: try icu.icuFirstMatch(inUTF16: text, from: from)) } catch { return "\(error)" }
        }

        /// The matcher's first match at or after `from`, or the error it threw, as text.
        static func answer(_ matcher: RegexMatcher, _ text: UnsafeBufferPointer<UInt16>, from: Int) -> String {
            do { return String(describing: try matcher.firstMatch(inUTF16: text, from: from)) } catch { return "\(error)" }
        }

        /// The loop's answers in `text`: each match (or the error that ended the loop).
        static func loop(_ text: UnsafeBufferPointer<UInt16>, _ search: (Int) -> String, match: (Int) throws -> Range<Int>?) -> [String] {
            var answers: [String] = []
            var from = 0
            while from <= text.count {
                let found: Range<Int>?
                do { found = try match(from) } catch {
                    answers.append("\(error)")
                    break
                }
                guard let found else { break }
                answers.append("\(found)")
                from = found.upperBound
                if found.isEmpty {
                    from += from + 1 < text.count && UTF16.isLeadSurrogate(text[from]) && UTF16.isTrailSurrogate(text[from + 1]) ? 2 : 1
                }
            }
            return answers
        }

        /// The differences between `compiled`'s matchers and ICU on `text`: the loop of a new
        /// matcher, and its searches from `offsets`.
        static func compare(
            _ compiled: RegexPattern, icu: RegexMatcher, text: UnsafeBufferPointer<UInt16>, offsets: [Int], label: String
        ) throws -> [String] {
            var failures: [String] = []
            let matcher = try compiled.makeMatcher()
            let found = loop(text, { answer(matcher, text, from: $0) }) { try matcher.firstMatch(inUTF16: text, from: $0) }
            let expected = loop(text, { icuAnswer(icu, text, from: $0) }) { try icu.icuFirstMatch(inUTF16: text, from: $0) }
            if found != expected {
                failures.append("\(label): \(found.count) matches \(found.prefix(3)), ICU \(expected.count) \(expected.prefix(3))")
            }
            let searcher = try compiled.makeMatcher()
            for from in offsets {
                let single = answer(searcher, text, from: from)
                let icuSingle = icuAnswer(icu, text, from: from)
                if single != icuSingle { failures.append("\(label) from \(from): \(single), ICU \(icuSingle)") }
            }
            return failures
        }

        /// Offsets of `units` to search from: its start and end, between the halves of each of
        /// its first surrogate pairs, and some at random.
        static func offsets(_ units: [UInt16], _ random: inout SplitMix64) -> [Int] {
            var offsets = [0, units.count]
            var pairs = 0
            for index in units.indices.dropFirst() where pairs < 3
                && UTF16.isLeadSurrogate(units[index - 1]) && UTF16.isTrailSurrogate(units[index]) {
                offsets.append(index)
                pairs += 1
            }
            for _ in 0..<4 { offsets.append(random.number(in: 0..<(units.count + 1))) }
            return offsets
        }

        /// Generated patterns, their automata worked out first (as a long search works them
        /// out) so that every matcher takes the pool's, each text searched by a matcher of its
        /// own: texts short and of at least ``SearchPlan/minimumSearchLength`` units (where
        /// the plan is taken), with characters outside the BMP.
        @Test func newMatchersOfGeneratedPatternsFindICUsMatches() throws {
            var generator = PatternSyntaxGenerator(seed: Self.seed)
            var random = SplitMix64(seed: Self.seed ^ 1)
            var failures: [String] = []
            var pooled = 0
            for index in 0..<60 {
                let pattern = generator.pattern()
                let options: RegexPattern.Options = index % 4 == 0 ? .caseInsensitive : []
                guard let compiled = try? RegexPattern(pattern, options: options),
                    let icuPattern = try? RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false)
                else { continue }
                let icu = try icuPattern.makeMatcher()
                if let automaton = compiled.matchAutomata?.take() {
                    compiled.matchAutomata?.put(automaton)
                    pooled += 1
                }
                for length in [40, SearchPlan.minimumSearchLength + 200, 300, SearchPlan.minimumSearchLength + 50] {
                    var text = ""
                    while text.utf16.count < length { text += generator.text(newlines: true) + random.element(of: ["😀", "\n", " "]) }
                    let units = Array(text.utf16)
                    failures += try units.withUnsafeBufferPointer { buffer in
                        try Self.compare(
                            compiled, icu: icu, text: buffer, offsets: Self.offsets(units, &random),
                            label: "\(pattern) \(options.rawValue) on \(units.count) units")
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) differences, the first: \(failures.prefix(5))")
            #expect(pooled > 20)
        }

        /// The patterns of the benchmark rows of a loop of matchers (rebar's `quadratic`,
        /// `cloud-flare-redos`, literals, an alternation of literals, ignoring case, Chinese),
        /// a first text long enough to work their ways out, then a matcher for each later text,
        /// and one matcher kept while its buffer is refilled with each text in turn.
        @Test func matchersOfTheBenchmarkPatternsFindICUsMatches() throws {
            var random = SplitMix64(seed: Self.seed ^ 2)
            let patterns: [(String, RegexPattern.Options)] = [
                ("[a-q][^u-z]{13}x", []),
                (#"(?:(?:"|'|\]|\}|\\|\d|(?:nan|infinity|true|false|null|undefined|symbol|math)|`|\-|\+)+[)]*;?((?:\s|-|~|!|\{\}|\|\||\+)*.*(?:.*=.*)))"#, []),
                (".*.*=.*", []),
                ("Sherlock Holmes", []),
                ("Sherlock Holmes|John Watson|Irene Adler|Inspector Lestrade|Professor Moriarty", []),
                ("sherlock", .caseInsensitive),
                ("夏洛克", []),
                (#"\b\w+\b"#, []),
                (#"(\w+)=(\d+)"#, []),
                (#"[A-Za-z]{8,13}"#, []),
            ]
            let pieces = [
                "Sherlock Holmes", "sherLOCK", "John Watson", "Irene Adler", "夏洛克", "福尔摩斯", "abcdefghijklmnopx", "qrst",
                "x=12", "null;", "'", "\"", "a = b", "=", " ", " ", "\n", "😀", "жж", "é", "true", "-", "abcdefghijk",
            ]
            func text(length: Int) -> [UInt16] {
                var text = ""
                while text.utf16.count < length { text += random.element(of: pieces) }
                return Array(text.utf16)
            }
            let texts = [text(length: SearchPlan.automatonSearchLength + 100)]
                + [60, SearchPlan.minimumSearchLength + 10, 500].map { text(length: $0) }
            var failures: [String] = []
            for (pattern, options) in patterns {
                let compiled = try RegexPattern(pattern, options: options)
                let icu = try RegexPattern(pattern, options: options, limits: .default, usesSearchPlan: false).makeMatcher()
                for units in texts {
                    failures += try units.withUnsafeBufferPointer { buffer in
                        try Self.compare(
                            compiled, icu: icu, text: buffer, offsets: Self.offsets(units, &random),
                            label: "\(pattern) on \(units.count) units")
                    }
                }
                // One matcher, its buffer refilled with each text in turn.
                let kept = try compiled.makeMatcher()
                let buffer = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: texts.map(\.count).max()!)
                defer { buffer.deallocate() }
                for units in texts.reversed() {
                    _ = buffer.initialize(from: units)
                    let text = UnsafeBufferPointer(rebasing: buffer[..<units.count])
                    let found = Self.loop(text, { Self.answer(kept, text, from: $0) }) { try kept.firstMatch(inUTF16: text, from: $0) }
                    let expected = Self.loop(text, { Self.icuAnswer(icu, text, from: $0) }) { try icu.icuFirstMatch(inUTF16: text, from: $0) }
                    if found != expected { failures.append("\(pattern), refilled buffer of \(units.count) units: \(found.count) matches, ICU \(expected.count)") }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) differences, the first: \(failures.prefix(5))")
        }

        /// A matcher that lent its match automaton to a line search keeps it: the pool does not
        /// get it back when the matcher ends, so that no other search takes it while the line
        /// search may still hold it. A matcher that did not lend it gives it back.
        @Test func aLentAutomatonIsNotGivenBack() throws {
            let compiled = try RegexPattern("[a-q][^u-z]{3}x")
            let units = Array(String(repeating: "abcdx ", count: 20_000).utf16)
            var lent: MatchAutomaton?
            do {
                let matcher = try compiled.makeMatcher()
                _ = try units.withUnsafeBufferPointer { try matcher.firstMatch(inUTF16: $0, from: 0) }
                lent = matcher.lineMatchAutomaton()
            }
            let taken = try #require(compiled.matchAutomata?.take())
            #expect(taken !== lent)
            compiled.matchAutomata?.put(taken)
            do {
                let matcher = try compiled.makeMatcher()
                _ = try units.withUnsafeBufferPointer { try matcher.firstMatch(inUTF16: $0, from: 0) }
            }
            let again = try #require(compiled.matchAutomata?.take())
            #expect(again === taken)
        }
    }
}
