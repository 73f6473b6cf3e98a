/// ripgrep's smart case (`-S`, `--smart-case`): the patterns are matched without regard to case
/// when they have at least one literal character and none of their literal characters is upper
/// case (the Unicode property `Uppercase`, Rust's `char::is_uppercase`).
///
/// As in ripgrep, the patterns are judged together (`-e foo -e Bar` is case sensitive as a
/// whole), and only literal characters count: a character of the pattern, an escape that
/// stands for one character (`\x42`, `\u0042`, `\x{42}`, `\.`), a character of `\Q...\E`, and
/// the characters and range ends of a bracket expression (`[A-Z]`). Classes (`\W`, `\S`,
/// `\p{Lu}`, `[:Lu:]`, `\N{...}`), assertions (`\B`, `\A`, `\Z`), back references (`\k<Name>`),
/// group names, inline flags and comments are not literals. A pattern of classes alone, such
/// as `\p{Lu}`, has no literal and stays case sensitive.
enum SmartCase {
    /// True when `patterns`, ICU pattern texts, are to be matched ignoring case.
    static func ignoresCase(patterns: [String]) -> Bool {
        var facts = Facts()
        for pattern in patterns {
            facts.read(Array(pattern.unicodeScalars))
            if facts.anyUppercase { return false }
        }
        return facts.anyLiteral
    }

    /// What the literal characters read so far are.
    struct Facts {
        var anyLiteral = false
        var anyUppercase = false

        mutating func literal(_ scalar: Unicode.Scalar) {
            anyLiteral = true
            if scalar.properties.isUppercase { anyUppercase = true }
        }

        /// Reads one pattern's text.
        mutating func read(_ scalars: [Unicode.Scalar]) {
            var index = 0
            var classDepth = 0
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                switch scalar {
                case "\\":
                    guard index < scalars.count else { return }
                    if scalars[index] == "Q" {
                        index += 1
                        // A quotation: every character up to `\E` is a literal.
                        while index < scalars.count {
                            if scalars[index] == "\\" && index + 1 < scalars.count && scalars[index + 1] == "E" {
                                index += 2
                                break
                            }
                            literal(scalars[index])
                            index += 1
                        }
                    } else {
                        index = readEscape(scalars, at: index)
                    }
                case "[":
                    if index < scalars.count && scalars[index] == ":" {
                        // `[:Lu:]`, a property.
                        index = skip(scalars, from: index + 1, past: [":", "]"])
                    } else {
                        classDepth += 1
                        if index < scalars.count && scalars[index] == "^" { index += 1 }
                    }
                case "]" where classDepth > 0:
                    classDepth -= 1
                case "(" where classDepth == 0 && index < scalars.count && scalars[index] == "?":
                    index = readGroupStart(scalars, at: index + 1)
                case "{" where classDepth == 0 && SmartCase.isCount(scalars, at: index):
                    index = skip(scalars, from: index, past: ["}"])
                case "(", ")", "|", "*", "+", "?", ".", "^", "$":
                    // Syntax outside a bracket expression, literals inside.
                    if classDepth > 0 { literal(scalar) }
                case "-", "&":
                    // Operators inside a bracket expression, literals outside.
                    if classDepth == 0 { literal(scalar) }
                default:
                    literal(scalar)
                }
            }
        }

