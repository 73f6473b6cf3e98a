import Foundation
import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// ICU's own regular-expression tests (`regextst.txt`, extracted to
    /// `Tests/Fixtures/icu/cases.jsonl`; see its FORMAT.md) through our API: compile
    /// with the case's flags, find the first match in the whole text, check the expected range
    /// or the expected compile error.
    @Suite struct ICUConformanceTests {
        /// Cases whose result differs because the file comes from ICU 76.1 and we run the
        /// system's ICU 72. Keyed by the line in regextst.txt, with the reason.
        static let icuVersionDifferences: [Int: String] = [:]

        struct Case {
            var line: Int
            var pattern: String
            var flags: String
            var text: [UInt16]
            var expected: Range<Int>?
            var error: Bool

            var options: RegexPattern.Options {
                var options: RegexPattern.Options = []
                for flag in flags {
                    switch flag {
                    case "i": options.insert(.caseInsensitive)
                    case "x": options.insert(.allowCommentsAndWhitespace)
                    case "s": options.insert(.dotMatchesLineSeparators)
                    case "m": options.insert(.anchorsMatchLines)
                    case "D": options.insert(.useUnixLineSeparators)
                    case "e": options.insert(.errorOnUnknownEscapes)
                    case "Q": options.insert(.ignoreMetacharacters)
                    default: break
                    }
                }
                return options
            }
        }

        static func loadCases() throws -> [Case] {
            let contents = try String(contentsOf: TestFixtures.icuCases, encoding: .utf8)
            return try contents.split(separator: "\n").map { line in
                let json = try JSONValue(parsing: String(line))
                let expect = json["expect"]?.array
                return Case(
                    line: try #require(json["line"]?.int),
                    pattern: try #require(json["pattern"]?.string, "a pattern with a lone surrogate: \(line)"),
                    flags: try #require(json["flags"]?.string),
                    text: try #require(json["text"]?.units),
                    expected: try expect.map { try #require($0[0].int)..<#require($0[1].int) },
                    error: json["error"]?.bool ?? false
                )
            }
        }

        @Test("ICU's regextst.txt cases give the expected first match or compile error")
        func icuCases() throws {
            let cases = try Self.loadCases()
            #expect(cases.count > 1_000)
            var failures: [String] = []
            var listedSeen = Set<Int>()
            var loneSurrogateTexts = 0
            var errors = 0
            for item in cases {
                let outcome: String?
                do {
                    let compiled = try RegexPattern(item.pattern, options: item.options)
                    if item.error {
                        outcome = "compiled, but ICU expects a compile error"
                    } else {
                        let found = try item.text.withUnsafeBufferPointer { try compiled.firstRange(inUTF16: $0) }
                        var answer = found.range == item.expected ? nil : "found \(String(describing: found.range)), expected \(String(describing: item.expected))"
                        // Well-formed texts also through the String API, in UTF-16 offsets.
                        if let string = String(validating: item.text, as: UTF16.self) {
                            let range = try compiled.firstRange(in: string)
                            let offsets = range.map { $0.lowerBound.utf16Offset(in: string)..<$0.upperBound.utf16Offset(in: string) }
                            if offsets != item.expected {
                                answer = (answer ?? "") + " String API found \(String(describing: offsets))"
                            }
                        } else {
                            loneSurrogateTexts += 1
                        }
                        outcome = answer
                    }
                } catch {
                    if item.error {
                        errors += 1
                        outcome = nil
                    } else {
                        outcome = "\(error)"
                    }
                }
                guard let outcome else { continue }
                if Self.icuVersionDifferences[item.line] != nil {
                    listedSeen.insert(item.line)
                } else {
                    failures.append("line \(item.line): \(String(reflecting: item.pattern)) flags \"\(item.flags)\" on \(UTF16Units.describe(item.text)): \(outcome)")
                }
            }
            print("ICUConformanceTests: \(cases.count) cases, \(cases.count - failures.count - listedSeen.count) pass, \(errors) expected compile errors, \(loneSurrogateTexts) texts with lone surrogates, \(listedSeen.count) listed ICU-version differences")
            for failure in failures {
                Issue.record(Comment(rawValue: failure))
            }
            #expect(failures.isEmpty)
            #expect(listedSeen == Set(Self.icuVersionDifferences.keys), "a listed ICU-version difference no longer occurs")
            #expect(loneSurrogateTexts == 8)
        }
    }
}
