// The Workloads suite's cases, apart from the suite so that a probe outside package-benchmark
// (see results/2026-11-29-rebar/probe) can time the same calls on the same texts: the
// rebar-style workloads on the shared corpora and the capture-group workloads on generated
// log lines and program text. rebar's own curated benchmarks are in RebarCurated.swift.

import BenchmarkSupport
import Foundation

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

/// The replacement workloads: `replacing` with `$1`, the fields of a log line reordered, and on
/// Russian (when its corpus is there) the words of a name marked and capitalized words split.
let replacementWorkloads: [(name: String, pattern: String, template: String, text: Haystack)] = {
    var workloads: [(name: String, pattern: String, template: String, text: Haystack)] = [
        ("(\\w+)olmes -> $1", #"(\w+)olmes"#, "$1", englishText),
        ("log date -> $3/$2/$1", #"(\d{4})-(\d{2})-(\d{2})"#, "$3/$2/$1", logText),
        ("log line -> $4: $5", logPattern, "$4: $5", logText),
    ]
    if let russianText {
        workloads.append(("Russian Холмс|Ватсон -> <$0>", "Холмс|Ватсон", "<$0>", russianText))
        workloads.append(("Russian (\\p{Lu})(\\p{Ll}+) -> $1 $2", #"(\p{Lu})(\p{Ll}+)"#, "$1 $2", russianText))
    }
    return workloads
}()
