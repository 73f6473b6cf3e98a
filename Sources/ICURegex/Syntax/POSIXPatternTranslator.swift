/// Translates a POSIX pattern, as GNU grep 3.8 reads it with `-G` (basic, BRE) or `-E`
/// (extended, ERE) in a UTF-8 locale, into an ICU pattern that selects the same lines.
///
/// GNU grep reads each pattern twice, and so does the translator:
///
/// 1. glibc's `regcomp` checks the syntax of every pattern (GNU grep prints each rejection,
///    `Unmatched ( or \(`, with `FILE:LINE: ` for a pattern of `-f FILE`, then exits with 2);
///    ``Failure/invalid(_:)`` is that rejection.
/// 2. gnulib's DFA parser reads all of them in order, warning as it goes (`stray \ before %`,
///    `* at start of expression`) and stopping at its own first error (`character class
///    syntax is [[:space:]], not [:space:]`), ``Failure/rejected(_:warningsBefore:)``. Its
///    reading decides which lines match, so the ICU pattern follows it where the two readers
///    differ (`-E '^*a'` is `(^)*a`, every line holding an `a`).
///
/// What the ICU pattern is made of:
/// - the groups `\(…\)` (BRE) and `(…)` (ERE) are ICU's capturing groups, numbered as in POSIX,
///   so `\1` to `\9` keep their meaning; every other group written is `(?:…)`;
/// - a repeated repetition (`a**`, `a*\{2\}`) is wrapped, since ICU reads `*?` and `*+` as
///   lazy and possessive; a repeated assertion is the assertion (or nothing, at least zero
///   times);
/// - every character outside a bracket expression that is not a letter or digit is escaped;
/// - a bracket expression is an ICU set with every character escaped (POSIX's `\`, `[`, `&`
///   and `-` are ICU's set operators otherwise) and its classes written as the sets of
///   glibc's C.UTF-8 locale, in Unicode properties (``characterClass(named:ignoreCase:)``);
/// - `\w`, `\W`, `\s`, `\S` are those classes, and `\<`, `\>`, `\b`, `\B` are look-arounds
///   over `[_[:alnum:]]` (glibc's word characters), so that ICU's own `\w` and
///   `--unicode-words` do not change them;
/// - `^`, `$`, `` \` `` and `\'` are ICU's `^` and `$`: GNU grep matches each line as a text of
///   its own;
/// - `.`, `\S`, `\W`, a negated bracket expression and a class or range that holds U+FFFD
///   leave U+FFFD out (``encodingError``; not where ``Options/bytesAreCharacters``, as in
///   GNU grep's C locale): the searcher reads each invalid UTF-8 sequence as
///   U+FFFD, and in GNU grep nothing but the same bytes in the pattern matches an encoding
///   error (`grep -axv '.*'` lists the lines holding one). A U+FFFD written in the pattern
///   still matches both.
/// - where ``Options/bytesAreCharacters`` (GNU grep in the C locale), the pattern is given as
///   ``ByteCharacters``, each byte a character, and the text is read so: a class is its
///   C.UTF-8 set restricted to ASCII, as glibc's classes in the C locale; `\w`, `\s` and the
///   word assertions hold no byte from 0x80 up already (their characters have no properties),
///   and ICU's case-insensitive matching folds ASCII letters only among them.
///
/// - `[=c=]` is `c` alone in C.UTF-8 and, in a collating locale, the characters ICU's
///   collator weighs as `c` (``EquivalenceClasses``); with `-i` in a Turkish locale, `i`, `I`,
///   `ı` and `İ` are written as explicit sets paired by that locale's case (``TurkicCase``).
///
/// The translation's own matches follow ICU (leftmost-first), not POSIX (leftmost-longest): the
/// line search lengthens them where ``LinePatterns/prefersLongestMatches`` asks it to (`-E -o
/// 'a|ab'` prints `ab`, as GNU grep). Which lines match is the same either way.
package enum POSIXPatternTranslator {
    /// The POSIX syntax of a pattern.
    package enum Syntax: Sendable, Equatable {
        /// `-G`: basic regular expressions, with GNU's `\+`, `\?` and `\|`.
        case basic
        /// `-E`: extended regular expressions.
        case extended
    }

    /// What else changes the translation.
    package struct Options: Sendable, Equatable {
        /// `-i`: with it, `[:upper:]` and `[:lower:]` are `[:alpha:]`, as in glibc.
        package var ignoreCase: Bool
        /// `-z`: `.` also matches a newline, and `$` matches only at the record's very end
        /// (not also before a newline ending it), as in GNU grep with `-z`.
        package var dotMatchesNewline: Bool
        /// A locale whose characters are bytes (GNU grep in the C locale): there every byte
        /// is a character, an invalid UTF-8 byte too, which `.` and the like then match; in
        /// a UTF-8 locale (false) nothing matches an encoding error (``encodingError``). The
        /// pattern and the text are then read as ``ByteCharacters``, and a class holds ASCII
        /// characters only, as glibc's classes in the C locale.
        package var bytesAreCharacters: Bool
        /// A Turkish or Azeri locale (glibc's `towupper` maps `i` to `İ`): with ``ignoreCase``,
        /// `i` and `İ` match each other, `I` and `ı` each other, and `i` never `I`
        /// (``TurkicCase``).
        package var turkicCase: Bool
        /// How `[=c=]` reads in the locale: C.UTF-8's one character, or the characters a
        /// collating locale weighs as `c` (``EquivalenceClasses``).
        package var equivalenceClasses: EquivalenceClasses

        package init(
            ignoreCase: Bool = false, dotMatchesNewline: Bool = false, bytesAreCharacters: Bool = false,
            turkicCase: Bool = false, equivalenceClasses: EquivalenceClasses = .codePoints
        ) {
            self.ignoreCase = ignoreCase
            self.dotMatchesNewline = dotMatchesNewline
            self.bytesAreCharacters = bytesAreCharacters
            self.turkicCase = turkicCase
            self.equivalenceClasses = equivalenceClasses
        }

        /// The one character of `name`, a collating symbol or equivalence class (`[.c.]`,
        /// `[=c=]`), when it is one byte, as glibc accepts it where there is no collation;
        /// nil otherwise. Where bytes are characters, a byte from 0x80 up is one too
        /// (``ByteCharacters``).
        func singleByte(_ name: String) -> Unicode.Scalar? {
            guard name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first else { return nil }
            if scalar.isASCII { return scalar }
            return bytesAreCharacters && ByteCharacters.byte(of: scalar) != nil ? scalar : nil
        }

        /// What `.`, `\S`, `\W` and negated bracket expressions add to the characters they
        /// leave out, and classes take away: ``encodingError``, or nothing where bytes are
        /// characters.
        var excludedEncodingError: String {
            bytesAreCharacters ? "" : POSIXPatternTranslator.encodingError
        }
    }

    /// A translated pattern.
    package struct Translation: Sendable, Equatable {
        /// The ICU pattern.
        package var pattern: String
        /// GNU grep's warnings for the pattern, in order, without its `warning: ` prefix:
        /// `stray \ before %`, `* at start of expression`.
        package var warnings: [String]
    }

    /// A pattern GNU grep refuses, with its message (GNU grep's words, without the program
    /// name).
    package enum Failure: Error, Sendable, Equatable {
        /// glibc's regcomp rejects it: GNU grep reports every such pattern, then exits.
        case invalid(String)
        /// regcomp accepts it but the DFA parser does not: GNU grep prints the warnings of
        /// the patterns before it and of this one (`warningsBefore`), then this, and exits.
        case rejected(String, warningsBefore: [String])

        /// The message.
        package var message: String {
            switch self {
            case .invalid(let message), .rejected(let message, _): return message
            }
        }
    }

    /// The deepest nesting of the ICU pattern a translation writes: groups and bracket
    /// expressions within each other, counting the group written around a repeated repetition
    /// (`a*\{2\}` is `(?:a*){2}`). ICU compiles at most ``PatternNesting/icuMaximumDepth``
    /// levels, and the line search may put a pattern in two more groups (joined with others,
    /// `(?:P1)|(?:P2)`, and wrapped for `-w` or `-x`).
    ///
    /// Both readers check it before they go one level deeper, and they recurse only into groups
    /// (every other construct is read in a loop), so no pattern, however deep, takes more than
    /// this many levels of their recursion, nor of any reading of the ICU pattern later (see
    /// ``PatternNesting``). GNU grep 3.8 reads about 10,000 nested groups before its stack
    /// overflows (`grep: stack overflow`); ICU does not.
    package static let maximumNesting = PatternNesting.icuMaximumDepth - 2

    /// The message for a pattern whose groups nest deeper than ``maximumNesting``: GNU grep's
    /// with `-P` (PCRE2's) for a nesting too deep for it.
    package static let tooDeeplyNestedMessage = "parentheses are too deeply nested"

    /// The message for a pattern whose ICU translation would nest deeper than
    /// ``maximumNesting`` for another reason (repetitions of repetitions, bracket expressions
    /// in the innermost group): the DFA parser's message for what it cannot hold.
    package static let tooBigMessage = "regular expression too big"

    /// About the most groups within each other that GNU grep 3.8 reads before its stack runs
    /// out (with an 8 MiB stack), where it says `stack overflow`.
    package static let gnuStackOverflowNesting = 10_000

    /// GNU grep's message when its stack runs out, which icugrep gives (without GNU's
    /// `FILE:LINE:` prefix, as GNU's stack guard prints none) for a pattern nested as deep as
    /// that, so that scripts written for GNU grep see its words.
    package static let stackOverflowMessage = "stack overflow"

    /// Translates `pattern`, one line of the patterns, read in `syntax`.
    package static func translate(
        _ pattern: String, syntax: Syntax, options: Options = Options()
    ) throws(Failure) -> Translation {
        let scalars = Array(pattern.unicodeScalars)
        var checker = RegcompChecker(scalars: scalars, extended: syntax == .extended, options: options)
        do {
            try checker.check()
        } catch {
            throw .invalid(error.message)
        }
        var parser = DFAParser(scalars: scalars, extended: syntax == .extended, options: options)
        do {
            let text = try parser.translate()
            return Translation(pattern: text, warnings: parser.warnings)
        } catch {
            throw .rejected(error.message, warningsBefore: parser.warnings)
        }
    }

    // MARK: Character classes

    /// The class names POSIX defines, which glibc knows.
    static let classNames: Set<String> = [
        "alpha", "upper", "lower", "digit", "xdigit", "space", "print", "punct", "graph", "cntrl",
        "blank", "alnum",
    ]

    /// The ICU set of glibc's class `name` in C.UTF-8 (and en_US.UTF-8), nil for a name glibc
    /// does not know. Measured code point by code point against glibc 2.36: the sets are equal
    /// except where ICU knows a newer Unicode (characters glibc leaves unassigned), and
    /// `[:lower:]`, where ICU's Lowercase also has some modifier letters.
    package static func characterClass(named name: String, ignoreCase: Bool = false) -> String? {
        switch name {
        case "alpha": return #"[\p{Alphabetic}\p{Nd}--[0-9]]"#  // glibc: other digits are letters
        case "upper": return ignoreCase ? characterClass(named: "alpha") : #"[\p{Uppercase}\p{Lt}]"#
        case "lower": return ignoreCase ? characterClass(named: "alpha") : #"[\p{Lowercase}\p{Lt}]"#
        case "digit": return "[0-9]"
        case "xdigit": return "[0-9A-Fa-f]"
        case "alnum": return #"[\p{Alphabetic}\p{Nd}]"#
        case "space": return spaceSet
        case "blank": return #"[\p{Blank}--[\x{A0}\x{2007}\x{202F}]]"#
        case "cntrl": return #"[\p{Cc}\x{2028}\x{2029}]"#
        case "print": return #"[^\p{Cc}\p{Cs}\p{Cn}\x{2028}\x{2029}]"#
        case "graph": return #"[[^\p{Cc}\p{Cs}\p{Cn}\p{Whitespace}][\x{A0}\x{2007}\x{202F}]]"#
        case "punct":
            return #"[[^\p{Cc}\p{Cs}\p{Cn}\p{Whitespace}\p{Alphabetic}\p{Nd}][\x{A0}\x{2007}\x{202F}]]"#
        default: return nil
        }
    }

    /// U+FFFD, which stands for an encoding error in the searched text (one maximal
    /// ill-formed UTF-8 sequence, as the searcher decodes it) as well as for itself. GNU grep's
    /// `.`, `\S`, `\W`, `[^x]` and classes never match an encoding error; the translation
    /// leaves U+FFFD out of those, so that a line with an invalid byte is selected as in GNU
    /// grep, at the cost of a real U+FFFD, which they do match in GNU grep.
    static let encodingError = #"\x{FFFD}"#

    /// `[[:space:]]` and `\s`.
    static let spaceSet = #"[\p{Whitespace}--[\x{85}\x{A0}\x{2007}\x{202F}]]"#
    /// The contents of `[_[:alnum:]]`, glibc's word characters: `\w` and the word assertions.
    static let wordContents = #"\p{Alphabetic}\p{Nd}_"#
    static let wordSet = "[\(wordContents)]"

    // MARK: Characters

    /// `scalar` as an ICU literal outside a set.
    static func literal(_ scalar: Unicode.Scalar) -> String {
        if scalar.isASCII {
            let value = scalar.value
            if (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) {
                return String(scalar)
            }
            if value == 0x20 { return " " }
            if value < 0x20 || value == 0x7F { return hexEscape(scalar) }
            return "\\" + String(scalar)
        }
        return String(scalar)
    }

    /// `scalar` as an ICU literal inside a set.
    static func setLiteral(_ scalar: Unicode.Scalar) -> String {
        if scalar.isASCII && scalar.value > 0x20 && scalar.value < 0x7F {
            return literal(scalar)
        }
        return hexEscape(scalar)
    }

    static func hexEscape(_ scalar: Unicode.Scalar) -> String {
        "\\x{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// True when glibc's `iswprint` holds for `scalar` in C.UTF-8.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator: return false
        default: return true
        }
    }

    /// True when glibc's `iswspace` holds for `scalar` in C.UTF-8.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace && ![0x85, 0xA0, 0x2007, 0x202F].contains(scalar.value)
    }

    /// A message of one of the two readers.
    struct Message: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    // MARK: Bracket expressions

    /// A bracket expression as glibc reads it, from just after its `[`: the ICU set, and
    /// whether it looks like `[:space:]` (which the DFA parser refuses).
    struct BracketExpression {
        var set: String
        var looksLikeMisplacedClass: Bool
        /// The index just after the closing `]`.
        var end: Int

        private enum Token: Equatable {
            case end, character(Unicode.Scalar), range, close, openCollating, openEquivalence, openClass
        }

        private enum Element {
            case character(Unicode.Scalar)
            case collating(String)
            case equivalence(String)
            case characterClass(String)
        }

        /// glibc's `parse_bracket_exp` over `scalars` from `start` (just after `[`).
        init(scalars: [Unicode.Scalar], start: Int, options: Options) throws(Message) {
            let ignoreCase = options.ignoreCase
            let encodingError = options.excludedEncodingError
            var position = start
            func peek() -> (Token, Int) {
                guard position < scalars.count else { return (.end, 0) }
                let scalar = scalars[position]
                switch scalar {
                case "[":
                    let next = position + 1 < scalars.count ? scalars[position + 1] : nil
                    switch next {
                    case ".": return (.openCollating, 2)
                    case "=": return (.openEquivalence, 2)
                    case ":": return (.openClass, 2)
                    default: return (.character(scalar), 1)
                    }
                case "-": return (.range, 1)
                case "]": return (.close, 1)
                default: return (.character(scalar), 1)
                }
            }
            func symbol(closingWith delimiter: Unicode.Scalar) throws(Message) -> String {
                guard position < scalars.count else { throw Message(Self.unmatched) }
                var name = ""
                while true {
                    guard name.utf8.count < 32 else { throw Message(Self.unmatched) }
                    let scalar = scalars[position]
                    position += 1
                    guard position < scalars.count else { throw Message(Self.unmatched) }
                    if scalar == delimiter && scalars[position] == "]" { break }
                    name.unicodeScalars.append(scalar)
                }
                position += 1
                return name
            }
            func element(_ token: Token, length: Int, acceptsHyphen: Bool) throws(Message) -> Element {
                let scalar = scalars[position]
                position += length
                switch token {
                case .openCollating: return .collating(try symbol(closingWith: "."))
                case .openEquivalence: return .equivalence(try symbol(closingWith: "="))
                case .openClass: return .characterClass(try symbol(closingWith: ":"))
                case .range:
                    if !acceptsHyphen, peek().0 != .close { throw Message("Invalid range end") }
                    return .character(scalar)
                default:
                    return .character(scalar)
                }
            }
            /// The one character of a collating symbol or equivalence class: C.UTF-8 has no
            /// collation, so glibc accepts only a single byte.
            func singleByte(_ name: String) throws(Message) -> Unicode.Scalar {
                guard let scalar = options.singleByte(name) else { throw Message("Invalid collation character") }
                return scalar
            }

            /// The members of `[=name=]`: in C.UTF-8 the character itself (one byte), in a
            /// collating locale every character of its weight (``EquivalenceClasses``).
            func equivalents(_ name: String) throws(Message) -> String {
                guard case .collation(let locale) = options.equivalenceClasses else {
                    return POSIXPatternTranslator.setLiteral(try singleByte(name))
                }
                guard name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first else {
                    throw Message("Invalid collation character")
                }
                return EquivalenceClasses.members(of: scalar, locale: locale) ?? POSIXPatternTranslator.setLiteral(scalar)
            }
            // With -i in a Turkish locale, which of `i`, `I`, `ı` and `İ` the listed
            // characters, ranges and classes hold (``TurkicCase``).
            let turkic = ignoreCase && options.turkicCase
            var turkicMembers: Set<Unicode.Scalar> = []

            guard position < scalars.count else { throw Message("Invalid regular expression") }
            var negated = false
            if scalars[position] == "^" {
                negated = true
                position += 1
                guard position < scalars.count else { throw Message("Invalid regular expression") }
            }
            // The DFA parser's test for `[:space:]`: the first and last elements are `:`, some
            // other character is there, and no class or range.
            let startsWithColon = scalars[position] == ":"
            var endsWithColon = false
            var hasOtherCharacter = false
            var hasClassOrRange = false
            // Whether a class or range holds U+FFFD, and whether it is listed itself.
            var classOrRangeHoldsEncodingError = false
            var listsEncodingError = false

            var items = ""
            var (token, length) = peek()
            if token == .close { token = .character("]") }
            var firstRound = true
            while true {
                let startElement = try element(token, length: length, acceptsHyphen: firstRound)
                firstRound = false
                (token, length) = peek()
                var endElement: Element?
                switch startElement {
                case .characterClass, .equivalence:
                    break
                default:
                    if token == .end { throw Message(Self.unmatched) }
                    if token == .range {
                        position += 1
                        let (token2, length2) = peek()
                        if token2 == .end { throw Message(Self.unmatched) }
                        if token2 == .close {
                            position -= 1
                            token = .character("-")
                        } else {
                            endElement = try element(token2, length: length2, acceptsHyphen: true)
                            (token, length) = peek()
                        }
                    }
                }
                if let endElement {
                    func bound(_ element: Element) throws(Message) -> Unicode.Scalar {
                        switch element {
                        case .character(let scalar): return scalar
                        case .collating(let name):
                            if name.isEmpty { return "\u{0}" }
                            guard let scalar = options.singleByte(name) else { throw Message("Invalid collation character") }
                            return scalar
                        case .equivalence, .characterClass: throw Message("Invalid range end")
                        }
                    }
                    let low = try bound(startElement)
                    let high = try bound(endElement)
                    // With -i, glibc reads the ends upper-cased: `[]-a]` is `[]-A]`, reversed;
                    // `[a-\]` is `[A-\]`, which holds `[` and every letter in either case;
                    // `[A-z]` is `[A-Z]`, without `_`. The ICU set is written so too (and
                    // compiled ignoring case).
                    func compared(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
                        guard ignoreCase else { return scalar }
                        let upper = scalar.properties.uppercaseMapping.unicodeScalars
                        return upper.count == 1 ? upper.first! : scalar
                    }
                    let (first, last) = (compared(low), compared(high))
                    guard first <= last else { throw Message("Invalid range end") }
                    items += POSIXPatternTranslator.setLiteral(first) + "-" + POSIXPatternTranslator.setLiteral(last)
                    hasClassOrRange = true
                    if (first...last).contains("\u{FFFD}") { classOrRangeHoldsEncodingError = true }
                    if turkic { turkicMembers.formUnion(TurkicCase.letters.filter { (first...last).contains($0) }) }
                    if first == "\u{FFFD}" || last == "\u{FFFD}" { listsEncodingError = true }
                    endsWithColon = false
                } else {
                    switch startElement {
                    case .character(let scalar):
                        items += POSIXPatternTranslator.setLiteral(scalar)
                        if scalar == "\u{FFFD}" { listsEncodingError = true }
                        if turkic && TurkicCase.letters.contains(scalar) { turkicMembers.insert(scalar) }
                        endsWithColon = scalar == ":"
                        if scalar != ":" { hasOtherCharacter = true }
                    case .collating(let name):
                        let scalar = try singleByte(name)
                        items += POSIXPatternTranslator.setLiteral(scalar)
                        if turkic && TurkicCase.letters.contains(scalar) { turkicMembers.insert(scalar) }
                        hasClassOrRange = true
                        endsWithColon = false
                    case .equivalence(let name):
                        items += try equivalents(name)
                        if turkic, let scalar = name.unicodeScalars.first, TurkicCase.letters.contains(scalar) {
                            turkicMembers.insert(scalar)
                        }
                        hasClassOrRange = true
                        endsWithColon = false
                    case .characterClass(let name):
                        guard let set = POSIXPatternTranslator.characterClass(named: name, ignoreCase: ignoreCase) else {
                            throw Message("Invalid character class name")
                        }
                        // In the C locale glibc's classes hold ASCII characters only.
                        items += options.bytesAreCharacters ? "[" + set + "&&[\\x{0}-\\x{7F}]]" : set
                        hasClassOrRange = true
                        if ["print", "graph", "punct"].contains(name) { classOrRangeHoldsEncodingError = true }
                        if turkic { turkicMembers.formUnion(TurkicCase.members(ofClassNamed: name)) }
                        endsWithColon = false
                    }
                }
                if token == .end { throw Message(Self.unmatched) }
                if token == .close {
                    position += 1
                    break
                }
            }
            // U+FFFD only where the expression lists it (see `encodingError`).
            if negated {
                set = "[^" + items + encodingError + "]"
            } else if classOrRangeHoldsEncodingError && !listsEncodingError && !encodingError.isEmpty {
                set = "[[" + items + "]--[" + encodingError + "]]"
            } else {
                set = "[" + items + "]"
            }
            if turkic {
                // The four letters by the locale's case pairs, decided before the negation (as
                // the DFA adds each character's case counterparts, then complements); ICU's
                // folding keeps the other characters.
                var matched = Set(turkicMembers.flatMap { TurkicCase.caseVariants(of: $0)! })
                if negated { matched = TurkicCase.letters.subtracting(matched) }
                let others = negated
                    ? "[^" + items + "iI\\x{131}\\x{130}" + encodingError + "]"
                    : "[" + set + "--[iI\\x{131}\\x{130}]]"
                set = TurkicCase.explicitSet(matched).map { "(?:" + others + "|" + $0 + ")" } ?? others
            }
            looksLikeMisplacedClass = startsWithColon && endsWithColon && hasOtherCharacter && !hasClassOrRange
            end = position
        }

        static let unmatched = "Unmatched [, [^, [:, [., or [="
    }
}

