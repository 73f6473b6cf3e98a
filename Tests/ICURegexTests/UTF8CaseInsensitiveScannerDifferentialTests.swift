@testable import ICURegex
import CByteScan
import Testing
import TestSupport

/// The case-insensitive literal scan of UTF-8 (``UTF8CaseInsensitiveScanner``, C's
/// `bytescan_casei8_find`) against ICU: the first place it finds is the first match's start,
/// or a character folding to ASCII before the match's end; and case-insensitive literals and
/// alternations walked over UTF-8 in the scan's runs against ICU alone, with matches planted
/// at every alignment and near the end. The texts and spellings are ``CaseInsensitiveTexts``'.
@Suite struct UTF8CaseInsensitiveScannerDifferentialTests {
    typealias Texts = CaseInsensitiveTexts

    /// The UTF-8 of `text` and the byte offset of each of its UTF-16 offsets (and its end).
    static func utf8(of text: [UInt16]) -> (bytes: [UInt8], byteOffsets: [Int]) {
        let string = String(decoding: text, as: UTF16.self)
        var byteOffsets: [Int] = [0]
        for scalar in string.unicodeScalars {
            let bytes = byteOffsets.last! + UTF8.width(scalar)
            byteOffsets += Array(repeating: bytes, count: UTF16.width(scalar))
        }
        return (Array(string.utf8), byteOffsets)
    }

    @Test("the scan's places against ICU's match starts, from every character, both compiled scans, planted at every alignment")
    func placesAgainstICU() throws {
        var random = SplitMix64(seed: 0xCA5E_0801)
        for literals in Texts.literalSets {
            let made = UTF8CaseInsensitiveScanner(literals: literals.map { Array($0.utf8) })
            // ß has a multi-character folding; ᲃ's variants с and С are shorter.
            if literals == ["straße"] || literals.contains("ᲃ") {
                #expect(made == nil, "\(literals): no scanner")
                continue
            }
            let scanner = try #require(made, "\(literals)")
            // Every alignment of a 32-byte block; whole characters, for the UTF-8.
            try Texts.forEachPlantedText(of: literals, keepingWholeCharacters: true, random: &random) { text, ends in
                let (bytes, byteOffsets) = Self.utf8(of: text)
                bytes.withUnsafeBufferPointer { buffer in
                    let base = buffer.baseAddress!
                    for start in 0..<text.count where start == 0 || byteOffsets[start] != byteOffsets[start - 1] {
                        let byteStart = byteOffsets[start]
                        let found = scanner.firstCandidate(in: base, from: byteStart, to: bytes.count)
                        let portable = scanner.firstCandidateWithPortableVectors(in: base, from: byteStart, to: bytes.count)
                        #expect(found == portable, "\(literals) from \(start)")
                        let firstMatch = ends[start...].firstIndex { $0 != nil }
                        if let firstMatch, found != byteOffsets[firstMatch] {
                            // Before the match's end: a character folding to ASCII or a
                            // three-byte Cyrillic variant, or before its start an occurrence of
                            // a literal's compared characters.
                            let others = scanner.findsASCIIFoldingCharacters || scanner.findsLongVariants
                            #expect(found.map { $0 < byteOffsets[ends[firstMatch]!] && (others || $0 < byteOffsets[firstMatch]) } ?? false, "\(literals) from \(start)")
                        }
                    }
                }
            }
        }
    }

