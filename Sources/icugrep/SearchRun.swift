import Glibc
import ICURegex

/// One run of the search over every input of a ``Configuration``: the boundary between the
/// command line (which parses and decides the exit status) and the search (ICURegex's line
/// searcher, and the file searcher and its sink).
///
/// ``init(configuration:)`` compiles the patterns; ``run()`` walks the inputs
/// (``InputWalker``), searches each (``FileSearcher``, asking the ``LineSearcher`` about every
/// line) and prints through a ``SearchSink`` (``LinePrinter``, ``JSONPrinter`` or
/// ``SummaryPrinter``) into a buffered standard output.
struct SearchRun {
    /// A pattern that ICU rejected, with what is needed to show where.
    struct PatternError: Error {
        /// The pattern as given (one of `Configuration.patterns`).
        var pattern: String
        /// The error ICU reported, such as ``ICURegexError/mismatchedParenthesis``.
        var icuError: ICURegexError
        /// The offset in `pattern` where ICU found the error, in Characters, when known.
        var characterOffset: Int?
        /// The `-f` file and line of the pattern, when it came from one.
        var origin: Configuration.PatternOrigin? = nil
    }

    /// What happened, for the exit status.
    struct Outcome {
        /// True when at least one line was selected in any input (with `-L` too: as in grep
        /// 3.8, listing a file does not count, selecting a line does).
        var selectedAnything = false
        /// True when an error occurred: an unreadable file, a time limit hit, a write failure,
        /// an unknown `--encoding`.
        var hadError = false
        /// True when any line was selected, even in an input that `-I` then discarded as
        /// binary. Not for the exit status: the group separator of later inputs depends on it.
        var selectedAnyLine = false
    }

    /// The configuration as given.
    let configuration: Configuration
    /// The configuration searched: as given, except that no pattern at all (`-f /dev/null`)
    /// becomes grep's equivalent, the empty pattern with `-v` reversed.
    let effectiveConfiguration: Configuration
    let patterns: LinePatterns
    /// With `--multiline`, the patterns compiled for ``MultilineSearcher``, when a match may
    /// hold a line terminator; nil otherwise (the search is then line by line, as ripgrep's).
    let multilinePatterns: MultilinePatterns?
    /// With `--and`, `--not` or `--bool`, the query's terms compiled (``QueryPatterns``); then
    /// ``patterns`` are its positive terms, whose matches are shown.
    let queryPatterns: QueryPatterns?

    /// Compiles the patterns. Nothing is read before this succeeds.
    init(configuration: Configuration) throws(PatternError) {
        self.configuration = configuration
        var effective = configuration
        if let query = configuration.query {
            queryPatterns = try QueryPatterns(query: query, configuration: configuration)
            // The matches shown are the positive terms'; with none, a pattern that never matches.
            let texts = configuration.patternTexts
            let positive = QueryPatterns.positiveTerms(of: query, termCount: texts.count)
            effective.patterns = positive.isEmpty ? ["(?!)"] : positive.map { configuration.patterns[$0] }
            effective.translatedPatterns = positive.isEmpty ? ["(?!)"] : positive.map { texts[$0] }
            effective.patternOrigins = positive.map { $0 < configuration.patternOrigins.count ? configuration.patternOrigins[$0] : nil }
            effective.ignoreCase = configuration.patternOptions.contains(.caseInsensitive)
            effective.smartCase = false
        } else {
            queryPatterns = nil
        }
        if effective.patterns.isEmpty {
            effective.patterns = [""]
            // The empty pattern reads the same in every syntax (-G and -E translated none).
            effective.translatedPatterns = nil
            effective.invertMatch.toggle()
            effective.lineRegexp = false
            effective.wordRegexp = false
        }
        patterns = try LinePatterns(configuration: effective)
        // A query's line scope decides each line, its terms that span lines found beforehand
        // (``QueryPatterns/spanningTerms``): only the file scope prints by a multi-line search.
        multilinePatterns = configuration.query != nil && configuration.queryScope == .line ? nil : try Self.multilinePatterns(effective)
        if multilinePatterns != nil {
            // As `rg -U`: -c counts matches, since a match may span lines.
            effective.countsMatches = true
        }
        effectiveConfiguration = effective
    }

