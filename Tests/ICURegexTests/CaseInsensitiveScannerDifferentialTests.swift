@testable import ICURegex
import CByteScan
import Testing
import TestSupport

/// The case-insensitive literal scan (``UTF16CaseInsensitiveScanner``, C's
/// `bytescan_casei16_find`) against ICU: the first place it finds is the first match's start,
/// or a character folding to ASCII before the match's end; and case-insensitive
/// literals and alternations, searched with the plan through the UTF-16 and UTF-8 walks,
/// against ICU alone, with matches planted at every alignment and near the end.
@Suite struct CaseInsensitiveScannerDifferentialTests {
    typealias Texts = CaseInsensitiveTexts

    @Test("the scan's places against ICU's match starts, from every start, both compiled scans, planted at every alignment")
    func placesAgainstICU() throws {
        var random = SplitMix64(seed: 0xCA5E_0001)
        for literals in Texts.literalSets {
            let made = UTF16CaseInsensitiveScanner(literals: literals.map { Array($0.utf8) })
            if literals == ["straße"] {
                #expect(made == nil, "ß has a multi-character folding: no scanner")
                continue
            }
            let scanner = try #require(made, "\(literals)")
            // Every alignment of a 16-unit block.
            try Texts.forEachPlantedText(of: literals, keepingWholeCharacters: false, random: &random) { text, ends in
                text.withUnsafeBufferPointer { buffer in
                    let base = buffer.baseAddress!
                    for start in 0..<text.count {
                        let found = scanner.firstCandidate(in: base, from: start, range: 0..<text.count)
                        let portable = scanner.firstCandidateWithPortableVectors(in: base, from: start, range: 0..<text.count)
                        #expect(found == portable, "\(literals) from \(start)")
                        let firstMatch = ends[start...].firstIndex { $0 != nil }
                        if scanner.findsASCIIFoldingCharacters {
                            // The place is the match's start, or a character folding to ASCII
                            // in it (or a place before it): the run around it holds the match.
                            if let firstMatch, found != firstMatch {
                                #expect(found.map { $0 < ends[firstMatch]! } ?? false, "\(literals) from \(start)")
                                #expect(found.map { bytescan_casei16_is_ascii_folding(text[$0]) } ?? false)
                            }
                        } else {
                            #expect(found == firstMatch, "\(literals) from \(start)")
                        }
                    }
                }
            }
        }
    }