// MARK: - glibc's syntax check

extension POSIXPatternTranslator {
    /// glibc's `regcomp` with GNU grep's syntax bits (`RE_SYNTAX_GREP`, `RE_SYNTAX_EGREP`),
    /// reduced to what it rejects: a pattern it accepts passes without a result.
    struct RegcompChecker {
        let scalars: [Unicode.Scalar]
        let extended: Bool
        let options: Options
        var position = 0
        var token = Token.end
        var tokenLength = 0
        /// The groups closed so far, as glibc's `completed_bkref_map` (each alternative starts
        /// again from the groups closed before the alternation).
        var completedGroups = Set<Int>()
        var groupCount = 0

        enum Token: Equatable {
            case end, trailingBackslash, character, alternation, star, plus, question, openInterval,
                closeInterval, openGroup, closeGroup, backReference(Int), anchor, bracket
        }

        init(scalars: [Unicode.Scalar], extended: Bool, options: Options) {
            self.scalars = scalars
            self.extended = extended
            self.options = options
        }

        /// True when the pattern from the current position holds at least `count` group
        /// openings (`(` in an ERE, `\\(` in a BRE), counted in its text; only the wording of a
        /// nesting error depends on it.
        func openGroupsAhead(atLeast count: Int) -> Bool {
            var found = 0
            var index = position
            while index < scalars.count && found < count {
                if scalars[index] == "\\" {
                    if !extended && index + 1 < scalars.count && scalars[index + 1] == "(" { found += 1 }
                    index += 2
                } else {
                    if extended && scalars[index] == "(" { found += 1 }
                    index += 1
                }
            }
            return found >= count
        }

