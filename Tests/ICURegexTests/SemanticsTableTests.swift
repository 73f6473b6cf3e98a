import Foundation
import ICURegex
import ICURegexFoundation
import Testing

extension LibraryTests {
    /// The semantics of `range(of:options:range:)` with `.regularExpression` on Apple's
    /// platforms, row by row, through every API of the library and, where Linux Foundation
    /// gets it right, through Foundation too.
    @Suite struct SemanticsTableTests {
        struct Row: Sendable, CustomTestStringConvertible {
            var text: String
            var pattern: String
            var options: NSString.CompareOptions
            /// The search range; the whole text when nil.
            var range: NSRange?
            /// The expected match; nil for NSNotFound.
            var expected: NSRange?
            /// False where Linux Foundation's answer differs from Apple's.
            var linuxFoundationAgrees = true

            var testDescription: String {
                "\(String(reflecting: text)) ~ \(String(reflecting: pattern)) options \(options.rawValue) range \(range.map { "\($0)" } ?? "whole")"
            }
        }

        static let phone = "call 555-123-4567 now"

        static let rows: [Row] = [
            Row(text: phone, pattern: "[0-9]{3}-[0-9]{3}-[0-9]{4}", options: [], expected: NSRange(location: 5, length: 12)),
            Row(text: phone, pattern: "x*", options: [], expected: NSRange(location: 0, length: 0)),
            Row(text: phone, pattern: "(", options: [], expected: nil),
            Row(text: phone, pattern: "CALL", options: .caseInsensitive, expected: NSRange(location: 0, length: 4)),
            Row(text: phone, pattern: "555", options: .anchored, expected: nil),
            Row(text: phone, pattern: "^l", options: [], range: NSRange(location: 3, length: 5), expected: NSRange(location: 3, length: 1)),
            // Linux Foundation answers {0, 0} here (swift-corelibs-foundation issue 5467).
            Row(text: "xxab", pattern: "b", options: .anchored, range: NSRange(location: 2, length: 2), expected: nil, linuxFoundationAgrees: false),
            Row(text: "", pattern: "a*", options: [], range: NSRange(location: 0, length: 0), expected: NSRange(location: 0, length: 0)),
            Row(text: "", pattern: "b+", options: [], range: NSRange(location: 0, length: 0), expected: nil),
            Row(text: "abc", pattern: "", options: [], expected: nil),
            Row(text: "abc", pattern: "(?<=a)b", options: [], range: NSRange(location: 1, length: 2), expected: nil),
            Row(text: "abc", pattern: "\\bb", options: [], range: NSRange(location: 1, length: 2), expected: NSRange(location: 1, length: 1)),
            Row(text: "STRASSE", pattern: "straße", options: .caseInsensitive, expected: NSRange(location: 0, length: 7)),
            Row(text: "abcabc", pattern: "b", options: .backwards, expected: NSRange(location: 1, length: 1)),
            Row(text: "e\u{301}", pattern: "e", options: [], expected: NSRange(location: 0, length: 1)),
        ]

        static let notFound = NSRange(location: NSNotFound, length: 0)

        @Test(arguments: rows)
        func nsString(_ row: Row) {
            let text = row.text as NSString
            let range = row.range ?? NSRange(location: 0, length: text.length)
            let expected = row.expected ?? Self.notFound
            #expect(text.range(ofRegex: row.pattern, options: row.options, range: range) == expected)
            if row.range == nil {
                #expect(text.range(ofRegex: row.pattern, options: row.options) == expected)
            }
        }

        @Test(arguments: rows)
        func string(_ row: Row) {
            let text = row.text
            let utf16 = text.utf16
            let range = row.range.map {
                utf16.index(utf16.startIndex, offsetBy: $0.location)..<utf16.index(utf16.startIndex, offsetBy: NSMaxRange($0))
            }
            let expected = row.expected.map { $0.location..<NSMaxRange($0) }
            func offsets(_ found: Range<String.Index>?) -> Range<Int>? {
                found.map { utf16.distance(from: utf16.startIndex, to: $0.lowerBound)..<utf16.distance(from: utf16.startIndex, to: $0.upperBound) }
            }
            // ICURegex's options: `.backwards` has no counterpart and changes nothing.
            var searchOptions: RegexSearchOptions = []
            if row.options.contains(.caseInsensitive) { searchOptions.insert(.caseInsensitive) }
            if row.options.contains(.anchored) { searchOptions.insert(.anchored) }
            #expect(offsets(text.range(ofRegex: row.pattern, options: searchOptions, range: range)) == expected)
            // ICURegexFoundation's overload takes Foundation's options.
            #expect(offsets(text.range(ofRegex: row.pattern, options: row.options, range: range)) == expected)
            // A substring of the whole text is searched the same way.
            let whole = text[...]
            #expect(offsets(whole.range(ofRegex: row.pattern, options: searchOptions, range: range)) == expected)
        }

        @Test(arguments: rows)
        func utf16Buffer(_ row: Row) {
            let units = Array(row.text.utf16)
            let range = row.range.map { $0.location..<NSMaxRange($0) }
            var searchOptions: RegexSearchOptions = []
            if row.options.contains(.caseInsensitive) { searchOptions.insert(.caseInsensitive) }
            if row.options.contains(.anchored) { searchOptions.insert(.anchored) }
            let found = units.withUnsafeBufferPointer {
                RegexPattern.firstRange(of: row.pattern, inUTF16: $0, options: searchOptions, range: range)
            }
            #expect(found.range == row.expected.map { $0.location..<NSMaxRange($0) })
        }

        @Test(arguments: rows.filter(\.linuxFoundationAgrees))
        func foundation(_ row: Row) {
            let text = row.text as NSString
            let range = row.range ?? NSRange(location: 0, length: text.length)
            let found = text.range(of: row.pattern, options: row.options.union(.regularExpression), range: range)
            #expect(found == row.expected ?? Self.notFound)
        }

        /// Guards the exception above: if Linux Foundation is fixed, the row can be checked
        /// against it like the others.
        @Test func linuxFoundationStillGetsAnchoredRangesWrong() {
            let text = "xxab" as NSString
            let found = text.range(of: "b", options: [.regularExpression, .anchored], range: NSRange(location: 2, length: 2))
            #expect(found.location != NSNotFound, "Linux Foundation now agrees with Apple: set linuxFoundationAgrees")
        }
    }
}
