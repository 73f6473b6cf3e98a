import Foundation
import TestSupport

/// Generates cases for comparing `ICURegularExpression` and `RegexPattern` with Foundation's
/// `NSRegularExpression`: texts of ASCII, Latin, Greek, Cyrillic, CJK, emoji and line
/// terminators; patterns with numbered, named, nested and optional groups, alternations,
/// greedy, lazy and possessive quantifiers, anchors, look-around, back-references and classes,
/// some malformed; compile and matching options; ranges; replacement templates.
///
/// Everything keeps to characters and properties on which the system's ICU 72 and the ICU 76
/// that Foundation bundles agree (nothing assigned or changed after Unicode 15), and away
/// from ICU's endless loops (a lazy or possessive quantifier on a group, a quantifier on a
/// zero-width assertion) and from exponential backtracking (a group with an unbounded
/// quantifier holds no quantifier and no alternation), because Foundation, the reference, searches without a time limit.
struct RegularExpressionCaseGenerator {
    var random: SplitMix64
    /// The capture groups and group names of the pattern being generated.
    private(set) var groupCount = 0
    private(set) var groupNames: [String] = []

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    // MARK: Texts

    static let textPieces: [String] = [
        "a", "b", "c", "x", "y", "z", "A", "B", "C", "X", "0", "1", "9", " ", " ", "_", "-", ".", "$", "\\", "@",
        "ab", "abc", "foo", "bar", "Foo", "é", "ñ", "ü", "ß", "Ä", "ø", "α", "β", "Σ", "σ", "ς", "Ω", "ж", "Ж", "д",
        "я", "日", "本", "中", "文", "😀", "🎉", "𝔸", "\n", "\r\n", "\r", "\u{2028}", "\u{85}", "\t",
    ]

    /// The pieces most patterns look for, half of every text.
    static let commonPieces: [String] = ["a", "b", "c", "x", "ab", " ", "é", "😀", "\n", "foo"]

    /// A text of 0 to `maxPieces` pieces.
    /// `withoutAt`: no `@`, around which ICU 72's word boundaries (`.useUnicodeWordBoundaries`)
    /// differ from ICU 76's (see ICUVersionDifferenceTests).
    mutating func text(maxPieces: Int = 16, withoutAt: Bool = false) -> String {
        var text = ""
        for _ in 0..<random.number(in: 0...maxPieces) {
            let piece = random.chance(0.5) ? random.element(of: Self.commonPieces) : random.element(of: Self.textPieces)
            text += withoutAt && piece == "@" ? "+" : piece
        }
        return text
    }

    /// Words for long texts: names the patterns look for, filler, other scripts, an address.
    static let words: [String] = [
        "Sherlock", "Holmes", "Watson", "the", "of", "and", "said", "a", "to", "it", "was", "Baker", "Street",
        "john@example.com", "mary@test.com", "Москва", "город", "日本語", "東京", "😀", "🎉", "café", "Straße",
        "STRASSE", "ΣΟΦΙΑ", "σοφία", "1895", "221B", "SHERLOCK", "sherlock", ",", ".", "\n", "\r\n", "\u{2028}", "Holm", "ſ", "\u{212A}", "ss", "SS", "Σ",
    ]

    /// A text of about `length` UTF-16 units of words; `rareWords` are left out but every
    /// `rareEvery`-th word (so that literal prefilters skip long stretches).
    mutating func longText(length: Int, rareWords: Set<String> = [], rareEvery: Int = 1) -> String {
        var text = ""
        var units = 0
        var count = 0
        let common = Self.words.filter { !rareWords.contains($0) }
        let rare = Array(rareWords).sorted()
        while units < length {
            count += 1
            let word = !rare.isEmpty && count % rareEvery == 0 ? random.element(of: rare) : random.element(of: common)
            let separator = random.chance(0.8) ? " " : ""
            text += word + separator
            units += word.utf16.count + separator.utf16.count
        }
        return text
    }

    // MARK: Patterns

