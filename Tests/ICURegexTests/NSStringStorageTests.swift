import Foundation
import ICURegex
import ICURegexFoundation
import Testing

/// `NSString.range(ofRegex:options:range:)` reads a plain `NSString` or `NSMutableString` from
/// the Swift string it keeps (transcoding its UTF-8), and any other class through
/// `getCharacters(_:range:)`: both must search the same units, for every range, including
/// ranges that start or end between the halves of a surrogate pair.
@Suite struct NSStringStorageTests {
    static let texts = [
        "ab 12-34 x", "Холмс 12-34", "a😀b-😀1 é\u{301}", "福尔摩斯 99-88",
    ]
    static let patterns = [
        "[0-9]{2}-[0-9]{2}", "Холмс|福尔", "😀", "\\b\\w+\\b", "^.", ".$", "(?<=\\s)\\w",
    ]

    @Test("a plain NSString and an NSMutableString answer as a subclass read through getCharacters, for every range")
    func storageAgreesWithGetCharacters() {
        for text in Self.texts {
            let plain = NSString(string: text)
            let mutable = NSMutableString(string: text)
            let subclass = UTF16NSString(text)
            let length = plain.length
            for pattern in Self.patterns {
                for location in 0...length {
                    for rangeLength in 0...(length - location) {
                        // The options in turn, one set per range.
                        let options = [NSString.CompareOptions(), .caseInsensitive, .anchored][(location + rangeLength) % 3]
                        let range = NSRange(location: location, length: rangeLength)
                        let expected = subclass.range(ofRegex: pattern, options: options, range: range)
                        let found = plain.range(ofRegex: pattern, options: options, range: range)
                        let foundMutable = mutable.range(ofRegex: pattern, options: options, range: range)
                        #expect(found == expected, "\(pattern) in \(text) range \(range) options \(options.rawValue)")
                        #expect(foundMutable == expected, "\(pattern) in \(text) range \(range) options \(options.rawValue)")
                    }
                }
            }
        }
    }

    @Test("a long ASCII NSString, searched with the plan, answers as through getCharacters")
    func longStorage() {
        let line = "call 555-123-4567 now, or Holmes at 221-B; "
        let text = String(repeating: line, count: 200) + "Шерлок Холмс"
        let plain = NSString(string: text)
        let subclass = UTF16NSString(text)
        for pattern in ["[0-9]{3}-[0-9]{3}-[0-9]{4}", "Холмс", "Holmes at \\d+", "\\d+-B;"] {
            for range in [NSRange(location: 0, length: plain.length), NSRange(location: 37, length: plain.length - 40), NSRange(location: 5, length: 4_500)] {
                #expect(plain.range(ofRegex: pattern, range: range) == subclass.range(ofRegex: pattern, range: range), "\(pattern) \(range)")
            }
        }
    }
}
