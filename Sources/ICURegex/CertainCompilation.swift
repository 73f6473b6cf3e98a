/// Which patterns ICU certainly compiles, told without asking it, so that their compilation
/// can wait for their first ICU search (``RegexPattern/template()``): ICU's first compilation
/// in a process loads its libraries and builds its shared sets, which costs more than a whole
/// search of a small file, and a search whose lines the prefilter decides never needs it.
///
/// Two forms are known. Plain text and quotations, alone or joined as
/// ``PatternAssembler/alternation(_:)`` joins patterns (`(?:P1)|(?:P2)|…`), are read byte by
/// byte. Other patterns are read in a small part of ICU's syntax (``CertainSyntax``) whose
/// every sentence ICU 72 compiles: literal characters, `.`, a few escapes, simple bracket
/// classes, groups and lookaround that need no name or flag, bounded look-behind, alternation,
/// anchors and counted or open repetition of a character, class or group. Anything outside
/// it (`\p{…}`, named groups, back references, flags, nested classes) is compiled at once, as
/// is every pattern with the comments option, which could hide a group's end.
enum CertainCompilation {
    /// The longest pattern, in UTF-8 bytes, told compiled certainly: far below ICU's limit on
    /// the size of a compiled pattern.
    static let maximumLength = 1 << 16

    /// The number of capture groups of `pattern` when ICU certainly compiles it with
    /// `options`; nil when it may not.
    static func captureGroups(_ pattern: String, options: RegexPattern.Options) -> Int? {
        let units = Array(pattern.utf8)
        guard units.count <= maximumLength, !options.contains(.allowCommentsAndWhitespace) else { return nil }
        if options.contains(.ignoreMetacharacters) { return units.contains(0) ? nil : 0 }
        if isTextOrAlternationOfTexts(units) { return 0 }
        var syntax = CertainSyntax(pattern, knownEscapesOnly: options.contains(.errorOnUnknownEscapes))
        return syntax.read()
    }

    // MARK: Text and quotations

    /// True for one piece, or an alternation of pieces each in a non-capturing group, a piece
    /// being text with none of ICU's metacharacters (nor NUL) or one quotation `\Q…\E`.
    private static func isTextOrAlternationOfTexts(_ units: [UInt8]) -> Bool {
        if endOfPiece(units, from: 0) == units.count { return true }
        var index = 0
        while true {
            guard units[index...].starts(with: "(?:".utf8),
                let end = endOfPiece(units, from: index + 3), end < units.count, units[end] == UInt8(ascii: ")")
            else { return false }
            index = end + 1
            if index == units.count { return true }
            guard units[index] == UInt8(ascii: "|"), index + 1 < units.count else { return false }
            index += 1
        }
    }

    /// Where the piece that starts at `start` of `units` ends: just after the `\E` of a
    /// quotation, or at the first metacharacter (or the end) of plain text; nil when a
    /// quotation does not end or plain text holds NUL.
    private static func endOfPiece(_ units: [UInt8], from start: Int) -> Int? {
        let backslash = UInt8(ascii: "\\")
        if units[start...].starts(with: "\\Q".utf8) {
            var index = start + 2
            while index + 1 < units.count {
                if units[index] == backslash && units[index + 1] == UInt8(ascii: "E") { return index + 2 }
                index += 1
            }
            return nil
        }
        var index = start
        while index < units.count {
            switch units[index] {
            case 0:
                return nil
            case backslash, UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "."), UInt8(ascii: "|"),
                UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "("), UInt8(ascii: ")"),
                UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                return index
            default:
                index += 1
            }
        }
        return index
    }
}