    static let literals: [String] = [
        "a", "b", "c", "x", "A", "B", "ab", "foo", "é", "ß", "σ", "Σ", "ж", "Ж", "日", "😀", "\\.", "\\$", " ", "-", "\\\\",
        "\\n", "\\r", "\\x{1F600}", "\\u00E9", "\\Qa.b\\E",
    ]
    /// The literals of the texts' common pieces, half of the literals patterns take.
    static let commonLiterals: [String] = ["a", "b", "c", "x", "ab", "foo", "é", "😀", " "]
    static let classes: [String] = [
        "[abc]", "[^a]", "[a-z]", "[A-Z]", "[α-ω]", "[а-я]", "[\\p{Han}]", "[😀🎉]", "[^\\n]", "[\\s\\d]", "[.$]",
        "[\\w&&[^a]]", "[-a]", "[ßs]",
    ]
    static let escapes: [String] = [
        "\\w", "\\W", "\\d", "\\D", "\\s", "\\S", ".", ".", "\\p{L}", "\\p{Lu}", "\\p{Ll}", "\\p{Greek}",
        "\\p{Cyrillic}", "\\R", "\\X", "\\h", "\\v",
    ]
    static let assertions: [String] = ["^", "$", "\\b", "\\B", "\\A", "\\z", "\\Z", "\\G", "^", "$", "\\b"]
    static let names: [String] = ["word", "num", "first", "x1", "Last"]
    static let malformations: [String] = [
        "(", ")", "[", "{2,1}", "\\p{Nope}", "*", "\\", "(?<", "a{", "[z-a]", "(?", "\\k<nope>", "(?<=a*)", "(?<1a>x)",
        "\\9",
    ]

    /// A pattern: well formed most of the time, malformed about 1 time in 25, with ten or
    /// more groups 1 time in 20.
    mutating func pattern() -> String {
        groupCount = 0
        groupNames = []
        if random.chance(0.05) {
            return manyGroups()
        }
        var pattern = alternation(depth: 2, bounded: false, insideRepeat: false).text
        if random.chance(0.04) {
            let broken = random.element(of: Self.malformations)
            let scalars = Array(pattern.unicodeScalars)
            let cut = random.number(in: 0...scalars.count)
            pattern = String(String.UnicodeScalarView(scalars[..<cut])) + broken + String(String.UnicodeScalarView(scalars[cut...]))
        }
        if random.chance(0.05) { pattern = random.element(of: ["(?i)", "(?s)", "(?m)", "(?x)", "(?w)"]) + pattern }
        return pattern
    }

    /// Ten to fourteen groups in a row, so that templates have two-digit group numbers.
    private mutating func manyGroups() -> String {
        let pieces = ["(\\w)", "(x)?", "(\\d*)", "(.)", "([a-c]?)", "(b|c)?", "(\\s)?", "(?:(a)|(b))"]
        var pattern = ""
        while groupCount < 10 + random.number(in: 0...4) {
            let piece = random.element(of: pieces)
            pattern += piece
            groupCount += piece.hasPrefix("(?:") ? 2 : 1
        }
        if random.chance(0.3) {
            pattern += "(?<" + "last" + ">\\w*)"
            groupCount += 1
            groupNames.append("last")
        }
        return pattern
    }

    /// A piece of pattern and whether it holds an unbounded quantifier.
    typealias Piece = (text: String, unbounded: Bool)

    private mutating func alternation(depth: Int, bounded: Bool, insideRepeat: Bool) -> Piece {
        var result = sequence(depth: depth, bounded: bounded, insideRepeat: insideRepeat)
        // Inside an unbounded repeat, alternatives would multiply the ways to split a text.
        while !insideRepeat, random.chance(0.2) {
            let next = sequence(depth: depth, bounded: bounded, insideRepeat: insideRepeat)
            result = (result.text + "|" + next.text, result.unbounded || next.unbounded)
        }
        return result
    }

    private mutating func sequence(depth: Int, bounded: Bool, insideRepeat: Bool) -> Piece {
        var result: Piece = ("", false)
        for _ in 0..<(1 + random.number(in: 0..<3)) {
            let next = item(depth: depth, bounded: bounded, insideRepeat: insideRepeat)
            result = (result.text + next.text, result.unbounded || next.unbounded)
        }
        return result
    }

