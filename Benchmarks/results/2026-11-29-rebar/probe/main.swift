// The probe: each case through raw ICU from C and through each ICURegex API, in one process,
// interleaved, in CPU time. Each figure is the median of `samples` calls; each case runs
// `rounds` rounds (round 0 is a warm-up that the summary leaves out). Every API's count is
// checked against raw ICU's (and raw ICU's against rebar's expected count) before timing.
// Usage: Probe [FILTER,...]  (cases whose name contains one of the FILTERs). ICUGREP_REBAR names rebar's checkout.
import BenchmarkSupport
import Foundation
import ICURegex
import ICURegexFoundation
import RawICU

@inline(never) func blackHole<T>(_ x: T) { withExtendedLifetime(x) {} }

/// The cases to run: those whose name contains one of the comma-separated arguments' parts.
let filters = CommandLine.arguments.dropFirst().flatMap { $0.split(separator: ",").map(String.init) }
func selected(_ name: String) -> Bool { filters.isEmpty || filters.contains { name.contains($0) } }
let samples = 7
let rounds = 3

func cpuNow() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

/// The median CPU time in ms of `samples` calls of `f` (3 when a call takes over 50 ms), and
/// its last result.
func time(_ f: () -> Int) -> (Double, Int) {
    var times: [Double] = []
    var result = 0
    var samples = samples
    for sample in 0..<samples {
        if sample == 1 && times[0] > 50 { samples = 3 }
        if sample >= samples { break }
        let start = cpuNow()
        result = f()
        times.append(cpuNow() - start)
    }
    times.sort()
    return (times[samples / 2], result)
}

/// With `PROBE_ONLY=API` in the environment, only that API is called (no raw ICU, no
/// checks), for `PROBE_SECONDS` seconds of CPU time (default 5) per case: for `perf record`.
let onlyAPI = ProcessInfo.processInfo.environment["PROBE_ONLY"]
let onlySeconds = Double(ProcessInfo.processInfo.environment["PROBE_SECONDS"] ?? "") ?? 5

/// Times raw ICU and each API of one case, `rounds` times, and prints a line per round.
func run(_ name: String, raw: () -> Int, apis: [(String, () -> Int, Int)]) {
    if let onlyAPI {
        let f = onlyAPI == "rawICU" ? raw : apis.first { $0.0 == onlyAPI }?.1
        guard let f else { return print("\(name): no API \(onlyAPI)") }
        let start = cpuNow()
        var calls = 0
        while cpuNow() - start < onlySeconds * 1e3 { blackHole(f()); calls += 1 }
        return print(String(format: "%@ %@: %.3f ms a call (%d calls)", name, onlyAPI, (cpuNow() - start) / Double(calls), calls))
    }
    let expected = raw()
    for (api, f, apiExpected) in apis {
        let found = f()
        if found != apiExpected { print("MISMATCH \(name) / \(api): \(found), expected \(apiExpected) (raw ICU \(expected))") }
    }
    for round in 0..<rounds {
        let (r, _) = time(raw)
        var line = String(format: "%@ r%d: rawICU %.3f ms", name, round, r)
        for (api, f, _) in apis {
            let (t, _) = time(f)
            line += String(format: " | %@ %.3f ms (%.2fx)", api, t, t / r)
        }
        print(line)
    }
}

