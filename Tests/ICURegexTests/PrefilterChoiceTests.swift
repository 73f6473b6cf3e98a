@testable import ICURegex
import Testing

extension LibraryTests {
    /// The prefilter's one choice of scanner (see ``Prefilter``): which scanner takes which
    /// literal set, in UTF-16, in UTF-8 and in raw input bytes. What each scanner finds is
    /// checked against ICU and naive searches by the scanners' own differential tests; these
    /// pin the choice, so that a change of rank is a change of these expectations.
    @Suite struct PrefilterChoiceTests {
        /// The name of the UTF-16 scanner the prefilter chose.
        static func utf16ScannerName(_ prefilter: Prefilter) -> String {
            switch prefilter.utf16Scanner {
            case .packedPair: "packed pair"
            case .teddy: "teddy"
            case .caseInsensitive: "case-insensitive"
            }
        }

        /// The name of the block scanner the prefilter chooses for `literals`.
        static func blockScannerName(_ literals: RequiredLiterals) -> String {
            switch Prefilter.blockScanner(for: literals) {
            case .byte: "byte"
            case .literal: "literal"
            case .teddy: "teddy"
            case .automaton: "automaton"
            case .probes: "probes"
            case .probesBesideFoldingCharacters: "probes beside folding characters"
            }
        }

        static func utf8(_ strings: [String]) -> [[UInt8]] { strings.map { Array($0.utf8) } }

        @Test("with case: one literal by the packed pair, two to the set's size by Teddy, more by none; UTF-8 up to eight")
        func withCase() throws {
            let one = try #require(Prefilter(literals: Self.utf8(["Holmes"]), caseHandling: .exact))
            #expect(Self.utf16ScannerName(one) == "packed pair")
            #expect(one.utf8Literals != nil && one.utf8CaseInsensitiveScanner == nil)
            #expect(one.utf16Literals == [Array("Holmes".utf16)])

            let names = Self.utf8(["Sherlock Holmes", "John Watson", "Irene Adler"])
            let several = try #require(Prefilter(literals: names, caseHandling: .exact))
            #expect(Self.utf16ScannerName(several) == "teddy")
            #expect(several.utf8Literals?.hasSeveralLiterals == true)

            let nine = Self.utf8((0..<9).map { "word\($0)" })
            if nine.count <= LiteralFacts.maximumSetSize {
                let prefilter = try #require(Prefilter(literals: nine, caseHandling: .exact))
                #expect(Self.utf16ScannerName(prefilter) == "teddy")
                #expect(prefilter.utf8Literals == nil, "more literals than the UTF-8 scan takes")
            }
            let tooMany = Self.utf8((0...LiteralFacts.maximumSetSize).map { "word\($0)" })
            #expect(Prefilter(literals: tooMany, caseHandling: .exact) == nil)
            #expect(Prefilter(literals: [], caseHandling: .exact) == nil)
            #expect(Prefilter(literals: [[]], caseHandling: .exact) == nil)
            #expect(Prefilter(literals: Self.utf8(["a", ""]), caseHandling: .exact) == nil)
        }

        @Test("with case, an ill-formed literal: the UTF-8 scan compares what the UTF-16 scan does, U+FFFD for the ill-formed byte")
        func illFormedLiteral() throws {
            let prefilter = try #require(Prefilter(literals: [[0x61, 0xFF, 0x62], Array("é".utf8)], caseHandling: .exact))
            #expect(prefilter.utf16Literals == [Array("a\u{FFFD}b".utf16), Array("é".utf16)])
            let search = try #require(prefilter.utf8Literals)
            let text = Array("x a\u{FFFD}b é".utf8)
            text.withUnsafeBufferPointer { #expect(search.firstMatch(in: $0.baseAddress!, from: 0, to: $0.count) == 2..<7) }
            let raw: [UInt8] = [0x78, 0x61, 0xFF, 0x62]
            raw.withUnsafeBufferPointer { #expect(search.firstMatch(in: $0.baseAddress!, from: 0, to: $0.count) == nil) }
        }

        @Test("ignoring case: the case-variant scanners in UTF-16 and UTF-8, none for unknown characters")
        func ignoringCase() throws {
            let ascii = try #require(Prefilter(literals: Self.utf8(["sherlock"]), caseHandling: .ignoringCase))
            #expect(Self.utf16ScannerName(ascii) == "case-insensitive")
            #expect(ascii.utf8CaseInsensitiveScanner != nil && ascii.utf8Literals == nil)
            let cyrillic = try #require(Prefilter(literals: Self.utf8(["холмс", "ватсон"]), caseHandling: .ignoringCase))
            #expect(Self.utf16ScannerName(cyrillic) == "case-insensitive")
            // Chinese characters have no case variants that the scanner knows.
            #expect(Prefilter(literals: Self.utf8(["福尔摩斯"]), caseHandling: .ignoringCase) == nil)
        }

        @Test("the plan's prefilter is the one asked: exact and required literals, runs ignoring case, none for the automaton")
        func planHoldsThePrefilter() throws {
            #expect(SearchPlan(pattern: "Holmes|Watson", options: [])?.prefilter.map(Self.utf16ScannerName) == "teddy")
            #expect(SearchPlan(pattern: "Holmes\\w+", options: [])?.prefilter.map(Self.utf16ScannerName) == "packed pair")
            #expect(SearchPlan(pattern: "holmes\\s+\\w+", options: .caseInsensitive)?.prefilter.map(Self.utf16ScannerName) == "case-insensitive")
            let automaton = try #require(SearchPlan(pattern: "\\w{5}\\s+\\d", options: []))
            #expect(automaton.prefilter == nil)
            let pattern = try RegexPattern("Holmes|Watson")
            #expect(pattern.strategy.utf8Literals != nil, "a pattern of exact literals without groups walks the prefilter's UTF-8 scan")
            let grouped = try RegexPattern("(Holmes|Watson)")
            #expect(grouped.strategy.utf8Literals == nil, "a pattern with groups does not")
        }

        @Test("the line search: one byte, one literal, Teddy, the automaton, the probes")
        func blockScanners() throws {
            typealias Literals = PackedPairScannerTests
            #expect(Self.blockScannerName(Literals.literals(Self.utf8(["a", "b"]), ignoreCase: false)) == "byte")
            #expect(Self.blockScannerName(Literals.literals(Self.utf8(["Holmes"]), ignoreCase: false)) == "literal")
            #expect(Self.blockScannerName(Literals.literals(Self.utf8(["Holmes", "Watson", "Adler"]), ignoreCase: false)) == "teddy")
            #expect(Self.blockScannerName(Literals.literals(Self.utf8((0..<100).map { "word\($0)" }), ignoreCase: false)) == "automaton")
            // One literal ignoring case: the probes, with the characters folding into it.
            #expect(Self.blockScannerName(Literals.literals(Self.utf8(["sherlock"]), ignoreCase: true)) == "probes")
            let required = try #require(RequiredLiterals(wordList: (0..<500).map { "word\($0)" }))
            #expect(Self.blockScannerName(required) == "automaton")
        }
    }
}
