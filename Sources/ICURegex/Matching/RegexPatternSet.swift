import CICUShim

/// Several patterns compiled once and searched together, in one pass over the text, telling
/// for each match which pattern matched: what `NSRegularExpression` users do with one regex per
/// pattern in a loop, and what rust-lang/regex's `RegexSet` does for "which patterns match".
///
/// ```swift
/// let set = try RegexPatternSet(["Holmes", "Watson", #"\d{4}"#])
/// for match in try set.matches(in: "Holmes met Watson in 1881") {
///     print(match.patternIndex, match.range)   // 0 for "Holmes", 1 for "Watson", 2 for "1881"
/// }
/// let which = try set.matchingPatterns(in: "Watson alone")   // [1]
/// ```
///
/// ## The matches
///
/// ``matches(in:)`` and its buffer forms give exactly the matches of the alternation
/// `(?:p0)|(?:p1)|…` of the patterns (each with its own options, back-references numbered
/// within its own pattern), found as ICU's `findNext` loop finds them, each with the index of
/// the alternative that matched:
///
/// - the next match is the leftmost one: the match of any pattern that starts first, at or
///   after the place where the search resumes;
/// - of the patterns that match at that start, the one with the lowest index wins, with its own
///   match there (ICU's leftmost-first match of that pattern alone, which an alternation's
///   branch gives too, since nothing follows it);
/// - the search resumes at the match's end, so that matches never overlap, and one code point
///   further after an empty match, as ICU's loop does.
///
/// Each pattern sees the whole text: look-behind, `\b` and `^` before a match are decided by the
/// text before it, whichever pattern matched there. (`\G` is the exception: it matches where
/// each pattern's own search started, not where the set's previous match ended.)
///
/// ## How the search stays one pass
///
/// The set reads each pattern with the pattern reader (``LiteralFacts``) once, when compiled:
///
/// - a pattern that matches exactly one of a few strings (`Holmes`, `cat|dog`), faithfully in
///   ICU's order, is found without ICU: its match from a place is its first string's first
///   occurrence there or after;
/// - a pattern that ignores case (by its options or a leading `(?i)`) and matches exactly one
///   of a few ASCII strings (`holmes` with ``RegexPattern/Options/caseInsensitive``,
///   `(?i)cat|dog`) is found the same way, by an automaton that reads the text ignoring
///   ASCII case (the scan of the exact strings, holding each such string's ASCII case
///   variants, where those are few; a second scan otherwise), wherever no character outside ASCII whose case folding holds ASCII (`ß`, `ſ`,
///   the Kelvin sign, `ﬁ`...) lies within a longest string's length of the place; ICU decides
///   the places near such a character, searching only up to that length past it (the argument
///   is beside `foldedExactStrings(of:)`);
/// - a pattern with a required literal (one of a few strings every match contains) and a bound
///   `M` on a match's length in UTF-16 units is handed to ICU only near the literal's
///   occurrences: a match that starts at `s` contains an occurrence starting at some
///   `o ≥ s` and ending by `s + M`, so when `o` is the first occurrence at or after the search's
///   start, the match starts after `o − M` and ends by `o + M`. ICU searches the region
///   `[max(start, o − M + 1), o + M)` with transparent bounds (look-around, `\b` and `^` see
///   the text around it) and without anchoring bounds (`$` matches only at the text's end). A
///   match there that starts at or before `o` is ICU's match in the whole text: a path of the
///   pattern consumes at most `M` units, so the region's end cuts no path from a start at or
///   before `o`, and a path that succeeds in the region succeeds in the whole text, whose
///   assertions see the same characters. Otherwise no match starts at or before `o`, and the
///   next occurrence is tried. A back-reference counts as at most as long as the longest
///   match of any capturing group (it matches again what a group captured), unless inline
///   flags could make it ignore case (see `referenceBoundedLength(of:)`): `\b(No|Yes|Oh), \1\b`
///   is searched near its required literals, not alone;
/// - any other pattern (unbounded, without a required literal, ignoring case, whose literals
///   the scan does not fold, or with options the reader does not allow for) is searched alone
///   from the search's start: by its own ``RegexMatcher``, whose search plan finds its literals
///   itself (a pattern with leading flags such as `(?i)`, which has no plan, by the matcher of
///   the rest of it with the flags as options, which may have one: the same matches), or by
///   ICU's search of the region from there when it has no plan. These patterns
///   cost what they cost in a loop over the patterns, unless they are searched together:
/// - patterns that would be searched alone and have a match automaton (``MatchAutomaton``:
///   their matches depend on their characters and word boundaries alone) are searched
///   together, by the automaton of the alternation `(?:m0)|(?:m1)|…` of the members of a
///   group (patterns with the same options, leading inline flags such as `(?i)` counted as
///   options; with the same kind of word assertions, `\b` or one class of look-arounds, a
///   pattern without any joining either; and together at most ``PositionSet/capacity``
///   positions), in one pass for the whole group. The alternation's first match from a place
///   is the leftmost match of any member there, and, of the members that match at its start,
///   the first one's match (see "The matches"): exactly what the walk needs of a pattern,
///   with the group standing for its members. Which member matched is known from the same
///   pass: the alternation's automaton knows which member each of its positions belongs to,
///   and the member of the thread that reached the match's end is the lowest member that
///   matches at its start (``MatchAutomaton/matchMember`` gives the argument), as
///   regex-automata's multi-pattern automata report a pattern with each match. Should the
///   automaton not know it, the member is the first one whose own automaton, anchored at the
///   match's start, matches there (its match there is then the alternation's); a member that
///   cannot start a match with the match's first ASCII character
///   (``MatchAutomaton/asciiMayStartMatch``) is passed over. Where an automaton
///   cannot tell (a character no class fits, a long run of characters `\b` looks past), each member's own first
///   match from that place is taken, kept until a search passes it, and the leftmost of them
///   (the lowest member among equals) is the alternation's match by the same rule.
///
/// All the literals of all the patterns are found in one pass over the text by one automaton
/// (``LiteralOccurrenceScanner``), before the walk (those of the patterns that ignore case
/// too, as their ASCII case variants, unless there are too many: then by a second one). The walk keeps each pattern's next match
/// from the place where the search resumes: a pattern's first match at or after `p` is still
/// its first match at or after any later `q` up to that match's start, so a pattern is searched
/// again only when a match of the set has passed its own.
///
/// The matches are found when the method is called and returned in an array: the scan covers
/// the whole text anyway.
///
/// A `RegexPatternSet` is `Sendable`: many threads may search with one set at once.
public final class RegexPatternSet: Sendable {
    /// The patterns, in the order given; a match's ``PatternSetMatch/patternIndex`` indexes
    /// this array.
    public let patterns: [RegexPattern]

    /// How each pattern is searched.
    private let searches: [PatternSearch]

    /// The scanner of every pattern's literals; nil when no pattern has literals the set can
    /// use, or there are too many to scan together.
    private let scanner: LiteralOccurrenceScanner?

    /// The scanner of the literals of the patterns that ignore case and match exactly one of
    /// a few ASCII strings (``PatternSearch/foldedExactLiterals(lengths:maximumLength:)``),
    /// in ASCII lowercase, which reads the text ignoring ASCII case; nil when there are none,
    /// or when ``scanner`` finds them too (``scannerFindsFoldedLiterals``).
    private let foldedScanner: LiteralOccurrenceScanner?

