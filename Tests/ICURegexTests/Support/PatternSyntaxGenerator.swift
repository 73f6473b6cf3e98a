import TestSupport

/// Generates ICU patterns from a fixed seed out of every construct ``PatternReader`` knows,
/// composed a few levels deep, and texts made of the characters those patterns match plus
/// noise, so that matches are frequent.
///
/// Constructs: literal characters of several scripts, escaped punctuation, `\Q...\E` (with a
/// quantifier right after it, empty, or without its `\E` at the end of the pattern), the
/// control escapes, `\xhh` followed by hex-looking letters, `\x{...}`, `\uhhhh`,
/// `\Uhhhhhhhh`, classes, groups of every kind, comments, alternation with empty branches,
/// quantifiers greedy, lazy and possessive, anchors, lookaround, and `\R`, `\X`, `\1`,
/// `\k<name>`.
///
/// Quantifiers never go on zero-width pieces, and lazy or possessive ones only on pieces that
/// cannot match the empty string: ICU loops until its time limit there (see `LimitTests`),
/// which would only cost time.
struct PatternSyntaxGenerator {
    private var random: SplitMix64
    /// Strings the current pattern's pieces match.
    private(set) var samples: [String] = []
    private var groups = 0
    private var names: [String] = []
    /// True while generating a pattern of literal pieces only (characters, escapes, quotations,
    /// groups, comments and alternation, no quantifier): the patterns with an exact set.
    private var literalOnly = false

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// A piece of pattern text, with what the generator knows of it.
    private struct Fragment {
        var text: String
        /// True when the piece may match the empty string.
        var canBeEmpty: Bool
        /// True when a quantifier may follow (not after a zero-width piece or a comment).
        var quantifiable = true
    }

    // MARK: Alphabet

    /// Literal characters by script: ASCII (no metacharacters), Latin-1, Greek, Cyrillic,
    /// CJK, astral, and characters whose case folding is special.
    static let scripts: [[Unicode.Scalar]] = [
        Array("abcxyzABQEZ0179_ -!,=@~'\"<>:;%&/`#".unicodeScalars),
        Array("éßñüÿÀ×¿µªÅ".unicodeScalars),
        Array("αβγΣσςΐΩω".unicodeScalars),
        Array("жЖяЯёЁд".unicodeScalars),
        Array("中文字日本".unicodeScalars),
        Array("😀𝔸𐐀𐐨🙂𝟘".unicodeScalars),
        Array("ﬃſ\u{212A}İıẞ".unicodeScalars),
    ]

    /// Characters that only the noise of texts holds: line terminators and other controls.
    static let noiseOnly: [String] = [
        "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\t", "\u{0B}", "\u{0C}", "\u{A0}",
        // Characters ICU's `\b` looks past: marks and format characters.
        "\u{0301}", "\u{FE0F}", "\u{200B}", "\u{200D}", "\u{AD}",
    ]

    static let escapedPunctuation: [Unicode.Scalar] = Array(".*+?()[]{}|^$\\-/#&~@,<>'\":=!% _".unicodeScalars)

    static let controlEscapes: [(String, String)] = [
        ("\\t", "\t"), ("\\n", "\n"), ("\\r", "\r"), ("\\f", "\u{0C}"), ("\\e", "\u{1B}"), ("\\a", "\u{07}"),
    ]

    /// Classes with some of their members.
    static let classes: [(String, [String])] = [
        ("\\w", ["q", "ж", "7", "_", "中"]), ("\\W", [" ", "!", "\n"]), ("\\s", [" ", "\t", "\n", "\u{2028}"]),
        ("\\S", ["x", "é"]), ("\\d", ["5", "٣"]), ("\\D", ["x", " "]), ("\\h", [" ", "\t", "\u{A0}"]),
        ("\\H", ["x", "\n"]), ("\\v", ["\n", "\r", "\u{0B}", "\u{85}", "\u{2028}"]), ("\\V", ["x", " "]),
        ("\\p{L}", ["q", "Ω", "中"]), ("\\P{L}", ["1", " "]), ("\\p{Greek}", ["α", "Σ"]),
        ("\\p{Lu}", ["A", "Ж", "𐐀"]), ("[a-c]", ["a", "b", "c"]), ("[^x]", ["y", "😀"]),
        ("[α-ω]", ["β", "ς"]), ("[0-9a-fA-F]", ["7", "e"]), ("[^\\s]", ["x"]), ("[\\p{Cyrillic}]", ["ж"]),
        ("[😀-🙂]", ["😀", "🙂"]), ("[-.x]", ["-", "."]), ("[\\w&&[^a-m]]", ["z"]), ("[ßs]", ["ß", "s"]),
        ("[\\x{1F600}é]", ["😀", "é"]), (".", ["x", "😀", " "]), ("\\N{GREEK SMALL LETTER ALPHA}", ["α"]),
        ("\\N{DIGIT ONE}", ["1"]), ("[?!]", ["?", "!"]), ("[，,。]", ["，", ",", "。"]), ("[?a]", ["?", "a", "A"]),
    ]

