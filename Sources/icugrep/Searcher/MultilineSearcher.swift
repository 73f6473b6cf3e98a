import Glibc
import ICURegex

/// Searches one input at a time with patterns whose matches may span lines (`--multiline`), as
/// ripgrep's multi-line searcher does: the text is searched as a whole, each match is widened
/// to the lines it spans, and a match whose lines touch or overlap the previous match's lines
/// joins its group ("block"), so that no line is reported twice. Each block goes to the
/// ``SearchSink`` as its lines (with the pieces of the matches in each), or whole when the sink
/// prints blocks (``SearchSink/printsMatchedBlocks``, `--json`); context lines, group breaks,
/// `-m` (blocks), binary data and read errors are handled as ``FileSearcher`` handles them. A
/// block that would hold more than half of ``maximumHeldBytes`` is reported in parts.
///
/// # Memory
///
/// ripgrep reads the whole input into memory for this. This searcher holds a window of whole
/// lines instead: it reads ``windowStep`` bytes at a time, searches the complete lines it
/// holds, keeps only what a match may still need (the line of the search position, lines of
/// leading context, the block not yet reported), and reads on. A match that may go on past the
/// window's end (ICU's `hitEnd`, see ``WindowMatch``) makes the window grow, up to
/// ``maximumHeldBytes``; a match that would need more is an error for the input, which is then
/// not searched further.
///
/// # Where ICU searches
///
/// - With literals one of which every match contains, starting at most a few characters
///   after the match's start (``MultilineFacts/nearLiterals``, at most
///   ``maximumLiteralOffset`` UTF-16 units, which is at most three bytes each), the literals
///   are searched for in the bytes (``ByteLiteralFinder``), and ICU only tries to match at the
///   character starts from that many bytes before an occurrence up to it (an anchored search
///   from each, ``RegexMatcher/windowMatch(from:anchored:)``, on a UTF-16 slice of the window
///   when the pattern allows: ``anchoredMatch(at:limit:)``). No match starts elsewhere: a match that
///   starts at or after the search position contains an occurrence that starts at or after
///   it, so at or after the first such occurrence, and at most that offset before its own
///   occurrence. An anchored search decides its start exactly unless it read to the window's
///   end (`hitEnd`); then the window grows and the start is tried again. An occurrence that
///   the window's end may cut is left for the next window, with the starts it could have.
///   Before ICU, the pattern's match automaton (``MatchAutomaton``) tries the start on the
///   window's bytes: its answer (a match, or none) is ICU's unless it cannot tell (a
///   character its classes do not know, ill-formed UTF-8) or it read to the window's end
///   before the input's (as ICU's `hitEnd`: more text could change it); then ICU is asked.
///   Most starts are decided in the bytes, without decoding or a call into ICU. When the one
///   literal starts every match, the automaton starts each try after it, and tries the
///   occurrences of a scan in one call up to the first it does not decide as no match
///   (``MatchAutomaton/noMatchCount(inUTF8:atEach:bias:prefix:to:)``), which is tried as above.
/// - Otherwise, when the pattern is `P c S` with an ASCII character `c` that the prefix `P`
///   cannot hold (``MultilineFacts/innerLiteral``) and has a match automaton, `c` is found in
///   the bytes and the match's start backwards from it, its end forwards from the start
///   (``InnerLiteralSearch``, regex-automata's reverse inner-literal search): the match is
///   ICU's, final unless the forward search read to the window's end before the input's (the
///   window then grows). Where that search cannot tell (also when a failed try read past the
///   next `c`, or to the window's end), the unanchored automaton below goes on from the last
///   `c` it ruled out. On 256 MB of subtitles `\w+\n\w+` takes 0.25 s (rg -U 0.76 s).
/// - Otherwise, when the pattern has a match automaton, the automaton searches the window's
///   bytes from the search position, unanchored (``MatchAutomaton/unanchoredMatch(inUTF8:from:to:)``,
///   a lazy DFA forwards to the match's end and backwards to its start, as ripgrep's): its
///   match is ICU's, and final unless its forward search read to the window's end before the
///   input's (a thread of some start was still alive there, so more text could make the match
///   longer or another; the window then grows). A search that finds nothing is taken as ICU's
///   below. Where the automaton cannot tell (a character its classes do not know, ill-formed
///   UTF-8, a carriage return when `.` matches line ends: see
///   ``RegexMatcher/multilineMatchAutomaton``), ICU searches, from every position before the
///   place where the automaton stopped. On 256 MB of subtitles `\w+\n\w+` took 26 s in ICU
///   and takes 1.6 s (rg -U 0.76 s).
/// - Otherwise ICU searches the window from the search position. A match it finds is final
///   when ICU did not read to the window's end and it starts more than the overlap before the
///   end (ICU's `hitEnd` is not kept for each start it tried); otherwise the window grows or
///   moves on and the search is repeated. When ICU finds nothing, no match starts before the
///   window's end less the overlap: the most bytes a match can take when the pattern bounds
///   them (``MultilineFacts/maximumUTF8Length``), exact; otherwise ``unboundedOverlap``, so
///   that a match of an unbounded pattern that would start more than that before the end of
///   a window in which no match was found, and end after it, is not found.
final class MultilineSearcher<Sink: SearchSink> {
    /// The environment variable that sets the window's step in bytes, so that tests can make
    /// many windows of a small input (the overlap and the limit follow it).
    static var windowVariable: String { "ICUGREP_MULTILINE_WINDOW" }

    /// The most UTF-16 units between a match's start and its literal for the literal search:
    /// beyond it, ICU would try too many starts before each occurrence.
    static var maximumLiteralOffset: Int { 64 }

    /// The bytes read before each search of the window (at least: a window that must grow
    /// grows by as much as it holds, see ``read(_:)``).
    let windowStep: Int
    /// The overlap kept after a search of the window that found nothing, for patterns whose
    /// matches are unbounded.
    let unboundedOverlap: Int
    /// The most bytes held at once: a match (or a block of matched lines) that would need more
    /// is an error (or, for a block, reported in parts).
    let maximumHeldBytes: Int