        mutating func check() throws(Message) {
            fetch(caretAnchors: true)
            try readAlternation(nesting: 0)
            if token != .end {
                // Only a `)` that closes nothing stops the outer level, and it is an error.
                throw Message("Unmatched ) or \\)")
            }
        }

        /// glibc's `peek_token`: the token at ``position``.
        mutating func fetch(caretAnchors: Bool = false) {
            position += tokenLength
            guard position < scalars.count else {
                (token, tokenLength) = (.end, 0)
                return
            }
            let scalar = scalars[position]
            tokenLength = 1
            if scalar == "\\" {
                guard position + 1 < scalars.count else {
                    token = .trailingBackslash
                    return
                }
                tokenLength = 2
                let next = scalars[position + 1]
                switch next {
                case "|": token = extended ? .character : .alternation
                case "1"..."9": token = .backReference(Int(next.value - 0x30))
                case "<", ">", "b", "B", "`", "'": token = .anchor
                case "(": token = extended ? .character : .openGroup
                case ")": token = extended ? .character : .closeGroup
                case "+": token = extended ? .character : .plus
                case "?": token = extended ? .character : .question
                case "{": token = extended ? .character : .openInterval
                case "}": token = extended ? .character : .closeInterval
                default: token = .character
                }
                return
            }
            switch scalar {
            case "|": token = extended ? .alternation : .character
            case "*": token = .star
            case "+": token = extended ? .plus : .character
            case "?": token = extended ? .question : .character
            case "{": token = extended ? .openInterval : .character
            case "}": token = extended ? .closeInterval : .character
            case "(": token = extended ? .openGroup : .character
            case ")": token = extended ? .closeGroup : .character
            case "[": token = .bracket
            case "^":
                token = extended || position == 0 || caretAnchors ? .anchor : .character
            case "$":
                if extended || position + 1 == scalars.count {
                    token = .anchor
                } else if position + 2 < scalars.count, scalars[position + 1] == "\\",
                          scalars[position + 2] == "|" || scalars[position + 2] == ")" {
                    token = .anchor
                } else {
                    token = .character
                }
            default: token = .character
            }
        }

