import CByteScan

/// Finds, in UTF-16 text, the places where a case-insensitive match of a pattern with a few
/// required literals may be: the occurrences of a literal, each position holding one of its
/// character's case variants (`k`, `K` or the Kelvin sign; `ш` or `Ш`), and, when a literal
/// has an ASCII letter that is not safe in ``CaseFoldVariants``' sense (`s`, `h`...), the
/// characters outside ASCII whose full case folding holds ASCII (`ß` folds to `ss`, `ſ` to
/// `s`, `ﬁ` to `fi`...), which can stand for part of a literal (see ``init(literals:)`` for
/// why these places hold every match).
///
/// The scan is C (`bytescan_casei16_find`): sixteen units at a time, AVX2 where it runs, a
/// packed pair of probes per literal (its two rarest positions, each compared with the units
/// it accepts), every hit verified at every position.
struct UTF16CaseInsensitiveScanner: Sendable {
    /// The code points outside ASCII whose full case folding holds an ASCII character, all
    /// in the Basic Multilingual Plane (`LibraryTests` checks the list against ICU for every
    /// code point).
    static let asciiFoldingCharacters: [UInt16] = [
        0x00DF, 0x0130, 0x0149, 0x017F, 0x01F0, 0x1E96, 0x1E97, 0x1E98, 0x1E99, 0x1E9A, 0x1E9E, 0x212A,
        0xFB00, 0xFB01, 0xFB02, 0xFB03, 0xFB04, 0xFB05, 0xFB06,
    ]