    /// An atom with perhaps a quantifier. `bounded`: inside a look-behind, whose length must
    /// have a bound. `insideRepeat`: inside a group with an unbounded quantifier, so no
    /// quantifier.
    private mutating func item(depth: Int, bounded: Bool, insideRepeat: Bool) -> Piece {
        switch random.number(in: 0..<100) {
        case 0..<38:
            let literal = random.chance(0.5) ? random.element(of: Self.commonLiterals) : random.element(of: Self.literals)
            return quantified(literal, single: true, bounded: bounded, insideRepeat: insideRepeat)
        case 38..<48:
            return quantified(random.element(of: Self.classes), single: true, bounded: bounded, insideRepeat: insideRepeat)
        case 48..<62:
            let escape = random.element(of: Self.escapes)
            // \R and \X may match more than one unit: no lazy or possessive quantifier for them.
            return quantified(escape, single: escape != "\\R" && escape != "\\X", bounded: bounded, insideRepeat: insideRepeat)
        case 62..<70:
            return (random.element(of: Self.assertions), false)
        case 70..<75 where !bounded:
            if !groupNames.isEmpty, random.chance(0.3) {
                return quantified("\\k<\(random.element(of: groupNames))>", single: false, bounded: bounded, insideRepeat: insideRepeat)
            }
            let number = groupCount > 0 && random.chance(0.85) ? random.number(in: 1...groupCount) : groupCount + 1
            return quantified("\\\(number)", single: false, bounded: bounded, insideRepeat: insideRepeat)
        case 75..<78:
            return (random.element(of: ["(?i)", "(?-i)", "(?s)", "(?m)"]), false)
        case 78..<100 where depth > 0:
            return group(depth: depth - 1, bounded: bounded, insideRepeat: insideRepeat)
        default:
            return quantified(random.element(of: Self.literals), single: true, bounded: bounded, insideRepeat: insideRepeat)
        }
    }

    private mutating func group(depth: Int, bounded: Bool, insideRepeat: Bool) -> Piece {
        // Groups that may repeat: their content is generated without unbounded quantifiers
        // when the group takes one, which is decided first.
        let repeats = random.chance(1.0 / 3)
        let unboundedRepeat = repeats && !bounded && !insideRepeat && random.chance(0.6)
        func quantifier(_ random: inout SplitMix64) -> String {
            guard repeats, !insideRepeat else { return "" }
            if unboundedRepeat { return random.element(of: ["*", "+", "{1,}", "{2,}"]) }
            return random.element(of: ["?", "{2}", "{0,2}", "{1,3}"])
        }
        let inner = insideRepeat || unboundedRepeat
        switch random.number(in: 0..<12) {
        case 0..<3:
            groupCount += 1
            let content = alternation(depth: depth, bounded: bounded, insideRepeat: inner)
            return ("(" + content.text + ")" + quantifier(&random), content.unbounded || unboundedRepeat)
        case 3..<5:
            var name = random.element(of: Self.names)
            if groupNames.contains(name), random.chance(0.9) { name += "\(groupCount)" }
            groupCount += 1
            groupNames.append(name)
            let content = alternation(depth: depth, bounded: bounded, insideRepeat: inner)
            return ("(?<\(name)>" + content.text + ")" + quantifier(&random), content.unbounded || unboundedRepeat)
        case 5..<7:
            let content = alternation(depth: depth, bounded: bounded, insideRepeat: inner)
            return ("(?:" + content.text + ")" + quantifier(&random), content.unbounded || unboundedRepeat)
        case 7:
            let content = alternation(depth: depth, bounded: bounded, insideRepeat: inner)
            let flags = random.element(of: ["(?i:", "(?>", "(?-i:", "(?s:"])
            return (flags + content.text + ")" + quantifier(&random), content.unbounded || unboundedRepeat)
        case 8:
            let content = alternation(depth: depth, bounded: bounded, insideRepeat: insideRepeat)
            return ("(?=" + content.text + ")", content.unbounded)
        case 9:
            let content = alternation(depth: depth, bounded: bounded, insideRepeat: insideRepeat)
            return ("(?!" + content.text + ")", content.unbounded)
        case 10:
            let content = alternation(depth: depth, bounded: true, insideRepeat: insideRepeat)
            return ("(?<=" + content.text + ")", false)
        default:
            let content = alternation(depth: depth, bounded: true, insideRepeat: insideRepeat)
            return ("(?<!" + content.text + ")", false)
        }
    }