    /// The patterns of `configuration` compiled for a multi-line search, when `--multiline`
    /// is given and a match may hold a line terminator.
    private static func multilinePatterns(_ configuration: Configuration) throws(PatternError) -> MultilinePatterns? {
        guard configuration.multiline else { return nil }
        let compiled: MultilinePatterns
        do {
            compiled = try MultilinePatterns(
                patterns: configuration.patternTexts, options: configuration.multilinePatternOptions,
                wrapper: configuration.patternWrapper, limits: configuration.limits,
                terminator: configuration.nullData ? 0 : UInt8(ascii: "\n"))
        } catch {
            throw PatternError(pattern: configuration.patterns.first ?? "", icuError: error)
        }
        return compiled.facts.mayMatchTerminator ? compiled : nil
    }

    /// Without `--multiline`, the warning for a pattern that matches only across a line end,
    /// which a line never holds (every match holds a `\n`); nil when there is none.
    var lineEndWarning: String? {
        let configuration = effectiveConfiguration
        guard !configuration.multiline, !configuration.nullData else { return nil }
        for (index, text) in configuration.patternTexts.enumerated()
        where MultilineFacts.requiresTerminator(pattern: text, terminator: UInt8(ascii: "\n")) {
            let shown = index < configuration.patterns.count ? configuration.patterns[index] : text
            return "warning: the pattern ‘\(shown)’ matches only across a line end, which a line never holds;"
                + " --multiline lets matches span lines"
        }
        return nil
    }

    /// Searches every input, writing results to standard output and messages to standard
    /// error.
    func run() -> Outcome {
        let output = OutputBuffer(destination: .fileDescriptor(STDOUT_FILENO))
        let errors = OutputBuffer(destination: .fileDescriptor(STDERR_FILENO), flushThreshold: 1)
        return run(output: output, errors: errors, standardOutput: StandardOutputKind.current())
    }