    private let policy: SearchPolicy
    /// `-v`: the lines selected are those no match touches (ripgrep's `-U -v`); the lines of
    /// the blocks are context.
    private let inverts: Bool
    let sink: Sink
    private let diagnostics: Diagnostics
    private let matchers: [RegexMatcher]
    private let facts: MultilinePatterns
    /// The literals searched for, with the most bytes before one that a match may start.
    private let literals: [ByteLiteralFinder]
    /// Their searches, which ``next()`` calls without reference counting (``literals`` keeps
    /// what they read).
    private let literalScans: [ByteLiteralScan]
    private let literalReach: Int
    private let longestLiteral: Int
    /// The one literal when every match starts with it (its UTF-16 offset is at most 0): the
    /// automaton's try at an occurrence then starts after it (see
    /// ``MatchAutomaton/anchoredMatch(inUTF8:at:prefix:to:)``).
    private let matchPrefix: [UInt8]?
    /// The pattern's match automaton, which decides the anchored tries at the literals on the
    /// window's bytes where it can (see ``next()``); nil when ICU decides each (also for a
    /// pattern whose `.` may match a line end: see ``RegexMatcher/multilineMatchAutomaton``).
    private let automaton: MatchAutomaton?
    /// Without literals near the start, the search for a character that every match holds
    /// after a prefix that cannot hold it, then backwards for the match's start
    /// (``InnerLiteralSearch``); nil when the pattern has no such character or no automaton.
    private let innerLiteralSearch: InnerLiteralSearch?
    /// The offset in the input before which ``innerLiteralSearch`` is not asked: it could not
    /// tell, or its tries would read the same text again (see
    /// ``InnerLiteralSearch/Found/unknown(before:resumable:)``).
    private var innerLiteralUndecidedBefore = 0
    /// Without literals, the offset in the input before which the automaton's search of the
    /// window is not tried: one from before it stopped at a character the automaton cannot
    /// read (``MatchAutomaton/unanchoredMatch(inUTF8:from:to:)``), and ICU searches instead, so
    /// that the automaton does not read the same text again for each match before it.
    private var undecidedBefore = 0
    /// The overlap after a search of the window that found nothing.
    private let overlap: Int
    /// True when the anchored tries at the literals search UTF-16 slices of the window from a
    /// line's start rather than the window (the pattern never looks before its line).
    private let searchesSlices: Bool
    private let decoder = UTF16LineBuffer()
    /// The slice of the window set as ICU's text (offsets in the input, and the window's end
    /// when it was set), whether it is ASCII (offsets in it are then byte offsets too), and
    /// otherwise the cursors that turn byte offsets in it into UTF-16 offsets and back.
    @exclusivity(unchecked) private var slice: (
        start: Int, end: Int, limit: Int, isASCII: Bool, toUnits: ByteToUTF16Offsets, toBytes: UTF16ToByteOffsets
    )?
    /// The bytes a slice grows by at least, when ICU reads to its end. A slice holds the
    /// try's line and the next at first: ICU's tries cost more on longer texts (a slice of
    /// 4 KiB serving every try in it took 1.3 to 1.6 times the time on 256 MB of subtitles).
    static var sliceLength: Int { 4096 }

    /// True once any line was selected in any input (see ``FileSearcher``).
    var hasSelectedBefore = false
    /// See ``FileSearcher/firstGroupSeparatorMark``.
    var firstGroupSeparatorMark: (() -> Void)?

    // The searcher's state is used by one thread, one call at a time: the variables used for
    // each match skip Swift's run-time exclusivity checks, as in ``FileSearcher``.
    @exclusivity(unchecked) private var buffer = InputBuffer(capacity: 1 << 16)

    // MARK: The state of the current input

    private var name: [UInt8] = []
    @exclusivity(unchecked) private var result = FileSearchResult()
    /// The offset in the input of the buffer's first byte.
    private var bufferOffset = 0
    /// True once the input's end was read.
    private var atEnd = false
    private var stops = false
    /// Every match starting before this offset in the input has been found.
    private var position = 0
    /// The end of the complete lines in the buffer (the window's end), as an offset in it.
    private var windowLimit = 0
    /// The block of lines not reported yet: its lines and its matches, as offsets in the input.
    @exclusivity(unchecked) private var block: (start: Int, end: Int, matches: [Range<Int>])?
    /// With ``inverts``, the start of the first line not known yet to be selected or in a
    /// block: the lines before it were reported (the selected ones) or belong to blocks.
    private var unsettledStart = 0
    /// The offset in the input just past the last line printed, or -1 when none was.
    private var lastPrintedEnd = -1
    /// Lines of trailing context still due after `lastPrintedEnd`.
    private var pendingContext = 0
    /// The line number of the line that starts at `countedOffset`, less one.
    private var countedLines = 0
    private var countedOffset = 0
    /// Blocks that may still be reported (`-m`).
    private var remaining = 0
    /// Whether lines are printed; a binary input turns this off.
    private var quiet = false
    private var stopsAtNextMatch = false
    private var selectedBeforeBinary = -1
    /// True once a NUL byte was read.
    private var sawNUL = false
    /// True when the sink is given the matches of a block's lines; otherwise (`-c`, `-l`) the
    /// blocks do not keep them.
    private let keepsMatches: Bool
    /// True when a NUL byte can change what the search reports, so that each block read is
    /// scanned for one (see ``inputIsBinary(nulOffset:)``). Not when only lines are counted
    /// (`-c`) of a binary input that is searched as binary data (the default): GNU grep then
    /// counts its lines as a text's and reports no binary data (the count is its output, and
    /// "Binary file matches" is not printed beside it); a scan of every byte for nothing cost
    /// about a tenth of such a search.
    private let scansForNUL: Bool
    /// The one literal's occurrences found by its last scan (offsets in the input), in order:
    /// those from ``occurrenceStart`` to ``occurrenceScanned`` in the window
    /// ``occurrenceWindow`` (the buffer's offset and the window's length), the first
    /// ``occurrenceIndex`` of them passed (see ``nextOccurrence(of:in:from:)``).
    private let occurrences = UnsafeMutableBufferPointer<Int>.allocate(capacity: 256)
    @exclusivity(unchecked) private var occurrenceCount = 0
    @exclusivity(unchecked) private var occurrenceIndex = 0
    @exclusivity(unchecked) private var occurrenceStart = 0
    @exclusivity(unchecked) private var occurrenceScanned = 0
    @exclusivity(unchecked) private var occurrenceWindow = (offset: -1, count: 0)
    /// For each literal, its next occurrence at or after `from` found by the last search, or
    /// nil when it has none before `limit` (offsets in the input).
    @exclusivity(unchecked) private var literalCache: [(from: Int, limit: Int, at: Int?)] = []
    /// Storage that each printed line's pieces of matches and their offsets are gathered in
    /// (see ``printLines(from:to:selected:matches:)``), and the matches of the last block
    /// reported, kept for the next block: arrays whose storage is used again while no sink
    /// keeps them, rather than two allocations a line and one a block (with `-o`, a tenth of
    /// a search with 24,000 matches went to allocating, copying and releasing them).
    @exclusivity(unchecked) private var linePieces: [Range<Int>] = []
    @exclusivity(unchecked) private var linePieceOffsets: [Int] = []
    @exclusivity(unchecked) private var spareMatches: [Range<Int>] = []