    /// The classes a one-character lookaround is made of: those with a complement escape first.
    static let lookaroundClasses = ["\\w", "\\W", "\\s", "\\S", "\\d", "\\D", "\\h", "\\H", "\\v", "\\V", "[a-z]", "."]

    /// Perl's one-letter property classes, which the reader reads but ICU rejects
    /// (U_REGEX_PROPERTY_SYNTAX: ICU wants braces); generated rarely, so that the rejection is
    /// seen without costing many patterns.
    static let oneLetterProperties: [(String, [String])] = [("\\pL", ["b", "ж"]), ("\\pN", ["4"]), ("\\PL", ["1"])]

    /// What a match may require before it, and after it.
    static let startConditions = ["^", "\\A", "(?<!\\w)", "(?<!\\s)", "(?<!\\d)", "(?<!\\V)", "(?<=)", "(?<=\\W)", "(?<![a-z])", "\\b"]
    static let endConditions = ["$", "\\Z", "\\z", "(?!\\w)", "(?!\\S)", "(?!\\h)", "(?!\\v)", "(?=)", "(?=\\s)", "(?![a-z])", "\\b"]

    static let comments = ["(?#)", "(?#note)", "(?#x*y)", "(?#(a|b)", "(?#é😀)"]

    // MARK: Patterns

    /// The next pattern; ``samples`` then holds strings its pieces match.
    mutating func pattern() -> String {
        samples = []
        groups = 0
        names = []
        literalOnly = random.chance(1.0 / 4.0)
        var pattern = alternation(depth: 3, bounded: false).text
        if random.chance(1.0 / 3.0) {
            // Conditions at the edges of the match, which a line reading follows exactly: around
            // the whole pattern (as `-w` and `-x` wrap it), or at the ends of its first and last
            // branches.
            if random.chance(1.0 / 2.0) { pattern = "(?:" + pattern + ")" }
            if random.chance(2.0 / 3.0) { pattern = edgeCondition(Self.startConditions) + pattern }
            if random.chance(2.0 / 3.0) { pattern += edgeCondition(Self.endConditions) }
        }
        if random.chance(1.0 / 15.0) {
            // A quotation without its `\E`: it runs to the end of the pattern.
            pattern += "\\Q" + quotedText()
        }
        return pattern
    }

    /// One of `conditions`, with a character in place of an empty lookaround's body.
    private mutating func edgeCondition(_ conditions: [String]) -> String {
        let condition = random.element(of: conditions)
        guard condition.hasSuffix("=)") else { return condition }
        let scalar = literalScalar()
        samples.append(String(scalar))
        return String(condition.dropLast()) + String(scalar) + ")"
    }

    /// Branches separated by `|`, some of them empty. `bounded`: inside a lookbehind, whose
    /// length ICU must bound: no `*`, `+`, `{n,}`, back references or `\X`.
    private mutating func alternation(depth: Int, bounded: Bool) -> Fragment {
        var branches = [sequence(depth: depth, bounded: bounded)]
        while branches.count < 3, random.chance(1.0 / 4.0) {
            branches.append(random.chance(1.0 / 6.0) ? Fragment(text: "", canBeEmpty: true) : sequence(depth: depth, bounded: bounded))
        }
        return Fragment(text: branches.map(\.text).joined(separator: "|"), canBeEmpty: branches.contains(where: \.canBeEmpty))
    }

    private mutating func sequence(depth: Int, bounded: Bool) -> Fragment {
        var text = ""
        var canBeEmpty = true
        for _ in 0..<(1 + random.number(in: 0..<4)) {
            let piece = quantified(atom(depth: depth, bounded: bounded), bounded: bounded)
            text += piece.text
            canBeEmpty = canBeEmpty && piece.canBeEmpty
        }
        return Fragment(text: text, canBeEmpty: canBeEmpty)
    }