    /// Searches every input, writing results to `output` and messages to `errors`;
    /// `standardOutput` says what the real standard output is (grep treats /dev/null, and an
    /// input that is also the output, specially).
    func run(output: OutputBuffer, errors: OutputBuffer, standardOutput: StandardOutputKind) -> Outcome {
        let configuration = effectiveConfiguration
        let diagnostics = Diagnostics(standardOutput: output, standardError: errors)
        var outcome = Outcome()
        defer { output.flush() }

        if let encoding = configuration.encoding, !EncodingConverter.isKnown(encoding) {
            diagnostics.unknownEncoding(encoding)
            outcome.hadError = true
            return outcome
        }
        // --json's summary, written at the end of the run (not with -q, which prints nothing).
        let jsonTotals = configuration.json && configuration.outputMode == .lines ? JSONRunTotals() : nil
        // --stats, written after the output (--json has its summary instead).
        let statistics = configuration.stats && !configuration.json ? RunStatistics() : nil
        // --json's patterns, --pattern-colors and --pattern-counts.
        let attribution = PatternAttribution.make(configuration: configuration)
        // --pattern-counts' summary: after the output, as --stats'; on standard error with
        // --json, whose standard output is JSON Lines.
        let writeCounts = { attribution?.writeCounts(to: configuration.json ? errors : output) }
        if Self.nothingCanBeSelected(configuration) {
            jsonTotals?.writeSummary(to: output)
            return outcome
        }
        let lineSearcher: LineSearcher
        do {
            lineSearcher = try LineSearcher(patterns)
        } catch {
            diagnostics.report(Array(error.icuName.utf8))
            outcome.hadError = true
            return outcome
        }
        var replacement: ReplacementTemplates? = nil
        if let template = configuration.replacement {
            do {
                replacement = try ReplacementTemplates(template, patterns: multilinePatterns?.patterns ?? patterns.patterns)
            } catch {
                diagnostics.report(Array("--replace: \(error.reason) in the template \(template)".utf8))
                outcome.hadError = true
                return outcome
            }
        }
        var policy = SearchPolicy(configuration: configuration, outputIsNull: standardOutput.isNull)
        policy.multilinePatterns = multilinePatterns
        policy.queryPatterns = queryPatterns
        let threadCount = ParallelSearch.threadCount(for: configuration)
        if threadCount > 1, let parallelOutcome = runInParallel(
            threadCount: threadCount, firstSearcher: lineSearcher, policy: policy, output: output, errors: errors,
            standardOutput: standardOutput, jsonTotals: jsonTotals, replacement: replacement, statistics: statistics,
            attribution: attribution)
        {
            outcome = parallelOutcome
            jsonTotals?.writeSummary(to: output)
            statistics?.write(to: output)
            writeCounts()
            finish(output: output, diagnostics: diagnostics, outcome: &outcome)
            return outcome
        }
        var sinks = SinkFactory(
            configuration: configuration, standardOutput: standardOutput, jsonTotals: jsonTotals, replacement: replacement)
        sinks.attribution = attribution
        switch sinks.kind {
        case .lines:
            outcome = runSerially(
                sink: sinks.linePrinter(output), lineSearcher: lineSearcher, policy: policy,
                standardOutput: standardOutput, diagnostics: diagnostics, statistics: statistics)
        case .byteCharacterLines:
            outcome = runSerially(
                sink: sinks.byteCharacterLinePrinter(output), lineSearcher: lineSearcher, policy: policy,
                standardOutput: standardOutput, diagnostics: diagnostics, statistics: statistics)
        case .json:
            outcome = runSerially(
                sink: sinks.jsonPrinter(output), lineSearcher: lineSearcher, policy: policy,
                standardOutput: standardOutput, diagnostics: diagnostics, statistics: statistics)
        case .summary:
            outcome = runSerially(
                sink: sinks.summaryPrinter(output), lineSearcher: lineSearcher, policy: policy,
                standardOutput: standardOutput, diagnostics: diagnostics, statistics: statistics)
        }
        jsonTotals?.writeSummary(to: output)
        statistics?.write(to: output)
        writeCounts()
        finish(output: output, diagnostics: diagnostics, outcome: &outcome)
        return outcome
    }

    /// Searches every input on this thread, reporting to `sink`.
    private func runSerially<Sink: SearchSink>(
        sink: Sink, lineSearcher: LineSearcher, policy: SearchPolicy, standardOutput: StandardOutputKind,
        diagnostics: Diagnostics, statistics: RunStatistics?
    ) -> Outcome {
        let configuration = effectiveConfiguration
        var outcome = Outcome()
        let searcher = FileSearcher(policy: policy, lineSearcher: lineSearcher, sink: sink, diagnostics: diagnostics)
        var showsFileName = false
        let walker = InputWalker(configuration: configuration, diagnostics: diagnostics) { input in
            Self.search(
                input, configuration: configuration, policy: policy, standardOutput: standardOutput,
                searcher: searcher, showsFileName: showsFileName, diagnostics: diagnostics, statistics: statistics,
                outcome: &outcome
            )
        }
        showsFileName = walker.showsFileNames()
        walker.walk()
        if walker.hadError { outcome.hadError = true }
        return outcome
    }

    /// Searches on `threadCount` threads (``ParallelSearch``), `firstSearcher` being the first
    /// thread's; nil when the threads cannot be started.
    private func runInParallel(
        threadCount: Int, firstSearcher: LineSearcher, policy: SearchPolicy, output: OutputBuffer, errors: OutputBuffer,
        standardOutput: StandardOutputKind, jsonTotals: JSONRunTotals?, replacement: ReplacementTemplates?,
        statistics: RunStatistics?, attribution: PatternAttribution?
    ) -> Outcome? {
        var lineSearchers = [firstSearcher]
        while lineSearchers.count < threadCount, let another = try? LineSearcher(patterns) {
            lineSearchers.append(another)
        }
        var search = ParallelSearch(
            configuration: effectiveConfiguration, policy: policy, standardOutput: standardOutput, jsonTotals: jsonTotals,
            replacement: replacement, statistics: statistics)
        search.attribution = attribution
        return search.run(lineSearchers: lineSearchers, output: output, errors: errors)
    }

