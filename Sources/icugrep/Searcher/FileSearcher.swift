import Glibc
import ICURegex

/// What the search of one input found.
struct FileSearchResult {
    /// The number of lines selected (0 for a binary file with `-I`, as in grep).
    var selectedLines = 0
    /// With `--count-matches` or `--stats`, the matches in the selected lines (none with `-v`).
    var matches = 0
    /// The `errno` of a failed read, which ends the search of the input.
    var readErrorNumber: Int32?
    /// True when the input was a mapped file that shrank during the search, which ended it
    /// there as a failed read would.
    var shrank = false
    /// True when the whole input was read.
    var reachedEnd = false
    /// The bytes searched, as ripgrep counts them (``SinkFinish/bytesSearched``).
    var bytesSearched = 0
    /// True when the search stopped because `-m` was reached.
    var reachedMaxCount = false
    /// The offset in the input just past the last selected line, when `-m` ended the search
    /// (lines counted in bulk leave it unchanged: it is read only then).
    var endOfLastSelectedLine = 0
    /// True when ICU stopped the search of a line at its time or stack limit.
    var hadLimitError = false
    /// True when the whole run must end: `-q` selected a line, or writing output failed.
    var endsRun = false
    /// True when any line was selected, even when `-I` then discarded the input as binary:
    /// the group separator before a later input's first group depends on it.
    var selectedAnyLine = false
}

extension FileSearchResult {
    /// Ends the search of an input, for ``FileSearcher`` and ``MultilineSearcher`` alike:
    /// reports that a binary input matched (`binaryFileMatches`: a line was selected after
    /// the input turned binary, or held back for an encoding error), sets the bytes searched
    /// as ripgrep counts them (up to the last selected line when `-m` stopped the search),
    /// reports a failed read or a file that shrank, and tells the sink.
    mutating func finish<Sink: SearchSink>(
        name: [UInt8], bytesRead: Int, reachedMaxCount: Bool, binaryFileMatches: Bool, policy: SearchPolicy,
        diagnostics: Diagnostics, sink: Sink
    ) {
        if policy.binaryFiles == .binary && !policy.quiet && binaryFileMatches {
            diagnostics.binaryFileMatches(name)
        }
        self.reachedMaxCount = reachedMaxCount
        bytesSearched = reachedMaxCount ? endOfLastSelectedLine : bytesRead
        if let readErrorNumber, policy.reportsReadErrors {
            diagnostics.fileError(name, errorNumber: readErrorNumber)
        }
        if shrank && policy.reportsReadErrors {
            diagnostics.fileShrank(name)
        }
        sink.finish(SinkFinish(
            selectedLines: selectedLines, matches: matches, bytesSearched: bytesSearched, endsRun: endsRun))
    }
}

/// Searches one input at a time, line by line, as GNU grep does: reads blocks, splits them
/// into lines, asks the ``LineSearcher`` about each, keeps leading context, counts trailing
/// context and `-m`, notices binary data, reports read errors, and reports lines, group
/// breaks and the input's end to its ``SearchSink`` (GNU grep's lines, `--json`'s messages or
/// `-c`'s, `-l`'s and `-L`'s summaries), which only formats them.
///
/// The searcher is generic over its sink, so that the calls to it in the search loop are
/// direct (each kind of sink has its own copy of the loop).
///
/// One searcher serves every input of a run in turn (it keeps its buffers, and whether a line
/// was selected yet, which decides the first group separator of the next input). To search
/// inputs in parallel, give each thread its own searcher, ``LineSearcher`` and sink
/// writing to an ``OutputBuffer`` that collects the input's output, and write the collected
/// outputs in input order; the one state that crosses inputs, whether a line was selected
/// before, must then be settled in that order (grep prints `--` before an input's first group
/// when any earlier input selected a line).
final class FileSearcher<Sink: SearchSink> {
    /// The bytes asked for by each read (``InputSource/readSize``).
    private static var readSize: Int { InputSource.readSize }
    /// Lines longer than this are matched on their UTF-8 bytes rather than decoded to UTF-16,
    /// so that a huge line does not need twice its size again in memory.
    private static var longLineLength: Int { 16 << 20 }

    // The searcher's state is used by one thread, one call at a time, so its variables skip
    // Swift's run-time exclusivity checks (`@exclusivity(unchecked)`), which would otherwise
    // cost a call on every line.

    private let policy: SearchPolicy
    private let lineSearcher: LineSearcher
    /// Where lines and each input's end are reported.
    let sink: Sink
    private let diagnostics: Diagnostics

    @exclusivity(unchecked) private var buffer = InputBuffer(capacity: 4 * InputSource.readSize)
    private let decoder = UTF16LineBuffer()
    @exclusivity(unchecked) private var ring: ContextRing
    @exclusivity(unchecked) private var matchRanges: [Range<Int>] = []
    /// The matches of `matchRanges` in UTF-16 units of the line, for `--json`.
    @exclusivity(unchecked) private var matchUnitRanges: [Range<Int>] = []
    /// The byte offset in the line of its first match, empty or not, for `--column`.
    @exclusivity(unchecked) private var firstMatchStart: Int?

    /// True once any line was selected in any input: from then on, a group of lines that does
    /// not follow the previous output directly is preceded by the group separator.
    @exclusivity(unchecked) private var hasSelectedBefore = false

    /// When set, each input is searched as if no earlier input had selected a line, and where
    /// an input's first group would be preceded by the group separator if one had, this is
    /// called instead of printing it: the caller, which learns about the earlier inputs later,
    /// decides. (Within an input, later groups are separated as usual.)
    var firstGroupSeparatorMark: (() -> Void)?

    // MARK: The state of the current input

    private var name: [UInt8] = []
    @exclusivity(unchecked) private var result = FileSearchResult()
    /// The offset in the input of the buffer's first byte.
    @exclusivity(unchecked) private var bufferOffset = 0
    /// The number of the current line; exact only when ``SearchPolicy/numbersLines``.
    @exclusivity(unchecked) private var lineNumber = 0
    /// Lines that may still be selected (`-m`).
    @exclusivity(unchecked) private var remaining = 0
    /// Lines of trailing context still to print.
    @exclusivity(unchecked) private var pending = 0
    /// The number of the last line printed from this input, or 0.
    @exclusivity(unchecked) private var lastPrintedLine = 0
    /// The offset in the input of the line after ``lastPrintedLine``: where GNU grep starts
    /// the trailing context of a selected line it held back for an encoding error
    /// (``printTrailingContextOfHeldLine()``).
    @exclusivity(unchecked) private var afterLastPrintedLine = 0
    /// The number of the buffer's first line (when the line after ``lastPrintedLine`` is no
    /// longer in the buffer, grep's trailing context of a held-back line starts there).
    @exclusivity(unchecked) private var firstBufferedLine = 1
    /// With `-v`, true after a selected line was held back for an encoding error until its
    /// run of selected lines ends: grep prints the run's trailing context after the run.
    @exclusivity(unchecked) private var heldLineContextIsDue = false
    /// The number of the last selected line held back for an encoding error, or 0: with `-v`,
    /// grep separates runs of selected lines, not the lines of a run.
    @exclusivity(unchecked) private var lastHeldSelectedLine = 0
    /// True once trailing context was looked for from the input's start, nothing having been
    /// printed: grep then takes the start as the end of its output, so that a group starting
    /// at the first line is not separated.
    @exclusivity(unchecked) private var contextStartedAtInputStart = false
    /// Whether lines are printed; a binary input turns this off.
    @exclusivity(unchecked) private var quiet = false
    /// Whether the input's search stops at its next selected line.
    @exclusivity(unchecked) private var stopsAtNextMatch = false
    /// True after a NUL byte was seen: NUL then ends lines too, as in grep.
    @exclusivity(unchecked) private var nulEndsLines = false
    /// The number of lines selected when the input turned out binary, or -1.
    @exclusivity(unchecked) private var selectedBeforeBinary = -1
    /// True once a line (or a match, with `-o`) was held back for an encoding error.
    @exclusivity(unchecked) private var heldBackEncodingError = false
    /// Offsets in the input between which every byte is ASCII, so that a line or run of lines
    /// to print within them holds no encoding error: found by ``isKnownASCII(from:to:)`` from
    /// the first line checked past them.
    @exclusivity(unchecked) private var asciiStretch = ASCIIStretch()
    /// Selected lines, with their terminators, to report to the sink as one run of bytes when
    /// a line that does not follow them, or anything else, is reported (or the block ends):
    /// the lines of ``printLine(_:selected:number:offset:)`` when the sink prints them as they
    /// are (``SearchSink/printsRunsOfLines``). Offsets in the buffer; empty between blocks.
    @exclusivity(unchecked) private var heldRun = 0..<0
    @exclusivity(unchecked) private var stops = false

