/// Reads an ICU pattern into its ``RegexSyntax`` tree: the engine's one reader of ICU's
/// pattern language.
///
/// The reader knows what the engine's analyses can use: characters, escaped punctuation,
/// `\Q...\E`, the escapes for single characters (`\t`, `\x41`, `\x{1F600}`, `\u00E9`,
/// `\U0001F600`), the one-character classes (`\w`, `\s`, `\d`, `\h`, `\v`, their negations,
/// `\p{...}`, `\N{...}`, `[...]`, `.`), groups of every kind, comments, alternation,
/// quantifiers (greedy, lazy, possessive), anchors and boundaries, lookaround, and the
/// constructs it reads as ``RegexSyntax/Opaque`` (`\R`, `\X`, back references, octal
/// escapes), and inline flags other than `x` as flagged groups, whose meaning the analyses do
/// not follow. A pattern that holds anything else (the `x` flag, which changes how the rest is
/// read; `\c`; unknown escapes; braces that are not a quantifier), or is nested deeper than
/// ``maximumNesting``, has no tree: then the engine searches with ICU alone. A missing tree
/// costs time; a wrong one would cost results.
///
/// The reader is recursive, and its depth is bounded by ``maximumNesting``, so that no
/// pattern can exhaust the stack of the thread that compiles it, nor can any analysis of its
/// tree, each of which recurses once per level of the tree (see ``PatternNesting``).
package struct PatternReader {
    /// The deepest nesting of groups (and of brackets) the reader follows: deeper patterns,
    /// rare, are searched by ICU alone (which compiles at most 99 levels). A tree of 32
    /// groups, with their alternations and repetitions, is about 100 levels deep, which the
    /// analyses walk within a 512 KiB stack even in a debug build (each level of a walk takes
    /// about a kilobyte there), far within the 8 MiB of a main thread; 99 groups would not be.
    package static let maximumNesting = 32

    /// The largest count a quantifier may have to be read (ICU's own limit is higher; larger
    /// counts are rare and gain nothing from the analyses).
    static let maximumCount = 100_000_000

    /// The pattern's code points.
    private let scalars: [Unicode.Scalar]
    /// The next code point to read.
    private var index = 0
    /// The groups open at ``index``.
    private var nesting = 0
    /// The inline flags seen so far in the group being read (``readAlternation()``).
    private var groupFlags: String?

    /// The reason reading stops: a construct the reader does not know for sure.
    private struct Unsupported: Error {}

    /// The tree of `pattern`, read as ICU reads it without flags; nil when the pattern holds
    /// a construct the reader does not know, or nests groups deeper than ``maximumNesting``.
    package static func read(_ pattern: String) -> RegexSyntax? {
        var reader = PatternReader(scalars: Array(pattern.unicodeScalars))
        guard let tree = try? reader.readAlternation(), reader.index == reader.scalars.count else {
            return nil
        }
        return tree
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    // MARK: Structure

    /// Reads branches separated by `|`, up to the end or a `)`. When inline flags stand in
    /// them, the whole is a flagged group: the flags change how the branches after them match
    /// too, and a group the analyses know nothing of is the weaker claim for the part before.
    private mutating func readAlternation() throws(Unsupported) -> RegexSyntax {
        let enclosingFlags = groupFlags
        groupFlags = nil
        defer { groupFlags = enclosingFlags }
        var branches = [try readSequence()]
        while peek() == "|" {
            index += 1
            branches.append(try readSequence())
        }
        let contents = branches.count == 1 ? branches[0] : .alternation(branches)
        if let groupFlags { return .group(contents, .flagged(groupFlags)) }
        return contents
    }

    /// Reads pieces, each with its quantifier, up to the end, a `|` or a `)`.
    private mutating func readSequence() throws(Unsupported) -> RegexSyntax {
        var items: [RegexSyntax] = []
        while let scalar = peek(), scalar != "|", scalar != ")" {
            let atom = try readAtom()
            var piece: RegexSyntax
            switch atom {
            case .node(let node):
                piece = node
            case .quotation(let characters):
                // A quantifier after `\Q...\E` repeats only its last character, as in Perl.
                guard let last = characters.last else {
                    // Which piece ICU would repeat after an empty quotation is not certain.
                    if isAtQuantifier { throw Unsupported() }
                    continue
                }
                items += characters.dropLast().map(RegexSyntax.character)
                piece = .character(last)
            case .comment:
                if isAtQuantifier { throw Unsupported() }
                continue
            case .flags(let flags):
                // The flags hold for the rest of the enclosing group, later branches included:
                // the whole group is read as flagged (see ``readAlternation()``).
                if isAtQuantifier { throw Unsupported() }
                groupFlags = (groupFlags ?? "") + flags
                continue
            }
            if let (minimum, maximum, greed) = try readQuantifier() {
                piece = .repetition(piece, minimum: minimum, maximum: maximum, greed)
            }
            items.append(piece)
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    /// What one atom of a sequence reads as.
    private enum Atom {
        /// One node.
        case node(RegexSyntax)
        /// The characters of `\Q...\E`, which a quantifier after it does not repeat whole.
        case quotation([Unicode.Scalar])
        /// A comment, `(?#...)`, which matches nothing.
        case comment
        /// Inline flags, `(?i)`, which hold for the rest of the enclosing group.
        case flags(String)
    }

    /// Reads one atom: a character, an escape, a class, a group or an anchor.
    private mutating func readAtom() throws(Unsupported) -> Atom {
        let scalar = try next()
        switch scalar {
        case "\\":
            return try readEscape()
        case "(":
            return try readGroup()
        case "[":
            return .node(.characterClass(try readBracketExpression()))
        case ".":
            return .node(.characterClass("."))
        case "^":
            return .node(.assertion(.lineStart))
        case "$":
            return .node(.assertion(.lineEnd))
        case "*", "+", "?", "{", "}", "]":
            // A quantifier with nothing to repeat, or a bracket ICU may read specially.
            throw Unsupported()
        default:
            return .node(.character(scalar))
        }
    }

    /// Reads a group after its `(`, through its `)`.
    private mutating func readGroup() throws(Unsupported) -> Atom {
        var kind = RegexSyntax.GroupKind.capturing(name: nil)
        var lookaround: RegexSyntax.Lookaround?
        if peek() == "?" {
            index += 1
            switch try next() {
            case ":":
                kind = .nonCapturing
            case ">":
                kind = .atomic
            case "=":
                lookaround = .ahead
            case "!":
                lookaround = .notAhead
            case "#":
                while try next() != ")" {}
                return .comment
            case "<":
                switch peek() {
                case "=":
                    index += 1
                    lookaround = .behind
                case "!":
                    index += 1
                    lookaround = .notBehind
                default:
                    kind = .capturing(name: try readGroupName())
                }
            default:
                index -= 1
                let flags = try readFlags()
                if peek() == ")" {
                    index += 1
                    return .flags(flags)
                }
                guard try next() == ":" else { throw Unsupported() }
                kind = .flagged(flags)
            }
        }
        guard nesting < Self.maximumNesting else { throw Unsupported() }
        nesting += 1
        let contents = try readAlternation()
        nesting -= 1
        guard try next() == ")" else { throw Unsupported() }
        if let lookaround {
            return .node(.lookaround(contents, lookaround))
        }
        return .node(.group(contents, kind))
    }

    /// Reads inline flags after `(?`, up to the `)` or `:` that ends them: `i`, `m`, `s` and
    /// `w`, with a `-` before those turned off. The `x` flag, which changes how the rest of
    /// the pattern is read, and anything else are not read.
    private mutating func readFlags() throws(Unsupported) -> String {
        var flags = ""
        var turnsOff = false
        while let scalar = peek(), scalar != ")", scalar != ":" {
            switch scalar {
            case "i", "m", "s", "w":
                break
            case "-" where !turnsOff:
                turnsOff = true
            default:
                throw Unsupported()
            }
            flags.unicodeScalars.append(scalar)
            index += 1
        }
        guard !flags.isEmpty, flags != "-" else { throw Unsupported() }
        return flags
    }

    /// Reads a group's name through its `>`: ASCII letters and digits, starting with a letter.
    private mutating func readGroupName() throws(Unsupported) -> String {
        var name = ""
        while let scalar = peek(), scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            name.unicodeScalars.append(scalar)
            index += 1
        }
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, try next() == ">" else {
            throw Unsupported()
        }
        return name
    }

    /// True when a quantifier starts at the next code point.
    private var isAtQuantifier: Bool {
        guard let scalar = peek() else { return false }
        return scalar == "*" || scalar == "+" || scalar == "?" || scalar == "{"
    }

    /// Reads a quantifier, if one follows, with its lazy or possessive mark.
    private mutating func readQuantifier() throws(Unsupported) -> (Int, Int?, RegexSyntax.Greed)? {
        let minimum: Int
        var maximum: Int?
        switch peek() {
        case "*":
            index += 1
            minimum = 0
        case "+":
            index += 1
            minimum = 1
        case "?":
            index += 1
            (minimum, maximum) = (0, 1)
        case "{":
            index += 1
            minimum = try readCount()
            maximum = minimum
            if peek() == "," {
                index += 1
                maximum = peek() == "}" ? nil : try readCount()
            }
            guard try next() == "}" else { throw Unsupported() }
            if let maximum, maximum < minimum { throw Unsupported() }
        default:
            return nil
        }
        var greed = RegexSyntax.Greed.greedy
        if peek() == "?" {
            index += 1
            greed = .lazy
        } else if peek() == "+" {
            index += 1
            greed = .possessive
        }
        // A quantifier on a quantifier is an error, or read in a way not worth modelling.
        if isAtQuantifier { throw Unsupported() }
        return (minimum, maximum, greed)
    }

    /// Reads a decimal count of a quantifier.
    private mutating func readCount() throws(Unsupported) -> Int {
        var value = 0
        var digits = 0
        while let scalar = peek(), ("0"..."9").contains(scalar) {
            value = value * 10 + Int(scalar.value - 48)
            digits += 1
            index += 1
            guard value <= Self.maximumCount else { throw Unsupported() }
        }
        guard digits > 0 else { throw Unsupported() }
        return value
    }

    // MARK: Escapes and classes

    /// Reads an escape after its backslash.
    private mutating func readEscape() throws(Unsupported) -> Atom {
        let scalar = try next()
        switch scalar {
        case "Q":
            return .quotation(readQuotation())
        case "w", "W", "s", "S", "d", "D", "h", "H", "v", "V":
            return .node(.characterClass("\\\(scalar)"))
        case "p", "P":
            if peek() == "{" {
                return .node(.characterClass("\\\(scalar)" + (try readBraced())))
            }
            let letter = try next()
            guard ("A"..."Z").contains(letter) else { throw Unsupported() }
            return .node(.characterClass("\\\(scalar)\(letter)"))
        case "N":
            guard peek() == "{" else { throw Unsupported() }
            return .node(.characterClass("\\N" + (try readBraced())))
        case "b": return .node(.assertion(.wordBoundary))
        case "B": return .node(.assertion(.notWordBoundary))
        case "A": return .node(.assertion(.textStart))
        case "z": return .node(.assertion(.textEnd))
        case "Z": return .node(.assertion(.textEndBeforeFinalTerminator))
        case "G": return .node(.assertion(.previousMatchEnd))
        case "R": return .node(.opaque(.lineBreak))
        case "X": return .node(.opaque(.graphemeCluster))
        case "t": return .node(.character("\u{09}"))
        case "n": return .node(.character("\u{0A}"))
        case "r": return .node(.character("\u{0D}"))
        case "f": return .node(.character("\u{0C}"))
        case "e": return .node(.character("\u{1B}"))
        case "a": return .node(.character("\u{07}"))
        case "x":
            if peek() == "{" {
                let braced = try readBraced()
                return .node(.character(try Self.codePoint(hexDigits: braced.unicodeScalars.dropFirst().dropLast(), most: 6)))
            }
            return .node(.character(try readHexDigits(2)))
        case "u":
            return .node(.character(try readHexDigits(4)))
        case "U":
            return .node(.character(try readHexDigits(8)))
        case "k":
            guard try next() == "<" else { throw Unsupported() }
            return .node(.opaque(.reference(.named(try readGroupName()))))
        case "0"..."9":
            // A back reference or an octal escape, read with every digit that follows.
            var digitCount = 1
            while let digit = peek(), ("0"..."9").contains(digit) {
                index += 1
                digitCount += 1
            }
            guard digitCount == 1, scalar != "0" else { return .node(.opaque(.reference(.digits))) }
            return .node(.opaque(.reference(.group(Int(scalar.value) - 0x30))))
        default:
            // Escaped ASCII punctuation, space or a symbol stands for itself; an escaped letter
            // this reader does not know (`\c`, `\E` alone, ...) or anything outside ASCII is
            // not read.
            guard scalar.isASCII, !scalar.properties.isAlphabetic else { throw Unsupported() }
            return .node(.character(scalar))
        }
    }

    /// Reads the text of `\Q...\E` after its `\Q`: every character up to `\E` (or the end of
    /// the pattern) stands for itself.
    private mutating func readQuotation() -> [Unicode.Scalar] {
        var quoted: [Unicode.Scalar] = []
        while index < scalars.count {
            if scalars[index] == "\\" && index + 1 < scalars.count && scalars[index + 1] == "E" {
                index += 2
                return quoted
            }
            quoted.append(scalars[index])
            index += 1
        }
        return quoted
    }

    /// Reads a bracket expression after its `[`, and returns its whole text, `[` to `]`, for
    /// ICU to interpret. Nested expressions, escapes and `\p{...}` are passed over; an
    /// expression that starts with `]` or holds `\Q` is not read.
    private mutating func readBracketExpression() throws(Unsupported) -> String {
        var text = "["
        var depth = 1
        if peek() == "^" {
            index += 1
            text += "^"
        }
        guard peek() != "]" else { throw Unsupported() }
        while depth > 0 {
            let scalar = try next()
            text.unicodeScalars.append(scalar)
            switch scalar {
            case "\\":
                let escaped = try next()
                guard escaped != "Q", escaped != "E" else { throw Unsupported() }
                text.unicodeScalars.append(escaped)
                if "pPNxuU".unicodeScalars.contains(escaped) && peek() == "{" {
                    text += try readBraced()
                }
            case "[":
                if peek() == "]" || (peek() == "^" && peek(at: 1) == "]") { throw Unsupported() }
                depth += 1
                guard depth <= Self.maximumNesting else { throw Unsupported() }
            case "]":
                depth -= 1
            default:
                break
            }
        }
        return text
    }

    /// Reads `{...}` up to its closing brace, and returns it with its braces. A brace,
    /// backslash or bracket inside is not trusted.
    private mutating func readBraced() throws(Unsupported) -> String {
        guard try next() == "{" else { throw Unsupported() }
        var text = "{"
        while true {
            let scalar = try next()
            guard scalar != "{", scalar != "\\", scalar != "[" else { throw Unsupported() }
            text.unicodeScalars.append(scalar)
            if scalar == "}" { return text }
        }
    }

    /// Reads exactly `count` hexadecimal digits and returns the code point they name.
    private mutating func readHexDigits(_ count: Int) throws(Unsupported) -> Unicode.Scalar {
        guard index + count <= scalars.count else { throw Unsupported() }
        let digits = scalars[index..<index + count]
        index += count
        return try Self.codePoint(hexDigits: digits, most: count)
    }

    /// The code point named by one to `most` hexadecimal digits; surrogates and values beyond
    /// Unicode are not read.
    private static func codePoint<Digits: Collection<Unicode.Scalar>>(
        hexDigits digits: Digits, most: Int
    ) throws(Unsupported) -> Unicode.Scalar {
        guard (1...most).contains(digits.count) else { throw Unsupported() }
        var value: UInt32 = 0
        for digit in digits {
            guard digit.isASCII, let digitValue = Int(String(digit), radix: 16) else { throw Unsupported() }
            value = value * 16 + UInt32(digitValue)
        }
        guard let scalar = Unicode.Scalar(value) else { throw Unsupported() }
        return scalar
    }

    // MARK: Reading

    /// The code point `offset` places ahead, not consumed.
    private func peek(at offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    /// The next code point, consumed.
    private mutating func next() throws(Unsupported) -> Unicode.Scalar {
        guard index < scalars.count else { throw Unsupported() }
        defer { index += 1 }
        return scalars[index]
    }
}
