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
/// The other literals with `-i` (``caseInsensitiveASCII``) are ASCII, lowercased, and a line
/// can match them only when it contains one of them ignoring ASCII case, or when it holds a
/// byte outside ASCII. ICU compares full case foldings; the fold of ASCII text is its ASCII
/// lowercase, one character for one, so in an ASCII line an ASCII stretch of the pattern's
/// literal is matched by the same letters in either case. Only characters outside ASCII fold
/// into ASCII letters (`ß` to `ss`, `ſ` to `s`, the Kelvin sign to `k`, `ﬀ` to `ff`, `İ` to
/// `i` and a combining dot, ...), and a match of an ASCII literal can hold such a character
/// only when its whole folding lies in the literal (ICU's match of a literal string neither
/// starts nor ends inside a character's folding): those characters
/// (``foldingCharacters``: none for `todo`, `ſ` and the Kelvin sign for `sherlock`) make
/// their lines candidates too. Pure ASCII literals keep this form: most ASCII letters have a
/// variant outside ASCII or are part of some character's multi-letter fold, so their exact
/// stretches would be short.
struct RequiredLiterals: Sendable, Equatable {
    /// The literals, as UTF-8 bytes; lowercase ASCII with ``caseInsensitiveASCII``.
    var literals: [[UInt8]]
    /// True when ``literals`` are searched ignoring ASCII case (only when ``literals`` is not
    /// empty), with ``foldingCharacters``.
    var caseInsensitiveASCII: Bool
    /// With ``caseInsensitiveASCII``, the UTF-8 of each character outside ASCII whose case
    /// folding (full, or simple for a single letter) lies in one of ``literals``: a line
    /// holding one is a candidate too.
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
        var variantLiterals: [CaseVariantLiteral] = []
        for literal in joined {
            switch Self.caseInsensitiveForm(of: literal) {
            case .variants(let variantLiteral):
                if !variantLiterals.contains(variantLiteral) { variantLiterals.append(variantLiteral) }
            case .ascii(let ascii):
                guard ascii.count >= minimumLength else { return nil }
                let lowercased = Self.asciiLowercased(ascii)
                if !asciiLiterals.contains(lowercased) { asciiLiterals.append(lowercased) }
            }
        }
        self.literals = asciiLiterals
        self.caseInsensitiveASCII = !asciiLiterals.isEmpty
        foldingCharacters = Self.charactersFolding(into: asciiLiterals)
        self.variantLiterals = variantLiterals
        // Each exact string pure ASCII and searched whole: its longest ASCII run is itself.
        literalsAreThePatterns = variantLiterals.isEmpty
            && exact.map { Set($0.map(Self.asciiLowercased)) == Set(asciiLiterals) } ?? false
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

    /// The UTF-8 of each character of ``charactersFoldingToASCII`` whose folding, all ASCII,
    /// is part of one of the lowercase ASCII `literals` (for a single letter, that is its
    /// simple folding too).
    static func charactersFolding(into literals: [[UInt8]]) -> [[UInt8]] {
        charactersFoldingToASCII.compactMap { character in
            guard character.folding.allSatisfy({ $0 < 0x80 }) else { return nil }
            let folding = character.folding.map { UInt8($0) }
            let lies = literals.contains { literal in
                folding.count <= literal.count
                    && (0...(literal.count - folding.count)).contains { literal[$0..<($0 + folding.count)].elementsEqual(folding) }
            }
            return lies ? Array(String(Unicode.Scalar(character.codePoint)!).utf8) : nil
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
        var best = 0..<0
        var start = 0
        for (index, byte) in bytes.enumerated() where byte >= 0x80 {
            if index - start > best.count { best = start..<index }
            start = index + 1
        }
        if bytes.count - start > best.count { best = start..<bytes.count }
        return Array(bytes[best])
    }

    /// `bytes` with ASCII capital letters lowercased.
    static func asciiLowercased(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map(CaseFolding.asciiLowercased)
    }
}
