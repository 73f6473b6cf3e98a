import Foundation
import ICURegex
import TestSupport

/// One generated search: a text as UTF-16 units, a pattern, options and a search range.
struct GeneratedCase: CustomStringConvertible {
    var units: [UInt16]
    var pattern: String
    var caseInsensitive: Bool
    var anchored: Bool
    /// The search range, in UTF-16 units of `units`.
    var range: Range<Int>

    /// True when `units` holds a surrogate that is not part of a pair.
    var hasLoneSurrogate: Bool { UTF16Units.hasLoneSurrogate(units) }

    var nsRange: NSRange { NSRange(location: range.lowerBound, length: range.count) }

    var compareOptions: NSString.CompareOptions {
        var options: NSString.CompareOptions = []
        if caseInsensitive { options.insert(.caseInsensitive) }
        if anchored { options.insert(.anchored) }
        return options
    }

    var searchOptions: RegexSearchOptions {
        var options: RegexSearchOptions = []
        if caseInsensitive { options.insert(.caseInsensitive) }
        if anchored { options.insert(.anchored) }
        return options
    }

    var description: String {
        let flags = [caseInsensitive ? "caseInsensitive" : nil, anchored ? "anchored" : nil].compactMap { $0 }
        return "pattern \(String(reflecting: pattern)) text \(UTF16Units.describe(units)) "
            + "options [\(flags.joined(separator: ", "))] range \(range)"
    }
}

/// Helpers for UTF-16 texts that may hold lone surrogates.
enum UTF16Units {
    static func hasLoneSurrogate(_ units: [UInt16]) -> Bool {
        var index = 0
        while index < units.count {
            let unit = units[index]
            if unit & 0xFC00 == 0xD800, index + 1 < units.count, units[index + 1] & 0xFC00 == 0xDC00 {
                index += 2
            } else if unit & 0xF800 == 0xD800 {
                return true
            } else {
                index += 1
            }
        }
        return false
    }

    /// The text as a Swift literal when it is well formed, else as hex units.
    static func describe(_ units: [UInt16]) -> String {
        if !hasLoneSurrogate(units) {
            return String(reflecting: String(decoding: units, as: UTF16.self))
        }
        return "[" + units.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: ", ") + "]"
    }
}

/// Generates search cases from a fixed seed: texts over an alphabet of ASCII, case-folding
/// specials, combining marks, astral characters and lone surrogates; patterns from a small
/// grammar of ICU's syntax, some deliberately malformed; ranges that may cut surrogate pairs.
///
/// Patterns never put a lazy or possessive quantifier on a group, or any quantifier on a
/// zero-width assertion: ICU has endless loops there (see `LimitTests`), and Foundation, the
/// reference, searches without a time limit.
struct CaseGenerator {
    private var random: SplitMix64
    private var captureGroups = 0

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    // MARK: Alphabet

    private static func units(_ string: String) -> [UInt16] { Array(string.utf16) }

    static let ascii: [[UInt16]] = ["a", "b", "c", "A", "B", "C", "s", "S", "k", "K", "i", "I", "f", "x", "0", "1", "9", " ", "_", "-", ".", "\n"].map(units)
    /// Characters with special case foldings: ß/SS/ẞ, the three sigmas, the Kelvin sign, long s,
    /// dotted and dotless i, the ff ligature, the titlecase digraph and its case partners, é.
    static let caseSpecials: [[UInt16]] = ["ß", "ẞ", "Σ", "σ", "ς", "\u{212A}", "ſ", "İ", "ı", "ﬀ", "ǅ", "Ǆ", "ǆ", "é"].map(units)
    static let combiningMarks: [[UInt16]] = ["\u{0301}", "\u{0308}"].map(units)
    static let astral: [[UInt16]] = ["😀", "𝔸"].map(units)
    /// Lone surrogates, two of them halves of 😀 (D83D DE00), so that they sometimes pair up.
    static let loneSurrogates: [[UInt16]] = [[0xD83D], [0xDE00], [0xD800], [0xDFFF]]

