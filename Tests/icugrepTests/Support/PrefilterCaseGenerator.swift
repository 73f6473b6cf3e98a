@testable import icugrep
import Foundation
import TestSupport

/// Generates texts, patterns and options for the prefilter's differential test, from a fixed
/// seed: texts full of characters with special case foldings and near misses of the
/// patterns' literals, patterns that put literals in alternations, optional groups,
/// lookaround and constructs the extractor refuses, and options that touch every path of the
/// searcher.
struct PrefilterCaseGenerator {
    /// The random source.
    var random: SplitMix64
    /// Lines of the Russian, Chinese and English corpora, when present.
    let corpusLines: [String]

    /// Creates a generator from `seed`, mixing in `corpusLines`.
    init(seed: UInt64, corpusLines: [String]) {
        random = SplitMix64(seed: seed)
        self.corpusLines = corpusLines
    }

    /// Words that texts are made of and literals are taken from: characters whose case
    /// foldings reach ASCII (ß, ẞ, ſ, the Kelvin and Ångström signs, ligatures, İ), the
    /// Greek sigmas, near misses, metacharacters, Russian and Chinese.
    static let words: [String] = [
        "Sherlock", "Holmes", "HOLMES", "holmes", "Holme", "olmes", "Watson", "watson", "WATSON",
        "straße", "STRASSE", "Strasse", "strase", "ſtraſſe", "STRAẞE", "stras", "STRAßE",
        "kelvin", "KELVIN", "\u{212A}elvin", "Kelvi", "\u{212A}", "k", "K",
        "ΣΟΦΙΑ", "σοφια", "σοφιας", "ΣΟΦΙΑΣ", "ς", "σ", "Σ",
        "İstanbul", "istanbul", "ıstanbul", "ISTANBUL", "i\u{307}stanbul", "Istanbul",
        "ﬀ", "ff", "FF", "oﬃce", "office", "OFFICE", "ﬆ", "st", "ST",
        "Å", "å", "\u{212B}", "abc", "ABC", "aBc", "xyz", "a.b", "a*b", "a+b", "(x)", "[y]", "\\E",
        "Москва", "москва", "МОСКВА", "Шерлок", "шерлок", "ШЕРЛОК", "福尔摩斯", "华生", "福尔",
        "s", "S", "ß", "ẞ", "é", "e\u{301}", "\u{FFFD}", "123", "_", "-", "the", "The",
        // Cyrillic with the old-style variants U+1C80–U+1C88, Ё and Й.
        "Холмс", "ХОЛМС", "холмс", "Х\u{1C82}лм\u{1C83}", "\u{1C82}\u{1C83}", "Ёлка", "ёлка", "ЁЛКА", "елка",
        "Йод", "йод", "ЙОД", "иод", "\u{1C80}\u{1C81}\u{1C82}\u{1C83}\u{1C84}\u{1C85}\u{1C86}\u{1C87}\u{1C88}",
        "вдоссттъѣꙋ", "ВДОССТТЪѢꙊ", "Уотсон", "уо\u{1C83}\u{1C85}он",
        // Greek and Armenian letters with multi-character folds, and their parts.
        "ΐ", "ΐ", "\u{1FD3}", "ᾳ", "αι", "ΑΙ", "ἀρχή", "ΑΡΧΗ", "ἈΡΧΉ", "Ὀδυσσεύς", "ὀδυσσεύς", "ΟΔΥΣΣΕΥΣ",
        "ﬓ", "մն", "ՄՆ", "և", "եւ", "ǰ", "ǰ", "µ", "μ", "Μ",
    ]

    /// Separators between words.
    static let separators = [" ", " ", " ", "", ",", ". ", "\t", "-", "_"]

    // MARK: Texts

    /// A text of a few lines: generated words, corpus lines, sometimes ill-formed UTF-8, NUL
    /// bytes, CRLF endings and no final newline.
    mutating func text() -> [UInt8] {
        var bytes: [UInt8] = []
        let lineCount = random.number(in: 1...12)
        let crlf = random.chance(0.1)
        for lineIndex in 0..<lineCount {
            bytes += line()
            if crlf { bytes.append(13) }
            if lineIndex < lineCount - 1 || random.chance(0.8) {
                bytes.append(10)
            }
        }
        return bytes
    }

    /// One line, without its terminator.
    mutating func line() -> [UInt8] {
        if !corpusLines.isEmpty && random.chance(0.15) {
            var line = Array(random.element(of: corpusLines).utf8)
            if random.chance(0.5) {
                let position = random.number(in: 0...line.count)
                line.insert(contentsOf: Array(random.element(of: Self.words).utf8), at: position)
                // Inserting inside a character leaves ill-formed UTF-8, which is wanted too.
            }
            return line
        }
        if random.chance(0.05) { return [] }
        var bytes: [UInt8] = []
        for index in 0..<random.number(in: 1...8) {
            if index > 0 { bytes += Array(random.element(of: Self.separators).utf8) }
            bytes += Array(random.element(of: Self.words).utf8)
            if random.chance(0.04) {
                bytes += random.element(of: [[0xFF], [0xC3], [0xE2, 0x82], [0xEF, 0xBF], [0xED, 0xA0, 0x80]])
            }
            if random.chance(0.02) { bytes.append(0) }
        }
        if random.chance(0.05) {
            // A character that ICU's `$` may take for a final line terminator.
            bytes += Array(random.element(of: ["\r", "\u{2028}", "\u{85}", "\u{0B}", "\u{0C}", "\u{2029}"]).utf8)
        }
        return bytes
    }