    /// Creates a searcher for `patterns` that reports to `sink`.
    init(patterns: MultilinePatterns, policy: SearchPolicy, sink: Sink, diagnostics: Diagnostics) throws(ICURegexError) {
        var testStep: Int? = nil
        if let value = getenv(Self.windowVariable), let bytes = Int(String(cString: value)), bytes >= 16 {
            // For tests: many windows of a small input, with room for matches of many lines.
            testStep = bytes
            unboundedOverlap = 4 * bytes
            maximumHeldBytes = 32 * bytes
        } else {
            unboundedOverlap = 1 << 20
            maximumHeldBytes = 32 << 20
        }
        self.policy = policy
        inverts = policy.invertMatch
        scansForNUL = policy.detectsBinary
            && !(policy.binaryFiles == .binary && policy.countsMatches && policy.quiet && !policy.convertsBinary)
        self.sink = sink
        keepsMatches = sink.needsMatches(selected: true) || sink.printsMatchedBlocks
        self.diagnostics = diagnostics
        facts = patterns
        var matchers: [RegexMatcher] = []
        for pattern in patterns.patterns {
            matchers.append(try pattern.makeMatcher())
        }
        self.matchers = matchers
        if let near = patterns.facts.nearLiterals, patterns.patterns.count == 1,
            near.maximumUTF16Offset <= Self.maximumLiteralOffset, !near.literals.contains(where: { $0.isEmpty })
        {
            literals = near.literals.map(ByteLiteralFinder.init)
            literalScans = literals.map { $0.scan }
            literalReach = 3 * near.maximumUTF16Offset
            longestLiteral = near.literals.map { $0.count }.max() ?? 0
            matchPrefix = near.literals.count == 1 && near.maximumUTF16Offset == 0 ? near.literals[0] : nil
        } else {
            matchPrefix = nil
            literals = []
            literalScans = []
            literalReach = 0
            longestLiteral = 0
        }
        // The literal search reads a window's bytes (for a NUL byte, for the literals, and at
        // the tries) while they are in the core's cache: 256 KiB steps took 0.75 to 0.9 times
        // the CPU time of 4 MiB steps on 256 MB of subtitles. ICU's search of a window repeats
        // the overlap after each, so its steps are long.
        windowStep = testStep ?? (literals.isEmpty ? 4 << 20 : 256 << 10)
        searchesSlices = !literals.isEmpty && !patterns.facts.mayLookBeforeLine
        automaton = matchers.count > 1 || !policy.multilineUsesAutomaton ? nil : matchers[0].multilineMatchAutomaton
        innerLiteralSearch = literals.isEmpty && automaton != nil ? patterns.facts.innerLiteral.map(InnerLiteralSearch.init) : nil
        if let length = patterns.facts.maximumUTF8Length {
            overlap = min(length + 4, unboundedOverlap)
        } else {
            overlap = unboundedOverlap
        }
    }

    deinit {
        occurrences.deallocate()
    }

    /// Searches `source`, naming it by `input`'s name in messages, and returns what it found.
    func search(_ source: InputSource, input: SinkInput) -> FileSearchResult {
        name = input.name
        result = FileSearchResult()
        if firstGroupSeparatorMark != nil { hasSelectedBefore = false }
        bufferOffset = 0
        atEnd = false
        stops = false
        position = 0
        windowLimit = 0
        block = nil
        unsettledStart = 0
        // With --passthru, every line before the first selected one is printed as context.
        lastPrintedEnd = policy.passesThrough ? 0 : -1
        pendingContext = policy.passesThrough ? Int.max : 0
        countedLines = 0
        countedOffset = 0
        remaining = policy.maxCount
        quiet = policy.quiet
        stopsAtNextMatch = policy.stopsAtFirstMatch
        selectedBeforeBinary = -1
        sawNUL = false
        literalCache = Array(repeating: (from: -1, limit: -1, at: nil), count: literals.count)
        occurrenceWindow = (-1, 0)
        undecidedBefore = 0
        innerLiteralUndecidedBefore = 0
        slice = nil
        buffer.count = 0
        sink.begin(input)

        if remaining > 0 { searchWindows(of: source) }
        if !stops || remaining == 0 {
            if let block { settle(block) }
            block = nil
            if inverts && !stops { selectLines(upTo: bufferOffset + buffer.count) }
            if remaining == 0 {
                printContextAfterLastBlock(from: source)
            } else {
                printTrailingContext(upTo: bufferOffset + buffer.count)
            }
        }
        let bytesRead = bufferOffset + buffer.count
        buffer.endView()

        result.finish(
            name: name, bytesRead: bytesRead, reachedMaxCount: remaining == 0,
            binaryFileMatches: selectedBeforeBinary >= 0 && selectedBeforeBinary < result.selectedLines,
            policy: policy, diagnostics: diagnostics, sink: sink)
        return result
    }

    // MARK: Windows

    /// What the search of the window found next.
    private enum Step {
        /// A final match (offsets in the input).
        case match(Range<Int>)
        /// No match starts before this offset in the input; the window must move on.
        case noMatchBefore(Int)
        /// The window must grow: a match from the search position may go on past its end.
        case needsMore
    }

    /// Reads and searches `source` window by window.
    private func searchWindows(of source: InputSource) {
        while !stops {
            if !atEnd {
                guard read(source) else { return }
                if stops { return }
            }
            let window = UnsafeRawBufferPointer(start: buffer.base, count: windowLimit)
            do {
                if !searchesSlices {
                    for matcher in matchers { try matcher.beginWindow(inUTF8: window) }
                }
            } catch {
                reportTooLong()
                return
            }
            var step = Step.needsMore
            while !stops {
                do {
                    step = try next()
                } catch {
                    for matcher in matchers { matcher.endWindow() }
                    reportLimit(error)
                    return
                }
                guard case .match(let match) = step else { break }
                found(match)
            }
            if !searchesSlices {
                for matcher in matchers { matcher.endWindow() }
            }
            if case .noMatchBefore(let offset) = step {
                position = max(position, offset)
            }
            if atEnd { return }
            settleBeforePosition()
        }
    }

