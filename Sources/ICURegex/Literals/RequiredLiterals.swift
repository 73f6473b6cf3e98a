/// Literal byte strings one of which every line that can match contains: the prefilter's
/// knowledge about a line search's patterns, decided once before any input is read.
///
/// Case-sensitively, a line can match only when its raw UTF-8 bytes contain one of
/// ``literals``: every character of a literal is matched by exactly that character, and the
/// decoder turns exactly its UTF-8 bytes into it (a literal never holds U+FFFD, which
/// ill-formed input also turns into).
///
/// With `-i`, a literal that holds a character outside ASCII is searched, when it can be, as
/// a ``CaseVariantLiteral`` (in ``variantLiterals``): its longest stretch of characters whose
/// case-fold variants are known exactly, matched in any of their spellings. That is exact for
/// every line, whatever bytes it holds.
///
/// The other literals with `-i` (``caseInsensitiveASCII``) are the longest ASCII stretches of
/// the pattern's literals, lowercased, and a line can match only when it contains one of them
/// ignoring ASCII case, or holds one of a few characters outside ASCII. ICU compares full case
/// foldings; the fold of ASCII text is its ASCII lowercase, one character for one, so in an
/// ASCII line an ASCII stretch of the pattern's literal is matched by the same letters in
/// either case. Only characters outside ASCII fold into ASCII letters (`ß` to `ss`, `ſ` to
/// `s`, the Kelvin sign to `k`, `ﬀ` to `ff`, `İ` to `i` and a combining dot, ...), and a
/// match can hold such a character over part of the stretch only when its whole folding lies
/// in the literal, over the stretch or across one of its edges (ICU's match of a literal
/// string neither starts nor ends inside a character's folding): those characters
/// (``foldingCharacters``: none for `todo`, `ſ` and the Kelvin sign for `sherlock`, `İ` for
/// the stretch `i` of `i̇`) make their lines candidates too. Pure ASCII literals keep this
/// form: most ASCII letters have a variant outside ASCII or are part of some character's
/// multi-letter fold, so their exact stretches would be short.
struct RequiredLiterals: Sendable, Equatable {
    /// The literals, as UTF-8 bytes; lowercase ASCII with ``caseInsensitiveASCII``.
    var literals: [[UInt8]]
    /// True when ``literals`` are searched ignoring ASCII case (only when ``literals`` is not
    /// empty), with ``foldingCharacters``.
    var caseInsensitiveASCII: Bool
    /// With ``caseInsensitiveASCII``, the UTF-8 of each character outside ASCII that a match
    /// may hold over part of one of ``literals`` (see
    /// ``charactersFolding(into:)``): a line holding one is a candidate too.
    var foldingCharacters: [[UInt8]] = []
    /// The literals searched in all their case-fold spellings (with `-i` only).
    var variantLiterals: [CaseVariantLiteral] = []
    /// True when the patterns match exactly ``literals`` (never with the `-w` or `-x`
    /// wrapper, whose assertions make the match set unknown): then a line that contains one of them matches, and neither the automaton nor ICU need
    /// be asked. (A literal found in the raw bytes is found in the decoded line too: it is
    /// well-formed UTF-8 and starts with a byte that no sequence continues with.) With `-i`
    /// this holds for pure ASCII literals found ignoring ASCII case: ASCII letters that differ
    /// only in case have the same case folding, so ICU matches them. A line proposed for a
    /// byte outside ASCII instead must still be checked.
    var literalsAreThePatterns = false

    /// The fewest bytes a literal searched through its case-fold variants may take: a single
    /// letter in two spellings would make most lines candidates.
    static let minimumVariantLength = 4

    /// The shortest literal worth a prefilter, in bytes, when the literals alone prefilter:
    /// a single common byte would make nearly every line a candidate, and the search only
    /// slower. Beside a line automaton, a single byte is worth it (`:` in `\d+:\d+`): the
    /// automaton takes over where it is common (see ``CandidateStrategyChooser``).
    static let minimumLength = 2
    static let minimumLengthBesideAnAutomaton = 1

