import Foundation
import ICURegex
import ICURegexFoundation
import Testing

extension LibraryTests {
    /// On every generated case of the differential test, whatever each API finds lies inside
    /// the search range and has a length of at least 0.
    @Suite struct InvariantTests {
        static func check(_ found: Range<Int>?, in range: Range<Int>) -> Bool {
            guard let found else { return true }
            return found.count >= 0 && found.lowerBound >= range.lowerBound && found.upperBound <= range.upperBound
        }

        static func check(_ found: NSRange, in range: Range<Int>) -> Bool {
            if found.location == NSNotFound { return found.length == 0 }
            return found.length >= 0 && found.location >= range.lowerBound && NSMaxRange(found) <= range.upperBound
        }

        @Test("found ranges lie inside the search range, on 50,000 generated cases")
        func foundRangesLieInsideTheSearchRange() {
            var generator = CaseGenerator(seed: FoundationDifferentialTests.seed)
            var violations: [String] = []
            var found = 0
            for _ in 0..<FoundationDifferentialTests.caseCount {
                let generated = generator.nextCase()
                let range = generated.range
                let text = UTF16NSString(generated.units)
                let nsFound = text.range(ofRegex: generated.pattern, options: generated.compareOptions, range: generated.nsRange)
                if nsFound.location != NSNotFound { found += 1 }
                if !Self.check(nsFound, in: range) {
                    violations.append("NSString gave \(nsFound): \(generated)")
                }
                let utf16Found = generated.units.withUnsafeBufferPointer {
                    RegexPattern.firstRange(of: generated.pattern, inUTF16: $0, options: generated.searchOptions, range: range)
                }
                if !(utf16Found.isNotFound ? utf16Found.length == 0 : Self.check(utf16Found.range, in: range)) {
                    violations.append("UTF-16 search gave \(utf16Found): \(generated)")
                }
                // The String API on the text with lone surrogates made U+FFFD (same lengths).
                let string = String(decoding: generated.units, as: UTF16.self)
                let utf16 = string.utf16
                let bounds = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)..<utf16.index(utf16.startIndex, offsetBy: range.upperBound)
                let stringFound = string.range(ofRegex: generated.pattern, options: generated.searchOptions, range: bounds)
                if let stringFound, !(bounds.lowerBound <= stringFound.lowerBound && stringFound.upperBound <= bounds.upperBound) {
                    violations.append("String search gave \(stringFound.lowerBound.utf16Offset(in: string))..<\(stringFound.upperBound.utf16Offset(in: string)): \(generated)")
                }
            }
            for violation in violations.prefix(20) {
                Issue.record(Comment(rawValue: violation))
            }
            #expect(violations.isEmpty)
            #expect(found > FoundationDifferentialTests.caseCount / 8)
        }
    }
}