    /// After the last block that `-m` allows, prints the trailing context due, reading on as
    /// far as it goes, as GNU grep and ripgrep do (the search itself has stopped): the lines
    /// after the block are context, whether a match touches them or not.
    private func printContextAfterLastBlock(from source: InputSource) {
        guard policy.maxCount > 0, pendingContext > 0, lastPrintedEnd >= 0, !quiet, !result.endsRun, !result.hadLimitError
        else { return }
        stops = false
        while true {
            printTrailingContext(upTo: bufferOffset + (atEnd ? buffer.count : windowLimit))
            if pendingContext == 0 || stops || atEnd { break }
            // What ``read(_:)`` keeps: the lines from the last one printed.
            position = max(position, lastPrintedEnd)
            guard read(source) else { break }
        }
        stops = true
    }

    /// Reports the block, and prints the trailing context due, when no later match can join
    /// them: they end before the line of the search position.
    private func settleBeforePosition() {
        let positionLine = lineStart(ofOffset: min(position, bufferOffset + windowLimit))
        if let pending = block, pending.end < positionLine {
            block = nil
            settle(pending)
            spareMatches = pending.matches
        }
        if inverts { selectLines(upTo: min(positionLine, block?.start ?? Int.max)) }
        printTrailingContext(upTo: min(positionLine, block?.start ?? Int.max))
    }

    /// Drops what no match or line to print needs any more, reads at least ``windowStep``
    /// more bytes (or to the input's end), and sets the window to the complete lines held.
    /// Returns false when the input cannot be searched further (a read error, or more than
    /// ``maximumHeldBytes`` would be held).
    private func read(_ source: InputSource) -> Bool {
        // The search position's line, the block not reported yet, and the lines of leading
        // context before the first of them.
        var keep = keptStart()
        if heldBeyondFirstLine(from: keep) + windowStep > maximumHeldBytes, let pending = block {
            // The block would hold too much: it is reported in parts.
            settle(pending)
            block = nil
            keep = keptStart()
        }
        let discard = keep - bufferOffset
        if policy.numbersLines { countLines(upTo: keep) }
        if heldBeyondFirstLine(from: keep) + windowStep > maximumHeldBytes {
            reportTooLong()
            return false
        }
        buffer.makeRoom(windowStep, discarding: discard)
        bufferOffset += discard
        literalCache = literalCache.map { _ in (from: -1, limit: -1, at: nil) }
        occurrenceWindow = (-1, 0)
        slice = nil
        let oldLimit = windowLimit - discard
        // A window that must grow for a long match grows by as much as it holds (within the
        // limit), so that the match is tried again a few times rather than once a step.
        let held = heldBeyondFirstLine(from: bufferOffset)
        let step = max(windowStep, min(held, maximumHeldBytes - held - windowStep))
        var readBytes = 0
        while readBytes < step || lastTerminator(from: oldLimit) == nil {
            if readBytes > 0 {
                // Past the step, bytes are read only to complete a line, which is held whole
                // as in the line search, however long: the limit is on what matches span.
                if readBytes < windowStep && heldBeyondFirstLine(from: bufferOffset) + windowStep > maximumHeldBytes {
                    reportTooLong()
                    return false
                }
                buffer.makeRoom(windowStep, discarding: 0)
            }
            let blockStart = buffer.count
            let count = source.readBlock(into: &buffer, limit: windowStep, findsNUL: scansForNUL && !sawNUL)
            if count < 0 {
                if source.shrank { result.shrank = true } else { result.readErrorNumber = source.errorNumber }
                stops = true
                return false
            }
            if count == 0 {
                atEnd = true
                result.reachedEnd = true
                break
            }
            if let nul = source.firstNUL {
                inputIsBinary(nulOffset: bufferOffset + blockStart + nul)
                if stops { return false }
            }
            readBytes += count
        }
        if atEnd {
            windowLimit = buffer.count
        } else {
            windowLimit = (lastTerminator(from: 0) ?? -1) + 1
        }
        return true
    }

    /// The bytes held from `offset` (the start of a line in the buffer) on, less that line's
    /// own: what ``maximumHeldBytes`` bounds, so that a single line longer than the limit is
    /// searched (held whole, as the line search holds it) and only a match or a block that
    /// spans more than the limit beyond its first line is too long.
    private func heldBeyondFirstLine(from offset: Int) -> Int {
        max(0, bufferOffset + buffer.count - lineEnd(from: offset))
    }

    /// The offset in the input of the first byte still needed: the search position's line,
    /// the block not reported yet, the lines of leading context before the first of them, and
    /// the lines after the last printed while trailing context is due.
    private func keptStart() -> Int {
        var keep = lineStart(ofOffset: min(position, bufferOffset + windowLimit))
        if let block { keep = min(keep, block.start) }
        if inverts { keep = min(keep, unsettledStart) }
        keep = startOfLines(policy.beforeContext, before: keep)
        if pendingContext > 0 && lastPrintedEnd >= 0 { keep = min(keep, lastPrintedEnd) }
        return max(keep, bufferOffset)
    }

    /// The offset in the buffer of its last line terminator at or after `start`, if any.
    private func lastTerminator(from start: Int) -> Int? {
        guard buffer.count > start else { return nil }
        let after = LineBounds.start(
            ofLineContaining: buffer.count, in: UnsafeRawBufferPointer(start: buffer.base, count: buffer.count),
            notBefore: max(start, 0), terminator: policy.lineTerminator, nulEndsLines: false)
        return after > max(start, 0) ? after - 1 : nil
    }

    /// Turns the input binary after a NUL byte at `nulOffset`, as ``FileSearcher`` does (but
    /// NUL bytes do not end lines: a match may span them).
    private func inputIsBinary(nulOffset: Int) {
        sawNUL = true
        if policy.convertsBinary {
            // ripgrep's JSON: the search goes on.
            sink.binaryData(offset: nulOffset)
            return
        }
        switch policy.binaryFiles {
        case .withoutMatch:
            result.selectedLines = 0
            result.matches = 0
            stops = true
        case .binary:
            if !policy.countsMatches {
                quiet = true
                stopsAtNextMatch = true
            }
            selectedBeforeBinary = result.selectedLines
            pendingContext = 0
        case .text:
            break
        }
    }

    // MARK: Matching

