import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

extension LibraryTests {
    /// The match automaton's skip in its start state on both sides of
    /// ``MatchStartScanner/ASCIISkip/shortestVectorSkip``: below it the skip reads the text one
    /// by one, from it on it calls its vector loop. The skip alone against a search one unit
    /// at a time, and first matches of the automaton against ICU alone on texts from empty to
    /// 80 bytes, with the match anywhere or nowhere.
    @Suite struct MatchAutomatonShortSkipTests {
        static let seed: UInt64 = 0x5348_4F52_5453_4B50

        @Test("the ASCII skip stops where the table says, in UTF-8 and UTF-16, short and long: 3,000 generated cases")
        func skipAgainstTable() {
            var random = SplitMix64(seed: Self.seed)
            var lengthsLeft: Set<Bool> = []
            for caseIndex in 0..<3_000 {
                var keeps = [Bool](repeating: true, count: 128)
                for _ in 0..<random.number(in: 0...8) { keeps[random.number(in: 0...0x7F)] = false }
                let scanner = MatchStartScanner(keepsStart: keeps)
                let skip = scanner.asciiSkip!
                // Mostly characters that keep the start state, so that the skip goes far.
                let kept = (0..<128).filter { keeps[$0] }.map { Character(Unicode.Scalar(UInt8($0))) }
                let others = (0..<128).filter { !keeps[$0] }.map { Character(Unicode.Scalar(UInt8($0))) } + ["ж", "福", "😀"]
                var text = ""
                for _ in 0..<random.number(in: 0...80) {
                    text.append(random.chance(0.04) || kept.isEmpty ? random.element(of: others) : random.element(of: kept))
                }
                let bytes = Array(text.utf8)
                let start = random.number(in: 0...bytes.count)
                lengthsLeft.insert(bytes.count - start >= MatchStartScanner.ASCIISkip.shortestVectorSkip)
                let expected = (start..<bytes.count).first { bytes[$0] >= 0x80 || !keeps[Int(bytes[$0])] } ?? bytes.count
                let found = bytes.withUnsafeBufferPointer {
                    skip.firstPossibleStart(inUTF8: $0.baseAddress!, from: start, to: bytes.count)
                }
                #expect(found == expected, "case \(caseIndex), UTF-8 from \(start) of \(text.debugDescription)")
                let units = Array(text.utf16)
                let unitStart = min(start, units.count)
                let expectedUnit = (unitStart..<units.count).first { units[$0] >= 0x80 || !keeps[Int(units[$0])] } ?? units.count
                let foundUnit = units.withUnsafeBufferPointer {
                    skip.firstPossibleStart(inUTF16: $0.baseAddress!, from: unitStart, to: units.count)
                }
                #expect(foundUnit == expectedUnit, "case \(caseIndex), UTF-16 from \(unitStart) of \(text.debugDescription)")
            }
            #expect(lengthsLeft == [false, true], "both sides of the threshold")
        }

        /// Patterns whose automaton skips in its start state (no empty match, no `\b`).
        static let patterns = ["[0-9]{3}-[0-9]{3}-[0-9]{4}", "\\d+", "x[a-z]*y", "ж+", "[A-Z][a-z]+", "[#@]\\w+|%"]
        /// The texts' filler, which keeps the start state of most of the patterns, and what they match.
        static let filler = ["a", "b", "c", " ", "n", "o", "w", ".", "é"]
        static let pieces = ["555-123-4567", "42", "xaby", "ж", "Call", "#tag", "%", "😀"]

        @Test("first matches of the automaton and of ICURegularExpression against ICU alone, texts of 0 to 80 bytes")
        func firstMatchesAgainstICU() throws {
            var random = SplitMix64(seed: Self.seed &+ 1)
            var decided = (short: 0, long: 0)
            for pattern in Self.patterns {
                let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
                let compiled = try RegexPattern(pattern)
                // The automaton built, as after many short searches, so that short texts go to it.
                if let automata = compiled.matchAutomata, let automaton = automata.take() { automata.put(automaton) }
                let expression = try ICURegularExpression(pattern: pattern)
                let foundation = try NSRegularExpression(pattern: pattern)
                for _ in 0..<150 {
                    var text = (0..<random.number(in: 0...76)).map { _ in random.element(of: Self.filler) }.joined()
                    if random.chance(0.8) {
                        let place = text.index(text.startIndex, offsetBy: random.number(in: 0...text.count))
                        text.insert(contentsOf: random.element(of: Self.pieces), at: place)
                    }
                    let units = Array(text.utf16)
                    let expected = try units.withUnsafeBufferPointer { try icu.firstRange(inUTF16: $0, anchored: false) }
                    let utf16 = try units.withUnsafeBufferPointer { try compiled.firstRange(inUTF16: $0, anchored: false) }
                    #expect(utf16 == expected, "\(pattern) in UTF-16 of \(text.debugDescription)")
                    let outcome = text.utf8.withContiguousStorageIfAvailable { compiled.firstRange(inUTF8: $0, anchored: false) }
                    if case .decided(let match) = outcome {
                        if text.utf8.count < 2 * MatchStartScanner.ASCIISkip.shortestVectorSkip {
                            decided.short += 1
                        } else {
                            decided.long += 1
                        }
                        let found = match.map { UTF16Range(location: Self.utf16Offset(text, $0.lowerBound),
                                                           length: Self.utf16Offset(text, $0.upperBound) - Self.utf16Offset(text, $0.lowerBound)) }
                        #expect((found ?? .notFound) == expected, "\(pattern) in UTF-8 of \(text.debugDescription)")
                    }
                    let whole = NSRange(location: 0, length: units.count)
                    let range = expression.rangeOfFirstMatch(in: text, range: whole)
                    let expectedRange = NSRange(location: expected.range?.lowerBound ?? NSNotFound, length: expected.range?.count ?? 0)
                    #expect(range == expectedRange, "\(pattern): ICURegularExpression in \(text.debugDescription)")
                    #expect(range == foundation.rangeOfFirstMatch(in: text, range: whole), "\(pattern): Foundation in \(text.debugDescription)")
                }
            }
            #expect(decided.short > 300 && decided.long > 100, "the automaton decided \(decided)")
        }

        /// The UTF-16 offset of `utf8Offset` of `text`.
        static func utf16Offset(_ text: String, _ utf8Offset: Int) -> Int {
            text.utf16.distance(from: text.startIndex, to: text.utf8.index(text.startIndex, offsetBy: utf8Offset))
        }
    }
}
