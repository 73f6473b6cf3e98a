import Foundation
@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// The pattern's reusable walk (``MatchWalk/reusable(pattern:text:count:)``), which
    /// `matches(inUTF16:range:)` restarts for each text when no one else holds it, and the
    /// group arrays the walk writes in place (``MatchWalk/groupRanges(offset:)``): every match
    /// and group against ICU's alone, with walks interleaved on one thread, iterators abandoned
    /// mid-way, matches kept across the walk's next ones, one pattern walked by concurrent
    /// tasks, and the pattern let go with its walk.
    @Suite struct MatchWalkReuseTests {
        static let seed: UInt64 = 0x5245_5553_4557_414C

        /// Patterns whose walks take different ways: the whole-text run of `^X$` on short
        /// texts, the one-pass runs and the automaton on long ones, ICU for look-around.
        static let patterns = [
            #"^([A-Z0-9]+);([^;]+);([^;]*);([0-9]*);([YN])$"#, #"([a-z]+)-([0-9]+)"#, #"(\w+)=(\d*)"#, #"(?<=a)(b+)"#,
            #"x*"#,
        ]

        static let pieces = ["A1", "B", "0", "42", ";", ";", "Y", "N", "a", "b", "ab", "key-", "7", "=", " ", "é", "😀", "\n"]

        /// Texts of a few units (lines), of a few thousand, and of more than
        /// ``SearchPlan/minimumSearchLength`` (which take the long texts' ways, and which a walk
        /// restarted in the whole-text run of `^X$` must not keep to it).
        static func texts(_ random: inout SplitMix64) -> [[UInt16]] {
            var texts: [[UInt16]] = []
            for index in 0..<300 {
                let length = index % 50 == 49 ? (index % 100 == 99 ? SearchPlan.minimumSearchLength + 904 : 2_000) : Int(random.next() % 12)
                var text = ""
                while text.utf16.count < length { text += random.element(of: pieces) }
                texts.append(Array(text.utf16))
            }
            return texts
        }

        /// Each match as its range and groups.
        static func ranges(_ match: BufferMatch) -> [Range<Int>?] {
            [match.range] + match.groupRanges
        }

        /// ICU's matches of `icu` in `text`.
        static func expected(_ icu: RegexPattern, in text: [UInt16]) -> [[Range<Int>?]] {
            text.withUnsafeBufferPointer { text in icu.matches(inUTF16: text).map(ranges) }
        }

        @Test func interleavedAndAbandonedWalksFindICUsMatches() throws {
            var random = SplitMix64(seed: Self.seed)
            let texts = Self.texts(&random)
            var failures: [String] = []
            for pattern in Self.patterns {
                let compiled = try RegexPattern(pattern)
                let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
                for (index, text) in texts.enumerated() {
                    let other = texts[(index * 7 + 3) % texts.count]
                    let expected = Self.expected(icu, in: text)
                    let otherExpected = Self.expected(icu, in: other)
                    text.withUnsafeBufferPointer { text in
                        other.withUnsafeBufferPointer { other in
                            // Two walks of the pattern at once, their matches taken in turn (the
                            // second cannot restart the first's walk), the matches kept.
                            var first = compiled.matches(inUTF16: text).makeIterator()
                            var second = compiled.matches(inUTF16: other).makeIterator()
                            var found: [BufferMatch] = []
                            var otherFound: [BufferMatch] = []
                            while true {
                                let a = first.next()
                                let b = second.next()
                                if let a { found.append(a) }
                                if let b { otherFound.append(b) }
                                if a == nil && b == nil { break }
                            }
                            if found.map(Self.ranges) != expected || otherFound.map(Self.ranges) != otherExpected {
                                failures.append("\(pattern), interleaved on texts \(index): \(found), ICU \(expected)")
                            }
                            // A walk abandoned after its first match, then a walk of the other text.
                            var abandoned = compiled.matches(inUTF16: text).makeIterator()
                            let firstMatch = abandoned.next()
                            if firstMatch.map(Self.ranges) != expected.first {
                                failures.append("\(pattern), first match of text \(index): \(String(describing: firstMatch))")
                            }
                            _ = abandoned
                            let after = compiled.matches(inUTF16: other).map(Self.ranges)
                            if after != otherExpected {
                                failures.append("\(pattern), after an abandoned walk, text \(index): \(after), ICU \(otherExpected)")
                            }
                            if compiled.matches(inUTF16: text).map(Self.ranges) != expected {
                                failures.append("\(pattern), walked again, text \(index)")
                            }
                        }
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) differences, the first: \(failures.prefix(3))")
        }

        /// The group array of a match kept while the walk goes on keeps that match's groups.
        @Test func keptMatchesKeepTheirGroups() throws {
            let compiled = try RegexPattern(#"([a-z]+)-([0-9]+)"#)
            let text = Array(String(repeating: "ab-1 cde-23 f-456 ", count: 200).utf16)
            text.withUnsafeBufferPointer { text in
                var iterator = compiled.matches(inUTF16: text).makeIterator()
                var kept: [[Range<Int>?]] = []
                // The groups of each of the three matches of a copy, from its start.
                let groups = [[0..<2, 3..<4], [5..<8, 9..<11], [12..<13, 14..<17]]
                while let match = iterator.next() {
                    kept.append(match.groupRanges)
                }
                let expected: [[Range<Int>?]] = (0..<600).map { index in
                    groups[index % 3].map { ($0.lowerBound + 18 * (index / 3))..<($0.upperBound + 18 * (index / 3)) }
                }
                #expect(kept == expected)
                #expect(compiled.matches(inUTF16: text).map(\.groupRanges) == expected)
            }
        }

        /// One pattern walked by concurrent tasks, each over every text: each walk's matches
        /// are ICU's, whichever walk (the pattern's reusable one or a new one) it got.
        @Test func concurrentWalksOfOnePatternFindICUsMatches() async throws {
            var random = SplitMix64(seed: Self.seed &+ 1)
            let texts = Self.texts(&random)
            for pattern in Self.patterns.prefix(3) {
                let compiled = try RegexPattern(pattern)
                let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
                let expected = texts.map { Self.expected(icu, in: $0) }
                let differences = await withTaskGroup(of: Int.self) { group in
                    for task in 0..<4 {
                        group.addTask {
                            var differences = 0
                            for round in 0..<3 {
                                for index in texts.indices {
                                    let index = (index + task * 31 + round * 7) % texts.count
                                    let found = texts[index].withUnsafeBufferPointer { compiled.matches(inUTF16: $0).map(Self.ranges) }
                                    if found != expected[index] { differences += 1 }
                                }
                            }
                            return differences
                        }
                    }
                    return await group.reduce(0, +)
                }
                #expect(differences == 0, "\(pattern): \(differences) walks differ from ICU's")
            }
        }

        /// A pattern whose reusable walk exists is let go with it: the walk does not hold it.
        @Test func aPatternWithAReusableWalkIsLetGo() throws {
            weak var released: RegexPattern?
            try {
                let compiled = try RegexPattern(#"^([A-Z]+);(\d+)$"#)
                released = compiled
                let text = Array("AB;12".utf16)
                for _ in 0..<2_000 {
                    let found = text.withUnsafeBufferPointer { compiled.matches(inUTF16: $0).map(Self.ranges) }
                    #expect(found == [[0..<5, 0..<2, 3..<5]])
                }
                #expect(compiled.reusableWalk.load(ordering: .acquiring) != 0)
            }()
            #expect(released == nil)
        }
    }
}