    /// The next step of the search of the window from ``position``.
    private func next() throws(ICURegexError) -> Step {
        let limit = bufferOffset + windowLimit
        var from = characterStart(atOrAfter: position)
        if from >= limit {
            return atEnd ? .noMatchBefore(limit) : .needsMore
        }
        if !literals.isEmpty {
            // Taken once for the loop, which may try many occurrences: no reference counting
            // for each.
            let automaton = self.automaton.map { Unmanaged.passUnretained($0) }
            let bytes = buffer.base.assumingMemoryBound(to: UInt8.self)
            let window = UnsafeRawBufferPointer(start: buffer.base, count: limit - bufferOffset)
            let onlyLiteral = literalScans.count == 1 ? literalScans[0] : nil
            let matchPrefix = self.matchPrefix
            while true {
                let found: Int?
                if let onlyLiteral {
                    found = nextOccurrence(of: onlyLiteral, in: window, from: from)
                } else {
                    found = nextLiteral(from: from, limit: limit)
                }
                guard let occurrence = found else {
                    if atEnd { return .noMatchBefore(limit) }
                    // An occurrence cut by the window's end, and the starts before it, wait.
                    return .noMatchBefore(max(from, limit - (longestLiteral - 1) - literalReach))
                }
                if let matchPrefix, let automaton, onlyLiteral != nil, occurrenceIndex < occurrenceCount,
                    occurrences[occurrenceIndex] == occurrence
                {
                    // The occurrences found by the last scan, tried by the automaton in one
                    // call up to the first it does not decide as no match, whose answer is
                    // taken as below.
                    let tried = automaton._withUnsafeGuaranteedRef {
                        $0.noMatchCount(
                            inUTF8: bytes,
                            atEach: UnsafeBufferPointer(rebasing: occurrences[occurrenceIndex..<occurrenceCount]),
                            bias: bufferOffset, prefix: matchPrefix, to: windowLimit)
                    }
                    if tried.count < occurrenceCount - occurrenceIndex, !tried.readToEnd || atEnd,
                        case .match(let match) = tried.outcome
                    {
                        return .match(match.lowerBound + bufferOffset..<match.upperBound + bufferOffset)
                    }
                    if tried.count > 0 {
                        from = characterStart(atOrAfter: occurrences[occurrenceIndex + tried.count - 1] + 1)
                        if from >= limit { return atEnd ? .noMatchBefore(limit) : .needsMore }
                        continue
                    }
                }
                var start = characterStart(atOrAfter: max(from, occurrence - literalReach))
                tries: while start <= occurrence {
                    if let automaton {
                        // The searcher holds the automaton: the try takes no reference.
                        let decided = automaton._withUnsafeGuaranteedRef {
                            if let matchPrefix, start == occurrence {
                                // The occurrence's bytes are the literal, read once for all.
                                return $0.anchoredMatch(inUTF8: bytes, at: start - bufferOffset, prefix: matchPrefix, to: windowLimit)
                            }
                            return $0.anchoredMatch(inUTF8: bytes, at: start - bufferOffset, to: windowLimit)
                        }
                        if !decided.readToEnd || atEnd {
                            switch decided.outcome {
                            case .match(let match):
                                return .match(match.lowerBound + bufferOffset..<match.upperBound + bufferOffset)
                            case .noMatch:
                                start = characterStart(atOrAfter: start + 1)
                                continue tries
                            case .unknown:
                                break
                            }
                        }
                    }
                    let outcome = try anchoredMatch(at: start, limit: limit)
                    if outcome.hitEnd && !atEnd { return .needsMore }
                    if let match = outcome.match { return .match(match) }
                    start = characterStart(atOrAfter: start + 1)
                }
                from = characterStart(atOrAfter: occurrence + 1)
                if from >= limit { return atEnd ? .noMatchBefore(limit) : .needsMore }
            }
        }
        if let innerLiteralSearch, let automaton, from >= undecidedBefore, from >= innerLiteralUndecidedBefore {
            // The inner character, then the match's start backwards from it and its end
            // forwards: ICU's answer where the automata have one.
            let found = innerLiteralSearch.firstMatch(
                inUTF8: buffer.base.assumingMemoryBound(to: UInt8.self), from: from - bufferOffset, to: windowLimit,
                isFinal: atEnd, automaton: automaton)
            switch found {
            case .match(let match, _):
                return .match(match.lowerBound + bufferOffset..<match.upperBound + bufferOffset)
            case .noneBefore(let before):
                // A match that starts after the last character found holds one after the
                // window: as the searches below when they find nothing.
                return .noMatchBefore(atEnd ? limit : max(before + bufferOffset, limit - overlap))
            case .needsMore(let before):
                return before + bufferOffset > from ? .noMatchBefore(before + bufferOffset) : .needsMore
            case .unknown(let before, let resumable):
                // No match starts before it: the searches below go on from there, and alone
                // to `resumable`.
                from = before + bufferOffset
                innerLiteralUndecidedBefore = resumable + bufferOffset
            }
        }
        if let automaton, from >= undecidedBefore {
            // The automaton's unanchored search of the window, ICU's answer where it has one.
            let decided = automaton.unanchoredMatch(inUTF8: buffer.base.assumingMemoryBound(to: UInt8.self), from: from - bufferOffset, to: windowLimit)
            switch decided.outcome {
            case .match(let match):
                // Final when no thread of the search was left before the window's end.
                if !decided.readToEnd || atEnd { return .match(match.lowerBound + bufferOffset..<match.upperBound + bufferOffset) }
                return .needsMore
            case .noMatch:
                // As ICU's search below when it finds nothing.
                return .noMatchBefore(atEnd ? limit : max(from, limit - overlap))
            case .unknown:
                undecidedBefore = decided.undecidedBefore + bufferOffset
            }
        }
        var best: WindowMatch? = nil
        var hitEnd = false
        for matcher in matchers {
            let outcome = try matcher.windowMatch(from: from - bufferOffset, anchored: false)
            hitEnd = hitEnd || outcome.hitEnd
            if let match = outcome.match, best?.match.map({ match.lowerBound < $0.lowerBound }) ?? true {
                best = outcome
            }
        }
        guard let match = best?.match else {
            return .noMatchBefore(atEnd ? limit : max(from, limit - overlap))
        }
        let found = match.lowerBound + bufferOffset..<match.upperBound + bufferOffset
        if atEnd { return .match(found) }
        if hitEnd || found.lowerBound >= limit - overlap {
            // ICU read to the window's end, or the match starts in the overlap: with more text
            // it could be longer, or an earlier start could match.
            if found.lowerBound >= limit - overlap && !hitEnd {
                return .noMatchBefore(max(from, min(found.lowerBound, limit - overlap)))
            }
            return .needsMore
        }
        return .match(found)
    }

