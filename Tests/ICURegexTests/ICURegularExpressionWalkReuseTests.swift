import Foundation
import ICURegex
import ICURegexFoundation
import Testing
import TestSupport

extension LibraryTests {
    /// `ICURegularExpression`'s calls on the pattern's reusable walk (``MatchWalk/reusable(pattern:text:count:findsEndFlags:)``),
    /// which an enumeration without a region, progress or `.anchored` restarts for each call,
    /// with end flags (`enumerateMatches`) or without (results arrays, counts): every result
    /// and flag against Foundation's, with calls of both kinds interleaved on many short
    /// ranges of one string (the walk switching between flags and none), the same expression
    /// called again from inside an enumeration's block, and one expression called by
    /// concurrent tasks.
    @Suite struct ICURegularExpressionWalkReuseTests {
        /// Patterns whose walks take different ways on short texts: the whole-text run of
        /// `^X$`, ICU's loop (look-behind, `\b`), the automaton, an empty match, a `$` whose
        /// flags depend on the end.
        static let patterns = [
            #"^([0-9A-F]+);([^;]*);([YN])$"#, #"(\w+)=(\d*)"#, #"(?<=a)(b+)"#, #"\b\w+\b"#, "x*", "[a-z]+$", #"(\d+)(?:-(\d+))?"#,
        ]

        static let pieces = ["0A", "F", "9", ";", ";", "Y", "N", "a", "b", "ab", "key=", "7", "-", " ", "é", "😀", "x", "xx"]

        /// One string of many short lines, and the range of each line (rebar's `parse-line`
        /// searches each line's range of the whole text).
        static let text: (string: String, lines: [NSRange]) = {
            var random = SplitMix64(seed: 0x5745_4C4B_5245_5553)
            var string = ""
            var lines: [NSRange] = []
            for _ in 0..<250 {
                let length = Int(random.next() % 14)
                var line = ""
                while line.utf16.count < length { line += random.element(of: pieces) }
                lines.append(NSRange(location: string.utf16.count, length: line.utf16.count))
                string += line + "\n"
            }
            return (string, lines)
        }()

        /// Every range of `result`.
        static func describe(_ result: NSTextCheckingResult?) -> String {
            guard let result else { return "nil" }
            return (0..<result.numberOfRanges).map { index in
                let range = result.range(at: index)
                return range.location == NSNotFound ? "{NF}" : "{\(range.location),\(range.length)}"
            }.joined()
        }

        /// The enumeration of `range` as results and flags, with the completion call.
        static func enumeration(
            _ range: NSRange, in string: String,
            _ enumerate: (String, NSRange, @escaping (NSTextCheckingResult?, NSRegularExpression.MatchingFlags) -> Void) -> Void
        ) -> [String] {
            var found: [String] = []
            enumerate(string, range) { result, flags in found.append("\(describe(result)) \(flags.rawValue)") }
            return found
        }

        static func foundationEnumeration(_ expression: NSRegularExpression, _ range: NSRange, in string: String) -> [String] {
            enumeration(range, in: string) { string, range, body in
                expression.enumerateMatches(in: string, options: .reportCompletion, range: range) { result, flags, _ in
                    body(result, flags)
                }
            }
        }

        static func dropInEnumeration(_ expression: ICURegularExpression, _ range: NSRange, in string: String) -> [String] {
            enumeration(range, in: string) { string, range, body in
                expression.enumerateMatches(in: string, options: .reportCompletion, range: range) { result, flags, _ in
                    body(result, flags)
                }
            }
        }

        /// Each line's enumeration (with flags), results array and count, in turn, and each
        /// line's enumeration and the next line's results array interleaved: Foundation's.
        @Test func interleavedCallsGiveFoundationsResultsAndFlags() throws {
            let (string, lines) = Self.text
            var failures: [String] = []
            for pattern in Self.patterns {
                let expression = try ICURegularExpression(pattern: pattern)
                let foundation = try NSRegularExpression(pattern: pattern)
                for (index, line) in lines.enumerated() {
                    let expected = Self.foundationEnumeration(foundation, line, in: string)
                    let expectedArray = foundation.matches(in: string, range: line).map(Self.describe)
                    if Self.dropInEnumeration(expression, line, in: string) != expected {
                        failures.append("\(pattern), enumeration of line \(index)")
                    }
                    if expression.matches(in: string, range: line).map(Self.describe) != expectedArray {
                        failures.append("\(pattern), results of line \(index)")
                    }
                    if expression.numberOfMatches(in: string, range: line) != expectedArray.count {
                        failures.append("\(pattern), count of line \(index)")
                    }
                    // An enumeration whose block asks for the next line's results and
                    // enumeration (the walk of this one is busy: they take walks of their own),
                    // and then this line's again.
                    let next = lines[(index + 1) % lines.count]
                    let expectedNext = Self.foundationEnumeration(foundation, next, in: string)
                    let expectedNextArray = foundation.matches(in: string, range: next).map(Self.describe)
                    var found: [String] = []
                    expression.enumerateMatches(in: string, options: .reportCompletion, range: line) { result, flags, _ in
                        found.append("\(Self.describe(result)) \(flags.rawValue)")
                        if expression.matches(in: string, range: next).map(Self.describe) != expectedNextArray {
                            failures.append("\(pattern), results of line \(index + 1) inside line \(index)'s enumeration")
                        }
                        if Self.dropInEnumeration(expression, next, in: string) != expectedNext {
                            failures.append("\(pattern), enumeration of line \(index + 1) inside line \(index)'s")
                        }
                    }
                    if found != expected {
                        failures.append("\(pattern), enumeration of line \(index) around others: \(found), Foundation \(expected)")
                    }
                    if Self.dropInEnumeration(expression, line, in: string) != expected {
                        failures.append("\(pattern), enumeration of line \(index) again")
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) differences, the first: \(failures.prefix(3))")
        }

        /// One expression called by concurrent tasks, enumerations and results arrays mixed:
        /// each call's results and flags are Foundation's, whichever walk it got.
        @Test func concurrentCallsGiveFoundationsResultsAndFlags() async throws {
            let (string, lines) = Self.text
            for pattern in Self.patterns.prefix(3) {
                let expression = try ICURegularExpression(pattern: pattern)
                let foundation = try NSRegularExpression(pattern: pattern)
                let expected = lines.map { Self.foundationEnumeration(foundation, $0, in: string) }
                let expectedArrays = lines.map { foundation.matches(in: string, range: $0).map(Self.describe) }
                let differences = await withTaskGroup(of: Int.self) { group in
                    for task in 0..<4 {
                        group.addTask {
                            var differences = 0
                            for round in 0..<3 {
                                for index in lines.indices {
                                    let index = (index + task * 31 + round * 7) % lines.count
                                    if (index + task) % 2 == 0 {
                                        if Self.dropInEnumeration(expression, lines[index], in: string) != expected[index] {
                                            differences += 1
                                        }
                                    } else if expression.matches(in: string, range: lines[index]).map(Self.describe)
                                        != expectedArrays[index]
                                    {
                                        differences += 1
                                    }
                                }
                            }
                            return differences
                        }
                    }
                    return await group.reduce(0, +)
                }
                #expect(differences == 0, "\(pattern): \(differences) calls differ from Foundation's")
            }
        }
    }
}
