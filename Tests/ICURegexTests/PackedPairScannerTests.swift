@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// The one-pass literal scanner of the prefilter against ``CandidateLineReference``: the
    /// candidate lines it proposes, one after another as the searcher asks, must be exactly the
    /// lines that hold a literal.
    @Suite struct PackedPairScannerTests {
        /// Literals as ``RequiredLiterals`` holds them (lowercase ASCII with `ignoreCase`).
        static func literals(_ literals: [[UInt8]], ignoreCase: Bool, variants: [String] = []) -> RequiredLiterals {
            var required = RequiredLiterals(patterns: ["xy"], ignoreCase: false)!
            required.literals = ignoreCase ? literals.map(RequiredLiterals.asciiLowercased) : literals
            required.caseInsensitiveASCII = ignoreCase && !literals.isEmpty
            required.foldingCharacters = required.caseInsensitiveASCII ? RequiredLiterals.charactersFolding(into: required.literals) : []
            required.variantLiterals = variants.map { CaseVariantLiteral.longestSafeRun(Array($0.unicodeScalars))! }
            return required
        }

        /// The candidate line starts that a ``CandidateLineFinder`` proposes for `text`, asked
        /// as the searcher asks: from each line after the last candidate, within one block.
        static func proposedStarts(_ literals: RequiredLiterals, in text: [UInt8], blockEnd: Int? = nil) -> [Int] {
            let finder = CandidateLineFinder(literals)
            let end = blockEnd ?? text.count
            return text.withUnsafeBytes { whole in
                let block = UnsafeRawBufferPointer(rebasing: whole[..<end])
                finder.forgetBlock()
                var starts: [Int] = []
                var position = 0
                while position < block.count {
                    let candidate = finder.nextCandidateLine(in: block, from: position, terminator: 10, nulEndsLines: false).start
                    guard candidate < block.count else { break }
                    starts.append(candidate)
                    position = (block[candidate...].firstIndex(of: 10) ?? block.count) + 1
                }
                return starts
            }
        }

        /// Expects the finder and the reference to agree on `text`.
        static func expectAgreement(_ literals: RequiredLiterals, _ text: [UInt8], _ comment: Comment? = nil) {
            let expected = CandidateLineReference(literals).candidateLineStarts(in: text)
            let proposed = proposedStarts(literals, in: text)
            #expect(proposed == expected, comment)
        }

        @Test("a literal of two bytes at the start, the end and across the vector steps")
        func shortLiteralEverywhere() {
            let literals = Self.literals([Array("qz".utf8)], ignoreCase: false)
            for length in [1, 2, 15, 16, 17, 63, 64, 65, 100, 200] {
                for offset in stride(from: 0, through: length - 2, by: 1) {
                    var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    text[offset] = UInt8(ascii: "q")
                    text[offset + 1] = UInt8(ascii: "z")
                    Self.expectAgreement(literals, text, "length \(length), offset \(offset)")
                    Self.expectAgreement(literals, text + [10] + text, "two lines, length \(length), offset \(offset)")
                }
            }
        }

        @Test("a literal cut by the block's end is not found there")
        func literalAtBlockEnd() {
            let literals = Self.literals([Array("Holmes".utf8)], ignoreCase: false)
            for prefix in [0, 10, 58, 59, 60, 61, 100, 300] {
                let text = [UInt8](repeating: UInt8(ascii: "x"), count: prefix) + Array("Holmes tail".utf8)
                for cut in (prefix + 1)...(prefix + 6) {
                    let expected = cut == prefix + 6 ? [0] : []
                    #expect(Self.proposedStarts(literals, in: text, blockEnd: cut) == expected, "prefix \(prefix), cut \(cut)")
                }
            }
        }

        @Test("-i folds letters only: @ is not `, [ is not {")
        func caseFoldingOfLettersOnly() {
            let literals = Self.literals([Array("a@[z".utf8)], ignoreCase: true)
            let lines = ["xA@[Zx", "xa`[zx", "xa@{zx", "xA@[z", "a@[", "`@[z", "A@[Z", "xx\u{C4}xx"]
            let text = Array(lines.joined(separator: "\n").utf8)
            #expect(Self.proposedStarts(literals, in: text) == CandidateLineReference(literals).candidateLineStarts(in: text))
            // Lines 0, 3, 6 hold the literal; line 7 holds a byte outside ASCII, but no character
            // folding into the literal.
            let starts = Self.proposedStarts(literals, in: text)
            #expect(starts.count == 3)
            // The Kelvin sign folds to k: a line holding it is a candidate for a literal with k.
            let withK = Self.literals([Array("ok".utf8)], ignoreCase: true)
            #expect(Self.proposedStarts(withK, in: Array("no\nx\u{212A}x\nO\u{212A}\n\u{C4}\n".utf8)) == [3, 9])
        }

        @Test("-i literals with more probes than registers: the folding characters are a scan of their own, with the same lines")
        func foldingCharactersScannedApart() {
            var random = SplitMix64(seed: 0xF01D)
            let names = ["sherlock holmes", "john watson", "irene adler", "inspector lestrade", "professor moriarty"]
            let literals = Self.literals(names.map { Array($0.utf8) }, ignoreCase: true)
            // ſ, the Kelvin sign, ß, ẞ, ﬅ and ﬆ fold into the names: more probes than the scan
            // keeps in registers.
            #expect(PackedPairScanner(literals).probeCount > PackedPairScanner.probesInRegisters)
            #expect(PackedPairScanner(literals, part: .withoutFoldingCharacters).probeCount <= PackedPairScanner.probesInRegisters)
            let pieces = names.map { $0.uppercased() } + literals.foldingCharacters.map { String(decoding: $0, as: UTF8.self) }
                + ["x", "jo", "ж", "\n", "\n", " ", "™", "№", "\u{C3}"]
            for caseIndex in 0..<300 {
                let text = Array((0..<random.number(in: 0...80)).map { _ in random.element(of: pieces) }.joined().utf8)
                Self.expectAgreement(literals, text, "case \(caseIndex)")
            }
        }

        @Test("overlapping, adjacent and shared-byte literals, bytes 0x80 and above")
        func overlapsAndSharedBytes() {
            let sets: [[[UInt8]]] = [
                [Array("aa".utf8)], [Array("abab".utf8), Array("baba".utf8)],
                [Array("ab".utf8), Array("bc".utf8), Array("ca".utf8)],
                [[0xC3, 0xA9], [0xA9, 0x41], [0x80, 0xFF, 0x80]],
            ]
            let texts: [[UInt8]] = [
                Array("aaaa\nab\nababab\nxbabax\ncacab\n".utf8), [0xC3, 0xA9, 0x41, 10, 0x80, 0xFF, 0x80, 0x80, 10, 0xA9, 0xC3],
            ]
            for literalSet in sets {
                for text in texts {
                    for ignoreCase in [false, true] {
                        Self.expectAgreement(Self.literals(literalSet, ignoreCase: ignoreCase), text, "\(literalSet) \(text) \(ignoreCase)")
                    }
                }
            }
        }

        @Test("random texts and literal sets over a small alphabet: 3,000 cases")
        func randomCases() {
            var random = SplitMix64(seed: 0x9A1C_5EED)
            let alphabet: [UInt8] = Array("aAbBzZ@`[{ \n".utf8) + [0x80, 0xC3, 0xA9, 0xFF]
            for caseIndex in 0..<3_000 {
                let literalCount = random.number(in: 1...6)
                var literalSet: [[UInt8]] = []
                for _ in 0..<literalCount {
                    let length = random.number(in: 2...5)
                    literalSet.append((0..<length).map { _ in random.element(of: alphabet.filter { $0 != 10 }) })
                }
                let ignoreCase = random.chance(0.4)
                let textLength = random.number(in: 0...300)
                let text = (0..<textLength).map { _ in random.element(of: alphabet) }
                Self.expectAgreement(Self.literals(literalSet, ignoreCase: ignoreCase), text, "case \(caseIndex)")
            }
        }

        @Test("case-variant literals: every spelling, near the vector steps and the block end")
        func caseVariantLiterals() {
            let literals = Self.literals([], ignoreCase: true, variants: ["Холмс", "Ирен", "σοφία"])
            let spellings = ["холмс", "ХОЛМС", "Х\u{1C82}лм\u{1C83}", "ХоЛмС", "ирен", "ИРЕН", "ΣΟΦΊΑ", "σοφία", "ςοφία"]
            let near = ["холм", "олмс", "Хлмс", "ире", "Ирeн", "σοφια"]
            var random = SplitMix64(seed: 0xC7_11C)
            for caseIndex in 0..<400 {
                var text: [UInt8] = []
                while text.count < random.number(in: 0...260) {
                    let piece = random.chance(0.2) ? random.element(of: spellings) : random.element(of: near + ["x", "ж", " ", "\n", "ab"])
                    text += Array(piece.utf8)
                }
                Self.expectAgreement(literals, text, "case \(caseIndex): \(String(decoding: text, as: UTF8.self).debugDescription)")
            }
        }

        @Test("probe sides accept exactly their byte sets")
        func probeSidesAcceptTheirSets() {
            var random = SplitMix64(seed: 0x51DE)
            for _ in 0..<300 {
                let set = (0..<random.number(in: 1...5)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                let sides = ProbeSet.sides(at: 0, accepting: set)
                for byte in UInt8.min...UInt8.max {
                    let accepted = sides.contains { byte | $0.fold == $0.value }
                    #expect(accepted == set.contains(byte), "set \(set), byte \(byte)")
                }
            }
            // A Cyrillic case pair shares one folded side: р is D1 80, Р is D0 A0.
            #expect(ProbeSet.sides(at: 3, accepting: [0x80, 0xA0]) == [ProbeByte(offset: 3, value: 0xA0, fold: 0x20)])
        }
    }
}