    /// Flushes standard output at the end of the run and reports a failed write (other than
    /// to a closed pipe).
    private func finish(output: OutputBuffer, diagnostics: Diagnostics, outcome: inout Outcome) {
        output.flush()
        if let failure = output.failure {
            outcome.hadError = true
            if !failure.isBrokenPipe {
                diagnostics.writeError(errorNumber: failure.errorNumber)
            }
        }
    }

    /// True when grep would select nothing without reading anything: `-m 0`, or `-v` with only
    /// the empty pattern (which matches every line). `-L` still lists every file.
    private static func nothingCanBeSelected(_ configuration: Configuration) -> Bool {
        guard configuration.outputMode != .filesWithoutMatch else { return false }
        if configuration.query != nil { return configuration.maxCount == 0 }
        if configuration.maxCount == 0 { return true }
        return configuration.invertMatch && !configuration.lineRegexp && !configuration.wordRegexp
            && configuration.patterns.allSatisfy({ $0.isEmpty })
    }

    /// Searches one input (its summary, `-c`, `-l` or `-L`, printed by the sink at its end) and
    /// adds it to `--stats`'s statistics: the work on one input of
    /// the serial run and of each thread of a ``ParallelSearch``.
    static func search(
        _ input: OpenedInput, configuration: Configuration, policy: SearchPolicy,
        standardOutput: StandardOutputKind, searcher: FileSearcher<some SearchSink>, showsFileName: Bool,
        diagnostics: Diagnostics, statistics: RunStatistics? = nil, outcome: inout Outcome
    ) -> InputWalker.Continuation {
        if !policy.quiet && policy.maxCount > 1 && standardOutput.isSameFile(as: input.status) {
            if !configuration.noMessages { diagnostics.inputIsOutput(input.name) }
            outcome.hadError = true
            return .next
        }
        let isRegularFile = (input.status.st_mode & S_IFMT) == S_IFREG
        var fileSize = isRegularFile && !input.isStandardInput ? Int(input.status.st_size) : nil
        // --pre's command, or with --search-zip a compressed file's decompressor, reads the
        // file; its output is searched.
        var decompression: PreprocessedInput? = nil
        if !input.isStandardInput && (configuration.preprocessor != nil || configuration.searchZip) {
            do throws(PreprocessedInput.Failure) {
                if let preprocessor = configuration.preprocessor {
                    // Built for each file: a child process for each costs far more.
                    let globs = OverrideGlobs(configuration.preprocessorGlobs)
                    let baseName = Array(input.name.split(separator: UInt8(ascii: "/")).last ?? [])
                    if globs.isEmpty || globs.verdict(name: baseName, path: input.name, isDirectory: false) != .excluded {
                        decompression = try PreprocessedInput(
                            input: input.descriptor, command: [preprocessor, String(decoding: input.name, as: UTF8.self)],
                            action: "preprocess")
                    }
                } else if let format = CompressionFormat.of(name: input.name, descriptor: input.descriptor) {
                    decompression = try PreprocessedInput(input: input.descriptor, format: format)
                }
                if decompression != nil { fileSize = nil }
            } catch {
                outcome.hadError = true
                if !configuration.noMessages { diagnostics.report(input.name, Array(": \(error.message)".utf8)) }
                return .next
            }
        }
        var descriptor = decompression?.descriptor ?? input.descriptor
        var startOffset = input.isStandardInput ? lseek(STDIN_FILENO, 0, SEEK_CUR) : 0
        // A Boolean query that reads its input before searching it (the file scope, terms
        // that span lines) reads it again: an input that cannot be read again (a pipe, a
        // child's output) is copied once into a temporary file, read as a regular file is.
        var spool: SpooledInput? = nil
        var childFailure: PreprocessedInput.Failure? = nil
        if let queryPatterns = policy.queryPatterns, queryPatterns.readsInputFirst,
            decompression != nil || startOffset < 0 || lseek(descriptor, startOffset, SEEK_SET) != startOffset
        {
            do throws(SpooledInput.Failure) {
                spool = try SpooledInput(copying: descriptor)
            } catch {
                _ = decompression?.finish()
                outcome.hadError = true
                if !configuration.noMessages { diagnostics.report(input.name, Array(": \(error.message)".utf8)) }
                return .next
            }
            childFailure = decompression?.finish()
            decompression = nil
            descriptor = spool!.descriptor
            fileSize = spool!.size
            startOffset = 0
        }
        // Where bytes are characters, the input is read through a transcoder, which the sink
        // writes back through.
        let transcoder = configuration.readsBytesAsCharacters ? ByteCharacterTranscoder() : nil
        guard var source = InputSource(
            descriptor: descriptor, encoding: configuration.encoding, fileSize: fileSize, transcoder: transcoder)
        else {
            _ = decompression?.finish()
            diagnostics.unknownEncoding(configuration.encoding ?? "")
            outcome.hadError = true
            return .stop
        }
        let sinkInput = SinkInput(
            name: input.name, showsFileName: showsFileName,
            offsetWidth: configuration.initialTab ? offsetWidth(input.status, lineNumbers: configuration.lineNumber) : 0,
            transcoder: transcoder)
        // A Boolean query's first passes, each reading the input from where it started: the
        // lines that its terms spanning lines touch (--multiline), then in the file scope the
        // file's verdict; the search reads it once more.
        var fileVerdict: Bool? = nil
        if let queryPatterns = policy.queryPatterns, queryPatterns.readsInputFirst {
            func reopen() -> InputSource? {
                guard lseek(descriptor, startOffset, SEEK_SET) == startOffset else { return nil }
                return InputSource(
                    descriptor: descriptor, encoding: configuration.encoding, fileSize: fileSize, transcoder: transcoder)
            }
            var readable = searcher.findSpanningLines(input: sinkInput, reopen: reopen)
            if readable, queryPatterns.scope == .file, let first = reopen(), let holds = searcher.probeQuery(first) {
                // -v selects the files over which the query does not hold.
                fileVerdict = holds != configuration.invertMatch
                if fileVerdict == true { outcome.selectedAnything = true }
            }
            if readable, let again = reopen() { source = again } else { readable = false }
            guard readable else {
                if !configuration.noMessages {
                    diagnostics.report(input.name, Array(": cannot read the input again: \(SystemErrorText.describe(errno))".utf8))
                }
                outcome.hadError = true
                return .next
            }
        }

        // Read errors are reported by the searcher, and -c's, -l's and -L's lines printed by
        // the summary sink, at the input's end.
        let searchStart = statistics == nil ? 0 : JSONRunTotals.now()
        let printedBefore = statistics == nil ? 0 : searcher.sink.bytesPrinted
        let result = fileVerdict.map { searcher.search(source, input: sinkInput, fileVerdict: $0) }
            ?? searcher.search(source, input: sinkInput)
        withExtendedLifetime(spool) {}  // Its file is closed only once read.
        if let failure = childFailure ?? decompression?.finish() {
            outcome.hadError = true
            if !configuration.noMessages { diagnostics.report(input.name, Array(": \(failure.message)".utf8)) }
        }
        if let statistics {
            var input = JSONStatistics()
            input.elapsedNanoseconds = JSONRunTotals.now() - searchStart
            input.searches = 1
            input.searchesWithMatch = result.selectedLines > 0 ? 1 : 0
            input.bytesSearched = result.bytesSearched
            input.bytesPrinted = searcher.sink.bytesPrinted - printedBefore
            input.matchedLines = result.selectedLines
            input.matches = result.matches
            statistics.add(input)
        }

        if result.readErrorNumber != nil || result.shrank || result.hadLimitError { outcome.hadError = true }
        if result.selectedLines > 0 { outcome.selectedAnything = true }
        if result.selectedAnyLine { outcome.selectedAnyLine = true }
        if result.endsRun { return .stop }
        if input.isStandardInput && configuration.outputMode != .filesWithMatches
            && configuration.outputMode != .filesWithoutMatch
        {
            leaveStandardInput(after: result, startOffset: startOffset, converted: configuration.encoding != nil)
        }
        return searcher.sink.hasFailed ? .stop : .next
    }

