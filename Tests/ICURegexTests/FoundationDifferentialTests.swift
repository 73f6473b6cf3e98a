import Foundation
import ICURegex
import ICURegexFoundation
import Testing

extension LibraryTests {
    /// Our `NSString.range(ofRegex:options:range:)`, the throwing `RegexPattern` search and the
    /// static UTF-16 search, against Foundation's `NSString.range(of:options:range:)` with
    /// `.regularExpression`, on generated cases.
    @Suite struct FoundationDifferentialTests {
        static let caseCount = 50_000
        static let seed: UInt64 = 0x1C0_5EED

        /// A difference that comes from the ICU versions (the system's ICU 72 here, the ICU 76
        /// bundled in Foundation), with the reason. Each must still occur: a stale entry fails.
        struct ICUVersionDifference {
            var pattern: String
            var units: [UInt16]
            var reason: String
        }

        static let icuVersionDifferences: [ICUVersionDifference] = []

        /// The answer of our throwing API: `.notFound` for an empty or malformed pattern, as the
        /// conveniences give.
        static func throwingAnswer(_ generated: GeneratedCase) throws(ICURegexError) -> NSRange {
            guard !generated.pattern.isEmpty,
                let compiled = try? RegexPattern(generated.pattern, options: generated.caseInsensitive ? .caseInsensitive : [])
            else { return AppleReference.notFound }
            let found = try generated.units.withUnsafeBufferPointer { units throws(ICURegexError) in
                try compiled.firstRange(inUTF16: units, range: generated.range, anchored: generated.anchored)
            }
            return found.isNotFound ? AppleReference.notFound : NSRange(location: found.location, length: found.length)
        }

