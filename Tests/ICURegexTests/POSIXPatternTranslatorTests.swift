import ICURegex
import Testing

/// The POSIX translator's own cases: the ICU text it writes, GNU grep's messages and
/// warnings, and the ICU patterns' matches.
@Suite("POSIX pattern translator")
struct POSIXPatternTranslatorTests {
    typealias T = POSIXPatternTranslator

    static func icu(_ pattern: String, _ syntax: T.Syntax = .basic, _ options: T.Options = .init()) throws -> String {
        try T.translate(pattern, syntax: syntax, options: options).pattern
    }

    static func failure(_ pattern: String, _ syntax: T.Syntax = .basic) -> T.Failure? {
        do {
            _ = try T.translate(pattern, syntax: syntax)
            return nil
        } catch {
            return error
        }
    }

    static func matches(_ pattern: String, _ syntax: T.Syntax, _ text: String) throws -> Bool {
        try RegexPattern(try icu(pattern, syntax)).firstRange(in: text) != nil
    }

    @Test func groupsAndRepetitionsPerSyntax() throws {
        #expect(try Self.icu(#"\(ab\)*\1"#) == #"(ab)*(?:\1)"#)
        #expect(try Self.icu("(ab)*", .basic) == #"\(ab\)*"#)
        #expect(try Self.icu("(ab)+|c?", .extended) == "(ab)+|c?")
        #expect(try Self.icu(#"a\+b\?c\|d"#) == "a+b?c|d")
        #expect(try Self.icu("a+b?", .basic) == #"a\+b\?"#)
        // `*`, `+` and `?` after one another are one repetition (ICU would read `*?` as lazy);
        // an interval is repeated in a group.
        #expect(try Self.icu("a**", .extended) == "a*")
        #expect(try Self.icu("a*?", .extended) == "a*")
        #expect(try Self.icu("a++", .extended) == "a+")
        #expect(try Self.icu("a??+", .extended) == "a*")
        #expect(try Self.icu("a*{2}+", .extended) == "(?:(?:a*){2})+")
        #expect(try Self.icu(#"a\{2,3\}"#) == "a{2,3}")
        #expect(try Self.icu(#"a\{,3\}"#) == "a{0,3}")
        #expect(try Self.icu("a{1,}b{,}", .extended) == "a{1,}b{0,}")
        #expect(try Self.icu("a{1", .extended) == #"a\{1"#)
        #expect(try Self.icu("*a") == #"\*a"#)
        #expect(try Self.icu(#"\(*a\)"#) == #"(\*a)"#)
        #expect(try Self.icu("^*") == #"^\*"#)
    }

    @Test func anchorsFollowTheirContext() throws {
        #expect(try Self.icu("a^b$c") == #"a\^b\$c"#)
        #expect(try Self.icu(#"\(^a$\)\|^b$"#) == "(^a$)|^b$")
        #expect(try Self.icu("a^b$c", .extended) == "a^b$c")
        #expect(try Self.icu(#"\`a\'"#) == "^a$")
        #expect(try Self.icu("^*a", .extended) == "a")  // (^)* matches the empty string
    }

    @Test func bracketExpressionsEscapeICUsSetSyntax() throws {
        #expect(try Self.icu(#"[]a\[&-]"#) == #"[\]a\\\[\&\-]"#)
        #expect(try Self.icu("[^-a]") == #"[^\-a\x{FFFD}]"#)
        #expect(try Self.icu("[[.-.]a-[.c.][=e=]]") == #"[\-a-ce]"#)
        #expect(try Self.icu("[[:digit:]x]") == "[[0-9]x]")
        #expect(try Self.icu("[[:upper:]]", .basic, .init(ignoreCase: true)) == #"[[\p{Alphabetic}\p{Nd}--[0-9]]]"#)
        // With -i, glibc reads a range's ends upper-cased (compiled ignoring case, `[A-\\]`
        // holds every letter).
        #expect(try Self.icu(#"[a-\]"#, .basic, .init(ignoreCase: true)) == #"[A-\\]"#)
        #expect(try Self.icu("[A-z]", .extended, .init(ignoreCase: true)) == "[A-Z]")
        #expect(try Self.icu("[A-z]", .extended) == "[A-z]")
        #expect(try Self.matches("a[]b]c", .basic, "a]c"))
        #expect(try Self.matches("[[:alpha:]]", .extended, "١"))  // glibc: other digits are letters
        #expect(try !Self.matches("[[:alpha:]]", .extended, "1"))
        #expect(try Self.matches(#"[\w]"#, .basic, "\\"))
        #expect(try !Self.matches(#"[\w]"#, .basic, "x"))
    }