    /// With `-T`, the width of line numbers and byte offsets: the digits of the file's size
    /// (plus one with `-n`), or of the largest offset when the size is unknown, as in grep.
    private static func offsetWidth(_ status: stat, lineNumbers: Bool) -> Int {
        var largest = Int.max
        if (status.st_mode & S_IFMT) == S_IFREG {
            largest = Int(status.st_size) + (lineNumbers ? 1 : 0)
        }
        var width = 1
        while largest >= 10 {
            largest /= 10
            width += 1
        }
        return width
    }

    /// Leaves standard input where grep leaves it: just after the last selected line when
    /// `-m` stopped the search and the input can seek, so that another program can read on;
    /// otherwise at its end (reading a pipe to the end rather than leaving its writer blocked).
    private static func leaveStandardInput(after result: FileSearchResult, startOffset: off_t, converted: Bool) {
        if result.reachedMaxCount {
            guard startOffset >= 0, !converted else { return }
            lseek(STDIN_FILENO, startOffset + off_t(result.endOfLastSelectedLine), SEEK_SET)
            return
        }
        guard !result.reachedEnd, result.readErrorNumber == nil else { return }
        if startOffset >= 0 && lseek(STDIN_FILENO, 0, SEEK_END) >= 0 { return }
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: InputSource.readSize, alignment: 16)
        defer { scratch.deallocate() }
        while true {
            let count = read(STDIN_FILENO, scratch, InputSource.readSize)
            if count > 0 { continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
    }
}

/// Makes the sink of a run's output, on the standard output or a thread's buffer: GNU grep's
/// lines, `--json`'s messages, or the summaries of `-c`, `-l`, `-L` and `-q`.
struct SinkFactory {
    /// The kinds of sink.
    enum Kind {
        case lines
        /// GNU grep's lines where bytes are characters (``ByteCharacterSink``).
        case byteCharacterLines
        case json
        case summary
    }

