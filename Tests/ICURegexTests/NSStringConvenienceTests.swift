import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

extension LibraryTests {
    /// `NSString.range(ofRegex:options:range:)` on every kind of string it reads differently,
    /// against Foundation's `range(of:options: .regularExpression, range:)`: a plain `NSString`
    /// made from a Swift string and one made from UTF-16 units (both keep a Swift string, read
    /// without bridging a copy), an `NSMutableString` changed between calls with the same
    /// pattern (nothing of an earlier call's text may be kept), and a subclass read through
    /// `getCharacters`. The texts are generated from a fixed seed, with ASCII, Cyrillic, Han,
    /// characters outside the BMP and a combining mark, and searched in ranges that start
    /// past 0, with the match automaton built so that short texts go to it.
    @Suite struct NSStringConvenienceTests {
        static let seed: UInt64 = 0x4E53_5354_5249_4E47

        static let patterns = [
            "[0-9]{3}-[0-9]{3}-[0-9]{4}", "\\d+", "ж+", "福|😀", "\\b\\w+\\b", "^.", ".$", "(?<=\\s)\\w", "[^ ]+",
            "😀+", "k", "x?", "\\p{L}+", "(a)\\1",
        ]

        static let pieces = [
            "a", "b", "x", "k", "K", "1", "5", " ", "-", "555-123-4567", "ж", "Ж", "Холмс", "福", "尔摩斯", "😀", "é",
            "e\u{301}", "\u{212A}", ".",
        ]

        static func texts(_ random: inout SplitMix64, count: Int) -> [String] {
            var texts = ["call 555-123-4567 now", "позвоните 555-123-4567 сейчас", "请拨打555-123-4567，谢谢", ""]
            while texts.count < count {
                texts.append((0..<random.number(in: 1...12)).map { _ in random.element(of: Self.pieces) }.joined())
            }
            return texts
        }

        /// Foundation's answer, with `.anchored` taken as Apple documents it (a match at the
        /// range's start), which Linux Foundation gets wrong for ranges that do not start at 0:
        /// the unanchored match, the leftmost, when it starts there, since ICU tries the
        /// range's start first.
        static func foundationRange(_ pattern: String, in text: NSString, options: NSString.CompareOptions, range: NSRange) -> NSRange {
            let found = text.range(of: pattern, options: options.subtracting(.anchored).union(.regularExpression), range: range)
            guard options.contains(.anchored), found.location != range.location else { return found }
            return NSRange(location: NSNotFound, length: 0)
        }