        mutating func readAlternation(nesting: Int) throws(Message) {
            let initial = completedGroups
            try readBranch(nesting: nesting)
            while token == .alternation {
                fetch(caretAnchors: true)
                let accumulated = completedGroups
                completedGroups = initial
                if token != .alternation && token != .end && !(nesting > 0 && token == .closeGroup) {
                    try readBranch(nesting: nesting)
                }
                completedGroups.formUnion(accumulated)
            }
        }

        mutating func readBranch(nesting: Int) throws(Message) {
            while token != .alternation && token != .end && !(nesting > 0 && token == .closeGroup) {
                try readExpression(nesting: nesting)
            }
        }

        mutating func readExpression(nesting: Int) throws(Message) {
            // RE_CONTEXT_INDEP_OPS: in ERE, repetitions with nothing before them are skipped
            // (glibc recurses for each; a loop, so that a run of them takes no stack), and a
            // `)` after them is an ordinary character (RE_UNMATCHED_RIGHT_PAREN_ORD).
            var readParenthesis = false
            while extended && !readParenthesis
                && (token == .star || token == .plus || token == .question || token == .openInterval)
            {
                fetch()
                if token == .end || token == .alternation { return }
                if token == .closeGroup {
                    fetch()
                    readParenthesis = true
                }
            }
            if !readParenthesis {
                guard try readAtom(nesting: nesting) else { return }
            }
            while token == .star || token == .plus || token == .question || token == .openInterval {
                if token == .openInterval {
                    try readInterval()
                } else {
                    fetch()
                }
            }
        }

