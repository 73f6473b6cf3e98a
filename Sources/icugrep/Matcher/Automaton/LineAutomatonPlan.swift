import ICURegex

/// What the line automaton needs to know about a run's patterns, worked out once before any
/// input is read and shared by every thread's ``LineAutomaton``.
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
    /// ``hasClassPositions`` is false): no condition was dropped in reading, and the `-w` or
    /// `-x` wrapper, if any, is followed exactly (see ``Wrapper``).
    let isExact: Bool
    /// True when some position has a class, which the automaton does not know exactly for
    /// characters from ``CodePointClassTable/exactLimit`` on.
    let hasClassPositions: Bool

    /// The plan for the patterns of `configuration`, or nil when there is none (see above), or
    /// the prefilter is turned off.
    init?(configuration: Configuration) {
        guard configuration.prefiltersLines else { return nil }
        let texts = configuration.patterns.map {
            PatternAssembler.patternText($0, syntax: configuration.patternSyntax)
        }
        let wrapper: Wrapper =
            configuration.lineRegexp ? .wholeLine
            : !configuration.wordRegexp ? .none
            : configuration.unicodeWords ? .unicodeWords : .wholeWords
        self.init(patterns: texts, options: PatternAssembler.options(for: configuration), wrapper: wrapper)
    }

    /// How the patterns are wrapped (see ``PatternAssembler/wrapped(_:configuration:)``), and
    /// so how the automaton follows the wrapper.
    enum Wrapper {
        /// Not wrapped.
        case none
        /// `-w`: `(?<!\w)(?:P)(?!\w)`, followed exactly as `(⊢|\W) P (\W|⊣)`, where ⊢ and ⊣
        /// are the line's edges (see ``LineEdge``): a match of P with no word character
        /// on either side.
        case wholeWords
        /// `-w --unicode-words`: `\b(?:P)\b`, whose word boundaries by Unicode's rules the
        /// automaton does not follow: it reads P alone, which only drops conditions.
        case unicodeWords
        /// `-x`: `^(?:P)$`, followed exactly as `⊢ P (⊣|\n⊣)`: ICU's `$` also matches before
        /// a final newline, which a line can hold with `-z`.
        case wholeLine
    }

    /// The plan for the ICU pattern texts `patterns`, compiled with `options` and wrapped by
    /// `wrapper`.
    init?(patterns: [String], options: RegexPattern.Options, wrapper: Wrapper = .none) {
        guard !patterns.isEmpty else { return nil }
        var branches: [CodePointPattern] = []
        var isExact = wrapper != .unicodeWords
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
        case .none, .unicodeWords:
            pattern = body
        case .wholeWords:
            let nonWord = CodePointPattern.set(.icuClass("\\W"))
            pattern = .sequence([.alternation([lineStart, nonWord]), body, .alternation([nonWord, lineEnd])])
        case .wholeLine:
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
