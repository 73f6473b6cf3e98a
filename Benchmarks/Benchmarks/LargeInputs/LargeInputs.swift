// Large inputs: one search over more than 100 MB of English, for patterns of different kinds,
// each found only in a line at the very end (see LargeHaystack), so every search reads it all.
// Peers: ICURegex's compiled pattern on UTF-16 and its String API, Foundation's NSString and
// String APIs, and raw ICU. Foundation takes seconds per search, so the iteration counts are
// small.

import Benchmark
import BenchmarkSupport
import Foundation
import ICURegex
import ICURegexFoundation

/// One search case: the pattern, its options, and what it must match in the marker line (nil:
/// it must find nothing).
struct LargeCase {
    let name: String
    let pattern: String
    var caseInsensitive = false
    let expected: String?
}

let largeCases = [
    LargeCase(name: "literal", pattern: "Sherlock Holmes", expected: "Sherlock Holmes"),
    LargeCase(name: "literal -i", pattern: "sherlock holmes", caseInsensitive: true, expected: "Sherlock Holmes"),
    LargeCase(
        name: "five names",
        pattern: "Sherlock Holmes|John Watson|Irene Adler|Inspector Lestrade|Professor Moriarty",
        expected: "Sherlock Holmes"
    ),
    LargeCase(name: "words around Holmes", pattern: #"\w+\s+Holmes\s+\w+"#, expected: "Sherlock Holmes met"),
    LargeCase(name: "phone number", pattern: "[0-9]{3}-[0-9]{3}-[0-9]{4}", expected: "555-123-4567"),
    LargeCase(name: "Greek letter", pattern: #"\p{Greek}"#, expected: "Ω"),
    // No literal at all: the search plan's automaton finds where a match may end.
    LargeCase(name: "Greek word and number", pattern: #"\p{Greek}+\s+\d+"#, expected: "Ω 221"),
    LargeCase(name: "no match", pattern: "Mycroft Holmes", expected: nil),
]

/// A peer's answer, in the form its API gives: UTF-16 offsets or string indices. Converting
/// one to the other is left out of the measurement and done only to check the answer.
enum LargeResult {
    case utf16(Range<Int>?)
    case string(Range<String.Index>?)

    /// The matched text, if the match lies in the marker line; "outside the marker" if not.
    var matchedText: String? {
        let haystack = LargeHaystack.haystack
        switch self {
        case .utf16(let range):
            guard let range else { return nil }
            return range.lowerBound >= LargeHaystack.markerOffset ? haystack.text(of: range) : "outside the marker"
        case .string(let range):
            guard let range else { return nil }
            return range.lowerBound >= LargeHaystack.markerIndex ? String(haystack.string[range]) : "outside the marker"
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 1,
        maxDuration: .seconds(10),
        maxIterations: 5
    )

    for testCase in largeCases {
        let compiled = try! RegexPattern(testCase.pattern, options: testCase.caseInsensitive ? .caseInsensitive : [])
        let rawICU = RawICURegex(testCase.pattern, caseInsensitive: testCase.caseInsensitive)
        let searchOptions: RegexSearchOptions = testCase.caseInsensitive ? .caseInsensitive : []
        let foundationOptions: NSString.CompareOptions =
            testCase.caseInsensitive ? [.regularExpression, .caseInsensitive] : .regularExpression

        let peers: [(Peer, () -> LargeResult)] = [
            (.compiledUTF16, { .utf16((try? compiled.firstMatch(inUTF16: LargeHaystack.haystack.utf16))?.range) }),
            (.stringConvenience, {
                .string(LargeHaystack.haystack.string.range(ofRegex: testCase.pattern, options: searchOptions))
            }),
            (.foundationNSString, {
                .utf16(Range(LargeHaystack.haystack.nsString.range(of: testCase.pattern, options: foundationOptions)))
            }),
            (.foundationString, {
                .string(LargeHaystack.haystack.string.range(of: testCase.pattern, options: foundationOptions))
            }),
            (.rawICU, { .utf16(rawICU.firstMatch(in: LargeHaystack.haystack.utf16)) }),
        ]

        for (peer, search) in peers {
            Benchmark("Large: \(testCase.name) / \(peer.rawValue)") { benchmark in
                blackHole(search())
            } setup: {
                // Build the text outside the measurement, and check that this peer finds what
                // the case expects (a time-out in a convenience API would read as "no match").
                let found = search().matchedText
                precondition(
                    found == testCase.expected,
                    "\(peer.rawValue) found \(found ?? "nothing") for \(testCase.pattern), expected \(testCase.expected ?? "nothing")"
                )
            }
        }
    }

    // Text dense in characters whose case folding holds ASCII (ß, ſ, the Kelvin sign), where
    // a case-insensitive literal's scanner finds a place every few characters: the search plan
    // must cost no more than ICU alone.
    let denseMegabytes = 10
    let dense = Haystack(
        Corpus.repeated("Straße ſo KELVIN \u{212A} ßſ\u{212A} mass\n", toAtLeast: denseMegabytes * 1_000_000)
            + "Sherlock Holmes\n")
    let denseCompiled = try! RegexPattern("sherlock holmes", options: .caseInsensitive)
    let denseRawICU = RawICURegex("sherlock holmes", caseInsensitive: true)
    let denseMarker = dense.utf16.count - "Sherlock Holmes\n".utf16.count
    let densePeers: [(Peer, () -> Range<Int>?)] = [
        (.compiledUTF16, { (try? denseCompiled.firstMatch(inUTF16: dense.utf16))?.range }),
        (.rawICU, { denseRawICU.firstMatch(in: dense.utf16) }),
    ]
    for (peer, search) in densePeers {
        Benchmark("Large: literal -i in text dense in ß ſ K (\(denseMegabytes) MB) / \(peer.rawValue)") { benchmark in
            blackHole(search())
        } setup: {
            precondition(search() == denseMarker..<(denseMarker + 15), "\(peer.rawValue) missed the marker")
        }
    }
}