    /// One atom, without a quantifier.
    private mutating func atom(depth: Int, bounded: Bool) -> Fragment {
        if literalOnly {
            switch random.number(in: 0..<10) {
            case 0..<3 where depth > 0: return group(depth: depth - 1, bounded: bounded)
            case 3: return Fragment(text: random.element(of: Self.comments), canBeEmpty: true, quantifiable: false)
            default: break
            }
        }
        if random.chance(1.0 / 300.0) {
            let (text, members) = random.element(of: Self.oneLetterProperties)
            samples.append(random.element(of: members))
            return Fragment(text: text, canBeEmpty: false)
        }
        switch random.number(in: 0..<(literalOnly ? 40 : 100)) {
        case 0..<26:
            let scalar = literalScalar()
            samples.append(String(scalar))
            return Fragment(text: String(scalar), canBeEmpty: false)
        case 26..<31:
            let scalar = random.element(of: Self.escapedPunctuation)
            samples.append(String(scalar))
            return Fragment(text: "\\" + String(scalar), canBeEmpty: false)
        case 31..<37:
            let quoted = quotedText()
            if !quoted.isEmpty { samples.append(quoted) }
            return Fragment(text: "\\Q" + quoted + "\\E", canBeEmpty: quoted.isEmpty)
        case 37..<40:
            let (escape, character) = random.element(of: Self.controlEscapes)
            samples.append(character)
            return Fragment(text: escape, canBeEmpty: false)
        case 40..<48:
            return hexEscape()
        case 48..<62:
            let (text, members) = random.element(of: Self.classes)
            samples.append(random.element(of: members))
            return Fragment(text: text, canBeEmpty: false)
        case 62..<76 where depth > 0:
            return group(depth: depth - 1, bounded: bounded)
        case 76..<82:
            let anchors = bounded ? ["\\b", "\\B", "^", "\\A"] : ["^", "$", "\\A", "\\z", "\\Z", "\\b", "\\B"]
            return Fragment(text: random.element(of: anchors), canBeEmpty: true, quantifiable: false)
        case 82..<89 where depth > 0:
            return lookaround(depth: depth - 1)
        case 89..<91:
            return Fragment(text: random.element(of: Self.comments), canBeEmpty: true, quantifiable: random.chance(1.0 / 10.0))
        case 91..<94:
            samples.append(random.element(of: ["\r\n", "\n", "\u{2028}"]))
            return Fragment(text: "\\R", canBeEmpty: false)
        case 94..<96 where !bounded:
            samples.append(random.element(of: ["e\u{301}", "x", "👍🏽"]))
            return Fragment(text: "\\X", canBeEmpty: false)
        case 96..<98 where !bounded && groups > 0:
            return Fragment(text: "\\" + String(1 + random.number(in: 0..<groups)), canBeEmpty: true)
        case 98..<100 where !bounded && !names.isEmpty:
            return Fragment(text: "\\k<" + random.element(of: names) + ">", canBeEmpty: true)
        default:
            let scalar = literalScalar()
            samples.append(String(scalar))
            return Fragment(text: String(scalar), canBeEmpty: false)
        }
    }

    private mutating func literalScalar() -> Unicode.Scalar {
        random.element(of: random.element(of: Self.scripts))
    }

