import CByteScan

/// Finds, in UTF-8 text, the places where a case-insensitive match of a pattern with a few
/// required literals may be: the counterpart of ``UTF16CaseInsensitiveScanner`` for a walk
/// over a string's UTF-8 (``MatchStrategy/UTF8Walk/caseInsensitiveRuns(_:_:_:)``). A place is
/// an occurrence of a literal, each compared character spelled as one of its case variants
/// (`ш` or `Ш`; `k` or `K`), or, when the literals need it, the first byte of a character
/// whose full case folding holds ASCII (`ß`, `ſ`, the Kelvin sign, `ﬁ`...).
///
/// The scan is C (`bytescan_casei8_find`): thirty-two bytes at a time, AVX2 where it runs, a
/// packed pair of byte probes per literal (the two rarest byte offsets, each compared with the
/// bytes its character's spellings have there), every hit verified character by character.
/// A probe needs an offset that is the same byte of the same character in every spelling of
/// the literal, so only characters whose spellings all have one length are compared (see
/// ``init(literals:)``).
struct UTF8CaseInsensitiveScanner: Sendable {
    /// The old spellings of Cyrillic letters (`ᲂ` for `о`, `ᲁ` for `д`...), three bytes where
    /// the letters' other variants have two: reported as places when a literal's first letter
    /// has one (`bytescan_casei8_is_long_variant`; see ``init(literals:)``).
    static let longVariants: ClosedRange<UInt32> = 0x1C80...0x1C88

    /// The literals and their probes, as the C scan reads them.
    private let storage: CaseInsensitiveLiteralScan.Storage<bytescan_casei8_set>

    /// Creates a scanner for `literals` (UTF-8, none empty, at most eight), or nil when one
    /// has a character that is neither ASCII nor known to ``CaseFoldVariants`` with at most
    /// four variants, or when a literal's first character has spellings of different
    /// lengths that are not all characters folding to ASCII or ``longVariants``.
    ///
    /// Why the places found hold every match: as for ``UTF16CaseInsensitiveScanner/init(literals:)``,
    /// in a match each safe character of the literal is matched by exactly one of its variants,
    /// and each other ASCII character by itself in either case or by part of one of
    /// ``UTF16CaseInsensitiveScanner/asciiFoldingCharacters``. Here a character's spellings are
    /// those variants that have as many UTF-8 bytes as the character; a variant of another
    /// length is left out when it is one of the characters folding to ASCII (the Kelvin sign
    /// for `k`: a match that spells it so holds that character, whose first byte is then a
    /// place) or, when some literal's first character has one, one of ``longVariants`` (`ᲁ`
    /// for `д`, likewise reported), and otherwise the literal is compared up to that character
    /// only. (Reporting the long variants costs the scan a compare in every block: they are
    /// reported only for a set that would otherwise have a literal without characters to
    /// compare, and so no scanner.) Comparing a
    /// literal's first characters (at most `BYTESCAN_CASEI8_CHARACTERS`) accepts every place
    /// where it occurs: more places, never fewer. So either a literal's compared characters
    /// all stand in their spellings where the match holds it, or one of the characters folding
    /// to ASCII stands in the match, and the scan reports both kinds of place (the second only
    /// when needed).
    init?(literals: [[UInt8]]) {
        guard let texts = CaseInsensitiveLiteralScan.texts(of: literals, maximumCount: Int(BYTESCAN_CASEI8_LITERALS))
        else { return nil }
        var charactersOfLiterals: [[[[UInt8]]]] = []
        var asciiFolding = false
        let longVariants = texts.contains { text in
            CaseFoldVariants.variants(of: text.unicodeScalars.first!)?.contains { Self.longVariants.contains($0.value) } ?? false
        }
        for text in texts {
            var characters: [[[UInt8]]] = []
            scalars: for scalar in text.unicodeScalars {
                guard characters.count < Int(BYTESCAN_CASEI8_CHARACTERS) else { break }
                guard
                    let character = CaseInsensitiveLiteralScan.character(
                        scalar, maximumVariants: Int(BYTESCAN_CASEI8_VARIANTS))
                else { return nil }
                let length = Array(String(scalar).utf8).count
                var spellings: [[UInt8]] = []
                for variant in character.variants {
                    let spelling = Array(String(variant).utf8)
                    if spelling.count == length {
                        spellings.append(spelling)
                    } else if variant.value < 0x10000, UTF16CaseInsensitiveScanner.isASCIIFolding(UInt16(variant.value)) {
                        asciiFolding = true
                    } else if longVariants, Self.longVariants.contains(variant.value) {
                        continue
                    } else {
                        break scalars
                    }
                }
                characters.append(spellings)
                if character.isMatchedInASCIIFoldings { asciiFolding = true }
            }
            guard !characters.isEmpty else { return nil }
            charactersOfLiterals.append(characters)
        }
        var set = bytescan_casei8_set()
        set.literal_count = charactersOfLiterals.count
        set.ascii_folding = asciiFolding
        set.long_variants = longVariants
        var reach = 0
        for (literal, characters) in charactersOfLiterals.enumerated() {
            var offset = 0
            var bytesAtOffsets: [[UInt8]] = []
            for (index, spellings) in characters.enumerated() {
                var character = bytescan_casei8_character()
                character.offset = UInt32(offset)
                character.length = UInt32(spellings[0].count)
                for entry in 0..<Int(BYTESCAN_CASEI8_VARIANTS) {
                    let spelling = spellings[min(entry, spellings.count - 1)]
                    let packed = spelling.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
                    CaseInsensitiveLiteralScan.withElement(entry, of: &character.variants) { $0 = packed }
                }
                Self.setCharacter(&set, literal: literal, index: index, to: character)
                for byte in 0..<spellings[0].count {
                    bytesAtOffsets.append(spellings.map { $0[byte] })
                }
                offset += spellings[0].count
            }
            CaseInsensitiveLiteralScan.withElement(literal, of: &set.character_counts) { $0 = characters.count }
            CaseInsensitiveLiteralScan.withElement(literal, of: &set.byte_lengths) { $0 = offset }
            let (first, second) = Self.probeOffsets(bytesAtOffsets)
            CaseInsensitiveLiteralScan.withElement(literal, of: &set.first) { $0 = Self.probe(at: first, bytes: bytesAtOffsets[first]) }
            CaseInsensitiveLiteralScan.withElement(literal, of: &set.second) { $0 = Self.probe(at: second, bytes: bytesAtOffsets[second]) }
            reach = max(reach, first + 1, second + 1)
        }
        set.probe_reach = reach
        storage = CaseInsensitiveLiteralScan.Storage(set)
    }