        @Test("every kind of NSString, in ranges not at 0, answers as Foundation, with the same pattern between calls")
        func everyStorageAgreesWithFoundation() throws {
            var random = SplitMix64(seed: Self.seed)
            let texts = Self.texts(&random, count: 36)
            var failures: [String] = []
            var compared = 0
            for pattern in Self.patterns {
                // Built, as after a thousand short calls, so that short texts go to the automaton.
                let compiled = try PatternCache.shared.pattern(pattern, options: [])
                if let automata = compiled.matchAutomata, let automaton = automata.take() { automata.put(automaton) }
                // One mutable string for all the texts: changed between calls with the same pattern.
                let mutable = NSMutableString(string: "")
                for text in texts {
                    let units = Array(text.utf16)
                    let kinds: [(String, NSString)] = [
                        ("NSString(string:)", NSString(string: text)),
                        ("NSString(characters:length:)", (units + [0]).withUnsafeBufferPointer {
                            NSString(characters: $0.baseAddress!, length: units.count)
                        }),
                        ("UTF16NSString", UTF16NSString(text)),
                    ]
                    mutable.setString("")
                    for (index, piece) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
                        if index > 0 { mutable.append(" ") }
                        mutable.append(String(piece))
                        // Searched while it grows: each call must see its characters of now.
                        _ = mutable.range(ofRegex: pattern)
                    }
                    var ranges = [NSRange(location: 0, length: units.count)]
                    for _ in 0..<3 where !units.isEmpty {
                        let lower = random.number(in: 0...units.count)
                        ranges.append(NSRange(location: lower, length: random.number(in: 0...(units.count - lower))))
                    }
                    let plain = NSString(string: text)
                    for range in ranges {
                        let options = [NSString.CompareOptions(), .caseInsensitive, .anchored][random.number(in: 0...2)]
                        let expected = Self.foundationRange(pattern, in: plain, options: options, range: range)
                        for (kind, string) in kinds + [("NSMutableString", mutable)] {
                            let found = string.range(ofRegex: pattern, options: options, range: range)
                            compared += 1
                            if found != expected {
                                failures.append(
                                    "\(kind): \(found) for Foundation's \(expected): \(pattern) in \(UTF16Units.describe(units)) range \(range) options \(options.rawValue)")
                            }
                        }
                        // The whole string, without a range: the call of the benchmark.
                        if range.location == 0 && range.length == units.count && options.isEmpty {
                            for (kind, string) in kinds + [("NSMutableString", mutable)] where string.range(ofRegex: pattern) != expected {
                                failures.append("\(kind) without a range: \(pattern) in \(UTF16Units.describe(units))")
                            }
                        }
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.prefix(5))")
            #expect(compared > Self.patterns.count * 100)
        }

        @Test("ICURegularExpression's first match without a walk answers as NSRegularExpression's, with the automaton built")
        func regularExpressionFirstMatchAgreesWithFoundation() throws {
            var random = SplitMix64(seed: Self.seed ^ 0xF1F5)
            let texts = Self.texts(&random, count: 30)
            var failures: [String] = []
            for pattern in Self.patterns + ["(\\d+)-(\\d+)", "(?<word>\\w+)"] {
                let ours = try ICURegularExpression(pattern: pattern)
                let foundation = try NSRegularExpression(pattern: pattern)
                // The expression's own compiled pattern, built through many short searches.
                for _ in 0..<2_000 { _ = ours.rangeOfFirstMatch(in: "call 555-123-4567 now", range: NSRange(location: 0, length: 21)) }
                for text in texts {
                    let length = text.utf16.count
                    var ranges = [NSRange(location: 0, length: length)]
                    for _ in 0..<3 where length > 0 {
                        let lower = random.number(in: 0...length)
                        ranges.append(NSRange(location: lower, length: random.number(in: 0...(length - lower))))
                    }
                    for range in ranges {
                        let options: NSRegularExpression.MatchingOptions = [[], .reportCompletion, .reportProgress][random.number(in: 0...2)]
                        let expected = foundation.firstMatch(in: text, options: options, range: range)
                        let context = "\(pattern) in \(UTF16Units.describe(Array(text.utf16))) range \(range) options \(options.rawValue)"
                        let range0 = ours.rangeOfFirstMatch(in: text, options: options, range: range)
                        if range0 != foundation.rangeOfFirstMatch(in: text, options: options, range: range) {
                            failures.append("rangeOfFirstMatch \(range0): \(context)")
                        }
                        let match = ours.firstMatch(in: text, options: options, range: range)
                        let groups = { (result: NSTextCheckingResult?) in
                            result.map { result in (0..<result.numberOfRanges).map { result.range(at: $0) } } ?? []
                        }
                        if groups(match) != groups(expected) || (match == nil) != (expected == nil) {
                            failures.append("firstMatch \(groups(match)) for \(groups(expected)): \(context)")
                        }
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.prefix(5))")
        }

        @Test("a mutable string changed between calls with one pattern: each call sees the characters of now")
        func mutableStringChangedBetweenCalls() {
            let pattern = "[0-9]{3}-[0-9]{3}-[0-9]{4}"
            let text = NSMutableString(string: "call 555-123-4567 now")
            #expect(text.range(ofRegex: pattern) == NSRange(location: 5, length: 12))
            text.insert("😀ж", at: 0)
            #expect(text.range(ofRegex: pattern) == NSRange(location: 8, length: 12))
            text.replaceCharacters(in: NSRange(location: 8, length: 3), with: "12")
            #expect(text.range(ofRegex: pattern).location == NSNotFound)
            text.setString("555-123-4567")
            #expect(text.range(ofRegex: pattern) == NSRange(location: 0, length: 12))
            #expect(text.range(ofRegex: pattern, range: NSRange(location: 1, length: 11)).location == NSNotFound)
        }
    }
}
