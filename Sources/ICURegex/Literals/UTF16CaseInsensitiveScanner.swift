/// Finds, in UTF-16 text, the places where a case-insensitive match of a pattern with ASCII
/// literals may be: the occurrences of a literal ignoring ASCII case, and the characters
/// outside ASCII whose full case folding holds ASCII (`ß` folds to `ss`, `ſ` to `s`, the
/// Kelvin sign to `k`, `ﬁ` to `fi`...), which can stand for part of a literal.
///
/// ICU compares full case foldings. The folding of ASCII text is its ASCII lowercase, so a
/// stretch of ASCII text matches an ASCII literal exactly when it equals it ignoring ASCII case;
/// a stretch that matches and holds any other character holds one of ``asciiFoldingCharacters``.
/// Sixteen units are looked at a time, with vector compares.
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

    /// The literals, ASCII lowercase.
    let literals: [[UInt16]]
    /// For each literal, the offset of its probe unit (its rarest), and the probe unit,
    /// lowercase; a probe is compared with the text's units with 0x20 set, a superset of ASCII
    /// case folding that the full comparison narrows.
    private let probeOffsets: [Int]
    private let probeUnits: [UInt16]
    private let maximumProbeOffset: Int

    /// Creates a scanner for `literals` (ASCII, none empty, at most eight), or nil.
    init?(asciiLiterals: [[UInt8]]) {
        guard !asciiLiterals.isEmpty, asciiLiterals.count <= 8,
            asciiLiterals.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 < 0x80 } })
        else { return nil }
        literals = asciiLiterals.map { $0.map { UInt16(CaseFolding.asciiLowercased($0)) } }
        probeOffsets = literals.map { literal in
            literal.indices.min { Self.commonness(literal[$0]) < Self.commonness(literal[$1]) } ?? 0
        }
        probeUnits = zip(literals, probeOffsets).map { $0[$1] | 0x20 }
        maximumProbeOffset = probeOffsets.max() ?? 0
    }

    /// The first place at or after `start` in `base[range]` where a match may be: the start
    /// of the leftmost occurrence of a literal (ignoring ASCII case, wholly inside `range`),
    /// or the position of an ASCII-folding character, whichever comes first; nil when there
    /// is none.
    func firstCandidate(in base: UnsafePointer<UInt16>, from start: Int, range: Range<Int>) -> Int? {
        let end = range.upperBound
        var index = start
        let splats = probeUnits.map { SIMD16<UInt16>(repeating: $0) }
        let caseBit = SIMD16<UInt16>(repeating: 0x20)
        let nonASCII = SIMD16<UInt16>(repeating: 0x7F)
        while index + 16 <= end {
            let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt16>.self)
            let folded = block | caseBit
            var hits = block .> nonASCII
            for splat in splats {
                hits = hits .| (folded .== splat)
            }
            if any(hits), let found = candidate(in: base, lanesFrom: index, count: 16, searchStart: start, range: range) {
                return found
            }
            index += 16
        }
        if index < end {
            return candidate(in: base, lanesFrom: index, count: end - index, searchStart: start, range: range)
        }
        return nil
    }

    /// The earliest candidate among the units `from..<from + count`, each looked at in turn,
    /// and the literal occurrences that start up to ``maximumProbeOffset`` before it (whose
    /// probes may lie further on).
    private func candidate(in base: UnsafePointer<UInt16>, lanesFrom from: Int, count: Int, searchStart: Int, range: Range<Int>) -> Int? {
        var best: Int?
        for position in from..<from + count {
            if let best, position >= best + maximumProbeOffset + 1 { break }
            let unit = base[position]
            if unit >= 0x80 {
                if Self.asciiFoldingCharacters.contains(unit), position < best ?? Int.max {
                    best = position
                }
                continue
            }
            for (literal, offset) in probeOffsets.enumerated() where unit | 0x20 == probeUnits[literal] {
                let occurrenceStart = position - offset
                if occurrenceStart >= searchStart, occurrenceStart < best ?? Int.max,
                    occurs(literal, at: occurrenceStart, in: base, range: range)
                {
                    best = occurrenceStart
                }
            }
        }
        guard let found = best else { return nil }
        // An occurrence that starts shortly before may have its probe past the units looked at.
        for earlier in max(searchStart, found - maximumProbeOffset)..<found {
            if literals.indices.contains(where: { occurs($0, at: earlier, in: base, range: range) }) {
                return earlier
            }
        }
        return found
    }

    /// True when literal number `literal` occurs at `start` ignoring ASCII case, wholly inside
    /// `range`.
    private func occurs(_ literal: Int, at start: Int, in base: UnsafePointer<UInt16>, range: Range<Int>) -> Bool {
        let units = literals[literal]
        guard start >= range.lowerBound, units.count <= range.upperBound - start else { return false }
        for offset in units.indices {
            let unit = base[start + offset]
            guard unit < 0x80, CaseFolding.asciiLowercased(UInt8(unit)) == units[offset] else { return false }
        }
        return true
    }

    /// How common a lowercase unit is in text, lower being rarer (see ``TextFrequencyRank``).
    private static func commonness(_ unit: UInt16) -> Int {
        TextFrequencyRank.rank(ofUnit: unit)
    }
}