    // MARK: Patterns

    /// One to three patterns, regular expressions or (with `fixedStrings`) plain strings.
    mutating func patterns(fixedStrings: Bool) -> [String] {
        let count = random.chance(0.2) ? random.number(in: 2...3) : 1
        return (0..<count).map { _ in fixedStrings ? literal() : pattern() }
    }

    /// A literal: a word, two words joined, or a piece of a word (a near miss).
    mutating func literal() -> String {
        let word = random.element(of: Self.words)
        switch random.number(in: 0...5) {
        case 0:
            return word + random.element(of: Self.separators) + random.element(of: Self.words)
        case 1:
            let scalars = Array(word.unicodeScalars)
            let start = random.number(in: 0...max(0, scalars.count - 1))
            let end = random.number(in: start...scalars.count)
            var piece = ""
            piece.unicodeScalars.append(contentsOf: scalars[start..<end])
            return piece.isEmpty ? word : piece
        default:
            return word
        }
    }

    /// A literal written as ICU pattern text: each metacharacter escaped, or all of it quoted.
    mutating func escapedLiteral() -> String {
        let literal = literal()
        if random.chance(0.3) && !literal.contains("\\E") {
            return "\\Q" + literal + "\\E"
        }
        var escaped = ""
        for scalar in literal.unicodeScalars {
            if scalar.isASCII && !Character(scalar).isLetter && !Character(scalar).isNumber && scalar != " " {
                escaped += "\\"
            }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }

    /// A regular expression built around literals from one of many templates.
    mutating func pattern() -> String {
        let a = escapedLiteral()
        let b = escapedLiteral()
        let c = escapedLiteral()
        let templates = [
            a, a, "\(a)\(b)", "\(a)|\(b)", "\(a)|\(b)|\(c)", "(?:\(a)|\(b))\(c)", "(\(a))?\(b)", "(?:\(a))+",
            "\(a)*\(b)", "(?:\(a)){0,2}\(b)", "(?:\(a)){1,3}", "(?<=\(a))\(b)", "(?=\(a))\(b)", "(?<!\(a))\(b)",
            "(?!\(a))\(b)", "\\b\(a)\\b", "^\(a)", "\(a)$", "\\w+\\s*\(a)", "[xyzß]\(a)", ".\(a).", "\(a).*\(b)",
            "(?i)\(a)", "(?i:\(a))\(b)", "\\x{41}\(a)", "(\(a))\\1", "\(a)\\s+\(b)", "\(a)|\\w", "\(a)|",
            "(?:\(a)|\(b))+", "\(a)[^x]\(b)", "\(a)(?#note)\(b)", "\(a)\\b\(b)", "\\p{L}+\(a)", "(?>\(a))\(b)",
            "\(a)+?\(b)", "(?<n>\(a))\\k<n>", "\(a)\\N{LATIN SMALL LETTER K}", "[[a-z]&&[^q]]\(a)", "\(a)?",
            "\\w+\\s+\(a)\\s+\\w+", "\(a)\\d*\(b)", "\\u212A\(a)", "\(a)\\.\(b)", "\(a)[?!，]\(b)",
            "\\w+[,.]$", "[？?!]\(a)",
            // Literals held at a line's edges, which the edges decide (AnchoredLiterals).
            "^(?:\(a)|\(b))$", "\\A\(a)", "\(a)\\z", "\(a)\\Z", "^\(a)\(b)$", "(\(a))$", "^(\(a)|\(b))",
        ]
        return random.element(of: templates)
    }

    // MARK: Options

    /// Sets random options on `configuration`: case, words, lines, inversion, output modes,
    /// prefixes, context, `-m`, color, `-z`, binary handling, `-F` and several patterns.
    mutating func configure(_ configuration: inout Configuration) {
        let fixedStrings = random.chance(0.12)
        configuration.patternSyntax = fixedStrings ? .fixedStrings : .regularExpression
        configuration.patterns = patterns(fixedStrings: fixedStrings)
        configuration.ignoreCase = random.chance(0.4)
        configuration.wordRegexp = random.chance(0.15)
        configuration.lineRegexp = random.chance(0.08)
        configuration.unicodeWords = random.chance(0.05)
        configuration.invertMatch = random.chance(0.12)
        configuration.onlyMatching = random.chance(0.2)
        configuration.outputMode = random.element(of: [
            .lines, .lines, .lines, .lines, .lines, .lines, .count, .count, .filesWithMatches, .filesWithoutMatch, .quiet,
        ])
        configuration.lineNumber = random.chance(0.35)
        configuration.byteOffset = random.chance(0.15)
        if random.chance(0.15) { configuration.maxCount = random.number(in: 1...3) }
        if random.chance(0.25) {
            configuration.beforeContext = random.number(in: 0...2)
            configuration.afterContext = random.number(in: 0...2)
            configuration.contextRequested = true
        }
        configuration.color = random.chance(0.15)
        configuration.nullData = random.chance(0.06)
        configuration.binaryFiles = random.element(of: [.binary, .binary, .binary, .binary, .text, .withoutMatch])
    }
}
