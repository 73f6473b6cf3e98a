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
// With `ICUGREP_REBAR` naming a checkout of rebar (github.com/BurntSushi/rebar), rebar's own
// curated benchmarks that its ICU runner runs are added (RebarCurated.swift).
//
// Run: `swift package benchmark --target Workloads` (in Benchmarks/); the geometric mean of
// the ratios is worked out from the medians (see results/workloads.md).

import Benchmark
import BenchmarkSupport
import Foundation
import ICURegex
import ICURegexFoundation

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
    addRebarBenchmarks()
}

/// rebar's curated benchmarks (RebarCurated.swift), when `$ICUGREP_REBAR` names a checkout of
/// rebar: each model through raw ICU as rebar's ICU runner computes it and through each API.
/// Each API's count is checked before it is measured: raw ICU's against rebar's expected count,
/// the others' against raw ICU's (`RegexMatcher`'s, which has no groups, against the number of
/// matches).
func addRebarBenchmarks() {
    for benchmark in RebarCurated.benchmarks() {
        let runner = RebarRunner(benchmark)
        let name = "Workloads: rebar \(benchmark.name)"
        let repetitions = benchmark.repetitions
        func repeated(_ count: @escaping () -> Int) -> () -> Int {
            {
                var total = 0
                for _ in 0..<repetitions { total &+= count() }
                return total
            }
        }
        let raw = repeated(runner.rawICUCount)
        let matches = repeated(runner.matchesCount)
        let matcher = repeated(runner.matcherCount)
        let expression = repeated(runner.expressionCount)
        Benchmark("\(name) / raw ICU (C) rebar's ICU runner") { _ in
            blackHole(raw())
        } setup: {
            let found = runner.rawICUCount()
            precondition(found == benchmark.expected, "\(benchmark.name): raw ICU counted \(found), rebar expects \(benchmark.expected)")
        }
        Benchmark("\(name) / ICURegex RegexPattern.matches(inUTF16:range:)") { _ in
            blackHole(matches())
        } setup: {
            precondition(runner.matchesCount() == runner.rawICUCount(), "\(benchmark.name): matches(inUTF16:) counted differently")
        }
        Benchmark("\(name) / ICURegex RegexMatcher.firstMatch(inUTF16:from:) loop") { _ in
            blackHole(matcher())
        } setup: {
            precondition(runner.matcherCount() == runner.matcherExpected(), "\(benchmark.name): RegexMatcher counted differently")
        }
        Benchmark("\(name) / ICURegularExpression") { _ in
            blackHole(expression())
        } setup: {
            precondition(runner.expressionCount() == runner.rawICUCount(), "\(benchmark.name): ICURegularExpression counted differently")
        }
    }
}

/// `replacing` with `$1` (or the fields of a log line reordered): ICURegex's
/// `RegexPattern.replacing(in:withTemplate:)` on a `String` beside ICU's `uregex_replaceAll`
/// from C on the same UTF-16; each must give the same text.
func addReplacements() {
    for replacement in replacementWorkloads {
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