        /// What ``readExpression(nesting:)`` reads before its repetitions; false when no
        /// repetition can follow it.
        private mutating func readAtom(nesting: Int) throws(Message) -> Bool {
            switch token {
            case .character, .closeInterval:
                fetch()
            case .bracket:
                let bracket = try BracketExpression(scalars: scalars, start: position + 1, options: options)
                tokenLength = bracket.end - position
                fetch()
            case .openGroup:
                // The reading recurses once per group, so it stops at ICU's limit. A pattern
                // nested as deep as GNU grep's stack allows gets GNU grep's words.
                guard nesting < POSIXPatternTranslator.maximumNesting else {
                    throw Message(
                        openGroupsAhead(atLeast: POSIXPatternTranslator.gnuStackOverflowNesting - nesting)
                            ? POSIXPatternTranslator.stackOverflowMessage
                            : POSIXPatternTranslator.tooDeeplyNestedMessage)
                }
                groupCount += 1
                let group = groupCount
                fetch(caretAnchors: true)
                if token != .closeGroup {
                    try readAlternation(nesting: nesting + 1)
                    if token != .closeGroup { throw Message("Unmatched ( or \\(") }
                }
                completedGroups.insert(group)
                fetch()
            case .backReference(let number):
                guard completedGroups.contains(number) else { throw Message("Invalid back reference") }
                fetch()
            case .anchor:
                // An anchor takes no repetition: what follows starts an expression.
                fetch()
                return false
            case .star, .plus, .question, .openInterval:
                // In BRE, an ordinary character here (ERE skipped them before).
                fetch()
            case .closeGroup:
                if !extended { throw Message("Unmatched ) or \\)") }
                fetch()
            case .trailingBackslash:
                throw Message("Trailing backslash")
            case .end, .alternation:
                return false
            }
            return true
        }

