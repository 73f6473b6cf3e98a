/// The position automaton (Glushkov's construction) of an ICU pattern with the priorities of a
/// backtracking matcher: a prioritized NFA in the sense of Berglund and van der Merwe, whose
/// follow sets are ordered lists. For each position (one character or class of the pattern,
/// repetitions written out), the positions that may come next are listed in the order ICU
/// tries them, and among them ``match`` marks where ending the match ranks: before another
/// round of a greedy loop, after it for a lazy one, and in an alternation's branch order.
///
/// Deterministic simulation of these lists, keeping only the first occurrence of each
/// position and dropping everything after the first ``match`` (``MatchAutomaton`` does it),
/// gives the end of the leftmost-first match, which is the match ICU finds: a backtracking
/// matcher that reaches a position again at the same place in the text, with a lower
/// priority, can only repeat what the first visit tried.
///
/// Word boundaries (`\b`, `\B`) are positions too, which read no character: ``MatchAutomaton``
/// decides them between the characters on either side. So are the one-character look-arounds
/// the POSIX translator writes for GNU's `\<`, `\>`, `\b` and `\B` (`(?<![w])`, `(?=[w])`,
/// `(?<=[w])`, `(?![w])`): a look-around whose contents are one character or class reads the
/// one character on its side, and is decided there as `\b` is, with that class standing for
/// ICU's word characters (``boundarySet``). All of a pattern's look-arounds must look for the
/// same class, and a pattern with look-arounds must have no `\b` or `\B`: the automaton
/// tells one kind of character from the others. No other assertion or lookaround is
/// modelled, nor a back reference or other construct the reader leaves opaque, an atomic
/// group, a possessive quantifier or a flag group; a pattern holding one has no automaton. A
/// repeated piece must not match the empty string (ICU's rules for empty rounds of a loop are
/// its own).
struct PrioritizedPositionAutomaton: Sendable {
    /// The most positions an automaton may have (the reverse search keeps sets of them).
    static let maximumPositions = PositionSet.capacity

    /// The item of a list that stands for ending the match.
    static let match: Int32 = -1

    /// The code-point set of each position; ``wordBoundary`` or ``notWordBoundary`` for the
    /// positions of those assertions.
    let positionSets: [CodePointSet]
    /// For each position, what it is: a character, `\b` or `\B`.
    let kinds: [PositionKind]
    /// True when some position is `\b`, `\B` or a look-around.
    let hasWordAssertions: Bool
    /// The class the look-arounds look for, when the pattern has some: the characters that
    /// are "word characters" to ``MatchAutomaton`` instead of ICU's for `\b`.
    let boundarySet: CodePointSet?

    /// What a position stands for.
    enum PositionKind: Equatable, Sendable {
        /// One character of its set.
        case character
        /// `\b`: between a word character and another character (or an end of the text).
        case wordBoundary
        /// `\B`: anywhere else.
        case notWordBoundary
        /// `(?<=[w])`, `(?<![w])`: the character before is, or is not, in ``boundarySet`` (an
        /// end of the text is not).
        case after
        case notAfter
        /// `(?=[w])`, `(?![w])`: the character after is, or is not, in ``boundarySet``.
        case before
        case notBefore
    }

    /// The sets that stand for `\b` and `\B` positions, outside Unicode: no character of a
    /// text is in them.
    static let wordBoundary = CodePointSet.scalar(0x11_0002)
    static let notWordBoundary = CodePointSet.scalar(0x11_0003)
    /// The sets that stand for the positions of the four one-character look-arounds, in the
    /// order of ``PositionKind``: `(?<=`, `(?<!`, `(?=`, `(?!`.
    static let after = CodePointSet.scalar(0x11_0004)
    static let notAfter = CodePointSet.scalar(0x11_0005)
    static let before = CodePointSet.scalar(0x11_0006)
    static let notBefore = CodePointSet.scalar(0x11_0007)
    /// The positions a match may start with, and ``match`` when it may be empty, in priority
    /// order.
    let entry: [Int32]
    /// For each position, what may come right after it, in priority order.
    let follow: [[Int32]]

    /// The positions of ``entry``.
    let firstPositions: PositionSet
    /// The positions a match may end with.
    let lastPositions: PositionSet
    /// For each position, the positions that it may come right after: the reverse of
    /// ``follow``, for the search that reads a match backwards from its end.
    let precede: [PositionSet]
    /// True when the pattern matches the empty string.
    let isNullable: Bool

    /// The automaton of `syntax`, or nil when the pattern holds a construct it does not model
    /// or needs more than ``maximumPositions``.
    init?(_ syntax: RegexSyntax) {
        var builder = Builder()
        guard let entry = builder.compile(syntax, next: [Self.match]),
            !builder.follow.joined().contains(where: { $0 < Self.match })
        else { return nil }
        positionSets = builder.sets
        // The look-arounds all look for one class, and then the pattern has no `\b` or `\B`.
        guard builder.boundarySets.count <= 1,
            builder.boundarySets.isEmpty || !builder.sets.contains(where: { $0 == Self.wordBoundary || $0 == Self.notWordBoundary })
        else { return nil }
        boundarySet = builder.boundarySets.first
        kinds = builder.sets.map { set in
            switch set {
            case Self.wordBoundary: .wordBoundary
            case Self.notWordBoundary: .notWordBoundary
            case Self.after: .after
            case Self.notAfter: .notAfter
            case Self.before: .before
            case Self.notBefore: .notBefore
            default: .character
            }
        }
        hasWordAssertions = kinds.contains { $0 != .character }
        self.entry = entry
        follow = builder.follow
        var firstPositions = PositionSet.empty
        for item in entry where item >= 0 { firstPositions |= PositionSet(position: Int(item)) }
        self.firstPositions = firstPositions
        var lastPositions = PositionSet.empty
        var precede = [PositionSet](repeating: .empty, count: builder.sets.count)
        for (position, items) in builder.follow.enumerated() {
            for item in items {
                if item == Self.match {
                    lastPositions |= PositionSet(position: position)
                } else {
                    precede[Int(item)] |= PositionSet(position: position)
                }
            }
        }
        self.lastPositions = lastPositions
        self.precede = precede
        isNullable = entry.contains(Self.match)
    }

