/// Reads an ICU pattern and finds literal strings that every match must contain, for
/// icugrep's prefilter on raw bytes and for ``RegexPattern``'s search plan on long texts.
///
/// The reader is deliberately conservative: it knows plain characters, escaped punctuation,
/// `\Q...\E`, groups, alternation, quantifiers and the common escapes, classes and anchors.
/// Anything else (inline flags, comments, `\c`, unknown escapes, odd braces) makes it give
/// up, and then there is no prefilter: a missing prefilter costs time, a wrong one results.
package struct PatternLiteralExtractor {
    /// The pattern's code points.
    private let scalars: [Unicode.Scalar]
    /// The next code point to read.
    private var index = 0
    /// Ranks the candidate literal sets; higher is better.
    private let score: ([[UInt8]]) -> Int

    /// The reason reading stops: a construct the reader does not know for sure.
    private struct Unsupported: Error {}

    /// The best set of literals one of which every match of `pattern` contains, ranked by
    /// `score`; nil when the reader does not understand the pattern or finds no literal.
    package static func requiredLiterals(in pattern: String, score: @escaping ([[UInt8]]) -> Int) -> [[UInt8]]? {
        facts(of: pattern, score: score)?.required
    }

    /// What is known of the matches of the whole of `pattern`, read without flags (no
    /// case-insensitivity, comments or literal mode), with required sets ranked by `score`;
    /// nil when the reader does not understand the pattern.
    package static func facts(of pattern: String, score: @escaping ([[UInt8]]) -> Int) -> LiteralFacts? {
        var extractor = PatternLiteralExtractor(scalars: Array(pattern.unicodeScalars), score: score)
        guard let facts = try? extractor.readAlternation(), extractor.index == extractor.scalars.count else {
            return nil
        }
        return facts
    }

    private init(scalars: [Unicode.Scalar], score: @escaping ([[UInt8]]) -> Int) {
        self.scalars = scalars
        self.score = score
    }

    // MARK: Structure

    /// Reads branches separated by `|` up to the end or a `)`.
    private mutating func readAlternation() throws(Unsupported) -> LiteralFacts {
        var branches = [try readSequence()]
        while peek() == "|" {
            index += 1
            branches.append(try readSequence())
        }
        return LiteralFacts.alternation(branches)
    }

    /// Reads pieces, each with its quantifier, up to the end, a `|` or a `)`.
    private mutating func readSequence() throws(Unsupported) -> LiteralFacts {
        var builder = SequenceFactsBuilder(score: score)
        while let scalar = peek(), scalar != "|", scalar != ")" {
            let piece = try readPiece()
            let quantifier = try readQuantifier()
            switch (piece, quantifier) {
            case (.zeroWidth, nil):
                builder.appendZeroWidth()
            case (.zeroWidth, _?):
                throw Unsupported()
            case (.consuming(let facts), nil):
                builder.append(facts)
            case (.consuming(let facts), let bounds?):
                builder.append(facts.repeated(minimum: bounds.minimum, maximum: bounds.maximum))
            }
        }
        return builder.finish()
    }

    /// One piece of a sequence, before its quantifier.
    private enum Piece {
        /// A piece that consumes text, with what is known of that text.
        case consuming(LiteralFacts)
        /// A piece that matches an empty string at some positions only.
        case zeroWidth
    }

    /// Reads one piece: a character, an escape, a class, a group, `.`, `^` or `$`.
    private mutating func readPiece() throws(Unsupported) -> Piece {
        let scalar = try next()
        switch scalar {
        case "\\":
            return try readEscape()
        case "(":
            return try readGroup()
        case "[":
            try skipClass()
            return .consuming(.oneCharacter)
        case ".":
            return .consuming(.oneCharacter)
        case "^", "$":
            return .zeroWidth
        case "*", "+", "?", "{", "}", "]", ")", "|":
            // A quantifier without a piece, or a bracket ICU may read in more than one way.
            throw Unsupported()
        default:
            return .consuming(Self.literal([scalar]))
        }
    }

    /// The counts a quantifier allows: at least `minimum`, at most `maximum` (nil: no limit).
    private struct RepeatBounds {
        var minimum: Int
        var maximum: Int?
    }

    /// Reads the quantifier after a piece, if any, and returns its counts. A lazy or
    /// possessive suffix (`+?`, `*+`) changes nothing here.
    private mutating func readQuantifier() throws(Unsupported) -> RepeatBounds? {
        guard let scalar = peek() else { return nil }
        let bounds: RepeatBounds
        switch scalar {
        case "*":
            index += 1
            bounds = RepeatBounds(minimum: 0, maximum: nil)
        case "?":
            index += 1
            bounds = RepeatBounds(minimum: 0, maximum: 1)
        case "+":
            index += 1
            bounds = RepeatBounds(minimum: 1, maximum: nil)
        case "{":
            index += 1
            bounds = try readBoundedRepeat()
        default:
            return nil
        }
        if let suffix = peek(), suffix == "?" || suffix == "+" {
            index += 1
        }
        if let following = peek(), ["*", "+", "?", "{"].contains(following) {
            throw Unsupported()
        }
        return bounds
    }

    /// Reads `n}`, `n,}` or `n,m}` after a `{` and returns its counts.
    private mutating func readBoundedRepeat() throws(Unsupported) -> RepeatBounds {
        guard let minimum = readDecimal() else { throw Unsupported() }
        var maximum: Int? = minimum
        if peek() == "," {
            index += 1
            maximum = readDecimal()
        }
        guard try next() == "}" else { throw Unsupported() }
        return RepeatBounds(minimum: minimum, maximum: maximum)
    }

    /// Reads a group after its `(`, through its `)`.
    private mutating func readGroup() throws(Unsupported) -> Piece {
        var isLookaround = false
        var isAtomic = false
        if peek() == "?" {
            index += 1
            switch try next() {
            case ":":
                break
            case ">":
                isAtomic = true
            case "=", "!":
                isLookaround = true
            case "<":
                if let kind = peek(), kind == "=" || kind == "!" {
                    index += 1
                    isLookaround = true
                } else {
                    try skipName(through: ">")
                }
            default:
                // Inline flags and comments.
                throw Unsupported()
            }
        }
        let facts = try readAlternation()
        guard try next() == ")" else { throw Unsupported() }
        // A lookaround's text is not part of the match: nothing in it is required there.
        if isLookaround { return .zeroWidth }
        return .consuming(isAtomic ? facts.atomic() : facts)
    }

    // MARK: Escapes

    /// Reads an escape after its backslash.
    private mutating func readEscape() throws(Unsupported) -> Piece {
        let scalar = try next()
        guard scalar.isASCII else { throw Unsupported() }
        let letter = Character(scalar)
        if !letter.isLetter && !letter.isNumber {
            // An escaped punctuation character, space or symbol stands for itself.
            return .consuming(Self.literal([scalar]))
        }
        switch scalar {
        case "Q":
            let quoted = readQuotation()
            // An empty quotation matches nothing, and ICU may apply a quantifier after it to
            // the piece before it: trust neither reading.
            if quoted.exact == [[]] { throw Unsupported() }
            return .consuming(quoted)
        case "b", "B", "A", "z", "Z", "G":
            return .zeroWidth
        case "d", "D", "w", "W", "s", "S", "h", "H", "v", "V", "R", "t", "n", "r", "f", "e", "a":
            // One character, or (`\R`) a CR LF pair.
            return .consuming(.oneCharacter)
        case "X":
            // A grapheme cluster, of any length.
            return .consuming(.unknown)
        case "p", "P":
            if peek() == "{" {
                try skipName(through: "}", after: "{")
            } else {
                _ = try next()
            }
            return .consuming(.oneCharacter)
        case "N":
            try skipName(through: "}", after: "{")
            return .consuming(.oneCharacter)
        case "k":
            try skipName(through: ">", after: "<")
            return .consuming(.unknown)
        case "x", "u", "U":
            // A code point by number. The digits are skipped generously: reading a literal
            // digit as part of the escape only loses a literal, never invents one. Each digit
            // ICU reads as a literal after the escape's own adds one unit to the length.
            if peek() == "{" {
                try skipName(through: "}", after: "{")
                return .consuming(.oneCharacter)
            }
            var digits = 0
            while let digit = peek(), digit.properties.isASCIIHexDigit {
                index += 1
                digits += 1
            }
            return .consuming(.unsearchable(utf16Count: 2 + digits))
        case "0"..."9":
            // A back reference or an octal escape, with as many digits as follow.
            while let digit = peek(), ("0"..."9").contains(digit) { index += 1 }
            return .consuming(.unknown)
        default:
            // `\c` (whose operand may be any character), `\E` alone, unknown letters.
            throw Unsupported()
        }
    }

    /// Reads the text of `\Q...\E` after its `\Q`: every character up to `\E` (or the end of
    /// the pattern) stands for itself. The quotation is one piece, so that a quantifier after
    /// it is read as applying to all of it, which is the weaker claim whichever way ICU reads
    /// it.
    private mutating func readQuotation() -> LiteralFacts {
        var quoted: [Unicode.Scalar] = []
        while index < scalars.count {
            if scalars[index] == "\\" && index + 1 < scalars.count && scalars[index + 1] == "E" {
                index += 2
                return Self.literal(quoted)
            }
            quoted.append(scalars[index])
            index += 1
        }
        return Self.literal(quoted)
    }

    // MARK: Skipping

    /// Skips a character class after its `[`, through the matching `]`, counting nested
    /// classes (`[a[b]]`, `[[:alpha:]&&[^x]]`) and skipping escapes.
    private mutating func skipClass() throws(Unsupported) {
        if peek() == "^" { index += 1 }
        // ICU's reading of `[]...]` is not certain.
        if peek() == "]" { throw Unsupported() }
        var depth = 1
        while depth > 0 {
            let scalar = try next()
            switch scalar {
            case "[":
                if peek() == "]" || peek() == "^" && peek(at: 1) == "]" { throw Unsupported() }
                depth += 1
            case "]":
                depth -= 1
            case "\\":
                let escaped = try next()
                if escaped == "Q" || escaped == "E" { throw Unsupported() }
                if ["p", "P", "N", "x", "u", "U"].contains(escaped) && peek() == "{" {
                    try skipName(through: "}", after: "{")
                }
            default:
                break
            }
        }
    }

    /// Skips an optional opening `after` (required when given) and a name through `closing`.
    /// A name holding a bracket, parenthesis or backslash is not trusted.
    private mutating func skipName(through closing: Unicode.Scalar, after opening: Unicode.Scalar? = nil) throws(Unsupported) {
        if let opening {
            guard try next() == opening else { throw Unsupported() }
        }
        while true {
            let scalar = try next()
            if scalar == closing { return }
            if ["[", "]", "(", ")", "\\", "{", "<"].contains(scalar) { throw Unsupported() }
        }
    }

    // MARK: Reading

    /// The next code point, consumed.
    private mutating func next() throws(Unsupported) -> Unicode.Scalar {
        guard index < scalars.count else { throw Unsupported() }
        defer { index += 1 }
        return scalars[index]
    }

    /// The code point `offset` places ahead, not consumed.
    private func peek(at offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    /// Reads a decimal number, if one follows.
    private mutating func readDecimal() -> Int? {
        var value = 0
        var digits = 0
        while let digit = peek(), ("0"..."9").contains(digit), digits < 9 {
            value = value * 10 + Int(digit.value - 48)
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    /// The facts of literal text: exact and required, unless a character in it cannot be
    /// looked for in the raw bytes: U+FFFD also stands for ill-formed input, and a line
    /// terminator or NUL is never inside a line. Such text is known only by its length.
    private static func literal(_ text: [Unicode.Scalar]) -> LiteralFacts {
        var bytes: [UInt8] = []
        for scalar in text {
            if scalar == "\u{FFFD}" || scalar == "\n" || scalar == "\0" {
                return .unsearchable(utf16Count: text.reduce(0) { $0 + UTF16.width($1) })
            }
            bytes.append(contentsOf: String(scalar).utf8)
        }
        return .literal(bytes)
    }
}