    /// The UTF-16 form of the line last decoded, to reuse when the same line's matches are
    /// wanted for printing.
    @exclusivity(unchecked) private var decodedLine: (start: UnsafeRawPointer?, count: Int, units: UnsafeBufferPointer<UInt16>, isASCII: Bool)?

    /// The searcher of `--multiline`, which searches each input instead when the patterns may
    /// match a line terminator (``SearchPolicy/multilinePatterns``).
    private let multilineSearcher: MultilineSearcher<Sink>?

    // MARK: Boolean queries

    /// With `--and`, `--not` or `--bool`, the decider of the query on a line; then
    /// ``lineSearcher`` finds the positive terms' matches, which are shown.
    private let queryMatcher: QueryLineMatcher?
    /// True while the query decides the lines of the input (the line scope); false when the
    /// patterns of ``lineSearcher`` do (no query, or the file scope's printing pass).
    @exclusivity(unchecked) private var usesQuery = false
    /// In the file scope, the verdict of every line of the input (true: each is selected;
    /// false: none is), or nil when lines are searched.
    @exclusivity(unchecked) private var forcedVerdict: Bool? = nil
    /// Whether a line is selected when its verdict is "no match": `-v`, reversed when the
    /// query's verdict off its prefilter's candidates is true (``QueryPatterns/holdsOffCandidates``),
    /// for then the verdict searched for is the query's negation, which the prefilter's
    /// passed-over lines never hold.
    @exclusivity(unchecked) private var invertsVerdict = false
    /// The prefilter of the lines: ``lineSearcher``'s, or with a query its candidates'; nil when
    /// there is none.
    @exclusivity(unchecked) private var prefilter: LineSearcher?
    /// With `--multiline`, for each term that may match a line terminator, the multi-line
    /// searcher of that term alone and the sink that records the lines it touches.
    private let spanningSearchers: [(term: Int, searcher: MultilineSearcher<SpannedLineRecorder>, recorder: SpannedLineRecorder)]
    /// True when the prefilter proved that the line to decide next holds its candidates'
    /// term (``QueryPatterns/lineCandidateTerm``).
    @exclusivity(unchecked) private var candidateIsCertain = false
    /// With `-o` and GNU grep's rule for encoding errors, true unless no match printed can
    /// hold one: every match is the pattern's literal, which is well-formed
    /// (``LineSearcher/reportedMatchesAreWellFormed``), and no piece of a match that spans
    /// lines joins them.
    private let checksMatchesForEncodingErrors: Bool

    /// Creates a searcher that selects lines by `policy` with `lineSearcher` and reports them to
    /// `sink`.
    init(policy: SearchPolicy, lineSearcher: LineSearcher, sink: Sink, diagnostics: Diagnostics) {
        self.policy = policy
        self.lineSearcher = lineSearcher
        self.sink = sink
        self.diagnostics = diagnostics
        ring = ContextRing(limit: policy.beforeContext)
        // The patterns compiled already, so making their matchers cannot fail but for memory.
        multilineSearcher = policy.multilinePatterns.flatMap { patterns in
            try? MultilineSearcher(patterns: patterns, policy: policy, sink: sink, diagnostics: diagnostics)
        }
        // The terms compiled already, so making their matchers cannot fail but for memory.
        queryMatcher = policy.queryPatterns.flatMap { try? QueryLineMatcher($0) }
        if let queryPatterns = policy.queryPatterns, !queryPatterns.spanningTermIndices.isEmpty {
            // Each term that spans lines searched alone, all of the input, recording the lines
            // its matches touch.
            var recording = policy
            recording.invertMatch = false
            recording.maxCount = Int.max
            (recording.beforeContext, recording.afterContext, recording.passesThrough) = (0, 0, false)
            (recording.separatesGroups, recording.numbersLines, recording.onlyMatching) = (false, false, false)
            (recording.quiet, recording.stopsAtFirstMatch, recording.exitsAtFirstMatch) = (false, false, false)
            (recording.countsMatches, recording.countsEachMatch) = (false, false)
            (recording.detectsBinary, recording.holdsBackEncodingErrors, recording.reportsReadErrors) = (false, false, false)
            recording.queryPatterns = nil
            let positive = Set(QueryPatterns.positiveTerms(of: queryPatterns.query, termCount: queryPatterns.terms.count))
            spanningSearchers = queryPatterns.spanningTermIndices.compactMap { term in
                recording.multilinePatterns = queryPatterns.spanningTerms[term]
                let recorder = SpannedLineRecorder(recordsPieces: positive.contains(term))
                return recording.multilinePatterns.flatMap { patterns in
                    (try? MultilineSearcher(patterns: patterns, policy: recording, sink: recorder, diagnostics: diagnostics))
                        .map { (term, $0, recorder) }
                }
            }
        } else {
            spanningSearchers = []
        }
        invertsVerdict = policy.invertMatch
        prefilter = lineSearcher.hasPrefilter ? lineSearcher : nil
        checksMatchesForEncodingErrors = policy.holdsBackEncodingErrors && policy.onlyMatching
            && !(lineSearcher.reportedMatchesAreWellFormed && spanningSearchers.isEmpty)
    }

    /// Searches `source` as ``search(_:input:)`` does, in the file scope of a Boolean query,
    /// where `fileVerdict` says whether the input is selected: the query's verdict over the
    /// whole input (``probeQuery(_:)``), negated by `-v`. When true, each line that matches
    /// a positive term (with `-v`, each line that matches none) is selected (with `-l`, `-L`
    /// and `-q`, which print the input's name or nothing, each line); when false, none.
    func search(_ source: InputSource, input: SinkInput, fileVerdict: Bool) -> FileSearchResult {
        if fileVerdict && !policy.stopsAtFirstMatch {
            return search(source, input: input, query: false)
        }
        forcedVerdict = fileVerdict
        defer { forcedVerdict = nil }
        return search(source, input: input, query: false)
    }

    /// Searches `source`, naming it by `input`'s name in messages, and returns what it found:
    /// lines go to the sink, then a failed read is reported, then the sink hears of the end.
    func search(_ source: InputSource, input: SinkInput) -> FileSearchResult {
        search(source, input: input, query: queryMatcher != nil)
    }

    /// Prepares the search of one input: by the query (`query`), or by ``lineSearcher``'s
    /// patterns.
    private func useQuery(_ query: Bool) {
        if query, let queryMatcher {
            usesQuery = true
            invertsVerdict = policy.invertMatch != queryMatcher.patterns.holdsOffCandidates
            // The prefilter reads lines alone, and a term that spans lines holds on lines
            // it cannot see: with one, every line is decided.
            prefilter = spanningSearchers.isEmpty ? queryMatcher.lineCandidateSearcher.flatMap { $0.hasPrefilter ? $0 : nil } : nil
        } else {
            usesQuery = false
            invertsVerdict = policy.invertMatch
            prefilter = lineSearcher.hasPrefilter && forcedVerdict == nil ? lineSearcher : nil
        }
    }

