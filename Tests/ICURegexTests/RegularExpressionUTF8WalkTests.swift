import Foundation
import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

extension LibraryTests.RegularExpressionDifferentialTests {
    /// Patterns whose every match in a string's UTF-8 the strategy finds without ICU (see
    /// ``RegexPattern/walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``), by way:
    /// the literals' scan, the match automaton (with empty matches, at surrogate pairs too),
    /// the automaton with the capture backtracker's groups, the back-reference searcher.
    static let utf8WalkPatterns: [(pattern: String, options: NSRegularExpression.Options)] = [
        ("Холмс", []), ("福尔摩斯|华生", []), ("😀", []), ("e\u{301}", []),
        ("холмс", .caseInsensitive), ("\\w+", []), ("[а-я]+", []), ("\\p{Han}+", []), ("Х\\w*с", []), ("\\b\\w", []),
        ("x*", []), ("\\s*", []), ("(?:😀|a)?", []), ("[😀-🙏]", []), (".", []), ("[^a ]", []), ("\\w*?", []),
        ("(?<=Х)о", []), ("\\w(?=\\s)", []), (".+", .dotMatchesLineSeparators),
        ("(\\w+)\\s+(\\w+)", []), ("(а|б)?(в)", []), ("(x)*", []), ("(?<name>\\p{L})(\\p{M}*)", []),
        ("(\\w)\\1", []),
    ]

    /// Patterns that the walk leaves to ICU on the UTF-16 (`\G`, clusters, line anchors, a
    /// range of emoji with groups; `ss` ignoring case gives up at the first `ß`, after
    /// matches of its own, which the caller discards), and whose calls must still answer as
    /// Foundation's.
    static let utf8FallbackPatterns: [(pattern: String, options: NSRegularExpression.Options)] = [
        ("\\G\\w", []), ("\\X", []), ("^\\w+", .anchorsMatchLines), ("\\w+$", .anchorsMatchLines),
        ("([😀-🙏])(\\w*)", []), ("ss", .caseInsensitive),
    ]

    /// Texts of the walk's cases: Cyrillic, CJK, emoji outside the BMP (surrogate pairs,
    /// with skin tones and flags), combining marks, mixed with ASCII.
    static let utf8WalkPieces = [
        "Шерлок", "Холмс", "холмс", "ава", "бв", "福尔摩斯", "华生", "说", "。", "😀", "👍🏽", "🇫🇷", "𝔘𝔫", "e\u{301}",
        "а\u{300}", "x", "xx", "a", "ss", "ß", " ", " ", "\n", ", ",
    ]