    @Test("the C scan's characters folding to ASCII are the UTF-16 scan's list, every code point of the Basic Multilingual Plane")
    func asciiFoldingCharactersOfTheScan() throws {
        let scanner = try #require(UTF8CaseInsensitiveScanner(literals: [Array("sherlock".utf8)]))
        #expect(scanner.findsASCIIFoldingCharacters)
        var string = ""
        for value in UInt32(0x80)...UInt32(0xFFFF) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            string.unicodeScalars.append(scalar)
            string += "xy"
        }
        let bytes = Array(string.utf8)
        var found: [UInt16] = []
        var portableFound: [UInt16] = []
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            func character(at place: Int) -> UInt16 {
                UInt16(String(decoding: buffer[place...].prefix(4), as: UTF8.self).unicodeScalars.first!.value)
            }
            var start = 0
            while let place = scanner.firstCandidate(in: base, from: start, to: bytes.count) {
                found.append(character(at: place))
                start = place + 1
            }
            start = 0
            while let place = scanner.firstCandidateWithPortableVectors(in: base, from: start, to: bytes.count) {
                portableFound.append(character(at: place))
                start = place + 1
            }
        }
        #expect(found == UTF16CaseInsensitiveScanner.asciiFoldingCharacters)
        #expect(portableFound == UTF16CaseInsensitiveScanner.asciiFoldingCharacters)
    }

    @Test("spellings of different lengths: the Kelvin sign found as a character folding to ASCII, a literal cut before ᲃ, ᲁ as a long variant")
    func spellingsOfDifferentLengths() throws {
        let kraft = try #require(UTF8CaseInsensitiveScanner(literals: [Array("kraft".utf8)]))
        #expect(kraft.findsASCIIFoldingCharacters)
        let cyrillic = try #require(UTF8CaseInsensitiveScanner(literals: [Array("жс".utf8)]))
        #expect(!cyrillic.findsASCIIFoldingCharacters && !cyrillic.findsLongVariants)
        // д, whose ᲁ is longer, is the first character: the long variants are places.
        let cyrillicFirst = try #require(UTF8CaseInsensitiveScanner(literals: [Array("дж".utf8)]))
        #expect(!cyrillicFirst.findsASCIIFoldingCharacters && cyrillicFirst.findsLongVariants)
        #expect(UTF8CaseInsensitiveScanner(literals: [Array("ᲃ".utf8)]) == nil, "ᲃ's variants с and С are shorter")
        let text = Array("xxxx \u{212A}RAFT yyyy Жᲃ zz ᲁЖ".utf8)
        text.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            #expect(kraft.firstCandidate(in: base, from: 0, to: text.count) == 5)
            #expect(cyrillic.firstCandidate(in: base, from: 0, to: text.count) == 18)
            #expect(cyrillic.firstCandidate(in: base, from: 0, to: 19) == nil)
            // A long variant is a place wherever it stands (ᲃ), and `ᲁЖ` is an occurrence of `дж`
            // spelled with one.
            #expect(cyrillicFirst.firstCandidate(in: base, from: 0, to: text.count) == 20)
            #expect(cyrillicFirst.firstCandidate(in: base, from: 21, to: text.count) == 27)
        }
    }

    @Test("case-insensitive literals and alternations walked over UTF-8 in the scan's runs, against ICU alone")
    func walksAgainstICU() throws {
        var random = SplitMix64(seed: 0xCA5E_0802)
        var patterns = Texts.literalSets.filter { $0 != ["straße"] }.map { $0.joined(separator: "|") }
        patterns += ["(?i)шерлок холмс", "ΣΟΦΌΣ", "kra\u{212A}t", "office", "Шерлок Холмс и доктор Джон Уотсон вошли в комнату"]
        // The patterns whose walk must take the scan's runs and answer: the others may have
        // another way, and a text with a character whose folding is several (`ß`), which the
        // automaton does not know, is left to ICU.
        let takingRuns: Set = [
            "Шерлок Холмс", "Шерлок Холмс|Джон Уотсон|Ирен Адлер|инспектор Лестрейд|профессор Мориарти", "κόσμος", "σοφός", "Ж", "µ", "ΣΟΦΌΣ", "Шерлок Холмс и доктор Джон Уотсон вошли в комнату"]
        for (index, source) in patterns.enumerated() {
            let planned = try RegexPattern(source, options: .caseInsensitive)
            let plain = try RegexPattern(source, options: .caseInsensitive, limits: .default, usesSearchPlan: false)
            let known = Texts.words.filter { !String(decoding: $0, as: UTF16.self).unicodeScalars.contains { MultiCharacterFolds.contains($0.value) } }
            for tail in 0..<3 {
                // Long enough for the automaton to repay itself; in the last round, matches
                // dense enough for the rest to be searched at once.
                var text: [UInt16] = []
                while text.count < SearchPlan.automatonSearchLength + 300 {
                    text += takingRuns.contains(source) ? random.element(of: known) : random.element(of: Texts.words)
                    text += random.element(of: Texts.separators)
                }
                let literals = source.hasPrefix("(?i)") ? [String(source.dropFirst(4))] : source.components(separatedBy: "|")
                let spacing = tail == 2 ? 97 : 1_111 + index
                for offset in stride(from: tail, to: text.count - 200, by: spacing) {
                    let planted = Texts.spelling(of: random.element(of: literals), random: &random)
                    text.replaceSubrange(offset..<(offset + planted.count), with: planted)
                }
                let planted = Texts.spelling(of: random.element(of: literals), random: &random)
                text.replaceSubrange((text.count - tail - planted.count)..<(text.count - tail), with: planted)
                text = Array(String(decoding: text, as: UTF16.self).utf16)
                let (bytes, byteOffsets) = Self.utf8(of: text)
                let expected = text.withUnsafeBufferPointer { plain.matches(inUTF16: $0).map(\.range) }
                #expect(expected.count >= 20, "\(source): the planted matches are found")
                let way = planned.strategy.utf8Walk(
                    forSearchOf: bytes.count, isMostlyASCII: false, findsGroups: false, firstMatchOnly: false)
                var takesRuns = false
                if case .caseInsensitiveRuns = way { takesRuns = true }
                if takingRuns.contains(source) { #expect(takesRuns, "\(source): the walk takes the scan's runs") }
                var walked: [Range<Int>] = []
                let answered = bytes.withUnsafeBufferPointer { buffer in
                    planned.walkMatches(inUTF8: buffer.baseAddress!, count: bytes.count, findsGroups: false, firstMatchOnly: false) {
                        match, _ in
                        walked.append(match)
                        return true
                    }
                }
                if takingRuns.contains(source) { #expect(answered, "\(source) tail \(tail)") }
                guard answered else { continue }
                #expect(walked == expected.map { byteOffsets[$0.lowerBound]..<byteOffsets[$0.upperBound] }, "\(source) tail \(tail)")
            }
        }
    }
}
