#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a line search whose strategy measures its way of finding candidates
/// (``LineStrategy/CandidateWay/measured``: both required literals and a line automaton, the
/// literals not deciding their lines) finds its candidate lines. All three find the same
/// lines that may match (each passes over only lines that cannot); they differ in cost, which
/// depends on the text as much as on the patterns.
enum CandidateStrategy: Int, CaseIterable {
    /// The literals propose lines, which the automaton checks unless a literal proves them:
    /// the fastest when the literals are rare.
    case literalsThenAutomaton
    /// The automaton scans the block itself, skipping what cannot start a match: for a
    /// common literal in a pattern whose first characters are rare (`[0-9]+-x`).
    case automatonScan
    /// The automaton takes the lines one by one, each scan stopping at its first match: for
    /// a literal in most lines, whose line starts need not then be sought back.
    case automatonLineByLine
}

/// Chooses, block by block, the ``CandidateStrategy`` that has cost the least time per byte
/// searched, as measured on earlier blocks of the same search: the prefilter's cost is the
/// text's as much as the pattern's, so it is measured rather than guessed.
///
/// Blocks shorter than ``minimumMeasuredBytes`` (small files) are searched through the
/// literals and not measured: their times are mostly what every block costs, and a choice
/// made on them would be noise. The literals are used first and kept while their candidates
/// are sparse (fewer than one line in ``denseSpacing`` bytes), so that a search for a rare
/// literal, and a search of small files, never pays for trying the others. Once they are
/// dense, each strategy is measured on two blocks (the first blocks of a search also pay for
/// building the automaton's states), and from then on the cheapest is used, every other one
/// tried again after ``revisitInterval`` blocks in case the text changed (eight times as long
/// for one that cost 1.5 times the cheapest or more: each try of a slow strategy costs a
/// block's time several times over).
///
/// The time of a block runs from its first question to the end of its search, which the
/// caller marks (``startBlock(excluding:now:)``), so it includes the caller's work on the
/// block's lines: the same whatever the strategy, give or take what the strategies save it.
/// Reading the next block is outside it, and the caller may take out time that was not the
/// search's. A strategy's cost is the lower of its last
/// two measurements, so that one block slowed by something else does not turn the choice.
struct CandidateStrategyChooser {
    /// The bytes per candidate line below which the literals' candidates are dense.
    static let denseSpacing = 512
    /// The blocks after which a strategy other than the cheapest is measured again.
    static let revisitInterval = 64
    /// The fewest bytes of a block whose search is measured.
    static let minimumMeasuredBytes = 32 * 1024

    /// The strategy chosen for blocks long enough to measure, and the one of the current
    /// block (set at its first question).
    private(set) var current = CandidateStrategy.literalsThenAutomaton
    private(set) var blockStrategy = CandidateStrategy.literalsThenAutomaton
    /// The cost of each strategy in nanoseconds per byte (nil until measured), its latest
    /// measurement, and the block it was measured on.
    private var costs: [Double?] = Array(repeating: nil, count: CandidateStrategy.allCases.count)
    private var latest: [Double?] = Array(repeating: nil, count: CandidateStrategy.allCases.count)
    private var measuredAt: [Int] = Array(repeating: 0, count: CandidateStrategy.allCases.count)
    /// The number of times each strategy was measured, up to two.
    private var measurements: [Int] = Array(repeating: 0, count: CandidateStrategy.allCases.count)
    /// The number of the current block, when it started, its bytes from the first question
    /// about it, and the candidate lines proposed in it.
    private var block = 0
    private var blockStart: UInt64 = 0
    private var blockBytes = 0
    private var candidateLines = 0

    /// Notes a question about the current block at `offset` in a block of `count` bytes; the
    /// first question starts the block's clock (the monotonic clock's `now`, in nanoseconds).
    @inline(__always)
    mutating func noteQuestion(offset: Int, count: Int, now: @autoclosure () -> UInt64 = now()) {
        if candidateLines == 0 {
            blockBytes = count &- offset
            blockStart = now()
            blockStrategy = blockBytes >= Self.minimumMeasuredBytes ? current : .literalsThenAutomaton
        }
        candidateLines &+= 1
    }

    /// Ends the current block, measuring it against the monotonic clock's `now` less
    /// `excluded` nanoseconds that were not the search's (writing its output), and chooses the
    /// next block's strategy.
    mutating func startBlock(excluding excluded: UInt64 = 0, now: @autoclosure () -> UInt64 = now()) {
        guard candidateLines > 0 else { return }  // Nothing was asked since the last block ended.
        defer {
            block &+= 1
            candidateLines = 0
        }
        guard blockBytes >= Self.minimumMeasuredBytes else { return }
        let index = current.rawValue
        let elapsed = now() &- blockStart
        let measured = Double(elapsed &- min(excluded, elapsed)) / Double(blockBytes)
        costs[index] = min(measured, latest[index] ?? measured)
        latest[index] = measured
        measuredAt[index] = block
        measurements[index] = min(measurements[index] + 1, 2)
        if current == .literalsThenAutomaton && candidateLines &* Self.denseSpacing < blockBytes
            && costs.allSatisfy({ $0 == nil || $0! >= costs[index]! })
        {
            return  // Sparse literals, and nothing measured cheaper: keep them.
        }
        if let untried = CandidateStrategy.allCases.first(where: { measurements[$0.rawValue] < 2 }) {
            current = untried
            return
        }
        let cheapest = CandidateStrategy.allCases.min { costs[$0.rawValue]! < costs[$1.rawValue]! }!
        let lowest = costs[cheapest.rawValue]!
        let stale = CandidateStrategy.allCases.first { strategy in
            let interval = costs[strategy.rawValue]! < 1.5 * lowest ? Self.revisitInterval : 8 * Self.revisitInterval
            return strategy != cheapest && block &- measuredAt[strategy.rawValue] >= interval
        }
        current = stale ?? cheapest
    }

    /// The monotonic clock in nanoseconds.
    static func now() -> UInt64 {
        MonotonicClock.nanoseconds()
    }
}

/// The monotonic clock, which the prefilter's measurements read, as does the caller that
/// tells it what time of a block was not the search's (see
/// ``LineSearcher/forgetBlock(excludingNanoseconds:)``).
package enum MonotonicClock {
    /// The clock's time in nanoseconds.
    package static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
