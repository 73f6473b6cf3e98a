// rebar's curated benchmarks (github.com/BurntSushi/rebar, benchmarks/definitions/curated)
// that its ICU runner runs, reproduced from their public definitions: the same patterns, the
// same haystacks and the same models (rebar's MODELS.md), each computed through raw ICU from C
// as rebar's runner computes it and through each of ICURegex's ways to find every match.
//
// The haystacks are read from a checkout of rebar named by `$ICUGREP_REBAR` (the directory
// holding `benchmarks/haystacks` and `benchmarks/regexes`); without it there are no rebar
// benchmarks. Nothing of rebar's is copied into this repository. Benchmarks whose haystack is
// missing from the checkout (rebar keeps some in Git LFS: cpython-226484e4.py,
// rust-src-tools-3b0d4813.txt) are left out.

import BenchmarkSupport
import Foundation
import ICURegex
import ICURegexFoundation
import RawICU

/// rebar's benchmark models that its ICU runner implements (the `compile` model aside), with
/// the numbers `rawicu_rebar_model` takes.
enum RebarModel: Int32 {
    /// The number of matches.
    case count = 0
    /// The sum of the matches' lengths, in UTF-16 units (ICU's, as rebar counts for it).
    case countSpans = 1
    /// The number of groups that took part in each match, the whole match included.
    case countCaptures = 2
    /// The number of lines with a match, each line searched alone.
    case grep = 3
    /// `countCaptures` over every line, each line searched alone.
    case grepCaptures = 4

    /// Whether the model searches each line alone.
    var searchesLines: Bool { self == .grep || self == .grepCaptures }

    /// Whether the model reads the matches' groups.
    var readsGroups: Bool { self == .countCaptures || self == .grepCaptures }
}

/// One of rebar's benchmarks: its name (`group/name`), model, pattern, haystack and the count
/// rebar expects from ICU.
struct RebarBenchmark {
    let name: String
    let model: RebarModel
    let pattern: String
    let caseInsensitive: Bool
    let text: Haystack
    /// The count rebar's definition gives for ICU (or for every engine when it names none).
    let expected: Int
    /// How many times one measurement searches the text: the short haystacks are searched many
    /// times so that a measurement is long enough to time.
    let repetitions: Int
}

enum RebarCurated {
    /// `$ICUGREP_REBAR/benchmarks`, when that directory exists.
    static let directory: URL? = {
        guard let root = ProcessInfo.processInfo.environment["ICUGREP_REBAR"] else { return nil }
        let benchmarks = URL(fileURLWithPath: root).appendingPathComponent("benchmarks")
        return FileManager.default.fileExists(atPath: benchmarks.path) ? benchmarks : nil
    }()

    /// The haystack at `path` under `benchmarks/haystacks`, or nil; with `lineEnd`, its first
    /// `lineEnd` lines, their line ends kept (rebar's `line-end`).
    static func haystack(_ path: String, lineEnd: Int? = nil) -> Haystack? {
        guard let directory,
            var text = try? String(contentsOf: directory.appendingPathComponent("haystacks/" + path), encoding: .utf8)
        else { return nil }
        if let lineEnd {
            var lines = 0
            var end = text.startIndex
            while lines < lineEnd, let newline = text[end...].firstIndex(of: "\n") {
                end = text.index(after: newline)
                lines += 1
            }
            text = String(text[..<(lines < lineEnd ? text.endIndex : end)])
        }
        return Haystack(text)
    }

    /// The regular expression file at `path` under `benchmarks/regexes`: its lines joined by
    /// `|` (rebar's `per-line = "alternate"`, each line escaped when `literal`), or the whole
    /// file without its final line end.
    static func regex(_ path: String, alternateLines: Bool = false, literal: Bool = false) -> String? {
        guard let directory,
            let contents = try? String(contentsOf: directory.appendingPathComponent("regexes/" + path), encoding: .utf8)
        else { return nil }
        guard alternateLines else { return contents.hasSuffix("\n") ? String(contents.dropLast()) : contents }
        let lines = contents.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        return lines.map { literal ? NSRegularExpression.escapedPattern(for: $0) : $0 }.joined(separator: "|")
    }

