import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

extension LibraryTests {
    /// The UTF-8 walk's matches in batches (``RegexPattern/walkMatchBatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``:
    /// the match automaton's runs of 4, 8, 16, 32, then 64 matches handed over at once) are the
    /// walk's matches one by one and ICU's alone, and the results arrays made from them a
    /// batch at a time (`ICURegularExpression.matches(in:options:range:)`) are
    /// `NSRegularExpression`'s: on texts of as many matches as end a run, one fewer and one
    /// more, with empty matches, non-ASCII text, ranges that do not start at 0, patterns with
    /// groups (batches of one match), and walks that give up to ICU midway.
    @Suite struct ICURegularExpressionBatchedResultsTests {
        static let seed: UInt64 = 0x4241_5443_4845_5331

        /// Numbers of words either side of where the automaton's runs end (after 4, 12, 28, 60,
        /// 124 and 188 matches), and a few more.
        static let wordCounts = [0, 1, 2, 3, 4, 5, 11, 12, 13, 27, 28, 29, 59, 60, 61, 63, 64, 65, 123, 124, 125, 187, 188, 189, 400]

        /// Patterns whose walk is the automaton's runs (no groups; `x*` and `\b` empty
        /// matches), the automaton with the backtracker's groups (one, two and four groups:
        /// batches of one match), and the literals' scan.
        static let patterns: [(pattern: String, options: NSRegularExpression.Options)] = [
            ("\\b\\w+\\b", []), ("\\w+", []), ("x*", []), ("\\b", []), ("\\p{L}+", []), ("a|é+|😀", []), ("[^ ]+ ?", []),
            ("(\\w+)", []), ("(\\w)(\\w*)", []), ("(\\w)(\\w)?(\\w*)(\\s?)", []), ("Холмс", []),
            // Ignoring case, the walk gives up at the first `ß` (its folding is two characters),
            // after matches of its own.
            ("\\w+", .caseInsensitive), ("[a-z]+", .caseInsensitive), ("s+", .caseInsensitive),
        ]

        static let asciiWords = ["foo", "x", "ab", "a", "xx", "word", "s", "ss", "Sx", "123"]
        static let otherWords = ["é", "Холмс", "😀", "👍🏽", "福尔摩斯", "e\u{301}", "xé", "a😀"]
        static let separators = [" ", " ", "  ", ", ", "\n", "."]

        /// Shares of words that are not ASCII: all ASCII, mostly ASCII (runs of ASCII between
        /// them, which the UTF-16 offset counter finds), and not mostly ASCII.
        static let nonASCIIShares = [0, 0.04, 0.4]

        /// A text of `count` words, each not ASCII by a chance of `nonASCIIShare`.
        static func text(_ random: inout SplitMix64, words count: Int, nonASCIIShare: Double) -> String {
            var text = ""
            for _ in 0..<count {
                text += random.element(of: random.chance(nonASCIIShare) ? otherWords : asciiWords) + random.element(of: separators)
            }
            return text
        }

        /// The compile options of `options`.
        static func compileOptions(_ options: NSRegularExpression.Options) -> RegexPattern.Options {
            options.contains(.caseInsensitive) ? [.caseInsensitive] : []
        }

        /// Every range of `result`, its type and its expression's pattern, as text.
        static func describe(_ result: NSTextCheckingResult) -> String {
            "\(result.resultType.rawValue) \(result.regularExpression?.pattern ?? "nil") "
                + (0..<result.numberOfRanges).map { "\(result.range(at: $0))" }.joined()
        }