    @Test func wordConstructsUseGlibcsWordCharacters() throws {
        #expect(try Self.matches(#"\<é"#, .basic, "x é"))
        #expect(try !Self.matches(#"\<b"#, .basic, "ab"))
        #expect(try Self.matches(#"a\>"#, .basic, "a-"))
        #expect(try Self.matches(#"\Bb"#, .basic, "ab"))
        #expect(try Self.matches(#"\w\W\s\S"#, .extended, "_- x"))
    }

    @Test func emptyAlternativesGoLast() throws {
        #expect(try Self.icu("|a||b", .extended) == "a|b|")
        #expect(try Self.icu(#"\(\|a\)"#) == "(a|)")
    }

    @Test func regcompErrors() {
        #expect(Self.failure("a\\") == .invalid("Trailing backslash"))
        #expect(Self.failure(#"\(a"#) == .invalid(#"Unmatched ( or \("#))
        #expect(Self.failure(#"a\)"#) == .invalid(#"Unmatched ) or \)"#))
        #expect(Self.failure("(*)", .extended) == .invalid(#"Unmatched ( or \("#))
        #expect(Self.failure("a)", .extended) == nil)
        #expect(Self.failure(#"a\{1"#) == .invalid(#"Unmatched \{"#))
        #expect(Self.failure(#"a\{1a\}"#) == .invalid(#"Invalid content of \{\}"#))
        #expect(Self.failure("a{2,1}", .extended) == .invalid(#"Invalid content of \{\}"#))
        #expect(Self.failure("a{}", .extended) == .invalid(#"Invalid content of \{\}"#))
        #expect(Self.failure("a{32768}", .extended) == .invalid("Regular expression too big"))
        #expect(Self.failure(#"\(a\)\2"#) == .invalid("Invalid back reference"))
        #expect(Self.failure(#"\(a\)\|\1"#) == .invalid("Invalid back reference"))
        #expect(Self.failure("[a") == .invalid("Unmatched [, [^, [:, [., or [="))
        #expect(Self.failure("[") == .invalid("Invalid regular expression"))
        #expect(Self.failure("[[:alpha]]") == .invalid("Unmatched [, [^, [:, [., or [="))
        #expect(Self.failure("[[:nope:]]") == .invalid("Invalid character class name"))
        #expect(Self.failure("[[=é=]]") == .invalid("Invalid collation character"))
        #expect(Self.failure("[z-a]") == .invalid("Invalid range end"))
        #expect(Self.failure("[a-c-e]") == .invalid("Invalid range end"))
    }

    @Test func dfaWarningsAndErrors() throws {
        #expect(try T.translate(#"\{\%\ \d"#, syntax: .basic).warnings
            == [#"stray \ before {"#, #"stray \ before %"#, #"stray \ before white space"#, #"stray \ before d"#])
        #expect(try T.translate(#"a\{\.\*\]\}"#, syntax: .extended).warnings.isEmpty)
        #expect(try T.translate("**a|+b|{1}c", syntax: .extended).warnings == [
            "* at start of expression", "* at start of expression", "+ at start of expression",
            "{...} at start of expression",
        ])
        #expect(Self.failure(#"\%[:space:]"#) == .rejected(
            "character class syntax is [[:space:]], not [:space:]", warningsBefore: [#"stray \ before %"#]))
        #expect(Self.failure("[:a]") == nil)
    }

    @Test func everyTranslationCompiles() throws {
        for pattern in [#"\(a\|b\)*\1\{2\}"#, #"\<\b\B\>*"#, "[[:punct:][:graph:][:print:][:cntrl:][:blank:]]", #"a\{0\}\1"#] {
            guard let text = try? Self.icu(pattern) else { continue }
            _ = try? RegexPattern(text)
        }
        _ = try RegexPattern(try Self.icu("(a|b)*{2}^*$+", .extended))
        _ = try RegexPattern(try Self.icu("[[:punct:][:graph:][:print:][:cntrl:][:blank:][:space:][:xdigit:]]"))
    }

