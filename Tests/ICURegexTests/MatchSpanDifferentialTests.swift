import Foundation
@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// `RegexPattern.matches(spanning:inUTF8:_:)`, which finds the groups of matches another
    /// search found by matching each match's span alone (``MatchWalk/match(spanning:)``),
    /// against ICU's own walk over the whole text (`matches(inUTF8:)`) on generated patterns:
    /// look-around and anchors that see past the span, alternatives and counts that could end
    /// elsewhere, back references, and atomic groups, possessive counts, `\R`, `\X` and `\G`,
    /// for which the walk is used instead.
    @Suite struct MatchSpanDifferentialTests {
        @Test("matches(spanning:inUTF8:) finds the walk's matches with the walk's groups")
        func generatedCases() throws {
            var generator = RegularExpressionCaseGenerator(seed: 0x5350_414E_2611)
            var failures: [String] = []
            var spanned = 0
            var walked = 0
            for index in 0..<3_000 {
                let pattern = generator.pattern()
                let options = MatchSequenceDifferentialTests.patternOptions(generator.options().subtracting(.ignoreMetacharacters))
                let text = generator.text()
                guard let compiled = try? RegexPattern(pattern, options: options) else { continue }
                let bytes = Array(text.utf8)
                try bytes.withUnsafeBufferPointer { bytes in
                    var walk = compiled.matches(inUTF8: bytes).makeIterator()
                    var expected: [BufferMatch] = []
                    while let match = walk.next() { expected.append(match) }
                    guard walk.error == nil else { return }
                    // Every match, and every other one, as a searcher may pass on only some.
                    for step in [1, 2] {
                        let chosen = stride(from: 0, to: expected.count, by: step).map { expected[$0] }
                        var found = [BufferMatch?](repeating: nil, count: chosen.count)
                        try compiled.matches(spanning: chosen.map(\.range), inUTF8: bytes) { index, match in
                            #expect(found[index] == nil)
                            found[index] = match
                        }
                        if found != chosen.map(Optional.some) {
                            failures.append(
                                "#\(index) pattern \(String(reflecting: pattern)) options \(options.rawValue) text \(String(reflecting: text)) "
                                    + "step \(step): walk \(chosen), spans \(found)")
                        }
                    }
                    if !expected.isEmpty {
                        if compiled.rematchesItsSpans { spanned += 1 } else { walked += 1 }
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) differences:\n\(failures.prefix(10).joined(separator: "\n"))")
            // Both ways were taken, on cases with matches.
            #expect(spanned > 500)
            #expect(walked > 50)
        }

        /// An atomic group that commits, in the search, to a way that runs past the match
        /// and then fails: within the match's span alone, it would match another way.
        @Test func atomicGroupKeepsTheSearchsGroups() throws {
            let pattern = try RegexPattern("(?>(abc)|(a))b|(ab)")
            #expect(!pattern.rematchesItsSpans)
            let bytes = Array("abcd".utf8)
            var found: [BufferMatch] = []
            try bytes.withUnsafeBufferPointer { bytes in
                try pattern.matches(spanning: [0..<2], inUTF8: bytes) { _, match in found.append(match) }
            }
            #expect(found == [BufferMatch(range: 0..<2, groupRanges: [nil, nil, 0..<2])])
            #expect(try RegexPattern("(?:(abc)|(a))b|(ab)").rematchesItsSpans)
        }
    }
}