    /// The literals for the ICU pattern texts `patterns`, as they are compiled (fixed strings
    /// quoted, wrapped for whole words or lines). A line matches when any pattern does, so the
    /// literal sets are joined; a pattern without literals leaves none for the search.
    ///
    /// Literals shorter than `minimumLength` bytes are not worth searching for: the patterns
    /// then have none.
    init?(patterns: [String], ignoreCase: Bool, minimumLength: Int = Self.minimumLength) {
        guard !patterns.isEmpty else { return nil }
        let score = ignoreCase ? Self.caseInsensitiveScore : Self.caseSensitiveScore
        var joinedUnion = StringSetUnion()
        // The strings the patterns match, when that is a known, faithful set for each.
        var exactUnion = StringSetUnion()
        for pattern in patterns {
            guard let facts = LiteralFacts.of(pattern: pattern, score: score), let literals = facts.required else {
                return nil
            }
            joinedUnion.add(literals)
            guard joinedUnion.strings != nil else { return nil }
            exactUnion.add(facts.exactIsFaithful ? facts.exact : nil)
        }
        let exact = exactUnion.strings
        guard let joined = joinedUnion.strings else { return nil }
        guard ignoreCase else {
            guard joined.allSatisfy({ $0.count >= minimumLength }) else { return nil }
            self.literals = joined
            self.caseInsensitiveASCII = false
            literalsAreThePatterns = exact.map { Set($0) == Set(joined) } ?? false
            return
        }
        var asciiLiterals: [[UInt8]] = []
        // The literals whose ASCII stretches are searched, whole.
        var literalsOfASCIIStretches: [[UInt8]] = []
        var variantLiterals: [CaseVariantLiteral] = []
        for literal in joined {
            switch Self.caseInsensitiveForm(of: literal) {
            case .variants(let variantLiteral):
                if !variantLiterals.contains(variantLiteral) { variantLiterals.append(variantLiteral) }
            case .ascii(let ascii):
                guard ascii.count >= minimumLength else { return nil }
                let lowercased = Self.asciiLowercased(ascii)
                if !asciiLiterals.contains(lowercased) { asciiLiterals.append(lowercased) }
                literalsOfASCIIStretches.append(literal)
            }
        }
        self.literals = asciiLiterals
        self.caseInsensitiveASCII = !asciiLiterals.isEmpty
        foldingCharacters = Self.charactersFolding(into: literalsOfASCIIStretches)
        self.variantLiterals = variantLiterals
        // Each exact string pure ASCII and searched whole: its longest ASCII run is itself.
        literalsAreThePatterns = variantLiterals.isEmpty
            && exact.map { Set($0.map(Self.asciiLowercased)) == Set(asciiLiterals) } ?? false
    }

    /// The literals of a word list (`-F -f words.txt`, matched with case and without `-w` or
    /// `-x`): the words themselves, which are the patterns; nil when one is shorter than
    /// ``minimumLength`` bytes.
    init?(wordList: [String]) {
        let words = wordList.map { Array($0.utf8) }
        guard !words.isEmpty, words.allSatisfy({ $0.count >= Self.minimumLength }) else { return nil }
        var seen = Set<[UInt8]>()
        literals = words.filter { seen.insert($0).inserted }
        caseInsensitiveASCII = false
        literalsAreThePatterns = true
    }

    /// Each character outside ASCII whose full or simple case folding holds an ASCII
    /// character, with its full folding (its simple folding is ASCII exactly when the full one
    /// is that one ASCII character). Generated from ICU 72 by scanning every
    /// code point with `u_strFoldCase` and `u_foldCase`; `LiteralAutomatonScannerTests` repeats
    /// the scan through the shim, so that an ICU whose folding differs fails the tests. A
    /// table rather than that scan at run time, which every `-i` search paid at start-up.
    static let charactersFoldingToASCII: [(codePoint: UInt32, folding: [UInt32])] = [
        (0x00DF, [0x0073, 0x0073]), (0x0130, [0x0069, 0x0307]), (0x0149, [0x02BC, 0x006E]),
        (0x017F, [0x0073]), (0x01F0, [0x006A, 0x030C]), (0x1E96, [0x0068, 0x0331]),
        (0x1E97, [0x0074, 0x0308]), (0x1E98, [0x0077, 0x030A]), (0x1E99, [0x0079, 0x030A]),
        (0x1E9A, [0x0061, 0x02BE]), (0x1E9E, [0x0073, 0x0073]), (0x212A, [0x006B]),
        (0xFB00, [0x0066, 0x0066]), (0xFB01, [0x0066, 0x0069]), (0xFB02, [0x0066, 0x006C]),
        (0xFB03, [0x0066, 0x0066, 0x0069]), (0xFB04, [0x0066, 0x0066, 0x006C]), (0xFB05, [0x0073, 0x0074]),
        (0xFB06, [0x0073, 0x0074]),
    ]

