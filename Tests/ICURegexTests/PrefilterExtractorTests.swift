@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// The literal facts and the prefilter's choice of literals: which patterns give which
    /// literals, and which give none because the extractor is not sure.
    @Suite struct PrefilterExtractorTests {
        /// The literals required for `patterns`, as text, or nil when there is no prefilter.
        private func literals(_ patterns: [String], ignoreCase: Bool = false) -> Set<String>? {
            RequiredLiterals(patterns: patterns, ignoreCase: ignoreCase).map {
                Set($0.literals.map { String(decoding: $0, as: UTF8.self) })
            }
        }

        /// The literals required for one pattern.
        private func literals(_ pattern: String, ignoreCase: Bool = false) -> Set<String>? {
            literals([pattern], ignoreCase: ignoreCase)
        }

        @Test("plain literals, sequences and escaped metacharacters")
        func plainLiterals() {
            #expect(literals("Sherlock Holmes") == ["Sherlock Holmes"])
            #expect(literals("a\\.b\\(c\\)") == ["a.b(c)"])
            #expect(literals("\\\\server") == ["\\server"])
            #expect(literals("Шерлок") == ["Шерлок"])
            #expect(literals("福尔摩斯") == ["福尔摩斯"])
        }

        @Test("quotations, as -F writes them")
        func quotations() {
            #expect(literals("\\Qa.b\\E") == ["a.b"])
            #expect(literals("\\Qa.b") == ["a.b"])
            #expect(literals("x\\Q(*)\\Ey") == ["x(*)y"])
            // A quantifier after a quotation repeats its last character, as ICU reads it.
            #expect(literals("\\Qabc\\E?xy") == ["ab"])
            #expect(literals("\\Qabc\\E+") == ["ab"])
            #expect(literals("\\Qab\\E{0}cd") == ["cd"])
            // `-F` with `\E` inside the string.
            let quoted = PatternAssembler.quoted("a\\Eb")
            #expect(literals(quoted) == ["a\\Eb"])
        }

        @Test("alternation gives a set; a branch without a literal leaves none")
        func alternation() {
            #expect(
                literals("Sherlock Holmes|John Watson|Irene Adler|Inspector Lestrade|Professor Moriarty")
                    == ["Sherlock Holmes", "John Watson", "Irene Adler", "Inspector Lestrade", "Professor Moriarty"])
            #expect(literals("abc|[xy]") == nil)
            #expect(literals("abc|") == nil)
            #expect(literals("abc|x") == nil, "a literal shorter than two bytes is not worth it")
            #expect(literals("(?:ab|cd)ef") == ["abef", "cdef"])
            #expect(literals("x(?:ab|cd)+yz") == ["ab", "cd"] || literals("x(?:ab|cd)+yz") == ["yz"])
        }

        @Test("groups and quantifiers")
        func quantifiers() {
            #expect(literals("(abc)?def") == ["def"])
            #expect(literals("abc*") == ["ab"])
            #expect(literals("x{0,2}yz") == ["yz"])
            #expect(literals("(abc){2,3}") == ["abc"])
            #expect(literals("(abc)+?x") == ["abc"])
            #expect(literals("(?>abc)x") == ["abcx"])
            #expect(literals("(?<name>abc)") == ["abc"])
            #expect(literals("(?:abc)*") == nil)
            #expect(literals("a+") == nil)
            #expect(literals("\\w+\\s+Holmes\\s+\\w+") == ["Holmes"])
        }

        @Test("lookaround is never a source of literals")
        func lookaround() {
            #expect(literals("(?<=abc)de") == ["de"])
            #expect(literals("(?<=abcdef)de") == ["de"])
            #expect(literals("(?<!abcdef)de") == ["de"])
            #expect(literals("foo(?=barbaz)") == ["foo"])
            #expect(literals("(?=abcdef)") == nil)
        }

        @Test("classes, dots and escapes break a literal")
        func breakingPieces() {
            #expect(literals("[abc]") == nil)
            #expect(literals("[abc]xyz") == ["xyz"])
            #expect(literals("[[a-z]&&[^x]]xyz") == ["xyz"])
            #expect(literals("[\\]]xyz") == ["xyz"])
            #expect(literals("[\\p{L}]xyz") == ["xyz"])
            #expect(literals("ab.cde") == ["cde"])
            #expect(literals("\\x{41}bc") == ["Abc"])
            #expect(literals("\\u0041xyz") == ["Axyz"])
            #expect(literals("\\x41xyz") == ["Axyz"], "\\x takes exactly two hex digits")
            #expect(literals("\\x41BC{0}") == ["AB"], "the count repeats the C alone")
            #expect(literals("\\N{LATIN SMALL LETTER A}bc") == ["bc"])
            #expect(literals("\\p{L}+xyz") == ["xyz"])
            #expect(literals("(a)\\1bc") == ["bc"])
            #expect(literals("\\k<n>bc") == ["bc"])
            #expect(literals("\\tabc") == ["\tabc"])
            #expect(literals("ab\u{FFFD}cde") == ["cde"])
        }

        @Test("a class of a few characters out of case's reach is an alternation of them")
        func smallClasses() {
            #expect(literals("x[?!]") == ["x?", "x!"])
            #expect(literals("[，,]y") == ["，y", ",y"])
            #expect(literals("[?!]Yz", ignoreCase: true) == ["?yz", "!yz"])
            #expect(literals("\\p{Han}[，,]\\p{Han}") == nil, "single bytes are too short alone")
            #expect(literals("[?a]yz") == ["yz"], "a letter has case")
            #expect(literals("[?\\]]yz") == ["yz"], "escapes are not read")
            #expect(literals("[?-~]yz") == ["yz"], "nor ranges")
            #expect(literals("[^?]yz") == ["yz"], "nor negations")
            #expect(literals("[0123456789]yz") == ["yz"], "nor classes of more than eight")
            #expect(literals("[12]yz") == ["1yz", "2yz"])
        }

        @Test("zero-width pieces keep literals required but apart")
        func zeroWidth() {
            let both = literals("ab\\bcd")
            #expect(both == ["ab"] || both == ["cd"])
            #expect(literals("^abc$") == ["abc"])
            #expect(literals("\\Aabc\\z") == ["abc"])
        }

        @Test("constructs the extractor does not know give no prefilter")
        func refusals() {
            #expect(literals("") == nil)
            #expect(literals("(?i)abc") == nil)
            #expect(literals("(?x)abc") == nil)
            #expect(literals("(?i:abc)") == nil)
            #expect(literals("(?#note)abc") == ["abc"], "a comment is read, and matches nothing")
            #expect(literals("\\cAabc") == nil)
            #expect(literals("[]a]bc") == nil)
            #expect(literals("abc{") == nil)
            #expect(literals("abc\\y") == nil)
            #expect(literals("abc)") == nil)
            #expect(literals("abc\\Q\\E*") == nil, "ICU may read the * as applying to the c")
        }

        @Test("ignoring case: the longest ASCII stretch, lowercased, or nothing")
        func ignoringCase() {
            #expect(literals("Sherlock Holmes", ignoreCase: true) == ["sherlock holmes"])
            #expect(literals("straße", ignoreCase: true) == ["stra"])
            #expect(literals("Straße|STRASSE", ignoreCase: true) == ["stra", "strasse"])
            // Literals outside ASCII are searched through their case-fold variants instead.
            #expect(literals("Привет", ignoreCase: true) == [])
            #expect(RequiredLiterals(patterns: ["Привет"], ignoreCase: true)?.variantLiterals.count == 1)
            #expect(literals("\u{212A}elvin", ignoreCase: true) == ["elvin"])
        }

        @Test("several patterns: the union, or nothing when one has no literal")
        func severalPatterns() {
            #expect(literals(["abc", "def"]) == ["abc", "def"])
            #expect(literals(["abc", "abc"]) == ["abc"])
            #expect(literals(["abc", "[x]"]) == nil)
            #expect(literals([]) == nil)
        }

        @Test("lines with a literal match outright only when the patterns are exactly the literals")
        func literalsAreThePatterns() {
            func whole(_ patterns: [String], ignoreCase: Bool = false) -> Bool? {
                RequiredLiterals(patterns: patterns, ignoreCase: ignoreCase)?.literalsAreThePatterns
            }
            #expect(whole(["Sherlock Holmes"]) == true)
            #expect(whole(["Sherlock Holmes|John Watson", "\\QIrene\\E"]) == true)
            #expect(whole(["(?:ab|cd)ef"]) == true)
            #expect(whole(["Holmes\\b"]) == false)
            #expect(whole(["\\w+Holmes"]) == false)
            #expect(whole(["(?>ab|abc)d"]) == false)
            #expect(whole(["Holmes", "x+yz"]) == false)
            // With -i, pure ASCII literals found ignoring ASCII case match; others do not decide.
            #expect(whole(["Holmes"], ignoreCase: true) == true)
            #expect(whole(["Holmes|Watson"], ignoreCase: true) == true)
            #expect(whole(["Holmes\\b"], ignoreCase: true) == false)
            #expect(whole(["Холмс"], ignoreCase: true) != true)
            #expect(whole(["Holmès"], ignoreCase: true) != true)
            // Wrapped for whole words or lines, the patterns no longer match every occurrence.
            for wrapper in [PatternWrapper.wholeWords, .wholeLines] {
                let text = PatternAssembler.wrapped("Holmes", in: wrapper, options: [])
                let wrapped = RequiredLiterals(patterns: [text], ignoreCase: false)
                #expect(wrapped?.literals == [Array("Holmes".utf8)])
                #expect(wrapped?.literalsAreThePatterns == false)
            }
        }

        @Test("the ASCII stretch and lowercasing helpers")
        func helpers() {
            #expect(RequiredLiterals.longestASCIIRun(Array("abßcdef".utf8)) == Array("cdef".utf8))
            #expect(RequiredLiterals.longestASCIIRun(Array("ß".utf8)) == [])
            #expect(RequiredLiterals.asciiLowercased(Array("AbZ[".utf8)) == Array("abz[".utf8))
        }
    }
}
