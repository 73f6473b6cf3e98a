@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// ``LiteralAutomatonScanner``, the Aho–Corasick scanner of many literals, against a search
    /// of the literals one position at a time, on generated word lists and texts, exact and
    /// ignoring ASCII case (where the characters outside ASCII whose folding holds ASCII are
    /// occurrences too).
    @Suite struct LiteralAutomatonScannerTests {
        /// Where each occurrence of one of `literals` (and, ignoring case, of a character
        /// folding to ASCII) in `text` at or after `start` ends, with where it starts.
        static func occurrences(_ literals: RequiredLiterals, in text: [UInt8], from start: Int) -> [(start: Int, end: Int)] {
            let folded = literals.caseInsensitiveASCII ? RequiredLiterals.asciiLowercased(text) : text
            var alarms: [[UInt8]] = literals.foldingCharacters
            alarms += literals.literals
            var found: [(Int, Int)] = []
            for position in start..<max(start, text.count) {
                for literal in alarms
                where position + literal.count <= text.count && folded[position..<(position + literal.count)].elementsEqual(literal) {
                    found.append((position, position + literal.count))
                }
            }
            return found
        }

        @Test("3,000 generated word lists and texts: an occurrence that ends first, or none")
        func agreesWithNaiveSearch() throws {
            var random = SplitMix64(seed: 0xAC_2026)
            let alphabet: [UInt8] = Array("abcdefgkstABKS ".utf8)
            let extras: [[UInt8]] = [Array("\u{212A}".utf8), Array("ſ".utf8), Array("é".utf8), Array("ж".utf8), [0x0A]]
            var found = 0
            for caseIndex in 0..<3_000 {
                let ignoreCase = random.chance(0.4)
                let count = random.number(in: LiteralAutomatonScanner.minimumSpellings...80)
                var words: [[UInt8]] = []
                while words.count < count {
                    let word = (0..<random.number(in: 2...6)).map { _ in random.element(of: Array("abcdefgks".utf8)) }
                    if !words.contains(word) { words.append(word) }
                }
                let literals = PackedPairScannerTests.literals(words, ignoreCase: ignoreCase)
                let scanner = try #require(LiteralAutomatonScanner(literals))
                var text: [UInt8] = []
                for _ in 0..<random.number(in: 0...60) {
                    if random.chance(0.05) {
                        text += random.element(of: extras)
                    } else {
                        text.append(random.element(of: alphabet))
                    }
                }
                let start = random.number(in: 0...max(text.count, 0))
                let guarded = GuardedBytes(text)
                let answer = scanner.search(in: guarded.buffer, from: start)
                let all = Self.occurrences(literals, in: text, from: start)
                if let firstEnd = all.map(\.end).min() {
                    found += 1
                    let endingFirst = all.filter { $0.end == firstEnd }.map(\.start)
                    #expect(endingFirst.contains(answer), "case \(caseIndex): -i \(ignoreCase) start \(start) answer \(answer) expected one of \(endingFirst) in \(text)")
                } else {
                    #expect(answer == text.count, "case \(caseIndex): -i \(ignoreCase) start \(start) in \(text)")
                }
            }
            #expect(found > 1_000)
        }

        @Test("few literals keep the probes; too many spellings have no automaton")
        func chosenByCount() {
            let few = PackedPairScannerTests.literals([Array("ab".utf8), Array("cd".utf8)], ignoreCase: false)
            #expect(LiteralAutomatonScanner(few) == nil)
            let many = PackedPairScannerTests.literals(
                (0..<(LiteralAutomatonScanner.maximumSpellings + 1)).map { Array("w\($0)".utf8) }, ignoreCase: false)
            #expect(LiteralAutomatonScanner(many) == nil)
        }

        @Test("no character outside the Basic Multilingual Plane folds to ASCII, as the scanner assumes")
        func foldingToASCIIIsInTheBMP() {
            for value in UInt32(0x10000)...0x10FFFF where Unicode.Scalar(value) != nil {
                let folds = CaseFolding.icuFullFolding(of: value) + [CaseFolding.icuSimpleFolding(of: value)]
                #expect(!folds.contains(where: { $0 < 0x80 }), "U+\(String(value, radix: 16)) folds to ASCII")
            }
            // The characters everyone knows of are there.
            for character in ["\u{212A}", "ſ", "ﬁ", "İ", "ẞ"] {
                #expect(RequiredLiterals.charactersFoldingToASCII.contains { $0.codePoint == character.unicodeScalars.first!.value }, "\(character)")
            }
            // The table is ICU's: every character of the Basic Multilingual Plane whose folding
            // holds ASCII, with its full folding; its simple folding is ASCII exactly when the
            // full one is that one character.
            var scanned: [(codePoint: UInt32, folding: [UInt32])] = []
            for value in UInt32(0x80)...0xFFFF where Unicode.Scalar(value) != nil {
                let full = CaseFolding.icuFullFolding(of: value)
                let simple = CaseFolding.icuSimpleFolding(of: value)
                if full.contains(where: { $0 < 0x80 }) || simple < 0x80 {
                    scanned.append((value, full))
                    let asciiSimple: UInt32? = simple < 0x80 ? simple : nil
                    #expect(asciiSimple == (full.count == 1 && full[0] < 0x80 ? full[0] : nil), "U+\(String(value, radix: 16))'s simple folding")
                }
            }
            #expect(scanned.map(\.codePoint) == RequiredLiterals.charactersFoldingToASCII.map(\.codePoint))
            #expect(scanned.map(\.folding) == RequiredLiterals.charactersFoldingToASCII.map(\.folding))
            // A literal's folding characters are those whose folding lies in it.
            #expect(RequiredLiterals.charactersFolding(into: [Array("todo".utf8)]).isEmpty)
            #expect(Set(RequiredLiterals.charactersFolding(into: [Array("sherlock".utf8)])) == Set(["ſ", "\u{212A}"].map { Array($0.utf8) }))
            #expect(Set(RequiredLiterals.charactersFolding(into: [Array("fist".utf8)])) == Set(["ſ", "ﬁ", "ﬅ", "ﬆ"].map { Array($0.utf8) }))
            // In a literal outside ASCII, also those whose folding reaches across the edge of its
            // ASCII stretch into the rest of it: `İ` (`i` and a combining dot) for the stretch
            // `i` of `i̇`, `ŉ` (`ʼn`) for `ncd` of `abʼncd`, but not `ŉ` for `ab` of `ʼab`.
            #expect(RequiredLiterals.charactersFolding(into: [Array("i\u{307}".utf8)]) == [Array("İ".utf8)])
            #expect(RequiredLiterals.charactersFolding(into: [Array("ab\u{2BC}ncd".utf8)]) == [Array("ŉ".utf8)])
            #expect(RequiredLiterals.charactersFolding(into: [Array("\u{2BC}ab".utf8)]).isEmpty)
        }
    }
}

