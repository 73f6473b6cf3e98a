/// How a line search (``LinePatterns``, searched by each thread's ``LineSearcher``) finds the
/// lines its patterns match and their matches: the ways it has besides ICU, ranked, and the
/// rules that decide which of them answers. Chosen once, when the patterns are compiled, from
/// the analyses of their texts (required literals, literals at a line's or a word's edges, the
/// line automaton's plan, a word list, a literal that ends every match), and asked by every
/// thread's search through its ``Session``, which holds what each thread makes its own (the
/// scanners, the automata, the measurements of ``CandidateStrategyChooser``). Each decision is
/// made here, in one place, as ``MatchStrategy`` makes a pattern's.
///
/// Three questions, each with its ways:
///
/// 1. Which line may be the next to match (the prefilter, ``CandidateWay``): every line; the
///    lines holding a required literal (``CandidateLineFinder``); the lines the line automaton
///    accepts (``LineAutomaton``); or the literals' lines checked, in this order, by the bytes
///    around the literal (``EdgeLiterals``), by the reverse-suffix search, and by the line
///    automaton, with, when the literals do not decide their lines, the measured choice of
///    ``CandidateStrategyChooser`` between that and the automaton's two scans.
/// 2. Whether a line matches: the first match of question 3, found in the line's UTF-8 bytes
///    when the pattern's match automaton can tell, else in its text.
/// 3. Where a line's matches are (``Session/firstMatch(in:from:)``): the longest-literal
///    matcher of a word list (``LongestLiteralMatcher``); else for one pattern, its own
///    ``MatchStrategy`` (through its matcher, whose session holds the match automaton from the
///    line search's first question, so that short lines never wait for searches to repay it);
///    for several, each pattern's strategy, the leftmost of their first matches. The matches to
///    report without ICU (``Session/reportedMatchWithoutICU(inUTF8:from:)``): the occurrences
///    of a pattern that is one literal; the reverse-suffix search; the match automaton.
///
/// Every way finds exactly the lines and matches ICU finds, or says that it cannot tell, and
/// the next way (in the end ICU) then answers; so the result never depends on which way
/// answered, only the time does. Each way's argument is given beside its rule below, or in
/// the type that implements it.
///
/// With the prefilter off (``findsMatchesWithoutICU`` false: `ICUGREP_NO_PREFILTER=1`, or a
/// search asked to be ICU's), the strategy has no way but ICU, so that tests can compare the
/// two.
package struct LineStrategy: Sendable {
    /// How candidate lines are found, by the analyses the patterns allow.
    enum CandidateWay: Sendable, Equatable {
        /// Every line may match: there is neither a required literal nor a line automaton.
        case everyLine
        /// The lines holding a required literal, and only they, may match: every match
        /// contains one (see ``RequiredLiterals``). Without an automaton to check them, the
        /// literal's line is the candidate.
        case literals
        /// The lines the line automaton accepts: its language holds every match, read with
        /// the line's edges (see ``LineAutomaton``).
        case automaton
        /// The literals' lines, each checked by the bytes around the literal, the
        /// reverse-suffix search and the automaton, which pass over only lines that cannot
        /// match. The literals decide their lines here (they are the patterns, or the bytes
        /// around them decide): no way of finding candidates reads less than finding the
        /// literals, so there is nothing to measure.
        case literalsDecidingLines
        /// Both literals and automaton, chosen block by block as ``CandidateStrategyChooser``
        /// measures: all three of its strategies find the same lines (each passes over only
        /// lines that cannot match), so the choice changes only the time.
        case measured
    }

    /// How candidate lines are found.
    let candidateWay: CandidateWay

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
    /// The patterns' literals at a line's edges or between word edges, of the two above: a
    /// line holding one is decided by the bytes around it (see ``EdgeLiterals``), before the
    /// reverse-suffix search and the automaton are asked.
    let edgeLiterals: EdgeLiterals?
    /// The matcher that finds the matches of many fixed strings without ICU, when the
    /// patterns are such strings matched with case and spanning nothing more (no `-w` or
    /// `-x`). Ranked first for a line's matches: it finds the longest string at the leftmost
    /// place, which is what the trie ICU compiled finds (see ``LongestLiteralMatcher``).
    let longestLiteralMatcher: LongestLiteralMatcher?
    /// True when the patterns' match automata, back-reference searchers and search plans may
    /// find where matches lie: with the prefilter, which they belong with, so that a search
    /// without both is ICU's alone.
    let findsMatchesWithoutICU: Bool
    /// The literal that ends every match of the one pattern, when it is a run of one class
    /// followed by that literal and has a match automaton: its matches are then found from
    /// the literal's occurrences, backwards (see ``ReverseSuffixSearch``, whose argument that
    /// the start it finds is ICU's is given there).
    let suffixLiteral: SuffixLiteral?

    /// The strategy of the `compiled` patterns, compiled with `options` and `wrapper`, with a
    /// prefilter when `prefilters`; `wordList` is the fixed strings when they are a word list
    /// (see ``LinePatterns``).
    init(compiled: [RegexPattern], options: RegexPattern.Options, wrapper: PatternWrapper, prefilters: Bool, wordList: [String]?) {
        longestLiteralMatcher = wrapper == .none ? wordList.flatMap(LongestLiteralMatcher.init) : nil
        // The prefilter reads the texts as ICU compiled them, wrappers included: the wrapper's
        // assertions are the only place where `-w` and `-x` are written.
        findsMatchesWithoutICU = prefilters
        if prefilters {
            let texts = compiled.map { $0.pattern }
            lineAutomatonPlan = LineAutomatonPlan(
                patterns: texts, options: options, lineEdges: LinePatterns.linesAreTexts(options: options))
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
        edgeLiterals = anchoredLiterals.map(EdgeLiterals.anchored) ?? wordBoundedLiterals.map(EdgeLiterals.wordBounded)
        switch (requiredLiterals, lineAutomatonPlan) {
        case (nil, nil): candidateWay = .everyLine
        case (_?, nil): candidateWay = .literals
        case (nil, _?): candidateWay = .automaton
        case (let literals?, _?):
            candidateWay = literals.literalsAreThePatterns || edgeLiterals != nil ? .literalsDecidingLines : .measured
        }
        suffixLiteral = prefilters && compiled.count == 1 && compiled[0].matchAutomata != nil
            ? SuffixLiteral(pattern: compiled[0].pattern, options: compiled[0].options) : nil
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

    /// The one pattern's literal, when the pattern is that literal matched with case
    /// (``SingleLiteralScanner``'s conditions, and ``RequiredLiterals/literalsAreThePatterns``)
    /// and the matches reported are ICU's leftmost-first ones (not `prefersLongestMatches`):
    /// its matches in a line are then the literal's occurrences, found by the byte scanner.
    ///
    /// The argument: the pattern matches exactly where the literal's bytes occur, so the
    /// leftmost-first match from an offset is the leftmost occurrence, and the next search
    /// starts at its end, as ICU's does; the matches are the non-overlapping occurrences from
    /// the left. The literal is well-formed UTF-8 and starts with a byte that is not a
    /// continuation byte, which no decoding of ill-formed bytes before it takes in, so an
    /// occurrence in the bytes is one in the decoded text (U+FFFD for the ill-formed bytes)
    /// and the other way round. `-w`, `-x`, `-i`, several patterns and POSIX's longest
    /// matches never get here (the pattern is then not the literal, or there are several
    /// patterns).
    func patternLiteral(patternCount: Int, prefersLongestMatches: Bool) -> ProbedLiteral? {
        guard patternCount == 1, let requiredLiterals, requiredLiterals.literalsAreThePatterns,
            longestLiteralMatcher == nil, !prefersLongestMatches
        else { return nil }
        return SingleLiteralScanner(requiredLiterals)?.literal
    }

    /// For each of `patterns`, whether the matches reported are extended to the longest from
    /// the first match's start (POSIX's leftmost-longest rule, `prefersLongestMatches`), and
    /// whether its pattern may match more than one length from one start; empty when the
    /// patterns keep ICU's leftmost-first matches, or the longest-literal matcher finds the
    /// longest already.
    func extendsMatches(of patterns: [RegexPattern], prefersLongestMatches: Bool) -> [Bool] {
        prefersLongestMatches && longestLiteralMatcher == nil
            ? patterns.map { PatternAssembler.mayMatchSeveralLengths($0.pattern) } : []
    }
}
