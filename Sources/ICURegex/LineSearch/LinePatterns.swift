/// The patterns of a line search, compiled once before any input is read and shared by every
/// ``LineSearcher`` (one per thread), with the strategy that finds their lines and matches
/// (``LineStrategy``).
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
    /// How lines and their matches are found: every decision of the line search's ways (see
    /// ``LineStrategy``), made once here.
    package let strategy: LineStrategy
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
        strategy = LineStrategy(
            compiled: compiled, options: options, wrapper: wrapper, prefilters: prefilters, wordList: wordList)
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
