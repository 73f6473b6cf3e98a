/// What the prefilter knows of a line before ICU is asked.
package enum LineVerdict: Sendable, Equatable {
    /// The line certainly matches: the prefilter proved it, and ICU need not be asked whether
    /// it does (only where, when the matches are wanted).
    case certainMatch
    /// The line may match: ICU decides.
    case mayMatch
}

/// The line that a ``LineSearcher`` proposes in a block: the lines before it cannot match.
package struct LineCandidate: Sendable, Equatable {
    /// The offset of the line's start in the block, or the block's length when no line from
    /// the offset asked about on may match (the verdict then means nothing).
    package var start: Int
    /// What the prefilter knows of the line.
    package var verdict: LineVerdict

    /// Proposes the line at `start` with `verdict`.
    @inline(__always)
    init(start: Int, verdict: LineVerdict) {
        self.start = start
        self.verdict = verdict
    }

    /// The answer for a block of `count` bytes in which no line from the offset asked about
    /// on may match.
    @inline(__always)
    static func none(in count: Int) -> LineCandidate {
        LineCandidate(start: count, verdict: .mayMatch)
    }
}
