// All matches: every match of a pattern in The Adventures of Sherlock Holmes (about 600 KB, see
// AllMatchesText), found in one call or one walk, for a pattern with a match in nearly every
// word (`\b\w+\b`), one with groups and a few matches (`(\w+)@(\w+)\.com`), and a literal
// (`Holmes`); the replacement of every match with `<$0>`; and ICURegex's walk over the text
// repeated to 10 MB and 100 MB, to show that a walk takes time linear in the length.
//
// Peers: Foundation's NSRegularExpression (the reference), ICURegexFoundation's
// ICURegularExpression (the same API), ICURegex's own sequence of matches (on a String, and on
// UTF-16), ICU's findNext loop from C (the floor) and Swift's Regex.

import Benchmark
import BenchmarkSupport
import Foundation
import ICURegex
import ICURegexFoundation

/// The peers' names, as the results show them after the suite and the case.
enum AllMatchesPeer: String {
    case foundationMatches = "Foundation NSRegularExpression.matches(in:)"
    case foundationCount = "Foundation NSRegularExpression.numberOfMatches(in:)"
    case icuMatches = "ICURegularExpression.matches(in:)"
    case icuCount = "ICURegularExpression.numberOfMatches(in:)"
    case native = "ICURegex RegexPattern.matches(in:)"
    case nativeUTF16 = "ICURegex RegexPattern.matches(inUTF16:)"
    case rawICU = "raw ICU (C) findNext loop"
    case swiftRegex = "Swift Regex matches(of:)"
    case foundationReplace = "Foundation NSRegularExpression.stringByReplacingMatches"
    case icuReplace = "ICURegularExpression.stringByReplacingMatches"
    case nativeReplace = "ICURegex RegexPattern.replacing(in:withTemplate:)"
    case rawICUReplace = "raw ICU (C) uregex_replaceAll"
}

/// A value computed once, on first use, by whichever setup asks first (setups run one after
/// another).
final class Once<Value>: @unchecked Sendable {
    private let make: () -> Value
    private lazy var value: Value = make()

    init(_ make: @escaping () -> Value) {
        self.make = make
    }

    var get: Value { value }
}

/// One pattern whose matches are all found.
struct AllMatchesCase {
    let name: String
    let pattern: String
    /// The group whose range each peer reads beside the whole match's (0: none).
    let group: Int
    /// Swift's Regex, walked with `matches(of:)`, reading the same ranges; returns the count.
    let swiftRegex: (String) -> Int
}

// Swift's Regex for each pattern, with ICU's default word boundaries (`\b` between a word
// character and another character; Swift's default is Unicode's word boundaries, which find no
// `\b` inside "don't"). Swift matches grapheme clusters, not code points, which gives the same
// matches on this text (checked before measuring). The cases are made inside the benchmarks'
// closure, since a Regex is not Sendable.
func makeAllMatchesCases() -> [AllMatchesCase] {
    let wordsRegex = #/\b\w+\b/#.wordBoundaryKind(.simple)
    let addressRegex = #/(\w+)@(\w+)\.com/#
    let holmesRegex = #/Holmes/#
    return [
        AllMatchesCase(name: "words", pattern: #"\b\w+\b"#, group: 0) { string in
            var count = 0
            for match in string.matches(of: wordsRegex) {
                blackHole(match.range)
                count += 1
            }
            return count
        },
        AllMatchesCase(name: "e-mail", pattern: #"(\w+)@(\w+)\.com"#, group: 1) { string in
            var count = 0
            for match in string.matches(of: addressRegex) {
                blackHole(match.range)
                blackHole(match.output.1.startIndex..<match.output.1.endIndex)
                count += 1
            }
            return count
        },
        AllMatchesCase(name: "Holmes", pattern: "Holmes", group: 0) { string in
            var count = 0
            for match in string.matches(of: holmesRegex) {
                blackHole(match.range)
                count += 1
            }
            return count
        },
    ]
}

/// The cases whose matches are replaced with `<$0>` (the same template in Foundation's syntax
/// and ICU's).
let replacedCases = ["words", "Holmes"]
let replacementTemplate = "<$0>"

