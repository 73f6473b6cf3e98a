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

/// One workload: a pattern, its options, and the text it searches; for a pattern with
/// groups, the group whose bounds ICU's loop reads beside the match's (ICURegex's walk gives
/// every group of every match).
struct Workload {
    let name: String
    let pattern: String
    let caseInsensitive: Bool
    let text: Haystack
    var group = 0
}

/// About a megabyte of generated log lines (`2026-03-07 WARN cache 4711 evicted after 93 ms`),
/// from a fixed seed, for the capture-group workloads.
let logText: Haystack = {
    var state: UInt64 = 0x4C4F_4753
    func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
    let levels = ["INFO", "INFO", "INFO", "WARN", "DEBUG", "ERROR"]
    let subjects = ["cache", "request", "worker", "session", "índice", "задача"]
    let verbs = ["evicted", "served", "started", "failed", "retried"]
    var lines: [String] = []
    var units = 0
    while units < 1_000_000 {
        let date = "20\(10 + next(17))-" + String(format: "%02d-%02d", 1 + next(12), 1 + next(28))
        let line = "\(date) \(levels[next(levels.count)]) \(subjects[next(subjects.count)]) \(next(10_000)) "
            + "\(verbs[next(verbs.count)]) after \(next(1000)) ms\n"
        lines.append(line)
        units += line.utf16.count
    }
    return Haystack(lines.joined())
}()

/// About a megabyte of generated program text (identifiers, numbers, operators), for the
/// lexer workload.
let codeText: Haystack = {
    var state: UInt64 = 0x4C45_5845
    func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
    let names = ["count", "index", "total_sum", "x", "buffer2", "next", "value", "résumé"]
    let operators = ["=", "+", "-", "*", "(", ")", "/"]
    var lines: [String] = []
    var units = 0
    while units < 1_000_000 {
        var line = ""
        for _ in 0..<(3 + next(6)) {
            line += next(3) == 0 ? String(next(100_000)) : names[next(names.count)]
            line += " " + operators[next(operators.count)] + " "
        }
        line += "1;\n"
        lines.append(line)
        units += line.utf16.count
    }
    return Haystack(lines.joined())
}()

/// The capture-group workloads: their patterns, the text each searches, the group ICU reads,
/// and the template of the replacement workloads.
let logPattern = #"(\d{4})-(\d{2})-(\d{2}) (\w+) (.*)"#
let lexerPattern = #"([A-Za-z_]\w*)|(\d+)|([-+*/=();])"#

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
    // Capture groups: every match with its groups.
    workloads += [
        Workload(name: "groups: log line fields", pattern: logPattern, caseInsensitive: false, text: logText, group: 5),
        Workload(name: "groups: lexer", pattern: lexerPattern, caseInsensitive: false, text: codeText, group: 3),
        Workload(name: "groups: (\\w+)olmes", pattern: #"(\w+)olmes"#, caseInsensitive: false, text: englishText, group: 1),
        Workload(name: "groups: (\\w+) (\\w+)", pattern: #"(\w+) (\w+)"#, caseInsensitive: false, text: englishText, group: 2),
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
            let count = rawICU.countMatches(in: text.utf16, group: workload.group, checksum: &checksum)
            blackHole(checksum)
            return count
        }
        let nativeCount = {
            var count = 0
            for match in compiled.matches(inUTF16: text.utf16) {
                blackHole(match.range)
                if workload.group > 0 { blackHole(match.groupRanges[workload.group - 1]) }
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
    addReplacements()
}

/// `replacing` with `$1` (or the fields of a log line reordered): ICURegex's
/// `RegexPattern.replacing(in:withTemplate:)` on a `String` beside ICU's `uregex_replaceAll`
/// from C on the same UTF-16; each must give the same text.
func addReplacements() {
    let cases: [(name: String, pattern: String, template: String, text: Haystack)] = [
        ("(\\w+)olmes -> $1", #"(\w+)olmes"#, "$1", englishText),
        ("log date -> $3/$2/$1", #"(\d{4})-(\d{2})-(\d{2})"#, "$3/$2/$1", logText),
        ("log line -> $4: $5", logPattern, "$4: $5", logText),
    ]
    for replacement in cases {
        let compiled = try! RegexPattern(replacement.pattern)
        let rawICU = RawICURegex(replacement.pattern)
        let templateUnits = Array(replacement.template.utf16)
        let text = replacement.text
        let destination = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: 2 * text.count + 16)
        let rawReplace = { (check: Bool) -> String? in
            let length = rawICU.replaceAll(in: text.utf16, template: templateUnits, into: destination)
            guard check else {
                blackHole(destination[0])
                return nil
            }
            return String(decoding: UnsafeBufferPointer(rebasing: destination[..<length]), as: UTF16.self)
        }
        Benchmark("Workloads: replace \(replacement.name) / raw ICU (C) uregex_replaceAll") { _ in
            blackHole(rawReplace(false))
        }
        Benchmark("Workloads: replace \(replacement.name) / ICURegex RegexPattern.replacing(in:withTemplate:)") { _ in
            blackHole(try! compiled.replacing(in: text.string, withTemplate: replacement.template))
        } setup: {
            let found = try! compiled.replacing(in: text.string, withTemplate: replacement.template)
            precondition(found == rawReplace(true), "\(replacement.name): ICURegex replaced differently from raw ICU")
        }
    }
}