    let configuration: Configuration
    let standardOutput: StandardOutputKind
    /// Where `--json`'s printers add up each input's statistics.
    let jsonTotals: JSONRunTotals?
    /// `--replace`'s template, read for the run's patterns.
    var replacement: ReplacementTemplates? = nil
    /// Which pattern gave each match, when an option asks (``PatternAttribution``).
    var attribution: PatternAttribution? = nil

    /// The kind of sink the configuration prints through (`--json` with `-c`, `-l` or `-L`
    /// prints grep's summaries, as its lines would be JSON).
    var kind: Kind {
        if configuration.outputMode != .lines { return .summary }
        if configuration.json { return .json }
        return configuration.readsBytesAsCharacters ? .byteCharacterLines : .lines
    }

    func linePrinter(_ output: OutputBuffer) -> LinePrinter {
        LinePrinter(configuration: configuration, output: output, replacement: replacement, attribution: attribution)
    }

    func byteCharacterLinePrinter(_ output: OutputBuffer) -> ByteCharacterSink<LinePrinter> {
        ByteCharacterSink(linePrinter(output), mapsOffsets: configuration.byteOffset)
    }

    func jsonPrinter(_ output: OutputBuffer) -> JSONPrinter {
        JSONPrinter(
            configuration: configuration, output: output, totals: jsonTotals ?? JSONRunTotals(), attribution: attribution)
    }

    func summaryPrinter(_ output: OutputBuffer) -> SummaryPrinter {
        SummaryPrinter(
            configuration: configuration, output: output, outputIsNull: standardOutput.isNull, attribution: attribution)
    }
}
