// Zero-length matches: patterns that match the empty string (anchors, boundaries, look-around,
// `x*`) found one after another over 1 MB of English, the way a caller of a single-range API
// finds every match: search from the end of the last match, one unit further after an empty
// one. Each find is a new call, so this measures the per-call cost at scale, with long texts.
//
// Two workloads per pattern:
// - "every match": the whole megabyte, for ICURegex and raw ICU.
// - "first 1000": Foundation's NSString.range(of:range:) costs time in proportion to the
//   length of the range it is given (2.5 to 4 ms per call on 1 MB here), so walking every
//   match of `x*` (a million of them) would take some twenty minutes per iteration. The peers
//   compared with it walk the first thousand matches instead.

import Benchmark
import BenchmarkSupport
import Foundation
import ICURegex
import ICURegexFoundation

/// The megabyte searched (whole lines of the English corpus, repeated if it is shorter), built
/// on first use, once per benchmark process.
let zeroLengthHaystack = Haystack(
    Corpus.prefix(of: Corpus.repeated(Corpus.english, toAtLeast: 1 << 20), lineAlignedToAtMost: 1 << 20)
)

/// How many matches the workload that includes Foundation walks.
let foundationMatchLimit = 1000

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 50
    )

    for pattern in ["^", "$", "\\b", "x*", "(?=a)", "(?<!a)"] {
        let compiled = try! RegexPattern(pattern)
        let rawICU = RawICURegex(pattern)

        // Each peer as a single-range search: the first match within a range of UTF-16
        // offsets of the whole text, in those offsets.
        let peers: [(peer: Peer, firstMatch: (Range<Int>) -> Range<Int>?)] = [
            (.compiledUTF16, { range in
                (try? compiled.firstMatch(inUTF16: zeroLengthHaystack.utf16, range: range))?.range
            }),
            (.rawICU, { range in
                rawICU.firstMatch(in: UnsafeBufferPointer(rebasing: zeroLengthHaystack.utf16[range]))
                    .map { ($0.lowerBound + range.lowerBound)..<($0.upperBound + range.lowerBound) }
            }),
            (.nsStringConvenience, { range in
                Range(zeroLengthHaystack.nsString.range(ofRegex: pattern, range: NSRange(range)))
            }),
            (.foundationNSString, { range in
                Range(zeroLengthHaystack.nsString.range(of: pattern, options: .regularExpression, range: NSRange(range)))
            }),
        ]
        // ICURegex's compiled pattern gives the count that every peer must reach; the setup of
        // each benchmark checks its peer against it, so that all do the same work.
        let reference = peers[0].firstMatch
        let everyMatch: Set<Peer> = [.compiledUTF16, .rawICU]
        let firstThousand: Set<Peer> = [.compiledUTF16, .nsStringConvenience, .foundationNSString]

        for (workload, limit, members) in [
            ("every match", Int.max, everyMatch), ("first \(foundationMatchLimit)", foundationMatchLimit, firstThousand),
        ] {
            func count(_ firstMatch: (Range<Int>) -> Range<Int>?) -> Int {
                countMatches(length: zeroLengthHaystack.count, limit: limit, firstMatch: firstMatch)
            }
            for (peer, firstMatch) in peers where members.contains(peer) {
                Benchmark("ZeroLength: \(pattern) \(workload) / \(peer.rawValue)") { benchmark in
                    blackHole(count(firstMatch))
                } setup: {
                    let expected = count(reference)
                    let found = count(firstMatch)
                    precondition(found == expected, "\(peer.rawValue) found \(found) matches of \(pattern), ICURegex \(expected)")
                }
            }
        }
    }
}