        @Test("the walk's batches are its matches one by one and ICU's, each of at most maximumBatchMatches")
        func batchesAreTheWalksMatches() throws {
            var random = SplitMix64(seed: Self.seed)
            var failures: [String] = []
            var fullBatches = 0
            var walksGivenUp = 0
            var stopped = 0
            let long = Self.text(&random, words: 12_000, nonASCIIShare: 0)
            for (pattern, options) in Self.patterns {
                let compiled = try RegexPattern(pattern, options: Self.compileOptions(options))
                let icu = try RegexPattern(pattern, options: Self.compileOptions(options), limits: .default, usesSearchPlan: false)
                let findsGroups = compiled.numberOfCaptureGroups > 0
                for (index, words) in ([12_000] + Self.wordCounts).enumerated() {
                    // The long text first, so that the pattern's automaton is worked out and
                    // the short texts after it take the walk.
                    var text = index == 0 ? long : Self.text(&random, words: words, nonASCIIShare: random.element(of: Self.nonASCIIShares))
                    if options.contains(.caseInsensitive) && random.chance(0.5) { text += "ß and more words" }
                    let units = Array(text.utf16)
                    let bytes = Array(text.utf8)
                    let byteOffsets = utf8OffsetsOfUTF16Offsets(in: text)
                    let expected = units.withUnsafeBufferPointer { icu.matches(inUTF16: $0).map(\.range) }
                        .map { byteOffsets[$0.lowerBound]..<byteOffsets[$0.upperBound] }
                    // The search of the long text's UTF-16 works out the automaton.
                    if index == 0 { _ = units.withUnsafeBufferPointer { buffer -> Int in Array(compiled.matches(inUTF16: buffer)).count } }
                    // Every match, then a walk stopped at a random match.
                    let stopAfter = expected.isEmpty ? nil : random.number(in: 1...expected.count)
                    for stopAt in [nil, stopAfter] {
                        var oneByOne: [Range<Int>] = []
                        let walkedOneByOne = bytes.withUnsafeBufferPointer { buffer in
                            compiled.walkMatches(inUTF8: buffer.baseAddress!, count: buffer.count, findsGroups: true, firstMatchOnly: false) {
                                match, group in
                                oneByOne.append(match)
                                if group(0) != match { failures.append("\(pattern): group 0 \(String(describing: group(0))) of \(match)") }
                                return stopAt.map { oneByOne.count < $0 } ?? true
                            }
                        }
                        var batched: [Range<Int>] = []
                        var batchesAfterStop = 0
                        var didStop = false
                        let walkedInBatches = bytes.withUnsafeBufferPointer { buffer in
                            compiled.walkMatchBatches(inUTF8: buffer.baseAddress!, count: buffer.count, findsGroups: true, firstMatchOnly: false) {
                                batch, groups in
                                if didStop { batchesAfterStop += 1 }
                                let matches = stride(from: 0, to: batch.count, by: 2).map { batch[$0]..<batch[$0 + 1] }
                                if matches.isEmpty || matches.count > RegexPattern.maximumBatchMatches || batch.count % 2 != 0
                                    || (findsGroups && matches.count != 1) || groups.match != matches.last
                                    || groups.range(of: 0) != matches.last
                                {
                                    failures.append("\(pattern): a batch of \(batch.count) bounds, last match \(groups.match)")
                                }
                                if matches.count == RegexPattern.maximumBatchMatches { fullBatches += 1 }
                                for match in matches where stopAt.map({ batched.count < $0 }) ?? true { batched.append(match) }
                                didStop = stopAt.map { batched.count >= $0 } ?? false
                                return !didStop
                            }
                        }
                        if batchesAfterStop > 0 { failures.append("\(pattern): \(batchesAfterStop) batches after the body stopped the walk") }
                        if walkedOneByOne != walkedInBatches {
                            failures.append("\(pattern), \(words) words: walked one by one \(walkedOneByOne), in batches \(walkedInBatches)")
                        }
                        if !walkedInBatches {
                            // A walk that gave up midway (after some matches) or was not taken.
                            if !batched.isEmpty { walksGivenUp += 1 }
                            continue
                        }
                        if stopAt != nil { stopped += 1 }
                        let wanted = stopAt.map { Array(expected.prefix($0)) } ?? expected
                        if batched != wanted || oneByOne != wanted {
                            let first = zip(batched, wanted).enumerated().first { $1.0 != $1.1 }?.offset ?? min(batched.count, wanted.count)
                            failures.append(
                                "\(pattern) \(options.rawValue), \(words) words, stop at \(String(describing: stopAt)): "
                                    + "\(batched.count) matches in batches, \(oneByOne.count) one by one, ICU \(wanted.count); "
                                    + "first difference at \(first)")
                        }
                    }
                }
            }
            for failure in failures.prefix(20) { Issue.record(Comment(rawValue: failure)) }
            #expect(failures.isEmpty, "\(failures.count) failures")
            #expect(fullBatches >= 100, "\(fullBatches) batches of \(RegexPattern.maximumBatchMatches) matches")
            #expect(walksGivenUp >= 3, "\(walksGivenUp) walks given up after some matches")
            #expect(stopped >= 100, "\(stopped) walks stopped by the body")
        }

