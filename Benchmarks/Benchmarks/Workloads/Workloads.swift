// Workloads: rebar-style searches that count every match of a pattern in a text of about a
// megabyte, through each of ICURegex's ways to find every match (the walk
// `RegexPattern.matches(inUTF16:)`, a loop of `RegexMatcher.firstMatch(inUTF16:from:)`, and
// ICURegexFoundation's `ICURegularExpression.numberOfMatches(in:range:)` on a `String`) beside
// ICU's own `findNext` loop from C on the same UTF-16, so that the ratio of each to ICU is what
// ICURegex adds or saves.
// The texts are the shared corpora's OpenSubtitles samples (English, Russian, Chinese); the
// cases are rebar's curated kinds: literals, case-insensitive literals, alternations of
// names, words, long words, bounded repeats, Unicode classes, a date-like pattern, a
// dictionary of 2,000 words, and a pattern that is quadratic for a naive search.
//
// Run: `swift package benchmark --target Workloads` (in Benchmarks/); the geometric mean of
// the ratios is worked out from the medians (see results/workloads.md).

import Benchmark
import BenchmarkSupport
import Foundation
import ICURegex
import ICURegexFoundation

/// One workload: a pattern, its options, and the text it searches.
struct Workload {
    let name: String
    let pattern: String
    let caseInsensitive: Bool
    let text: Haystack
}

/// The texts, made once: each sample cut to whole lines of at most a megabyte.
let englishText = Haystack(Corpus.prefix(of: Corpus.english, lineAlignedToAtMost: 1_000_000))
let russianText = Corpus.load("ru-sampled.txt").map { Haystack(Corpus.prefix(of: $0, lineAlignedToAtMost: 1_000_000)) }
let chineseText = Corpus.load("zh-sampled.txt").map { Haystack(Corpus.prefix(of: $0, lineAlignedToAtMost: 1_000_000)) }

/// 2,000 distinct words of the English text, of at least four letters, in the order they
/// first occur (a fixed choice, so that runs compare).
let dictionaryWords: [String] = {
    var seen = Set<String>()
    var words: [String] = []
    for word in englishText.string.split(whereSeparator: { !$0.isLetter }) where word.count >= 4 {
        let word = String(word)
        if seen.insert(word).inserted {
            words.append(word)
            if words.count == 2_000 { break }
        }
    }
    return words
}()

func makeWorkloads() -> [Workload] {
    var workloads = [
        Workload(name: "literal", pattern: "Sherlock Holmes", caseInsensitive: false, text: englishText),
        Workload(name: "literal -i", pattern: "Sherlock Holmes", caseInsensitive: true, text: englishText),
        Workload(
            name: "five names", pattern: "Sherlock Holmes|John Watson|Irene Adler|Inspector Lestrade|Professor Moriarty",
            caseInsensitive: false, text: englishText),
        Workload(name: "all words", pattern: #"\b\w+\b"#, caseInsensitive: false, text: englishText),
        Workload(name: "long words", pattern: #"\b\w{12,}\b"#, caseInsensitive: false, text: englishText),
        Workload(name: "bounded repeat", pattern: "[A-Za-z]{8,13}", caseInsensitive: false, text: englishText),
        Workload(name: "capitalized words", pattern: #"\p{Lu}\p{Ll}+"#, caseInsensitive: false, text: englishText),
        Workload(name: "date", pattern: #"[0-9]{1,4}[-/.:][0-9]{1,2}([-/.:][0-9]{1,4})?"#, caseInsensitive: false, text: englishText),
        Workload(
            name: "dictionary of 2,000 words", pattern: #"\b(?:"# + dictionaryWords.joined(separator: "|") + #")\b"#,
            caseInsensitive: false, text: englishText),
        Workload(name: "quadratic", pattern: "[a-q][^u-z]{13}x", caseInsensitive: false, text: englishText),
    ]
    if let russianText {
        workloads.append(Workload(name: "Russian literal", pattern: "Шерлок Холмс", caseInsensitive: false, text: russianText))
        workloads.append(Workload(name: "Russian capitalized words", pattern: #"\p{Lu}\p{Ll}+"#, caseInsensitive: false, text: russianText))
    }
    if let chineseText {
        workloads.append(Workload(name: "Chinese literal", pattern: "夏洛克·福尔摩斯", caseInsensitive: false, text: chineseText))
    }
    return workloads
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 20
    )
    for workload in makeWorkloads() {
        let options: RegexPattern.Options = workload.caseInsensitive ? [.caseInsensitive] : []
        let compiled = try! RegexPattern(workload.pattern, options: options)
        let rawICU = RawICURegex(workload.pattern, caseInsensitive: workload.caseInsensitive)
        let text = workload.text
        let icuCount = {
            var checksum: Int64 = 0
            let count = rawICU.countMatches(in: text.utf16, checksum: &checksum)
            blackHole(checksum)
            return count
        }
        let nativeCount = {
            var count = 0
            for match in compiled.matches(inUTF16: text.utf16) {
                blackHole(match.range)
                count += 1
            }
            return count
        }
        // A loop of single searches from where the previous match ended (one code point on
        // after an empty match), as a caller of `RegexMatcher` finds every match.
        let matcherCount = {
            let matcher = try! compiled.makeMatcher()
            let units = text.utf16
            var count = 0
            var from = 0
            while from <= units.count, let match = try! matcher.firstMatch(inUTF16: units, from: from) {
                blackHole(match)
                count += 1
                from = match.upperBound
                if match.isEmpty {
                    from += from + 1 < units.count && UTF16.isLeadSurrogate(units[from]) && UTF16.isTrailSurrogate(units[from + 1]) ? 2 : 1
                }
            }
            return count
        }
        let expression = try! ICURegularExpression(
            pattern: workload.pattern, options: workload.caseInsensitive ? [.caseInsensitive] : [])
        let expressionCount = {
            expression.numberOfMatches(in: text.string, range: NSRange(location: 0, length: text.count))
        }
        Benchmark("Workloads: \(workload.name) / raw ICU (C) findNext loop") { _ in
            blackHole(icuCount())
        }
        Benchmark("Workloads: \(workload.name) / ICURegex RegexPattern.matches(inUTF16:)") { _ in
            blackHole(nativeCount())
        } setup: {
            let expected = icuCount()
            let found = nativeCount()
            precondition(found == expected, "\(workload.name): ICURegex found \(found) matches, raw ICU \(expected)")
        }
        Benchmark("Workloads: \(workload.name) / ICURegex RegexMatcher.firstMatch(inUTF16:from:) loop") { _ in
            blackHole(matcherCount())
        } setup: {
            let expected = icuCount()
            let found = matcherCount()
            precondition(found == expected, "\(workload.name): RegexMatcher found \(found) matches, raw ICU \(expected)")
        }
        Benchmark("Workloads: \(workload.name) / ICURegularExpression.numberOfMatches(in:)") { _ in
            blackHole(expressionCount())
        } setup: {
            let expected = icuCount()
            let found = expressionCount()
            precondition(found == expected, "\(workload.name): ICURegularExpression found \(found) matches, raw ICU \(expected)")
        }
    }
}