    @Test("ICURegularExpression's calls through the UTF-8 walk answer as NSRegularExpression's on non-ASCII strings")
    func walkInUTF8MatchesFoundation() throws {
        var random = SplitMix64(seed: Self.seed ^ 0x5554_4638_5741_4C4B)
        var failures: [String] = []
        var walked = 0
        // A long text, searched first, so that each pattern's automaton is worked out and the
        // short texts after it take the walk.
        var long = ""
        while long.utf8.count < 80_000 { long += random.element(of: Self.utf8WalkPieces) }
        for (pattern, options) in Self.utf8WalkPatterns + Self.utf8FallbackPatterns {
            let ours = try ICURegularExpression(pattern: pattern, options: options)
            let theirs = try NSRegularExpression(pattern: pattern, options: options)
            var compileOptions: RegexPattern.Options = []
            if options.contains(.caseInsensitive) { compileOptions.insert(.caseInsensitive) }
            if options.contains(.anchorsMatchLines) { compileOptions.insert(.anchorsMatchLines) }
            if options.contains(.dotMatchesLineSeparators) { compileOptions.insert(.dotMatchesLineSeparators) }
            let compiled = try RegexPattern(pattern, options: compileOptions)
            let longRange = NSRange(location: 0, length: long.utf16.count)
            if ours.numberOfMatches(in: long, range: longRange) != theirs.numberOfMatches(in: long, range: longRange) {
                failures.append("\(String(reflecting: pattern)): numberOfMatches on the long text")
            }
            // Whether the walk takes this pattern, as the expressions' own patterns do now: on
            // the long text without `ß` for the patterns it walks (ignoring case, the automaton
            // leaves a character whose folding is several to ICU), with it for the others.
            let shouldWalk = Self.utf8WalkPatterns.contains { $0.pattern == pattern }
            let probed = shouldWalk ? long.replacing("ß", with: "s") : long
            let takesWalk = Array(probed.utf8).withUnsafeBufferPointer { bytes in
                compiled.walkMatches(inUTF8: bytes.baseAddress!, count: bytes.count, findsGroups: true, firstMatchOnly: false) {
                    _, _ in true
                }
            }
            if takesWalk != shouldWalk {
                failures.append("\(String(reflecting: pattern)): the UTF-8 walk \(takesWalk ? "takes" : "leaves") it")
            }
            for _ in 0..<60 {
                var text = ""
                for _ in 0..<random.number(in: 0...40) { text += random.element(of: Self.utf8WalkPieces) }
                let count = text.utf16.count
                var range = NSRange(location: 0, length: count)
                switch random.number(in: 0...3) {
                case 0: break
                case 1:
                    // Inside, possibly between the halves of a pair (the UTF-16 path's then).
                    range.location = random.number(in: 0...count)
                    range.length = random.number(in: 0...(count - range.location))
                case 2:
                    // On scalars, inside.
                    let scalars = Array(text.unicodeScalars.indices) + [text.endIndex]
                    let lower = random.element(of: scalars)
                    let upper = random.element(of: scalars.filter { $0 >= lower })
                    range = NSRange(lower..<upper, in: text)
                default:
                    range = NSRange(location: random.number(in: 0...count), length: 0)
                }
                // `.anchored` only at 0, where Linux Foundation gets it right (see
                // ``anchoredWithARangeNotAtZero()``).
                var matchingOptions = random.element(of: [
                    [], [], [], [], .reportCompletion, .anchored, .withTransparentBounds, .withoutAnchoringBounds,
                ] as [NSRegularExpression.MatchingOptions])
                if range.location != 0 { matchingOptions.remove(.anchored) }
                func describe(_ result: NSTextCheckingResult?) -> String {
                    guard let result else { return "nil" }
                    return (0..<result.numberOfRanges).map { Self.describe(result.range(at: $0)) }.joined()
                }
                let mine = (
                    ours.matches(in: text, options: matchingOptions, range: range).map(describe),
                    ours.numberOfMatches(in: text, options: matchingOptions, range: range),
                    describe(ours.firstMatch(in: text, options: matchingOptions, range: range)),
                    Self.describe(ours.rangeOfFirstMatch(in: text, options: matchingOptions, range: range)))
                let expected = (
                    theirs.matches(in: text, options: matchingOptions, range: range).map(describe),
                    theirs.numberOfMatches(in: text, options: matchingOptions, range: range),
                    describe(theirs.firstMatch(in: text, options: matchingOptions, range: range)),
                    Self.describe(theirs.rangeOfFirstMatch(in: text, options: matchingOptions, range: range)))
                if mine != expected {
                    failures.append(
                        "\(String(reflecting: pattern)) text \(String(reflecting: text)) range \(Self.describe(range)) "
                            + "options \(matchingOptions.rawValue): ours \(mine), Foundation \(expected)")
                }
                if shouldWalk && matchingOptions.subtracting(.reportCompletion).isEmpty && !expected.0.isEmpty { walked += 1 }
            }
        }
        for failure in failures.prefix(20) {
            Issue.record(Comment(rawValue: failure))
        }
        #expect(failures.isEmpty, "\(failures.count) cases differ")
        #expect(walked >= 400, "\(walked) cases with matches through the walk")
    }

    @Test("mayWalkMatches answers false only where the walk would: for the first match, a short text's is left to the first-match search")
    func mayWalkMatchesBoundsTheWalk() throws {
        // For each text length, bounds just above it, and the first match or every match:
        // a walk that takes the text must have been allowed by `mayWalkMatches` for the bound.
        // One literal, several literals, and the patterns of the walk and of ICU above.
        let patterns = ["Holmes", "Holmes|Watson|Hudson"] + (Self.utf8WalkPatterns + Self.utf8FallbackPatterns).map(\.pattern)
        var random = SplitMix64(seed: Self.seed ^ 0x4D41_5957_414C_4B53)
        var text = ""
        while text.utf8.count < 70_000 { text += random.element(of: Self.utf8WalkPieces + ["Holmes ", "Watson "]) }
        let long = Array(text.utf8)
        var failures: [String] = []
        var declinedShortFirstMatches = 0
        for pattern in patterns {
            let compiled = try RegexPattern(pattern)
            // The long text first, so that the pattern's automaton is worked out.
            _ = long.withUnsafeBufferPointer { buffer in
                compiled.walkMatches(inUTF8: buffer.baseAddress!, count: buffer.count, findsGroups: true, firstMatchOnly: false) { _, _ in true }
            }
            for length in [10, 1000, 4095, 4096, 4100] {
                // The longest prefix of at most `length` bytes that ends on a scalar.
                var bytes = Array(long.prefix(length))
                while String(validating: bytes, as: UTF8.self) == nil { bytes.removeLast() }
                for firstMatchOnly in [true, false] {
                    for findsGroups in [true, false] {
                        let walks = bytes.withUnsafeBufferPointer { buffer in
                            compiled.walkMatches(
                                inUTF8: buffer.baseAddress!, count: buffer.count, findsGroups: findsGroups, firstMatchOnly: firstMatchOnly
                            ) { _, _ in true }
                        }
                        for bound in [bytes.count, bytes.count + 1, 3 * bytes.count] {
                            let mayWalk = compiled.mayWalkMatches(inUTF8OfAtMost: bound, findsGroups: findsGroups, firstMatchOnly: firstMatchOnly)
                            if walks && !mayWalk {
                                failures.append("\(String(reflecting: pattern)): \(bytes.count) bytes walked, but not allowed for \(bound)")
                            }
                            if firstMatchOnly && !mayWalk && bound < 4096 { declinedShortFirstMatches += 1 }
                        }
                    }
                }
            }
        }
        // A short text's first match is the first-match search's, unless one literal's scan
        // finds it; every match of it is the walk's.
        for (pattern, firstMatchWalks) in [("Holmes", true), ("Holmes|Watson|Hudson", false), ("\\w+", false)] {
            let compiled = try RegexPattern(pattern)
            for _ in compiled.matches(in: String(repeating: "Holmes ", count: 12_000)) {}
            #expect(compiled.mayWalkMatches(inUTF8OfAtMost: 60, findsGroups: false, firstMatchOnly: true) == firstMatchWalks, "\(pattern)")
            #expect(compiled.mayWalkMatches(inUTF8OfAtMost: 60, findsGroups: false, firstMatchOnly: false), "\(pattern)")
        }
        for failure in failures.prefix(20) {
            Issue.record(Comment(rawValue: failure))
        }
        #expect(failures.isEmpty, "\(failures.count) cases differ")
        #expect(declinedShortFirstMatches > 0)
    }

