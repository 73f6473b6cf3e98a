/// The patterns of a line search, compiled once before any input is read and shared by every
/// ``LineSearcher`` (one per thread), with the prefilter's knowledge of them.
///
/// Usually all patterns are joined into one ICU pattern. When joining would change their
/// meaning (a back reference such as `\1` would refer to another pattern's group) or ICU
/// rejects the joined pattern (two patterns name the same group), each pattern is compiled on
/// its own and a line's first match is the leftmost of theirs.
package struct LinePatterns: Sendable {
    /// A pattern that ICU rejected.
    package struct CompileError: Error {
        /// The pattern's index in the patterns given.
        package var index: Int
        /// ICU's error, with its offset in the pattern's text.
        package var error: ICURegexError
    }

    /// The compiled ICU patterns: one, or one per given pattern.
    package let patterns: [RegexPattern]
    /// Literals one of which every line that can match contains, for the prefilter; nil when
    /// every line must be matched.
    let requiredLiterals: RequiredLiterals?
    /// The line automaton's plan, for the prefilter; nil when the patterns have none.
    let lineAutomatonPlan: LineAutomatonPlan?
    /// The literals that the patterns hold at a line's edges, when the patterns are such
    /// literals: then a line holding one is decided at its edges.
    let anchoredLiterals: AnchoredLiterals?
    /// The literals that the patterns hold between word edges, when the patterns are such
    /// literals: then a line holding one is decided by the bytes around it.
    let wordBoundedLiterals: WordBoundedLiterals?
    /// The matcher that finds the matches of many fixed strings without ICU, when the
    /// patterns are such strings matched with case and spanning nothing more (no `-w` or `-x`).
    let longestLiteralMatcher: LongestLiteralMatcher?
    /// True when a pattern's match automaton may find where its matches lie (see
    /// ``LineSearcher/firstMatchWithoutICU(inUTF8:from:)``): with the prefilter, which it
    /// belongs with, so that a search without both is ICU's alone.
    let findsMatchesWithoutICU: Bool
    /// True when the matches reported (``LineSearcher/reportedMatch(in:from:)``) follow
    /// POSIX's leftmost-longest rule, as GNU grep's `-G`, `-E` and `-F` do: of the matches
    /// that start leftmost, the longest. False (the default) keeps ICU's leftmost-first
    /// matches, where the first alternative that matches wins.
    package var prefersLongestMatches = false

    /// Compiles `patterns`, ICU pattern texts of which a line matches when any one does.
    ///
    /// Each pattern is first compiled alone, so that a malformed one is reported with an
    /// offset in its own text.
    /// - Parameters:
    ///   - patterns: The texts, fixed strings quoted already (``PatternAssembler/quoted(_:)``).
    ///   - options: The options of every pattern.
    ///   - wrapper: What a match must span.
    ///   - limits: The limits of every search of a line.
    ///   - prefilters: Whether lines are prefiltered (by literals and the line automaton)
    ///     before ICU is asked.
    ///   - fixedStrings: True when the patterns are quoted fixed strings, which cannot be
    ///     malformed and are always joined.
    /// - Throws: ``CompileError`` for the first pattern ICU rejects.
    package init(
        patterns: [String], options: RegexPattern.Options, wrapper: PatternWrapper, limits: RegexPattern.Limits,
        prefilters: Bool, fixedStrings: Bool
    ) throws(CompileError) {
        let wordList = fixedStrings ? Self.wordList(patterns, options: options) : nil
        let compiled = try Self.compile(
            patterns, options: options, wrapper: wrapper, limits: limits, fixedStrings: fixedStrings, wordList: wordList)
        self.patterns = compiled
        longestLiteralMatcher = wrapper == .none ? wordList.flatMap(LongestLiteralMatcher.init) : nil
        // The prefilter reads the texts as ICU compiled them, wrappers included: the wrapper's
        // assertions are the only place where `-w` and `-x` are written.
        findsMatchesWithoutICU = prefilters
        if prefilters {
            let texts = compiled.map { $0.pattern }
            lineAutomatonPlan = LineAutomatonPlan(
                patterns: texts, options: options, lineEdges: Self.linesAreTexts(options: options))
            // A word list, compiled as its trie, is its own literals: the trie's nested
            // alternations hold more strings than the pattern's literal analysis follows.
            requiredLiterals = (wrapper == .none && compiled.count == 1 ? wordList.flatMap(RequiredLiterals.init(wordList:)) : nil)
                ?? RequiredLiterals(
                    patterns: texts, ignoreCase: options.contains(.caseInsensitive),
                    minimumLength: lineAutomatonPlan == nil ? RequiredLiterals.minimumLength : RequiredLiterals.minimumLengthBesideAnAutomaton)
            anchoredLiterals = requiredLiterals == nil ? nil : AnchoredLiterals(patterns: texts, options: options)
            wordBoundedLiterals = requiredLiterals == nil ? nil : WordBoundedLiterals(patterns: texts, options: options)
        } else {
            requiredLiterals = nil
            lineAutomatonPlan = nil
            anchoredLiterals = nil
            wordBoundedLiterals = nil
        }
    }

    /// A rough measure of how common the lines are that the literal prefilter proposes, for
    /// choosing between prefilters: of the literals one of which every matching line holds,
    /// the commonest, measured by its rarest byte's rank (``TextFrequencyRank``, higher is
    /// commoner) and then by its shortness. Nil when there are no such literals (every line
    /// is then a candidate, as common as can be).
    package var literalCommonness: Int? {
        guard let requiredLiterals else { return nil }
        return requiredLiterals.literals.map { literal in
            (literal.map(TextFrequencyRank.rank(ofByte:)).min() ?? 255) * 16 - min(literal.count, 15)
        }.max()
    }

    /// The compiled patterns: `patterns` joined into one alternation and wrapped when that
    /// keeps their meaning, else each wrapped on its own.
    private static func compile(
        _ patterns: [String], options: RegexPattern.Options, wrapper: PatternWrapper, limits: RegexPattern.Limits,
        fixedStrings: Bool, wordList: [String]?
    ) throws(CompileError) -> [RegexPattern] {
        // Quoted strings cannot be malformed: compile them joined straight away, the longest
        // first, so that of the strings found at the leftmost place the longest wins, as in
        // GNU grep (`-o -F -e c -e ccc` on `ccc` prints `ccc`).
        if patterns.count > 1 && fixedStrings,
            let joined = Self.joinedFixedStrings(
                patterns, wordList: wordList, wrapper: wrapper, options: options, limits: limits)
        {
            return [joined]
        }
        var individually: [RegexPattern] = []
        individually.reserveCapacity(patterns.count)
        for (index, text) in patterns.enumerated() {
            do {
                let wrapped = PatternAssembler.wrapped(text, in: wrapper, options: options)
                // Validate the pattern as written first: its error offsets refer to its own text.
                if wrapped != text {
                    _ = try RegexPattern(text, options: options, limits: limits)
                }
                individually.append(try RegexPattern(wrapped, options: options, limits: limits))
            } catch {
                throw CompileError(index: index, error: error)
            }
        }
        if individually.count > 1 && (fixedStrings || !patterns.contains(where: Self.mayHoldReference)),
            let joined = Self.joined(patterns, wrapper: wrapper, options: options, limits: limits)
        {
            return [joined]
        }
        return individually
    }

    /// The fewest fixed strings taken as a word list: as many as make the literal prefilter an
    /// automaton.
    static let minimumWordListStrings = LiteralAutomatonScanner.minimumSpellings

    /// The strings of the quoted fixed strings `quoted` when they are a word list whose
    /// matches ICU and the automata find alike: many, none empty, and matched with case
    /// (ignoring case, ICU matches a string such as `ss` against `ß` whole, which a trie that
    /// splits it between branches, or an automaton over code units, would not); else nil.
    /// Such a list is compiled as its trie and, without `-w` or `-x`, matched without ICU.
    private static func wordList(_ quoted: [String], options: RegexPattern.Options) -> [String]? {
        guard quoted.count >= minimumWordListStrings, !options.contains(.caseInsensitive) else { return nil }
        let strings = quoted.compactMap(PatternAssembler.unquoted)
        guard strings.count == quoted.count, !strings.contains(where: { $0.isEmpty }) else { return nil }
        return strings
    }

    /// The fixed strings joined into one compiled pattern: as the trie of `wordList` when
    /// there is one and no string is too long for it (see ``PatternAssembler/trie(of:)``),
    /// else as an alternation of the quoted strings, the longest first; nil when ICU rejects
    /// both.
    private static func joinedFixedStrings(
        _ quoted: [String], wordList: [String]?, wrapper: PatternWrapper, options: RegexPattern.Options,
        limits: RegexPattern.Limits
    ) -> RegexPattern? {
        if let wordList,
            wordList.allSatisfy({ $0.unicodeScalars.count <= PatternAssembler.maximumTrieStringLength }),
            let trie = try? RegexPattern(
                PatternAssembler.wrapped(PatternAssembler.trie(of: wordList), in: wrapper, options: options),
                options: options, limits: limits)
        {
            return trie
        }
        return joined(longestFirst(quoted), wrapper: wrapper, options: options, limits: limits)
    }

    /// The quoted fixed strings `patterns` in order of decreasing length (in UTF-8 bytes), in
    /// their given order among equals: tried in this order, the alternation finds the longest
    /// string at the leftmost place where any occurs.
    static func longestFirst(_ patterns: [String]) -> [String] {
        patterns.enumerated()
            .sorted { ($0.element.utf8.count, $1.offset) > ($1.element.utf8.count, $0.offset) }
            .map { $0.element }
    }

    /// True when each line, searched as a text of its own with `options`, has its anchors only
    /// at its edges: nothing but `\n` ends a line, and `^` and `$` do not match inside it.
    static func linesAreTexts(options: RegexPattern.Options) -> Bool {
        options.contains(.useUnixLineSeparators) && !options.contains(.anchorsMatchLines)
    }

    /// True when `pattern` may refer to a capture group by number or name (`\1`, `\k<name>`),
    /// whose number would refer to another group once patterns are joined into one
    /// alternation: when its syntax tree holds a reference, or it has no tree.
    static func mayHoldReference(_ pattern: String) -> Bool {
        PatternReader.read(pattern)?.containsReference ?? true
    }

    /// The pattern texts joined into one alternation and wrapped, compiled; nil when ICU
    /// rejects the result.
    private static func joined(
        _ texts: [String], wrapper: PatternWrapper, options: RegexPattern.Options, limits: RegexPattern.Limits
    ) -> RegexPattern? {
        let text = PatternAssembler.wrapped(PatternAssembler.alternation(texts), in: wrapper, options: options)
        return try? RegexPattern(text, options: options, limits: limits)
    }
}
