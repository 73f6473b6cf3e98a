/// The position automaton (Glushkov's construction) of a ``CodePointPattern``: one position
/// for each code-point set in the pattern, with repetitions written out, and for each position
/// the positions that may follow it.
///
/// A set of active positions is a ``PositionSet``, so a pattern may have at most 256 positions.
struct PositionAutomaton: Sendable {
    /// The most positions an automaton may have.
    static let maximumPositions = PositionSet.capacity

    /// The code-point set of each position.
    let positionSets: [CodePointSet]
    /// The positions a match may start with.
    let first: PositionSet
    /// The positions a match may end with.
    let last: PositionSet
    /// For each position, the positions that may come right after it.
    let follow: [PositionSet]

    /// The automaton of `pattern`, or nil when it would need more than ``maximumPositions``.
    init?(_ pattern: CodePointPattern) {
        var builder = Builder()
        guard let root = builder.build(pattern) else { return nil }
        positionSets = builder.sets
        first = root.first
        last = root.last
        follow = builder.follow
    }

    /// The positions that may come after any of `positions`.
    func positions(following positions: PositionSet) -> PositionSet {
        var result = PositionSet.empty
        positions.forEach { result |= follow[$0] }
        return result
    }

    /// What Glushkov's construction knows of one subpattern.
    private struct Facts {
        var nullable: Bool
        var first: PositionSet
        var last: PositionSet
    }

    /// Numbers the positions and links them, subpattern by subpattern.
    private struct Builder {
        var sets: [CodePointSet] = []
        var follow: [PositionSet] = []

        /// The facts of `pattern`, after adding its positions; nil when there are too many.
        mutating func build(_ pattern: CodePointPattern) -> Facts? {
            switch pattern {
            case .set(let set):
                guard sets.count < PositionAutomaton.maximumPositions else { return nil }
                let bit = PositionSet(position: sets.count)
                sets.append(set)
                follow.append(.empty)
                return Facts(nullable: false, first: bit, last: bit)
            case .empty:
                return Facts(nullable: true, first: .empty, last: .empty)
            case .sequence(let pieces):
                var facts = Facts(nullable: true, first: .empty, last: .empty)
                for piece in pieces {
                    guard let next = build(piece) else { return nil }
                    facts = concatenate(facts, next)
                }
                return facts
            case .alternation(let branches):
                var facts = Facts(nullable: false, first: .empty, last: .empty)
                for branch in branches {
                    guard let next = build(branch) else { return nil }
                    facts = Facts(nullable: facts.nullable || next.nullable, first: facts.first | next.first, last: facts.last | next.last)
                }
                return facts
            case .repetition(let piece, let minimum, let maximum):
                // Written out: `minimum` copies, then either a starred copy or
                // `maximum - minimum` optional ones.
                guard minimum <= PositionAutomaton.maximumPositions,
                    (maximum ?? minimum) <= PositionAutomaton.maximumPositions
                else { return nil }
                var facts = Facts(nullable: true, first: .empty, last: .empty)
                for _ in 0..<minimum {
                    guard let copy = build(piece) else { return nil }
                    facts = concatenate(facts, copy)
                }
                if let maximum {
                    for _ in minimum..<maximum {
                        guard var copy = build(piece) else { return nil }
                        copy.nullable = true
                        facts = concatenate(facts, copy)
                    }
                } else {
                    guard var copy = build(piece) else { return nil }
                    link(from: copy.last, to: copy.first)
                    copy.nullable = true
                    facts = concatenate(facts, copy)
                }
                return facts
            }
        }

        /// The facts of `left` followed by `right`, linking the end of one to the start of
        /// the other.
        mutating func concatenate(_ left: Facts, _ right: Facts) -> Facts {
            link(from: left.last, to: right.first)
            return Facts(
                nullable: left.nullable && right.nullable,
                first: left.first | (left.nullable ? right.first : .empty),
                last: right.last | (right.nullable ? left.last : .empty)
            )
        }

        /// Lets every position of `targets` follow every position of `sources`.
        mutating func link(from sources: PositionSet, to targets: PositionSet) {
            sources.forEach { follow[$0] |= targets }
        }
    }
}