    /// U+FFFD stands for an encoding error in the searched text, which in GNU grep nothing
    /// but itself matches: `.`, `\S`, `\W`, a negated bracket expression, `[:punct:]`,
    /// `[:graph:]`, `[:print:]` and a range over U+FFFD leave it out; listed, it is matched.
    @Test func encodingErrorsMatchOnlyThemselves() throws {
        for (pattern, syntax) in [("a.b", T.Syntax.basic), ("a[^x]b", .basic), (#"a\Sb"#, .extended), (#"a\Wb"#, .extended),
                                  ("a[[:punct:]]b", .extended), ("a[[:graph:][:alpha:]]b", .basic),
                                  ("a[[:print:]]b", .basic), ("a[\u{F000}-\u{FFFF}]b", .basic), ("a.*b", .extended)] {
            #expect(try !Self.matches(pattern, syntax, "a\u{FFFD}b"), "\(pattern)")
            #expect(try Self.matches(pattern, syntax, "a\u{F000}b") || pattern.contains("punct"), "\(pattern)")
        }
        #expect(try RegexPattern(try Self.icu("a.b", .basic, .init(dotMatchesNewline: true))).firstRange(in: "a\u{FFFD}b") == nil)
        #expect(try Self.matches("a.b", .basic, "a\nb") == false)
        #expect(try RegexPattern(try Self.icu("a.b", .basic, .init(dotMatchesNewline: true))).firstRange(in: "a\nb") != nil)
        #expect(try Self.matches("a\u{FFFD}b", .basic, "a\u{FFFD}b"))
        #expect(try Self.matches("a[\u{FFFD}[:punct:]]b", .basic, "a\u{FFFD}b"))
        #expect(try Self.matches("a[\u{FFFD}-\u{FFFF}]b", .basic, "a\u{FFFD}b"))
        #expect(try Self.matches(#"a\>"#, .basic, "a\u{FFFD}b"))  // a word's end, as in GNU grep
    }

    /// A word assertion next to an ASCII letter or digit written once is the one look-around
    /// that decides it there (which the line automaton reads exactly); elsewhere it keeps
    /// both sides. Each narrowed pattern matches where the two-sided one does.
    @Test func wordAssertionsNextToALetterAreOneSided() throws {
        let word = #"[\p{Alphabetic}\p{Nd}_]"#
        #expect(try Self.icu(#"son\b"#, .extended) == "son(?!\(word))")
        #expect(try Self.icu(#"\bfoo"#, .basic) == "(?<!\(word))foo")
        #expect(try Self.icu(#"a\>"#) == "a(?!\(word))")
        #expect(try Self.icu(#"\<a"#) == "(?<!\(word))a")
        #expect(try Self.icu(#"a\Bb"#) == "a(?=\(word))b")
        #expect(try Self.icu(#"a*\b"#) != "a*(?!\(word))")  // repeated: either side may hold it
        #expect(try Self.icu(#"-\b"#).contains("|"))  // not a word character
        let texts = ["son", "sons", "son!", "xson_", "foo", "xfoo", " foo", "é foo", "éfoo", "ab", "a b", "a", "a1", "aé",
                     "SON", "fooé", "Ab"]
        for pattern in [#"son\b"#, #"\bfoo"#, #"a\>"#, #"\<a"#, #"a\Bb"#, #"\ba\b"#, #"\Ba"#, #"a\B"#, #"o\>"#, #"\<f"#] {
            let narrowed = try RegexPattern(try Self.icu(pattern, .basic), options: [.caseInsensitive])
            // The two-sided form, as written before narrowing: empty groups keep the assertion
            // away from the letters.
            var separated = pattern
            for assertion in [#"\b"#, #"\B"#, #"\>"#, #"\<"#] {
                separated = separated.replacing(assertion, with: #"\(\)"# + assertion + #"\(\)"#)
            }
            let twoSided = try RegexPattern(try Self.icu(separated, .basic), options: [.caseInsensitive])
            for text in texts {
                let narrowedMatches = try narrowed.firstRange(in: text) != nil
                let twoSidedMatches = try twoSided.firstRange(in: text) != nil
                #expect(narrowedMatches == twoSidedMatches, "\(pattern) \(text)")
            }
        }
    }

    @Test func gnuOnlyEscapesInICUPatterns() {
        #expect(T.gnuOnlyEscape(inICUPattern: #"a\|b"#) == #"\|"#)
        #expect(T.gnuOnlyEscape(inICUPattern: #"\<word\>"#) == #"\<"#)
        #expect(T.gnuOnlyEscape(inICUPattern: #"[\<]\Q\|\E\(x\)\\|"#) == nil)
        #expect(T.gnuOnlyEscape(inICUPattern: #"[]\|]"#) == nil)
    }
}