/// A reader of the part of ICU's pattern syntax that ICU 72 always compiles (see
/// ``CertainCompilation``); it answers nil for anything else, which is then left to ICU.
///
///     alternation := sequence ('|' sequence)*
///     sequence    := (atom quantifier? | assertion)*
///     atom        := literal | '.' | escape | class | group
///     assertion   := '^' | '$' | '\b' | '\B' | '\A' | '\z' | '\Z' | lookaround
///     group       := '(' ('?:' | '?>')? alternation ')'
///     lookaround  := '(?=' | '(?!' alternation ')'  |  '(?<=' | '(?<!' bounded ')'
///     quantifier  := ('*' | '+' | '?' | '{n}' | '{n,}' | '{n,m}' with n <= m) ('?' | '+')?
///     class       := '[' '^'? item+ ']',  item := member ('-' member)?,  member := a
///                    character other than '[ ] \ - & ^ :' | '\' punctuation | '\d' ...
///
/// A literal is any character but NUL and the metacharacters `\ ^ $ . | ? * + ( ) [ ] { }`;
/// an escape is `\` and ASCII punctuation (the character itself) or one of `d D w W s S t n
/// r` (with `knownEscapesOnly`, ICU's error for unknown escapes, only the punctuation that is
/// itself a metacharacter). A look-behind holds no repetition but greedy `?` and `{n,m}`, so
/// that ICU finds its length bounded, as it requires, and no other lookaround.
struct CertainSyntax {
    private let scalars: [Unicode.Scalar]
    private let knownEscapesOnly: Bool
    private var index = 0
    private var captureGroups = 0

    /// The largest count of a repetition read: far below ICU's limit.
    static let maximumCount = 100_000
    /// The deepest nesting of groups read.
    static let maximumDepth = 64

    init(_ pattern: String, knownEscapesOnly: Bool) {
        scalars = Array(pattern.unicodeScalars)
        self.knownEscapesOnly = knownEscapesOnly
    }

    /// The pattern's number of capture groups, or nil when it is not in this syntax.
    mutating func read() -> Int? {
        guard alternation(depth: 0, inLookBehind: false) != nil, index == scalars.count else { return nil }
        return captureGroups
    }

    private var next: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func take(_ text: String) -> Bool {
        let expected = Array(text.unicodeScalars)
        guard index + expected.count <= scalars.count, Array(scalars[index..<(index + expected.count)]) == expected else {
            return false
        }
        index += expected.count
        return true
    }

    /// The longest match of a look-behind read: ICU keeps the bound in a field of 24 bits and
    /// rejects longer ones (`(?<=(a{100000}){3000})`).
    static let maximumLookBehindLength = 1 << 20

    /// The bound on lengths computed: longer ones are all "long".
    private static let lengthCap = 1 << 40

    /// Reads an alternation: the longest of its branches' longest matches, in UTF-16 units
    /// (each character counted as two), or nil when it is not in this syntax.
    private mutating func alternation(depth: Int, inLookBehind: Bool) -> Int? {
        guard depth <= Self.maximumDepth else { return nil }
        var longest = 0
        repeat {
            guard let length = sequence(depth: depth, inLookBehind: inLookBehind) else { return nil }
            longest = max(longest, length)
        } while take("|")
        return longest
    }

    /// Reads a sequence: the sum of its items' longest matches, or nil.
    private mutating func sequence(depth: Int, inLookBehind: Bool) -> Int? {
        var total = 0
        while let scalar = next, scalar != "|", scalar != ")" {
            switch atom(depth: depth, inLookBehind: inLookBehind) {
            case nil:
                return nil
            case .assertion?:
                continue
            case .repeatable(let length)?:
                guard let count = quantifier(inLookBehind: inLookBehind) else { return nil }
                // An open count (nil) is never read in a look-behind, where lengths matter.
                total = min(total + length * min(count ?? 1, Self.lengthCap / max(length, 1)), Self.lengthCap)
            }
        }
        return total
    }

    private enum Atom {
        /// Text that a quantifier may follow, and its longest match.
        case repeatable(Int)
        /// An anchor, boundary or lookaround, which no quantifier may follow here.
        case assertion
    }