    /// ICU's anchored try at `start`, an offset in the input, with the match's offsets in the
    /// input and whether ICU read to the window's end (`limit`). With ``searchesSlices``, ICU
    /// searches the UTF-16 slice of the window from the start's line to the end of the next
    /// line, and a slice twice as long, and so on, while it reads to the slice's end before
    /// the window's: within the slice it reads what it would read in the window, and the slice's
    /// start is a line's start, where the pattern (which looks at no earlier text) sees only
    /// that a line starts, as at the text's start. Otherwise ICU searches the window.
    private func anchoredMatch(at start: Int, limit: Int) throws(ICURegexError) -> WindowMatch {
        guard searchesSlices else {
            var outcome = try matchers[0].windowMatch(from: start - bufferOffset, anchored: true)
            outcome.match = outcome.match.map { $0.lowerBound + bufferOffset..<$0.upperBound + bufferOffset }
            return outcome
        }
        // The slice set before serves the tries after it, while they start in it (their
        // starts, and the matches' bounds, do not decrease: the offsets' cursors go on).
        if var slice, slice.start <= start, start < slice.end, slice.limit == limit {
            let unitStart = slice.isASCII ? start - slice.start : slice.toUnits.unitOffset(ofByte: start - slice.start)
            var outcome = try matchers[0].windowMatch(from: unitStart, anchored: true)
            if !outcome.hitEnd || slice.end == limit {
                if let match = outcome.match {
                    if slice.isASCII {
                        outcome.match = match.lowerBound + slice.start..<match.upperBound + slice.start
                    } else {
                        let lower = slice.toBytes.byteOffset(ofUnit: match.lowerBound)
                        outcome.match = lower + slice.start..<slice.toBytes.byteOffset(ofUnit: match.upperBound) + slice.start
                    }
                }
                self.slice = slice
                return outcome
            }
        }
        let sliceStart = lineStart(ofOffset: start)
        var sliceEnd = min(limit, lineEnd(from: min(limit - 1, lineEnd(from: start))))
        while true {
            let bytes = UnsafeRawBufferPointer(start: buffer.base + (sliceStart - bufferOffset), count: sliceEnd - sliceStart)
            var isASCII = false
            let units = decoder.decode(bytes, isASCII: &isASCII)
            var toUnits = ByteToUTF16Offsets(bytes)
            var toBytes = UTF16ToByteOffsets(bytes)
            let unitStart = isASCII ? start - sliceStart : toUnits.unitOffset(ofByte: start - sliceStart)
            try matchers[0].beginWindow(inUTF16: units)
            var outcome = try matchers[0].windowMatch(from: unitStart, anchored: true)
            if outcome.hitEnd && sliceEnd < limit {
                let target = sliceEnd + max(Self.sliceLength, sliceEnd - sliceStart)
                sliceEnd = target >= limit ? limit : min(limit, lineEnd(from: target))
                continue
            }
            if let match = outcome.match {
                if isASCII {
                    outcome.match = match.lowerBound + sliceStart..<match.upperBound + sliceStart
                } else {
                    let lower = toBytes.byteOffset(ofUnit: match.lowerBound)
                    outcome.match = lower + sliceStart..<toBytes.byteOffset(ofUnit: match.upperBound) + sliceStart
                }
            }
            slice = (sliceStart, sliceEnd, limit, isASCII, toUnits, toBytes)
            return outcome
        }
    }

    /// The first occurrence of the one literal `scan` that starts at or after `from` (an
    /// offset in the input) and lies in `window` (the buffer's bytes to the window's end), or
    /// nil: from ``occurrences``, which a scan fills with the next ones when they run out.
    private func nextOccurrence(of scan: ByteLiteralScan, in window: UnsafeRawBufferPointer, from: Int) -> Int? {
        var start = from
        if occurrenceWindow == (bufferOffset, window.count) && occurrenceStart <= from
            && (occurrenceIndex == 0 || occurrences[occurrenceIndex - 1] < from)
        {
            while occurrenceIndex < occurrenceCount && occurrences[occurrenceIndex] < from { occurrenceIndex += 1 }
            if occurrenceIndex < occurrenceCount { return occurrences[occurrenceIndex] }
            if occurrenceScanned >= bufferOffset + window.count { return nil }
            start = max(from, occurrenceScanned)
        }
        let (count, scanned) = scan.occurrences(in: window, from: start - bufferOffset, into: occurrences)
        for index in 0..<count { occurrences[index] += bufferOffset }
        occurrenceWindow = (bufferOffset, window.count)
        occurrenceStart = start
        occurrenceScanned = scanned + bufferOffset
        occurrenceCount = count
        occurrenceIndex = 0
        return count > 0 ? occurrences[0] : nil
    }

    /// The first occurrence of a literal that starts at or after `from` and ends by `limit`
    /// (offsets in the input), or nil.
    private func nextLiteral(from: Int, limit: Int) -> Int? {
        var first: Int? = nil
        for index in literals.indices {
            let cached = literalCache[index]
            var at: Int?
            if cached.from >= 0 && cached.from <= from && cached.limit == limit
                && (cached.at == nil || cached.at! >= from)
            {
                at = cached.at
            } else {
                at = literalScans[index].firstOccurrence(
                    in: UnsafeRawBufferPointer(start: buffer.base, count: limit - bufferOffset), from: from - bufferOffset
                ).map { $0 + bufferOffset }
                literalCache[index] = (from: from, limit: limit, at: at)
            }
            if let at, first.map({ at < $0 }) ?? true { first = at }
        }
        return first
    }

    /// The first offset in the input at or after `offset` that starts a character (or the
    /// buffer's end).
    private func characterStart(atOrAfter offset: Int) -> Int {
        var index = offset - bufferOffset
        let bytes = buffer.base.assumingMemoryBound(to: UInt8.self)
        while index < windowLimit && bytes[index] & 0xC0 == 0x80 { index += 1 }
        return index + bufferOffset
    }

    /// Takes a final match: widens it to its lines, and joins it to the block or reports the
    /// block and starts a new one.
    private func found(_ match: Range<Int>) {
        if !inverts { result.matches += 1 }
        let lines = lines(of: match)
        if var pending = block {
            if pending.end >= lines.lowerBound && lines.upperBound - pending.start <= maximumHeldBytes / 2 {
                // Appended in place (the block is let go of first), and only when printed.
                block = nil
                pending.end = max(pending.end, lines.upperBound)
                if keepsMatches { pending.matches.append(match) }
                block = pending
            } else {
                // A block that would hold more than half the limit is reported in parts; the
                // next part starts after the lines reported.
                block = nil
                settle(pending)
                spareMatches = pending.matches
                pending.matches = []
                block = (max(lines.lowerBound, pending.end), max(lines.upperBound, pending.end), matches(startingWith: match))
            }
        } else {
            block = (lines.lowerBound, lines.upperBound, matches(startingWith: match))
        }
        if inverts {
            // As ripgrep's `-U -v`: the search goes on after the match's last line, so that
            // no later match starts in a line a match touched.
            position = max(match.upperBound, lines.upperBound)
        } else if match.isEmpty {
            let limit = bufferOffset + windowLimit
            position = match.upperBound < limit ? characterStart(atOrAfter: match.upperBound + 1) : limit + 1
        } else {
            position = match.upperBound
        }
        if (stopsAtNextMatch || policy.exitsAtFirstMatch) && !inverts {
            // -l, -q and a binary input need no more than the first match.
            if let pending = block { report(pending) }
            block = nil
            if !stops { stops = true }
        }
    }