    /// The text of a quotation: characters of every script and metacharacters, never `\E`.
    private mutating func quotedText() -> String {
        var text = ""
        for _ in 0..<random.number(in: 0..<5) {
            if random.chance(1.0 / 3.0) {
                let meta = random.element(of: Array("*+?()[]{}|^$.\\#".unicodeScalars))
                if meta == "\\", text.unicodeScalars.last == "\\" { continue }
                text.unicodeScalars.append(meta)
            } else {
                var scalar = literalScalar()
                if scalar == "E", text.unicodeScalars.last == "\\" { scalar = "e" }
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// A character as `\xhh` (then sometimes hex-looking letters, which ICU reads as
    /// characters of their own), `\x{...}`, `\uhhhh` or `\Uhhhhhhhh`.
    private mutating func hexEscape() -> Fragment {
        let scalar =
            random.chance(1.0 / 3.0)
            ? random.element(of: Array("ABCabc019é×\u{7F}\u{1B}".unicodeScalars)) : literalScalar()
        let value = scalar.value
        var hex = String(value, radix: 16, uppercase: random.chance(1.0 / 2.0))
        switch random.number(in: 0..<4) {
        case 0 where value < 0x100:
            hex = String(repeating: "0", count: 2 - hex.count) + hex
            var trailing = ""
            if random.chance(1.0 / 2.0) {
                for _ in 0..<(1 + random.number(in: 0..<3)) {
                    trailing.unicodeScalars.append(random.element(of: Array("0123456789abcdefABCDEF".unicodeScalars)))
                }
            }
            samples.append(String(scalar) + trailing)
            return Fragment(text: "\\x" + hex + trailing, canBeEmpty: false)
        case 1 where value <= 0xFFFF:
            samples.append(String(scalar))
            return Fragment(text: "\\u" + String(repeating: "0", count: 4 - hex.count) + hex, canBeEmpty: false)
        case 2:
            samples.append(String(scalar))
            return Fragment(text: "\\U" + String(repeating: "0", count: 8 - hex.count) + hex, canBeEmpty: false)
        default:
            samples.append(String(scalar))
            let zeros = random.number(in: 0..<6 - hex.count + 1)
            return Fragment(text: "\\x{" + String(repeating: "0", count: zeros) + hex + "}", canBeEmpty: false)
        }
    }

    private mutating func group(depth: Int, bounded: Bool) -> Fragment {
        let opening: String
        switch random.number(in: 0..<8) {
        case 0..<3:
            groups += 1
            opening = "("
        case 3..<5:
            opening = "(?:"
        case 5:
            groups += 1
            let name = random.element(of: ["n", "word", "x2", "Grp"]) + String(names.count)
            names.append(name)
            opening = "(?<" + name + ">"
        default:
            opening = "(?>"
        }
        let body = alternation(depth: depth, bounded: bounded)
        return Fragment(text: opening + body.text + ")", canBeEmpty: body.canBeEmpty)
    }

    private mutating func lookaround(depth: Int) -> Fragment {
        let opening = random.element(of: ["(?=", "(?!", "(?<=", "(?<!"])
        let behind = opening.hasPrefix("(?<")
        let body: String
        if random.chance(1.0 / 2.0) {
            // One character or class, which a line reading follows at a branch's edges.
            if random.chance(2.0 / 3.0) {
                let text = random.element(of: Self.lookaroundClasses)
                body = text
                if let members = Self.classes.first(where: { $0.0 == text })?.1 { samples.append(random.element(of: members)) }
            } else {
                let scalar = literalScalar()
                samples.append(String(scalar))
                body = String(scalar)
            }
        } else {
            body = alternation(depth: depth, bounded: behind).text
        }
        return Fragment(text: opening + body + ")", canBeEmpty: true, quantifiable: false)
    }

    /// The atom, with a quantifier a third of the time.
    private mutating func quantified(_ atom: Fragment, bounded: Bool) -> Fragment {
        guard atom.quantifiable, !literalOnly, random.chance(1.0 / 3.0) else { return atom }
        let minimum: Int
        let quantifier: String
        switch random.number(in: 0..<(bounded ? 4 : 7)) {
        case 0:
            (minimum, quantifier) = (0, "?")
        case 1:
            let count = random.number(in: 0..<4)
            (minimum, quantifier) = (count, "{\(count)}")
        case 2, 3:
            let count = random.number(in: 0..<3)
            (minimum, quantifier) = (count, "{\(count),\(count + random.number(in: 0..<4))}")
        case 4:
            (minimum, quantifier) = (0, "*")
        case 5:
            (minimum, quantifier) = (1, "+")
        default:
            let count = random.number(in: 0..<3)
            (minimum, quantifier) = (count, "{\(count),}")
        }
        var text = atom.text + quantifier
        if !atom.canBeEmpty, random.chance(1.0 / 3.0) {
            text += random.element(of: ["?", "+"])
        }
        // A quantified piece's samples come in runs.
        if let last = samples.last, random.chance(1.0 / 2.0) {
            samples.append(String(repeating: last, count: 2 + random.number(in: 0..<2)))
        }
        return Fragment(text: text, canBeEmpty: atom.canBeEmpty || minimum == 0)
    }

    // MARK: Texts

    /// A text of the current pattern's samples and noise, at most `maximumScalars` code points.
    /// `newlines`: whether it may hold `\n` (and CR LF).
    mutating func text(newlines: Bool, maximumScalars: Int = 60) -> String {
        var text = ""
        for _ in 0..<random.number(in: 0..<12) {
            if !samples.isEmpty, random.chance(13.0 / 20.0) {
                text += random.element(of: samples)
            } else if random.chance(1.0 / 6.0) {
                text += random.element(of: Self.noiseOnly)
            } else {
                text.unicodeScalars.append(literalScalar())
            }
        }
        if !newlines {
            text.unicodeScalars.removeAll { $0 == "\n" }
        }
        if text.unicodeScalars.count > maximumScalars {
            text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximumScalars)))
        }
        return text
    }

    /// A line's text: no `\n` but sometimes a final one, and sometimes another line
    /// terminator or CR LF at its end (a line of a file with CR LF endings ends with `\r`).
    mutating func lineText() -> String {
        var text = text(newlines: false)
        switch random.number(in: 0..<10) {
        case 0, 1: text += "\n"
        case 2: text += random.element(of: ["\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"])
        default: break
        }
        return text
    }
}
