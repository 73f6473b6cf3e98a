import Foundation
import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

extension LibraryTests {
    /// The results of `ICURegularExpression` in each of their layouts against Foundation's: the
    /// ranges held in the result itself (in fields up to two groups, in an inline array up to
    /// 63) and in storage (the reused result of an enumeration; more groups, shared by the
    /// results of an array), from every method that makes results, for ranges that do not
    /// start at the string's start, in ASCII strings (whose UTF-8 offsets are their UTF-16
    /// offsets) and others.
    @Suite struct ICURegularExpressionResultLayoutTests {
        /// Patterns of 0, 1, 2, 3 and 15 groups, some named, some optional.
        static let patterns = [
            "[a-zа-я]+", "(?<word>[a-zа-я]+)", "(?<word>[a-zа-я]+)(?<digits>[0-9]+)?", "(a)(b)?(?<c>c)",
            "([A-Z]+);([a-z]+)?;(?<third>[0-9]*);(x)?;(y)?;(z)?;(w)?;(v)?;(u)?;(t)?;(s)?;(r)?;(q)?;(p)?;(?<last>o)?",
            "^([a-z]+) (\\d+)$",
        ]

        static let names = ["word", "digits", "c", "third", "last"]

        /// Texts, ASCII and not, with matches of each pattern, and lines for `^`/`$`.
        static let texts = [
            "abc ac xac abc12 ab ABC;def;12;x;;z;;;;;;;;;o tail", "Холмс abc7 ac 😀 abc;AB;x;0;x;y;z;w;v;u;t;s;r;q;p;o",
            "ab 12\nxy 7\n(a)", "",
        ]

        /// Every range of `result`, its names', its type and its expression's pattern.
        static func describe(_ result: NSTextCheckingResult?) -> String {
            guard let result else { return "nil" }
            var parts = (0..<result.numberOfRanges).map { index -> String in
                let range = result.range(at: index)
                return range.location == NSNotFound ? "{NF}" : "{\(range.location),\(range.length)}"
            }
            parts.append("r{\(result.range.location),\(result.range.length)}")
            for name in names {
                let range = result.range(withName: name)
                parts.append(range.location == NSNotFound ? "\(name){NF}" : "\(name){\(range.location),\(range.length)}")
            }
            parts.append("t\(result.resultType.rawValue) \(result.regularExpression?.pattern ?? "nil")")
            return parts.joined()
        }

        /// Ranges of `text` to search: the whole, from its second unit, a middle part.
        static func ranges(of text: String) -> [NSRange] {
            let length = text.utf16.count
            var ranges = [NSRange(location: 0, length: length)]
            if length > 2 { ranges.append(NSRange(location: 1, length: length - 1)) }
            if length > 10 { ranges.append(NSRange(location: 4, length: length / 2)) }
            return ranges
        }

        /// Each line of an ASCII text, its lines 0 to 40 characters long, searched alone (its
        /// units widened from the string's bytes, sixteen at a time and then one by one):
        /// `enumerateMatches` (with each match's flags) and `matches(in:range:)` read as
        /// Foundation's, for a pattern without groups and one of fifteen.
        @Test func asciiLinesReadAsFoundations() throws {
            let alphabet = Array("ab;9_ Z;;x")
            var text = ""
            for length in 0...40 {
                text += String((0..<length).map { index in alphabet[(7 * index + length) % alphabet.count] })
                text += "\n"
            }
            text += "0000;<control>;Cc;0;BN;;;;;N;NULL;;;;\n00C0;LATIN CAPITAL LETTER A WITH GRAVE;Lu;0;L;0041 0300;;;;N;;;;00E0;"
            let patterns = [
                #"\b[0-9A-Za-z_]+\b"#,
                #"^([A-Z0-9]+);([^;]+);([^;]+);([0-9]+);([^;]+);([^;]*);([0-9]*);([0-9]*);([-0-9/]*);([YN]);([^;]*);([^;]*);([^;]*);([^;]*);([^;]*)$"#,
            ]
            let units = Array(text.utf16)
            var lineStart = 0
            var lines: [NSRange] = []
            for (index, unit) in units.enumerated() where unit == 10 {
                lines.append(NSRange(location: lineStart, length: index - lineStart))
                lineStart = index + 1
            }
            lines.append(NSRange(location: lineStart, length: units.count - lineStart))
            for pattern in patterns {
                let foundation = try NSRegularExpression(pattern: pattern)
                let ours = try ICURegularExpression(pattern: pattern)
                for line in lines {
                    var theirs: [String] = []
                    foundation.enumerateMatches(in: text, range: line) { result, flags, _ in
                        theirs.append(Self.describe(result) + " \(flags.rawValue)")
                    }
                    var enumerated: [String] = []
                    ours.enumerateMatches(in: text, range: line) { result, flags, _ in
                        enumerated.append(Self.describe(result) + " \(flags.rawValue)")
                    }
                    #expect(enumerated == theirs, "\(pattern) \(line)")
                    #expect(
                        ours.matches(in: text, range: line).map(Self.describe)
                            == foundation.matches(in: text, range: line).map(Self.describe), "\(pattern) \(line)")
                }
            }
        }