        /// glibc's `parse_dup_op` for `{`: a malformed interval is an error in BRE and the
        /// character `{` in ERE.
        mutating func readInterval() throws(Message) {
            let restart = position + tokenLength
            /// glibc's `fetch_number`: digits up to `,` or the closing brace; -1 for none,
            /// -2 for anything else (or the end, then `atEnd`).
            func number() -> (value: Int, stop: Token?) {
                var value = -1
                while true {
                    fetch()
                    if token == .end { return (-2, .end) }
                    if token == .closeInterval { return (value, .closeInterval) }
                    let scalar = scalars[position]
                    if token == .character && tokenLength == 1 && scalar == "," { return (value, nil) }
                    if token == .character && tokenLength == 1 && ("0"..."9").contains(scalar) && value != -2 {
                        value = value == -1 ? Int(scalar.value - 0x30) : min(0x8000, value * 10 + Int(scalar.value - 0x30))
                    } else {
                        value = -2
                    }
                }
            }
            var (start, stop) = number()
            var end = -1
            if start == -1 {
                if stop == nil {
                    start = 0  // `{,m}` is `{0,m}`.
                } else {
                    throw Message("Invalid content of \\{\\}")  // `{}`
                }
            }
            if start != -2 {
                if stop == .closeInterval {
                    end = start
                } else if stop == nil {
                    (end, stop) = number()
                } else {
                    end = -2
                }
            }
            if start == -2 || end == -2 {
                guard extended else {
                    throw Message(token == .end ? "Unmatched \\{" : "Invalid content of \\{\\}")
                }
                // RE_INVALID_INTERVAL_ORD: the `{` is an ordinary character.
                position = restart
                tokenLength = 0
                token = .character
                fetch()
                return
            }
            if (end != -1 && start > end) || token != .closeInterval {
                throw Message("Invalid content of \\{\\}")
            }
            if 0x7FFF < (end == -1 ? start : end) {
                throw Message("Regular expression too big")
            }
            fetch()
        }
    }
}

// MARK: - The DFA parser's reading

extension POSIXPatternTranslator {
    /// gnulib's DFA lexer and parser (`dfa.c`, as in GNU grep 3.8), which decides what a
    /// pattern matches and warns, writing the ICU pattern as it reads.
    struct DFAParser {
        let scalars: [Unicode.Scalar]
        let extended: Bool
        let options: Options
        var position = 0
        /// True where a repetition would have nothing to repeat (dfa.c's `laststart`).
        var lastStart = true
        var lastToken = Token.end
        var openGroups = 0
        var token = Token.end
        var warnings: [String] = []

        enum Token: Equatable {
            case end
            case character(Unicode.Scalar)
            /// An ICU text that matches one character: `.`, a set.
            case oneCharacter(String)
            case backReference(Int)
            case beginLine, endLine, beginWord, endWord, wordBoundary, notWordBoundary
            case question, star, plus
            case interval(minimum: Int, maximum: Int?)
            case alternation, openGroup, closeGroup
        }

        /// What a piece of the ICU pattern is, for repeating it.
        enum Kind {
            /// Nothing: repeating it gives nothing.
            case empty
            /// One character, set or group: a quantifier follows it directly.
            case atom
            /// A repeated atom: repeating it again needs a group.
            case repeated
            /// An assertion, which ICU does not repeat.
            case assertion
            /// Several pieces or branches.
            case sequence
        }

        /// A piece of the ICU pattern written so far.
        struct Piece {
            var text: String
            var kind: Kind
            /// How deeply its groups and sets nest (``PatternNesting``).
            var depth: Int

            static let empty = Piece(text: "", kind: .empty, depth: 0)
        }

        init(scalars: [Unicode.Scalar], extended: Bool, options: Options) {
            self.scalars = scalars
            self.extended = extended
            self.options = options
        }

        mutating func translate() throws(Message) -> String {
            token = try lex()
            let piece = try readAlternation()
            if token != .end { throw Message("unbalanced )") }
            return piece.text
        }

        /// `piece` with its depth checked against ``POSIXPatternTranslator/maximumNesting``.
        private func checked(_ piece: Piece) throws(Message) -> Piece {
            guard piece.depth <= POSIXPatternTranslator.maximumNesting else {
                throw Message(POSIXPatternTranslator.tooBigMessage)
            }
            return piece
        }

        // MARK: Parser

        mutating func readAlternation() throws(Message) -> Piece {
            var branches = [try readBranch()]
            while token == .alternation {
                token = try lex()
                branches.append(try readBranch())
            }
            if branches.count == 1 { return branches[0] }
            // POSIX takes the longest match, ICU the first branch that matches: an empty branch
            // goes last (one is enough), so that `-o 'a\|'` prints the `a` GNU grep prints. An
            // empty branch holds no group, so the groups keep their numbers.
            var texts = branches.filter { $0.kind != .empty }.map(\.text)
            if texts.count < branches.count { texts.append("") }
            return Piece(text: texts.joined(separator: "|"), kind: .sequence, depth: branches.map(\.depth).max() ?? 0)
        }

        mutating func readBranch() throws(Message) -> Piece {
            var pieces = [try readClosure()]
            while token != .closeGroup && token != .alternation && token != .end {
                pieces.append(try readClosure())
            }
            var nonEmpty = pieces.filter { $0.kind != .empty }
            Self.narrowWordAssertions(&nonEmpty)
            if nonEmpty.count == 1 { return nonEmpty[0] }
            if nonEmpty.isEmpty { return .empty }
            return Piece(text: nonEmpty.map(\.text).joined(), kind: .sequence, depth: nonEmpty.map(\.depth).max() ?? 0)
        }

        /// The word assertions among `pieces` that stand next to a letter or digit of ASCII
        /// written once (not repeated), each as the one look-around that decides it there: a
        /// word character is on that side, so `\b` and `\>` after it are `(?![word])`, `\b`
        /// and `\<` before it `(?<![word])`, `\B` `(?=[word])` or `(?<=[word])`. The same
        /// positions match (with `-i` too: every case variant of an ASCII letter is a letter);
        /// the line automaton reads a look-around at the pattern's edge exactly, where it
        /// drops the two-sided form, so that `-E 'son\b'` is decided without ICU as ICU's own
        /// `\b` is.
        static func narrowWordAssertions(_ pieces: inout [Piece]) {
            func isWordLiteral(_ index: Int) -> Bool {
                guard pieces.indices.contains(index), pieces[index].kind == .atom else { return false }
                let scalars = pieces[index].text.unicodeScalars
                guard scalars.count == 1, let scalar = scalars.first, scalar.isASCII else { return false }
                return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            }
            let word = POSIXPatternTranslator.wordSet
            for index in pieces.indices where pieces[index].kind == .assertion {
                let after = isWordLiteral(index - 1), before = isWordLiteral(index + 1)
                let narrowed: String?
                switch pieces[index].text {
                case wordBoundaryText where after: narrowed = "(?!\(word))"
                case wordBoundaryText where before: narrowed = "(?<!\(word))"
                case endWordText where after: narrowed = "(?!\(word))"
                case beginWordText where before: narrowed = "(?<!\(word))"
                case notWordBoundaryText where after: narrowed = "(?=\(word))"
                case notWordBoundaryText where before: narrowed = "(?<=\(word))"
                default: narrowed = nil
                }
                if let narrowed { pieces[index].text = narrowed }
            }
        }