    /// The matches of a new block: `match` when the blocks keep their matches, in the storage
    /// of the last block reported (``spareMatches``).
    private func matches(startingWith match: Range<Int>) -> [Range<Int>] {
        guard keepsMatches else { return [] }
        var matches = spareMatches
        spareMatches = []
        matches.removeAll(keepingCapacity: true)
        matches.append(match)
        return matches
    }

    /// The lines that `match` spans, as ripgrep widens a match: from the start of the line it
    /// starts in to the end (terminator included) of the line it ends in, where a match that
    /// ends with a terminator ends in that terminator's line.
    private func lines(of match: Range<Int>) -> Range<Int> {
        let start = lineStart(ofOffset: match.lowerBound)
        let bytes = buffer.base.assumingMemoryBound(to: UInt8.self)
        let upper = match.upperBound - bufferOffset
        if match.upperBound > start && bytes[upper - 1] == policy.lineTerminator {
            return start..<match.upperBound
        }
        return start..<lineEnd(from: match.upperBound)
    }

    /// The offset in the input of the start of the line holding `offset`.
    private func lineStart(ofOffset offset: Int) -> Int {
        let index = offset - bufferOffset
        guard index > 0 else { return offset }
        return bufferOffset + LineBounds.start(
            ofLineContaining: index, in: UnsafeRawBufferPointer(start: buffer.base, count: buffer.count),
            notBefore: 0, terminator: policy.lineTerminator, nulEndsLines: false)
    }

    /// The offset in the input just past the terminator of the line holding `offset` (or the
    /// buffer's end).
    private func lineEnd(from offset: Int) -> Int {
        let index = offset - bufferOffset
        guard index < buffer.count,
            let found = memchr(buffer.base + index, Int32(policy.lineTerminator), buffer.count - index)
        else { return bufferOffset + buffer.count }
        return buffer.base.distance(to: found) + 1 + bufferOffset
    }

    /// The start of the `count` lines before the line starting at `offset` (as far as the
    /// buffer goes).
    private func startOfLines(_ count: Int, before offset: Int) -> Int {
        var start = offset
        var left = count
        while left > 0 && start > bufferOffset {
            start = lineStart(ofOffset: start - 1)
            left -= 1
        }
        return start
    }

    // MARK: Reporting

    /// Takes a block no later match joins: reports it, or with ``inverts`` reports the lines
    /// before it that no block holds, and marks its own lines as not selected.
    private func settle(_ settled: (start: Int, end: Int, matches: [Range<Int>])) {
        guard inverts else {
            report(settled)
            return
        }
        selectLines(upTo: settled.start)
        unsettledStart = max(unsettledStart, settled.end)
    }

    /// With ``inverts``, reports each line from ``unsettledStart`` up to `limit` (a line's
    /// start, or the input's end) as selected: no match touches them. Each line counts for
    /// `-m`, as in the line search; when nothing is printed and nothing stops early, the lines
    /// are only counted.
    private func selectLines(upTo limit: Int) {
        guard unsettledStart < limit else { return }
        if quiet && !policy.numbersLines && !policy.exitsAtFirstMatch && !stopsAtNextMatch && remaining == Int.max {
            let lineCount = TerminatorCounting.count(
                in: buffer.base, from: unsettledStart - bufferOffset, to: limit - bufferOffset,
                terminator: policy.lineTerminator, nulEndsLines: false)
                + (endsWithTerminator(limit) ? 0 : 1)
            result.selectedLines += lineCount
            result.endOfLastSelectedLine = limit
            hasSelectedBefore = true
            result.selectedAnyLine = true
            unsettledStart = limit
            return
        }
        while unsettledStart < limit && remaining > 0 && !stops {
            let end = min(lineEnd(from: unsettledStart), limit)
            report((unsettledStart, end, []))
            unsettledStart = end
        }
        if unsettledStart < limit && (stops || remaining == 0) { unsettledStart = limit }
    }

    /// The number of the line starting at `offset` (at or after the last one asked for); 0
    /// unless lines are numbered (``SearchPolicy/numbersLines``, which `--json` implies):
    /// the lines are counted only then, as in ``FileSearcher``.
    private func lineNumber(at offset: Int) -> Int {
        guard policy.numbersLines else { return 0 }
        countLines(upTo: offset)
        return countedLines + 1
    }

    private func countLines(upTo offset: Int) {
        guard offset > countedOffset else { return }
        countedLines += TerminatorCounting.count(
            in: buffer.base, from: countedOffset - bufferOffset, to: offset - bufferOffset,
            terminator: policy.lineTerminator, nulEndsLines: false)
        countedOffset = offset
    }

    /// Reports a block: the trailing context due before it, its leading context, a group
    /// break when due, and its lines.
    private func report(_ reported: (start: Int, end: Int, matches: [Range<Int>])) {
        guard remaining > 0 else { return }
        let lineCount = TerminatorCounting.count(
            in: buffer.base, from: reported.start - bufferOffset, to: reported.end - bufferOffset,
            terminator: policy.lineTerminator, nulEndsLines: false)
            + (endsWithTerminator(reported.end) ? 0 : 1)
        result.selectedLines += lineCount
        remaining -= 1
        result.endOfLastSelectedLine = reported.end
        let separatorMayBeDue = hasSelectedBefore
        hasSelectedBefore = true
        result.selectedAnyLine = true
        if !quiet {
            printTrailingContext(upTo: reported.start)
            let groupStart = max(lastPrintedEnd, startOfLines(policy.beforeContext, before: reported.start))
            if policy.separatesGroups && separatorMayBeDue && (lastPrintedEnd < 0 || groupStart != lastPrintedEnd) {
                sink.contextBreak()
            } else if policy.separatesGroups && !separatorMayBeDue, let firstGroupSeparatorMark {
                firstGroupSeparatorMark()
            }
            printLines(from: groupStart, to: reported.start, selected: false)
            if sink.printsMatchedBlocks {
                printBlock(reported)
            } else {
                printLines(from: reported.start, to: reported.end, selected: true, matches: reported.matches)
            }
            lastPrintedEnd = reported.end
            pendingContext = policy.passesThrough ? Int.max : policy.afterContext
        }
        if remaining == 0 || policy.exitsAtFirstMatch || stopsAtNextMatch {
            stops = true
            if policy.exitsAtFirstMatch { result.endsRun = true }
        }
    }