    private mutating func atom(depth: Int, inLookBehind: Bool) -> Atom? {
        guard let scalar = next else { return nil }
        index += 1
        switch scalar {
        case "^", "$":
            return .assertion
        case ".":
            return .repeatable(2)
        case "\\":
            guard let escaped = next else { return nil }
            index += 1
            switch escaped {
            case "b", "B", "A", "z", "Z":
                return .assertion
            default:
                return isEscape(escaped) ? .repeatable(2) : nil
            }
        case "[":
            return bracketClass() ? .repeatable(2) : nil
        case "(":
            if take("?=") || take("?!") {
                guard !inLookBehind, alternation(depth: depth + 1, inLookBehind: false) != nil, take(")") else { return nil }
                return .assertion
            }
            if take("?<=") || take("?<!") {
                guard !inLookBehind, let length = alternation(depth: depth + 1, inLookBehind: true),
                    length <= Self.maximumLookBehindLength, take(")")
                else { return nil }
                return .assertion
            }
            if !take("?:") && !take("?>") {
                if next == "?" { return nil }  // Named groups, flags, comments: ICU's to judge.
                captureGroups += 1
            }
            guard let length = alternation(depth: depth + 1, inLookBehind: inLookBehind), take(")") else { return nil }
            return .repeatable(length)
        case "\0", "|", "?", "*", "+", ")", "]", "{", "}":
            return nil
        default:
            return .repeatable(2)
        }
    }

    /// True for an escaped character that is a literal or a class: ASCII punctuation, or
    /// `d D w W s S t n r`.
    private func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        if "dDwWsStnr".unicodeScalars.contains(scalar) { return true }
        guard scalar.isASCII, scalar.value > 0x20, scalar.value < 0x7F else { return false }
        let character = Character(scalar)
        guard !character.isLetter && !character.isNumber else { return false }
        return !knownEscapesOnly || "\\^$.|?*+()[]{}-".unicodeScalars.contains(scalar)
    }

    /// An optional quantifier after a repeatable atom: its largest count (1 without one, nil
    /// for an open one), or the outer nil when it is not in this syntax. In a look-behind,
    /// only bounded greedy ones.
    private mutating func quantifier(inLookBehind: Bool) -> Int?? {
        var largest: Int?
        switch next {
        case "*", "+":
            guard !inLookBehind else { return nil }
            index += 1
            largest = nil
        case "?":
            index += 1
            largest = 1
        case "{":
            index += 1
            guard let minimum = number() else { return nil }
            largest = minimum
            if take(",") {
                largest = next == "}" ? nil : number()
                if next != "}" { return nil }
                if let maximum = largest, maximum < minimum { return nil }
            }
            guard take("}"), !inLookBehind || largest != nil else { return nil }
        default:
            return .some(1)
        }
        // Lazy and possessive forms; ICU finds no bound on a look-behind that holds one.
        if next == "?" || next == "+" {
            guard !inLookBehind else { return nil }
            index += 1
        }
        // A second quantifier (`a**`, `a{2}{3}`) is ICU's to judge.
        if let following = next, "*+?{".unicodeScalars.contains(following) { return nil }
        return .some(largest)
    }

    /// A decimal count of at most ``maximumCount``.
    private mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while let scalar = next, ("0"..."9").contains(scalar) {
            value = value * 10 + Int(scalar.value - 0x30)
            digits += 1
            index += 1
            guard value <= Self.maximumCount else { return nil }
        }
        return digits > 0 ? value : nil
    }

    /// A bracket class after its `[`: members and ranges of plain characters, up to `]`.
    private mutating func bracketClass() -> Bool {
        _ = take("^")
        var items = 0
        while next != nil && next != "]" {
            guard let low = member() else { return false }
            if take("-") {
                guard let low, let high = member(), let high, low <= high else { return false }
            }
            items += 1
        }
        return items > 0 && take("]")
    }

    /// One member of a class: its character, or nil inside for a class escape (`\d`), which
    /// cannot end a range; the outer nil when the member is not in this syntax.
    private mutating func member() -> Unicode.Scalar?? {
        guard let scalar = next else { return nil }
        index += 1
        switch scalar {
        case "[", "]", "-", "&", "^", ":", "\0":
            return nil
        case "\\":
            guard let escaped = next else { return nil }
            index += 1
            if "dDwWsS".unicodeScalars.contains(escaped) { return .some(nil) }
            if escaped == "t" { return "\t" }
            if escaped == "n" { return "\n" }
            if escaped == "r" { return "\r" }
            guard isEscape(escaped) else { return nil }
            return escaped
        default:
            return scalar
        }
    }
}
