import Foundation
import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

extension LibraryTests {
    /// Our `String` and `Substring` searches against Foundation's
    /// `StringProtocol.range(of:options:range:)` with `.regularExpression`, on generated
    /// well-formed texts (a `String` cannot hold a lone surrogate).
    @Suite struct StringDifferentialTests {
        static let caseCount = 4_000
        static let seed: UInt64 = 0x57_121A6

        /// A range's UTF-16 offsets in `string`, for comparing ranges from different calls.
        static func offsets(_ range: Range<String.Index>?, in string: String) -> Range<Int>? {
            range.map { $0.lowerBound.utf16Offset(in: string)..<$0.upperBound.utf16Offset(in: string) }
        }

        /// Foundation's answer with Apple's `.anchored` (see ``AppleReference``).
        static func foundationAnswer<Text: StringProtocol>(
            _ pattern: String, in text: Text, options: NSString.CompareOptions, range: Range<String.Index>?
        ) -> Range<String.Index>? {
            let start = range?.lowerBound ?? text.startIndex
            if options.contains(.anchored), start != text.startIndex {
                let unanchored = text.range(of: pattern, options: options.subtracting(.anchored).union(.regularExpression), range: range)
                return unanchored?.lowerBound == start ? unanchored : nil
            }
            return text.range(of: pattern, options: options.union(.regularExpression), range: range)
        }

        @Test("String and Substring searches agree with Foundation on 4,000 generated cases")
        func agreesWithFoundation() {
            var generator = CaseGenerator(seed: Self.seed)
            var random = SplitMix64(seed: Self.seed)
            var compared = 0
            var matches = 0
            var splitPairRanges = 0
            var substrings = 0
            var mismatches: [String] = []
            var patternsAskedOfFoundation: [String: String] = [:]

            for index in 0..<Self.caseCount {
                var generated = generator.nextCase(allowLoneSurrogates: false)
                // See FoundationDifferentialTests: Linux Foundation's pattern cache confuses
                // canonically equivalent patterns, so such a pattern gets a fresh case instead.
                let key = "\(generated.caseInsensitive):\(generated.pattern)"
                if let earlier = patternsAskedOfFoundation[key], !earlier.unicodeScalars.elementsEqual(generated.pattern.unicodeScalars) {
                    continue
                }
                patternsAskedOfFoundation[key] = generated.pattern
                let string = String(decoding: generated.units, as: UTF16.self)
                let utf16 = string.utf16
                // The whole string (nil) a fifth of the time, else a range on scalar boundaries,
                // or a fifth of the time on any UTF-16 offsets, which may split a surrogate pair.
                let mode = random.number(in: 0..<5)
                let whole = mode == 0
                if mode == 1 {
                    let lower = random.number(in: 0...utf16.count)
                    generated.range = lower..<(lower + random.number(in: 0...(utf16.count - lower)))
                } else {
                    let scalars = string.unicodeScalars
                    let lower = random.number(in: 0...scalars.count)
                    let upper = lower + random.number(in: 0...(scalars.count - lower))
                    let bounds = scalars.index(scalars.startIndex, offsetBy: lower)..<scalars.index(scalars.startIndex, offsetBy: upper)
                    generated.range = bounds.lowerBound.utf16Offset(in: string)..<bounds.upperBound.utf16Offset(in: string)
                }
                let range = utf16.index(utf16.startIndex, offsetBy: generated.range.lowerBound)..<utf16.index(utf16.startIndex, offsetBy: generated.range.upperBound)
                let searchRange = whole ? nil : range

                let expected = Self.offsets(Self.foundationAnswer(generated.pattern, in: string, options: generated.compareOptions, range: searchRange), in: string)
                var answers: [(String, Range<Int>?)] = [
                    ("String.range(ofRegex:options: RegexSearchOptions)", Self.offsets(string.range(ofRegex: generated.pattern, options: generated.searchOptions, range: searchRange), in: string)),
                    ("String.range(ofRegex:options: CompareOptions)", Self.offsets(string.range(ofRegex: generated.pattern, options: generated.compareOptions, range: searchRange), in: string)),
                    ("RegexPattern.firstMatch(of:in:)", Self.offsets(RegexPattern.firstRange(of: generated.pattern, in: string, options: generated.searchOptions, range: searchRange), in: string)),
                ]
                if !generated.pattern.isEmpty, let compiled = try? RegexPattern(generated.pattern, options: generated.caseInsensitive ? .caseInsensitive : []) {
                    answers.append(("RegexPattern.firstMatch(in:range:anchored:)", Self.offsets(try? compiled.firstRange(in: string, range: searchRange, anchored: generated.anchored), in: string)))
                }
                compared += 1
                if expected != nil { matches += 1 }
                for (api, answer) in answers where answer != expected {
                    mismatches.append("#\(index) \(api) gave \(String(describing: answer)), Foundation \(String(describing: expected)): \(generated) whole: \(whole)")
                }

                // The same search on a substring whose bounds are those of the range, when
                // they fall on scalars (the only bounds a Substring keeps as they are).
                guard range.lowerBound.samePosition(in: string.unicodeScalars) != nil,
                    range.upperBound.samePosition(in: string.unicodeScalars) != nil
                else {
                    splitPairRanges += 1
                    continue
                }
                substrings += 1
                let substring = string[range]
                let substringExpected = Self.offsets(Self.foundationAnswer(generated.pattern, in: substring, options: generated.compareOptions, range: nil), in: string)
                let substringAnswers: [(String, Range<Int>?)] = [
                    ("Substring.range(ofRegex:options: RegexSearchOptions)", Self.offsets(substring.range(ofRegex: generated.pattern, options: generated.searchOptions), in: string)),
                    ("Substring.range(ofRegex:options: CompareOptions)", Self.offsets(substring.range(ofRegex: generated.pattern, options: generated.compareOptions), in: string)),
                ]
                for (api, answer) in substringAnswers where answer != substringExpected {
                    mismatches.append("#\(index) \(api) gave \(String(describing: answer)), Foundation \(String(describing: substringExpected)): substring \(generated)")
                }
            }

            print("StringDifferentialTests: \(compared) cases compared (\(matches) with a match, \(splitPairRanges) with a range that splits a surrogate pair, \(substrings) also as substrings), \(mismatches.count) disagreements")
            for mismatch in mismatches.prefix(30) {
                Issue.record(Comment(rawValue: mismatch))
            }
            #expect(mismatches.isEmpty)
            #expect(compared > Self.caseCount * 9 / 10)
            #expect(matches > compared / 8)
            #expect(splitPairRanges > 50)
            #expect(substrings > compared / 2)
        }
    }
}