    /// The first place at or after `start` and before `end` in the UTF-8 `bytes` where a match
    /// may be (see ``init(literals:)``): the start of the leftmost occurrence of a literal's
    /// compared characters, wholly before `end`, or the first byte of a character folding to
    /// ASCII when the literals need it, whichever comes first; nil when there is none.
    func firstCandidate(in bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard start < end else { return nil }
        let found = bytescan_casei8_find(bytes, start, end, storage.set)
        return found < end ? found : nil
    }

    /// ``firstCandidate(in:from:to:)`` with the scan's portable vectors even where AVX2 runs,
    /// for the tests.
    func firstCandidateWithPortableVectors(in bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard start < end else { return nil }
        let found = bytescan_casei8_find_portable(bytes, start, end, storage.set)
        return found < end ? found : nil
    }

    /// True when a place may be a character that folds to ASCII rather than an occurrence.
    var findsASCIIFoldingCharacters: Bool { storage.set.pointee.ascii_folding }

    /// True when a place may be one of ``longVariants`` rather than an occurrence.
    var findsLongVariants: Bool { storage.set.pointee.long_variants }

    /// The probe on the byte offset `offset`, which accepts `bytes`.
    private static func probe(at offset: Int, bytes: [UInt8]) -> bytescan_casei8_probe {
        var probe = bytescan_casei8_probe()
        probe.offset = offset
        let entries = CaseInsensitiveLiteralScan.compareEntries(bytes)
        probe.count = entries.count
        for (index, entry) in entries.enumerated() {
            CaseInsensitiveLiteralScan.withElement(index, of: &probe.value) { $0 = entry.value }
            CaseInsensitiveLiteralScan.withElement(index, of: &probe.fold) { $0 = entry.fold }
        }
        return probe
    }

    /// The two byte offsets to probe (the same one twice for a literal of one byte): the
    /// cheapest, each compare entry costing as much as a byte commoner by
    /// ``CaseInsensitiveLiteralScan/compareWeight`` ranks, a byte of several values ranking
    /// as its commonest.
    static func probeOffsets(_ bytesAtOffsets: [[UInt8]]) -> (Int, Int) {
        CaseInsensitiveLiteralScan.probeOffsets(
            costs: bytesAtOffsets.map { bytes in
                CaseInsensitiveLiteralScan.compareEntries(bytes).count * CaseInsensitiveLiteralScan.compareWeight
                    + (bytes.map { TextFrequencyRank.rank(ofByte: $0) }.max() ?? 0)
            })
    }

    /// Sets `set.characters[literal][index]` to `character`.
    private static func setCharacter(
        _ set: inout bytescan_casei8_set, literal: Int, index: Int, to character: bytescan_casei8_character
    ) {
        withUnsafeMutableBytes(of: &set.characters) { raw in
            raw.bindMemory(to: bytescan_casei8_character.self)[literal * Int(BYTESCAN_CASEI8_CHARACTERS) + index] = character
        }
    }
}
