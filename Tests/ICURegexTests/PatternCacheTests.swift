import Foundation
@testable import ICURegex
import Testing

extension LibraryTests {
    /// The bounded cache behind the string-pattern conveniences.
    @Suite struct PatternCacheTests {
        @Test func repeatedPatternIsCompiledOnce() throws {
            let cache = PatternCache(capacity: 8)
            let first = try cache.pattern("a+b", options: [])
            for _ in 0..<100 {
                let again = try cache.pattern("a+b", options: [])
                #expect(again === first)
            }
            #expect(cache.count == 1)
            // The options are part of the key.
            let caseless = try cache.pattern("a+b", options: .caseInsensitive)
            #expect(caseless !== first)
            #expect(cache.count == 2)
        }

        @Test func distinctPatternsBeyondCapacityStayBounded() throws {
            let cache = PatternCache(capacity: 16)
            for index in 0..<200 {
                _ = try cache.pattern("x\(index)", options: [])
                #expect(cache.count == min(index + 1, 16))
            }
            // First in, first out: the newest are still cached, the oldest are gone.
            let newest = try cache.pattern("x199", options: [])
            #expect(try cache.pattern("x199", options: []) === newest)
            #expect(cache.count == 16)
            _ = try cache.pattern("x0", options: [])
            #expect(cache.count == 16)
        }

        @Test func malformedPatternsAreNotCached() {
            let cache = PatternCache(capacity: 4)
            #expect(throws: ICURegexError.mismatchedParenthesis) { try cache.pattern("(", options: []) }
            #expect(cache.count == 0)
        }

        /// String's == is canonical equivalence, but ICU compiles code points: the Kelvin sign
        /// U+212A and K, or é and e + U+0301, are different patterns.
        @Test func canonicallyEquivalentPatternsAreDistinct() throws {
            let cache = PatternCache(capacity: 8)
            let kelvin = try cache.pattern("\u{212A}", options: [])
            let letter = try cache.pattern("K", options: [])
            #expect(kelvin !== letter)
            #expect(letter.pattern.unicodeScalars.elementsEqual("K".unicodeScalars))
            let composed = try cache.pattern("\u{E9}", options: [])
            let decomposed = try cache.pattern("e\u{301}", options: [])
            #expect(composed !== decomposed)
            #expect(cache.count == 4)
            #expect(try cache.pattern("\u{212A}", options: []) === kelvin)
            #expect(cache.count == 4)

            // Through the conveniences, which use the shared cache.
            #expect("K.".range(ofRegex: "\u{212A}") == nil)
            #expect("K.".range(ofRegex: "K") != nil)
            #expect("\u{212A}.".range(ofRegex: "K") == nil)
            #expect("\u{212A}.".range(ofRegex: "\u{212A}") != nil)
            let composedText = Array("x\u{E9}".utf16)
            composedText.withUnsafeBufferPointer { units in
                #expect(RegexPattern.firstRange(of: "\u{E9}", inUTF16: units) == UTF16Range(location: 1, length: 1))
                #expect(RegexPattern.firstRange(of: "e\u{301}", inUTF16: units).isNotFound)
            }
        }

        /// Tests run one at a time (see ``LibraryTests``), so nothing else touches the shared
        /// cache meanwhile.
        @Test func repeatedConvenienceCallsDoNotGrowTheSharedCache() {
            let pattern = "shared-cache-probe-[0-9]+"
            let text = "a shared-cache-probe-42"
            #expect(text.range(ofRegex: pattern) != nil)
            let count = PatternCache.shared.count
            for _ in 0..<1_000 {
                #expect(text.range(ofRegex: pattern) != nil)
                #expect(text.range(ofRegex: pattern, options: .caseInsensitive) != nil)
            }
            #expect(PatternCache.shared.count <= count + 1)
            #expect(PatternCache.shared.count <= PatternCache.shared.capacity)
        }

        @Test func distinctConveniencePatternsKeepTheSharedCacheBounded() {
            let capacity = PatternCache.shared.capacity
            for index in 0..<(capacity + 50) {
                #expect("probe \(index)!".range(ofRegex: "probe \(index)!") != nil)
                #expect(PatternCache.shared.count <= capacity)
            }
            #expect(PatternCache.shared.count == capacity)
        }
    }
}
