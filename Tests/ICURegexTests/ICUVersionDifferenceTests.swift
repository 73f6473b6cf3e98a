import Foundation
import ICURegex
import ICURegexFoundation
import Testing

extension LibraryTests {
    /// Where our answer differs from Foundation's because of the ICU versions: we use the
    /// system's ICU 72 (Unicode 15.0); Foundation bundles ICU 76 (Unicode 16.0). The generated
    /// cases keep to characters both versions agree on; these are the differences known
    /// outside them, each with its reason. Our answers follow the system's ICU.
    @Suite struct ICUVersionDifferenceTests {
        struct Difference: Sendable, CustomTestStringConvertible {
            var pattern: String
            var text: String
            var options: NSString.CompareOptions
            /// The answer with ICU 72 (ours), and with ICU 76 (Foundation's); nil for NSNotFound.
            var icu72: NSRange?
            var icu76: NSRange?
            var reason: String

            var testDescription: String { "\(String(reflecting: pattern)) on \(String(reflecting: text))" }
        }

        static let differences: [Difference] = [
            Difference(
                pattern: "\\p{L}", text: "\u{1C89}", options: [], icu72: nil, icu76: NSRange(location: 0, length: 1),
                reason: "U+1C89 CYRILLIC CAPITAL LETTER TJE is new in Unicode 16.0; ICU 72 sees an unassigned code point"),
            Difference(
                pattern: "\u{1C8A}", text: "\u{1C89}", options: .caseInsensitive, icu72: nil, icu76: NSRange(location: 0, length: 1),
                reason: "U+1C89 and U+1C8A became a case pair in Unicode 16.0"),
            Difference(
                pattern: "(?w)b\\b", text: "ab@c", options: [], icu72: nil, icu76: NSRange(location: 1, length: 1),
                reason: "ICU 72's word-break rules (UREGEX_UWORD, .useUnicodeWordBoundaries) keep letters and digits on both sides of @ in one word; ICU 76's break there"),
        ]

        static let notFound = NSRange(location: NSNotFound, length: 0)

        @Test(arguments: differences)
        func oursFollowsTheSystemICU(_ difference: Difference) {
            let text = difference.text as NSString
            #expect(text.range(ofRegex: difference.pattern, options: difference.options) == difference.icu72 ?? Self.notFound, "\(difference.reason)")
        }

        /// If Foundation's answer changes (another bundled ICU), the list needs a look.
        @Test(arguments: differences)
        func foundationFollowsItsBundledICU(_ difference: Difference) {
            let text = difference.text as NSString
            let found = text.range(of: difference.pattern, options: difference.options.union(.regularExpression))
            #expect(found == difference.icu76 ?? Self.notFound, "\(difference.reason)")
        }
    }
}