    /// Every curated benchmark that rebar runs with ICU and whose haystack is present: the
    /// definitions of 01-literal to 14-quadratic (their `compile` benchmarks aside).
    static func benchmarks() -> [RebarBenchmark] {
        guard directory != nil else { return [] }
        var benchmarks: [RebarBenchmark] = []
        func add(
            _ name: String, _ model: RebarModel, _ pattern: String?, _ text: Haystack?, _ expected: Int,
            caseInsensitive: Bool = false, repetitions: Int = 1
        ) {
            guard let pattern, let text else { return }
            benchmarks.append(
                RebarBenchmark(
                    name: name, model: model, pattern: pattern, caseInsensitive: caseInsensitive, text: text,
                    expected: expected, repetitions: repetitions))
        }
        let english = haystack("opensubtitles/en-sampled.txt")
        let russian = haystack("opensubtitles/ru-sampled.txt")
        let chinese = haystack("opensubtitles/zh-sampled.txt")
        add("literal/sherlock-en", .count, "Sherlock Holmes", english, 513)
        add("literal/sherlock-casei-en", .count, "Sherlock Holmes", english, 522, caseInsensitive: true)
        add("literal/sherlock-ru", .count, "Шерлок Холмс", russian, 724)
        add("literal/sherlock-casei-ru", .count, "Шерлок Холмс", russian, 746, caseInsensitive: true)
        add("literal/sherlock-zh", .count, "夏洛克·福尔摩斯", chinese, 30)
        let englishNames = "Sherlock Holmes|John Watson|Irene Adler|Inspector Lestrade|Professor Moriarty"
        let russianNames = "Шерлок Холмс|Джон Уотсон|Ирен Адлер|инспектор Лестрейд|профессор Мориарти"
        add("literal-alternate/sherlock-en", .count, englishNames, english, 714)
        add("literal-alternate/sherlock-casei-en", .count, englishNames, english, 725, caseInsensitive: true)
        add("literal-alternate/sherlock-ru", .count, russianNames, russian, 899)
        add("literal-alternate/sherlock-casei-ru", .count, russianNames, russian, 971, caseInsensitive: true)
        add("literal-alternate/sherlock-zh", .count, "夏洛克·福尔摩斯|约翰华生|阿德勒|雷斯垂德|莫里亚蒂教授", chinese, 207)
        add(
            "lexer-veryl/single", .countCaptures, regex("wild/parol-veryl.txt", alternateLines: true),
            haystack("wild/parol-veryl.vl"), 124_800)
        let redos =
            #"(?:(?:"|'|\]|\}|\\|\d|(?:nan|infinity|true|false|null|undefined|symbol|math)|`|-|\+)+[)]*;?((?:\s|-|~|!|\{\}|\|\||\+)*.*(?:.*=.*)))"#
        add(
            "cloud-flare-redos/original", .countSpans, redos, Haystack("math x=" + String(repeating: "x", count: 100)),
            107, repetitions: 200)
        add(
            "cloud-flare-redos/simplified-short", .countSpans, ".*.*=.*",
            Haystack("x=" + String(repeating: "x", count: 100)), 102, repetitions: 200)
        add("cloud-flare-redos/simplified-long", .countSpans, ".*.*=.*", haystack("cloud-flare-redos.txt"), 10_000)
        add(
            "unicode-character-data/parse-line", .grepCaptures, regex("wild/ucd-parse.txt"),
            haystack("wild/UnicodeData-15.0.0.txt"), 558_784)
        let english2500 = haystack("opensubtitles/en-sampled.txt", lineEnd: 2_500)
        let russian2500 = haystack("opensubtitles/ru-sampled.txt", lineEnd: 2_500)
        add("words/all-english", .countSpans, #"\b[0-9A-Za-z_]+\b"#, english2500, 56_601)
        add("words/all-russian", .countSpans, #"\b\w+\b"#, russian2500, 53_960)
        add("words/long-english", .countSpans, #"\b[0-9A-Za-z_]{12,}\b"#, english2500, 839)
        add("words/long-russian", .countSpans, #"\b\w{12,}\b"#, russian2500, 2_747)
        add("bounded-repeat/letters-en", .count, "[A-Za-z]{8,13}", haystack("opensubtitles/en-sampled.txt", lineEnd: 5_000), 1_833)
        add("bounded-repeat/letters-ru", .count, #"\p{L}{8,13}"#, haystack("opensubtitles/ru-sampled.txt", lineEnd: 5_000), 3_475)
        add(
            "unstructured-to-json/extract", .grepCaptures, regex("wild/unstructured-to-json.txt"),
            haystack("wild/unstructured-to-json.log"), 600, repetitions: 10)
        add(
            "dictionary/single", .count, regex("dictionary/english/length-15.txt", alternateLines: true, literal: true),
            haystack("opensubtitles/en-medium.txt"), 1)
        for (name, length, repetitions) in [("1x", 100, 200), ("2x", 200, 50), ("10x", 1000, 2)] {
            add(
                "quadratic/" + name, .count, ".*[^A-Z]|[A-Z]", Haystack(String(repeating: "A", count: length)), length,
                repetitions: repetitions)
        }
        return benchmarks
    }
}

/// The lines of `text` as rebar's line models take them: up to each `\n`, without it and
/// without a `\r` before it, the last line unterminated or not; calls `body` with each line's
/// UTF-16 offsets.
@inline(__always)
func forEachRebarLine(of text: UnsafeBufferPointer<UInt16>, _ body: (Range<Int>) -> Void) {
    var start = 0
    let count = text.count
    while start < count {
        var end = start
        while end < count && text[end] != 0x0A { end += 1 }
        let next = end < count ? end + 1 : end
        if end > start && text[end - 1] == 0x0D { end -= 1 }
        body(start..<end)
        start = next
    }
}

/// One rebar benchmark's measured part through each API: raw ICU from C, the walk
/// `RegexPattern.matches(inUTF16:range:)`, a `RegexMatcher.firstMatch(inUTF16:from:)` loop and
/// `ICURegularExpression` (`numberOfMatches(in:range:)` for `count`, `firstMatch` for `grep`,
/// `enumerateMatches(in:range:)` otherwise). Each returns the model's count for one search of
/// the text. `RegexMatcher` gives no groups: for the capture models its loop counts the
/// matches alone (``matcherExpected``), which rebar's models do not check.
struct RebarRunner {
    let benchmark: RebarBenchmark
    let compiled: RegexPattern
    let rawICU: RawICURegex
    let expression: ICURegularExpression

    init(_ benchmark: RebarBenchmark) {
        self.benchmark = benchmark
        compiled = try! RegexPattern(benchmark.pattern, options: benchmark.caseInsensitive ? [.caseInsensitive] : [])
        rawICU = RawICURegex(benchmark.pattern, caseInsensitive: benchmark.caseInsensitive)
        expression = try! ICURegularExpression(
            pattern: benchmark.pattern, options: benchmark.caseInsensitive ? [.caseInsensitive] : [])
    }

    /// rebar's ICU runner: the model computed in C (`rawicu_rebar_model`).
    func rawICUCount() -> Int {
        let text = benchmark.text.utf16
        var code: Int32 = 0
        let count = rawicu_rebar_model(rawICU.handle, text.baseAddress, Int32(text.count), benchmark.model.rawValue, &code)
        precondition(count >= 0, "\(benchmark.name): raw ICU failed: error \(code)")
        return Int(count)
    }

    /// The model through `RegexPattern.matches(inUTF16:range:)`, the range a line for the
    /// line models.
    func matchesCount() -> Int {
        let text = benchmark.text.utf16
        let model = benchmark.model
        func count(in range: Range<Int>) -> Int {
            var count = 0
            switch model {
            case .count:
                for _ in compiled.matches(inUTF16: text, range: range) { count += 1 }
            case .countSpans:
                for match in compiled.matches(inUTF16: text, range: range) { count += match.range.count }
            case .countCaptures, .grepCaptures:
                for match in compiled.matches(inUTF16: text, range: range) {
                    count += 1
                    for group in match.groupRanges where group != nil { count += 1 }
                }
            case .grep:
                var matches = compiled.matches(inUTF16: text, range: range).makeIterator()
                count = matches.next() == nil ? 0 : 1
            }
            return count
        }
        guard model.searchesLines else { return count(in: 0..<text.count) }
        var total = 0
        forEachRebarLine(of: text) { total += count(in: $0) }
        return total
    }

    /// The number of matches (or, for `grep`, of lines with a match) that `matcherCount`
    /// finds: the model's count but for the capture models, whose groups it cannot read.
    func matcherExpected() -> Int {
        guard benchmark.model.readsGroups else { return rawICUCount() }
        // The number of matches, counted by the walk (whose groups the model checks).
        let text = benchmark.text.utf16
        var count = 0
        if benchmark.model.searchesLines {
            forEachRebarLine(of: text) { line in for _ in compiled.matches(inUTF16: text, range: line) { count += 1 } }
        } else {
            for _ in compiled.matches(inUTF16: text) { count += 1 }
        }
        return count
    }

    /// The model through a loop of `RegexMatcher.firstMatch(inUTF16:from:)` over the text (over
    /// each line, given as a text of its own, for the line models).
    func matcherCount() -> Int {
        let matcher = try! compiled.makeMatcher()
        let text = benchmark.text.utf16
        let model = benchmark.model
        func count(in units: UnsafeBufferPointer<UInt16>) -> Int {
            var count = 0
            var from = 0
            while from <= units.count, let match = try! matcher.firstMatch(inUTF16: units, from: from) {
                count += model == .countSpans ? match.count : 1
                if model == .grep { break }
                from = match.upperBound
                if match.isEmpty {
                    from += from + 1 < units.count && UTF16.isLeadSurrogate(units[from]) && UTF16.isTrailSurrogate(units[from + 1]) ? 2 : 1
                }
            }
            return count
        }
        guard model.searchesLines else { return count(in: text) }
        var total = 0
        forEachRebarLine(of: text) { total += count(in: UnsafeBufferPointer(rebasing: text[$0])) }
        return total
    }

    /// The model through `ICURegularExpression.matches(in:range:)` (its array of results)
    /// for the models that read spans or groups, `expressionCount()` for the others.
    func expressionResultsCount() -> Int {
        guard benchmark.model == .countSpans || benchmark.model.readsGroups else { return expressionCount() }
        let string = benchmark.text.string
        let readsGroups = benchmark.model.readsGroups
        func count(in range: NSRange) -> Int {
            var count = 0
            for result in expression.matches(in: string, range: range) {
                if !readsGroups {
                    count += result.range.length
                    continue
                }
                for group in 0..<result.numberOfRanges where result.range(at: group).location != NSNotFound {
                    count += 1
                }
            }
            return count
        }
        guard benchmark.model.searchesLines else { return count(in: NSRange(location: 0, length: benchmark.text.count)) }
        var total = 0
        forEachRebarLine(of: benchmark.text.utf16) { total += count(in: NSRange(location: $0.lowerBound, length: $0.count)) }
        return total
    }

    /// The model through `ICURegularExpression` on the `String`, the range a line for the line
    /// models (anchoring bounds, as `NSRegularExpression` has by default, so that `^` and `$`
    /// match at the line's ends).
    func expressionCount() -> Int {
        let string = benchmark.text.string
        let model = benchmark.model
        func count(in range: NSRange) -> Int {
            switch model {
            case .count:
                return expression.numberOfMatches(in: string, range: range)
            case .grep:
                return expression.firstMatch(in: string, range: range) == nil ? 0 : 1
            case .countSpans:
                var count = 0
                expression.enumerateMatches(in: string, range: range) { result, _, _ in
                    if let result { count += result.range.length }
                }
                return count
            case .countCaptures, .grepCaptures:
                var count = 0
                expression.enumerateMatches(in: string, range: range) { result, _, _ in
                    guard let result else { return }
                    for group in 0..<result.numberOfRanges where result.range(at: group).location != NSNotFound {
                        count += 1
                    }
                }
                return count
            }
        }
        guard model.searchesLines else { return count(in: NSRange(location: 0, length: benchmark.text.count)) }
        var total = 0
        forEachRebarLine(of: benchmark.text.utf16) { total += count(in: NSRange(location: $0.lowerBound, length: $0.count)) }
        return total
    }
}