    private mutating func textPiece(allowLoneSurrogates: Bool) -> [UInt16] {
        if allowLoneSurrogates, random.chance(1.0 / 6) {
            return random.element(of: Self.loneSurrogates)
        }
        switch random.number(in: 0..<10) {
        case 0..<5: return random.element(of: Self.ascii)
        case 5..<8: return random.element(of: Self.caseSpecials)
        case 8: return random.element(of: Self.combiningMarks)
        default: return random.element(of: Self.astral)
        }
    }

    /// A text of 0 to 10 characters; about a quarter may hold lone surrogates when allowed.
    mutating func text(allowLoneSurrogates: Bool) -> [UInt16] {
        let lone = allowLoneSurrogates && random.chance(0.25)
        var units: [UInt16] = []
        for _ in 0..<random.number(in: 0..<11) {
            units += textPiece(allowLoneSurrogates: lone)
        }
        return units
    }

    /// The whole text half the time, otherwise any range of units, which may start or end
    /// inside a surrogate pair.
    mutating func range(in count: Int) -> Range<Int> {
        if random.chance(0.5) { return 0..<count }
        let lower = random.number(in: 0...count)
        let upper = lower + random.number(in: 0...(count - lower))
        return lower..<upper
    }

    // MARK: Patterns

    private static let literalPieces: [String] = [
        "a", "b", "c", "A", "B", "s", "S", "k", "K", "i", "I", "f", "x", "0", "1", " ", "_", "-", "\\.", "\\n",
        "ß", "ẞ", "SS", "ss", "Σ", "σ", "ς", "\u{212A}", "ſ", "İ", "ı", "ﬀ", "ff", "ǅ", "Ǆ", "ǆ", "é", "e\u{0301}",
        "\u{0301}", "\u{0308}", "😀", "𝔸",
        "\\x{D83D}", "\\x{DE00}", "\\uD800", "\\x{DFFF}", "\\x{1F600}", "\\x{212A}", "\\u00DF",
    ]
    private static let classes: [String] = [
        "[abc]", "[^a]", "[a-cA-C]", "[ßs]", "[Σσ]", "[\\p{L}]", "[\\d\\s]", "[^\\w]", "[😀𝔸]",
        "[\\x{D800}-\\x{DFFF}]", "[k]", "[^\\x{D83D}]", "[ı]", "[\\w&&[^a]]", "[-.]",
    ]
    private static let classEscapes: [String] = [
        "\\w", "\\W", "\\d", "\\D", "\\s", "\\S", ".", "\\p{L}", "\\P{L}", "\\p{Greek}", "\\p{Lu}", "\\p{Ll}", "\\p{Mn}", "\\p{Cs}",
    ]
    private static let assertions: [String] = ["\\b", "\\B", "^", "$"]
    private static let malformations: [String] = [
        "(", ")", "[", "{2,1}", "\\p{Nope}", "*", "\\", "(?<", "a{", "[z-a]", "(?", "\\k<x>", "(?<=a*)",
    ]

    /// A pattern: well formed most of the time, empty rarely, malformed about 1 time in 20.
    mutating func pattern() -> String {
        captureGroups = 0
        if random.chance(0.005) { return "" }
        var pattern = alternation(depth: 2, bounded: false)
        if random.chance(0.05) {
            let broken = random.element(of: Self.malformations)
            switch random.number(in: 0..<3) {
            case 0: pattern = broken + pattern
            case 1: pattern += broken
            default:
                let units = Array(pattern.unicodeScalars)
                let cut = random.number(in: 0...units.count)
                pattern = String(String.UnicodeScalarView(units[..<cut])) + broken
                    + String(String.UnicodeScalarView(units[cut...]))
            }
        }
        if random.chance(1.0 / 12) { pattern = "(?i)" + pattern }
        return pattern
    }

