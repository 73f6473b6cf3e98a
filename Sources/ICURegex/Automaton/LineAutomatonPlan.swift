/// What the line automaton needs to know about the patterns of a line search, worked out once
/// before any input is read and shared by every thread's ``LineAutomaton``.
///
/// The plan exists when every pattern has a line reading (see
/// ``CodePointPattern/reading(of:lineEdges:)-swift.type.method``) and no pattern matches the
/// empty string (every line would then be a candidate). With `-i`, ICU's full case folding can
/// match one character with several (`ß` with `ss`), which an automaton that reads one
/// character per step cannot follow: then every set of the pattern must match one character at
/// a time (``CodePointSet/matchesOneCharacterIgnoringCase``: no `ß`, and no class but the
/// escapes `\w \s \d \h \v`, their negations and `.`), and text characters of
/// ``MultiCharacterFolds`` make their line a candidate (see ``CodePointClassTable``).
struct LineAutomatonPlan: Sendable {
    /// The position automaton of all the patterns, as one alternation.
    let automaton: PositionAutomaton
    /// The classes of code points for the automaton's positions.
    let classes: CodePointClassTable
    /// The fewest UTF-8 bytes a line that matches has.
    let minimumLineLength: Int
    /// True when the automaton matches exactly the lines the patterns match: nothing was
    /// dropped in reading them.
    let isExact: Bool
    /// True when some position has a class (or ignores case), which ``classes`` approximate
    /// for characters from ``CodePointClassTable/exactLimit`` on: the automaton classifies
    /// those when it first reads them.
    let hasClassPositions: Bool
    /// The options the patterns are compiled with, which ICU reads the classes with.
    let options: RegexPattern.Options

    /// The plan for the ICU pattern texts `patterns`, as they are compiled with `options`.
    /// With `lineEdges`, they are read for deciding lines (see
    /// ``CodePointPattern/reading(of:lineEdges:)-swift.type.method``): wrapped already for whole
    /// words or lines, `(?<!\w)(?:P)(?!\w)` and `^(?:P)$` are followed exactly; so is ICU's
    /// own `\b` next to a word character at a pattern's edge, with case (`\bthe\b`). Any
    /// other `\b`, and Unicode's (`.useUnicodeWordBoundaries`), is read as a dropped
    /// condition.
    init?(patterns: [String], options: RegexPattern.Options, lineEdges: Bool) {
        guard !patterns.isEmpty else { return nil }
        var branches: [CodePointPattern] = []
        var isExact = true
        // ICU's `\b` is read only where its classes mean what they say: with case (ignoring
        // case, ICU would close them over case) and without Unicode's word boundaries.
        let readsWordBoundaries = !options.contains(.caseInsensitive) && !options.contains(.useUnicodeWordBoundaries)
        for pattern in patterns {
            guard let reading = CodePointPattern.reading(of: pattern, lineEdges: lineEdges, wordBoundaries: readsWordBoundaries) else {
                return nil
            }
            branches.append(reading.pattern)
            isExact = isExact && reading.isExact
        }
        let pattern = branches.count == 1 ? branches[0] : .alternation(branches)
        let ignoringCase = options.contains(.caseInsensitive)
        guard pattern.minimumCodePointCount > 0,
            let automaton = PositionAutomaton(pattern),
            !ignoringCase || automaton.positionSets.allSatisfy({ $0.matchesOneCharacterIgnoringCase }),
            let classes = CodePointClassTable(automaton, options: options)
        else { return nil }
        self.automaton = automaton
        self.classes = classes
        minimumLineLength = pattern.minimumUTF8Length(ignoringCase: ignoringCase)
        self.isExact = isExact
        self.options = options
        hasClassPositions = ignoringCase || automaton.positionSets.contains {
            if case .icuClass = $0 { return true }
            return false
        }
    }
}
