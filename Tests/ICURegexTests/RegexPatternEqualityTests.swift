import ICURegex
import Testing

extension LibraryTests {
    /// `RegexPattern`'s equality and hashing: the pattern text and the options, not the limits
    /// and not the instance.
    @Suite struct RegexPatternEqualityTests {
        @Test func equalPatternsAndOptions() throws {
            let a = try RegexPattern("[0-9]+", options: .caseInsensitive)
            let b = try RegexPattern("[0-9]+", options: .caseInsensitive)
            #expect(a == b && a !== b)
            #expect(a.hashValue == b.hashValue)
            #expect(Set([a, b]).count == 1)
            #expect(a != (try RegexPattern("[0-9]+")))
            #expect(a != (try RegexPattern("[0-9]*", options: .caseInsensitive)))
            #expect(a != (try RegexPattern("[0-9]+", options: [.caseInsensitive, .anchorsMatchLines])))
            // The limits bound a search's time, not its matches.
            let limited = try RegexPattern("[0-9]+", options: .caseInsensitive, limits: .init(timeLimitSteps: 5, stackLimitBytes: 100_000))
            #expect(limited == a)
            var counts: [RegexPattern: Int] = [:]
            for pattern in [a, b, limited, try RegexPattern("x")] {
                counts[pattern, default: 0] += 1
            }
            #expect(counts[a] == 3 && counts.count == 2)
        }
    }
}