    private func search(_ source: InputSource, input: SinkInput, query: Bool) -> FileSearchResult {
        useQuery(query)
        // The line scope of a query decides each line (with its terms that span lines found
        // beforehand), and a file-scope verdict each line: only the file scope's printing
        // pass is a multi-line search.
        if let multilineSearcher, !usesQuery, forcedVerdict == nil {
            multilineSearcher.hasSelectedBefore = hasSelectedBefore
            multilineSearcher.firstGroupSeparatorMark = firstGroupSeparatorMark
            defer { hasSelectedBefore = multilineSearcher.hasSelectedBefore }
            return multilineSearcher.search(source, input: input)
        }
        self.name = input.name
        result = FileSearchResult()
        if firstGroupSeparatorMark != nil {
            hasSelectedBefore = false
        }
        bufferOffset = 0
        lineNumber = 0
        remaining = policy.maxCount
        // With --passthru every line is context until a line is selected, and after it.
        pending = policy.passesThrough ? Int.max : 0
        lastPrintedLine = 0
        afterLastPrintedLine = 0
        firstBufferedLine = 1
        heldLineContextIsDue = false
        lastHeldSelectedLine = 0
        contextStartedAtInputStart = false
        quiet = policy.quiet
        stopsAtNextMatch = policy.stopsAtFirstMatch
        nulEndsLines = false
        selectedBeforeBinary = -1
        heldBackEncodingError = false
        asciiStretch = ASCIIStretch()
        heldRun = 0..<0
        stops = false
        decodedLine = nil
        ring.removeAll()
        buffer.count = 0
        sink.begin(input)

        readLines(from: source)
        if heldLineContextIsDue { printTrailingContextOfHeldLine() }
        let bytesRead = bufferOffset + buffer.count
        buffer.endView()

        result.finish(
            name: name, bytesRead: bytesRead, reachedMaxCount: remaining == 0,
            binaryFileMatches: heldBackEncodingError || selectedBeforeBinary >= 0 && selectedBeforeBinary < result.selectedLines,
            policy: policy, diagnostics: diagnostics, sink: sink)
        return result
    }

    // MARK: Terms that span lines

    /// With `--multiline`, searches the input for each term of the query that may match a line
    /// terminator, each alone over the whole input (`reopen` gives the input from its start
    /// each time, nil when it cannot), and lets the query's matcher know which lines their
    /// matches touch: the first pass of a query with such terms. Returns false when the input
    /// could not be read again (then nothing is set).
    func findSpanningLines(input: SinkInput, reopen: () -> InputSource?) -> Bool {
        guard let queryMatcher, !spanningSearchers.isEmpty else { return true }
        var lines = Array(repeating: [Range<Int>](), count: queryMatcher.termCount)
        var pieces: [Range<Int>] = []
        for (term, searcher, recorder) in spanningSearchers {
            guard let source = reopen() else { return false }
            _ = searcher.search(source, input: input)
            lines[term] = recorder.lineRanges
            pieces += recorder.pieces
        }
        queryMatcher.setSpannedLines(lines, pieces: pieces)
        return true
    }

    // MARK: The file scope

    /// Reads all of `source` and returns whether the Boolean query holds over it, each term
    /// holding when it matches any line (the first pass of the file scope); nil when there is
    /// no query or the input cannot be read (the search that follows reports it).
    ///
    /// The lines that hold none of the terms not yet found (at first
    /// ``QueryLineMatcher/allTermsSearcher``, then an alternation of the terms still missing,
    /// compiled when one is found) are passed over; on the others only the terms not yet found
    /// are asked about, and once every term is found the reading stops.
    func probeQuery(_ source: InputSource) -> Bool? {
        guard let queryMatcher else { return nil }
        nulEndsLines = false
        var found = Array(repeating: false, count: queryMatcher.termCount)
        var missing = found.count
        var prefilter = queryMatcher.allTermsSearcher.flatMap { $0.hasPrefilter ? $0 : nil }
        // A term that spans lines is decided already (``findSpanningLines(input:reopen:)``): found
        // when it touched a line. The others are looked for line by line.
        let spanning = queryMatcher.patterns.spanningTermIndices
        if !spanning.isEmpty {
            for term in spanning {
                found[term] = !queryMatcher.spannedLines[term].isEmpty
                missing -= 1
            }
            let lineTerms = found.indices.filter { queryMatcher.patterns.spanningTerms[$0] == nil }
            prefilter = queryMatcher.patterns.alternation(of: lineTerms).flatMap { try? LineSearcher($0) }.flatMap { $0.hasPrefilter ? $0 : nil }
        }
        var foundOnLine = false
        let terminator = policy.lineTerminator
        decodedLine = nil
        buffer.count = 0
        var lineStart = 0
        defer {
            buffer.count = 0
            buffer.endView()
            decodedLine = nil
        }

        /// Asks about the line `start..<end` of the buffer for each term not yet found.
        func probeLine(start: Int, end: Int) {
            let content = UnsafeRawBufferPointer(start: buffer.base + start, count: end - start)
            queryMatcher.startLine()
            for term in found.indices where !found[term] && (spanning.isEmpty || queryMatcher.patterns.spanningTerms[term] == nil) {
                // A line on which ICU stops at a limit proves nothing of the term.
                if (try? queryMatcher.termMatches(term, on: content)) == true {
                    found[term] = true
                    missing -= 1
                    foundOnLine = true
                }
            }
        }

        reading: while missing > 0 {
            buffer.makeRoom(Self.readSize, discarding: lineStart)
            lineStart = 0
            decodedLine = nil
            let blockStart = buffer.count
            let count = source.readBlock(into: &buffer, limit: Self.readSize, findsNUL: false)
            if count < 0 { return nil }
            if count == 0 {
                if lineStart < buffer.count {
                    probeLine(start: lineStart, end: buffer.count)
                }
                break
            }
            guard let lastEnd = lastTerminator(from: blockStart, to: buffer.count) else { continue }
            let block = UnsafeRawBufferPointer(start: buffer.base, count: lastEnd + 1)
            prefilter?.forgetBlock()
            var position = lineStart
            while position <= lastEnd {
                if let prefilter {
                    let candidate = prefilter.nextCandidateLine(
                        in: block, from: position, terminator: terminator, nulEndsLines: false)
                    position = candidate.start
                    if position > lastEnd { break }
                }
                let end = nextTerminator(from: position, to: lastEnd + 1)
                foundOnLine = false
                probeLine(start: position, end: end)
                if missing == 0 { break reading }
                if foundOnLine {
                    // Look for the terms still missing only.
                    let missingTerms = found.indices.filter { !found[$0] && (spanning.isEmpty || queryMatcher.patterns.spanningTerms[$0] == nil) }
                    prefilter = queryMatcher.patterns.alternation(of: missingTerms)
                        .flatMap { try? LineSearcher($0) }.flatMap { $0.hasPrefilter ? $0 : nil }
                    prefilter?.forgetBlock()
                }
                position = end + 1
            }
            prefilter?.forgetBlock()
            lineStart = lastEnd + 1
        }
        return queryMatcher.patterns.query.holds { found[$0] }
    }

    // MARK: Reading

    /// Reads `source` block by block and searches every line.
    private func readLines(from source: InputSource) {
        var lineStart = 0
        if remaining == 0 {
            return
        }
        defer {
            reportHeldRun()
            prefilter?.forgetScannedBlock()
        }
        while !stops {
            // The bytes of the block scanned last may move now.
            prefilter?.forgetScannedBlock()
            // Keep the unfinished line and the lines held for leading context; drop the rest.
            let keepFrom = min(lineStart, ring.oldest?.start ?? lineStart)
            if keepFrom > 0 {
                firstBufferedLine = keepFrom < lineStart ? ring.oldest!.number : lineNumber + 1
            }
            buffer.makeRoom(Self.readSize, discarding: keepFrom)
            bufferOffset += keepFrom
            lineStart -= keepFrom
            ring.shift(by: keepFrom)
            decodedLine = nil

            let blockStart = buffer.count
            let findsNUL = policy.detectsBinary && !nulEndsLines
            // The prefilter's scan of the block for its literals finds the NUL in the same pass,
            // and is then the block's first read (see ``scanBlockFindingNUL(from:)``).
            let scansBlock = findsNUL && scansBlocksFindingNUL
            let count = source.readBlock(into: &buffer, limit: Self.readSize, findsNUL: findsNUL && !scansBlock, callerReadsBlock: scansBlock)
            if count > 0 && scansBlock {
                let nul = scanBlockFindingNUL(lineStart: lineStart, blockStart: blockStart)
                if !source.blockIsIntact() {
                    result.shrank = true
                    return
                }
                if nul < buffer.count {
                    inputIsBinary(nulOffset: bufferOffset + nul)
                    if stops { return }
                }
            }
            if count < 0 {
                // As grep: report, and forget the unfinished line.
                if source.shrank {
                    result.shrank = true
                } else {
                    result.readErrorNumber = source.errorNumber
                }
                return
            }
            if count == 0 {
                result.reachedEnd = true
                if lineStart < buffer.count {
                    dropTrailingContextIfBinaryBlockSelects(from: lineStart, to: buffer.count)
                    searchLine(start: lineStart, end: buffer.count, terminated: false, known: lastLineVerdict(from: lineStart))
                }
                return
            }
            if let nul = source.firstNUL {
                inputIsBinary(nulOffset: bufferOffset + blockStart + nul)
                if stops { return }
            }
            guard let lastEnd = lastTerminator(from: blockStart, to: buffer.count) else {
                continue  // The line goes on in the next block.
            }
            dropTrailingContextIfBinaryBlockSelects(from: lineStart, to: lastEnd)
            searchLines(from: lineStart, through: lastEnd)
            lineStart = lastEnd + 1
        }
    }

