/// What the line automaton needs to know about the patterns of a line search, worked out once
/// before any input is read and shared by every thread's ``LineAutomaton``.
///
/// The plan exists when every pattern is one the ``CodePointPatternReader`` understands and no
/// pattern matches the empty string (every line would then be a candidate). With `-i`, ICU's
/// full case folding can match one character with several (`ß` with `ss`), which an automaton
/// that reads one character per step cannot follow: then every set of the pattern must match
/// one character at a time (``CodePointSet/matchesOneCharacterIgnoringCase``: no `ß`, and no
/// class but the escapes `\w \s \d \h \v`, their negations and `.`), and text characters of
/// ``MultiCharacterFolds`` make their line a candidate (see ``CodePointClassTable``).
struct LineAutomatonPlan: Sendable {
    /// The position automaton of all the patterns, as one alternation.
    let automaton: PositionAutomaton
    /// The classes of code points for the automaton's positions.
    let classes: CodePointClassTable
    /// The fewest bytes a line that matches has.
    let minimumLineLength: Int
    /// True when the automaton matches exactly the lines the patterns match, for characters
    /// below ``CodePointClassTable/exactLimit`` (and for all characters when
    /// ``hasClassPositions`` is false): no condition was dropped in reading, and the wrapper
    /// for whole words or lines, if any, is followed exactly (see
    /// ``init(patterns:options:wrapper:)``).
    let isExact: Bool
    /// True when some position has a class, which the automaton does not know exactly for
    /// characters from ``CodePointClassTable/exactLimit`` on.
    let hasClassPositions: Bool

    /// The plan for the ICU pattern texts `patterns`, compiled with `options` and wrapped by
    /// `wrapper` (see ``PatternAssembler/wrapped(_:in:options:)``), which the automaton
    /// follows this way:
    /// - whole words, `(?<!\w)(?:P)(?!\w)`, exactly as `(⊢|\W) P (\W|⊣)`, where ⊢ and ⊣ are
    ///   the line's edges (see ``LineEdge``): a match of P with no word character on either
    ///   side;
    /// - whole words by Unicode's rules (with `.useUnicodeWordBoundaries`), `\b(?:P)\b`, by
    ///   reading P alone: the automaton does not follow those boundaries, and dropping them
    ///   only drops conditions;
    /// - whole lines, `^(?:P)$`, exactly as `⊢ P (⊣|\n⊣)`: ICU's `$` also matches before a
    ///   final newline, which a line can hold when lines end at NUL bytes.
    init?(patterns: [String], options: RegexPattern.Options, wrapper: PatternWrapper = .none) {
        guard !patterns.isEmpty else { return nil }
        var branches: [CodePointPattern] = []
        let unicodeWords = wrapper == .wholeWords && options.contains(.useUnicodeWordBoundaries)
        var isExact = !unicodeWords
        for pattern in patterns {
            guard let read = CodePointPatternReader.read(pattern) else { return nil }
            branches.append(read.pattern)
            isExact = isExact && read.isExact
        }
        let body = branches.count == 1 ? branches[0] : .alternation(branches)
        let lineStart = CodePointPattern.set(.scalar(LineEdge.start))
        let lineEnd = CodePointPattern.set(.scalar(LineEdge.end))
        let pattern: CodePointPattern
        switch wrapper {
        case .none:
            pattern = body
        case .wholeWords where unicodeWords:
            pattern = body
        case .wholeWords:
            let nonWord = CodePointPattern.set(.icuClass("\\W"))
            pattern = .sequence([.alternation([lineStart, nonWord]), body, .alternation([nonWord, lineEnd])])
        case .wholeLines:
            pattern = .sequence([lineStart, body, .alternation([lineEnd, .sequence([.set(.scalar(0x0A)), lineEnd])])])
        }
        guard body.minimumCodePointCount > 0,
            let automaton = PositionAutomaton(pattern),
            !options.contains(.caseInsensitive) || automaton.positionSets.allSatisfy(\.matchesOneCharacterIgnoringCase),
            let classes = CodePointClassTable(automaton, options: options)
        else { return nil }
        self.automaton = automaton
        self.classes = classes
        minimumLineLength = body.minimumUTF8Length(ignoringCase: options.contains(.caseInsensitive))
        self.isExact = isExact
        hasClassPositions = options.contains(.caseInsensitive) || automaton.positionSets.contains {
            if case .icuClass = $0 { return true }
            return false
        }
    }
}