    /// Numbers the positions and links them, compiling each subpattern before what follows
    /// it is known only by its list of items: a loop's own entry stands in its body's lists
    /// as a placeholder (an item below ``match``) until the body is compiled.
    private struct Builder {
        var sets: [CodePointSet] = []
        var follow: [[Int32]] = []
        var loops: Int32 = 0
        /// The classes the look-arounds look for.
        var boundarySets: Set<CodePointSet> = []

        /// The ordered items with which `node` may start, when `next` is what follows it;
        /// nil when it cannot be modelled.
        mutating func compile(_ node: RegexSyntax, next: [Int32]) -> [Int32]? {
            switch node {
            case .character(let scalar):
                return position(.scalar(scalar.value), next: next)
            case .characterClass(let text):
                return position(.icuClass(text), next: next)
            case .sequence(let items):
                var continuation = next
                for item in items.reversed() {
                    guard let items = compile(item, next: continuation) else { return nil }
                    continuation = items
                }
                return continuation
            case .alternation(let branches):
                var items: [Int32] = []
                for branch in branches {
                    guard let branchItems = compile(branch, next: next) else { return nil }
                    items += branchItems
                }
                return Self.firstOccurrences(items)
            case .group(let body, .capturing), .group(let body, .nonCapturing):
                return compile(body, next: next)
            case .assertion(.wordBoundary):
                return position(PrioritizedPositionAutomaton.wordBoundary, next: next)
            case .assertion(.notWordBoundary):
                return position(PrioritizedPositionAutomaton.notWordBoundary, next: next)
            case .lookaround(let body, let direction):
                let looked: CodePointSet
                switch body {
                case .character(let scalar): looked = .scalar(scalar.value)
                case .characterClass(let text): looked = .icuClass(text)
                default: return nil
                }
                boundarySets.insert(looked)
                let set: CodePointSet
                switch direction {
                case .behind: set = PrioritizedPositionAutomaton.after
                case .notBehind: set = PrioritizedPositionAutomaton.notAfter
                case .ahead: set = PrioritizedPositionAutomaton.before
                case .notAhead: set = PrioritizedPositionAutomaton.notBefore
                }
                return position(set, next: next)
            case .repetition(let body, let minimum, let maximum, let greed):
                guard greed != .possessive else { return nil }
                if maximum == 0 { return next }
                guard !body.matchesEmpty,
                    minimum <= PrioritizedPositionAutomaton.maximumPositions,
                    (maximum ?? minimum) <= PrioritizedPositionAutomaton.maximumPositions
                else { return nil }
                let greedy = greed == .greedy
                var continuation = next
                if let maximum {
                    // `x{0,2}` as `(?:x(?:x)?)?`: each optional round may start the next.
                    for _ in minimum..<maximum {
                        guard let round = compile(body, next: continuation) else { return nil }
                        continuation = Self.firstOccurrences(greedy ? round + next : next + round)
                    }
                } else {
                    guard let loop = star(body, greedy: greedy, next: next) else { return nil }
                    continuation = loop
                }
                for _ in 0..<minimum {
                    guard let round = compile(body, next: continuation) else { return nil }
                    continuation = round
                }
                return continuation
            case .group, .assertion, .opaque:
                return nil
            }
        }

        /// The items of `body*` (or `body*?`), followed by `next`: after each round, another
        /// round ranks before `next` when greedy, after it when lazy.
        private mutating func star(_ body: RegexSyntax, greedy: Bool, next: [Int32]) -> [Int32]? {
            loops += 1
            let placeholder = PrioritizedPositionAutomaton.match - loops
            let firstNew = sets.count
            guard let round = compile(body, next: greedy ? [placeholder] + next : next + [placeholder]) else { return nil }
            for position in firstNew..<sets.count where follow[position].contains(placeholder) {
                var items: [Int32] = []
                for item in follow[position] {
                    if item == placeholder { items += round } else { items.append(item) }
                }
                follow[position] = Self.firstOccurrences(items)
            }
            return Self.firstOccurrences(greedy ? round + next : next + round)
        }

        /// A new position for `set`, followed by `next`; nil when there are too many.
        private mutating func position(_ set: CodePointSet, next: [Int32]) -> [Int32]? {
            guard sets.count < PrioritizedPositionAutomaton.maximumPositions else { return nil }
            sets.append(set)
            follow.append(next)
            return [Int32(sets.count - 1)]
        }

        /// `items` without repetitions, each where it first occurs.
        static func firstOccurrences(_ items: [Int32]) -> [Int32] {
            var seen = Set<Int32>()
            return items.filter { seen.insert($0).inserted }
        }
    }
}

extension RegexSyntax {
    /// True when the node can match the empty string (assertions and opaque constructs
    /// count as able to).
    var matchesEmpty: Bool {
        switch self {
        case .character, .characterClass:
            return false
        case .assertion, .lookaround, .opaque:
            return true
        case .sequence(let items):
            return items.allSatisfy { $0.matchesEmpty }
        case .alternation(let branches):
            return branches.contains(where: { $0.matchesEmpty })
        case .group(let body, _):
            return body.matchesEmpty
        case .repetition(let body, let minimum, _, _):
            return minimum == 0 || body.matchesEmpty
        }
    }
}
