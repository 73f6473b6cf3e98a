// Call overhead: one short search, many times. What a call costs around the search itself:
// the pattern cache, the matcher pool, transcoding, bridging, and the result's conversion.
// Every peer searches "call 555-123-4567 now" for the same phone-number pattern and must find
// UTF-16 range 5..<17.

import Benchmark
import BenchmarkSupport
import Foundation
import ICURegex
import ICURegexFoundation
import RawICU

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        scalingFactor: .kilo,  // a thousand calls per measured iteration: each is well under 1 µs
        maxDuration: .seconds(2)
    )

    let text = "call 555-123-4567 now"
    let pattern = "[0-9]{3}-[0-9]{3}-[0-9]{4}"
    let expected = NSRange(location: 5, length: 12)
    let haystack = Haystack(text)
    let compiled = try! RegexPattern(pattern)
    let swiftRegex = try! Regex(pattern)
    let rawICU = RawICURegex(pattern)

    func register(_ peer: Peer, check: @escaping () -> NSRange?, run: @escaping (Benchmark) -> Void) {
        Benchmark("CallOverhead: \(peer.rawValue)") { benchmark in
            run(benchmark)
        } setup: {
            // A peer that finds something else is not measuring the same work.
            let found = check()
            precondition(found == expected, "\(peer.rawValue) found \(String(describing: found)), expected \(expected)")
        }
    }

    func nsRange(_ range: Range<String.Index>?) -> NSRange? {
        range.map { NSRange($0, in: text) }
    }

    register(.stringConvenience, check: { nsRange(text.range(ofRegex: pattern)) }) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(text.range(ofRegex: pattern))
        }
    }
    register(.nsStringConvenience, check: { haystack.nsString.range(ofRegex: pattern) }) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(haystack.nsString.range(ofRegex: pattern))
        }
    }
    register(.compiledUTF16, check: { (try? compiled.firstMatch(inUTF16: haystack.utf16))?.range.map(NSRange.init) }) {
        benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? compiled.firstMatch(inUTF16: haystack.utf16))
        }
    }
    register(.compiledString, check: { nsRange((try? compiled.firstMatch(in: text)) ?? nil) }) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? compiled.firstMatch(in: text))
        }
    }
    register(.foundationNSString, check: { haystack.nsString.range(of: pattern, options: .regularExpression) }) {
        benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(haystack.nsString.range(of: pattern, options: .regularExpression))
        }
    }
    register(.foundationString, check: { nsRange(text.range(of: pattern, options: .regularExpression)) }) {
        benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(text.range(of: pattern, options: .regularExpression))
        }
    }
    register(.swiftRegex, check: { nsRange(text.firstMatch(of: swiftRegex)?.range) }) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(text.firstMatch(of: swiftRegex)?.range)
        }
    }
    register(.rawICU, check: { rawICU.firstMatch(in: haystack.utf16).map(NSRange.init) }) { benchmark in
        // The C calls themselves, on the regex opened once above.
        let units = haystack.utf16
        var start: Int32 = 0
        var end: Int32 = 0
        var code: Int32 = 0
        for _ in benchmark.scaledIterations {
            blackHole(rawicu_first_match(rawICU.handle, units.baseAddress, Int32(units.count), &start, &end, &code))
        }
        blackHole(start + end)
    }
}