    /// True when the prefilter scans a block for its literals and its first NUL byte in one
    /// pass (``LineSearcher/scansBlocksFindingNUL``), and the search asks it about the lines.
    private var scansBlocksFindingNUL: Bool {
        guard let prefilter, remaining > 0 else { return false }
        return prefilter.scansBlocksFindingNUL
    }

    /// The offset in the buffer of the first NUL byte of the block read last, from
    /// `blockStart` to the buffer's end, or `buffer.count`, found by the prefilter's scan of
    /// those bytes for its literal (or Teddy's candidates), whose occurrences then answer the
    /// questions about the block's lines without a second pass
    /// (``LineSearcher/scanBlockFindingNUL(_:from:)``).
    /// The scan starts at `lineStart`, the start of the line that went on into the block, so
    /// that the literal is found where it spans the two blocks, unless that line is longer
    /// than a block: its bytes before the block would be scanned again with each block that
    /// does not end it. No NUL lies before `blockStart`: it would have turned the input binary
    /// in the block before, and then no NUL would be sought.
    ///
    /// GNU grep looks for a NUL in each block it reads (`buf_has_nulls`) before it searches the
    /// block's lines, and a NUL turns the block, and what follows, binary; ripgrep looks in
    /// the first 64 KiB of a mapped file and in each line it reports. The NUL's search was
    /// a pass of its own over each block, the first read of a mapped block's pages, which
    /// brings them in (a quarter of the time of `icugrep Holmes` on a large file, a tenth of
    /// five names' with Teddy); with it in the literals' scan, the block is read once, and its
    /// second reads, by the questions about its lines, come from the cache.
    private func scanBlockFindingNUL(lineStart: Int, blockStart: Int) -> Int {
        let block = UnsafeRawBufferPointer(start: buffer.base, count: buffer.count)
        let start = blockStart - lineStart <= Self.readSize ? lineStart : blockStart
        return prefilter?.scanBlockFindingNUL(block, from: start) ?? buffer.count
    }

    /// What the prefilter knows of the input's last line, `start..<buffer.count`, which has
    /// no terminator: asked about it as the other lines are, followed by a terminator written
    /// after it (outside the bytes in use), since the prefilter reads the line's end there.
    /// Nil when it must be matched: no prefilter, `-m` reached, or a possible match.
    /// (Without this, the last line of each file without a final newline was matched whole,
    /// which in a minified file is most of the file.)
    private func lastLineVerdict(from start: Int) -> Verdict? {
        guard let prefilter, remaining > 0 else { return nil }
        buffer.makeRoom(1, discarding: 0)
        buffer.base.storeBytes(of: policy.lineTerminator, toByteOffset: buffer.count, as: UInt8.self)
        let block = UnsafeRawBufferPointer(start: buffer.base, count: buffer.count + 1)
        prefilter.forgetBlock()
        let candidate = prefilter.nextCandidateLine(
            in: block, from: start, terminator: policy.lineTerminator, nulEndsLines: nulEndsLines)
        prefilter.forgetBlock()
        if candidate.start >= block.count { return .noMatch }
        return candidate.verdict == .certainMatch && !usesQuery ? .match : nil
    }

    /// The offset of the last line terminator in `start..<end` of the buffer, if any. (A
    /// backward scan: it usually stops within one line of the end. It passes over 32 bytes at
    /// a time, so that a block inside a long line, as in a minified file, costs little.)
    @inline(__always)
    private func lastTerminator(from start: Int, to end: Int) -> Int? {
        let bytes = buffer.base.assumingMemoryBound(to: UInt8.self)
        let terminator = policy.lineTerminator
        var index = end
        let terminators = SIMD32<UInt8>(repeating: terminator)
        let nuls = SIMD32<UInt8>(repeating: 0)
        while index - start >= 32 {
            let chunk = buffer.base.loadUnaligned(fromByteOffset: index - 32, as: SIMD32<UInt8>.self)
            var ends = chunk .== terminators
            if nulEndsLines { ends .|= chunk .== nuls }
            // A true lane is all ones; read as four words, one is then non-zero (`any(_:)` is
            // a call of its own here).
            let words = unsafeBitCast(ends, to: SIMD4<UInt64>.self)
            if (words[0] | words[1]) | (words[2] | words[3]) != 0 { break }  // Found below.
            index -= 32
        }
        while index > start {
            index -= 1
            let byte = bytes[index]
            if byte == terminator || (nulEndsLines && byte == 0) {
                return index
            }
        }
        return nil
    }

    /// The offset of the first line terminator in `start..<end` of the buffer, or `end`.
    @inline(__always)
    private func nextTerminator(from start: Int, to end: Int) -> Int {
        LineBounds.end(
            ofLineStartingAt: start, in: UnsafeRawBufferPointer(start: buffer.base, count: end),
            terminator: policy.lineTerminator, nulEndsLines: nulEndsLines)
    }