    /// True when ``scanner`` finds the folded literals too, ignoring ASCII case, after the
    /// exact ones (``LiteralOccurrenceScanner/init(literals:ignoringASCIICaseFrom:)``): one
    /// pass over the text for both, where their case variants are few.
    private let scannerFindsFoldedLiterals: Bool

    /// True when some pattern is searched by
    /// ``PatternSearch/foldedExactLiterals(lengths:maximumLength:)``.
    private let hasFoldedPatterns: Bool

    /// For each pattern, the indices of its literals in its scanner (``foldedScanner`` for a
    /// pattern searched by ``PatternSearch/foldedExactLiterals(lengths:maximumLength:)``,
    /// ``scanner`` for the others), in the pattern's order; empty for a pattern searched
    /// without its literals.
    private let literalIndices: [[Int]]

    /// The groups of patterns searched by one automaton of their alternation.
    private let automatonGroups: [AutomatonGroup]

    /// For each pattern without a search plan whose leading inline flags (`(?i)`), read as
    /// options, give it one, that pattern: the same matches (ICU applies leading flags to the
    /// whole pattern, as the options), searched with its plan; nil for the others.
    private let planningPatterns: [RegexPattern?]

    /// For each pattern whose matches are exactly one of a few strings, those strings in UTF-8
    /// (see ``patternIndex(ofMatch:inUTF16:)``); nil for the others.
    private let exactUTF8: [[[UInt8]]?]
    /// For each string of an exact pattern that does not ignore case, the lowest such pattern
    /// that matches it.
    private let exactPatternOfString: [[UInt8]: Int]

    /// How one pattern's next match is found.
    private enum PatternSearch: Sendable {
        /// The pattern matches exactly one of its literals, of these lengths, the first of
        /// them that the text holds at a place.
        case exactLiterals(lengths: [Int])
        /// Every match holds one of the pattern's literals and takes at most `maximumLength`
        /// units: ICU searches only around their occurrences.
        case nearLiterals(maximumLength: Int)
        /// The pattern ignores case and matches exactly one of its literals (ASCII, of these
        /// lengths, the longest `maximumLength`), the first of them that the text holds at a
        /// place ignoring case, found by ``foldedScanner`` where no character outside ASCII
        /// can take part in a match, and by ICU near the characters that can
        /// (``UTF16CaseInsensitiveScanner/asciiFoldingCharacters``; see
        /// ``foldedExactStrings(of:)``).
        case foldedExactLiterals(lengths: [Int], maximumLength: Int)
        /// The pattern's own search.
        case alone
        /// The search of the alternation of a group's patterns (``automatonGroups``), where
        /// the pattern is the member at `member`.
        case grouped(group: Int, member: Int)
    }

    /// Patterns searched together by the automaton of their alternation (see
    /// ``RegexPatternSet``).
    private struct AutomatonGroup: Sendable {
        /// The indices of the patterns, ascending.
        let members: [Int]
        /// The match automata of the alternation `(?:m0)|(?:m1)|…` of the members.
        let alternation: LazyMatchAutomaton
        /// Each member's own match automata, by its place in ``members``, which tell whether it
        /// matches at a place.
        let memberAutomata: [LazyMatchAutomaton]
    }

    /// What the alternation of a group needs of one pattern.
    private struct AutomatonMember {
        let index: Int
        /// The pattern's syntax, without its leading inline flags.
        let syntax: RegexSyntax
        /// The options it is searched with: the pattern's and those of its leading flags.
        let options: RegexPattern.Options
        /// The number of positions of its automaton.
        let positions: Int
        /// The word assertions it makes, which all members of a group must share.
        let assertions: WordAssertions
    }

    /// Which word assertions a pattern's automaton makes (see
    /// ``PrioritizedPositionAutomaton/boundarySet``): one automaton tells one kind of word
    /// character from the others.
    private enum WordAssertions: Hashable {
        case none
        /// `\b` and `\B`, with ICU's word characters.
        case wordBoundaries
        /// One-character look-arounds for this class.
        case lookarounds(CodePointSet)
    }

    /// Compiles each of `patterns` with the same `options` and `limits`.
    ///
    /// - Throws: ``ICURegexError`` for the first malformed pattern.
    public convenience init(
        _ patterns: [String], options: RegexPattern.Options = [], limits: RegexPattern.Limits = .default
    ) throws(ICURegexError) {
        var compiled: [RegexPattern] = []
        compiled.reserveCapacity(patterns.count)
        for pattern in patterns {
            compiled.append(try RegexPattern(pattern, options: options, limits: limits))
        }
        self.init(compiled)
    }

    /// A set of patterns already compiled, each with its own options and limits.
    public init(_ patterns: [RegexPattern]) {
        self.patterns = patterns
        var literalIndex: [[UInt16]: Int] = [:]
        var literals: [[UInt16]] = []
        var foldedLiteralIndex: [[UInt16]: Int] = [:]
        var foldedLiterals: [[UInt16]] = []
        var searches: [PatternSearch] = []
        var literalIndices: [[Int]] = []
        var exactUTF8: [[[UInt8]]?] = []
        var exactPatternOfString: [[UInt8]: Int] = [:]
        for (index, pattern) in patterns.enumerated() {
            var (search, patternLiterals) = Self.search(for: pattern)
            var isFolded = false
            if case .alone = search, let folded = Self.foldedExactStrings(of: pattern) {
                let lengths = folded.map(\.count)
                search = .foldedExactLiterals(lengths: lengths, maximumLength: lengths.max()!)
                patternLiterals = folded
                isFolded = true
            }
            let exact = Self.exactStrings(of: pattern)
            exactUTF8.append(exact)
            if let exact, !pattern.options.contains(.caseInsensitive) {
                for string in exact where exactPatternOfString[string] == nil { exactPatternOfString[string] = index }
            }
            searches.append(search)
            literalIndices.append(
                patternLiterals.map { literal in
                    if isFolded {
                        if let index = foldedLiteralIndex[literal] { return index }
                        foldedLiteralIndex[literal] = foldedLiterals.count
                        foldedLiterals.append(literal)
                        return foldedLiterals.count - 1
                    }
                    if let index = literalIndex[literal] { return index }
                    literalIndex[literal] = literals.count
                    literals.append(literal)
                    return literals.count - 1
                })
        }
        self.exactUTF8 = exactUTF8
        self.exactPatternOfString = exactPatternOfString
        // Without its scanner, a pattern is searched alone. The folded literals are found by
        // the scanner of the exact ones, as their case variants, where those are few.
        let mergedScanner =
            literals.isEmpty || foldedLiterals.isEmpty
            ? nil : LiteralOccurrenceScanner(literals: literals + foldedLiterals, ignoringASCIICaseFrom: literals.count)
        if let mergedScanner {
            scanner = mergedScanner
            foldedScanner = nil
            for index in patterns.indices {
                if case .foldedExactLiterals = searches[index] { literalIndices[index] = literalIndices[index].map { $0 + literals.count } }
            }
        } else {
            scanner = literals.isEmpty ? nil : LiteralOccurrenceScanner(literals: literals)
            foldedScanner = foldedLiterals.isEmpty ? nil : LiteralOccurrenceScanner(literals: foldedLiterals, ignoringASCIICase: true)
        }
        scannerFindsFoldedLiterals = mergedScanner != nil
        for index in patterns.indices {
            let hasScanner: Bool
            switch searches[index] {
            case .alone, .grouped: continue
            case .foldedExactLiterals: hasScanner = scannerFindsFoldedLiterals ? scanner != nil : foldedScanner != nil
            case .exactLiterals, .nearLiterals: hasScanner = scanner != nil
            }
            if !hasScanner {
                searches[index] = .alone
                literalIndices[index] = []
            }
        }
        self.literalIndices = literalIndices
        hasFoldedPatterns = searches.contains {
            if case .foldedExactLiterals = $0 { return true }
            return false
        }
        let members = patterns.indices.compactMap { index -> AutomatonMember? in
            guard case .alone = searches[index] else { return nil }
            return Self.automatonMember(patterns[index], index: index)
        }
        automatonGroups = Self.groups(of: members)
        for (group, automatonGroup) in automatonGroups.enumerated() {
            for (member, index) in automatonGroup.members.enumerated() {
                searches[index] = .grouped(group: group, member: member)
            }
        }
        self.searches = searches
        planningPatterns = patterns.map { pattern in
            guard pattern.plan == nil, let (rest, options) = Self.leadingFlagsRead(pattern),
                let planning = try? RegexPattern(String(rest), options: options, limits: pattern.limits), planning.plan != nil
            else { return nil }
            return planning
        }
    }