    /// Patterns of the walk whose matches and groups reach to, start at or look behind or
    /// ahead at, a character outside ASCII in a mostly ASCII text.
    static let mostlyASCIIWalkPatterns = [
        "\\b[0-9A-Za-z_]+\\b", "\\w+", ".", "(?<=é)\\w", "\\w(?=é|😀)", "(\\w+)\\s+(\\w+)", "[é😀]\\w*", "(?<name>\\w)(é)?(\\s*)",
    ]

    @Test("ICURegularExpression.matches(in:range:) through the UTF-8 walk answers as NSRegularExpression's on mostly ASCII strings")
    func walkInUTF8OfMostlyASCIIMatchesFoundation() throws {
        // Mostly ASCII (fewer than nine bytes for eight units) but not all: the walk counts
        // the UTF-16 units of runs of ASCII by a subtraction, and of the rest byte by byte.
        var random = SplitMix64(seed: Self.seed ^ 0x4D4F_5354_4C59_4153)
        let asciiPieces = ["word", "x", "Holmes", "a_1", "42", " ", " ", ", ", "\n", "."]
        let otherPieces = ["é", "😀", "Шерлок", "说", "e\u{301}"]
        func text(pieces: Int) -> String {
            var text = ""
            for _ in 0..<pieces {
                text += random.number(in: 0...24) == 0 ? random.element(of: otherPieces) : random.element(of: asciiPieces)
            }
            return text
        }
        func describe(_ result: NSTextCheckingResult) -> String {
            (0..<result.numberOfRanges).map { Self.describe(result.range(at: $0)) }.joined()
        }
        // A long text, searched first, so that each pattern's automaton is worked out and the
        // short texts after it take the walk.
        let long = text(pieces: 20_000)
        var failures: [String] = []
        var mixed = 0
        for pattern in Self.mostlyASCIIWalkPatterns {
            let ours = try ICURegularExpression(pattern: pattern)
            let theirs = try NSRegularExpression(pattern: pattern)
            let longRange = NSRange(location: 0, length: long.utf16.count)
            if ours.matches(in: long, range: longRange).map(describe) != theirs.matches(in: long, range: longRange).map(describe) {
                failures.append("\(String(reflecting: pattern)): matches on the long text")
            }
            for _ in 0..<25 {
                let text = text(pieces: random.number(in: 1...300))
                let scalars = Array(text.unicodeScalars.indices) + [text.endIndex]
                let lower = random.number(in: 0...2) == 0 ? random.element(of: scalars) : text.startIndex
                let range = NSRange(lower..<random.element(of: scalars.filter { $0 >= lower }), in: text)
                if text.utf8.count != text.utf16.count && text.utf8.count * 8 < text.utf16.count * 9 { mixed += 1 }
                let mine = ours.matches(in: text, range: range).map(describe)
                let expected = theirs.matches(in: text, range: range).map(describe)
                if mine != expected {
                    failures.append(
                        "\(String(reflecting: pattern)) text \(String(reflecting: text)) range \(Self.describe(range)): "
                            + "ours \(mine), Foundation \(expected)")
                }
            }
        }
        for failure in failures.prefix(20) {
            Issue.record(Comment(rawValue: failure))
        }
        #expect(failures.isEmpty, "\(failures.count) cases differ")
        #expect(mixed >= 100, "\(mixed) mostly ASCII texts")
    }