        static let beginWordText = "(?<!\(wordSet))(?=\(wordSet))"
        static let endWordText = "(?<=\(wordSet))(?!\(wordSet))"
        static let wordBoundaryText = "(?:(?<!\(wordSet))(?=\(wordSet))|(?<=\(wordSet))(?!\(wordSet)))"
        static let notWordBoundaryText = "(?:(?<=\(wordSet))(?=\(wordSet))|(?<!\(wordSet))(?!\(wordSet)))"

        mutating func readClosure() throws(Message) -> Piece {
            var piece = try readAtom()
            // The last quantifier written, when it is `*`, `+` or `?`: another of them merges
            // with it (`a**` is `a*`, `a+?` is `a*`) instead of adding a group around it, so
            // that a run of them, however long, costs no nesting.
            var lastSimple: String?
            while true {
                let quantifier: String
                let minimum: Int
                switch token {
                case .question: (quantifier, minimum) = ("?", 0)
                case .star: (quantifier, minimum) = ("*", 0)
                case .plus: (quantifier, minimum) = ("+", 1)
                case .interval(let low, let high):
                    minimum = low
                    if let high {
                        quantifier = low == high ? "{\(low)}" : "{\(low),\(high)}"
                    } else {
                        quantifier = "{\(low),}"
                    }
                default:
                    return piece
                }
                token = try lex()
                let isSimple = quantifier.count == 1
                switch piece.kind {
                case .empty:
                    break
                case .assertion:
                    if minimum == 0 { piece = .empty }
                case .atom:
                    piece.text += quantifier
                    piece.kind = .repeated
                    lastSimple = isSimple ? quantifier : nil
                case .repeated where isSimple && lastSimple != nil:
                    let merged = quantifier == lastSimple ? quantifier : "*"
                    piece.text.unicodeScalars.removeLast()
                    piece.text += merged
                    lastSimple = merged
                case .repeated, .sequence:
                    piece = try checked(Piece(text: "(?:" + piece.text + ")" + quantifier, kind: .repeated, depth: piece.depth + 1))
                    lastSimple = isSimple ? quantifier : nil
                }
            }
        }