/// The size of the largest repeated text, in megabytes (10^6 bytes), as in LargeInputs.
let largeMegabytes = ProcessInfo.processInfo.environment["ICUGREP_BENCH_LARGE_MB"].flatMap { Int($0) } ?? 100

/// The cases walked over the text repeated to 10 MB and to `largeMegabytes`.
let walkedCases = ["words", "Holmes"]

/// The repeated texts, each built on first use and shared by the cases (the copies are
/// counted so that the expected number of matches is the book's times the copies: a match
/// never spans two copies, since the book ends with a line end).
let largeTexts = Set([10, largeMegabytes]).sorted().map { megabytes in
    let text = Once { AllMatchesText.repeated(toAtLeast: megabytes) }
    // The same text's UTF-16, for the peers that search a buffer; never freed.
    let utf16 = Once { () -> UnsafeBufferPointer<UInt16> in
        let string = text.get.text
        let units = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: string.utf16.count)
        _ = units.initialize(from: string.utf16)
        return UnsafeBufferPointer(units)
    }
    return (megabytes, text, utf16)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        // Microseconds throughout: the times range from 70 µs to seconds, and in milliseconds
        // the short ones would be rounded to a few digits.
        timeUnits: .microseconds,
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 30
    )

    for testCase in makeAllMatchesCases() {
        let foundation = try! NSRegularExpression(pattern: testCase.pattern)
        let icu = try! ICURegularExpression(pattern: testCase.pattern)
        let compiled = try! RegexPattern(testCase.pattern)
        let rawICU = RawICURegex(testCase.pattern)
        let group = testCase.group

        // Foundation's count, which every peer must reach; made once, by the first setup.
        let reference = Once {
            let haystack = AllMatchesText.haystack
            return foundation.numberOfMatches(in: haystack.string, range: NSRange(location: 0, length: haystack.count))
        }

        let peers: [(AllMatchesPeer, () -> Int)] = [
            (.foundationMatches, {
                let haystack = AllMatchesText.haystack
                let results = foundation.matches(in: haystack.string, range: NSRange(location: 0, length: haystack.count))
                for result in results {
                    blackHole(result.range)
                    if group != 0 { blackHole(result.range(at: group)) }
                }
                return results.count
            }),
            (.foundationCount, {
                let haystack = AllMatchesText.haystack
                return foundation.numberOfMatches(in: haystack.string, range: NSRange(location: 0, length: haystack.count))
            }),
            (.icuMatches, {
                let haystack = AllMatchesText.haystack
                let results = icu.matches(in: haystack.string, range: NSRange(location: 0, length: haystack.count))
                for result in results {
                    blackHole(result.range)
                    if group != 0 { blackHole(result.range(at: group)) }
                }
                return results.count
            }),
            (.icuCount, {
                let haystack = AllMatchesText.haystack
                return icu.numberOfMatches(in: haystack.string, range: NSRange(location: 0, length: haystack.count))
            }),
            (.native, {
                var count = 0
                for match in compiled.matches(in: AllMatchesText.haystack.string) {
                    blackHole(match.range)
                    if group != 0 { blackHole(match.range(at: group)) }
                    count += 1
                }
                return count
            }),
            (.nativeUTF16, {
                var count = 0
                for match in compiled.matches(inUTF16: AllMatchesText.haystack.utf16) {
                    blackHole(match.range)
                    if group != 0 { blackHole(match.range(at: group)) }
                    count += 1
                }
                return count
            }),
            (.rawICU, {
                var checksum: Int64 = 0
                let count = rawICU.countMatches(in: AllMatchesText.haystack.utf16, group: group, checksum: &checksum)
                blackHole(checksum)
                return count
            }),
            (.swiftRegex, { testCase.swiftRegex(AllMatchesText.haystack.string) }),
        ]

        for (peer, count) in peers {
            Benchmark("AllMatches: \(testCase.name) / \(peer.rawValue)") { benchmark in
                blackHole(count())
            } setup: {
                let expected = reference.get
                // A pattern that matched nothing would make every check pass on zero.
                precondition(
                    expected > 0 || !AllMatchesText.isBook,
                    "NSRegularExpression found no match of \(testCase.pattern) in the book")
                let found = count()
                precondition(
                    found == expected,
                    "\(peer.rawValue) found \(found) matches of \(testCase.pattern), NSRegularExpression \(expected)")
            }
        }

        if replacedCases.contains(testCase.name) {
            addReplacements(testCase, foundation: foundation, icu: icu, compiled: compiled, rawICU: rawICU)
        }

        // The walk over the text repeated, at 10 MB and at the large size: time per megabyte
        // should stay the same.
        guard walkedCases.contains(testCase.name) else { continue }
        for (megabytes, large, largeUTF16) in largeTexts {
            let configuration = Benchmark.Configuration(
                metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 1,
                maxDuration: .seconds(20), maxIterations: 5)
            // ICURegex on the String (transcoding and string indices included), and, to tell
            // where the time goes, ICURegex and raw ICU on the text's UTF-16 made beforehand.
            let walks: [(AllMatchesPeer, () -> Int)] = [
                (.native, {
                    var count = 0
                    for match in compiled.matches(in: large.get.text) {
                        blackHole(match.range)
                        count += 1
                    }
                    return count
                }),
                (.nativeUTF16, {
                    var count = 0
                    for match in compiled.matches(inUTF16: largeUTF16.get) {
                        blackHole(match.range)
                        count += 1
                    }
                    return count
                }),
                (.rawICU, {
                    var checksum: Int64 = 0
                    let count = rawICU.countMatches(in: largeUTF16.get, checksum: &checksum)
                    blackHole(checksum)
                    return count
                }),
            ]
            for (peer, walk) in walks {
                Benchmark("AllMatches: walk \(testCase.name) \(megabytes) MB / \(peer.rawValue)", configuration: configuration) {
                    benchmark in
                    blackHole(walk())
                } setup: {
                    let expected = reference.get * large.get.copies
                    let found = walk()
                    precondition(
                        found == expected,
                        "\(peer.rawValue) found \(found) matches of \(testCase.pattern) in \(large.get.copies) copies, expected \(expected)")
                }
            }
        }
    }
}