    private mutating func alternation(depth: Int, bounded: Bool) -> String {
        var result = sequence(depth: depth, bounded: bounded)
        if random.chance(0.2) {
            result += "|" + sequence(depth: depth, bounded: bounded)
        }
        return result
    }

    private mutating func sequence(depth: Int, bounded: Bool) -> String {
        var result = ""
        for _ in 0..<(1 + random.number(in: 0..<3)) {
            result += item(depth: depth, bounded: bounded)
        }
        return result
    }

    /// An atom with perhaps a quantifier. `bounded`: inside a look-behind, whose match length
    /// must have a bound, so no `*`, `+` or `{m,}` and no back-references.
    private mutating func item(depth: Int, bounded: Bool) -> String {
        let roll = random.number(in: 0..<100)
        switch roll {
        case 0..<42:
            return quantified(random.element(of: Self.literalPieces), single: true, bounded: bounded)
        case 42..<52:
            return quantified(random.element(of: Self.classes), single: true, bounded: bounded)
        case 52..<66:
            return quantified(random.element(of: Self.classEscapes), single: true, bounded: bounded)
        case 66..<74:
            return random.element(of: Self.assertions)
        case 74..<78 where !bounded:
            // Back-references; \2 with fewer than two groups is a compile error.
            return quantified(captureGroups > 0 && random.chance(0.75) ? "\\1" : "\\2", single: false, bounded: bounded)
        case 78..<80:
            return random.element(of: ["(?i)", "(?-i)"])
        case 80..<100 where depth > 0:
            return group(depth: depth - 1, bounded: bounded)
        default:
            return quantified(random.element(of: Self.literalPieces), single: true, bounded: bounded)
        }
    }

    private mutating func group(depth: Int, bounded: Bool) -> String {
        switch random.number(in: 0..<10) {
        case 0..<3:
            captureGroups += 1
            return quantified("(" + alternation(depth: depth, bounded: bounded) + ")", single: false, bounded: bounded)
        case 3..<5:
            return quantified("(?:" + alternation(depth: depth, bounded: bounded) + ")", single: false, bounded: bounded)
        case 5:
            return quantified("(?i:" + alternation(depth: depth, bounded: bounded) + ")", single: false, bounded: bounded)
        case 6:
            return "(?=" + alternation(depth: depth, bounded: bounded) + ")"
        case 7:
            return "(?!" + alternation(depth: depth, bounded: bounded) + ")"
        case 8:
            return "(?<=" + alternation(depth: depth, bounded: true) + ")"
        default:
            return "(?<!" + alternation(depth: depth, bounded: true) + ")"
        }
    }

    /// Adds a quantifier a third of the time. `single`: the atom matches exactly one character,
    /// so it may also take a lazy or possessive quantifier.
    private mutating func quantified(_ atom: String, single: Bool, bounded: Bool) -> String {
        guard random.chance(1.0 / 3) else { return atom }
        let quantifier =
            bounded
            ? random.element(of: ["?", "{2}", "{1,2}", "{0,3}"])
            : random.element(of: ["*", "+", "?", "{2}", "{1,2}", "{0,3}", "{2,}"])
        guard single, random.chance(1.0 / 3) else { return atom + quantifier }
        return atom + quantifier + random.element(of: ["?", "+"])
    }

    // MARK: Cases

    /// The next case. Without lone surrogates, its text converts to a `String` exactly.
    mutating func nextCase(allowLoneSurrogates: Bool = true) -> GeneratedCase {
        let units = text(allowLoneSurrogates: allowLoneSurrogates)
        let pattern = pattern()
        let range = range(in: units.count)
        let caseInsensitive = random.chance(1.0 / 3)
        let anchored = random.chance(0.25)
        return GeneratedCase(units: units, pattern: pattern, caseInsensitive: caseInsensitive, anchored: anchored, range: range)
    }
}