        /// Reads the escape whose letter is at `index`; returns the index after it.
        private mutating func readEscape(_ scalars: [Unicode.Scalar], at index: Int) -> Int {
            let letter = scalars[index]
            var next = index + 1
            switch letter {
            case "p", "P", "N":
                // A property or a named character: `\p{Lu}`, `\pL`, `\N{...}`.
                if next < scalars.count && scalars[next] == "{" {
                    return skip(scalars, from: next + 1, past: ["}"])
                }
                return min(next + 1, scalars.count)
            case "k":
                // `\k<name>`.
                if next < scalars.count && scalars[next] == "<" {
                    return skip(scalars, from: next + 1, past: [">"])
                }
                return next
            case "x":
                if next < scalars.count && scalars[next] == "{" {
                    let end = skip(scalars, from: next + 1, past: ["}"])
                    hexLiteral(scalars[(next + 1)..<max(next + 1, end - 1)])
                    return end
                }
                return hexDigits(scalars, from: next, count: 2)
            case "u":
                return hexDigits(scalars, from: next, count: 4)
            case "U":
                return hexDigits(scalars, from: next, count: 8)
            case "0":
                // An octal escape: up to three more digits.
                var value: UInt32 = 0
                var digits = 0
                while digits < 3, next < scalars.count, let digit = scalars[next].properties.numericValue,
                    scalars[next].isASCII, digit < 8
                {
                    value = value * 8 + UInt32(digit)
                    next += 1
                    digits += 1
                }
                if let scalar = Unicode.Scalar(value) { literal(scalar) }
                return next
            case "c":
                // A control character.
                anyLiteral = true
                return min(next + 1, scalars.count)
            case "t", "n", "r", "f", "a", "e":
                anyLiteral = true
                return next
            case "w", "W", "s", "S", "d", "D", "h", "H", "v", "V", "R", "X", "b", "B", "A", "z", "Z", "G", "E":
                return next
            case "1"..."9":
                // A back reference.
                while next < scalars.count && ("0"..."9").contains(scalars[next]) { next += 1 }
                return next
            default:
                // Escaped punctuation, or another character standing for itself.
                literal(letter)
                return next
            }
        }

        /// Reads up to `count` hexadecimal digits from `start` as one literal.
        private mutating func hexDigits(_ scalars: [Unicode.Scalar], from start: Int, count: Int) -> Int {
            var end = start
            while end < scalars.count && end - start < count && scalars[end].properties.isASCIIHexDigit { end += 1 }
            hexLiteral(scalars[start..<end])
            return end
        }

        private mutating func hexLiteral(_ digits: ArraySlice<Unicode.Scalar>) {
            var text = ""
            text.unicodeScalars.append(contentsOf: digits)
            if let value = UInt32(text, radix: 16), let scalar = Unicode.Scalar(value) {
                literal(scalar)
            } else {
                anyLiteral = true
            }
        }

        /// Reads what follows `(?`: a comment, a group name, inline flags or a group kind.
        private mutating func readGroupStart(_ scalars: [Unicode.Scalar], at index: Int) -> Int {
            guard index < scalars.count else { return index }
            switch scalars[index] {
            case "#":
                return skip(scalars, from: index + 1, past: [")"])
            case "<" where index + 1 < scalars.count && scalars[index + 1] != "=" && scalars[index + 1] != "!":
                return skip(scalars, from: index + 1, past: [">"])
            case "P" where index + 1 < scalars.count && scalars[index + 1] == "<":
                return skip(scalars, from: index + 2, past: [">"])
            case ":", "=", "!", ">", "<", "|":
                return index
            default:
                // Flags: `(?i)`, `(?i-s:`.
                var next = index
                while next < scalars.count && scalars[next] != ")" && scalars[next] != ":" { next += 1 }
                return next
            }
        }

        /// The index just past the first of `terminators` from `start` on, or the end.
        private func skip(_ scalars: [Unicode.Scalar], from start: Int, past terminators: [Unicode.Scalar]) -> Int {
            var index = start
            while index < scalars.count {
                if scalars[index] == terminators[0] {
                    if terminators.count == 1 { return index + 1 }
                    if index + 1 < scalars.count && scalars[index + 1] == terminators[1] { return index + 2 }
                }
                index += 1
            }
            return index
        }
    }

    /// True when a counted quantifier such as `{2}` or `{2,5}` starts after the `{` before `index`.
    fileprivate static func isCount(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var position = index
        var sawDigit = false
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "}" { return sawDigit }
            if ("0"..."9").contains(scalar) {
                sawDigit = true
            } else if scalar != "," {
                return false
            }
            position += 1
        }
        return false
    }
}
