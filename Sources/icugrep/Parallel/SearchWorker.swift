import Glibc
import ICURegex

/// Where the worker's captured output goes: kept here while small, and posted to the slot
/// of the input being searched once large (so that the head's output streams and the
/// window's budget applies); the rest goes with the input's completion.
private final class SlotPoster {
    let window: OrderedInputWindow
    /// The number of the slot of the input being searched.
    var number = 0
    /// Pieces not posted yet.
    var pieces: [OutputPiece] = []
    private var heldBytes = 0

    /// The most bytes held before they are posted.
    static let heldLimit = 64 * 1024

    init(window: OrderedInputWindow) {
        self.window = window
    }

    func post(_ piece: OutputPiece) {
        pieces.append(piece)
        heldBytes += piece.byteCount
        if heldBytes >= Self.heldLimit {
            for piece in pieces { window.post(piece, to: number) }
            pieces.removeAll(keepingCapacity: true)
            heldBytes = 0
        }
    }

    /// The pieces held for the input just searched, given up.
    func takePieces() -> [OutputPiece] {
        defer {
            pieces = []
            heldBytes = 0
        }
        return pieces
    }
}

/// One thread's share of a parallel search: its own line searcher, file searcher and sink,
/// searching the inputs it claims from the window and posting each input's output and
/// messages to the input's slot, to be written in order.
final class SearchWorker<Sink: SearchSink> {
    private let window: OrderedInputWindow
    private let configuration: Configuration
    private let policy: SearchPolicy
    private let standardOutput: StandardOutputKind
    private let poster: SlotPoster
    private let output: OutputBuffer
    private let searcher: FileSearcher<Sink>
    private let showsFileName: Bool
    private let statistics: RunStatistics?
    private let diagnostics: Diagnostics

    /// Creates a worker that searches with `lineSearcher` (its own), reports to the sink that
    /// `makeSink` makes on the worker's output buffer, and names files in its output when
    /// `showsFileName`.
    init(
        window: OrderedInputWindow, lineSearcher: LineSearcher, configuration: Configuration, policy: SearchPolicy,
        standardOutput: StandardOutputKind, showsFileName: Bool, statistics: RunStatistics? = nil,
        makeSink: (OutputBuffer) -> Sink
    ) {
        self.showsFileName = showsFileName
        self.statistics = statistics
        self.window = window
        self.configuration = configuration
        self.policy = policy
        self.standardOutput = standardOutput
        let poster = SlotPoster(window: window)
        self.poster = poster
        output = OutputBuffer(destination: .collector { poster.post(.standardOutput(Array($0))) })
        // A message is flushed whole (Diagnostics flushes after its last part): one piece each.
        let errors = OutputBuffer(destination: .collector { poster.post(.standardError(Array($0))) })
        diagnostics = Diagnostics(standardOutput: output, standardError: errors)
        searcher = FileSearcher(policy: policy, lineSearcher: lineSearcher, sink: makeSink(output), diagnostics: diagnostics)
        searcher.firstGroupSeparatorMark = { [output] in
            output.flush()
            poster.post(.groupSeparatorIfEarlierSelection)
        }
    }

    /// Searches inputs until the window has no more.
    func run() {
        var finished: OrderedInputWindow.FinishedInput? = nil
        while let (number, pending) = window.complete(finished) {
            poster.number = number
            var outcome = SearchRun.Outcome()
            var continuation = InputWalker.Continuation.next
            if let input = open(pending, outcome: &outcome) {
                continuation = SearchRun.search(
                    input, configuration: configuration, policy: policy, standardOutput: standardOutput,
                    searcher: searcher, showsFileName: showsFileName, diagnostics: diagnostics, statistics: statistics,
                    outcome: &outcome)
                output.flush()
                PendingInput.opened(input).discard()
            }
            finished = OrderedInputWindow.FinishedInput(
                number: number, pieces: poster.takePieces(),
                report: InputReport(outcome: outcome, endsRun: continuation == .stop))
        }
    }

    /// The input opened: a found file is opened here, its errors reported in its slot as the
    /// walker would have reported them.
    private func open(_ pending: PendingInput, outcome: inout SearchRun.Outcome) -> OpenedInput? {
        switch pending {
        case .opened(let input):
            return input
        case .found(let file):
            return file.open { name, errorNumber in
                outcome.hadError = true
                if !configuration.noMessages { diagnostics.fileError(name, errorNumber: errorNumber) }
            }
        }
    }
}
