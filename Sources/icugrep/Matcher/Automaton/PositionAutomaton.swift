/// The position automaton (Glushkov's construction) of a ``CodePointPattern``: one position
/// for each code-point set in the pattern, with repetitions written out, and for each position
/// the positions that may follow it.
///
/// A set of active positions is one `UInt64`, so a pattern may have at most 64 positions.
struct PositionAutomaton: Sendable {
    /// The most positions an automaton may have.
    static let maximumPositions = 64

    /// The code-point set of each position.
    let positionSets: [CodePointSet]
    /// The positions a match may start with.
    let first: UInt64
    /// The positions a match may end with.
    let last: UInt64
    /// For each position, the positions that may come right after it.
    let follow: [UInt64]
    /// True when the pattern matches the empty string.
    let matchesEmpty: Bool

    /// The automaton of `pattern`, or nil when it would need more than ``maximumPositions``.
    init?(_ pattern: CodePointPattern) {
        var builder = Builder()
        guard let root = builder.build(pattern) else { return nil }
        positionSets = builder.sets
        first = root.first
        last = root.last
        follow = builder.follow
        matchesEmpty = root.nullable
    }

    /// The positions that may come after any of `positions`.
    func positions(following positions: UInt64) -> UInt64 {
        var remaining = positions
        var result: UInt64 = 0
        while remaining != 0 {
            let position = remaining.trailingZeroBitCount
            result |= follow[position]
            remaining &= remaining - 1
        }
        return result
    }

    /// What Glushkov's construction knows of one subpattern.
    private struct Facts {
        var nullable: Bool
        var first: UInt64
        var last: UInt64
    }

    /// Numbers the positions and links them, subpattern by subpattern.
    private struct Builder {
        var sets: [CodePointSet] = []
        var follow: [UInt64] = []

        /// The facts of `pattern`, after adding its positions; nil when there are too many.
        mutating func build(_ pattern: CodePointPattern) -> Facts? {
            switch pattern {
            case .set(let set):
                guard sets.count < PositionAutomaton.maximumPositions else { return nil }
                let bit = UInt64(1) << UInt64(sets.count)
                sets.append(set)
                follow.append(0)
                return Facts(nullable: false, first: bit, last: bit)
            case .empty:
                return Facts(nullable: true, first: 0, last: 0)
            case .sequence(let pieces):
                var facts = Facts(nullable: true, first: 0, last: 0)
                for piece in pieces {
                    guard let next = build(piece) else { return nil }
                    facts = concatenate(facts, next)
                }
                return facts
            case .alternation(let branches):
                var facts = Facts(nullable: false, first: 0, last: 0)
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
                var facts = Facts(nullable: true, first: 0, last: 0)
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
                first: left.first | (left.nullable ? right.first : 0),
                last: right.last | (right.nullable ? left.last : 0)
            )
        }

        /// Lets every position of `targets` follow every position of `sources`.
        mutating func link(from sources: UInt64, to targets: UInt64) {
            var remaining = sources
            while remaining != 0 {
                follow[remaining.trailingZeroBitCount] |= targets
                remaining &= remaining - 1
            }
        }
    }
}