    private func endsWithTerminator(_ end: Int) -> Bool {
        end > bufferOffset && buffer.base.load(fromByteOffset: end - 1 - bufferOffset, as: UInt8.self) == policy.lineTerminator
    }

    /// Prints the trailing context due, up to the line starting at `limit` at most.
    private func printTrailingContext(upTo limit: Int) {
        guard pendingContext > 0, lastPrintedEnd >= 0, !quiet, lastPrintedEnd < limit else { return }
        var start = lastPrintedEnd
        while pendingContext > 0 && start < limit && start < bufferOffset + buffer.count && !stops {
            let end = lineEnd(from: start)
            printLines(from: start, to: min(end, limit), selected: false)
            lastPrintedEnd = min(end, limit)
            start = lastPrintedEnd
            if pendingContext != Int.max { pendingContext -= 1 }
        }
    }

    /// Prints the lines of `start..<end` (offsets in the input, at line starts), each with the
    /// pieces of `matches` it holds.
    private func printLines(from start: Int, to end: Int, selected: Bool, matches: [Range<Int>] = []) {
        var lineStart = start
        var matchIndex = 0
        while lineStart < end && !stops {
            let lineEnd = self.lineEnd(from: lineStart)
            let terminated = endsWithTerminator(lineEnd) && lineEnd <= bufferOffset + buffer.count
            let contentEnd = terminated ? lineEnd - 1 : lineEnd
            var line = SinkLine(
                content: UnsafeRawBufferPointer(start: buffer.base + (lineStart - bufferOffset), count: contentEnd - lineStart),
                number: lineNumber(at: lineStart), byteOffset: lineStart, terminated: terminated)
            let lendsPieces = selected && sink.needsMatches(selected: true)
            if lendsPieces {
                while matchIndex < matches.count && matches[matchIndex].upperBound <= lineStart
                    && !(matches[matchIndex].isEmpty && matches[matchIndex].lowerBound == lineStart) { matchIndex += 1 }
                // Gathered in storage kept from line to line, then lent to the line (swapped
                // in, and back after the sink's call, without reference counting).
                linePieces.removeAll(keepingCapacity: true)
                linePieceOffsets.removeAll(keepingCapacity: true)
                var continuesMatch = false
                var index = matchIndex
                while index < matches.count && matches[index].lowerBound < lineEnd {
                    let match = matches[index]
                    let piece = max(match.lowerBound, lineStart)..<min(match.upperBound, contentEnd)
                    if !piece.isEmpty {
                        linePieces.append(piece.lowerBound - lineStart..<piece.upperBound - lineStart)
                        linePieceOffsets.append(match.lowerBound)
                        if match.lowerBound < lineStart { continuesMatch = true }
                    }
                    if line.firstMatch == nil && match.lowerBound >= lineStart { line.firstMatch = match.lowerBound - lineStart }
                    index += 1
                }
                swap(&line.matches, &linePieces)
                // Only a piece of a match that started on an earlier line has an offset other
                // than its own (see ``SinkLine/matchOffsets``).
                if continuesMatch { swap(&line.matchOffsets, &linePieceOffsets) }
                if sink.needsUTF16Offsets {
                    var units = ByteToUTF16Offsets(line.content)
                    line.utf16Matches = line.matches.map { units.unitOffset(ofByte: $0.lowerBound)..<units.unitOffset(ofByte: $0.upperBound) }
                }
            }
            if selected { sink.matched(line) } else { sink.context(line) }
            if lendsPieces {
                // The storage back for the next line (empty arrays in its place).
                swap(&line.matches, &linePieces)
                if !line.matchOffsets.isEmpty { swap(&line.matchOffsets, &linePieceOffsets) }
            }
            if sink.hasFailed {
                result.endsRun = true
                stops = true
            }
            lineStart = lineEnd
        }
    }

    /// Reports a block as one piece (``SearchSink/printsMatchedBlocks``).
    private func printBlock(_ reported: (start: Int, end: Int, matches: [Range<Int>])) {
        let terminated = endsWithTerminator(reported.end)
        let contentEnd = terminated ? reported.end - 1 : reported.end
        var line = SinkLine(
            content: UnsafeRawBufferPointer(start: buffer.base + (reported.start - bufferOffset), count: contentEnd - reported.start),
            number: lineNumber(at: reported.start), byteOffset: reported.start, terminated: terminated)
        line.lineCount = TerminatorCounting.count(
            in: buffer.base, from: reported.start - bufferOffset, to: reported.end - bufferOffset,
            terminator: policy.lineTerminator, nulEndsLines: false) + (terminated ? 0 : 1)
        line.matches = reported.matches.filter { !$0.isEmpty }.map { $0.lowerBound - reported.start..<$0.upperBound - reported.start }
        line.matchOffsets = reported.matches.filter { !$0.isEmpty }.map { $0.lowerBound }
        line.firstMatch = reported.matches.first.map { $0.lowerBound - reported.start }
        if sink.needsUTF16Offsets {
            var units = ByteToUTF16Offsets(line.content)
            line.utf16Matches = line.matches.map { units.unitOffset(ofByte: $0.lowerBound)..<units.unitOffset(ofByte: $0.upperBound) }
        }
        sink.matched(line)
        if sink.hasFailed {
            result.endsRun = true
            stops = true
        }
    }

    // MARK: Errors

    /// Reports that a match would need more than ``maximumHeldBytes`` held, and ends the
    /// input's search.
    private func reportTooLong() {
        result.hadLimitError = true
        stops = true
        let offset = lineStart(ofOffset: min(position, bufferOffset + windowLimit))
        let limit = maximumHeldBytes >= 1 << 20 ? "\(maximumHeldBytes >> 20) MiB" : "\(maximumHeldBytes) bytes"
        diagnostics.report(
            name, Array(": --multiline: a match from byte \(offset) may span more than \(limit); rest of input not searched".utf8))
    }

    /// Reports that ICU stopped at a limit, and ends the input's search.
    private func reportLimit(_ error: ICURegexError) {
        result.hadLimitError = true
        stops = true
        diagnostics.searchFailed(name, line: .byteOffset(position), error: error, consequence: "rest of input not searched")
    }
}
