/// Reads an ICU pattern into a ``CodePointPattern``, for icugrep's line automaton and the
/// library's search plan.
///
/// Like the literal extractor, the reader is conservative: it knows characters, escaped
/// punctuation, `\Q...\E`, the one-character escapes and classes (`\w`, `\s`, `\d`, `\h`,
/// `\v`, their negations, `\p{...}`, `[...]`, `.`), groups, alternation, quantifiers, and the
/// zero-width assertions, which it reads as the empty string. Anything else (inline flags,
/// back references, `\X`, `\R`, `\c`, octal escapes, unknown escapes, odd braces) makes it
/// give up, and then there is no automaton: a missing prefilter costs time, a wrong one
/// results.
package struct CodePointPatternReader {
    /// The pattern's code points.
    private let scalars: [Unicode.Scalar]
    /// The next code point to read.
    private var index = 0
    /// True once the reader dropped a condition: a zero-width assertion, an atomic group or a
    /// possessive quantifier.
    private var approximates = false
    /// The characters of the `\Q...\E` quotation just read (which reads as `.empty`), for
    /// the sequence to take apart.
    private var quotation: [CodePointPattern]?

    /// The reason reading stops: a construct the reader does not know for sure.
    struct Unsupported: Error {}

    /// The code-point pattern of the ICU pattern `pattern`, and whether it matches exactly the
    /// texts ICU's does (when it was read without dropping a condition); nil when the reader
    /// does not understand all of it.
    package static func read(_ pattern: String) -> (pattern: CodePointPattern, isExact: Bool)? {
        var reader = CodePointPatternReader(scalars: Array(pattern.unicodeScalars))
        guard let result = try? reader.readAlternation(), reader.index == reader.scalars.count else {
            return nil
        }
        return (result, !reader.approximates)
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    // MARK: Structure

    /// Reads branches separated by `|` up to the end or a `)`.
    private mutating func readAlternation() throws(Unsupported) -> CodePointPattern {
        var branches = [try readSequence()]
        while peek() == "|" {
            index += 1
            branches.append(try readSequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    /// Reads pieces, each with its quantifier, up to the end, a `|` or a `)`.
    private mutating func readSequence() throws(Unsupported) -> CodePointPattern {
        var pieces: [CodePointPattern] = []
        while let scalar = peek(), scalar != "|", scalar != ")" {
            var piece = try readAtom()
            if let characters = quotation {
                // A quantifier after `\Q...\E` repeats only its last character, as in Perl.
                quotation = nil
                pieces += characters.dropLast()
                guard let last = characters.last else {
                    if try readQuantifier() != nil { throw Unsupported() }
                    continue
                }
                piece = last
            }
            if let (minimum, maximum) = try readQuantifier() {
                piece = .repetition(piece, minimum: minimum, maximum: maximum)
            }
            pieces.append(piece)
        }
        return pieces.count == 1 ? pieces[0] : .sequence(pieces)
    }

    /// Reads one atom: a character, an escape, a class, a group or an assertion.
    private mutating func readAtom() throws(Unsupported) -> CodePointPattern {
        let scalar = try next()
        switch scalar {
        case "\\":
            return try readEscape()
        case "(":
            return try readGroup()
        case "[":
            return .set(.icuClass(try readBracketClass()))
        case ".":
            return .set(.icuClass("."))
        case "^", "$":
            approximates = true
            return .empty
        case "*", "+", "?", "{", "}", "]":
            // A quantifier with nothing to repeat, or a character ICU may read specially.
            throw Unsupported()
        default:
            return .set(.scalar(scalar.value))
        }
    }

    /// Reads a group after its `(`: a plain, capturing, named or atomic group becomes its
    /// contents; a lookaround becomes the empty string.
    private mutating func readGroup() throws(Unsupported) -> CodePointPattern {
        var isAssertion = false
        if peek() == "?" {
            index += 1
            switch try next() {
            case ":":
                break
            case ">":
                approximates = true
            case "=", "!":
                isAssertion = true
            case "<":
                if peek() == "=" || peek() == "!" {
                    index += 1
                    isAssertion = true
                } else {
                    try skipGroupName()
                }
            default:
                // Inline flags and anything else change how the rest is read.
                throw Unsupported()
            }
        }
        let contents = try readAlternation()
        guard try next() == ")" else { throw Unsupported() }
        if isAssertion {
            approximates = true
            return .empty
        }
        return contents
    }

    /// Skips the name of a named group, `name>`.
    private mutating func skipGroupName() throws(Unsupported) {
        var length = 0
        while let scalar = peek(), scalar.properties.isASCIIHexDigit || scalar.properties.isAlphabetic || scalar == "_" {
            index += 1
            length += 1
        }
        guard length > 0, try next() == ">" else { throw Unsupported() }
    }

    /// Reads a quantifier, if one follows, with its lazy or possessive mark.
    private mutating func readQuantifier() throws(Unsupported) -> (Int, Int?)? {
        let bounds: (Int, Int?)
        switch peek() {
        case "*":
            bounds = (0, nil)
        case "+":
            bounds = (1, nil)
        case "?":
            bounds = (0, 1)
        case "{":
            index += 1
            let minimum = try readNumber()
            var maximum: Int? = minimum
            if peek() == "," {
                index += 1
                maximum = peek() == "}" ? nil : try readNumber()
            }
            guard peek() == "}" else { throw Unsupported() }
            if let maximum, maximum < minimum { throw Unsupported() }
            bounds = (minimum, maximum)
        default:
            return nil
        }
        index += 1
        // A lazy quantifier matches the same texts as the plain one; a possessive one fewer.
        if peek() == "?" {
            index += 1
        } else if peek() == "+" {
            index += 1
            approximates = true
        }
        if let next = peek(), "*+?{".unicodeScalars.contains(next) {
            throw Unsupported()
        }
        return bounds
    }

    /// Reads a decimal number of at most four digits.
    private mutating func readNumber() throws(Unsupported) -> Int {
        var value = 0
        var digits = 0
        while let scalar = peek(), ("0"..."9").contains(scalar) {
            value = value * 10 + Int(scalar.value - 48)
            digits += 1
            index += 1
        }
        guard (1...4).contains(digits) else { throw Unsupported() }
        return value
    }

    // MARK: Escapes and classes

    /// Reads an escape after its backslash.
    private mutating func readEscape() throws(Unsupported) -> CodePointPattern {
        let scalar = try next()
        switch scalar {
        case "Q":
            var quoted: [CodePointPattern] = []
            while index < scalars.count {
                if scalars[index] == "\\" && index + 1 < scalars.count && scalars[index + 1] == "E" {
                    index += 2
                    quotation = quoted
                    return .empty
                }
                quoted.append(.set(.scalar(scalars[index].value)))
                index += 1
            }
            quotation = quoted
            return .empty
        case "w", "W", "s", "S", "d", "D", "h", "H", "v", "V":
            return .set(.icuClass("\\\(scalar)"))
        case "p", "P":
            return .set(.icuClass("\\\(scalar)" + (try readPropertyName())))
        case "N":
            guard peek() == "{" else { throw Unsupported() }
            return .set(.icuClass("\\N" + (try readBraced())))
        case "b", "B", "A", "z", "Z", "G":
            approximates = true
            return .empty
        case "t": return .set(.scalar(0x09))
        case "n": return .set(.scalar(0x0A))
        case "r": return .set(.scalar(0x0D))
        case "f": return .set(.scalar(0x0C))
        case "e": return .set(.scalar(0x1B))
        case "a": return .set(.scalar(0x07))
        case "x":
            if peek() == "{" {
                let braced = try readBraced()
                return .set(.scalar(try Self.hexValue(braced.unicodeScalars.dropFirst().dropLast())))
            }
            return .set(.scalar(try readHexDigits(2)))
        case "u":
            return .set(.scalar(try readHexDigits(4)))
        case "U":
            return .set(.scalar(try readHexDigits(8)))
        default:
            // Escaped punctuation stands for itself; an escaped letter or digit this reader
            // does not know may mean anything (a back reference, \X, \R, \c...).
            guard !scalar.properties.isAlphabetic, scalar.properties.numericType == nil else {
                throw Unsupported()
            }
            return .set(.scalar(scalar.value))
        }
    }

    /// Reads a property name after `\p` or `\P`: `{...}` or a single letter.
    private mutating func readPropertyName() throws(Unsupported) -> String {
        if peek() == "{" {
            return try readBraced()
        }
        let letter = try next()
        guard ("A"..."Z").contains(letter) else { throw Unsupported() }
        return String(letter)
    }

    /// Reads `{...}` up to its closing brace, and returns it with its braces.
    private mutating func readBraced() throws(Unsupported) -> String {
        var text = ""
        guard try next() == "{" else { throw Unsupported() }
        text.unicodeScalars.append("{")
        while true {
            let scalar = try next()
            guard scalar != "{", scalar != "\\", scalar != "[" else { throw Unsupported() }
            text.unicodeScalars.append(scalar)
            if scalar == "}" { return text }
        }
    }

    /// Reads exactly `count` hexadecimal digits.
    private mutating func readHexDigits(_ count: Int) throws(Unsupported) -> UInt32 {
        guard index + count <= scalars.count else { throw Unsupported() }
        let digits = scalars[index..<index + count]
        index += count
        return try Self.hexValue(digits)
    }

    /// The value of hexadecimal digits, which must name a code point outside the surrogates.
    private static func hexValue<Digits: Collection<Unicode.Scalar>>(_ digits: Digits) throws(Unsupported) -> UInt32 {
        guard (1...8).contains(digits.count) else { throw Unsupported() }
        var value: UInt32 = 0
        for digit in digits {
            guard let digitValue = Int(String(digit), radix: 16) else { throw Unsupported() }
            value = value * 16 + UInt32(digitValue)
        }
        guard value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { throw Unsupported() }
        return value
    }

    /// Reads a bracket class after its `[`, and returns its whole text, `[` to `]`, for ICU
    /// to interpret. Nested classes, escapes and `\p{...}` are skipped over; a class that
    /// starts with `]` or holds `\Q` is not read.
    private mutating func readBracketClass() throws(Unsupported) -> String {
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
                if "pPNx".unicodeScalars.contains(escaped) && peek() == "{" {
                    text += try readBraced()
                }
            case "[":
                depth += 1
            case "]":
                depth -= 1
            default:
                break
            }
        }
        return text
    }

    // MARK: Reading

    private func peek() -> Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    private mutating func next() throws(Unsupported) -> Unicode.Scalar {
        guard index < scalars.count else { throw Unsupported() }
        defer { index += 1 }
        return scalars[index]
    }
}