        /// Results arrays of one expression over texts of changing density (each array's room
        /// reserved from the previous one's density): denser than the last (the reservation
        /// overflows), sparser, empty, without matches, short, from a range inside the text,
        /// read as Foundation's, with and without groups, ASCII and not; and a long text
        /// without matches after a dense one reserves no more than a quarter of a result per
        /// unit.
        @Test func resultsArraysOfChangingDensityReadAsFoundations() throws {
            var generator = SplitMix64(seed: 26)
            /// A text of `count` pieces, each a word (of `alphabet`) with probability
            /// `wordsPerThousand` / 1000, or else a run of spaces and punctuation.
            func text(count: Int, wordsPerThousand: Int, alphabet: [Character]) -> String {
                var text = ""
                for _ in 0..<count {
                    if Int.random(in: 0..<1_000, using: &generator) < wordsPerThousand {
                        text += String((0..<Int.random(in: 1...7, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
                    }
                    text += [" ", ", ", "  -- ", "\n"].randomElement(using: &generator)!
                }
                return text
            }
            let latin = Array("abcxyz09_"), mixed = Array("abжзя9_")
            let texts = [
                text(count: 300, wordsPerThousand: 500, alphabet: latin), text(count: 400, wordsPerThousand: 950, alphabet: latin),
                text(count: 500, wordsPerThousand: 900, alphabet: mixed), text(count: 1_000, wordsPerThousand: 20, alphabet: mixed),
                "", text(count: 300, wordsPerThousand: 0, alphabet: latin), "ab", text(count: 700, wordsPerThousand: 1_000, alphabet: latin),
                text(count: 400, wordsPerThousand: 700, alphabet: mixed),
            ]
            for pattern in [#"\b[0-9A-Za-z_]+\b"#, #"\b\w+\b"#, "([a-zа-я]+)([0-9])?", "([a-z])([a-z0-9]*)(_)?"] {
                let foundation = try NSRegularExpression(pattern: pattern)
                let ours = try ICURegularExpression(pattern: pattern)
                for text in texts {
                    let length = text.utf16.count
                    for range in [NSRange(location: 0, length: length)] + (length > 20 ? [NSRange(location: 7, length: length - 20)] : []) {
                        #expect(
                            ours.matches(in: text, range: range).map(Self.describe)
                                == foundation.matches(in: text, range: range).map(Self.describe), "\(pattern) \(text.prefix(20)) \(range)")
                    }
                }
                let dense = ours.matches(in: texts[7], range: NSRange(location: 0, length: texts[7].utf16.count))
                #expect(dense.count > 500)
                let long = String(repeating: "  , ", count: 5_000)
                let none = ours.matches(in: long, range: NSRange(location: 0, length: long.utf16.count))
                #expect(none.isEmpty && none.capacity <= long.utf16.count / 4 + 64, "\(pattern): \(none.capacity)")
            }
        }

        /// Results arrays whose reservation ends at every place in a batch of the walk's
        /// matches (up to 64 a batch): one expression searches a sparse text, whose density
        /// sets the next call's reservation, then a dense one with more matches than that,
        /// for sparse texts of 0 to 90 matches; each dense array (its first results written
        /// into the reservation, the rest appended from the overflow) reads as Foundation's.
        /// Patterns without groups (the results' class chosen once a batch), with empty
        /// matches, and with groups (a batch of one); ASCII and Cyrillic words (fixed seed).
        @Test func resultsArraysSplitAtEveryPlaceInABatchReadAsFoundations() throws {
            var generator = SplitMix64(seed: 2616)
            /// `count` words of `alphabet` among `gap`-character runs of spaces and commas.
            func text(words count: Int, gap: Int, alphabet: [Character]) -> String {
                var text = ""
                for _ in 0..<count {
                    text += String((0..<Int.random(in: 1...5, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
                    text += String((0..<gap).map { _ in [" ", ","].randomElement(using: &generator)! })
                }
                return text
            }
            let latin = Array("abcxyz09_"), cyrillic = Array("жзяб9")
            for pattern in [#"\b\w+\b"#, #"[a-zа-я]*"#, "([a-zа-я]+)([0-9])?"] {
                let foundation = try NSRegularExpression(pattern: pattern)
                let ours = try ICURegularExpression(pattern: pattern)
                for (index, sparseWords) in (0...90).enumerated() {
                    let alphabet = index % 3 == 2 ? cyrillic : latin
                    // 1,024 units or more, so that its density is noted.
                    let sparse = text(words: sparseWords, gap: 1, alphabet: alphabet) + String(repeating: " ", count: 1_100)
                    let dense = text(words: 200 + index, gap: 1, alphabet: alphabet) + String(repeating: " ", count: 1_100)
                    for text in [sparse, dense] {
                        let range = NSRange(location: 0, length: text.utf16.count)
                        #expect(
                            ours.matches(in: text, range: range).map(Self.describe)
                                == foundation.matches(in: text, range: range).map(Self.describe), "\(pattern) \(sparseWords)")
                    }
                }
            }
        }

        /// Results of 3 to 70 groups, on each side of every capacity of the results that hold
        /// their ranges in an inline array (4, 8, 16, 32, 64 ranges) and beyond them (ranges in
        /// storage): `matches(in:range:)` on a long text and on each of its lines (the walk in
        /// UTF-8 and in UTF-16), `firstMatch` and kept enumeration results read as Foundation's,
        /// groups taking part or not (fixed seed); every result of up to 63 groups is one of
        /// the inline array's.
        @Test func resultsOfManyGroupsReadAsFoundations() throws {
            var generator = SplitMix64(seed: 2611)
            let alphabet = Array("abc0123456789 é😀;\n")
            let text = String((0..<2_000).map { _ in alphabet.randomElement(using: &generator)! })
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var lineRanges: [NSRange] = []
            var location = 0
            for line in lines {
                lineRanges.append(NSRange(location: location, length: line.utf16.count))
                location += line.utf16.count + 1
            }
            var inlineResults = 0
            for groups in [3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 70] {
                // A letter, then digits each in a group of its own while they last, the last
                // group maybe a semicolon: `a12;` takes part in groups 1 to 3 and the last.
                let pattern = "([a-c])" + String(repeating: "([0-9])?", count: groups - 2) + "(;)?"
                let foundation = try NSRegularExpression(pattern: pattern)
                let ours = try ICURegularExpression(pattern: pattern)
                #expect(ours.numberOfCaptureGroups == groups)
                for range in [NSRange(location: 0, length: text.utf16.count), NSRange(location: 5, length: 1_500)] + lineRanges {
                    let theirs = foundation.matches(in: text, range: range)
                    let array = ours.matches(in: text, range: range)
                    #expect(array.map(Self.describe) == theirs.map(Self.describe), "\(groups) groups, \(range)")
                    #expect(
                        Self.describe(ours.firstMatch(in: text, range: range)) == Self.describe(theirs.first), "\(groups) groups, \(range)")
                    var kept: [NSTextCheckingResult] = []
                    ours.enumerateMatches(in: text, range: range) { result, _, _ in if let result { kept.append(result) } }
                    #expect(kept.map(Self.describe) == theirs.map(Self.describe), "\(groups) groups, \(range)")
                    for result in array {
                        let isInline = String(describing: type(of: result)).hasPrefix("InlineArrayRangesCheckingResult")
                        #expect(isInline == (groups <= 63), "\(groups) groups: \(type(of: result))")
                        if isInline { inlineResults += 1 }
                    }
                }
            }
            #expect(inlineResults > 1_000)
        }

        /// The results of results arrays keep their expression exactly as long as any of them
        /// lives: the reservation's results hold references retained in one go for the whole
        /// reservation, and those not handed out are released at the end of the call. Over
        /// calls that fill the reservation, overflow it, leave most of it unused or find
        /// nothing, a few results of each (chosen with a fixed seed) are kept: they read as
        /// Foundation's after the expression and the arrays are gone, the expression lives
        /// while the last of them does, and it is freed once they are all dropped.
        @Test func resultsArraysKeepTheirExpressionAsLongAsTheyLive() throws {
            var generator = SplitMix64(seed: 2_611)
            let dense = String(repeating: "ab cd, ef\n", count: 400)
            let denser = String(repeating: "a b c d ", count: 500)
            let sparse = String(repeating: "x", count: 3_000) + " tail"
            let none = String(repeating: ",", count: 2_000)
            let texts = [dense, dense, denser, sparse, none, dense, "ab"]
            for pattern in [#"\b\w+\b"#, "(?<word>[a-z])([a-z])?", "([a-z])( )?(,)?"] {
                let foundation = try NSRegularExpression(pattern: pattern)
                weak var weakExpression: ICURegularExpression?
                var kept: [(result: NSTextCheckingResult, description: String)] = []
                do {
                    let ours = try ICURegularExpression(pattern: pattern)
                    weakExpression = ours
                    for text in texts {
                        let range = NSRange(location: 0, length: text.utf16.count)
                        let results = ours.matches(in: text, range: range)
                        let theirs = foundation.matches(in: text, range: range).map(Self.describe)
                        #expect(results.map(Self.describe) == theirs, "\(pattern) \(text.prefix(12))")
                        for (index, result) in results.enumerated()
                        where index == results.count - 1 || Int.random(in: 0..<100, using: &generator) == 0 {
                            kept.append((result, theirs[index]))
                        }
                    }
                }
                #expect(weakExpression != nil, "\(pattern): the kept results hold the expression")
                for (result, description) in kept {
                    #expect(Self.describe(result) == description, "\(pattern)")
                    #expect(result.icuRegularExpression?.pattern == pattern)
                }
                // The last result kept alone still holds the expression.
                kept.removeFirst(kept.count - 1)
                #expect(weakExpression?.pattern == pattern, "\(pattern): freed before its last result")
                #expect(Self.describe(kept[0].result) == kept[0].description)
                kept.removeAll()
                #expect(weakExpression == nil, "\(pattern): a reference not handed out was never released")
            }
        }

        /// `matches(in:range:)`, `firstMatch` and kept enumeration results read as
        /// Foundation's, also after the expression is gone (each result keeps it), and so do
        /// their copies and their ranges adjusted by an offset.
        @Test func resultsReadAsFoundations() throws {
            for pattern in Self.patterns {
                let foundation = try NSRegularExpression(pattern: pattern)
                for text in Self.texts {
                    for range in Self.ranges(of: text) {
                        for options in [[], NSRegularExpression.MatchingOptions.withTransparentBounds] {
                            let theirs = foundation.matches(in: text, options: options, range: range)
                            var array: [NSTextCheckingResult] = []
                            var first: NSTextCheckingResult?
                            var kept: [NSTextCheckingResult] = []
                            do {
                                let ours = try ICURegularExpression(pattern: pattern)
                                #expect(ours.numberOfCaptureGroups == foundation.numberOfCaptureGroups)
                                array = ours.matches(in: text, options: options, range: range)
                                first = ours.firstMatch(in: text, options: options, range: range)
                                ours.enumerateMatches(in: text, options: options, range: range) { result, _, _ in
                                    if let result { kept.append(result) }
                                }
                            }
                            let context = "\(pattern) in \(text.prefix(20)) \(range) \(options.rawValue)"
                            #expect(array.map(Self.describe) == theirs.map(Self.describe), "\(context)")
                            #expect(kept.map(Self.describe) == theirs.map(Self.describe), "\(context)")
                            #expect(Self.describe(first) == Self.describe(theirs.first), "\(context)")
                            for (result, their) in zip(array, theirs) {
                                let copy = try #require(result.copy() as? NSTextCheckingResult)
                                #expect(Self.describe(copy) == Self.describe(their), "\(context)")
                                #expect(
                                    Self.describe(result.adjustingRanges(offset: 3)) == Self.describe(their.adjustingRanges(offset: 3)),
                                    "\(context)")
                                #expect(result.icuRegularExpression?.pattern == pattern)
                            }
                        }
                    }
                }
            }
        }
    }
}
