import Glibc

/// One thread's share of a parallel search: its own matcher, searcher and printer, searching
/// the inputs it claims from the window and posting each input's output and messages to the
/// input's slot, to be written in order.
final class SearchWorker {
    /// Where the worker's captured output goes: the slot of the input being searched.
    private final class SlotPoster {
        let window: OrderedInputWindow
        /// The number of the slot of the input being searched.
        var number = 0

        init(window: OrderedInputWindow) {
            self.window = window
        }

        func post(_ piece: OutputPiece) {
            window.post(piece, to: number)
        }
    }

    private let window: OrderedInputWindow
    private let configuration: Configuration
    private let policy: SearchPolicy
    private let standardOutput: StandardOutputKind
    private let poster: SlotPoster
    private let output: OutputBuffer
    private let printer: LinePrinter
    private let searcher: FileSearcher
    private let diagnostics: Diagnostics

    /// Creates a worker that searches with `matcher` (its own) and names files in its output
    /// when `showsFileName`.
    init(
        window: OrderedInputWindow, matcher: LineMatcher, configuration: Configuration, policy: SearchPolicy,
        standardOutput: StandardOutputKind, showsFileName: Bool
    ) {
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
        printer = LinePrinter(configuration: configuration, output: output)
        printer.showsFileName = showsFileName
        searcher = FileSearcher(policy: policy, matcher: matcher, printer: printer, diagnostics: diagnostics)
        searcher.firstGroupSeparatorMark = { [output] in
            output.flush()
            poster.post(.groupSeparatorIfEarlierSelection)
        }
    }

    /// Searches inputs until the window has no more.
    func run() {
        while let (number, input) = window.claim() {
            poster.number = number
            var outcome = SearchRun.Outcome()
            let continuation = SearchRun.search(
                input, configuration: configuration, policy: policy, standardOutput: standardOutput,
                searcher: searcher, printer: printer, diagnostics: diagnostics, outcome: &outcome)
            output.flush()
            if !input.isStandardInput { close(input.descriptor) }
            window.complete(number, report: InputReport(outcome: outcome, endsRun: continuation == .stop))
        }
    }
}
