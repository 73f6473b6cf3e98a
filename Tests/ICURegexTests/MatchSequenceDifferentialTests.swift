import Foundation
@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// The Swift-native API (`RegexPattern.matches(in:)` on a `String`, a `Substring` and UTF-16
    /// buffers, `wholeMatch(in:)`, `replacing`) against `NSRegularExpression` with default
    /// matching options, whose matches on a range are ICU's `findNext` loop on it; on long texts
    /// also against the library's own ICU-only walk (`usesSearchPlan: false`), with lone
    /// surrogates too. ICU's template rules, which Foundation does not follow, are checked on
    /// hand-written cases taken from the behaviour ICU documents for `appendReplacement`.
    @Suite struct MatchSequenceDifferentialTests {
        /// The seed and the number of cases: fixed for `swift test`, chosen by
        /// `Tests/differential.sh` (through `ICUREGEX_SEED` and `ICUREGEX_CASES`) for longer runs.
        static let seed = ProcessInfo.processInfo.environment["ICUREGEX_SEED"].flatMap { UInt64($0) } ?? 0x5345_5155_454E_4345
        static let caseCount = ProcessInfo.processInfo.environment["ICUREGEX_CASES"].flatMap { Int($0) }.map { $0 / 4 } ?? 12_000
        static let longCaseCount = max(40, caseCount / 300)

        /// The pattern options that `NSRegularExpression` options stand for (ICU's flags
        /// both); `.ignoreMetacharacters` is left out, Foundation escapes the pattern instead.
        static func patternOptions(_ options: NSRegularExpression.Options) -> RegexPattern.Options {
            var result: RegexPattern.Options = []
            if options.contains(.caseInsensitive) { result.insert(.caseInsensitive) }
            if options.contains(.allowCommentsAndWhitespace) { result.insert(.allowCommentsAndWhitespace) }
            if options.contains(.dotMatchesLineSeparators) { result.insert(.dotMatchesLineSeparators) }
            if options.contains(.anchorsMatchLines) { result.insert(.anchorsMatchLines) }
            if options.contains(.useUnixLineSeparators) { result.insert(.useUnixLineSeparators) }
            if options.contains(.useUnicodeWordBoundaries) { result.insert(.useUnicodeWordBoundaries) }
            return result
        }

        /// A match as its groups' UTF-16 ranges (nil: did not take part).
        typealias Groups = [Range<Int>?]

        static func groups(_ result: NSTextCheckingResult) -> Groups {
            (0..<result.numberOfRanges).map { group in
                let range = result.range(at: group)
                return range.location == NSNotFound ? nil : range.location..<NSMaxRange(range)
            }
        }

        static func groups(_ match: RegexMatch) -> Groups {
            (0..<match.numberOfRanges).map { match.utf16Range(at: $0) }
        }

        static func groups(_ match: BufferMatch) -> Groups {
            (0..<match.numberOfRanges).map { match.range(at: $0) }
        }

        static func describe(_ matches: [Groups]) -> String {
            "[" + matches.map { "(" + $0.map { $0.map { "\($0.lowerBound)..<\($0.upperBound)" } ?? "nil" }.joined(separator: " ") + ")" }
                .joined(separator: ", ") + "]"
        }

        /// The index `offset` UTF-16 units into `string`.
        static func index(_ offset: Int, in string: String) -> String.Index {
            string.utf16.index(string.utf16.startIndex, offsetBy: offset)
        }

        /// What `RegexMatch` says of itself must agree with its ranges.
        static func selfConsistent(_ match: RegexMatch, in string: String, names: [String]) -> String? {
            guard match.utf16Range == match.utf16Range(at: 0) else { return "utf16Range \(match.utf16Range) != utf16Range(at: 0)" }
            let range = match.range
            guard range.lowerBound.utf16Offset(in: string) == match.utf16Range.lowerBound,
                range.upperBound.utf16Offset(in: string) == match.utf16Range.upperBound
            else { return "range \(range) is not utf16Range \(match.utf16Range)" }
            guard match.substring == string[range], match[0] == string[range] else { return "substring" }
            for group in 0..<match.numberOfRanges {
                let offsets = match.utf16Range(at: group)
                let indices = match.range(at: group)
                guard (offsets == nil) == (indices == nil) else { return "group \(group): range(at:) and utf16Range(at:) disagree" }
                if let offsets, let indices {
                    guard indices.lowerBound.utf16Offset(in: string) == offsets.lowerBound,
                        indices.upperBound.utf16Offset(in: string) == offsets.upperBound
                    else { return "group \(group): range(at:) \(indices) is not utf16Range(at:) \(offsets)" }
                    guard match[group] == string[indices] else { return "group \(group): subscript" }
                }
            }
            for name in names {
                guard let number = match.pattern.groupNumber(named: name) else { return "no group named \(name)" }
                guard match.range(withName: name) == match.range(at: number), match[name] == match[number] else {
                    return "name \(name): range(withName:) is not range(at: \(number))"
                }
            }
            guard match.range(withName: "absent") == nil, match["absent"] == nil else { return "an absent name has a range" }
            return nil
        }

        @Test("matches(in:) on String, Substring and UTF-16 buffers agree with NSRegularExpression on generated cases")
        func generatedCases() throws {
            print("MatchSequenceDifferentialTests: seed \(Self.seed), \(Self.caseCount) cases")
            var generator = RegularExpressionCaseGenerator(seed: Self.seed)
            var failures: [String] = []
            var compared = 0
            var withMatches = 0
            var wholeMatches = 0
            for index in 0..<Self.caseCount {
                let pattern = generator.pattern()
                let names = generator.groupNames
                let options = generator.options().subtracting(.ignoreMetacharacters)
                let text = generator.text(withoutAt: options.contains(.useUnicodeWordBoundaries) || pattern.contains("(?w)"))
                let nsRange = generator.range(in: text, splitsPairs: false)
                let splitRange = generator.range(in: text, splitsPairs: true)
                let template = Self.compatibleTemplate(&generator)
                let maxReplacements = generator.random.chance(0.2) ? generator.random.number(in: 0...2) : Int.max
                var differences: [String] = []
                defer {
                    if !differences.isEmpty {
                        failures.append(
                            "#\(index) pattern \(String(reflecting: pattern)) options \(options.rawValue) text \(String(reflecting: text)) "
                                + "range \(nsRange) split range \(splitRange):\n  " + differences.joined(separator: "\n  "))
                    }
                }

                let foundation = try? NSRegularExpression(pattern: pattern, options: options)
                let ours: RegexPattern
                do {
                    ours = try RegexPattern(pattern, options: Self.patternOptions(options))
                    if foundation == nil { differences.append("RegexPattern compiles, NSRegularExpression throws") }
                } catch {
                    if foundation != nil { differences.append("RegexPattern throws \(error), NSRegularExpression compiles") }
                    continue
                }
                guard let foundation else { continue }
                compared += 1
                func check(_ what: String, _ mine: [Groups], _ theirs: [Groups]) {
                    if mine != theirs { differences.append("\(what): ours \(Self.describe(mine)), Foundation \(Self.describe(theirs))") }
                }

                // String, with a range of indices and without.
                let expected = foundation.matches(in: text, range: nsRange).map(Self.groups)
                if !expected.isEmpty { withMatches += 1 }
                let bounds = Self.index(nsRange.location, in: text)..<Self.index(NSMaxRange(nsRange), in: text)
                let stringMatches = Array(ours.matches(in: text, range: bounds))
                check("matches(in: String, range:)", stringMatches.map(Self.groups), expected)
                for match in stringMatches {
                    if let problem = Self.selfConsistent(match, in: text, names: names) { differences.append("RegexMatch: \(problem)") }
                }
                check("matches(in: Substring)", ours.matches(in: text[bounds]).map(Self.groups), expected)
                if index % 4 == 0 {
                    check(
                        "matches(in: String)", ours.matches(in: text).map(Self.groups),
                        foundation.matches(in: text, range: NSRange(location: 0, length: text.utf16.count)).map(Self.groups))
                }

                // String indices that may fall between the halves of a surrogate pair (the
                // UTF-16 view's indices), searched as those units.
                let splitBounds = Self.index(splitRange.location, in: text)..<Self.index(NSMaxRange(splitRange), in: text)
                let splitMatches = Array(ours.matches(in: text, range: splitBounds))
                for match in splitMatches {
                    if let problem = Self.selfConsistent(match, in: text, names: names) { differences.append("RegexMatch on UTF-16 indices: \(problem)") }
                }
                check("matches(in: String, range:) on UTF-16 indices", splitMatches.map(Self.groups), foundation.matches(in: text, range: splitRange).map(Self.groups))

                // UTF-16 units, with a range that may cut a surrogate pair.
                let units = Array(text.utf16)
                let bufferMatches = units.withUnsafeBufferPointer { buffer in
                    Array(ours.matches(inUTF16: buffer, range: splitRange.location..<NSMaxRange(splitRange))).map(Self.groups)
                }
                check("matches(inUTF16:range:)", bufferMatches, foundation.matches(in: text, range: splitRange).map(Self.groups))

                // Replacing: with a template whose rules Foundation and ICU share, and with a
                // closure, against a rebuild from the matches.
                let replaced = Result { try ours.replacing(in: text, range: bounds, withTemplate: template, maxReplacements: maxReplacements) }
                var rebuilt = String(text[..<bounds.lowerBound])
                var copied = bounds.lowerBound
                for match in stringMatches.prefix(maxReplacements) {
                    rebuilt += text[copied..<match.range.lowerBound] + "<\(match.substring)|\((match.numberOfRanges > 1 ? match[1] : nil) ?? "-")>"
                    copied = match.range.upperBound
                }
                rebuilt += text[copied...]
                let closure = Result { try ours.replacing(in: text, range: bounds, maxReplacements: maxReplacements) { "<\($0.substring)|\(($0.numberOfRanges > 1 ? $0[1] : nil) ?? "-")>" } }
                if (try? closure.get()) != rebuilt {
                    differences.append("replacing(with: closure): ours \(String(reflecting: try? closure.get())), rebuilt \(String(reflecting: rebuilt))")
                }
                if maxReplacements == .max {
                    let theirs = foundation.stringByReplacingMatches(in: text, range: nsRange, withTemplate: template)
                    if (try? replaced.get()) != theirs {
                        differences.append(
                            "replacing(withTemplate: \(String(reflecting: template))): ours \(String(reflecting: replaced)), Foundation \(String(reflecting: theirs))")
                    }
                }

                // The whole text: ICU's `matches`, which is the search for the pattern followed
                // by the text's end, from its start.
                if !options.contains(.allowCommentsAndWhitespace), !pattern.contains("(?x)"),
                    let whole = try? NSRegularExpression(pattern: "(?:" + pattern + ")\\z", options: options)
                {
                    let theirs = whole.firstMatch(in: text, options: .anchored, range: NSRange(location: 0, length: text.utf16.count)).map(Self.groups)
                    var mine: Groups?
                    if let found = try? ours.wholeMatch(in: text) { mine = Self.groups(found) }
                    if mine != nil { wholeMatches += 1 }
                    if mine != theirs {
                        differences.append("wholeMatch: ours \(Self.describe(mine.map { [$0] } ?? [])), Foundation \(Self.describe(theirs.map { [$0] } ?? []))")
                    }
                }
            }
            print("MatchSequenceDifferentialTests: \(Self.caseCount) cases, \(compared) compiled, \(withMatches) with matches, \(wholeMatches) whole matches, \(failures.count) differ")
            for failure in failures.prefix(30) {
                Issue.record(Comment(rawValue: failure))
            }
            #expect(failures.isEmpty, "\(failures.count) of \(Self.caseCount) cases differ")
            #expect(withMatches > Self.caseCount / 5)
            #expect(wholeMatches > Self.caseCount / 200)
        }

        /// A template that means the same to Foundation and to ICU: `$0` to `$n` for groups the
        /// pattern has (fewer than ten), `\$`, `\\` and plain text.
        static func compatibleTemplate(_ generator: inout RegularExpressionCaseGenerator) -> String {
            let groups = min(generator.groupCount, 9)
            var template = ""
            for _ in 0..<generator.random.number(in: 0...4) {
                switch generator.random.number(in: 0..<6) {
                case 0, 1: template += "$\(generator.random.number(in: 0...groups))"
                case 2: template += generator.random.element(of: ["\\$", "\\\\", "\\x"])
                default: template += generator.random.element(of: ["x", "-", "é", "😀", " ", "ж"])
                }
            }
            return template
        }

        // MARK: Long texts

        @Test("matches(in:) on long texts agrees with NSRegularExpression and with the library's ICU-only walk")
        func longTexts() throws {
            var generator = RegularExpressionCaseGenerator(seed: Self.seed ^ 0x4C4F_4E47)
            var failures: [String] = []
            var matchCount = 0
            for index in 0..<Self.longCaseCount {
                let source = generator.random.element(of: LibraryTests.RegularExpressionDifferentialTests.longPatterns)
                let nsOptions = generator.random.element(of: [
                    [], [], .caseInsensitive, .dotMatchesLineSeparators, .anchorsMatchLines, .useUnixLineSeparators,
                ] as [NSRegularExpression.Options])
                let options = Self.patternOptions(nsOptions)
                let rare = generator.random.element(of: LibraryTests.RegularExpressionDifferentialTests.rareWordSets)
                var text = generator.longText(
                    length: generator.random.number(in: 5_000...70_000), rareWords: rare, rareEvery: generator.random.element(of: [50, 300, 2_000]))
                if generator.random.chance(0.3) {
                    // Sparse matches, then dense ones: the plan gives way to ICU's search midway.
                    text += generator.longText(length: generator.random.number(in: 2_000...20_000))
                }
                let count = text.utf16.count
                let location = generator.random.chance(0.5) ? 0 : generator.random.number(in: 0...(count - 4_500))
                var nsRange = NSRange(location: location, length: generator.random.number(in: 4_500...(count - location)))
                // On scalar boundaries, for String indices.
                let units = Array(text.utf16)
                if nsRange.location > 0, UTF16.isTrailSurrogate(units[nsRange.location]) { nsRange.location -= 1 }
                if NSMaxRange(nsRange) < count, UTF16.isTrailSurrogate(units[NSMaxRange(nsRange)]) { nsRange.length += 1 }
                let range = nsRange.location..<NSMaxRange(nsRange)

                let foundation = try NSRegularExpression(pattern: source, options: nsOptions)
                let planned = try RegexPattern(source, options: options)
                let plain = try RegexPattern(source, options: options, limits: .default, usesSearchPlan: false)
                let expected = foundation.matches(in: text, range: nsRange).map(Self.groups)
                matchCount += expected.count
                var differences: [String] = []
                func check(_ what: String, _ mine: [Groups], _ theirs: [Groups]) {
                    guard mine != theirs else { return }
                    let first = zip(mine, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(mine.count, theirs.count)
                    differences.append(
                        "\(what): \(mine.count) matches, expected \(theirs.count); first difference at match \(first): ours "
                            + "\(Self.describe(Array(mine.dropFirst(first).prefix(2)))), expected \(Self.describe(Array(theirs.dropFirst(first).prefix(2))))")
                }
                let bounds = Self.index(range.lowerBound, in: text)..<Self.index(range.upperBound, in: text)
                check("matches(in: String, range:)", planned.matches(in: text, range: bounds).map(Self.groups), expected)
                check("matches(in: Substring)", planned.matches(in: text[bounds]).map(Self.groups), expected)
                units.withUnsafeBufferPointer { buffer in
                    check("matches(inUTF16:range:)", planned.matches(inUTF16: buffer, range: range).map(Self.groups), expected)
                }
                let replaced = try planned.replacing(in: text, range: bounds, withTemplate: "<$0>")
                if replaced != foundation.stringByReplacingMatches(in: text, range: nsRange, withTemplate: "<$0>") {
                    differences.append("replacing(in:range:withTemplate: \"<$0>\") differs from Foundation's")
                }
                // Lone surrogates, which a String cannot hold: the plan against ICU alone.
                var broken = units
                for _ in 0..<generator.random.number(in: 1...8) {
                    broken.insert(generator.random.element(of: [0xD800, 0xDC00, 0xD83D, 0xDE00]), at: generator.random.number(in: 0...broken.count))
                }
                broken.withUnsafeBufferPointer { buffer in
                    check(
                        "matches(inUTF16:) with lone surrogates, the plan against ICU",
                        planned.matches(inUTF16: buffer).map(Self.groups), plain.matches(inUTF16: buffer).map(Self.groups))
                }
                if !differences.isEmpty {
                    failures.append(
                        "#\(index) pattern \(String(reflecting: source)) options \(nsOptions.rawValue) text of \(count) units (rare \(rare.sorted())) "
                            + "range \(range):\n  " + differences.joined(separator: "\n  "))
                }
            }
            print("MatchSequenceDifferentialTests: \(Self.longCaseCount) long texts, \(matchCount) matches, \(failures.count) differ")
            for failure in failures.prefix(20) {
                Issue.record(Comment(rawValue: failure))
            }
            #expect(failures.isEmpty, "\(failures.count) of \(Self.longCaseCount) long cases differ")
        }

        /// The generated patterns of the short cases on texts of 4,100 to 6,000 units of the
        /// same pieces, where the plan finds the matches of those without assertions: against
        /// the ICU-only walk, and against Foundation. A case whose ICU-only walk hits the
        /// pattern's limits (backtracking on a long text) is left out.
        @Test("generated patterns on texts long enough for the search plan")
        func generatedPatternsOnLongTexts() throws {
            var generator = RegularExpressionCaseGenerator(seed: Self.seed ^ 0x504C_414E)
            var failures: [String] = []
            var compared = 0
            var limited = 0
            var withPlan = 0
            var matchCount = 0
            for index in 0..<Self.longCaseCount * 8 {
                let pattern = generator.pattern()
                let nsOptions = generator.options().subtracting([.ignoreMetacharacters, .useUnicodeWordBoundaries])
                var text = ""
                let length = generator.random.number(in: 4_100...6_000)
                // Half the texts are the generated pieces throughout; half are filler that few
                // patterns match, with pieces every few hundred units, where the plan's literal
                // search runs far between its matches.
                let sparse = generator.random.chance(0.5)
                let spacing = generator.random.element(of: [100, 400, 1_500])
                while text.utf16.count < length {
                    if sparse, generator.random.number(in: 0..<spacing) >= 16 {
                        text += generator.random.element(of: ["mnop ", "qrst ", "uvw ", "MNOP ", "mnop, ", "q\n", "ppp "])
                    } else {
                        text += generator.text()
                    }
                }
                guard !pattern.contains("(?w)"),
                    let planned = try? RegexPattern(pattern, options: Self.patternOptions(nsOptions)),
                    let plain = try? RegexPattern(pattern, options: Self.patternOptions(nsOptions), limits: .default, usesSearchPlan: false)
                else { continue }
                let units = Array(text.utf16)
                let (plainMatches, plainError) = units.withUnsafeBufferPointer { buffer in
                    var iterator = plain.matches(inUTF16: buffer).makeIterator()
                    var matches: [Groups] = []
                    while let match = iterator.next() { matches.append(Self.groups(match)) }
                    return (matches, iterator.error)
                }
                if plainError != nil {
                    limited += 1
                    continue
                }
                compared += 1
                if planned.plan?.findsMatchesByTheirCharactersAlone == true { withPlan += 1 }
                matchCount += plainMatches.count
                let plannedMatches = units.withUnsafeBufferPointer { planned.matches(inUTF16: $0).map(Self.groups) }
                var differences: [String] = []
                if plannedMatches != plainMatches {
                    let first = zip(plannedMatches, plainMatches).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                        ?? min(plannedMatches.count, plainMatches.count)
                    differences.append(
                        "plan against ICU: \(plannedMatches.count) matches, ICU \(plainMatches.count); first difference at match \(first): plan "
                            + "\(Self.describe(Array(plannedMatches.dropFirst(first).prefix(2)))), ICU \(Self.describe(Array(plainMatches.dropFirst(first).prefix(2))))")
                }
                if let foundation = try? NSRegularExpression(pattern: pattern, options: nsOptions) {
                    let theirs = foundation.matches(in: text, range: NSRange(location: 0, length: units.count)).map(Self.groups)
                    if theirs != plainMatches { differences.append("ICU-only walk against Foundation: \(plainMatches.count) matches, Foundation \(theirs.count)") }
                }
                if !differences.isEmpty {
                    failures.append(
                        "#\(index) pattern \(String(reflecting: pattern)) options \(nsOptions.rawValue) text \(String(reflecting: text))\n  "
                            + differences.joined(separator: "\n  "))
                }
            }
            print("MatchSequenceDifferentialTests: \(Self.longCaseCount * 8) generated patterns on long texts, \(compared) compared (\(withPlan) walked with the plan), \(limited) hit limits, \(matchCount) matches, \(failures.count) differ")
            for failure in failures.prefix(10) {
                Issue.record(Comment(rawValue: String(failure.prefix(3_000))))
            }
            #expect(failures.isEmpty, "\(failures.count) generated patterns on long texts differ")
            #expect(withPlan > compared / 4)
        }

        /// Walking every match of `\w+` in about 2 MB takes time linear in the length: a
        /// quadratic walk (transcoding or indexing from the start for each match) would take
        /// minutes here. Not timed; it has to finish.
        @Test("walking every match in 2 MB is linear", arguments: ["ASCII", "Cyrillic"])
        func walkIsLinear(script: String) throws {
            let words = script == "ASCII" ? ["lorem", "ipsum", "dolor", "sit", "amet"] : ["съешь", "же", "ещё", "этих", "мягких", "😀"]
            var text = ""
            var wordCount = 0
            while text.utf8.count < 2_000_000 {
                let word = words[wordCount % words.count]
                text += word + (wordCount % 7 == 6 ? ",\n" : " ")
                wordCount += 1
            }
            let expectedWords = script == "ASCII" ? wordCount : wordCount - wordCount / words.count
            let pattern = try RegexPattern("\\w+")
            var found = 0
            var lastEnd = text.startIndex
            var inOrder = true
            for match in pattern.matches(in: text) {
                found += 1
                inOrder = inOrder && match.range.lowerBound >= lastEnd
                lastEnd = match.range.upperBound
            }
            #expect(found == expectedWords)
            #expect(inOrder)
            // A Substring of most of it, and the empty matches of `x*` (one per character).
            let tail = text.dropFirst(1_000)
            #expect(pattern.matches(in: tail).reduce(0) { count, _ in count + 1 } >= expectedWords - 1_000)
            let empty = try RegexPattern("x*")
            #expect(empty.matches(in: text).reduce(0) { count, _ in count + 1 } == text.unicodeScalars.count + 1)
        }

        /// A range whose end falls between the halves of a surrogate pair (a UTF-16 index of the
        /// string): its matches' UTF-16 offsets are right, but their string indices are not when
        /// the range's UTF-16 length equals its UTF-8 length, which `StringMatchWalk` takes for
        /// an ASCII text (the half pair counts one UTF-16 unit and no UTF-8 byte, a two-byte
        /// character one unit and two bytes), and so reads UTF-16 offsets as UTF-8 offsets.
        @Test func stringIndicesInsideASurrogatePair() throws {
            let text = "éc😀"
            let utf16 = text.utf16
            let range = utf16.startIndex..<utf16.index(utf16.startIndex, offsetBy: 3)  // é, c, the first half of 😀
            let matches = Array(try RegexPattern("c").matches(in: text, range: range))
            try #require(matches.count == 1)
            #expect(matches[0].utf16Range == 1..<2)
            #expect(matches[0].range.lowerBound.utf16Offset(in: text) == 1)
            #expect(matches[0].range == text.firstIndex(of: "c")!..<text.firstIndex(of: "😀")!)
            #expect(matches[0].substring == "c")
            // The same with a group, and U+0085 (two UTF-8 bytes) instead of é.
            let nel = "\u{85}😀"
            let nelRange = nel.utf16.startIndex..<nel.utf16.index(nel.utf16.startIndex, offsetBy: 2)
            let empty = Array(try RegexPattern("(x*)").matches(in: nel, range: nelRange))
            #expect(empty.map(\.utf16Range) == [0..<0, 1..<1, 2..<2])
            #expect(empty.map { $0.range.lowerBound.utf16Offset(in: nel) } == [0, 1, 2])
            #expect(empty.map { $0.range(at: 1).map { $0.lowerBound.utf16Offset(in: nel) } } == [0, 1, 2])
        }

        // MARK: ICU's templates

        /// `replacing(withTemplate:)` reads ICU's templates (`appendReplacement`): `$n` takes as
        /// many digits as still name a group, `${name}`, a backslash takes the next character,
        /// `\uhhhh` and `\Uhhhhhhhh` are code points, `$` without a group throws.
        @Test(arguments: [
            // (pattern, text, template, expected; nil: throws)
            ("(\\w)", "ab", "$12", "a2b2"),
            ("(\\w)", "ab", "$1$0", "aabb"),
            ("(\\w)", "ab", "$01", "ab"),
            ("(\\w)", "ab", "$00", "ab"),
            ("(\\w)", "ab", "$0$1", "aabb"),
            ("(\\w)(\\w)", "ab", "$2$1", "ba"),
            ("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)(l)", "abcdefghijkl", "$10|$12|$13|$1", "j|l|a3|a"),
            ("(a)(b)(c)(d)(e)(f)(g)(h)(i)", "abcdefghi", "$10", "a0"),
            ("(?<first>\\w)(\\w)", "ab", "${first}", "a"),
            ("(?<first>\\w)(\\w)", "ab", "${first}${first}$2", "aab"),
            ("(?<x1>\\w)", "a", "${x1}", "a"),
            ("(?<first>\\w)", "a", "${nope}", nil),
            ("(?<first>\\w)", "a", "${first", nil),
            ("(\\w)", "a", "${1}", nil),
            ("(\\w)", "a", "\\$1", "$1"),
            ("(\\w)", "a", "\\\\$1", "\\a"),
            ("(\\w)", "a", "x\\", "x"),
            ("(\\w)", "a", "$", nil),
            ("(\\w)", "a", "x$", nil),
            ("(\\w)", "a", "$x", nil),
            ("(\\w)", "a", "$2", nil),
            ("\\w", "a", "$1", nil),
            ("(\\w)", "a", "\\u0041", "A"),
            ("(\\w)", "a", "\\U0001F600", "😀"),
            ("(\\w)", "a", "\\u004", "u004"),
            ("(\\w)", "a", "\\n", "n"),
            ("(\\w)", "a", "\\x", "x"),
            ("(\\w)", "a", "$\u{661}", "a"),
            ("(x)?a", "a", "[$1]", "[]"),
            ("a", "bab", "", "bb"),
            ("x*", "ab", "-", "-a-b-"),
            ("(é)", "éa😀", "<$1>", "<é>a😀"),
        ])
        func icuTemplates(pattern: String, text: String, template: String, expected: String?) throws {
            let compiled = try RegexPattern(pattern)
            if let expected {
                #expect(try compiled.replacing(in: text, withTemplate: template) == expected)
            } else {
                #expect(throws: ICURegexError.self) { try compiled.replacing(in: text, withTemplate: template) }
            }
        }

        @Test func replacingLimitsAndRanges() throws {
            let pattern = try RegexPattern("(\\w)(\\d)?")
            let text = "a1 b c3 😀 d"
            #expect(try pattern.replacing(in: text, withTemplate: "<$1$2>", maxReplacements: 0) == text)
            #expect(try pattern.replacing(in: text, withTemplate: "<$1$2>", maxReplacements: 2) == "<a1> <b> c3 😀 d")
            #expect(try pattern.replacing(in: text, withTemplate: "<$1$2>") == "<a1> <b> <c3> 😀 <d>")
            // A range keeps the text outside it.
            let start = text.firstIndex(of: "b")!
            let end = text.firstIndex(of: "😀")!
            #expect(try pattern.replacing(in: text, range: start..<end, withTemplate: "[$0]") == "a1 [b] [c3] 😀 d")
            #expect(try pattern.replacing(in: text, range: start..<start, withTemplate: "[$0]") == text)
            // The closure sees each match, and its error ends the replacing.
            struct Stop: Error {}
            #expect(throws: Stop.self) {
                try pattern.replacing(in: text) { match in
                    if match.substring == "c3" { throw Stop() }
                    return "x"
                }
            }
            #expect(try pattern.replacing(in: text) { "\($0.numberOfRanges)\($0[2] ?? "-")" } == "31 3- 33 😀 3-")
        }
    }
}