    /// The UTF-8 of each character of ``charactersFoldingToASCII`` that a case-insensitive
    /// match of one of `literals` (as the patterns hold them) may hold over part of the
    /// literal's longest ASCII stretch, which is what its lines are searched for: a character
    /// whose folding lies in the stretch (`ſ` and `ß` for `ss`), and one whose folding reaches
    /// across the stretch's edge into the rest of the literal (`İ`, folding to `i` and a
    /// combining dot, for the stretch `i` of `i̇`; `ŉ`, folding to `ʼn`, for the stretch `ncd`
    /// of `ʼncd`). The literal's characters are compared by their full case foldings, as ICU
    /// compares a literal string.
    ///
    /// Nothing reaches beyond the literal itself: a required literal is made of whole pieces
    /// of the pattern (``SequenceFactsBuilder`` joins adjacent literal characters whole, and
    /// ends a run only at a piece that is no literal, or at a character such as U+FFFD that no
    /// folding holds), and ICU matches each piece with whole characters of the text, never
    /// starting or ending inside a character's folding. A pure ASCII literal thus needs only
    /// the characters whose folding, all ASCII, lies in it, and no ICU.
    static func charactersFolding(into literals: [[UInt8]]) -> [[UInt8]] {
        var found = Set<UInt32>()
        for literal in literals {
            let stretch = longestASCIIRunRange(literal)
            guard !stretch.isEmpty else { continue }
            // The literal's full case folding, and where the stretch lies in it (an ASCII
            // character folds to one).
            var folded: [UInt32] = []
            var stretchStart = 0
            var offset = 0
            for scalar in String(decoding: literal, as: UTF8.self).unicodeScalars {
                if offset == stretch.lowerBound { stretchStart = folded.count }
                folded += CaseFolding.fullFolding(of: scalar.value)
                offset += UTF8.width(scalar)
            }
            let stretchEnd = stretchStart + stretch.count
            for (codePoint, folding) in charactersFoldingToASCII where !found.contains(codePoint) {
                // The places of the folding in the folded literal that overlap the stretch.
                let first = max(0, stretchStart - folding.count + 1)
                let last = min(stretchEnd - 1, folded.count - folding.count)
                guard first <= last else { continue }
                if (first...last).contains(where: { folded[$0..<($0 + folding.count)].elementsEqual(folding) }) {
                    found.insert(codePoint)
                }
            }
        }
        return charactersFoldingToASCII.filter { found.contains($0.codePoint) }.map {
            Array(String(Unicode.Scalar($0.codePoint)!).utf8)
        }
    }

    /// How one literal is searched with `-i`.
    enum CaseInsensitiveForm: Equatable {
        /// Through the case-fold variants of its longest exact stretch.
        case variants(CaseVariantLiteral)
        /// Its longest ASCII stretch, ignoring ASCII case, with non-ASCII lines searched anyway.
        case ascii([UInt8])
    }

    /// The form of `literal` with `-i`: its variants when it holds a character outside ASCII
    /// and a long enough exact stretch, its longest ASCII stretch otherwise.
    static func caseInsensitiveForm(of literal: [UInt8]) -> CaseInsensitiveForm {
        if literal.contains(where: { $0 >= 0x80 }) {
            let scalars = Array(String(decoding: literal, as: UTF8.self).unicodeScalars)
            if let run = CaseVariantLiteral.longestSafeRun(scalars), run.minimumLength >= minimumVariantLength {
                return .variants(run)
            }
        }
        return .ascii(longestASCIIRun(literal))
    }

    /// The rank of a literal set searched case-sensitively: its shortest literal's length.
    private static func caseSensitiveScore(_ literals: [[UInt8]]) -> Int {
        literals.map { $0.count }.min() ?? 0
    }

    /// The rank of a literal set searched with `-i`: the fewest bytes any of them is searched
    /// by, in its ``CaseInsensitiveForm``.
    private static func caseInsensitiveScore(_ literals: [[UInt8]]) -> Int {
        literals.map {
            switch caseInsensitiveForm(of: $0) {
            case .variants(let run): return run.minimumLength
            case .ascii(let run): return run.count
            }
        }.min() ?? 0
    }

    /// The longest stretch of ASCII bytes in `bytes` (the first of equal ones).
    static func longestASCIIRun(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes[longestASCIIRunRange(bytes)])
    }

    /// Where ``longestASCIIRun(_:)`` lies in `bytes`.
    static func longestASCIIRunRange(_ bytes: [UInt8]) -> Range<Int> {
        var best = 0..<0
        var start = 0
        for (index, byte) in bytes.enumerated() where byte >= 0x80 {
            if index - start > best.count { best = start..<index }
            start = index + 1
        }
        if bytes.count - start > best.count { best = start..<bytes.count }
        return best
    }

    /// `bytes` with ASCII capital letters lowercased.
    static func asciiLowercased(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map(CaseFolding.asciiLowercased)
    }
}
