import Foundation
import ICURegex
import ICURegexFoundation
import Testing

extension LibraryTests {
    /// Every entry point called with both modules and Foundation imported, with default
    /// arguments and with `options: .caseInsensitive`: if two overloads became ambiguous, this
    /// file would not compile.
    @Suite struct BothModulesEntryPointTests {
        static let text = "Call 555-123-4567 now"

        @Test func stringAndSubstring() {
            let text = Self.text
            let call = text.startIndex..<text.index(text.startIndex, offsetBy: 4)
            #expect(text.range(ofRegex: "Call") == call)
            #expect(text.range(ofRegex: "call", options: .caseInsensitive) == call)
            #expect(text.range(ofRegex: "call", options: [.caseInsensitive, .anchored]) == call)
            #expect(text.range(ofRegex: "now", options: .anchored) == nil)
            #expect(text.range(ofRegex: "call", options: .caseInsensitive, range: call) == call)

            let substring = text[call.upperBound...]
            let digits = text.range(of: "555")!
            #expect(substring.range(ofRegex: "\\d{3}") == digits)
            #expect(substring.range(ofRegex: "\\d{3}", options: .caseInsensitive) == digits)
            #expect(substring.range(ofRegex: "^ 555", options: .anchored).map { text[$0] } == " 555")

            // ICURegexFoundation's overload with Foundation's option type.
            let foundationOptions: NSString.CompareOptions = [.caseInsensitive]
            #expect(text.range(ofRegex: "call", options: foundationOptions) == call)
            #expect(substring.range(ofRegex: "NOW", options: foundationOptions).map { text[$0] } == "now")
        }

        @Test func nsString() {
            let text = Self.text as NSString
            #expect(text.range(ofRegex: "\\d+") == NSRange(location: 5, length: 3))
            #expect(text.range(ofRegex: "call", options: .caseInsensitive) == NSRange(location: 0, length: 4))
            #expect(text.range(ofRegex: "\\d+", options: [], range: NSRange(location: 9, length: 8)) == NSRange(location: 9, length: 3))
        }

        @Test func regexPatternConveniences() {
            let text = Self.text
            #expect(RegexPattern.firstRange(of: "Call", in: text) == text.startIndex..<text.index(text.startIndex, offsetBy: 4))
            #expect(RegexPattern.firstRange(of: "CALL", in: text, options: .caseInsensitive) != nil)
            let units = Array(text.utf16)
            units.withUnsafeBufferPointer { units in
                #expect(RegexPattern.firstRange(of: "\\d+", inUTF16: units) == UTF16Range(location: 5, length: 3))
                #expect(RegexPattern.firstRange(of: "NOW", inUTF16: units, options: .caseInsensitive) == UTF16Range(location: 18, length: 3))
            }
        }

        @Test func compiledPattern() throws {
            let text = Self.text
            let pattern = try RegexPattern("now")
            let caseless = try RegexPattern("NOW", options: .caseInsensitive)
            #expect(try pattern.firstRange(in: text).map { text[$0] } == "now")
            #expect(try caseless.firstRange(in: text).map { text[$0] } == "now")
            #expect(try caseless.firstRange(in: text[...]).map { text[$0] } == "now")
            let units = Array(text.utf16)
            try units.withUnsafeBufferPointer { units in
                #expect(try pattern.firstRange(inUTF16: units) == UTF16Range(location: 18, length: 3))
                let matcher = try caseless.makeMatcher()
                #expect(try matcher.firstMatch(inUTF16: units) == 18..<21)
                #expect(try matcher.firstMatch(inUTF16: units, from: 19) == nil)
            }
            let utf8 = Array(text.utf8)
            let matcher = try pattern.makeMatcher()
            let found = try utf8.withUnsafeBytes { bytes in try matcher.firstMatch(inUTF8: bytes) }
            #expect(found == 18..<21)
        }
    }
}