/// The replacement of every match of `testCase` with ``replacementTemplate``, by each peer.
func addReplacements(
    _ testCase: AllMatchesCase, foundation: NSRegularExpression, icu: ICURegularExpression, compiled: RegexPattern,
    rawICU: RawICURegex
) {
    let templateUnits = Array(replacementTemplate.utf16)
    // Room for the longest possible result: every unit a match of one unit, each then three.
    let destination = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: 3 * AllMatchesText.haystack.count + 16)
    // Foundation's result, which every peer must give; made once, by the first setup.
    let replaced = Once {
        let haystack = AllMatchesText.haystack
        return foundation.stringByReplacingMatches(
            in: haystack.string, range: NSRange(location: 0, length: haystack.count), withTemplate: replacementTemplate)
    }
    let replacements: [(AllMatchesPeer, (Bool) -> String?)] = [
        (.foundationReplace, { _ in
            let haystack = AllMatchesText.haystack
            return foundation.stringByReplacingMatches(
                in: haystack.string, range: NSRange(location: 0, length: haystack.count),
                withTemplate: replacementTemplate)
        }),
        (.icuReplace, { _ in
            let haystack = AllMatchesText.haystack
            return icu.stringByReplacingMatches(
                in: haystack.string, range: NSRange(location: 0, length: haystack.count),
                withTemplate: replacementTemplate)
        }),
        (.nativeReplace, { _ in
            try! compiled.replacing(in: AllMatchesText.haystack.string, withTemplate: replacementTemplate)
        }),
        // ICU writes UTF-16 into a buffer made once; a String of it is made only to check.
        (.rawICUReplace, { check in
            let length = rawICU.replaceAll(in: AllMatchesText.haystack.utf16, template: templateUnits, into: destination)
            guard check else {
                blackHole(destination[0])
                return nil
            }
            return String(decoding: UnsafeBufferPointer(rebasing: destination[..<length]), as: UTF16.self)
        }),
    ]
    for (peer, replace) in replacements {
        Benchmark("AllMatches: replace \(testCase.name) / \(peer.rawValue)") { benchmark in
            blackHole(replace(false))
        } setup: {
            let expected = replaced.get
            let found = replace(true)
            precondition(
                found == expected,
                "\(peer.rawValue) replaced the matches of \(testCase.pattern) differently from NSRegularExpression")
        }
    }
}
