import CByteScan
@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// Teddy (`bytescan_teddy_find`, each of its implementations) and ``TeddyScanner`` against a
    /// search of the literals one position at a time, on generated literal sets (one literal to
    /// 64, of one byte to forty, exact and ignoring ASCII case) and texts, with occurrences at
    /// the texts' ends and the literals' fingerprints at their starts or inside them.
    @Suite struct TeddyScannerTests {
        /// A literal as the test draws it.
        struct DrawnLiteral {
            var bytes: [UInt8]
            var ignoresCase: Bool

            /// True when the literal occurs at `position` of `text`.
            func occurs(in text: [UInt8], at position: Int) -> Bool {
                guard position + bytes.count <= text.count else { return false }
                for (offset, byte) in bytes.enumerated() {
                    let found = text[position + offset]
                    if (ignoresCase ? CaseFolding.asciiLowercased(found) : found) != byte { return false }
                }
                return true
            }
        }

        /// The Teddy implementations this processor runs.
        static var kernels: [Int32] {
            [BYTESCAN_TEDDY_KERNEL_SCALAR, BYTESCAN_TEDDY_KERNEL_SSSE3, BYTESCAN_TEDDY_KERNEL_AVX2]
                .map { Int32($0) }.filter { bytescan_teddy_kernel_available($0) }
        }

        /// A drawn set of literals: mostly short words over a small alphabet, so that they
        /// occur and share fingerprints, sometimes long ones and single bytes.
        static func drawLiterals(_ random: inout SplitMix64, alphabet: [UInt8]) -> [DrawnLiteral] {
            let count = random.chance(0.3) ? random.number(in: 9...64) : random.number(in: 1...8)
            let longest = random.chance(0.2) ? 40 : random.number(in: 1...6)
            return (0..<count).map { _ in
                let ignoresCase = random.chance(0.3)
                let bytes = (0..<random.number(in: 1...longest)).map { _ -> UInt8 in
                    let byte = random.element(of: alphabet)
                    return ignoresCase ? CaseFolding.asciiLowercased(byte) : byte
                }
                return DrawnLiteral(bytes: bytes, ignoresCase: ignoresCase)
            }
        }

        /// A drawn text over `alphabet`, with occurrences of `literals` planted in it, one of
        /// them often at its very end.
        static func drawText(_ random: inout SplitMix64, alphabet: [UInt8], literals: [DrawnLiteral]) -> [UInt8] {
            var text: [UInt8] = []
            let length = random.chance(0.2) ? random.number(in: 100...300) : random.number(in: 0...80)
            while text.count < length {
                if random.chance(0.05) {
                    let literal = random.element(of: literals)
                    text += literal.bytes.map { literal.ignoresCase && random.chance(0.5) && (0x61...0x7A).contains($0) ? $0 ^ 0x20 : $0 }
                } else {
                    text.append(random.element(of: alphabet))
                }
            }
            if random.chance(0.3) {
                text += random.element(of: literals).bytes
            }
            return text
        }

        /// The first position at or after `start` where a literal occurs, with the end of the
        /// longest literal occurring there; nil when none does.
        static func firstOccurrence(of literals: [DrawnLiteral], in text: [UInt8], from start: Int) -> (start: Int, end: Int)? {
            for position in start..<max(start, text.count) {
                let ends = literals.filter { $0.occurs(in: text, at: position) }.map { position + $0.bytes.count }
                if let end = ends.max() { return (position, end) }
            }
            return nil
        }

        @Test("4,000 generated literal sets and texts, every implementation: the first occurrence, or one inside it")
        func agreesWithNaiveSearch() throws {
            var random = SplitMix64(seed: 0x7EDD_2026)
            let alphabet = Array("abcAB\n\u{00C5}".utf8) + [0xBF, 0x20]
            var found = 0
            for caseIndex in 0..<4_000 {
                let literals = Self.drawLiterals(&random, alphabet: alphabet)
                let text = Self.drawText(&random, alphabet: alphabet, literals: literals)
                let start = random.number(in: 0...text.count)
                // Fingerprints at the literals' starts: the answer is the first occurrence.
                // At their rarest bytes: an occurrence that starts inside the first one.
                let anchored = random.chance(0.5)
                let table: OpaquePointer
                let owner = anchored ? TeddyTable(literals.map(\.bytes), ignoresASCIICase: literals.map(\.ignoresCase)) : nil
                defer { withExtendedLifetime(owner) {} }
                if anchored {
                    table = try #require(owner).pointer
                } else {
                    table = try #require(Array(literals.map(\.bytes).joined()).withUnsafeBufferPointer { bytes in
                        bytescan_teddy_create(bytes.baseAddress, literals.map(\.bytes.count), nil, literals.map(\.ignoresCase), literals.count)
                    })
                }
                defer { if !anchored { bytescan_teddy_free(table) } }
                let expected = Self.firstOccurrence(of: literals, in: text, from: start)
                if expected != nil { found += 1 }
                let guarded = GuardedBytes(text)
                for kernel in Self.kernels {
                    var literal = -1
                    let answer = bytescan_teddy_find_using(kernel, table, guarded.base, start, text.count, &literal)
                    let context = "case \(caseIndex), kernel \(kernel), anchored \(anchored): start \(start) answer \(answer) in \(text)"
                    guard let expected else {
                        #expect(answer == text.count, "\(context)")
                        continue
                    }
                    #expect(literals.indices.contains(literal) && literals[literal].occurs(in: text, at: answer), "\(context)")
                    if anchored {
                        #expect(expected.start <= answer && answer < expected.end, "\(context)")
                    } else {
                        #expect(answer == expected.start, "\(context)")
                    }
                }
            }
            #expect(found > 1_500)
        }

        @Test("literals of 8 to 24 bytes among near misses (one byte changed, one letter's case flipped), every implementation, 1,500 cases")
        func longLiteralsAmongNearMisses() throws {
            // A candidate is compared with a literal of 8 bytes or more by its first and last
            // eight bytes as words, then (past 16 bytes) in full: a text where the literals
            // almost occur, differing in one byte anywhere, tells each part.
            var random = SplitMix64(seed: 0x7EDD_8B17)
            let alphabet = Array("abcdAB\n".utf8)
            var found = 0
            for caseIndex in 0..<1_500 {
                let literals = (0..<random.number(in: 2...6)).map { _ -> DrawnLiteral in
                    let ignoresCase = random.chance(0.3)
                    let bytes = (0..<random.number(in: 8...24)).map { _ -> UInt8 in
                        let byte = random.element(of: alphabet)
                        return ignoresCase ? CaseFolding.asciiLowercased(byte) : byte
                    }
                    return DrawnLiteral(bytes: bytes, ignoresCase: ignoresCase)
                }
                var text: [UInt8] = []
                for _ in 0..<random.number(in: 1...12) {
                    let literal = random.element(of: literals)
                    var bytes = literal.bytes.map { literal.ignoresCase && random.chance(0.5) && (0x61...0x7A).contains($0) ? $0 ^ 0x20 : $0 }
                    if random.chance(0.8) {
                        // A near miss: one byte changed, or an exact literal's letter in the other case.
                        let at = random.number(in: 0...(bytes.count - 1))
                        let isLetter = (0x41...0x5A).contains(bytes[at]) || (0x61...0x7A).contains(bytes[at])
                        bytes[at] = !literal.ignoresCase && isLetter && random.chance(0.5) ? bytes[at] ^ 0x20 : random.element(of: alphabet)
                    }
                    text += (0..<random.number(in: 0...3)).map { _ in random.element(of: alphabet) } + bytes
                }
                let start = random.number(in: 0...text.count)
                let table = try #require(Array(literals.map(\.bytes).joined()).withUnsafeBufferPointer { bytes in
                    bytescan_teddy_create(bytes.baseAddress, literals.map(\.bytes.count), nil, literals.map(\.ignoresCase), literals.count)
                })
                defer { bytescan_teddy_free(table) }
                let expected = Self.firstOccurrence(of: literals, in: text, from: start)
                if expected != nil { found += 1 }
                let guarded = GuardedBytes(text)
                for kernel in Self.kernels {
                    let answer = bytescan_teddy_find_using(kernel, table, guarded.base, start, text.count, nil)
                    #expect(answer == expected?.start ?? text.count, "case \(caseIndex), kernel \(kernel): start \(start) in \(text)")
                }
            }
            #expect(found > 300 && found < 1_400, "the fixture has occurrences, and texts of near misses alone: \(found)")
        }

        @Test("the scanner of required literals proposes a start in the first occurrence's line, with -i and folding characters")
        func scannerAgreesWithNaiveSearch() throws {
            var random = SplitMix64(seed: 0x7EDD_1CA5)
            let alphabet: [UInt8] = Array("abcdefgkstABKS \n".utf8)
            let extras: [[UInt8]] = [Array("\u{212A}".utf8), Array("ſ".utf8), Array("é".utf8)]
            var found = 0
            for caseIndex in 0..<2_000 {
                let ignoreCase = random.chance(0.4)
                var words: [[UInt8]] = []
                let count = random.number(in: 2...12)
                while words.count < count {
                    let word = (0..<random.number(in: 2...7)).map { _ in random.element(of: Array("abcdefgks".utf8)) }
                    if !words.contains(word) { words.append(word) }
                }
                let literals = PackedPairScannerTests.literals(words, ignoreCase: ignoreCase)
                guard var scanner = TeddyScanner(literals) else { continue }
                var text: [UInt8] = []
                for _ in 0..<random.number(in: 0...80) {
                    if random.chance(0.04) {
                        text += random.element(of: extras)
                    } else if random.chance(0.05) {
                        text += random.element(of: words)
                    } else {
                        text.append(random.element(of: alphabet))
                    }
                }
                let start = random.number(in: 0...text.count)
                let guarded = GuardedBytes(text)
                let answer = scanner.search(in: guarded.buffer, from: start)
                let all = LiteralAutomatonScannerTests.occurrences(literals, in: text, from: start)
                guard let first = all.map(\.start).min() else {
                    #expect(answer == text.count, "case \(caseIndex): -i \(ignoreCase) start \(start) in \(text)")
                    continue
                }
                found += 1
                let firstEnd = all.filter { $0.start == first }.map(\.end).max()!
                #expect(all.contains { $0.start == answer } && first <= answer && answer < firstEnd,
                        "case \(caseIndex): -i \(ignoreCase) start \(start) answer \(answer), first \(first) in \(text)")
            }
            #expect(found > 500)
        }

        @Test("Teddy takes 2 literals or more, in at most 40 spellings (case-fold variants spelled out); more go to the automaton")
        func chosenByCount() {
            let one = PackedPairScannerTests.literals([Array("ab".utf8)], ignoreCase: false)
            #expect(TeddyScanner(one) == nil)
            let names = PackedPairScannerTests.literals(["Sherlock", "Holmes", "Watson", "Irene", "Adler"].map { Array($0.utf8) }, ignoreCase: true)
            #expect(TeddyScanner(names)?.findsNonASCII == true)
            let most = PackedPairScannerTests.literals((0..<TeddyScanner.maximumSpellings).map { Array("w\($0)".utf8) }, ignoreCase: false)
            #expect(TeddyScanner(most) != nil)
            let many = PackedPairScannerTests.literals((0...TeddyScanner.maximumSpellings).map { Array("w\($0)".utf8) }, ignoreCase: false)
            #expect(TeddyScanner(many) == nil)
            #expect(LiteralAutomatonScanner(many) != nil)
            // `-i Шерлок Холмс`: 2^11 spellings, left to the probes of its variant literal.
            let russian = PackedPairScannerTests.literals([], ignoreCase: true, variants: ["Шерлок Холмс"])
            #expect(TeddyScanner(russian) == nil)
            let single = PackedPairScannerTests.literals([Array("sherlock".utf8)], ignoreCase: true)
            #expect(TeddyScanner(single) == nil)
            let short = PackedPairScannerTests.literals([], ignoreCase: true, variants: ["жж", "шш"])
            #expect(TeddyScanner(short) != nil)
        }
    }
}
