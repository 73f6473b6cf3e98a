/// What a ``MatchAutomaton`` needs to know about one pattern, worked out once and shared by
/// every thread's automaton: the pattern's ``PrioritizedPositionAutomaton`` and the classes of
/// code points for its positions.
///
/// A pattern has a plan when its matches depend on its characters alone (see
/// ``PrioritizedPositionAutomaton``) and its options change nothing the classes do not follow.
/// Ignoring case, as for ``LineAutomatonPlan``, every set must match one character at a time,
/// and a text character whose case folding is several (``MultiCharacterFolds``) ends the
/// automaton's search with ``MatchAutomaton/Outcome/unknown``.
struct MatchAutomatonPlan: Sendable {
    let automaton: PrioritizedPositionAutomaton
    let classes: CodePointClassTable
    /// True when some position has a class, or case is ignored: the classes are then exact
    /// only below ``CodePointClassTable/exactLimit``, and a search that reads a character from
    /// there on ends with ``MatchAutomaton/Outcome/unknown``.
    let approximatesLargeCharacters: Bool

    /// The options the classes follow (ICU is asked about each class with them) or that change
    /// only what the automaton never models (anchors, word boundaries).
    private static let followedOptions: RegexPattern.Options = [
        .caseInsensitive, .dotMatchesLineSeparators, .anchorsMatchLines, .useUnicodeWordBoundaries,
        .useUnixLineSeparators, .errorOnUnknownEscapes,
    ]

    /// The plan for the ICU pattern `pattern` compiled with `options`, or nil when it has none.
    init?(pattern: String, options: RegexPattern.Options) {
        guard options.isSubset(of: Self.followedOptions),
            let syntax = PatternReader.read(pattern),
            let automaton = PrioritizedPositionAutomaton(syntax)
        else { return nil }
        let ignoringCase = options.contains(.caseInsensitive)
        guard !ignoringCase || automaton.positionSets.allSatisfy(\.matchesOneCharacterIgnoringCase),
            let classes = CodePointClassTable(positionSets: automaton.positionSets, options: options)
        else { return nil }
        self.automaton = automaton
        self.classes = classes
        approximatesLargeCharacters = ignoringCase || automaton.positionSets.contains {
            if case .icuClass = $0 { return true }
            return false
        }
    }
}