    /// The offsets in `base[0..<count]` of the units that are ``asciiFoldingCharacters``,
    /// ascending: the only places outside ASCII where a case-insensitive match of ASCII text
    /// can have a character.
    static func asciiFoldingPositions(in base: UnsafePointer<UInt16>?, count: Int) -> [Int] {
        guard let base else { return [] }
        var positions: [Int] = []
        // Every one of the characters is at least U+00DF.
        let lowest = SIMD16<UInt16>(repeating: 0x00DF)
        var index = 0
        while index + 16 <= count {
            let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt16>.self)
            if any(block .>= lowest) {
                for position in index..<index + 16 where isASCIIFolding(base[position]) { positions.append(position) }
            }
            index += 16
        }
        for position in index..<count where isASCIIFolding(base[position]) { positions.append(position) }
        return positions
    }

    /// True when `unit` is one of ``asciiFoldingCharacters``.
    @inline(__always)
    static func isASCIIFolding(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x00DF, 0x0130, 0x0149, 0x017F, 0x01F0, 0x1E96...0x1E9A, 0x1E9E, 0x212A, 0xFB00...0xFB06: return true
        default: return false
        }
    }

    /// The literals and their probes, as the C scan reads them.
    private let storage: CaseInsensitiveLiteralScan.Storage<bytescan_casei16_set>

    /// The literals the scanner was made for (UTF-8), from which a walk over UTF-8 makes its
    /// own scanner (``UTF8CaseInsensitiveScanner``).
    let literals: [[UInt8]]

    /// Creates a scanner for `literals` (UTF-8, none empty, at most eight), or nil when one
    /// has a character that is neither ASCII nor known to ``CaseFoldVariants`` with at most
    /// four variants, all in the Basic Multilingual Plane.
    ///
    /// Each character becomes the UTF-16 units that may stand for it on their own: a safe
    /// character's variants, an ASCII letter's two cases. Why the places found hold every
    /// match: in a match, each safe character of the literal is matched by exactly one of its
    /// variants (see ``CaseFoldVariants``), and each other ASCII character either by itself in
    /// either case or by part of a character outside ASCII whose folding holds it, which is one
    /// of ``asciiFoldingCharacters`` (no character's multi-character folding holds a safe
    /// character's folding, so such a character never spans a safe one). So either every
    /// position of the literal holds one of its units, or one of those characters stands in
    /// the match, and the scan reports both kinds of place (the second only when a character
    /// is not safe). A literal longer than `BYTESCAN_CASEI16_POSITIONS` characters is looked
    /// for by its first ones: more places, never fewer.
    init?(literals: [[UInt8]]) {
        guard let texts = CaseInsensitiveLiteralScan.texts(of: literals, maximumCount: Int(BYTESCAN_CASEI16_LITERALS))
        else { return nil }
        var positionsOfLiterals: [[[UInt16]]] = []
        var asciiFolding = false
        for text in texts {
            var positions: [[UInt16]] = []
            for scalar in text.unicodeScalars.prefix(Int(BYTESCAN_CASEI16_POSITIONS)) {
                guard
                    let character = CaseInsensitiveLiteralScan.character(
                        scalar, maximumVariants: Int(BYTESCAN_CASEI16_VARIANTS)),
                    character.variants.allSatisfy({ $0.value < 0x10000 })
                else { return nil }
                positions.append(character.variants.map { UInt16($0.value) })
                if character.isMatchedInASCIIFoldings { asciiFolding = true }
            }
            positionsOfLiterals.append(positions)
        }
        var set = bytescan_casei16_set()
        set.literal_count = positionsOfLiterals.count
        set.ascii_folding = asciiFolding
        var reach = 0
        for (literal, positions) in positionsOfLiterals.enumerated() {
            CaseInsensitiveLiteralScan.withElement(literal, of: &set.lengths) { $0 = positions.count }
            for (offset, units) in positions.enumerated() {
                for entry in 0..<Int(BYTESCAN_CASEI16_VARIANTS) {
                    Self.setVariant(&set, literal: literal, offset: offset, entry: entry, to: units[min(entry, units.count - 1)])
                }
            }
            let (first, second) = Self.probePositions(positions)
            CaseInsensitiveLiteralScan.withElement(literal, of: &set.first) { $0 = Self.probe(at: first, units: positions[first]) }
            CaseInsensitiveLiteralScan.withElement(literal, of: &set.second) { $0 = Self.probe(at: second, units: positions[second]) }
            reach = max(reach, first + 1, second + 1)
        }
        set.probe_reach = reach
        storage = CaseInsensitiveLiteralScan.Storage(set)
        self.literals = literals
    }

    /// The first place at or after `start` in `base[range]` where a match may be: the start
    /// of the leftmost occurrence of a literal (of its first characters, for a long one;
    /// wholly inside `range`), or the position of an
    /// ASCII-folding character when a literal has a character that is not safe, whichever
    /// comes first; nil when there is none.
    func firstCandidate(in base: UnsafePointer<UInt16>, from start: Int, range: Range<Int>) -> Int? {
        guard start < range.upperBound else { return nil }
        let found = bytescan_casei16_find(base, start, range.upperBound, storage.set)
        return found < range.upperBound ? found : nil
    }

    /// ``firstCandidate(in:from:range:)`` with the scan's portable vectors even where AVX2
    /// runs, for the tests.
    func firstCandidateWithPortableVectors(in base: UnsafePointer<UInt16>, from start: Int, range: Range<Int>) -> Int? {
        guard start < range.upperBound else { return nil }
        let found = bytescan_casei16_find_portable(base, start, range.upperBound, storage.set)
        return found < range.upperBound ? found : nil
    }

    /// True when a place may be a character that folds to ASCII rather than an occurrence.
    var findsASCIIFoldingCharacters: Bool { storage.set.pointee.ascii_folding }

    /// The probe on the position at `offset`, which accepts `units`.
    private static func probe(at offset: Int, units: [UInt16]) -> bytescan_casei16_probe {
        var probe = bytescan_casei16_probe()
        probe.offset = offset
        let entries = CaseInsensitiveLiteralScan.compareEntries(units)
        probe.count = entries.count
        for (index, entry) in entries.enumerated() {
            CaseInsensitiveLiteralScan.withElement(index, of: &probe.value) { $0 = entry.value }
            CaseInsensitiveLiteralScan.withElement(index, of: &probe.fold) { $0 = entry.fold }
        }
        return probe
    }

    /// The two positions to probe (the same one twice for a literal of one): the cheapest,
    /// each compare entry costing as much as a unit commoner by
    /// ``CaseInsensitiveLiteralScan/compareWeight`` ranks.
    static func probePositions(_ positions: [[UInt16]]) -> (Int, Int) {
        CaseInsensitiveLiteralScan.probeOffsets(
            costs: positions.map { units in
                CaseInsensitiveLiteralScan.compareEntries(units).count * CaseInsensitiveLiteralScan.compareWeight
                    + commonness(units.min() ?? 0)
            })
    }

    /// Sets `set.variants[literal][offset][entry]` to `unit`.
    private static func setVariant(_ set: inout bytescan_casei16_set, literal: Int, offset: Int, entry: Int, to unit: UInt16) {
        let index = (literal * Int(BYTESCAN_CASEI16_POSITIONS) + offset) * Int(BYTESCAN_CASEI16_VARIANTS) + entry
        withUnsafeMutableBytes(of: &set.variants) { raw in
            raw.bindMemory(to: UInt16.self)[index] = unit
        }
    }

    /// How common a unit is in text, lower being rarer (see ``TextFrequencyRank``); an ASCII
    /// letter ranks as its lowercase.
    private static func commonness(_ unit: UInt16) -> Int {
        let lowered = unit < 0x80 ? UInt16(CaseFolding.asciiLowercased(UInt8(unit))) : unit
        return TextFrequencyRank.rank(ofUnit: lowered)
    }
}