        @Test(
            "NSString search agrees with Foundation on 50,000 generated cases",
            .enabled(if: CoreFoundationRegex.load() != nil, "CoreFoundation's regex functions are not available")
        )
        func agreesWithFoundation() throws {
            let engine = try #require(CoreFoundationRegex.load())
            var generator = CaseGenerator(seed: Self.seed)
            var agreed = 0
            var loneSurrogateCases = 0
            var matchesFound = 0
            var mismatches: [String] = []
            var referenceMismatches: [String] = []
            var limitHits: [String] = []
            var versionDifferencesSeen = Set<Int>()
            // Linux Foundation caches compiled patterns (an NSCache of ten, process-wide) under
            // keys compared with String's ==, which is canonical equivalence: after "\u{212A}"
            // (the Kelvin sign) it may answer "K" with the Kelvin pattern. (Seen in this test
            // before the library's own cache had the same fault; whether it shows depends on
            // what the cache holds, so it has no test of its own.) Apple's cache compares code
            // units. When an earlier pattern was canonically equal but not identical,
            // CoreFoundation's engine, which compiles every time, is the reference.
            var patternsAskedOfFoundation: [String: String] = [:]
            var cacheConfusable = 0

            for index in 0..<Self.caseCount {
                let generated = generator.nextCase()
                // Our throwing API first: it stops runaway searches, and Foundation would not.
                let throwing: NSRange
                do {
                    throwing = try Self.throwingAnswer(generated)
                } catch {
                    limitHits.append("\(error): \(generated)")
                    continue
                }

                let lone = generated.hasLoneSurrogate
                let text: NSString
                let expected: NSRange
                let viaEngine = AppleReference.range(
                    of: generated.pattern, in: generated.units, caseInsensitive: generated.caseInsensitive,
                    anchored: generated.anchored, range: generated.nsRange, using: engine)
                if lone {
                    loneSurrogateCases += 1
                    text = UTF16NSString(generated.units)
                    expected = viaEngine
                } else {
                    text = NSString(characters: generated.units, length: generated.units.count)
                    let key = "\(generated.caseInsensitive):\(generated.pattern)"
                    let earlier = patternsAskedOfFoundation.updateValue(generated.pattern, forKey: key)
                    if let earlier, !earlier.unicodeScalars.elementsEqual(generated.pattern.unicodeScalars) {
                        cacheConfusable += 1
                        expected = viaEngine
                    } else {
                        expected = AppleReference.range(
                            of: generated.pattern, in: text, options: generated.compareOptions, range: generated.nsRange)
                        if viaEngine != expected {
                            referenceMismatches.append("Foundation \(expected), CoreFoundation \(viaEngine): \(generated)")
                        }
                    }
                }
                if expected.location != NSNotFound { matchesFound += 1 }

                let ours = text.range(ofRegex: generated.pattern, options: generated.compareOptions, range: generated.nsRange)
                var answers = [("NSString.range(ofRegex:)", ours), ("RegexPattern.firstMatch(inUTF16:range:anchored:)", throwing)]
                if index % 10 == 0 {
                    let found = generated.units.withUnsafeBufferPointer {
                        RegexPattern.firstRange(of: generated.pattern, inUTF16: $0, options: generated.searchOptions, range: generated.range)
                    }
                    answers.append(("RegexPattern.firstMatch(of:inUTF16:)", found.isNotFound ? AppleReference.notFound : NSRange(location: found.location, length: found.length)))
                }
                let wrong = answers.filter { $0.1 != expected }
                if wrong.isEmpty {
                    agreed += 1
                } else if let known = Self.icuVersionDifferences.firstIndex(where: {
                    $0.pattern.unicodeScalars.elementsEqual(generated.pattern.unicodeScalars) && $0.units == generated.units
                }) {
                    versionDifferencesSeen.insert(known)
                    agreed += 1
                } else {
                    let answers = wrong.map { "\($0.0) gave \($0.1)" }.joined(separator: ", ")
                    mismatches.append("#\(index) expected \(expected), \(answers): \(generated)")
                }
            }

            print("FoundationDifferentialTests: \(Self.caseCount) cases, \(agreed) agree, \(loneSurrogateCases) with lone surrogates, \(matchesFound) with a match, \(cacheConfusable) checked against CoreFoundation for Foundation's cache, \(limitHits.count) hit a limit, \(Self.icuVersionDifferences.count) listed ICU-version differences")
            for mismatch in mismatches.prefix(40) {
                Issue.record(Comment(rawValue: mismatch))
            }
            for hit in limitHits.prefix(10) {
                Issue.record(Comment(rawValue: "hit a limit, so Foundation was not asked: \(hit)"))
            }
            for mismatch in referenceMismatches.prefix(10) {
                Issue.record(Comment(rawValue: "the CoreFoundation reference disagrees with NSString: \(mismatch)"))
            }
            #expect(mismatches.isEmpty, "\(mismatches.count) of \(Self.caseCount) cases disagree")
            #expect(limitHits.isEmpty)
            #expect(referenceMismatches.isEmpty)
            #expect(agreed + limitHits.count == Self.caseCount)
            #expect(versionDifferencesSeen.count == Self.icuVersionDifferences.count, "a listed ICU-version difference no longer occurs")
            // The generator must really reach the interesting cases.
            #expect(loneSurrogateCases > Self.caseCount / 10)
            #expect(matchesFound > Self.caseCount / 8)
        }

        /// Why texts with lone surrogates are checked against CoreFoundation's engine: Linux
        /// Foundation's regular-expression search sees U+FFFD where the text has a lone
        /// surrogate. If this starts failing, Foundation can be the reference for them too.
        @Test func linuxFoundationReplacesLoneSurrogates() {
            let text = UTF16NSString([0x61, 0xD800, 0x62])
            #expect(text.character(at: 1) == 0xD800)
            let range = NSRange(location: 0, length: 3)
            #expect(text.range(of: "\\x{D800}", options: .regularExpression, range: range).location == NSNotFound)
            #expect(text.range(of: "\\x{FFFD}", options: .regularExpression, range: range) == NSRange(location: 1, length: 1))
            // Ours sees the surrogate, as Apple's Foundation does.
            #expect(text.range(ofRegex: "\\x{D800}") == NSRange(location: 1, length: 1))
            #expect(text.range(ofRegex: "\\x{FFFD}").location == NSNotFound)
        }
    }
}