    /// Adds a quantifier a third of the time. `single`: the atom matches exactly one
    /// character, so it may also take a lazy or possessive quantifier.
    private mutating func quantified(_ atom: String, single: Bool, bounded: Bool, insideRepeat: Bool) -> Piece {
        // Inside an unbounded repeat, quantifiers would multiply the ways to split a text.
        guard !insideRepeat, random.chance(1.0 / 3) else { return (atom, false) }
        let unbounded = ["*", "+", "{2,}", "{0,}"]
        let limited = ["?", "{2}", "{1,2}", "{0,3}"]
        let quantifier = bounded ? random.element(of: limited) : random.element(of: unbounded + limited)
        let isUnbounded = unbounded.contains(quantifier)
        guard single, random.chance(0.4) else { return (atom + quantifier, isUnbounded) }
        return (atom + quantifier + random.element(of: ["?", "+"]), isUnbounded)
    }

    // MARK: Options

    /// Compile options: each flag now and then, `.ignoreMetacharacters` rarely.
    mutating func options() -> NSRegularExpression.Options {
        var options: NSRegularExpression.Options = []
        let flags: [(NSRegularExpression.Options, Double)] = [
            (.caseInsensitive, 0.25), (.allowCommentsAndWhitespace, 0.1), (.ignoreMetacharacters, 0.04),
            (.dotMatchesLineSeparators, 0.2), (.anchorsMatchLines, 0.25), (.useUnixLineSeparators, 0.2),
            (.useUnicodeWordBoundaries, 0.2),
        ]
        for (flag, chance) in flags where random.chance(chance) {
            options.insert(flag)
        }
        return options
    }

    /// Matching options: each flag a quarter of the time; `.anchored` only where Linux
    /// Foundation gets it right (the range starts at 0, or the bounds are transparent).
    mutating func matchingOptions(range: NSRange) -> NSRegularExpression.MatchingOptions {
        var options: NSRegularExpression.MatchingOptions = []
        for flag in [NSRegularExpression.MatchingOptions.reportProgress, .reportCompletion, .anchored, .withTransparentBounds, .withoutAnchoringBounds]
        where random.chance(0.25) {
            options.insert(flag)
        }
        if options.contains(.anchored), range.location != 0, !options.contains(.withTransparentBounds) {
            if random.chance(0.5) { options.insert(.withTransparentBounds) } else { options.remove(.anchored) }
        }
        return options
    }

    // MARK: Ranges

    /// A range of `string`'s UTF-16 units: the whole, empty ones (at the ends too), prefixes,
    /// suffixes and others on scalar boundaries, or, with `splitsPairs`, on any unit (which
    /// may cut a surrogate pair); rarely one past the end.
    mutating func range(in string: String, splitsPairs: Bool, outOfBounds: Bool = false) -> NSRange {
        let length = string.utf16.count
        // UTF-16 offsets of scalar boundaries.
        var boundaries = [0]
        for scalar in string.unicodeScalars {
            boundaries.append(boundaries.last! + UTF16.width(scalar))
        }
        if outOfBounds, random.chance(0.01) {
            let location = random.number(in: 0...(length + 1))
            return NSRange(location: location, length: length + 1 - location + random.number(in: 0...1))
        }
        func offset(_ random: inout SplitMix64) -> Int {
            splitsPairs && random.chance(0.3) ? random.number(in: 0...length) : random.element(of: boundaries)
        }
        switch random.number(in: 0..<10) {
        case 0..<4: return NSRange(location: 0, length: length)
        case 4: return NSRange(location: random.element(of: [0, length, offset(&random)]), length: 0)
        case 5: return NSRange(location: 0, length: offset(&random))
        case 6:
            let location = offset(&random)
            return NSRange(location: location, length: length - location)
        default:
            let a = offset(&random)
            let b = offset(&random)
            return NSRange(location: min(a, b), length: abs(a - b))
        }
    }

    // MARK: Templates

    static let templatePieces: [String] = [
        "$0", "$1", "$1", "$2", "$3", "$9", "$10", "$11", "$12", "$13", "$15", "$123", "\\$", "\\\\", "\\1", "\\n",
        "$", "$x", "${word}", "x", "-", "<", ">", "é", "😀", "ж", " ",
        // A backslash before a character outside the BMP, after which Foundation's search for
        // the next `\` or `$` is out of step with the surrogates.
        "\\😀", "\\𝔸", "\\😀$0",
    ]

    /// A Foundation template: group numbers, escapes, text; sometimes a trailing `\` or `$`.
    mutating func template() -> String {
        var template = ""
        for _ in 0..<random.number(in: 0...4) {
            template += random.element(of: Self.templatePieces)
        }
        if random.chance(0.1) { template += random.element(of: ["\\", "$"]) }
        return template
    }
}
