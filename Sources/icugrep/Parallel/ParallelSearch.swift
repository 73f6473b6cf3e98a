import Glibc
import ICURegex

/// Searches several inputs on several threads, with output byte for byte that of the serial
/// run: a walker thread finds the inputs in order (``InputWalker``) and appends them to an
/// ``OrderedInputWindow``; one ``SearchWorker`` per thread searches them, capturing each
/// input's output and messages; the calling thread writes them in input order
/// (``OrderedOutputWriter``).
///
/// Used only when it can help and cannot change the output: with two or more operands or
/// recursion, without standard input among the operands (it must be read once, in order), and
/// without `--line-buffered` (which wants each line out as soon as it is found).
struct ParallelSearch {
    /// The environment variable that sets the number of searching threads (`1`: the serial
    /// search), for tests and measurements; by default there is one per online processor.
    /// `-j`/`--threads` wins over it.
    static let threadsVariable = "ICUGREP_THREADS"

    /// The most searching threads `-j` or `ICUGREP_THREADS` can ask for: each holds its own
    /// compiled patterns.
    static let maximumThreadCount = 256

    /// The configuration searched.
    let configuration: Configuration
    /// The decisions shared by every input.
    let policy: SearchPolicy
    /// What the real standard output is.
    let standardOutput: StandardOutputKind
    /// Where `--json`'s printers add up each input's statistics.
    var jsonTotals: JSONRunTotals? = nil
    /// `--replace`'s template, read for the run's patterns.
    var replacement: ReplacementTemplates? = nil
    /// Where `--stats` adds up each input's statistics.
    var statistics: RunStatistics? = nil
    /// Which pattern gave each match, when an option asks (``PatternAttribution``).
    var attribution: PatternAttribution? = nil
    /// The most inputs in flight between the walker and the writer: many, so that the walker
    /// seldom waits (and wakes) for room among thousands of small files.
    var windowCapacity = 1024
    /// The most of them opened by the walker (command-line operands), each holding an open
    /// descriptor until searched; files found while recursing are opened when claimed.
    var openInputCapacity = 128
    /// The most bytes of output held for inputs behind the one being written.
    var bufferBudget = 16 << 20

    /// The number of threads to search `configuration` with: 1 when the serial search should
    /// do it.
    static func threadCount(for configuration: Configuration) -> Int {
        let searchesSeveralInputs = configuration.files.count >= 2 || configuration.recursion != .none
        // --heading's empty line before a file depends on whether an earlier file printed.
        guard searchesSeveralInputs, !configuration.lineBuffered, !configuration.files.contains("-"),
            !configuration.heading
        else {
            return 1
        }
        if let count = configuration.threads {
            return min(count, maximumThreadCount)
        }
        if let value = getenv(threadsVariable), let count = Int(String(cString: value)), count >= 1 {
            return min(count, maximumThreadCount)
        }
        return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// Searches every input with one worker per line searcher of `lineSearchers` (each thread's own),
    /// writing to `output` and `errors` through the configuration's kind of sink
    /// (``SinkFactory``); nil, before anything is read or written, when the threads cannot be
    /// started (the serial search must then do it).
    func run(lineSearchers: [LineSearcher], output: OutputBuffer, errors: OutputBuffer) -> SearchRun.Outcome? {
        var sinks = SinkFactory(
            configuration: configuration, standardOutput: standardOutput, jsonTotals: jsonTotals, replacement: replacement)
        sinks.attribution = attribution
        switch sinks.kind {
        case .lines:
            return run(lineSearchers: lineSearchers, output: output, errors: errors, makeSink: sinks.linePrinter)
        case .byteCharacterLines:
            return run(lineSearchers: lineSearchers, output: output, errors: errors, makeSink: sinks.byteCharacterLinePrinter)
        case .json:
            return run(lineSearchers: lineSearchers, output: output, errors: errors, makeSink: sinks.jsonPrinter)
        case .summary:
            return run(lineSearchers: lineSearchers, output: output, errors: errors, makeSink: sinks.summaryPrinter)
        }
    }

    /// Searches every input with one worker per line searcher of `lineSearchers` (each thread's own),
    /// each reporting to a sink that `makeSink` makes on the worker's buffer, writing to
    /// `output` and `errors`; nil, before anything is read or written, when the threads cannot
    /// be started (the serial search must then do it).
    func run<Sink: SearchSink>(
        lineSearchers: [LineSearcher], output: OutputBuffer, errors: OutputBuffer, makeSink: (OutputBuffer) -> Sink
    ) -> SearchRun.Outcome? {
        let window = OrderedInputWindow(
            capacity: windowCapacity, openInputCapacity: openInputCapacity, bufferBudget: bufferBudget)

        // The walker's inputs and messages go to the window, in order.
        let batch = WalkBatch(window: window)
        let walkerOutput = OutputBuffer(destination: .collector { _ in })
        let walkerErrors = OutputBuffer(destination: .collector { message in
            batch.flush()
            window.appendMessage(Array(message))
        })
        let walkerDiagnostics = Diagnostics(standardOutput: walkerOutput, standardError: walkerErrors)
        let walker = InputWalker(configuration: configuration, diagnostics: walkerDiagnostics) { input in
            batch.add(.opened(input)) ? .next : .stop
        }
        walker.visitorOwnsDescriptors = true
        walker.visitFoundFile = { file in
            batch.add(.found(file)) ? .next : .stop
        }
        let showsFileName = walker.showsFileNames()

        var threads: [JoinableThread] = []
        for lineSearcher in lineSearchers {
            let worker = ThreadTransfer(value: SearchWorker(
                window: window, lineSearcher: lineSearcher, configuration: configuration, policy: policy,
                standardOutput: standardOutput, showsFileName: showsFileName, statistics: statistics,
                makeSink: makeSink))
            guard let thread = JoinableThread({ worker.value.run() }) else { break }
            threads.append(thread)
        }
        let walking = ThreadTransfer(value: (walker, batch))
        let walkerThread = threads.isEmpty ? nil : JoinableThread {
            walking.value.0.walk()
            walking.value.1.flush()
            window.finishWalking()
        }
        guard let walkerThread else {
            // Nothing was walked: let the workers end, and leave the search to the serial run.
            window.finishWalking()
            for thread in threads { thread.join() }
            return nil
        }

        // ripgrep's JSON has no group separators.
        let printer = configuration.json ? nil : LinePrinter(configuration: configuration, output: output)
        let writer = OrderedOutputWriter(window: window, output: output, errors: errors, printer: printer)
        var outcome = writer.write()
        walkerThread.join()
        for thread in threads { thread.join() }
        window.closeUnclaimedInputs()
        if walker.hadError { outcome.hadError = true }
        return outcome
    }
}
