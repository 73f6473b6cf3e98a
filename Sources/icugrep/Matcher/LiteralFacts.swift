/// What the literal extractor knows about the text that one piece of a pattern matches.
///
/// Literals are UTF-8 byte strings, never `String`s: Swift compares strings by canonical
/// equivalence, which would merge byte forms that a byte search must keep apart.
struct LiteralFacts {
    /// Every string the piece can match, when that is a small finite set; nil otherwise.
    var exact: [[UInt8]]?
    /// A set of strings one of which every match of the piece contains; nil when none is
    /// known.
    var required: [[UInt8]]?

    /// The most strings kept in an `exact` or `required` set: beyond it the set is dropped,
    /// since a search for many literals is no faster than the regular expression itself.
    static let maximumSetSize = 32

    /// Facts that say nothing: the piece may match anything.
    static let unknown = LiteralFacts(exact: nil, required: nil)

    /// The facts of one literal character or quoted string: it matches exactly `bytes`.
    static func literal(_ bytes: [UInt8]) -> LiteralFacts {
        LiteralFacts(exact: [bytes], required: bytes.isEmpty ? nil : [bytes])
    }

    /// The facts of this piece repeated at least `minimum` times: still required when it must
    /// occur at least once, no longer exact.
    func repeated(minimum: Int) -> LiteralFacts {
        LiteralFacts(exact: nil, required: minimum >= 1 ? required : nil)
    }

    /// The facts of an alternation of `branches`: exact when every branch is, and a required
    /// set only when every branch has one (a match comes from one branch, and contains that
    /// branch's required string).
    static func alternation(_ branches: [LiteralFacts]) -> LiteralFacts {
        if branches.count == 1 { return branches[0] }
        var exact: [[UInt8]]? = []
        var required: [[UInt8]]? = []
        for branch in branches {
            exact = union(exact, branch.exact)
            required = union(required, branch.required)
        }
        return LiteralFacts(exact: exact, required: required)
    }

    /// The union of two sets, without duplicates; nil when either is unknown or the union is
    /// too large.
    static func union(_ first: [[UInt8]]?, _ second: [[UInt8]]?) -> [[UInt8]]? {
        guard var result = first, let second else { return nil }
        for string in second where !result.contains(string) {
            result.append(string)
        }
        return result.count <= maximumSetSize ? result : nil
    }
}

/// Builds the facts of a sequence of pattern pieces, left to right: adjacent exact pieces are
/// joined into longer literals, and of all the required sets seen, the most selective is kept.
struct SequenceFactsBuilder {
    /// How good a required set is as a prefilter; higher is better.
    let score: ([[UInt8]]) -> Int
    /// The strings the pieces since the last break match exactly, joined.
    private var run: [[UInt8]] = [[]]
    /// True while every piece so far was exact, so that the whole sequence is.
    private var allExact = true
    /// The best required set so far, and its score.
    private var best: [[UInt8]]?
    private var bestScore = Int.min

    /// Creates a builder that ranks required sets with `score`.
    init(score: @escaping ([[UInt8]]) -> Int) {
        self.score = score
    }

    /// Adds a piece that consumes text.
    mutating func append(_ facts: LiteralFacts) {
        if let exact = facts.exact, run.count * exact.count <= LiteralFacts.maximumSetSize {
            var joined: [[UInt8]] = []
            for prefix in run {
                for suffix in exact where !joined.contains(prefix + suffix) {
                    joined.append(prefix + suffix)
                }
            }
            run = joined
            return
        }
        allExact = false
        closeRun()
        if let exact = facts.exact {
            // Too many combinations to join: start again from this piece alone.
            run = exact
        } else {
            consider(facts.required)
        }
    }

    /// Adds a piece that matches no text (an anchor, a word boundary, a lookaround). It ends
    /// the current run: the run's literal is still required, but literals are not joined
    /// across the piece, and the sequence is no longer exact.
    mutating func appendZeroWidth() {
        allExact = false
        closeRun()
    }

    /// The facts of the whole sequence.
    mutating func finish() -> LiteralFacts {
        let exact = allExact ? run : nil
        closeRun()
        return LiteralFacts(exact: exact, required: best)
    }

    /// Offers the current run as a required set, and starts an empty one.
    private mutating func closeRun() {
        consider(run)
        run = [[]]
    }

    /// Keeps `candidate` when it scores better than the best so far. A set holding the empty
    /// string requires nothing and is never kept.
    private mutating func consider(_ candidate: [[UInt8]]?) {
        guard let candidate, !candidate.isEmpty, !candidate.contains(where: \.isEmpty) else { return }
        let candidateScore = score(candidate)
        if candidateScore > bestScore {
            best = candidate
            bestScore = candidateScore
        }
    }
}