    /// The rest of `pattern` after its leading inline flags (`(?i)`, any of
    /// ``leadingFlagOptions``), and the pattern's options with those flags; nil when it has none
    /// or ignores metacharacters.
    private static func leadingFlagsRead(_ pattern: RegexPattern) -> (rest: Substring, options: RegexPattern.Options)? {
        var options = pattern.options
        let text = Substring(pattern.pattern)
        guard !options.contains(.ignoreMetacharacters), text.hasPrefix("(?"), let close = text.firstIndex(of: ")") else {
            return nil
        }
        let flags = text[text.index(text.startIndex, offsetBy: 2)..<close]
        guard !flags.isEmpty, flags.allSatisfy({ leadingFlagOptions[$0] != nil }) else { return nil }
        for flag in flags { options.formUnion(leadingFlagOptions[flag]!) }
        return (text[text.index(after: close)...], options)
    }

    /// The leading inline flags of ICU patterns that the set reads as options: `i`, `m`, `s`
    /// and `w`, which ICU applies to the rest of the pattern as the options do.
    private static let leadingFlagOptions: [Character: RegexPattern.Options] = [
        "i": .caseInsensitive, "m": .anchorsMatchLines, "s": .dotMatchesLineSeparators, "w": .useUnicodeWordBoundaries,
    ]

    /// What the alternation automaton needs of `pattern`, the set's pattern `index`; nil when
    /// the pattern has no match automaton of its own (read without its leading flags).
    private static func automatonMember(_ pattern: RegexPattern, index: Int) -> AutomatonMember? {
        guard !pattern.options.contains(.ignoreMetacharacters) else { return nil }
        // `(?i)` and the like at the very start: the rest of the pattern, with those options.
        let (text, options) = leadingFlagsRead(pattern) ?? (Substring(pattern.pattern), pattern.options)
        guard options.isSubset(of: MatchAutomatonPlan.followedOptions), let syntax = PatternReader.read(String(text)),
            let automaton = PrioritizedPositionAutomaton(syntax)
        else { return nil }
        // The conditions of ``MatchAutomatonPlan`` that one pattern can fail.
        if options.contains(.caseInsensitive) {
            guard automaton.positionSets.allSatisfy({ $0.matchesOneCharacterIgnoringCase }),
                automaton.boundarySet?.matchesOneCharacterIgnoringCase ?? true
            else { return nil }
        }
        let assertions: WordAssertions
        if let boundarySet = automaton.boundarySet {
            assertions = .lookarounds(boundarySet)
        } else if automaton.hasWordAssertions {
            guard !options.contains(.useUnicodeWordBoundaries) else { return nil }
            assertions = .wordBoundaries
        } else {
            assertions = .none
        }
        return AutomatonMember(
            index: index, syntax: syntax, options: options, positions: automaton.positionSets.count, assertions: assertions)
    }

    /// The groups of `members`: those with the same options and word assertions (a pattern
    /// without any joins the patterns with `\b`, or else those with the first class of
    /// look-arounds: it reads no word character), in index order, cut where the next would
    /// take the alternation past ``PositionSet/capacity`` positions (with the two sets word
    /// assertions add); a pattern left alone in its group keeps its own search, whose plan
    /// may skip to its literals.
    private static func groups(of members: [AutomatonMember]) -> [AutomatonGroup] {
        struct Key: Hashable {
            let options: UInt32
            let assertions: WordAssertions
        }
        var byKey: [Key: [AutomatonMember]] = [:]
        var keys: [Key] = []
        for member in members {
            let key = Key(options: member.options.rawValue, assertions: member.assertions)
            if byKey[key] == nil { keys.append(key) }
            byKey[key, default: []].append(member)
        }
        for key in keys where key.assertions == .none {
            let host =
                keys.first { $0.options == key.options && $0.assertions == .wordBoundaries }
                ?? keys.first { $0.options == key.options && $0.assertions != .none }
            guard let host else { continue }
            byKey[host] = (byKey[host]! + byKey[key]!).sorted { $0.index < $1.index }
            byKey[key] = nil
        }
        keys.removeAll { byKey[$0] == nil }
        var chunks: [[AutomatonMember]] = []
        for key in keys {
            var chunk: [AutomatonMember] = []
            var positions = 2
            for member in byKey[key]! {
                if positions + member.positions > PositionSet.capacity, !chunk.isEmpty {
                    chunks.append(chunk)
                    chunk = []
                    positions = 2
                }
                chunk.append(member)
                positions += member.positions
            }
            chunks.append(chunk)
        }
        return chunks.filter { $0.count > 1 }.map { chunk in
            let options = chunk[0].options
            let syntaxes = chunk.map(\.syntax)
            return AutomatonGroup(
                members: chunk.map(\.index),
                alternation: LazyMatchAutomaton(
                    plan: { MatchAutomatonPlan(alternationOf: syntaxes, options: options) }, automaton: MatchAutomaton.init),
                memberAutomata: chunk.map { member in
                    let syntax = member.syntax
                    return LazyMatchAutomaton(
                        plan: { MatchAutomatonPlan(syntax: syntax, options: options) }, automaton: MatchAutomaton.init)
                })
        }
    }