        @Test("results arrays made a batch at a time, and counts, are NSRegularExpression's and ICU's alone")
        func resultsArraysAcrossBatchesReadAsFoundations() throws {
            var random = SplitMix64(seed: Self.seed ^ 1)
            var failures: [String] = []
            var compared = 0
            var longResults = 0
            var walked = 0
            let long = Self.text(&random, words: 12_000, nonASCIIShare: 0)
            for (pattern, options) in Self.patterns {
                let ours = try ICURegularExpression(pattern: pattern, options: options)
                let foundation = try NSRegularExpression(pattern: pattern, options: options)
                let icu = try RegexPattern(pattern, options: Self.compileOptions(options), limits: .default, usesSearchPlan: false)
                let probe = try RegexPattern(pattern, options: Self.compileOptions(options))
                for (index, words) in ([12_000] + Self.wordCounts + Self.wordCounts).enumerated() {
                    // The long text first, so that the short texts after it take the walk.
                    var text = index == 0 ? long : Self.text(&random, words: words, nonASCIIShare: random.element(of: Self.nonASCIIShares))
                    if options.contains(.caseInsensitive) && random.chance(0.5) { text += "ß and more words" }
                    let length = text.utf16.count
                    // The whole text, or a range that starts (and maybe ends) inside it on a
                    // scalar: a few words in.
                    var range = NSRange(location: 0, length: length)
                    if index > Self.wordCounts.count || random.chance(0.3) {
                        var boundaries = text.unicodeScalars.indices.map { $0.utf16Offset(in: text) }
                        boundaries.append(length)
                        let lower = boundaries[random.number(in: 0..<min(boundaries.count, 12))]
                        let upper = random.chance(0.5) ? length : boundaries.filter { $0 >= lower }.last { _ in random.chance(0.1) } ?? length
                        range = NSRange(location: lower, length: upper - lower)
                    }
                    let mine = ours.matches(in: text, range: range)
                    // Whether the walk takes the range, asked of a pattern worked out as the
                    // expression's is: by a search of the long text's UTF-16.
                    if index == 0 { _ = Array(text.utf16).withUnsafeBufferPointer { buffer -> Int in Array(probe.matches(inUTF16: buffer)).count } }
                    let rangeBytes = Array(text.utf16[text.utf16.index(text.startIndex, offsetBy: range.location)..<text.utf16.index(text.startIndex, offsetBy: range.location + range.length)])
                    let walks = String(decoding: rangeBytes, as: UTF16.self).utf8.withContiguousStorageIfAvailable { buffer in
                        buffer.isEmpty ? false : probe.walkMatches(inUTF8: buffer.baseAddress!, count: buffer.count, findsGroups: true, firstMatchOnly: false) { _, _ in true }
                    } ?? false
                    if walks && !mine.isEmpty { walked += 1 }
                    let theirs = foundation.matches(in: text, range: range)
                    compared += 1
                    if index == 0 { longResults += mine.count }
                    let units = Array(text.utf16)[range.location..<(range.location + range.length)]
                    let alone = Array(units).withUnsafeBufferPointer { icu.matches(inUTF16: $0).map(\.range) }
                        .map { NSRange(location: range.location + $0.lowerBound, length: $0.count) }
                    let (mineDescribed, theirsDescribed) = (mine.map(Self.describe), theirs.map(Self.describe))
                    if mineDescribed != theirsDescribed || mine.map(\.range) != alone
                        || mine.contains(where: { $0.icuRegularExpression !== ours })
                    {
                        let first = zip(mineDescribed, theirsDescribed).enumerated().first { $1.0 != $1.1 }?.offset ?? min(mine.count, theirs.count)
                        failures.append(
                            "\(pattern) \(options.rawValue), \(words) words, range \(range): \(mine.count) results, "
                                + "Foundation \(theirs.count), ICU \(alone.count); first difference at \(first): "
                                + "ours \(first < mine.count ? mineDescribed[first] : "none"), "
                                + "Foundation \(first < theirs.count ? theirsDescribed[first] : "none")")
                    }
                    // The count, through the same walk's batches.
                    let countMine = ours.numberOfMatches(in: text, range: range)
                    let countTheirs = foundation.numberOfMatches(in: text, range: range)
                    if countMine != countTheirs {
                        failures.append("\(pattern), \(words) words, range \(range): \(countMine) matches counted, Foundation \(countTheirs)")
                    }
                    // The first match, through the same walk for one match.
                    let firstMine = ours.firstMatch(in: text, range: range).map(Self.describe)
                    let firstTheirs = foundation.firstMatch(in: text, range: range).map(Self.describe)
                    let rangeMine = ours.rangeOfFirstMatch(in: text, range: range)
                    let rangeTheirs = foundation.rangeOfFirstMatch(in: text, range: range)
                    if firstMine != firstTheirs || rangeMine != rangeTheirs {
                        failures.append(
                            "\(pattern), \(words) words, range \(range): first match \(String(describing: firstMine)) "
                                + "\(rangeMine), Foundation \(String(describing: firstTheirs)) \(rangeTheirs)")
                    }
                }
            }
            for failure in failures.prefix(20) { Issue.record(Comment(rawValue: failure)) }
            #expect(failures.isEmpty, "\(failures.count) of \(compared) results arrays differ")
            #expect(longResults > 100_000, "\(longResults) results on the long texts")
            #expect(walked >= 400, "\(walked) results arrays of the walk")
        }
    }
}