// 1. The Workloads suite's cases: every match, reading the suite's group.
for workload in makeWorkloads() where selected("workload " + workload.name) {
    let compiled = try! RegexPattern(workload.pattern, options: workload.caseInsensitive ? [.caseInsensitive] : [])
    let rawICU = RawICURegex(workload.pattern, caseInsensitive: workload.caseInsensitive)
    let text = workload.text
    let expression = try! ICURegularExpression(
        pattern: workload.pattern, options: workload.caseInsensitive ? [.caseInsensitive] : [])
    let raw = {
        var checksum: Int64 = 0
        let count = rawICU.countMatches(in: text.utf16, group: workload.group, checksum: &checksum)
        blackHole(checksum)
        return count
    }
    let matches = {
        var count = 0
        for match in compiled.matches(inUTF16: text.utf16) {
            blackHole(match.range)
            if workload.group > 0 { blackHole(match.groupRanges[workload.group - 1]) }
            count += 1
        }
        return count
    }
    let matcher = {
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
    let numberOfMatches = { expression.numberOfMatches(in: text.string, range: NSRange(location: 0, length: text.count)) }
    let enumerate = {
        var count = 0
        expression.enumerateMatches(in: text.string, range: NSRange(location: 0, length: text.count)) { result, _, _ in
            guard let result else { return }
            if workload.group > 0 { blackHole(result.range(at: workload.group)) }
            count += 1
        }
        return count
    }
    let expected = raw()
    var apis = [("matches", matches, expected), ("RegexMatcher", matcher, expected), ("numberOfMatches", numberOfMatches, expected)]
    if workload.group > 0 { apis.append(("enumerateMatches", enumerate, expected)) }
    run("workload " + workload.name, raw: raw, apis: apis)
}

// 2. rebar's curated benchmarks, each model as rebar's ICU runner computes it.
let rebar = RebarCurated.benchmarks()
if RebarCurated.directory == nil { print("no rebar benchmarks: ICUGREP_REBAR is not a rebar checkout") }
for benchmark in rebar where selected("rebar " + benchmark.name) {
    let runner = RebarRunner(benchmark)
    let found = runner.rawICUCount()
    if found != benchmark.expected { print("REBAR COUNT \(benchmark.name): raw ICU \(found), rebar expects \(benchmark.expected)") }
    let n = benchmark.repetitions
    func repeated(_ f: @escaping () -> Int) -> () -> Int {
        { var total = 0; for _ in 0..<n { total &+= f() }; return total }
    }
    let raw = repeated(runner.rawICUCount)
    let expected = found * n
    let expression: String
    switch benchmark.model {
    case .count: expression = "numberOfMatches"
    case .grep: expression = "firstMatch"
    default: expression = "enumerateMatches"
    }
    var apis = [
        ("matches", repeated(runner.matchesCount), expected),
        ("RegexMatcher", repeated(runner.matcherCount), runner.matcherExpected() * n),
        (expression, repeated(runner.expressionCount), expected),
    ]
    if expression == "enumerateMatches" { apis.append(("resultsArray", repeated(runner.expressionResultsCount), expected)) }
    run("rebar " + benchmark.name, raw: raw, apis: apis)
}

// 3. Replacements: replacing(in:withTemplate:) and ICURegularExpression.stringByReplacingMatches
// beside uregex_replaceAll on the same UTF-16.
for replacement in replacementWorkloads where selected("replace " + replacement.name) {
    let compiled = try! RegexPattern(replacement.pattern)
    let rawICU = RawICURegex(replacement.pattern)
    let expression = try! ICURegularExpression(pattern: replacement.pattern)
    let templateUnits = Array(replacement.template.utf16)
    let text = replacement.text
    let destination = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: 2 * text.count + 16)
    let raw = { rawICU.replaceAll(in: text.utf16, template: templateUnits, into: destination) }
    let replacing = { (try! compiled.replacing(in: text.string, withTemplate: replacement.template)).utf16.count }
    let foundation = {
        expression.stringByReplacingMatches(
            in: text.string, range: NSRange(location: 0, length: text.count), withTemplate: replacement.template
        ).utf16.count
    }
    let expected = raw()
    let rawString = String(decoding: UnsafeBufferPointer(rebasing: destination[..<expected]), as: UTF16.self)
    if (try! compiled.replacing(in: text.string, withTemplate: replacement.template)) != rawString {
        print("MISMATCH replace \(replacement.name): replacing differs from raw ICU")
    }
    // The same calls counting the result's UTF-8 (constant time) instead of its UTF-16 (a pass
    // over a non-ASCII result, which raw ICU's row does not pay).
    let replacingUTF8 = { (try! compiled.replacing(in: text.string, withTemplate: replacement.template)).utf8.count }
    let foundationUTF8 = {
        expression.stringByReplacingMatches(
            in: text.string, range: NSRange(location: 0, length: text.count), withTemplate: replacement.template
        ).utf8.count
    }
    // The floor: only making the `String` of the known result from its UTF-8 and counting its
    // UTF-16 units (the plain rows' count), or its UTF-8 units (the `.utf8` rows'): what every
    // API pays beyond finding the matches and copying the pieces, in a row of its own. Made
    // with `String(decoding:as:)`, which validates the bytes, and without validating them
    // (`String(copying: UTF8Span(unchecked:))`, with the ASCII flag checked), as the library
    // makes a replacement's result: the UTF-16 count alone is then what the API cannot avoid.
    let resultUTF8 = Array(rawString.utf8)
    let floorUTF16 = { String(decoding: resultUTF8, as: UTF8.self).utf16.count }
    let floorUTF8 = { String(decoding: resultUTF8, as: UTF8.self).utf8.count }
    let unchecked = { () -> String in
        resultUTF8.withUnsafeBufferPointer { bytes in
            var utf8 = UTF8Span(unchecked: bytes.span)
            _ = utf8.checkForASCII()
            return String(copying: utf8)
        }
    }
    let floorUncheckedUTF16 = { unchecked().utf16.count }
    let floorUncheckedUTF8 = { unchecked().utf8.count }
    run(
        "floor " + replacement.name, raw: raw,
        apis: [
            ("makeString.utf16", floorUTF16, expected), ("makeString.utf8", floorUTF8, rawString.utf8.count),
            ("makeStringUnchecked.utf16", floorUncheckedUTF16, expected),
            ("makeStringUnchecked.utf8", floorUncheckedUTF8, rawString.utf8.count),
        ])
    run(
        "replace " + replacement.name, raw: raw,
        apis: [
            ("replacing", replacing, expected), ("stringByReplacingMatches", foundation, expected),
            ("replacing.utf8", replacingUTF8, rawString.utf8.count),
            ("stringByReplacingMatches.utf8", foundationUTF8, rawString.utf8.count),
        ])
}