    /// Patterns of the walk whose groups' bounds come out of order: nested groups, a group in
    /// a look-behind (before the match) and one in a look-ahead (after it), groups that take
    /// no part, more than two groups (results that store their ranges apart).
    static let offsetOrderPatterns = [
        "(\\w+)\\s+(\\w+)", "((\\w)\\w*)", "(?<=(\\w))\\s", "\\w(?=(\\s\\w+))", "(\\w)(\\w)?(\\w)?(\\w)?", "(😀|é)|(x)",
        "\\b\\w+\\b",
    ]

    @Test("ICURegularExpression's UTF-8 walk counts UTF-16 offsets as NSRegularExpression's on all-ASCII, mostly ASCII and other texts")
    func walkOffsetsMatchFoundationOnEachKindOfText() throws {
        // The walk's offsets come from `UTF16OffsetCounter`, which tells three kinds of text
        // apart by the range's number of units: all ASCII, mostly ASCII (runs of ASCII counted
        // by a subtraction) and not mostly ASCII (surrogate pairs among the rest).
        var random = SplitMix64(seed: Self.seed ^ 0x4F46_4653_4554_5331)
        let ascii = ["word", "x", "a_1", "42", " ", " ", ", ", "\n"]
        let other = ["é", "😀", "Шерлок", "说", "𝔘𝔫"]
        let kinds: [(name: String, otherOdds: Int)] = [("all ASCII", 0), ("mostly ASCII", 30), ("not mostly ASCII", -1)]
        func text(pieces: Int, otherOdds: Int) -> String {
            var text = ""
            for _ in 0..<pieces {
                let takesOther = otherOdds < 0 ? !random.chance(0.2) : otherOdds > 0 && random.number(in: 0...otherOdds) == 0
                text += takesOther ? random.element(of: other) : random.element(of: ascii)
            }
            return text
        }
        func describe(_ result: NSTextCheckingResult?) -> String {
            guard let result else { return "nil" }
            return (0..<result.numberOfRanges).map { Self.describe(result.range(at: $0)) }.joined()
        }
        var failures: [String] = []
        var textsOfKind = [0, 0, 0]
        for pattern in Self.offsetOrderPatterns {
            let ours = try ICURegularExpression(pattern: pattern)
            let theirs = try NSRegularExpression(pattern: pattern)
            for kind in kinds {
                // A long text first, so that the pattern's automaton is worked out and the
                // short texts after it take the walk.
                let long = text(pieces: 8_000, otherOdds: kind.otherOdds)
                let longRange = NSRange(location: 0, length: long.utf16.count)
                if ours.matches(in: long, range: longRange).map(describe) != theirs.matches(in: long, range: longRange).map(describe) {
                    failures.append("\(String(reflecting: pattern)): matches on the long \(kind.name) text")
                }
                for _ in 0..<12 {
                    let text = text(pieces: random.number(in: 1...200), otherOdds: kind.otherOdds)
                    let scalars = Array(text.unicodeScalars.indices) + [text.endIndex]
                    let lower = random.chance(0.5) ? random.element(of: scalars) : text.startIndex
                    let range = NSRange(lower..<random.element(of: scalars.filter { $0 >= lower }), in: text)
                    let (utf8Count, utf16Count) = (text.utf8.count, text.utf16.count)
                    let actualKind =
                        utf8Count == utf16Count ? 0 : RegexPattern.isMostlyASCII(utf8Count: utf8Count, utf16Count: utf16Count) ? 1 : 2
                    textsOfKind[actualKind] += 1
                    let mine = (
                        ours.matches(in: text, range: range).map(describe), describe(ours.firstMatch(in: text, range: range)),
                        Self.describe(ours.rangeOfFirstMatch(in: text, range: range)))
                    let expected = (
                        theirs.matches(in: text, range: range).map(describe), describe(theirs.firstMatch(in: text, range: range)),
                        Self.describe(theirs.rangeOfFirstMatch(in: text, range: range)))
                    if mine != expected {
                        failures.append(
                            "\(String(reflecting: pattern)) text \(String(reflecting: text)) range \(Self.describe(range)): "
                                + "ours \(mine), Foundation \(expected)")
                    }
                }
            }
        }
        for failure in failures.prefix(20) {
            Issue.record(Comment(rawValue: failure))
        }
        #expect(failures.isEmpty, "\(failures.count) cases differ")
        #expect(textsOfKind.allSatisfy { $0 >= 40 }, "texts of each kind: \(textsOfKind)")
    }
}
