import Foundation
import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

extension LibraryTests {
    /// Runaway searches stop: catastrophic backtracking and ICU's endless loops hit the time
    /// limit, deep backtracking hits the stack limit, and custom limits apply.
    @Suite struct LimitTests {
        static let manyA = String(repeating: "a", count: 50_000)

        @Test func catastrophicBacktrackingThrowsTimeLimitExceeded() throws {
            let pattern = try RegexPattern("(a+)+b")
            #expect(throws: ICURegexError.timeLimitExceeded) { try pattern.firstRange(in: Self.manyA) }
            let units = Array(Self.manyA.utf16)
            _ = units.withUnsafeBufferPointer { units in
                #expect(throws: ICURegexError.timeLimitExceeded) { try RegexPattern("(a+)+b").firstRange(inUTF16: units) }
            }
            // ICU's work on the searches that timed out counts towards the pattern's lazy ways
            // (see `MatchStrategy.mayUse`): its match automaton, worked out now, answers the
            // same search exactly, without ICU.
            let again = try units.withUnsafeBufferPointer { units in try pattern.firstRange(inUTF16: units) }
            #expect(again.isNotFound)
        }

        @Test func conveniencesGiveNotFoundOnTimeOut() {
            #expect(Self.manyA.range(ofRegex: "(a+)+b") == nil)
            #expect((Self.manyA as NSString).range(ofRegex: "(a+)+b").location == NSNotFound)
        }

        /// A lazy quantifier over a group that can match empty loops forever in ICU 72
        /// (no text, however short, finishes): only the limit stops it.
        @Test func icuEndlessLoopStops() throws {
            let tight = RegexPattern.Limits(timeLimitSteps: 50, stackLimitBytes: 8 << 20)
            for pattern in ["(a*)*?b", "(a|)*?b", "(?:a?)+?b"] {
                let compiled = try RegexPattern(pattern, limits: tight)
                for length in [1, 2, 3] {
                    let error = #expect(throws: ICURegexError.self) {
                        try compiled.firstRange(in: String(repeating: "a", count: length))
                    }
                    #expect(error?.isLimitExceeded == true, "\(pattern) on \(length) a: \(String(describing: error))")
                }
            }
            // The default limits stop it too, and the conveniences give "not found".
            let looping = try RegexPattern("(a*)*?b")
            let error = #expect(throws: ICURegexError.self) { try looping.firstRange(in: "a") }
            #expect(error?.isLimitExceeded == true)
            #expect("a".range(ofRegex: "(a*)*?b") == nil)
        }

        @Test func customTimeLimit() throws {
            let text = String(repeating: "a", count: 28)
            let tight = try RegexPattern("(a+)+b", limits: .init(timeLimitSteps: 1, stackLimitBytes: 0))
            #expect(throws: ICURegexError.timeLimitExceeded) { try tight.firstRange(in: text) }
            // A search that needs little work finishes within the same tight limit.
            #expect(try tight.firstRange(in: "aaab") != nil)
            // Without limits an exponential search of a short text runs to its end.
            let unlimited = try RegexPattern("(a+)+b", limits: .none)
            #expect(unlimited.limits == .none)
            #expect(try unlimited.firstRange(in: String(repeating: "a", count: 16)) == nil)
            // Per-thread matchers inherit their pattern's limits.
            let matcher = try tight.makeMatcher()
            let units = Array(text.utf16)
            try units.withUnsafeBufferPointer { units in
                #expect(throws: ICURegexError.timeLimitExceeded) { try matcher.firstMatch(inUTF16: units) }
                // The matcher is still usable after a time-out.
                let short = Array("aab".utf16)
                let found = try short.withUnsafeBufferPointer { try matcher.firstMatch(inUTF16: $0) }
                #expect(found == 0..<3)
            }
        }

        /// The wall-clock limit holds whatever the text's length: a search of a 4 MB text that
        /// would take minutes (a look-behind tried at every position) stops after about the
        /// limit, where the step limit, which grows with the text, would let it run on. The
        /// elapsed time is only bounded from above, with a wide margin for a loaded machine.
        @Test func wallTimeLimitStopsALongSearch() throws {
            let text = String(repeating: "a", count: 4_000_000) + "-x"
            let limits = RegexPattern.Limits(timeLimitSteps: 0, stackLimitBytes: 8 << 20, wallTimeLimit: .milliseconds(200))
            let pattern = try RegexPattern(#"\w(?<=[ab]{50,100}x)"#, limits: limits)
            #expect(pattern.limits.wallTimeLimit == .milliseconds(200))
            let clock = ContinuousClock()
            let start = clock.now
            #expect(throws: ICURegexError.timeLimitExceeded) { try pattern.firstRange(in: text) }
            #expect(clock.now - start < .seconds(3))
            // Every match of a walk gets the whole limit; the walk ends with the time-out.
            let walkStart = clock.now
            var iterator = pattern.matches(in: text).makeIterator()
            #expect(iterator.next() == nil)
            #expect(iterator.error == .timeLimitExceeded)
            #expect(clock.now - walkStart < .seconds(3))
            // The matcher is still usable, and a short search finishes within the limit.
            let short = String(repeating: "b", count: 60) + "x"
            #expect(try pattern.firstRange(in: short).map { short.distance(from: short.startIndex, to: $0.lowerBound) } == 60)
            // A limit of centuries does not wrap around to the past.
            let long = RegexPattern.Limits(timeLimitSteps: 0, stackLimitBytes: 8 << 20, wallTimeLimit: .seconds(Int64.max / 2))
            let patient = try RegexPattern("(a+)+b", limits: long)
            #expect(try patient.firstRange(in: String(repeating: "a", count: 18)) == nil)
        }

        /// The time limit bounds each search of a walk, not the walk: ICU counts the time of
        /// successive `findNext` calls together, which stopped walks over every match of a long
        /// text part-way (a dictionary of 2,000 words in a megabyte of subtitles).
        @Test func timeLimitBoundsEachSearchOfAWalk() throws {
            var random = SplitMix64(seed: 7)
            let words = (0..<300).map { _ in String((0..<6).map { _ in Character(Unicode.Scalar(UInt8(97 + random.number(in: 0..<26)))) }) }
            let text = (0..<50_000).map { _ in words[random.number(in: 0..<300)] }.joined(separator: " ")
            let limits = RegexPattern.Limits(timeLimitSteps: 10, stackLimitBytes: 8 << 20)
            for usesSearchPlan in [false, true] {
                let pattern = try RegexPattern(words.joined(separator: "|"), options: [], limits: limits, usesSearchPlan: usesSearchPlan)
                var iterator = pattern.matches(in: text).makeIterator()
                var count = 0
                while iterator.next() != nil { count += 1 }
                #expect(iterator.error == nil)
                #expect(count == 50_000)
            }
        }

        @Test func stackLimitExceeded() throws {
            let text = String(repeating: "ab", count: 50_000)
            // The lookahead of two characters keeps the search ICU's: the match automaton (which reads
            // one-character look-arounds) needs no stack.
            let small = try RegexPattern("(a|b)*(?!xy)", limits: .init(timeLimitSteps: 10_000, stackLimitBytes: 10_000))
            let error = #expect(throws: ICURegexError.stackLimitExceeded) { try small.firstRange(in: text) }
            #expect(error?.isLimitExceeded == true)
            // The same search of a short text fits.
            #expect(try small.firstRange(in: "abab").map { $0.isEmpty } == false)
        }
    }
}
