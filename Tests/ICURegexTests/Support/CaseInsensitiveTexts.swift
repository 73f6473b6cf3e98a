@testable import ICURegex
import Testing
import TestSupport

/// The texts of the case-insensitive literal scans' tests (``CaseInsensitiveScannerDifferentialTests``,
/// ``UTF8CaseInsensitiveScannerDifferentialTests``): words of several scripts with the
/// characters whose case folding is special, spellings of literals in random case variants, and
/// ICU's matches to compare the scans' places with.
enum CaseInsensitiveTexts {
    /// Words of English, Russian, Greek and German text with the characters whose case
    /// folding is special: `ß`/`ẞ`, `ſ`, the Kelvin sign, `İ`/`ı`, final sigma, ligatures.
    static let words = [
        "Sherlock", "SHER\u{212A}LOCK", "holmeſ", "Holmes", "HOLMES", "John", "watson", "Irene", "ADLER", "lestrade",
        "Шерлок", "ШЕРЛОК", "холмс", "Холмс", "Джон", "уотсон", "Ирен", "адлер", "Инспектор", "ЛЕСТРЕЙД", "ᲃ",
        "κόσμος", "ΚΌΣΜΟΣ", "κόσμοσ", "σοφός", "ΣΟΦΌΣ", "Straße", "STRASSE", "straſſe", "Größe", "GRÖẞE", "İstanbul",
        "ıstanbul", "ISTANBUL", "oﬃce", "OFFICE", "ﬁ", "\u{212A}ra\u{212A}", "kraft", "Kraft", "😀", "é", "µ", "Μ",
    ].map { Array($0.utf16) }
    static let separators = [" ", "  ", ", ", ". ", "-", "\n", "!", "", "_"].map { Array($0.utf16) }

    /// The literal sets searched: English, Russian and Greek names, German words, one
    /// character, alternations.
    static let literalSets: [[String]] = [
        ["Sherlock Holmes"], ["Шерлок Холмс"], ["κόσμος"], ["σοφός"], ["kraft"], ["k"], ["Ж"], ["µ"], ["straße"],
        ["Sherlock Holmes", "John Watson", "Irene Adler", "Inspector Lestrade", "Professor Moriarty"],
        ["Шерлок Холмс", "Джон Уотсон", "Ирен Адлер", "инспектор Лестрейд", "профессор Мориарти"],
        ["холмс", "κόσμος", "office"], ["ᲃ", "ok"],
    ]

    /// A text of about `length` units of words and separators.
    static func text(length: Int, random: inout SplitMix64) -> [UInt16] {
        var text: [UInt16] = []
        while text.count < length {
            text += random.element(of: words)
            text += random.element(of: separators)
        }
        return text
    }

    /// `literal` spelled with each character in a random one of its case variants (for ASCII
    /// letters that are not safe, a random case), or with `ß` for `ss` and `ſ` for `s`
    /// sometimes.
    static func spelling(of literal: String, random: inout SplitMix64) -> [UInt16] {
        var result = ""
        var scalars = Array(literal.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "s", scalars.first == "s", random.chance(0.3) {
                scalars.removeFirst()
                result += "ß"
            } else if scalar == "s" || scalar == "S", random.chance(0.2) {
                result += "ſ"
            } else if let variants = CaseFoldVariants.variants(of: scalar) {
                result.unicodeScalars.append(random.element(of: variants))
            } else {
                result += random.chance(0.5) ? String(scalar).uppercased() : String(scalar).lowercased()
            }
        }
        return Array(result.utf16)
    }

    /// For each position of `text`, the end of ICU's match of `pattern` anchored there,
    /// searching from there on as a text of its own, or nil.
    static func anchoredMatchEnds(_ pattern: RegexPattern, in text: [UInt16]) throws -> [Int?] {
        try text.withUnsafeBufferPointer { buffer in
            try (0..<text.count).map { start in
                let match = try pattern.firstRange(inUTF16: buffer, range: start..<text.count, anchored: true)
                return match.isNotFound ? nil : match.location + match.length
            }
        }
    }

    /// Six texts of about 300 units for a scan of `literals`, each with spellings of them planted
    /// 37 units apart from a different first offset (every alignment of a block of up to 32
    /// units) and one at the end, given to `body` with ``anchoredMatchEnds(_:in:)`` of the
    /// literals' case-insensitive alternation searched by ICU alone. With
    /// `keepingWholeCharacters`, a surrogate pair that a planting split is replaced (for
    /// texts that become UTF-8).
    static func forEachPlantedText(
        of literals: [String], keepingWholeCharacters: Bool, random: inout SplitMix64,
        _ body: (_ text: [UInt16], _ ends: [Int?]) throws -> Void
    ) throws {
        let pattern = try RegexPattern(
            literals.map { "\\Q\($0)\\E" }.joined(separator: "|"), options: .caseInsensitive, limits: .default,
            usesSearchPlan: false)
        for round in 0..<6 {
            var text = Self.text(length: 300 + round * 7, random: &random)
            for offset in stride(from: round, to: text.count - 40, by: 37) {
                let planted = spelling(of: random.element(of: literals), random: &random)
                text.replaceSubrange(offset..<min(text.count, offset + planted.count), with: planted)
            }
            text += spelling(of: random.element(of: literals), random: &random)
            if keepingWholeCharacters {
                text = Array(String(decoding: text, as: UTF16.self).utf16)
            }
            let ends = try anchoredMatchEnds(pattern, in: text)
            #expect(ends.count { $0 != nil } >= 7, "\(literals): the planted matches are found")
            try body(text, ends)
        }
    }
}