    @Test("the C scan's characters folding to ASCII are the Swift list's (which a test checks against ICU), every unit")
    func asciiFoldingCharactersOfTheScan() throws {
        let scanner = try #require(UTF16CaseInsensitiveScanner(literals: [Array("sherlock".utf8)]))
        #expect(scanner.findsASCIIFoldingCharacters)
        // Every unit from 0x80 on, three units apart, so that each lane of a block sees them.
        var text: [UInt16] = []
        for unit in UInt16(0x80)...UInt16(0xFFFF) { text += [unit, 0x78, 0x79] }
        var found: [UInt16] = []
        var portableFound: [UInt16] = []
        text.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            var start = 0
            while let place = scanner.firstCandidate(in: base, from: start, range: 0..<text.count) {
                found.append(text[place])
                start = place + 1
            }
            start = 0
            while let place = scanner.firstCandidateWithPortableVectors(in: base, from: start, range: 0..<text.count) {
                portableFound.append(text[place])
                start = place + 1
            }
        }
        #expect(found == UTF16CaseInsensitiveScanner.asciiFoldingCharacters)
        #expect(portableFound == UTF16CaseInsensitiveScanner.asciiFoldingCharacters)
        #expect((0...0xFFFF).filter { bytescan_casei16_is_ascii_folding(UInt16($0)) }.map(UInt16.init) == UTF16CaseInsensitiveScanner.asciiFoldingCharacters)
    }

    @Test("a literal that ends past the range is not found; a range's start and end are kept")
    func rangeEdges() throws {
        let scanner = try #require(UTF16CaseInsensitiveScanner(literals: [Array("холмс".utf8)]))
        let text = Array(String(repeating: "x", count: 40).utf16) + Array("ХОЛМС".utf16) + Array("yy".utf16)
        text.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            #expect(scanner.firstCandidate(in: base, from: 0, range: 0..<text.count) == 40)
            #expect(scanner.firstCandidate(in: base, from: 0, range: 0..<44) == nil)
            #expect(scanner.firstCandidate(in: base, from: 41, range: 0..<text.count) == nil)
            #expect(scanner.firstCandidate(in: base, from: 40, range: 40..<45) == 40)
            #expect(scanner.firstCandidate(in: base, from: 45, range: 0..<45) == nil)
        }
    }

    @Test("case-insensitive literals and alternations through the plan, UTF-16 and UTF-8 walks, against ICU alone")
    func walksAgainstICU() throws {
        var random = SplitMix64(seed: 0xCA5E_0002)
        var patterns = Texts.literalSets.map { $0.joined(separator: "|") }
        // The last is longer than the characters the scan compares (BYTESCAN_CASEI16_POSITIONS).
        patterns += ["(?i)шерлок холмс", "straße", "STRASSE", "größe", "istanbul", "ıstanbul", "ΣΟΦΌΣ", "kra\u{212A}t", "office", "Шерлок Холмс и доктор Джон Уотсон вошли в комнату"]
        for (index, source) in patterns.enumerated() {
            let planned = try RegexPattern(source, options: .caseInsensitive)
            let plain = try RegexPattern(source, options: .caseInsensitive, limits: .default, usesSearchPlan: false)
            // Lengths around the plan's shortest range, with a match planted at each distance
            // from the end.
            for tail in 0..<(index < 4 ? 20 : 6) {
                var text = Texts.text(length: SearchPlan.minimumSearchLength + 200, random: &random)
                let literal = source.hasPrefix("(?i)") ? String(source.dropFirst(4)) : random.element(of: source.components(separatedBy: "|"))
                let planted = Texts.spelling(of: literal, random: &random)
                text.replaceSubrange((text.count - tail - planted.count)..<(text.count - tail), with: planted)
                let spot = random.number(in: 0..<3_000)
                text.replaceSubrange(spot..<(spot + planted.count), with: planted)
                try text.withUnsafeBufferPointer { buffer in
                    let expected = plain.matches(inUTF16: buffer).map(\.range)
                    #expect(expected.count >= 2, "\(source): the planted matches are found")
                    #expect(planned.matches(inUTF16: buffer).map(\.range) == expected, "\(source) tail \(tail)")
                    let matcher = try planned.makeMatcher()
                    var found: [Range<Int>] = []
                    var from = 0
                    while from <= text.count, let match = try matcher.firstMatch(inUTF16: buffer, from: from) {
                        found.append(match)
                        from = max(match.upperBound, match.lowerBound + 1)
                    }
                    #expect(found == expected, "\(source) tail \(tail): RegexMatcher")
                    // The UTF-8 walk: the same matches, in byte offsets.
                    let string = String(decoding: text, as: UTF16.self)
                    var byteOffsets: [Int] = [0]
                    for scalar in string.unicodeScalars {
                        let bytes = byteOffsets.last! + UTF8.width(scalar)
                        byteOffsets += Array(repeating: bytes, count: UTF16.width(scalar))
                    }
                    let bytes = Array(string.utf8)
                    bytes.withUnsafeBufferPointer { byteBuffer in
                        let walked = planned.matches(inUTF8: byteBuffer).map(\.range)
                        #expect(walked == expected.map { byteOffsets[$0.lowerBound]..<byteOffsets[$0.upperBound] }, "\(source) UTF-8")
                    }
                }
            }
        }
    }

    @Test("the plan for case-insensitive literals of safe characters outside ASCII is the scanner's runs")
    func planKinds() {
        func isCaseInsensitiveRuns(_ pattern: String) -> Bool {
            guard case .caseInsensitiveRuns = SearchPlan(pattern: pattern, options: .caseInsensitive)?.strategy else { return false }
            return true
        }
        #expect(isCaseInsensitiveRuns("Шерлок Холмс"))
        #expect(isCaseInsensitiveRuns("Шерлок Холмс|Джон Уотсон"))
        #expect(isCaseInsensitiveRuns("κόσμος"))
        #expect(isCaseInsensitiveRuns("Шерлок Холмс и доктор Джон Уотсон вошли в комнату"))
        #expect(isCaseInsensitiveRuns("Sherlock Holmes"))
        #expect(!isCaseInsensitiveRuns("straße"))
    }
}