        mutating func readAtom() throws(Message) -> Piece {
            let text: String
            let kind: Kind
            switch token {
            case .character(let scalar):
                if options.ignoreCase && options.turkicCase, let pair = TurkicCase.pattern(for: scalar) {
                    (text, kind) = (pair, .atom)
                } else {
                    (text, kind) = (POSIXPatternTranslator.literal(scalar), .atom)
                }
            case .oneCharacter(let set):
                (text, kind) = (set, .atom)
            case .backReference(let number):
                (text, kind) = ("(?:\\\(number))", .atom)
            case .beginLine:
                (text, kind) = ("^", .assertion)
            case .endLine:
                // With -z a record may end in a newline, before which GNU grep's `$` does not
                // match.
                (text, kind) = (options.dotMatchesNewline ? #"\z"# : "$", .assertion)
            case .beginWord:
                (text, kind) = (Self.beginWordText, .assertion)
            case .endWord:
                (text, kind) = (Self.endWordText, .assertion)
            case .wordBoundary:
                (text, kind) = (Self.wordBoundaryText, .assertion)
            case .notWordBoundary:
                (text, kind) = (Self.notWordBoundaryText, .assertion)
            case .openGroup:
                // The regcomp check counted the same groups, so this recursion is as deep as
                // that check allows.
                guard openGroups <= POSIXPatternTranslator.maximumNesting else {
                    throw Message(POSIXPatternTranslator.tooDeeplyNestedMessage)
                }
                token = try lex()
                let inner = try readAlternation()
                if token != .closeGroup { throw Message("unbalanced (") }
                token = try lex()
                return try checked(Piece(text: "(" + inner.text + ")", kind: .atom, depth: inner.depth + 1))
            default:
                // dfa.c's EMPTY: nothing to read here (a repetition at the start of an ERE).
                return .empty
            }
            token = try lex()
            return try checked(Piece(text: text, kind: kind, depth: PatternNesting.depth(ofICUPattern: text)))
        }

        // MARK: Lexer

        mutating func lex() throws(Message) -> Token {
            let token = try lexToken()
            lastToken = token
            return token
        }

        private mutating func ordinary(_ scalar: Unicode.Scalar) -> Token {
            lastStart = false
            return .character(scalar)
        }

        /// An ordinary character; after a backslash that means nothing, GNU grep warns.
        private mutating func stray(_ scalar: Unicode.Scalar, backslash: Bool) -> Token {
            if backslash {
                let what: String
                if !POSIXPatternTranslator.isPrintable(scalar) {
                    what = "unprintable character"
                } else if POSIXPatternTranslator.isSpace(scalar) {
                    what = "white space"
                } else {
                    what = String(scalar)
                }
                warnings.append("stray \\ before \(what)")
            }
            return ordinary(scalar)
        }

        private mutating func lexToken() throws(Message) -> Token {
            var backslash = false
            while true {
                guard position < scalars.count else { return .end }
                let scalar = scalars[position]
                position += 1
                switch scalar {
                case "\\":
                    if backslash { return ordinary(scalar) }
                    guard position < scalars.count else { throw Message("unfinished \\ escape") }
                    backslash = true
                    continue
                case "^":
                    if backslash { return ordinary(scalar) }
                    if extended || lastToken == .end || lastToken == .openGroup || lastToken == .alternation {
                        return .beginLine
                    }
                    return ordinary(scalar)
                case "$":
                    if backslash { return ordinary(scalar) }
                    let left = scalars.count - position
                    if extended || left == 0 { return .endLine }
                    let index = position + (scalars[position] == "\\" ? 1 : 0)
                    if left > 1 && index < scalars.count && (scalars[index] == ")" || scalars[index] == "|") {
                        return .endLine
                    }
                    return ordinary(scalar)
                case "1"..."9":
                    if !backslash { return ordinary(scalar) }
                    lastStart = false
                    return .backReference(Int(scalar.value - 0x30))
                case "`": return backslash ? .beginLine : ordinary(scalar)
                case "'": return backslash ? .endLine : ordinary(scalar)
                case "<": return backslash ? .beginWord : ordinary(scalar)
                case ">": return backslash ? .endWord : ordinary(scalar)
                case "b": return backslash ? .wordBoundary : ordinary(scalar)
                case "B": return backslash ? .notWordBoundary : ordinary(scalar)
                case "?", "+":
                    if backslash == extended { return ordinary(scalar) }
                    if lastStart {
                        if !extended { return stray(scalar, backslash: backslash) }
                        warnings.append("\(scalar) at start of expression")
                    }
                    return scalar == "?" ? .question : .plus
                case "*":
                    if backslash { return ordinary(scalar) }
                    if lastStart {
                        if !extended { return stray(scalar, backslash: backslash) }
                        warnings.append("* at start of expression")
                    }
                    return .star
                case "{":
                    if backslash == extended { return ordinary(scalar) }
                    return try interval(scalar, backslash: backslash)
                case "|":
                    if backslash == extended { return ordinary(scalar) }
                    lastStart = true
                    return .alternation
                case "\n":
                    if backslash { return ordinary(scalar) }
                    lastStart = true
                    return .alternation
                case "(":
                    if backslash == extended { return ordinary(scalar) }
                    openGroups += 1
                    lastStart = true
                    return .openGroup
                case ")":
                    if backslash == extended { return ordinary(scalar) }
                    if openGroups == 0 && extended { return ordinary(scalar) }
                    openGroups -= 1
                    lastStart = false
                    return .closeGroup
                case ".":
                    if backslash { return ordinary(scalar) }
                    lastStart = false
                    let encodingError = options.excludedEncodingError
                    if options.dotMatchesNewline {
                        return .oneCharacter(encodingError.isEmpty ? #"[\x{0}-\x{10FFFF}]"# : "[^\(encodingError)]")
                    }
                    return .oneCharacter("[^\\n\(encodingError)]")
                case "s", "S", "w", "W":
                    if !backslash { return ordinary(scalar) }
                    lastStart = false
                    switch scalar {
                    case "s": return .oneCharacter(POSIXPatternTranslator.spaceSet)
                    case "S": return .oneCharacter("[^" + POSIXPatternTranslator.spaceSet + options.excludedEncodingError + "]")
                    case "w": return .oneCharacter(wordSet)
                    default: return .oneCharacter("[^" + POSIXPatternTranslator.wordContents + options.excludedEncodingError + "]")
                    }
                case "[":
                    if backslash { return ordinary(scalar) }
                    lastStart = false
                    let bracket = try BracketExpression(scalars: scalars, start: position, options: options)
                    if bracket.looksLikeMisplacedClass {
                        throw Message("character class syntax is [[:space:]], not [:space:]")
                    }
                    position = bracket.end
                    return .oneCharacter(bracket.set)
                case "]", "}":
                    return ordinary(scalar)
                default:
                    return stray(scalar, backslash: backslash)
                }
            }
        }

        /// dfa.c's `{` (or BRE's `\{`): an interval, or in ERE the character `{` when what
        /// follows is not one.
        private mutating func interval(_ scalar: Unicode.Scalar, backslash: Bool) throws(Message) -> Token {
            var index = position
            var minimum = -1
            var maximum = -1
            func isDigit(_ index: Int) -> Bool { index < scalars.count && ("0"..."9").contains(scalars[index]) }
            while isDigit(index) {
                let digit = Int(scalars[index].value - 0x30)
                minimum = minimum < 0 ? digit : min(0x8000, minimum * 10 + digit)
                index += 1
            }
            if index < scalars.count {
                if scalars[index] != "," {
                    maximum = minimum
                } else {
                    if minimum < 0 { minimum = 0 }
                    index += 1
                    while isDigit(index) {
                        let digit = Int(scalars[index].value - 0x30)
                        maximum = maximum < 0 ? digit : min(0x8000, maximum * 10 + digit)
                        index += 1
                    }
                }
            }
            var valid = true
            if backslash {
                if index < scalars.count && scalars[index] == "\\" { index += 1 } else { valid = false }
            }
            if valid {
                if index < scalars.count && scalars[index] == "}" { index += 1 } else { valid = false }
            }
            valid = valid && minimum >= 0 && (maximum < 0 || minimum <= maximum)
            if !valid && extended { return ordinary(scalar) }
            if lastStart {
                if !extended { return stray(scalar, backslash: backslash) }
                warnings.append("{...} at start of expression")
            }
            if !valid { throw Message("invalid content of \\{\\}") }
            if 0x7FFF < maximum { throw Message("regular expression too big") }
            position = index
            lastStart = false
            return .interval(minimum: minimum, maximum: maximum < 0 ? nil : maximum)
        }
    }
}

// MARK: - GNU escapes in ICU patterns

extension POSIXPatternTranslator {
    /// The first escape of `pattern`, an ICU pattern, that GNU grep's syntaxes read as an
    /// operator and ICU as a literal: `\|` (alternation in BRE), `\<` and `\>` (word
    /// boundaries); nil when there is none. Escapes inside sets and `\Q…\E` do not count, nor
    /// `\(`, `\)`, `\{` and `\}`, which ICU users write for the literal characters.
    package static func gnuOnlyEscape(inICUPattern pattern: String) -> String? {
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        var setDepth = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" && index + 1 < scalars.count {
                let next = scalars[index + 1]
                if next == "Q" {
                    // A quotation runs to `\E` or the end.
                    var end = index + 2
                    while end < scalars.count && !(scalars[end] == "\\" && end + 1 < scalars.count && scalars[end + 1] == "E") {
                        end += 1
                    }
                    index = end + 2
                    continue
                }
                if setDepth == 0 && (next == "|" || next == "<" || next == ">") {
                    return "\\" + String(next)
                }
                index += 2
                continue
            }
            if scalar == "[" {
                setDepth += 1
                // A `]` first in a set (after `^`) is a literal.
                if index + 1 < scalars.count && scalars[index + 1] == "^" { index += 1 }
                if index + 1 < scalars.count && scalars[index + 1] == "]" { index += 1 }
            } else if scalar == "]" && setDepth > 0 {
                setDepth -= 1
            }
            index += 1
        }
        return nil
    }
}
