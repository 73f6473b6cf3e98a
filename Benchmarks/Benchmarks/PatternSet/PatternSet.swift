// Which pattern matched: every match of 100 patterns with the index of the pattern that
// matched, over the English subtitles repeated to 4 MB (UTF-16), for five sets:
//
// - 100 words and names of the subtitles (from "that", 1,766 times in the corpus, to words
//   seen 21 times);
// - 90 of them with 10 regular expressions (classes, a back-reference, case-insensitive,
//   unbounded repetitions);
// - 50 words and 50 regular expressions, and 100 regular expressions, made from a fixed list of
//   common shapes (`regexShapes`: words with affixes, a word and the next, classes, digits,
//   quotes, a back-reference), the shapes taking the words in turn where they have a slot;
// - the 100 words ignoring case (`RegexPattern.Options.caseInsensitive`).
//
// Peers: ICURegex's RegexPatternSet.matches(inUTF16:) (one pass), the loop a user writes
// without it (every match of each of the 100 RegexPatterns, merged by start and pattern index
// and thinned to matches that do not overlap, the set's semantics when no pattern's match
// hides another's), and RegexPatternSet.matchingPatterns(inUTF16:) (which patterns match at
// all) against the loop's `firstRange` of each pattern.
//
// Run with the shared corpora: `ICUGREP_CORPORA=/work/shared/corpora swift package benchmark
// --target PatternSet` (without them the text is generated and most words never occur).

import Benchmark
import BenchmarkSupport
import Foundation
import ICURegex

let words = """
    that with about will Yeah good take could little very people give help Good thought long Thank place \
    money ever please course left woman does Right everything stop myself kind Maybe wouldn killed every \
    house gone tomorrow came Because fire start together ready brother turn move such Will since Would \
    both easy speak anybody hands With looks Nothing drink quite watch daughter person close young human \
    Shut order control somebody answer sick Very honey Michael front Perhaps food Jesus promise Christmas \
    possible doctor Everything seven finish asking takes feet Sherlock Holmes Watson night morning \
    Yes Okay sorry father mother world
    """.split(separator: " ").map(String.init)

let regexes = [
    #"\b[A-Z][a-z]+son\b"#, #"\d{2,4}"#, #"wh[a-z]+ever"#, #"\b(No|Yes|Oh), \1\b"#, #"[Tt]omorrow (night|morning)"#,
    #"\$\d+"#, #"(?i)sherlock"#, #"don't \w+"#, #"\b\w+ing\b"#, #"[A-Z]{3,}"#,
]

/// Common shapes of regular expressions, `{w}` standing for a word: written once, not chosen
/// for the set's strategies (some have literals, some none, some are unbounded, one has a
/// back-reference).
let regexShapes = [
    #"\b{w}\w*"#, #"\b\w+ing\b"#, #"{w} \w+"#, #"\d{2,4}"#, #"\w+ {w}\b"#, #"[A-Z]{3,}"#, #"\b{w}(?:s|ed|ing)?\b"#,
    #"\b[A-Z][a-z]+ {w}"#, #"\$\d+(?:\.\d\d)?"#, #"{w}[,.!?]"#, #"\b\w+ly\b"#, #"\b\d{1,2}:\d{2}\b"#,
    #"{w}.{0,20}\?"#, #"'\w+'"#, #"\b\w+'(?:s|t|ll|re|ve|d)\b"#, #"\b{w}\W+\w+"#, #"\b(\w+) \1\b"#,
    #"\b\w{12,}\b"#, #"\b{w}[a-z]*er\b"#, #"[.!?]\s+{w}"#, #"\([^)]*\)"#, #"\b(?:Mr|Mrs|Dr)\.? [A-Z][a-z]+"#,
    #"\b{w}\b"#, #"\b[a-z]+{w}\b"#, #"\w+-\w+"#,
]

/// `count` different regular expressions from ``regexShapes``: every shape once, in order,
/// then the shapes with a slot again, each slot taking the next of `words`.
func shapedRegexes(_ count: Int, words: [String]) -> [String] {
    let slotted = regexShapes.filter { $0.contains("{w}") }
    var nextWord = words.makeIterator()
    return (0..<count).map { index in
        let shape = index < regexShapes.count ? regexShapes[index] : slotted[(index - regexShapes.count) % slotted.count]
        return shape.contains("{w}") ? shape.replacingOccurrences(of: "{w}", with: nextWord.next()!) : shape
    }
}

/// The sets of 100 patterns, with their options.
let patternSets: [(String, [String], RegexPattern.Options)] = [
    ("100 words", Array(words.prefix(100)), []),
    ("90 words and 10 regexes", Array(words.prefix(90)) + regexes, []),
    ("50 words and 50 shaped regexes", Array(words.prefix(50)) + shapedRegexes(50, words: Array(words[50...])), []),
    ("100 shaped regexes", shapedRegexes(100, words: words), []),
    ("100 words ignoring case", Array(words.prefix(100)), .caseInsensitive),
]

/// The text, the English subtitles repeated to 4 MB, as UTF-16; never freed.
nonisolated(unsafe) let text: UnsafeBufferPointer<UInt16> = {
    let string = Corpus.repeated(Corpus.english, toAtLeast: 4_000_000)
    let units = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: string.utf16.count)
    _ = units.initialize(from: string.utf16)
    return UnsafeBufferPointer(units)
}()

/// Every match of each pattern, merged by start and pattern index, without overlaps.
func loopMatches(_ compiled: [RegexPattern]) -> [PatternSetMatch] {
    var all: [PatternSetMatch] = []
    for (index, pattern) in compiled.enumerated() {
        for match in pattern.matches(inUTF16: text) {
            all.append(PatternSetMatch(range: match.range, patternIndex: index))
        }
    }
    all.sort { $0.range.lowerBound != $1.range.lowerBound ? $0.range.lowerBound < $1.range.lowerBound : $0.patternIndex < $1.patternIndex }
    var kept: [PatternSetMatch] = []
    var end = 0
    for match in all where match.range.lowerBound >= end {
        kept.append(match)
        end = match.range.upperBound
    }
    return kept
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(5),
        maxIterations: 20
    )
    precondition(words.count >= 100, "\(words.count) words")
    for (name, patterns, options) in patternSets {
        let compiled = patterns.map { try! RegexPattern($0, options: options) }
        let set = RegexPatternSet(compiled)

        Benchmark("PatternSet: every match of \(name) / RegexPatternSet.matches(inUTF16:)") { _ in
            blackHole(try! set.matches(inUTF16: text))
        } setup: {
            // The loop's merge is the set's semantics when no match ends inside a word where
            // another pattern could start: said on standard error when the two disagree.
            let found = try! set.matches(inUTF16: text)
            let merged = loopMatches(compiled)
            if found != merged {
                FileHandle.standardError.write(Data("PatternSet: the set found \(found.count) matches, the loop \(merged.count)\n".utf8))
            }
            precondition(found.count > 10_000, "too few matches: \(found.count)")
        }
        Benchmark("PatternSet: every match of \(name) / loop over 100 RegexPattern.matches(inUTF16:)") { _ in
            blackHole(loopMatches(compiled))
        }
        Benchmark("PatternSet: which of \(name) match / RegexPatternSet.matchingPatterns(inUTF16:)") { _ in
            blackHole(try! set.matchingPatterns(inUTF16: text))
        }
        Benchmark("PatternSet: which of \(name) match / loop over 100 RegexPattern.firstRange(inUTF16:)") { _ in
            blackHole(compiled.indices.filter { (try? compiled[$0].firstRange(inUTF16: text))?.isNotFound == false })
        }
    }
}