    /// The strings of `pattern`, ASCII lowercase, when it ignores case (by its options or its
    /// leading inline flags, without any other inline flags) and, read without ignoring case,
    /// matches exactly one of a few strings, all ASCII, faithfully in ICU's order; nil
    /// otherwise. Such a pattern is searched by
    /// ``PatternSearch/foldedExactLiterals(lengths:maximumLength:)``.
    ///
    /// Why the scan ignoring ASCII case is exact where no character of
    /// ``UTF16CaseInsensitiveScanner/asciiFoldingCharacters`` is near: ICU matches a string
    /// ignoring case where the full case folding of the text equals the string's, and every
    /// character folds to at least one character. The folding of the ASCII strings is ASCII,
    /// so a match of a string of `n` characters is at most `n` characters of the text, each
    /// either ASCII or one whose folding holds ASCII, one of those folding characters (all in
    /// the Basic Multilingual Plane): at most `n` units. So at a place `p` with no folding
    /// character in `[p, p + L)`, `L` the longest string, the text matches a string at `p`
    /// exactly when it holds that string there ignoring ASCII case (ASCII folds to its
    /// lowercase), and the pattern's match at `p` is, as without case, the first of its strings
    /// that does (ICU tries them in that order, ``LiteralFacts/exactIsFaithful``). Matches
    /// starting within `L − 1` units before a folding character (`ß` for `ss`, `ſ` for `s`,
    /// the Kelvin sign for `k`, `ﬁ` for `fi`...) are left to ICU, which searches the region
    /// `[p, f + L)` (`f` the folding character) for a match that starts by `f`, as
    /// ``PatternSearch/nearLiterals(maximumLength:)`` does.
    private static func foldedExactStrings(of pattern: RegexPattern) -> [[UInt16]]? {
        let (text, options) = leadingFlagsRead(pattern) ?? (Substring(pattern.pattern), pattern.options)
        guard options.contains(.caseInsensitive) else { return nil }
        let strings: [[UInt8]]
        if options.contains(.ignoreMetacharacters) {
            guard options.subtracting([.ignoreMetacharacters, .caseInsensitive]).isSubset(of: SearchPlan.understoodOptions) else {
                return nil
            }
            strings = [Array(text.utf8)]
        } else {
            // Inline flags further on (`(?-i:A)`) could stop ignoring case for part of it.
            guard options.subtracting(.caseInsensitive).isSubset(of: SearchPlan.understoodOptions), !text.contains("(?"),
                let syntax = PatternReader.read(String(text))
            else { return nil }
            let facts = LiteralFacts.of(syntax, score: SearchPlan.shortestLiteralScore)
            guard facts.exactIsFaithful, let exact = facts.exact else { return nil }
            strings = exact
        }
        guard !strings.isEmpty, strings.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 < 0x80 } }) else { return nil }
        return strings.map { $0.map { UInt16(CaseFolding.asciiLowercased($0)) } }
    }

    /// How `pattern` is searched, and its literals (UTF-16), read as ``SearchPlan`` reads them.
    private static func search(for pattern: RegexPattern) -> (PatternSearch, [[UInt16]]) {
        let options = pattern.options
        if options.contains(.ignoreMetacharacters) {
            guard options.subtracting(.ignoreMetacharacters).isSubset(of: SearchPlan.understoodOptions),
                !pattern.pattern.isEmpty
            else { return (.alone, []) }
            let literal = Array(pattern.pattern.utf16)
            return (.exactLiterals(lengths: [literal.count]), [literal])
        }
        guard options.isSubset(of: SearchPlan.understoodOptions), let syntax = PatternReader.read(pattern.pattern) else {
            return (.alone, [])
        }
        let facts = LiteralFacts.of(syntax, score: SearchPlan.shortestLiteralScore)
        if facts.exactIsFaithful, let exact = facts.exact, !exact.isEmpty, !exact.contains(where: { $0.isEmpty }) {
            let literals = exact.map { Array(String(decoding: $0, as: UTF8.self).utf16) }
            return (.exactLiterals(lengths: literals.map { $0.count }), literals)
        }
        guard let required = facts.required, !required.isEmpty, !required.contains(where: { $0.isEmpty }) else {
            return (.alone, [])
        }
        let literals = required.map { Array(String(decoding: $0, as: UTF8.self).utf16) }
        if let maximum = facts.maximumUTF16Length ?? referenceBoundedLength(of: syntax), maximum > 0 {
            return (.nearLiterals(maximumLength: maximum), literals)
        }
        // A pattern of unbounded length is searched from the set's place with its own plan,
        // which finds its literal itself: scanning for it too would only cost.
        return (.alone, [])
    }

    /// A bound on the length in UTF-16 units of a match of `syntax` when only its back
    /// references leave it unbounded; nil otherwise.
    ///
    /// A back reference matches again the text its group captured, which is a match of the
    /// group's body, so it takes at most as many units as the longest match of any capturing
    /// group (an octal escape, which reads like a reference, one character: two units at
    /// most). The pattern is then bounded as if each reference were up to that many
    /// characters of any kind. This holds only where the reference compares the text exactly:
    /// ignoring case, `\1` after `(ß)` matches `SS`, longer than the group's own bound, so a
    /// pattern with inline flags (read as ``RegexSyntax/GroupKind/flagged(_:)``) is not
    /// bounded; the set's patterns that ignore case by their options are never searched near
    /// their literals.
    private static func referenceBoundedLength(of syntax: RegexSyntax) -> Int? {
        guard syntax.containsReference else { return nil }
        let isFlagged = syntax.contains { node in
            if case .group(_, .flagged) = node { return true }
            return false
        }
        guard !isFlagged else { return nil }
        let score = SearchPlan.shortestLiteralScore
        var groupMaximum = 1
        var groupsAreBounded = true
        _ = syntax.contains { node in
            if case .group(let body, .capturing) = node {
                // A group holding a reference is bounded only by its own capture: read it
                // without the references, never bounded.
                guard !body.containsReference, let length = LiteralFacts.of(body, score: score).maximumUTF16Length else {
                    groupsAreBounded = false
                    return true
                }
                groupMaximum = max(groupMaximum, length)
            }
            return false
        }
        guard groupsAreBounded else { return nil }
        // Each reference as up to `groupMaximum` characters of any kind, which the facts
        // count as two units each: a bound, if a loose one.
        let bounded = syntax.replacingReferences(
            with: .repetition(.characterClass("[\\s\\S]"), minimum: 0, maximum: groupMaximum, .greedy))
        return LiteralFacts.of(bounded, score: score).maximumUTF16Length
    }

    /// The strings of `pattern` in UTF-8 when its matches are exactly one of them (ignoring
    /// case when the pattern does, in which case they are used only for ASCII matches); nil
    /// otherwise.
    private static func exactStrings(of pattern: RegexPattern) -> [[UInt8]]? {
        let options = pattern.options
        let ignoresCase = options.contains(.caseInsensitive)
        if options.contains(.ignoreMetacharacters) {
            guard options.subtracting([.ignoreMetacharacters, .caseInsensitive]).isSubset(of: SearchPlan.understoodOptions),
                !pattern.pattern.isEmpty
            else { return nil }
            return [Array(pattern.pattern.utf8)]
        }
        guard options.subtracting(.caseInsensitive).isSubset(of: SearchPlan.understoodOptions),
            let syntax = PatternReader.read(pattern.pattern)
        else { return nil }
        let facts = LiteralFacts.of(syntax, score: SearchPlan.shortestLiteralScore)
        // A case-insensitive pattern's strings are compared ignoring ASCII case, which an
        // inline flag (`(?-i:A)`) could turn off for part of them.
        guard facts.exactIsFaithful, let strings = facts.exact, !strings.isEmpty, !strings.contains(where: { $0.isEmpty }),
            !ignoresCase || (strings.allSatisfy({ $0.allSatisfy { $0 < 0x80 } }) && !pattern.pattern.contains("(?"))
        else { return nil }
        return strings
    }

    /// The number of patterns.
    public var count: Int { patterns.count }

    /// The indices of the patterns searched together by the automaton of their alternation,
    /// group by group (for the tests, which check that their sets take that path).
    var automatonGroupMembers: [[Int]] { automatonGroups.map(\.members) }

    /// The indices of the patterns searched with their leading flags read as options
    /// (``planningPatterns``; for the tests).
    var planningPatternIndices: [Int] { planningPatterns.indices.filter { planningPatterns[$0] != nil } }

    /// The indices of the patterns searched by ICU near their literals' occurrences (for the
    /// tests, which check that bounded back-references take that path).
    var nearLiteralPatterns: [Int] {
        searches.indices.filter { index in
            if case .nearLiterals = searches[index] { return true }
            return false
        }
    }

    /// True when one scan finds the exact literals and the folded ones
    /// (``scannerFindsFoldedLiterals``; for the tests).
    var scansFoldedLiteralsWithExactOnes: Bool { scannerFindsFoldedLiterals }

    /// The indices of the patterns that ignore case and are found by the scan ignoring ASCII
    /// case (``PatternSearch/foldedExactLiterals(lengths:maximumLength:)``; for the tests).
    var foldedLiteralPatterns: [Int] {
        searches.indices.filter { index in
            if case .foldedExactLiterals = searches[index] { return true }
            return false
        }
    }

    // MARK: - The pattern of a match

    /// The index of the first pattern that matches exactly `range` of `text` (UTF-16 offsets),
    /// seeing the whole text around it; nil when none does.
    ///
    /// For a match that the alternation of the patterns found (ICU's leftmost-first search, or
    /// any search whose matches are matches of one of the patterns), this is the pattern that
    /// ``matches(inUTF16:)`` reports: the first pattern that matches at the match's start gives
    /// the alternation's match there, and no pattern before it matches there at all, so none
    /// before it matches exactly the range. For a leftmost-longest search (GNU grep's `-G`,
    /// `-E`, `-F`), it is the first pattern that gives that longest match. An empty range is
    /// the match of the first pattern that matches at its start.
    ///
    /// Patterns whose matches are exactly one of a few strings are decided by comparing the
    /// strings (ASCII case aside for a case-insensitive pattern and an ASCII match), and ICU
    /// decides the others, one search of the range each (``MatchWalk/match(spanning:)``).
    /// - Throws: The error of a search that stopped at a pattern's limits.
    public func patternIndex(ofMatch range: Range<Int>, inUTF16 text: UnsafeBufferPointer<UInt16>) throws(ICURegexError) -> Int? {
        precondition(
            range.lowerBound >= 0 && range.upperBound <= text.count,
            "RegexPatternSet.patternIndex(ofMatch:inUTF16:): range \(range) is out of bounds")
        let span = Array(String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF16.self).utf8)
        let exactHit = range.isEmpty ? nil : exactPatternOfString[span]
        let isASCII = span.allSatisfy { $0 < 0x80 }
        for index in 0..<(exactHit ?? patterns.count) {
            let pattern = patterns[index]
            if let exact = exactUTF8[index] {
                if range.isEmpty { continue }
                if !pattern.options.contains(.caseInsensitive) { continue }  // exactHit covers it
                if isASCII {
                    let lowered = Self.asciiLowercased(span)
                    if exact.contains(where: { Self.asciiLowercased($0) == lowered }) { return index }
                    continue
                }
            }
            if range.isEmpty {
                if try Self.matchesAt(range.lowerBound, pattern: pattern, utf16: text) { return index }
                continue
            }
            let walk = try MatchWalk(pattern: pattern, text: text.baseAddress, count: text.count)
            if try walk.match(spanning: range) == range {
                return index
            }
        }
        return exactHit
    }

    /// The index of the first pattern that matches exactly `range` of the UTF-8 `text` (byte
    /// offsets at character boundaries), as ``patternIndex(ofMatch:inUTF16:)`` finds it in the
    /// text's UTF-16 form (where ICU decides `\b` at the text's end from the last character,
    /// which its UTF-8 search does not); ill-formed UTF-8 reads as U+FFFD.
    public func patternIndex(ofMatch range: Range<Int>, inUTF8 text: UnsafeRawBufferPointer) throws(ICURegexError) -> Int? {
        try patternIndices(ofMatches: [range], inUTF8: text)[0]
    }

    /// The pattern index of each of `ranges` of the UTF-8 `text`, as
    /// ``patternIndex(ofMatch:inUTF8:)`` finds it, with the text transcoded once for all.
    public func patternIndices(ofMatches ranges: [Range<Int>], inUTF8 text: UnsafeRawBufferPointer) throws(ICURegexError) -> [Int?] {
        for range in ranges {
            precondition(
                range.lowerBound >= 0 && range.upperBound <= text.count,
                "RegexPatternSet.patternIndices(ofMatches:inUTF8:): range \(range) is out of bounds")
        }
        guard !ranges.isEmpty else { return [] }
        let (units, byteOffsets) = Self.transcode(text.bindMemory(to: UInt8.self))
        // The first unit at or after each byte offset.
        func unit(at offset: Int) -> Int {
            var low = 0
            var high = byteOffsets.count - 1
            while low < high {
                let middle = (low + high) / 2
                if byteOffsets[middle] < offset { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return try units.withUnsafeBufferPointer { units throws(ICURegexError) in
            var indices: [Int?] = []
            indices.reserveCapacity(ranges.count)
            for range in ranges {
                let lower = unit(at: range.lowerBound)
                indices.append(try patternIndex(ofMatch: lower..<max(lower, unit(at: range.upperBound)), inUTF16: units))
            }
            return indices
        }
    }

    /// True when a match of `pattern` starts at `offset` of `text`, which ICU sees whole: its
    /// first match from there starts there (ICU's `find` from an offset, which finds the empty
    /// match at the text's end, where a search of the empty region there finds nothing).
    private static func matchesAt(_ offset: Int, pattern: RegexPattern, utf16 text: UnsafeBufferPointer<UInt16>) throws(ICURegexError) -> Bool {
        let handle = try pattern.takePooledMatcher()
        defer {
            _ = icushim_regex_begin_utf16(handle, nil, 0)
            pattern.returnPooledMatcher(handle)
        }
        let found = try MatcherHandle.find(handle, utf16: text.baseAddress, length: text.count, from: offset)
        return found?.lowerBound == offset
    }

    private static func asciiLowercased(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }

    /// A set of the line search's patterns as icugrep compiles them: each of `patterns`
    /// wrapped for `-w` or `-x` as ``LinePatterns`` wraps it, with the same options and limits.
    package convenience init(
        linePatterns patterns: [String], options: RegexPattern.Options, wrapper: PatternWrapper, limits: RegexPattern.Limits
    ) throws(ICURegexError) {
        var compiled: [RegexPattern] = []
        for pattern in patterns {
            compiled.append(
                try RegexPattern(PatternAssembler.wrapped(pattern, in: wrapper, options: options), options: options, limits: limits))
        }
        self.init(compiled)
    }

    // MARK: - Every match

    /// Every match of the set in `text`, left to right and without overlap, each with the
    /// index of its pattern (see the semantics above), as UTF-16 offsets in `text`.
    /// - Throws: The error of the first search that stopped at a pattern's limits.
    public func matches(inUTF16 text: UnsafeBufferPointer<UInt16>) throws(ICURegexError) -> [PatternSetMatch] {
        let search = PatternSetSearch(set: self, base: text.baseAddress, count: text.count)
        return try search.allMatches()
    }

    /// Every match of the set in the UTF-8 `text`, as ``matches(inUTF16:)`` finds them in its
    /// UTF-16 form, with byte offsets in `text`; ill-formed UTF-8 reads as U+FFFD, one for each
    /// maximal ill-formed subsequence.
    public func matches(inUTF8 text: UnsafeBufferPointer<UInt8>) throws(ICURegexError) -> [PatternSetMatch] {
        let (units, byteOffsets) = Self.transcode(text)
        let found = try units.withUnsafeBufferPointer { units throws(ICURegexError) in try matches(inUTF16: units) }
        return found.map {
            PatternSetMatch(range: byteOffsets[$0.range.lowerBound]..<byteOffsets[$0.range.upperBound], patternIndex: $0.patternIndex)
        }
    }

    /// Every match of the set in `string`, with indices of `string`.
    public func matches(in string: String) throws(ICURegexError) -> [PatternSetStringMatch] {
        let found = try UTF16Text.withUnits(of: string, utf16Offsets: 0..<string.utf16.count) { units in
            Result { () throws(ICURegexError) in try matches(inUTF16: units) }
        }.get()
        // The matches come left to right, each ending before the next starts.
        let view = string.utf16
        var cursor = (index: view.startIndex, offset: 0)
        func index(at offset: Int) -> String.Index {
            cursor.index = view.index(cursor.index, offsetBy: offset - cursor.offset)
            cursor.offset = offset
            return cursor.index
        }
        return found.map { match in
            let lower = index(at: match.range.lowerBound)
            return PatternSetStringMatch(range: lower..<index(at: match.range.upperBound), patternIndex: match.patternIndex)
        }
    }

    // MARK: - Which patterns match

    /// The indices of the patterns that match anywhere in `text`, ascending, each decided by
    /// its own first match (unlike ``matches(inUTF16:)``, where one pattern's match can hide
    /// another's).
    ///
    /// One scan finds the first occurrence of each pattern's literals, and stops once it has
    /// seen them all: a pattern that is exactly its literals matches when one occurs; a pattern
    /// whose literal does not occur does not match; the others are searched alone, up to their
    /// first match.
    /// - Throws: The error of the first search that stopped at a pattern's limits.
    public func matchingPatterns(inUTF16 text: UnsafeBufferPointer<UInt16>) throws(ICURegexError) -> [Int] {
        let firstOccurrences = scanner?.firstOccurrences(in: text.baseAddress, count: text.count) ?? []
        let firstFoldedOccurrences =
            scannerFindsFoldedLiterals
            ? firstOccurrences : foldedScanner?.firstOccurrences(in: text.baseAddress, count: text.count) ?? []
        var matching: [Int] = []
        for index in patterns.indices {
            let literals = literalIndices[index]
            switch searches[index] {
            case .exactLiterals:
                if literals.contains(where: { firstOccurrences[$0] != nil }) { matching.append(index) }
            case .foldedExactLiterals:
                // An occurrence ignoring ASCII case is a match; without one, a match may still
                // hold a character outside ASCII.
                if literals.contains(where: { firstFoldedOccurrences[$0] != nil }) {
                    matching.append(index)
                } else if !(try patterns[index].firstRange(inUTF16: text).isNotFound) {
                    matching.append(index)
                }
            case .nearLiterals:
                if literals.contains(where: { firstOccurrences[$0] != nil }), !(try patterns[index].firstRange(inUTF16: text).isNotFound) { matching.append(index) }
            case .alone, .grouped:
                if !(try patterns[index].firstRange(inUTF16: text).isNotFound) { matching.append(index) }
            }
        }
        return matching
    }

    /// The indices of the patterns that match anywhere in the UTF-8 `text`, ascending (see
    /// ``matchingPatterns(inUTF16:)``).
    public func matchingPatterns(inUTF8 text: UnsafeBufferPointer<UInt8>) throws(ICURegexError) -> [Int] {
        let units = Self.transcode(text).units
        return try units.withUnsafeBufferPointer { units throws(ICURegexError) in try matchingPatterns(inUTF16: units) }
    }

    /// The indices of the patterns that match anywhere in `string`, ascending (see
    /// ``matchingPatterns(inUTF16:)``).
    public func matchingPatterns(in string: String) throws(ICURegexError) -> [Int] {
        try UTF16Text.withUnits(of: string, utf16Offsets: 0..<string.utf16.count) { units in
            Result { () throws(ICURegexError) in try matchingPatterns(inUTF16: units) }
        }.get()
    }

    /// The UTF-16 form of the UTF-8 `text`, and the byte offset of each unit (that of its
    /// character) with the text's length after the last.
    private static func transcode(_ text: UnsafeBufferPointer<UInt8>) -> (units: [UInt16], byteOffsets: [Int]) {
        var units: [UInt16] = []
        var byteOffsets: [Int] = []
        units.reserveCapacity(text.count)
        byteOffsets.reserveCapacity(text.count + 1)
        if let bytes = text.baseAddress {
            var offset = 0
            while offset < text.count {
                let (scalar, length) = UTF8Decoding.character(at: offset, in: bytes, end: text.count)
                if scalar > 0xFFFF {
                    units.append(UTF16.leadSurrogate(Unicode.Scalar(scalar)!))
                    units.append(UTF16.trailSurrogate(Unicode.Scalar(scalar)!))
                    byteOffsets.append(offset)
                } else {
                    units.append(UInt16(scalar))
                }
                byteOffsets.append(offset)
                offset += length
            }
        }
        byteOffsets.append(text.count)
        return (units, byteOffsets)
    }

    // MARK: - One search

    /// The state of one search of one text: the literals' occurrences, each pattern's place in
    /// them, its ICU matcher and its own matcher, made when first needed.
    private final class PatternSetSearch {
        let set: RegexPatternSet
        let base: UnsafePointer<UInt16>?
        let count: Int
        /// For each pattern, the occurrences of its literals: where each starts and the
        /// literal's place in the pattern's order, by start and then that order.
        let occurrences: [[(start: Int, order: Int)]]
        /// For each pattern, the first of its occurrences not yet passed.
        var cursors: [Int]
        /// The places of the characters outside ASCII whose folding holds ASCII, ascending
        /// (found only when a pattern is searched by
        /// ``PatternSearch/foldedExactLiterals(lengths:maximumLength:)``), and for each pattern
        /// the first of them not yet passed.
        let foldingPositions: [Int]
        var foldingCursors: [Int]
        /// ICU matchers borrowed from the patterns, with this text set.
        var handles: [OpaquePointer?]
        var matchers: [RegexMatcher?]
        /// Each group's alternation automaton and each grouped pattern's own, taken from their
        /// pools when first needed (given back when the search ends), and whether a group has
        /// none (its members are then searched alone).
        var alternationAutomata: [MatchAutomaton?]
        var lacksAlternationAutomaton: [Bool]
        /// Each group's members' own automata, by place in the group, and for each ASCII
        /// character the places of the members that may start a match with it
        /// (``MatchAutomaton/asciiMayStartMatch``), in order; taken when the group's first
        /// match is identified, nil before (and for a group some member of which has none).
        var memberAutomata: [[MatchAutomaton]?]
        var asciiStarters: [[[Int]]]
        var lacksMemberAutomata: [Bool]
        /// For each grouped pattern whose own search a group fell back on, its first match
        /// from the place searched (nil: none), which stays its first match from any later
        /// place up to the match's start (or from any later place at all, when it has none).
        var memberOwnMatches: [Range<Int>??]

        init(set: RegexPatternSet, base: UnsafePointer<UInt16>?, count: Int) {
            self.set = set
            self.base = base
            self.count = count
            let exactFound = set.scanner?.occurrences(in: base, count: count) ?? []
            let foldedFound = set.foldedScanner?.occurrences(in: base, count: count) ?? []
            occurrences = zip(set.literalIndices, set.searches).map { indices, search in
                let found: [[Int]]
                if case .foldedExactLiterals = search, !set.scannerFindsFoldedLiterals { found = foldedFound } else { found = exactFound }
                switch indices.count {
                case 0: return []
                case 1: return found[indices[0]].map { ($0, 0) }
                default:
                    var merged = indices.enumerated().flatMap { order, literal in found[literal].map { ($0, order) } }
                    merged.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
                    return merged
                }
            }
            cursors = Array(repeating: 0, count: set.patterns.count)
            foldingPositions =
                !set.hasFoldedPatterns ? [] : UTF16CaseInsensitiveScanner.asciiFoldingPositions(in: base, count: count)
            foldingCursors = Array(repeating: 0, count: set.patterns.count)
            handles = Array(repeating: nil, count: set.patterns.count)
            matchers = Array(repeating: nil, count: set.patterns.count)
            alternationAutomata = Array(repeating: nil, count: set.automatonGroups.count)
            lacksAlternationAutomaton = Array(repeating: false, count: set.automatonGroups.count)
            memberAutomata = Array(repeating: nil, count: set.automatonGroups.count)
            asciiStarters = Array(repeating: [], count: set.automatonGroups.count)
            lacksMemberAutomata = Array(repeating: false, count: set.automatonGroups.count)
            memberOwnMatches = Array(repeating: nil, count: set.patterns.count)
        }

        deinit {
            for (index, handle) in handles.enumerated() {
                guard let handle else { continue }
                _ = icushim_regex_begin_utf16(handle, nil, 0)
                set.patterns[index].returnPooledMatcher(handle)
            }
            for (group, automaton) in alternationAutomata.enumerated() {
                if let automaton { set.automatonGroups[group].alternation.put(automaton) }
            }
            for (group, automata) in memberAutomata.enumerated() {
                for (member, automaton) in (automata ?? []).enumerated() {
                    set.automatonGroups[group].memberAutomata[member].put(automaton)
                }
            }
        }

        /// Every match of the set, as ``RegexPatternSet`` describes: a heap holds each
        /// pattern's next match by start and then index; a match that starts before the place
        /// where the search resumes is searched again from there.
        func allMatches() throws(ICURegexError) -> [PatternSetMatch] {
            var heap = MatchHeap()
            for index in set.patterns.indices {
                // A group's match stands for all its members: it is searched once.
                if case .grouped(_, let member) = set.searches[index], member > 0 { continue }
                if let match = try firstMatch(of: index, from: 0) { heap.push(match) }
            }
            var found: [PatternSetMatch] = []
            var from = 0
            while let next = heap.top {
                guard next.range.lowerBound >= from else {
                    heap.pop()
                    if let match = try firstMatch(of: next.patternIndex, from: from) { heap.push(match) }
                    continue
                }
                found.append(next)
                let end = next.range.upperBound
                if !next.range.isEmpty {
                    from = end
                } else if end >= count {
                    break
                } else if end + 1 < count, let base, UTF16.isLeadSurrogate(base[end]), UTF16.isTrailSurrogate(base[end + 1]) {
                    from = end + 2
                } else {
                    from = end + 1
                }
            }
            return found
        }

        /// The first match of pattern `index` that starts at or after `from`, in the whole
        /// text, or for a grouped pattern that of its group's alternation, with the member that
        /// matched; `from` never decreases from one call to the next for one pattern.
        func firstMatch(of index: Int, from: Int) throws(ICURegexError) -> PatternSetMatch? {
            if case .grouped(let group, _) = set.searches[index] { return try groupMatch(group, from: from) }
            return try patternMatch(of: index, from: from).map { PatternSetMatch(range: $0, patternIndex: index) }
        }

        /// The first match of pattern `index`, not grouped, as ``firstMatch(of:from:)``.
        private func patternMatch(of index: Int, from: Int) throws(ICURegexError) -> Range<Int>? {
            let occurrences = self.occurrences[index]
            var cursor = cursors[index]
            defer { cursors[index] = cursor }
            func skip(before place: Int) {
                while cursor < occurrences.count && occurrences[cursor].start < place { cursor += 1 }
            }
            switch set.searches[index] {
            case .exactLiterals(let lengths):
                skip(before: from)
                guard cursor < occurrences.count else { return nil }
                let (start, order) = occurrences[cursor]
                return start..<(start + lengths[order])
            case .nearLiterals(let maximumLength):
                var lower = from
                while true {
                    skip(before: lower)
                    guard cursor < occurrences.count else { return nil }
                    let occurrence = occurrences[cursor].start
                    let region = max(lower, occurrence - maximumLength + 1)..<min(count, occurrence + maximumLength)
                    if let match = try regionMatch(of: index, in: region), match.lowerBound <= occurrence {
                        return match
                    }
                    lower = occurrence + 1
                }
            case .foldedExactLiterals(let lengths, let maximumLength):
                // See ``foldedExactStrings(of:)``: starts before `dirty` are decided by the
                // scan, the others up to the folding character at `folding` by ICU.
                var lower = from
                var foldingCursor = foldingCursors[index]
                defer { foldingCursors[index] = foldingCursor }
                while true {
                    skip(before: lower)
                    while foldingCursor < foldingPositions.count && foldingPositions[foldingCursor] < lower { foldingCursor += 1 }
                    let folding = foldingCursor < foldingPositions.count ? foldingPositions[foldingCursor] : nil
                    let dirty = folding.map { max(lower, $0 - maximumLength + 1) } ?? Int.max
                    if cursor < occurrences.count, occurrences[cursor].start < dirty {
                        let (start, order) = occurrences[cursor]
                        return start..<(start + lengths[order])
                    }
                    guard let folding else { return nil }
                    let region = dirty..<min(count, folding + maximumLength)
                    if let match = try regionMatch(of: index, in: region), match.lowerBound <= folding {
                        return match
                    }
                    lower = folding + 1
                }
            case .alone, .grouped:
                return try ownMatch(of: index, from: from)
            }
        }

        /// The first match of group `group`'s alternation that starts at or after `from`,
        /// with the first member that matches at its start (see ``RegexPatternSet``).
        private func groupMatch(_ group: Int, from: Int) throws(ICURegexError) -> PatternSetMatch? {
            let members = set.automatonGroups[group].members
            if let base, let automaton = alternationAutomaton(of: group) {
                switch automaton.firstMatch(inUTF16: base, from: from, to: count) {
                case .noMatch:
                    return nil
                case .match(let range):
                    // The alternation's automaton knows which member's match it found
                    // (``MatchAutomaton/matchMember``); the members' own automata are asked
                    // only when it does not.
                    if automaton.matchMember >= 0 {
                        return PatternSetMatch(range: range, patternIndex: members[automaton.matchMember])
                    }
                    if let member = firstMember(of: group, matchingExactly: range, in: base) {
                        return PatternSetMatch(range: range, patternIndex: members[member])
                    }
                case .unknown:
                    break
                }
            }
            // The automata cannot tell: each member's own first match from `from`, and of
            // those that start first, the lowest member's. A member's match is kept until a
            // search passes it, so that each member's own searches together read the text at
            // most once, however often the automata cannot tell.
            var first: PatternSetMatch?
            for index in members {
                let range: Range<Int>?
                if let kept = memberOwnMatches[index], kept.map({ $0.lowerBound >= from }) ?? true {
                    range = kept
                } else {
                    range = try ownMatch(of: index, from: from)
                    memberOwnMatches[index] = .some(range)
                }
                guard let range else { continue }
                if first == nil || range.lowerBound < first!.range.lowerBound {
                    first = PatternSetMatch(range: range, patternIndex: index)
                }
            }
            return first
        }

        /// The place in group `group` of the first member whose match anchored at the start
        /// of `range` is `range`; nil when the members' automata cannot tell, or none matches
        /// there (which the alternation's match rules out).
        private func firstMember(of group: Int, matchingExactly range: Range<Int>, in base: UnsafePointer<UInt16>) -> Int? {
            guard let automata = membersAutomata(of: group) else { return nil }
            /// Whether `member` matches at the range's start: nil when it cannot tell, or
            /// matches another range there (the first member that matches there gives the
            /// alternation's match, so it cannot, unless the automata disagree).
            func matchesThere(_ member: Int) -> Bool? {
                switch automata[member].firstMatch(inUTF16: base, from: range.lowerBound, to: count, anchored: true) {
                case .match(let match): return match == range ? true : nil
                case .noMatch: return false
                case .unknown: return nil
                }
            }
            // The members that cannot start a match with the match's first character, when it
            // is ASCII, are passed over without a search.
            if range.lowerBound < count, base[range.lowerBound] < 128 {
                for member in asciiStarters[group][Int(base[range.lowerBound])] {
                    guard let matches = matchesThere(member) else { return nil }
                    if matches { return member }
                }
                return nil
            }
            for member in automata.indices {
                guard let matches = matchesThere(member) else { return nil }
                if matches { return member }
            }
            return nil
        }

        /// The own automata of group `group`'s members, taken from their pools the first time,
        /// with ``asciiStarters``; nil when a member has none.
        private func membersAutomata(of group: Int) -> [MatchAutomaton]? {
            if let automata = memberAutomata[group] { return automata }
            guard !lacksMemberAutomata[group] else { return nil }
            let pools = set.automatonGroups[group].memberAutomata
            var automata: [MatchAutomaton] = []
            for pool in pools {
                guard let automaton = pool.take() else {
                    for (member, taken) in automata.enumerated() { pools[member].put(taken) }
                    lacksMemberAutomata[group] = true
                    return nil
                }
                automata.append(automaton)
            }
            memberAutomata[group] = automata
            asciiStarters[group] = (0..<128).map { character in
                automata.indices.filter { automata[$0].asciiMayStartMatch[character] }
            }
            return automata
        }

        /// Group `group`'s alternation automaton for this search; nil when it has none.
        private func alternationAutomaton(of group: Int) -> MatchAutomaton? {
            if let automaton = alternationAutomata[group] { return automaton }
            guard !lacksAlternationAutomaton[group] else { return nil }
            guard let automaton = set.automatonGroups[group].alternation.take() else {
                lacksAlternationAutomaton[group] = true
                return nil
            }
            alternationAutomata[group] = automaton
            return automaton
        }

        /// ICU's first match of pattern `index` in `region` of the text, with transparent and
        /// not anchoring bounds.
        private func regionMatch(of index: Int, in region: Range<Int>) throws(ICURegexError) -> Range<Int>? {
            let handle: OpaquePointer
            if let existing = handles[index] {
                handle = existing
            } else {
                handle = try set.patterns[index].takePooledMatcher()
                handles[index] = handle
                let code = icushim_regex_begin_utf16(handle, base, Int64(count))
                if code > 0 { throw ICURegexError(rawValue: code) }
            }
            let code = icushim_regex_set_region(handle, Int64(region.lowerBound), Int64(region.upperBound), true, false)
            if code > 0 { throw ICURegexError(rawValue: code) }
            return try MatcherHandle.match { start, end, code in icushim_regex_find_next(handle, &start, &end, &code) }
        }

        /// The first match of pattern `index` at or after `from` in the whole text: found by
        /// the pattern's own matcher, with its search plan, when it has one (or the pattern
        /// read with its leading flags as options has one, ``planningPatterns``); by ICU's search
        /// of the region from `from` otherwise (the matcher would hand ICU the whole text
        /// again at each search, which costs more than the region).
        private func ownMatch(of index: Int, from: Int) throws(ICURegexError) -> Range<Int>? {
            let pattern = set.planningPatterns[index] ?? set.patterns[index]
            guard pattern.plan != nil || pattern.backReferenceSearchers != nil else {
                return try regionMatch(of: index, in: from..<count)
            }
            let matcher: RegexMatcher
            if let existing = matchers[index] {
                matcher = existing
            } else {
                matcher = try pattern.makeMatcher()
                matchers[index] = matcher
            }
            return try matcher.firstMatch(inUTF16: UnsafeBufferPointer(start: base, count: count), from: from)
        }
    }

    /// A binary min-heap of matches by start and then pattern index.
    private struct MatchHeap {
        private var items: [PatternSetMatch] = []

        var top: PatternSetMatch? { items.first }

        private static func precedes(_ first: PatternSetMatch, _ second: PatternSetMatch) -> Bool {
            first.range.lowerBound != second.range.lowerBound
                ? first.range.lowerBound < second.range.lowerBound : first.patternIndex < second.patternIndex
        }

        mutating func push(_ match: PatternSetMatch) {
            items.append(match)
            var child = items.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.precedes(items[child], items[parent]) else { break }
                items.swapAt(child, parent)
                child = parent
            }
        }

        mutating func pop() {
            let last = items.removeLast()
            guard !items.isEmpty else { return }
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                guard left < items.count else { break }
                var smallest = left
                if left + 1 < items.count && Self.precedes(items[left + 1], items[left]) { smallest = left + 1 }
                guard Self.precedes(items[smallest], items[parent]) else { break }
                items.swapAt(smallest, parent)
                parent = smallest
            }
        }
    }
}

