/// What a ``MatchAutomaton`` needs to know about one pattern, worked out once and shared by
/// every thread's automaton: the pattern's ``PrioritizedPositionAutomaton`` and the classes of
/// code points for its positions.
///
/// A pattern has a plan when its matches depend on its characters alone (see
/// ``PrioritizedPositionAutomaton``) and its options change nothing the classes do not follow.
/// Where `.` takes CR LF as one character (``RegexSyntax/holdsDotTakingCRLF(options:)``), which
/// no class of code points reads, the automaton reads no carriage return
/// (``carriageReturnIsUnknown``).
/// Ignoring case, as for ``LineAutomatonPlan``, every set must match one character at a time,
/// and a text character whose case folding is several (``MultiCharacterFolds``) ends the
/// automaton's search with ``MatchAutomaton/Outcome/unknown``.
struct MatchAutomatonPlan: Sendable {
    let automaton: PrioritizedPositionAutomaton
    let classes: CodePointClassTable
    /// The sets the classes were made for: the automaton's positions' and, with word
    /// assertions, the two the automaton asks about; and the options ICU reads them with.
    let classifiedSets: [CodePointSet]
    let options: RegexPattern.Options
    /// With word assertions, the position in the classes' masks of the word characters that
    /// `\b` tells from others (with look-arounds, of the class they look for,
    /// ``PrioritizedPositionAutomaton/boundarySet``), and of the characters that ICU's `\b`
    /// looks past (Grapheme_Extend and Cf), which the automaton follows as ICU does (see
    /// ``MatchAutomaton``; a look-around looks past nothing: none then).
    let wordCharacterPosition: Int?
    let transparentCharacterPosition: Int?

    /// ICU's word characters for `\b` (its `URX_ISWORD_SET`), and the characters its `\b`
    /// looks past (`isWordBoundary` in `rematch.cpp`), as ICU class texts: the one statement
    /// of both, which ``LiteralAlternationMatcher`` asks ICU about too.
    static let wordCharacterClass = "[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\u200c\\u200d]"
    static let transparentCharacterClass = "[\\p{Grapheme_Extend}\\p{Cf}]"

    /// True when some position has a class, or case is ignored: the classes are then exact
    /// only below ``CodePointClassTable/exactLimit``, and a character from there on is
    /// classified when the automaton first reads it (see ``MatchAutomaton``).
    let approximatesLargeCharacters: Bool

    /// For the plan of an alternation of members (``init(alternationOf:options:)``), the
    /// member each position belongs to, and the first member that matches the empty string
    /// (-1: none), with which ``MatchAutomaton`` tells which member its match is of; nil for
    /// the plan of one pattern.
    let memberOfPosition: [Int32]?
    let emptyMatchMember: Int32

    /// True when a `.` of the pattern takes CR LF as one character (with
    /// `.dotMatchesLineSeparators`; issue 26): the automaton's search then ends with
    /// ``MatchAutomaton/Outcome/unknown`` at a carriage return, and ICU decides.
    let carriageReturnIsUnknown: Bool

    /// The options the classes follow (ICU is asked about each class with them) or that change
    /// only what the automaton never models (anchors, word boundaries).
    static let followedOptions: RegexPattern.Options = [
        .caseInsensitive, .dotMatchesLineSeparators, .anchorsMatchLines, .useUnicodeWordBoundaries,
        .useUnixLineSeparators, .errorOnUnknownEscapes,
    ]

    /// The plan for the ICU pattern `pattern` compiled with `options`, or nil when it has none.
    init?(pattern: String, options: RegexPattern.Options) {
        guard let syntax = PatternReader.read(pattern) else { return nil }
        self.init(syntax: syntax, options: options)
    }

    /// The plan for the pattern read as `syntax`, compiled with `options`, or nil when it has
    /// none: for ``RegexPatternSet``, which makes the syntax of an alternation of its patterns.
    init?(syntax: RegexSyntax, options: RegexPattern.Options) {
        self.init(syntax: syntax, options: options, memberOfPosition: nil, emptyMatchMember: -1)
    }

    /// The plan for the alternation `(?:m0)|(?:m1)|…` of `members`, compiled with `options`,
    /// knowing which member each position belongs to; nil when it has none.
    ///
    /// The position automaton numbers the positions of an alternation branch by branch, each
    /// branch's as it numbers them alone (the builder compiles a branch the same way whatever
    /// surrounds it), so member `k`'s positions are the `n_k` after those of the members before
    /// it, `n_k` the number of its own automaton; the plan checks that the counts add up. A
    /// match that the alternation's entry reaches without reading a character (an empty match)
    /// is that of the first member whose entry holds ``PrioritizedPositionAutomaton/match``:
    /// the entry lists the branches' entries in order, and its first match item is that
    /// member's.
    init?(alternationOf members: [RegexSyntax], options: RegexPattern.Options) {
        var memberOfPosition: [Int32] = []
        var emptyMatchMember: Int32 = -1
        for (member, syntax) in members.enumerated() {
            guard let automaton = PrioritizedPositionAutomaton(syntax) else { return nil }
            memberOfPosition += repeatElement(Int32(member), count: automaton.positionSets.count)
            if emptyMatchMember < 0 && automaton.isNullable { emptyMatchMember = Int32(member) }
        }
        self.init(
            syntax: .alternation(members.map { .group($0, .nonCapturing) }), options: options, memberOfPosition: memberOfPosition,
            emptyMatchMember: emptyMatchMember)
        guard automaton.positionSets.count == memberOfPosition.count else { return nil }
    }

    private init?(syntax: RegexSyntax, options: RegexPattern.Options, memberOfPosition: [Int32]?, emptyMatchMember: Int32) {
        self.memberOfPosition = memberOfPosition
        carriageReturnIsUnknown = syntax.holdsDotTakingCRLF(options: options)
        self.emptyMatchMember = emptyMatchMember
        guard options.isSubset(of: Self.followedOptions),
            let automaton = PrioritizedPositionAutomaton(syntax)
        else { return nil }
        let ignoringCase = options.contains(.caseInsensitive)
        var sets = automaton.positionSets
        if let boundarySet = automaton.boundarySet {
            // A look-around reads the one character on its side, whatever the options.
            guard sets.count + 1 <= PositionSet.capacity,
                !ignoringCase || boundarySet.matchesOneCharacterIgnoringCase
            else { return nil }
            wordCharacterPosition = sets.count
            transparentCharacterPosition = nil
            sets.append(boundarySet)
        } else if automaton.hasWordAssertions {
            // Unicode's word boundaries (UREGEX_UWORD) are the break iterator's, not modelled.
            guard !options.contains(.useUnicodeWordBoundaries), sets.count + 2 <= PositionSet.capacity else { return nil }
            wordCharacterPosition = sets.count
            transparentCharacterPosition = sets.count + 1
            sets += [.icuClass(Self.wordCharacterClass), .icuClass(Self.transparentCharacterClass)]
        } else {
            wordCharacterPosition = nil
            transparentCharacterPosition = nil
        }
        guard !ignoringCase || automaton.positionSets.allSatisfy({ $0.matchesOneCharacterIgnoringCase }),
            let classes = CodePointClassTable(positionSets: sets, options: options)
        else { return nil }
        self.automaton = automaton
        self.classes = classes
        classifiedSets = sets
        self.options = options
        approximatesLargeCharacters = ignoringCase || sets.contains {
            if case .icuClass = $0 { return true }
            return false
        }
    }
}
