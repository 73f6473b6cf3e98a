/// Builds the facts of a sequence of pattern pieces, left to right: adjacent exact pieces are
/// joined into longer literals, and of all the required sets seen, the most selective is kept,
/// and the most selective of those whose distance from the match start is bounded.
struct SequenceFactsBuilder {
    /// How good a required set is as a prefilter; higher is better.
    let score: ([[UInt8]]) -> Int
    /// The strings the pieces since the last break match exactly, joined.
    private var run: [[UInt8]] = [[]]
    /// The most UTF-16 units before the current run's first piece; nil when unbounded.
    private var runStart: Int? = 0
    /// True while every piece so far was exact, so that the whole sequence is.
    private var allExact = true
    /// True while every exact piece so far tries all its strings (see
    /// ``LiteralFacts/exactIsFaithful``).
    private var allFaithful = true
    /// The most UTF-16 units the pieces so far can match; nil when unbounded.
    private var length: Int? = 0
    /// The best required set so far, and its score.
    private var best: [[UInt8]]?
    private var bestScore = Int.min
    /// The best required set so far whose offset from the match start is bounded, and its
    /// score.
    private var bestNear: NearLiterals?
    private var bestNearScore = Int.min

    /// Creates a builder that ranks required sets with `score`.
    init(score: @escaping ([[UInt8]]) -> Int) {
        self.score = score
    }

    /// Adds a piece that consumes text.
    mutating func append(_ facts: LiteralFacts) {
        let pieceStart = length
        length = Self.sum(length, facts.maximumUTF16Length)
        allFaithful = allFaithful && facts.exactIsFaithful
        if let exact = facts.exact, run.count * exact.count <= LiteralFacts.maximumSetSize {
            if run == [[]] { runStart = pieceStart }
            if run.count == 1 && exact.count == 1 {
                // One string grows in place, so that a long literal costs linear time.
                run[0] += exact[0]
                return
            }
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
            runStart = pieceStart
        } else {
            consider(facts.required)
            if let near = facts.nearRequired, let pieceStart {
                considerNear(near.shifted(by: pieceStart))
            }
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
        return LiteralFacts(
            exact: exact,
            exactIsFaithful: allFaithful,
            required: best,
            maximumUTF16Length: length,
            nearRequired: bestNear
        )
    }

    /// Offers the current run as a required set, and starts an empty one.
    private mutating func closeRun() {
        consider(run)
        if let runStart {
            considerNear(NearLiterals(literals: run, maximumUTF16Offset: runStart))
        }
        run = [[]]
    }

    /// True when `candidate` can serve as a required set: a set holding the empty string
    /// requires nothing.
    private static func isUsable(_ candidate: [[UInt8]]) -> Bool {
        !candidate.isEmpty && !candidate.contains(where: { $0.isEmpty })
    }

    /// Keeps `candidate` when it scores better than the best so far.
    private mutating func consider(_ candidate: [[UInt8]]?) {
        guard let candidate, Self.isUsable(candidate) else { return }
        let candidateScore = score(candidate)
        if candidateScore > bestScore {
            best = candidate
            bestScore = candidateScore
        }
    }

    /// Keeps `candidate` as the best bounded set when it scores better than the best so far.
    private mutating func considerNear(_ candidate: NearLiterals) {
        guard Self.isUsable(candidate.literals) else { return }
        let candidateScore = score(candidate.literals)
        if candidateScore > bestNearScore {
            bestNear = candidate
            bestNearScore = candidateScore
        }
    }

    /// The sum of two lengths; nil when either is unbounded or the sum is too large to count.
    private static func sum(_ first: Int?, _ second: Int?) -> Int? {
        guard let first, let second, first + second <= LiteralFacts.maximumCountedLength else { return nil }
        return first + second
    }
}
