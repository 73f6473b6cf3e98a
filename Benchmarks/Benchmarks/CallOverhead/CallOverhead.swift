// Call overhead: one short search, many times. What a call costs around the search itself:
// the pattern cache, the matcher pool, transcoding, bridging, and the result's conversion.
// Every peer searches "call 555-123-4567 now" for the same phone-number pattern and must find
// UTF-16 range 5..<17. The cases after the peers' are the same call on a Russian and a Chinese
// text (the number between Cyrillic or Han characters), and `ICURegularExpression`'s first-match
// calls beside `NSRegularExpression`'s, each checked against Foundation's answer.

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

    // The other texts and calls, named "<call> / <text>": each must find what Foundation finds.
    func registerCase(_ name: String, expected: NSRange, check: @escaping () -> NSRange?, run: @escaping () -> Void) {
        Benchmark("CallOverhead: \(name)") { benchmark in
            for _ in benchmark.scaledIterations { run() }
        } setup: {
            let found = check()
            precondition(found == expected, "\(name) found \(String(describing: found)), expected \(expected)")
        }
    }

    let icuExpression = try! ICURegularExpression(pattern: pattern)
    let foundationExpression = try! NSRegularExpression(pattern: pattern)
    for (label, sample) in [
        ("ASCII", text), ("Russian", "позвоните 555-123-4567 сейчас"), ("Chinese", "请拨打555-123-4567，谢谢"),
    ] {
        let sampleHaystack = Haystack(sample)
        let whole = NSRange(location: 0, length: sampleHaystack.count)
        let found = sampleHaystack.nsString.range(of: pattern, options: .regularExpression)
        if label != "ASCII" {
            registerCase("Foundation NSString.range(of:) / \(label)", expected: found,
                check: { sampleHaystack.nsString.range(of: pattern, options: .regularExpression) }) {
                blackHole(sampleHaystack.nsString.range(of: pattern, options: .regularExpression))
            }
            registerCase("ICURegex NSString.range(ofRegex:) / \(label)", expected: found,
                check: { sampleHaystack.nsString.range(ofRegex: pattern) }) {
                blackHole(sampleHaystack.nsString.range(ofRegex: pattern))
            }
            registerCase("ICURegex String.range(ofRegex:) / \(label)", expected: found,
                check: { sample.range(ofRegex: pattern).map { NSRange($0, in: sample) } }) {
                blackHole(sample.range(ofRegex: pattern))
            }
            registerCase("raw ICU (C) / \(label)", expected: found,
                check: { rawICU.firstMatch(in: sampleHaystack.utf16).map(NSRange.init) }) {
                var start: Int32 = 0
                var end: Int32 = 0
                var code: Int32 = 0
                blackHole(rawicu_first_match(
                    rawICU.handle, sampleHaystack.utf16.baseAddress, Int32(sampleHaystack.count), &start, &end, &code))
            }
        }
        // On an NSString: the call takes a String, which the NSString bridges to.
        let nsString = sampleHaystack.nsString
        registerCase("NSRegularExpression.rangeOfFirstMatch (NSString) / \(label)", expected: found,
            check: { foundationExpression.rangeOfFirstMatch(in: nsString as String, range: whole) }) {
            blackHole(foundationExpression.rangeOfFirstMatch(in: nsString as String, range: whole))
        }
        registerCase("ICURegularExpression.rangeOfFirstMatch (NSString) / \(label)", expected: found,
            check: { icuExpression.rangeOfFirstMatch(in: nsString as String, range: whole) }) {
            blackHole(icuExpression.rangeOfFirstMatch(in: nsString as String, range: whole))
        }
        registerCase("ICURegularExpression.firstMatch (NSString) / \(label)", expected: found,
            check: { icuExpression.firstMatch(in: nsString as String, range: whole)?.range }) {
            blackHole(icuExpression.firstMatch(in: nsString as String, range: whole))
        }
        registerCase("ICURegularExpression.rangeOfFirstMatch (String) / \(label)", expected: found,
            check: { icuExpression.rangeOfFirstMatch(in: sample, range: whole) }) {
            blackHole(icuExpression.rangeOfFirstMatch(in: sample, range: whole))
        }
    }
}