/// One match of a ``RegexPatternSet`` in a buffer: its offsets (UTF-16 units or bytes, as the
/// buffer searched) and the index of the pattern that matched.
public struct PatternSetMatch: Hashable, Sendable {
    /// The match's offsets in the text searched.
    public var range: Range<Int>
    /// The index of the pattern that matched in ``RegexPatternSet/patterns``.
    public var patternIndex: Int

    /// A match of pattern `patternIndex` spanning `range`.
    public init(range: Range<Int>, patternIndex: Int) {
        self.range = range
        self.patternIndex = patternIndex
    }
}

/// One match of a ``RegexPatternSet`` in a string: its range and the index of the pattern
/// that matched.
public struct PatternSetStringMatch: Hashable, Sendable {
    /// The match's range in the string searched.
    public var range: Range<String.Index>
    /// The index of the pattern that matched in ``RegexPatternSet/patterns``.
    public var patternIndex: Int
}

extension RegexSyntax {
    /// This tree with each back reference (``RegexSyntax/Opaque/reference``) replaced by
    /// `replacement`.
    fileprivate func replacingReferences(with replacement: RegexSyntax) -> RegexSyntax {
        switch self {
        case .opaque(.reference):
            return replacement
        case .character, .characterClass, .assertion, .opaque:
            return self
        case .sequence(let items):
            return .sequence(items.map { $0.replacingReferences(with: replacement) })
        case .alternation(let items):
            return .alternation(items.map { $0.replacingReferences(with: replacement) })
        case .group(let body, let kind):
            return .group(body.replacingReferences(with: replacement), kind)
        case .repetition(let body, let minimum, let maximum, let greed):
            return .repetition(body.replacingReferences(with: replacement), minimum: minimum, maximum: maximum, greed)
        case .lookaround(let body, let kind):
            return .lookaround(body.replacingReferences(with: replacement), kind)
        }
    }
}