extension LibraryTests {
    /// ``LongestLiteralMatcher`` against ICU on the strings' trie, which finds the longest
    /// string at the leftmost place: every match of generated lists in generated lines, in
    /// UTF-16 and in UTF-8.
    @Suite struct LongestLiteralMatcherTests {
        @Test("1,000 generated lists and lines: the matches ICU finds on the trie, in both encodings")
        func agreesWithICUOnTheTrie() throws {
            var random = SplitMix64(seed: 0x10_6E57)
            let alphabet = Array("abcé😀 ".unicodeScalars)
            for caseIndex in 0..<1_000 {
                var strings: [String] = []
                for _ in 0..<random.number(in: 1...40) {
                    var string = ""
                    for _ in 0..<random.number(in: 1...6) { string.unicodeScalars.append(random.element(of: alphabet)) }
                    strings.append(string)
                }
                var line = ""
                for _ in 0..<random.number(in: 0...60) { line.unicodeScalars.append(random.element(of: alphabet)) }
                let matcher = try #require(LongestLiteralMatcher(strings))
                let trie = try RegexPattern(PatternAssembler.trie(of: strings)).makeMatcher()
                let units = Array(line.utf16)
                let bytes = Array(line.utf8)
                for from in [0, units.count / 2] {
                    let expected = try units.withUnsafeBufferPointer { try trie.firstMatch(inUTF16: $0, from: from) }
                    let actual = units.withUnsafeBufferPointer { matcher.firstMatch(in: .utf16($0), from: from) }
                    #expect(actual == expected, "case \(caseIndex) UTF-16 from \(from): \(strings) in \(line)")
                }
                let expected = try bytes.withUnsafeBytes { try trie.firstMatch(inUTF8: $0, from: 0) }
                let actual = bytes.withUnsafeBytes { matcher.firstMatch(in: .utf8($0), from: 0) }
                #expect(actual == expected, "case \(caseIndex) UTF-8: \(strings) in \(line)")
            }
        }
    }
}