    /// Searches the complete lines from `start` up to the terminator at `lastEnd`.
    ///
    /// With a prefilter, the lines before the next candidate line are passed over as a
    /// whole: they cannot match, so all they need is to be counted (and, while trailing
    /// context is due or leading context is kept, to be handled one by one as rejected
    /// lines), or with `-v` to be selected without asking ICU; a candidate that the
    /// prefilter proved to match is decided without asking ICU too, and when nothing but the
    /// selected lines' bytes is printed (``selectsRuns``) it is selected as a run of one line
    /// (``selectRun(from:to:lines:isASCII:)``), without the questions of
    /// ``selectLine(start:end:terminated:content:)`` about context, separators and `-o`, its
    /// end found in the pass that tells whether it is ASCII.
    @inline(__always)
    private func searchLines(from start: Int, through lastEnd: Int) {
        let limit = lastEnd + 1
        let block = UnsafeRawBufferPointer(start: buffer.base, count: limit)
        let prefilter = self.prefilter
        let prefilters = prefilter != nil
        // Held by `prefilter` for the block, and lent for each line's question, which then
        // costs no retain and release of it.
        let lentPrefilter = prefilter.map { Unmanaged.passUnretained($0) }
        if let prefilter {
            prefilter.forgetBlock()
        }
        var position = start
        if let forcedVerdict {
            // The file scope decided every line: only selected lines, with -l, -L or -q, are
            // wanted, and at the first the search stops.
            if forcedVerdict && position < limit {
                searchLine(
                    start: position, end: nextTerminator(from: position, to: limit), terminated: true,
                    known: invertsVerdict ? .noMatch : .match)
            }
            return
        }
        if prefilters && !nulEndsLines && !usesQuery {
            if countsInBulk && countLinesInBulk(from: start, in: block) {
                position = limit
            } else if policy.invertMatch && selectsRuns {
                position = selectLinesInRuns(from: start, in: block)
            }
        }
        // Whether a line the prefilter proved to match is selected as a run of one line:
        // without `-v` (whose proved lines are rejected), a query, or a count of the matches
        // (which ``selectRun(from:to:lines:isASCII:)`` does not count). What ``selectsRuns`` reads
        // stays as it is within the block once it holds.
        let selectsCertainLines = prefilters && !invertsVerdict && !usesQuery && !policy.countsEachMatch && selectsRuns
        while position < limit && !stops {
            var known: Verdict? = nil
            if prefilters && remaining > 0 {
                let candidate = lentPrefilter.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                    $0.nextCandidateLine(in: block, from: position, terminator: policy.lineTerminator, nulEndsLines: nulEndsLines)
                }
                if candidate.start > position {
                    passOverLines(from: position, to: candidate.start)
                    position = candidate.start
                    if position >= limit || stops { break }
                }
                if case .certainMatch = candidate.verdict {
                    if usesQuery {
                        candidateIsCertain = true
                    } else {
                        known = .match
                    }
                }
            }
            let end: Int
            if selectsCertainLines && known == .match {
                // Its end, and whether it is ASCII, which holds no encoding error, in one pass.
                let line = LineBounds.endAndWhetherASCII(ofLineStartingAt: position, in: block, terminator: policy.lineTerminator)
                end = line.end
                // (A line that reaches `-m`, or holds an encoding error, is selected by
                // `searchLine`.)
                if selectRun(from: position, to: end + 1, lines: 1, isASCII: line.isASCII) {
                    position = end + 1
                    continue
                }
            } else {
                end = nextTerminator(from: position, to: limit)
            }
            searchLine(start: position, end: end, terminated: true, known: known)
            position = end + 1
        }
        // With `-v`, grep ends a run of selected lines with its block too.
        if heldLineContextIsDue { printTrailingContextOfHeldLine() }
        // The buffer's bytes move before the next block: the run held is reported now.
        reportHeldRun()
        if let prefilter {
            // The block ends here for the prefilter too: the time until the next block's
            // first question, spent reading it, is not this block's search.
            prefilter.forgetBlock()
        }
    }

    /// True when only the number of selected lines is wanted (`-c`), or with
    /// `--count-matches` that and the number of their matches, and no line is printed, held
    /// for context or needed to stop the search.
    private var countsInBulk: Bool {
        policy.countsMatches && quiet && !stopsAtNextMatch && !policy.exitsAtFirstMatch && pending == 0
    }

    /// Selects the lines of `start..<block.count` by their number alone, when the prefilter
    /// decides every line and counts the matching ones in bulk
    /// (``LineSearcher/countMatchingLines(in:from:terminator:)``; with `--count-matches`,
    /// ``LineSearcher/countMatches(in:from:terminator:)``, which counts their matches too) and
    /// `-m` is not reached within them. Returns false, having done nothing, otherwise: then
    /// they are searched one by one. ``FileSearchResult/endOfLastSelectedLine`` is left as it
    /// is: it is read only when `-m` ended the search, which is never within these lines.
    private func countLinesInBulk(from start: Int, in block: UnsafeRawBufferPointer) -> Bool {
        let matching: Int
        var matches = 0
        if policy.countsEachMatch && !policy.invertMatch {
            guard let counted = lineSearcher.countMatches(in: block, from: start, terminator: policy.lineTerminator)
            else { return false }
            (matching, matches) = counted
        } else {
            guard let counted = lineSearcher.countMatchingLines(in: block, from: start, terminator: policy.lineTerminator)
            else { return false }
            matching = counted
        }
        let lines = policy.invertMatch || policy.numbersLines
            ? TerminatorCounting.count(in: buffer.base, from: start, to: block.count, terminator: policy.lineTerminator, nulEndsLines: false)
            : 0
        let selected = policy.invertMatch ? lines - matching : matching
        guard selected < remaining else { return false }
        lineNumber += lines
        remaining -= selected
        result.selectedLines += selected
        result.matches += matches
        if selected > 0 {
            result.selectedAnyLine = true
            hasSelectedBefore = true
        }
        return true
    }

    /// Passes over the complete lines of `start..<end`, which the prefilter proved cannot
    /// match: one count of their terminators when nothing is printed or kept for them (none
    /// when lines are not numbered), or one by one as rejected lines when trailing context is
    /// due or leading context is kept, or as selected lines with `-v` (as one run when
    /// ``selectRun(from:to:)`` can).
    private func passOverLines(from start: Int, to end: Int) {
        if pending == 0 && (quiet || ring.limit == 0) && !invertsVerdict {
            guard policy.numbersLines else { return }
            lineNumber += TerminatorCounting.count(
                in: buffer.base, from: start, to: end, terminator: policy.lineTerminator, nulEndsLines: nulEndsLines)
            return
        }
        if invertsVerdict && selectRun(from: start, to: end) {
            return
        }
        if passContextRun(from: start, to: end) {
            return
        }
        var position = start
        while position < end && !stops {
            let lineEnd = nextTerminator(from: position, to: end)
            searchLine(start: position, end: lineEnd, terminated: true, known: .noMatch)
            position = lineEnd + 1
        }
    }

    /// True when selected lines may be selected as one run, when nothing but their count and
    /// their bytes is needed: no context, no group separators, no stop at the first selected
    /// line, and either nothing printed or lines printed as they are
    /// (``SearchSink/printsRunsOfLines``).
    private var selectsRuns: Bool {
        pending == 0 && ring.limit == 0 && policy.afterContext == 0 && !policy.separatesGroups
            && !nulEndsLines && !stopsAtNextMatch && !policy.exitsAtFirstMatch && firstGroupSeparatorMark == nil
            && (quiet || sink.printsRunsOfLines)
    }

    /// With `--passthru`, prints the complete lines of `start..<end`, which are not selected,
    /// as one run of bytes, when context lines are printed as they are
    /// (``SearchSink/printsRunsOfContextLines``, as with `--replace`, which replaces in
    /// selected lines only) and every line from here on is printed (`pending` is unbounded).
    /// Returns false, having done nothing, otherwise, and for a run holding an encoding error,
    /// whose line is held back on its own (GNU grep's rule).
    private func passContextRun(from start: Int, to end: Int) -> Bool {
        guard policy.passesThrough && pending == Int.max && !invertsVerdict && !quiet && !nulEndsLines
            && sink.printsRunsOfContextLines && start < end
        else { return false }
        let run = UnsafeRawBufferPointer(start: buffer.base + start, count: end - start)
        if policy.holdsBackEncodingErrors && holdsEncodingError(from: start, to: end) {
            return false
        }
        reportHeldRun()
        lineNumber += TerminatorCounting.count(
            in: buffer.base, from: start, to: end, terminator: policy.lineTerminator, nulEndsLines: false)
        lastPrintedLine = lineNumber
        afterLastPrintedLine = bufferOffset + end
        sink.contextRun(run)
        if sink.hasFailed {
            result.endsRun = true
            stops = true
        }
        return true
    }

    /// With `-v`, selects the complete lines of `start..<end` as one run, when
    /// ``selectsRuns`` and `-m` is not reached within them. Returns false, having done
    /// nothing, otherwise: then they are selected one by one.
    private func selectRun(from start: Int, to end: Int) -> Bool {
        guard selectsRuns else { return false }
        let count = TerminatorCounting.count(
            in: buffer.base, from: start, to: end, terminator: policy.lineTerminator, nulEndsLines: false)
        return selectRun(from: start, to: end, lines: count)
    }

    /// Selects the `count` complete lines of `start..<end` as one run (``selectsRuns`` must
    /// hold), unless `-m` is reached within them, or they hold an encoding error (then they
    /// are selected line by line, which holds that line back). Returns false, having done
    /// nothing, then. `isASCII` says the lines are known to be ASCII: then they are not read
    /// for encoding errors. The run is printed at once, after the run held (joining the run
    /// held instead cost `-v -w the` 0.8% more instructions).
    private func selectRun(from start: Int, to end: Int, lines count: Int, isASCII: Bool = false) -> Bool {
        guard count > 0 && count < remaining else { return false }
        if policy.holdsBackEncodingErrors && !quiet && !isASCII && holdsEncodingError(from: start, to: end) {
            return false
        }
        reportHeldRun()
        lineNumber += count
        remaining -= count
        result.selectedLines += count
        result.selectedAnyLine = true
        result.endOfLastSelectedLine = bufferOffset + end
        hasSelectedBefore = true
        if !quiet {
            sink.matchedRun(UnsafeRawBufferPointer(start: buffer.base + start, count: end - start))
            lastPrintedLine = lineNumber
            afterLastPrintedLine = bufferOffset + end
            if sink.hasFailed {
                result.endsRun = true
                stops = true
            }
        }
        return true
    }

    /// With `-v`, searches the lines of `start..<block.count` in runs, when ``selectsRuns`` and
    /// the prefilter tells runs of matching lines from runs of others
    /// (``LineSearcher/lineRun(in:from:terminator:matching:)``): each run of matching lines is
    /// passed over, each run of others selected as one piece, without a question per line
    /// where most lines match (`-v e`). Returns the start of the first line left to search one
    /// by one: `block.count` when none is, `start` when the prefilter finds no runs, the start
    /// of the run in which `-m` is reached.
    private func selectLinesInRuns(from start: Int, in block: UnsafeRawBufferPointer) -> Int {
        let terminator = policy.lineTerminator
        var position = start
        while position < block.count && !stops {
            guard let matching = lineSearcher.lineRun(in: block, from: position, terminator: terminator, matching: true)
            else { return position }
            lineNumber += matching.lines
            position = matching.end
            guard position < block.count,
                let others = lineSearcher.lineRun(in: block, from: position, terminator: terminator, matching: false),
                selectRun(from: position, to: others.end, lines: others.lines)
            else { return position }
            position = others.end
        }
        return position
    }

    /// Turns the input binary, after a NUL byte was read at `nulOffset` in the input.
    private func inputIsBinary(nulOffset: Int) {
        if policy.convertsBinary {
            // ripgrep's JSON: NUL bytes end lines from here on, and the search goes on.
            sink.binaryData(offset: nulOffset)
            nulEndsLines = true
            return
        }
        switch policy.binaryFiles {
        case .withoutMatch:
            // grep treats the whole input as having no match, whatever was printed before.
            result.selectedLines = 0
            stops = true
        case .binary:
            if !policy.countsMatches {
                quiet = true
                stopsAtNextMatch = true
            }
            selectedBeforeBinary = result.selectedLines
            if policy.passesThrough {
                pending = 0
            }
            nulEndsLines = true
            ring.removeAll()
        case .text:
            break
        }
    }

    /// In a binary input, trailing context still due from before the NUL byte is printed only
    /// from blocks without a selected line: grep searches a whole block before printing
    /// pending context, and in a binary input a selected line resets it. So look ahead over
    /// the lines of `start..<end` and drop the context when one of them is selected.
    private func dropTrailingContextIfBinaryBlockSelects(from start: Int, to end: Int) {
        guard nulEndsLines && pending > 0 && remaining > 0 && !policy.convertsBinary else { return }
        var position = start
        while position < end {
            let lineEnd = nextTerminator(from: position, to: end)
            let content = UnsafeRawBufferPointer(start: buffer.base + position, count: lineEnd - position)
            // A line on which ICU stops at a limit is neither selected nor rejected.
            let matches: Bool?
            do {
                matches = try lineMatches(content)
            } catch {
                matches = nil
            }
            if let matches, matches != invertsVerdict {
                pending = 0
                return
            }
            position = lineEnd + 1
        }
    }

    // MARK: Lines

    /// What ICU, or the prefilter, said of a line.
    private enum Verdict {
        case match
        case noMatch
        /// ICU stopped at a limit: the line is neither selected nor rejected.
        case skipped
    }

    /// Searches the line whose content is `start..<end` of the buffer.
    /// - Parameters:
    ///   - terminated: False for a last line without a terminator.
    ///   - known: What the prefilter proved of the line: `.match` or `.noMatch`; nil when ICU
    ///     must decide.
    @inline(__always)
    private func searchLine(start: Int, end: Int, terminated: Bool, known: Verdict? = nil) {
        lineNumber += 1
        let content = UnsafeRawBufferPointer(start: buffer.base + start, count: end - start)
        if remaining == 0 {
            // -m is reached: only trailing context remains, matching or not.
            if pending > 0 {
                if printLine(content, selected: false, number: lineNumber, offset: bufferOffset + start) {
                    pending -= 1
                } else {
                    endTrailingContextAtHeldLine(start: start, end: end)
                }
            }
            if pending == 0 { stops = true }
            return
        }
        if usesQuery, let queryMatcher { queryMatcher.lineOffset = bufferOffset + start }
        // A forced verdict says whether the line is selected, -v taken into account.
        let verdict = known ?? forcedVerdict.map { $0 != invertsVerdict ? .match : .noMatch } ?? evaluate(content)
        if verdict == .skipped {
            rejectLine(start: start, end: end, content: content)
            return
        }
        if (verdict == .match) != invertsVerdict {
            selectLine(start: start, end: end, terminated: terminated, content: content)
        } else {
            rejectLine(start: start, end: end, content: content)
        }
    }

    private func selectLine(start: Int, end: Int, terminated: Bool, content: UnsafeRawBufferPointer) {
        result.selectedLines += 1
        remaining -= 1
        result.endOfLastSelectedLine = bufferOffset + end + (terminated ? 1 : 0)
        let separatorMayBeDue = hasSelectedBefore
        hasSelectedBefore = true
        result.selectedAnyLine = true
        if policy.countsEachMatch && !policy.invertMatch {
            result.matches += countMatches(in: content)
        }
        if !quiet {
            let groupStart = ring.oldest?.number ?? lineNumber
            // grep searches a last line without a terminator after the others, as a block of
            // its own, and forgets where its output ended unless leading context could reach
            // it (which matters only after lines held back for an encoding error).
            let outputEnds = (lastPrintedLine > 0 || contextStartedAtInputStart)
                && (terminated || lineNumber - 1 - lastPrintedLine <= ring.limit)
            let continuesRun = invertsVerdict && terminated && lastHeldSelectedLine > 0
                && lastHeldSelectedLine == lineNumber - 1
            if policy.separatesGroups && separatorMayBeDue && !continuesRun
                && (!outputEnds || groupStart != lastPrintedLine + 1)
            {
                reportHeldRun()
                sink.contextBreak()
            } else if policy.separatesGroups && !separatorMayBeDue, let firstGroupSeparatorMark {
                reportHeldRun()
                firstGroupSeparatorMark()
            }
            // The ring's lines from `unprintedFrom` on were held back for an encoding error.
            var unprintedFrom = 0
            for index in 0..<ring.count {
                let held = ring[index]
                let heldContent = UnsafeRawBufferPointer(start: buffer.base + held.start, count: held.end - held.start)
                if printLine(heldContent, selected: false, number: held.number, offset: bufferOffset + held.start) {
                    unprintedFrom = index + 1
                }
            }
            if printLine(content, selected: true, number: lineNumber, offset: bufferOffset + start)
                || policy.onlyMatching
            {
                // (With `-o`, grep prints nothing of context lines, and a line whose matches
                // it held back counts here as printed.)
                ring.removeAll()
                pending = policy.afterContext
                heldLineContextIsDue = false
            } else {
                // Held back for an encoding error. GNU grep counts context from the last line it
                // printed, not from this one, and tries this line again for each line of
                // trailing context: none follows it. The lines held back since the last line
                // printed, this one included, stay leading context of the next selected line,
                // which is therefore not separated from them.
                lastHeldSelectedLine = lineNumber
                ring.removeOldest(unprintedFrom)
                ring.append(HeldLine(start: start, end: end, number: lineNumber))
                if !policy.passesThrough && policy.afterContext > 0 {
                    pending = 0
                    heldLineContextIsDue = true
                    if !invertsVerdict || remaining == 0 { printTrailingContextOfHeldLine() }
                }
            }
        }
        if policy.exitsAtFirstMatch {
            result.endsRun = true
            stops = true
        } else if stopsAtNextMatch || (remaining == 0 && pending == 0) {
            stops = true
        }
    }

    private func rejectLine(start: Int, end: Int, content: UnsafeRawBufferPointer) {
        if heldLineContextIsDue { printTrailingContextOfHeldLine() }
        // Trailing context due from before a binary input turned quiet is still printed.
        if pending > 0 {
            if printLine(content, selected: false, number: lineNumber, offset: bufferOffset + start) {
                pending -= 1
            } else {
                endTrailingContextAtHeldLine(start: start, end: end)
            }
        } else if !quiet && ring.limit > 0 {
            ring.append(HeldLine(start: start, end: end, number: lineNumber))
        }
    }

    /// Prints the trailing context of a selected line held back for an encoding error (with
    /// `-v`, of the run of selected lines it ends) as GNU grep does: grep counts the context
    /// from the line after the last line it printed, not from the held-back line, and tries
    /// each line again until one holds an encoding error, where it stops (see
    /// ``endTrailingContextAtHeldLine(start:end:)``). The held-back line holds one, so no line
    /// after it is printed, and lines before it that were neither selected nor context are
    /// printed as context. When the line after the last printed one has left the buffer,
    /// grep starts from the start of its buffer, and this from the start of its own.
    private func printTrailingContextOfHeldLine() {
        heldLineContextIsDue = false
        var position = afterLastPrintedLine - bufferOffset
        var number = lastPrintedLine + 1
        if position < 0 {
            (position, number) = (0, firstBufferedLine)
        }
        if lastPrintedLine == 0 { contextStartedAtInputStart = true }
        var due = policy.afterContext
        while due > 0 && position < buffer.count && !stops {
            let end = nextTerminator(from: position, to: buffer.count)
            if holdsEncodingError(from: position, to: end) {
                heldBackEncodingError = true
                break
            }
            let content = UnsafeRawBufferPointer(start: buffer.base + position, count: end - position)
            printLine(content, selected: false, number: number, offset: bufferOffset + position)
            due -= 1
            number += 1
            position = end + 1
        }
    }

    /// Ends the trailing context at the line `start..<end`, which was held back for an
    /// encoding error (GNU grep's rule): grep does not count a line it held back as printed,
    /// so it tries the same line again for each line of context still due, and prints none of
    /// the lines after it. The line stays leading context of the next selected line, as in
    /// grep, whose leading context reaches back to the last line printed. With `--passthru`
    /// every other line is still printed.
    private func endTrailingContextAtHeldLine(start: Int, end: Int) {
        guard !policy.passesThrough else { return }
        pending = 0
        if !quiet && ring.limit > 0 {
            ring.append(HeldLine(start: start, end: end, number: lineNumber))
        }
    }

    /// Reports a line to the sink, with its matches when the sink wants them; a selected line
    /// that the sink prints as it is joins the run of such lines held (``heldRun``). Returns
    /// false when the line, or with `-o` one of its matches, was held back for an encoding
    /// error: then, as in GNU grep, it does not count as printed (``lastPrintedLine`` stays).
    @discardableResult
    private func printLine(_ content: UnsafeRawBufferPointer, selected: Bool, number: Int, offset: Int) -> Bool {
        let start = UnsafeRawPointer(buffer.base).distance(to: content.baseAddress!)
        let end = start + content.count
        // A line is unterminated only at the end of the input, where the buffer ends too.
        let terminated = end < buffer.count
        if policy.holdsBackEncodingErrors && !policy.onlyMatching && holdsEncodingError(from: start, to: end) {
            heldBackEncodingError = true
            return false
        }
        if selected && terminated && !nulEndsLines && sink.printsRunsOfLines {
            // Its terminator is the output line's end too (a newline, or NUL with `-z`).
            if heldRun.upperBound != start {
                reportHeldRun()
                heldRun = start..<start
            }
            heldRun = heldRun.lowerBound..<(end + 1)
            lastPrintedLine = number
            afterLastPrintedLine = bufferOffset + end + 1
            return true
        }
        reportHeldRun()
        var line = SinkLine(content: content, number: number, byteOffset: offset, terminated: terminated)
        let needsMatches = sink.needsMatches(selected: selected)
        // With `-o`, the matches after one holding an encoding error are held back.
        var heldBackMatch = false
        if needsMatches {
            forgetMatches()
            collectMatches(in: content, lineNumber: number)
            if selected && usesQuery && !spanningSearchers.isEmpty, let queryMatcher {
                addSpannedPieces(queryMatcher.spannedPieces(in: offset..<(offset + content.count)), in: content)
            }
            if checksMatchesForEncodingErrors {
                let matchesFound = matchRanges.count
                if holdBackMatchesFromEncodingError(in: content) { return false }
                heldBackMatch = matchRanges.count < matchesFound
            }
            // Lent to the line and taken back after the call: no reference counting of the
            // arrays for each line.
            swap(&line.matches, &matchRanges)
            line.firstMatch = firstMatchStart
            swap(&line.utf16Matches, &matchUnitRanges)
        }
        if selected {
            sink.matched(line)
        } else {
            sink.context(line)
        }
        if needsMatches {
            swap(&line.matches, &matchRanges)
            swap(&line.utf16Matches, &matchUnitRanges)
        }
        if sink.hasFailed {
            result.endsRun = true
            stops = true
        }
        guard !heldBackMatch else { return false }
        lastPrintedLine = number
        afterLastPrintedLine = bufferOffset + end + 1
        return true
    }

    /// Reports the run of selected lines held (``heldRun``), if any, to the sink.
    @inline(__always)
    private func reportHeldRun() {
        guard !heldRun.isEmpty else { return }
        sink.matchedRun(UnsafeRawBufferPointer(start: buffer.base + heldRun.lowerBound, count: heldRun.count))
        heldRun = 0..<0
        if sink.hasFailed {
            result.endsRun = true
            stops = true
        }
    }

    /// True when `start..<end` of the buffer holds an encoding error; the bytes of
    /// ``asciiStretch`` are not read again.
    @inline(__always)
    private func holdsEncodingError(from start: Int, to end: Int) -> Bool {
        !isKnownASCII(from: start, to: end)
            && UTF8EncodingErrors.contained(in: UnsafeRawBufferPointer(start: buffer.base + start, count: end - start))
    }

    /// True when `start..<end` of the buffer is ASCII by ``asciiStretch``, after making the
    /// stretch cover it when it can (``ASCIIStretch/cover(line:to:in:inputOffset:)``); false
    /// when it holds a byte outside ASCII or is not known to be ASCII.
    @inline(__always)
    private func isKnownASCII(from start: Int, to end: Int) -> Bool {
        let inputStart = bufferOffset + start
        let inputEnd = bufferOffset + end
        if start < end && !asciiStretch.contains(inputStart, inputEnd) {
            let bytes = UnsafeRawBufferPointer(start: buffer.base, count: buffer.count)
            asciiStretch.cover(line: start, to: end, in: bytes, inputOffset: bufferOffset)
        }
        return start == end || asciiStretch.contains(inputStart, inputEnd)
    }

    /// With `-o`, drops the first match that holds an encoding error and those after it, as
    /// GNU grep stops printing a line's matches there; true when no match is left to print.
    private func holdBackMatchesFromEncodingError(in content: UnsafeRawBufferPointer) -> Bool {
        let start = UnsafeRawPointer(buffer.base).distance(to: content.baseAddress!)
        if isKnownASCII(from: start, to: start + content.count) { return false }
        guard let firstError = matchRanges.firstIndex(where: { range in
            UTF8EncodingErrors.contained(in: UnsafeRawBufferPointer(rebasing: content[range]))
        }) else { return false }
        heldBackEncodingError = true
        matchRanges.removeSubrange(firstError...)
        if matchUnitRanges.count > firstError { matchUnitRanges.removeSubrange(firstError...) }
        return matchRanges.isEmpty
    }

    // MARK: Matching

    /// Empties the matches collected for the last line, keeping the arrays' storage.
    /// (`matchUnitRanges` is filled for `--json` only: emptying it when it is empty already
    /// would cost a call for each line. The array's `removeAll(keepingCapacity:)` replaces
    /// its whole range with an empty collection, about 65 instructions; `removeLast()`, for
    /// the one match most lines hold, costs a fifth of that.)
    @inline(__always)
    private func forgetMatches() {
        if matchRanges.count == 1 {
            matchRanges.removeLast()
        } else if !matchRanges.isEmpty {
            matchRanges.removeAll(keepingCapacity: true)
        }
        if !matchUnitRanges.isEmpty { matchUnitRanges.removeAll(keepingCapacity: true) }
        firstMatchStart = nil
    }

    /// The number of non-empty matches in the line, as `-o` would print them.
    private func countMatches(in content: UnsafeRawBufferPointer) -> Int {
        forgetMatches()
        collectMatches(in: content, lineNumber: lineNumber)
        return matchRanges.count
    }

    /// The line as the line searcher reads it: decoded to UTF-16 (reusing the last decoding when it
    /// is the same line), or its bytes when it is very long.
    @inline(__always)
    private func text(of content: UnsafeRawBufferPointer) -> (text: LineText, isASCII: Bool) {
        if content.count > Self.longLineLength {
            return (.utf8(content), false)
        }
        if let decodedLine, decodedLine.start == content.baseAddress, decodedLine.count == content.count {
            return (.utf16(decodedLine.units), decodedLine.isASCII)
        }
        var isASCII = false
        let units = decoder.decode(content, isASCII: &isASCII)
        decodedLine = (content.baseAddress, content.count, units, isASCII)
        return (.utf16(units), isASCII)
    }

    /// Whether the line matches: the patterns (or, with a query, whether the query holds,
    /// negated when ``invertsVerdict`` was reversed for it), as the automata or ICU find.
    /// - Throws: ``ICURegexError`` when ICU stops at a limit.
    private func lineMatches(_ content: UnsafeRawBufferPointer) throws(ICURegexError) -> Bool {
        if usesQuery, let queryMatcher {
            let holding = candidateIsCertain ? queryMatcher.patterns.lineCandidateTerm : nil
            candidateIsCertain = false
            let holds = try queryMatcher.holds(on: content, holding: holding)
            return holds != queryMatcher.patterns.holdsOffCandidates
        }
        return try lineSearcher.firstMatch(in: text(of: content).text, from: 0) != nil
    }

    /// Whether the line matches, as ICU finds.
    @inline(__always)
    private func evaluate(_ content: UnsafeRawBufferPointer) -> Verdict {
        if usesQuery {
            do {
                return try lineMatches(content) ? .match : .noMatch
            } catch {
                reportLimit(error, lineNumber: lineNumber, content: content, consequence: "line skipped")
                return .skipped
            }
        }
        // The line's bytes first, without decoding them, when the patterns' strategy has a
        // way to decide them (``LineStrategy``); it answers unknown when it has none.
        switch lineSearcher.firstMatchWithoutICU(inUTF8: content, from: 0) {
        case .match: return .match
        case .noMatch: return .noMatch
        case .unknown: break
        }
        let (text, _) = text(of: content)
        do {
            return try lineSearcher.firstMatch(in: text, from: 0) != nil ? .match : .noMatch
        } catch {
            reportLimit(error, lineNumber: lineNumber, content: content, consequence: "line skipped")
            return .skipped
        }
    }

    /// Fills `matchRanges` with the byte ranges of the line's non-empty matches, left to right,
    /// each search starting where the previous match ended (one character further after an
    /// empty match), as grep finds them for `-o` and `--color`; `firstMatchStart` with the
    /// byte offset of the first match, empty or not (`--column`), and, when the sink wants
    /// them (`--json`), `matchUnitRanges` with the same matches in UTF-16 units.
    private func collectMatches(in content: UnsafeRawBufferPointer, lineNumber: Int) {
        if lineSearcher.findsReportedMatchesWithoutICU && collectMatchesWithoutICU(in: content) { return }
        let (text, isASCII) = text(of: content)
        var offsets = UTF16ToByteOffsets(content)
        var units = ByteToUTF16Offsets(content)
        let wantsUnits = sink.needsUTF16Offsets
        var from = 0
        while true {
            let found: Range<Int>?
            do {
                found = try lineSearcher.reportedMatch(in: text, from: from)
            } catch {
                reportLimit(error, lineNumber: lineNumber, content: content, consequence: "later matches not shown")
                return
            }
            guard let match = found else { return }
            if firstMatchStart == nil {
                switch text {
                case .utf16 where !isASCII:
                    firstMatchStart = offsets.byteOffset(ofUnit: match.lowerBound)
                default:
                    firstMatchStart = match.lowerBound
                }
            }
            if match.isEmpty {
                guard match.lowerBound < text.count else { return }
                from = match.lowerBound + Self.characterLength(in: text, at: match.lowerBound)
                continue
            }
            switch text {
            case .utf16 where !isASCII:
                let lower = offsets.byteOffset(ofUnit: match.lowerBound)
                matchRanges.append(lower..<offsets.byteOffset(ofUnit: match.upperBound))
                if wantsUnits { matchUnitRanges.append(match) }
            case .utf16:
                matchRanges.append(match)
                if wantsUnits { matchUnitRanges.append(match) }
            case .utf8:
                matchRanges.append(match)
                if wantsUnits {
                    let lower = units.unitOffset(ofByte: match.lowerBound)
                    matchUnitRanges.append(lower..<units.unitOffset(ofByte: match.upperBound))
                }
            }
            from = match.upperBound
        }
    }

    /// Adds to the line's matches the pieces of the positive terms' matches that span lines
    /// (``QueryLineMatcher/spannedPieces(in:)``), in order, a piece that overlaps a match
    /// found before it left out, as the matches of one alternation never overlap.
    private func addSpannedPieces(_ pieces: [Range<Int>], in content: UnsafeRawBufferPointer) {
        guard !pieces.isEmpty else { return }
        var merged: [Range<Int>] = []
        for range in (matchRanges + pieces).sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = merged.last, range.lowerBound < last.upperBound { continue }
            merged.append(range)
        }
        matchRanges = merged
        firstMatchStart = min(firstMatchStart ?? Int.max, merged.first?.lowerBound ?? Int.max)
        if sink.needsUTF16Offsets {
            var units = ByteToUTF16Offsets(content)
            matchUnitRanges = merged.map { units.unitOffset(ofByte: $0.lowerBound)..<units.unitOffset(ofByte: $0.upperBound) }
        }
    }

    /// Collects the matches as ``collectMatches(in:lineNumber:)`` does, with the line
    /// searcher's match automaton on the line's bytes; false, with nothing collected, when the
    /// automaton cannot tell, so that ICU is asked.
    private func collectMatchesWithoutICU(in content: UnsafeRawBufferPointer) -> Bool {
        var units = ByteToUTF16Offsets(content)
        let wantsUnits = sink.needsUTF16Offsets
        var from = 0
        while true {
            switch lineSearcher.reportedMatchWithoutICU(inUTF8: content, from: from) {
            case .unknown:
                forgetMatches()
                return false
            case .noMatch:
                return true
            case .match(let match):
                if firstMatchStart == nil { firstMatchStart = match.lowerBound }
                if match.isEmpty {
                    guard match.lowerBound < content.count else { return true }
                    from = match.lowerBound + Self.characterLength(in: .utf8(content), at: match.lowerBound)
                    continue
                }
                matchRanges.append(match)
                if wantsUnits {
                    let lower = units.unitOffset(ofByte: match.lowerBound)
                    matchUnitRanges.append(lower..<units.unitOffset(ofByte: match.upperBound))
                }
                from = match.upperBound
            }
        }
    }

    /// The length, in the text's units, of the character at `offset`.
    private static func characterLength(in text: LineText, at offset: Int) -> Int {
        switch text {
        case .utf16(let units):
            let isPair = UTF16.isLeadSurrogate(units[offset])
                && offset + 1 < units.count && UTF16.isTrailSurrogate(units[offset + 1])
            return isPair ? 2 : 1
        case .utf8(let bytes):
            let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return UTF8Decoding.unitsAndLength(at: offset, in: base, count: bytes.count).length
        }
    }

    /// Warns that ICU stopped searching the line `content`, numbered `lineNumber`, at a limit
    /// (or, for a line beyond ICU's reach, with another error). The warning names the line
    /// by number when lines are numbered, and otherwise by its byte offset in the input.
    private func reportLimit(_ error: ICURegexError, lineNumber: Int, content: UnsafeRawBufferPointer, consequence: String) {
        result.hadLimitError = true
        let line: Diagnostics.LinePosition
        if policy.numbersLines {
            line = .number(lineNumber)
        } else {
            line = .byteOffset(bufferOffset + UnsafeRawPointer(buffer.base).distance(to: content.baseAddress!))
        }
        if policy.reportsLimitsAsGNUGrep, let words = Diagnostics.pcreLimitWords(for: error) {
            diagnostics.report(name, Array(": \(words)".utf8))
        } else {
            diagnostics.searchFailed(name, line: line, error: error, consequence: consequence)
        }
    }
}

/// Turns byte offsets in a line of UTF-8 into offsets in UTF-16 units of the line as it is
/// decoded (ill-formed bytes as U+FFFD), for offsets that do not decrease from call to call.
struct ByteToUTF16Offsets {
    private let bytes: UnsafePointer<UInt8>?
    private let count: Int
    private var byteOffset = 0
    private var unitOffset = 0

    init(_ content: UnsafeRawBufferPointer) {
        bytes = content.baseAddress?.assumingMemoryBound(to: UInt8.self)
        count = content.count
    }

    /// The UTF-16 offset of byte offset `target`, a character's start or the line's end.
    mutating func unitOffset(ofByte target: Int) -> Int {
        guard let bytes else { return 0 }
        while byteOffset < target && byteOffset < count {
            let (units, length) = UTF8Decoding.unitsAndLength(at: byteOffset, in: bytes, count: count)
            unitOffset += units
            byteOffset += length
        }
        return unitOffset
    }
}
