import CByteScan

/// The prefilter of one thread: finds, in a block of raw input bytes, the next line that
/// contains one of the ``RequiredLiterals`` (or, with case-insensitive ASCII literals, any
/// byte outside ASCII), so that the lines before it are skipped without being decoded or
/// matched.
final class CandidateLineFinder {
    /// The one-pass scanner for every literal (and, with `-i`, for the characters folding
    /// into them), as the prefilter chose it (see ``Prefilter/blockScanner(for:)``, where each
    /// is described).
    /// Each is kept in memory of its own and used in place: a stored property of the class
    /// would be copied out for each call, costing reference counting of its arrays and a
    /// run-time exclusivity check on every candidate line. Only this finder's thread uses it.
    private enum Scanner {
        case byte(UnsafeMutablePointer<SingleByteScanner>)
        case literal(UnsafeMutablePointer<SingleLiteralScanner>)
        case teddy(UnsafeMutablePointer<TeddyScanner>)
        case probes(UnsafeMutablePointer<PackedPairScanner>)
        case probesBesideFoldingCharacters(UnsafeMutablePointer<PackedPairScanner>, UnsafeMutablePointer<PackedPairScanner>)
        case automaton(UnsafeMutablePointer<LiteralAutomatonScanner>)
    }

    private let scanner: Scanner
    /// True when a line that holds a literal certainly matches (see
    /// ``RequiredLiterals/literalsAreThePatterns``).
    private let linesWithLiteralsMatch: Bool
    /// True when every line the scanner proposes certainly matches: the literals are the
    /// patterns, and the scanner proposes no line for a byte outside ASCII. Every line is
    /// then decided by the scan alone (see ``countMatchingLines(in:from:terminator:)``).
    private let decidesEveryLine: Bool
    /// The one literal (of one byte or more) whose occurrences decide every line, when there is
    /// one: then runs of lines that match, and of lines that do not, are told apart in bulk
    /// (``lineRun(in:from:terminator:matching:)``).
    private let runLiteral: ProbedLiteral?

    /// Creates a finder for `literals`, with the scanner the prefilter chooses for them.
    init(_ literals: RequiredLiterals) {
        switch Prefilter.blockScanner(for: literals) {
        case .byte(let byteScanner): scanner = .byte(Self.stored(byteScanner))
        case .literal(let literalScanner): scanner = .literal(Self.stored(literalScanner))
        case .teddy(let teddy): scanner = .teddy(Self.stored(teddy))
        case .automaton(let automaton): scanner = .automaton(Self.stored(automaton))
        case .probes(let probes): scanner = .probes(Self.stored(probes))
        case .probesBesideFoldingCharacters(let probes, let foldings):
            scanner = .probesBesideFoldingCharacters(Self.stored(probes), Self.stored(foldings))
        }
        linesWithLiteralsMatch = literals.literalsAreThePatterns
        let proposesNonASCII: Bool
        switch scanner {
        case .byte, .literal: proposesNonASCII = false
        case .probes(let storage): proposesNonASCII = storage.pointee.findsNonASCII
        case .probesBesideFoldingCharacters: proposesNonASCII = true
        case .teddy(let storage): proposesNonASCII = storage.pointee.findsNonASCII
        case .automaton(let storage): proposesNonASCII = storage.pointee.findsNonASCII
        }
        decidesEveryLine = linesWithLiteralsMatch && !proposesNonASCII
        switch scanner {
        case .byte(let storage) where decidesEveryLine && storage.pointee.findsOneByte:
            runLiteral = ProbedLiteral([storage.pointee.byte])
        case .literal(let storage) where decidesEveryLine:
            runLiteral = storage.pointee.literal
        default:
            runLiteral = nil
        }
    }

    /// `value` in memory of its own, which the finder frees.
    private static func stored<Value>(_ value: Value) -> UnsafeMutablePointer<Value> {
        let storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        storage.initialize(to: value)
        return storage
    }

    deinit {
        switch scanner {
        case .byte(let storage):
            storage.deinitialize(count: 1)
            storage.deallocate()
        case .literal(let storage):
            storage.pointee.deallocate()
            storage.deinitialize(count: 1)
            storage.deallocate()
        case .teddy(let storage):
            storage.pointee.deallocate()
            storage.deinitialize(count: 1)
            storage.deallocate()
        case .probes(let storage):
            storage.deinitialize(count: 1)
            storage.deallocate()
        case .probesBesideFoldingCharacters(let storage, let foldings):
            storage.deinitialize(count: 1)
            storage.deallocate()
            foldings.deinitialize(count: 1)
            foldings.deallocate()
        case .automaton(let storage):
            storage.deinitialize(count: 1)
            storage.deallocate()
        }
    }

    /// Forgets what was found in the previous block: to be called before the first question
    /// about a new block (or the same memory holding other bytes).
    func forgetBlock() {
        switch scanner {
        case .byte(let storage): storage.pointee.forgetBlock()
        case .literal(let storage): storage.pointee.forgetBlock()
        case .teddy(let storage): storage.pointee.forgetBlock()
        case .probes(let storage): storage.pointee.forgetBlock()
        case .probesBesideFoldingCharacters(let storage, let foldings):
            storage.pointee.forgetBlock()
            foldings.pointee.forgetBlock()
        case .automaton(let storage): storage.pointee.forgetBlock()
        }
    }

    /// True when ``scanBlockFindingNUL(_:from:)`` scans: the scanner is one literal found
    /// byte for byte (``SingleLiteralScanner``), or Teddy (``TeddyScanner``).
    var scansBlocksFindingNUL: Bool {
        switch scanner {
        case .literal, .teddy: return true
        default: return false
        }
    }

    /// True when the scanner is one literal found byte for byte, whose scanned block also
    /// answers ``occurrenceOfLiteral(in:from:)``.
    var scansOneLiteral: Bool {
        if case .literal = scanner { return true }
        return false
    }

    /// Scans `block` from `offset` (the start of a line) once, for the literal (or Teddy's
    /// candidates) and for the first NUL byte, ahead of the questions about its lines: the NUL's offset, or
    /// `block.count` when there is none; nil, having done nothing, when the scanner cannot
    /// (``scansBlocksFindingNUL``). The occurrences found answer the questions about the
    /// block's lines (and ``occurrenceOfLiteral(in:from:)``) until ``forgetScannedBlock()``:
    /// the bytes must stay where they are, unchanged, until then. The searcher's first read of
    /// a block finds both the NUL, which GNU grep's rules need before any of the block's lines
    /// is reported, and the candidates, in one pass.
    func scanBlockFindingNUL(_ block: UnsafeRawBufferPointer, from offset: Int) -> Int? {
        switch scanner {
        case .literal(let storage): return storage.pointee.scanBlockFindingNUL(block, from: offset)
        case .teddy(let storage): return storage.pointee.scanBlockFindingNUL(block, from: offset)
        default: return nil
        }
    }

    /// Forgets the block of ``scanBlockFindingNUL(_:from:)``, whose bytes may now change.
    func forgetScannedBlock() {
        switch scanner {
        case .literal(let storage): storage.pointee.forgetScannedBlock()
        case .teddy(let storage): storage.pointee.forgetScannedBlock()
        default: break
        }
    }

    /// True when the scanner is one literal found byte for byte, and that literal is `bytes`:
    /// then ``occurrenceOfLiteral(in:from:)`` finds `bytes`.
    func scansLiteral(_ bytes: [UInt8]) -> Bool {
        guard case .literal(let storage) = scanner else { return false }
        let literal = storage.pointee.literal
        return UnsafeBufferPointer(start: literal.bytes, count: literal.count).elementsEqual(bytes)
    }

    /// The first occurrence of the one literal, at or after `from`, that lies wholly in
    /// `bytes` (`bytes.count` when there is none): from the scanned block's occurrences when
    /// `bytes` lie within it. Nil unless the scanner is one literal found byte for byte.
    @inline(__always)
    func occurrenceOfLiteral(in bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard case .literal(let storage) = scanner else { return nil }
        return storage.pointee.searchInCall(in: bytes, from: from)
    }

    /// The first line at or after `offset` (the start of a line) in `block` that may match:
    /// a certain match when it was proposed for an occurrence of a literal and the literals
    /// are the patterns. Lines end at `terminator`, and also at NUL bytes when
    /// `nulEndsLines`. Questions about one block must come with increasing offsets.
    func nextCandidateLine(
        in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8, nulEndsLines: Bool
    ) -> LineCandidate {
        // The scanner remembers its last answer, so later questions cost nothing until the
        // search passes it.
        let first: Int
        let findsNonASCII: Bool
        switch scanner {
        case .byte(let storage):
            first = storage.pointee.firstOccurrence(in: block, from: offset)
            findsNonASCII = false
        case .literal(let storage):
            first = storage.pointee.firstOccurrence(in: block, from: offset)
            findsNonASCII = false
        case .teddy(let storage):
            first = storage.pointee.firstOccurrence(in: block, from: offset)
            findsNonASCII = storage.pointee.findsNonASCII
        case .probes(let storage):
            first = storage.pointee.firstOccurrence(in: block, from: offset)
            findsNonASCII = storage.pointee.findsNonASCII
        case .probesBesideFoldingCharacters(let storage, let foldings):
            // Each answer lies in the line of its scan's first occurrence, so the earlier one
            // lies in the line of the first occurrence of either.
            first = min(
                storage.pointee.firstOccurrence(in: block, from: offset), foldings.pointee.firstOccurrence(in: block, from: offset))
            findsNonASCII = true
        case .automaton(let storage):
            first = storage.pointee.firstOccurrence(in: block, from: offset)
            findsNonASCII = storage.pointee.findsNonASCII
        }
        if first >= block.count { return .none(in: block.count) }
        let start = LineBounds.start(
            ofLineContaining: first, in: block, notBefore: offset, terminator: terminator, nulEndsLines: nulEndsLines)
        // An occurrence of an ASCII literal starts with an ASCII byte; a line proposed for a
        // byte outside ASCII (which may come before a literal in the same line) must be checked.
        let holdsLiteral = !findsNonASCII || block[first] < 0x80
        return LineCandidate(start: start, verdict: linesWithLiteralsMatch && holdsLiteral ? .certainMatch : .mayMatch)
    }

    /// The number of lines from `offset` (the start of a line) in `block` that match, when
    /// ``decidesEveryLine``; nil otherwise. `block` ends with a line's `terminator`, and no
    /// NUL byte ends a line in it. The lines are counted without a question per line: after
    /// each occurrence, the scan goes on from the next line's start, and no line's start is
    /// sought back.
    func countMatchingLines(in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8) -> Int? {
        guard decidesEveryLine else { return nil }
        switch scanner {
        case .byte(let storage): return Self.countLines(with: storage, in: block, from: offset, terminator: terminator)
        case .literal(let storage): return Self.countLines(with: storage, in: block, from: offset, terminator: terminator)
        case .teddy(let storage): return Self.countLines(with: storage, in: block, from: offset, terminator: terminator)
        case .probes(let storage): return Self.countLines(with: storage, in: block, from: offset, terminator: terminator)
        case .automaton(let storage): return Self.countLines(with: storage, in: block, from: offset, terminator: terminator)
        case .probesBesideFoldingCharacters: return nil  // It proposes lines for bytes outside ASCII.
        }
    }

    /// ``countMatchingLines(in:from:terminator:)`` with one scanner, specialized for it: the lines
    /// that hold an occurrence.
    @inline(__always)
    private static func countLines<Scanner: BlockScanner>(
        with scanner: UnsafeMutablePointer<Scanner>, in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8
    ) -> Int {
        var count = 0
        var position = offset
        while position < block.count {
            let first = scanner.pointee.firstOccurrence(in: block, from: position)
            if first >= block.count { break }
            count += 1
            position = LineBounds.end(ofLineStartingAt: first, in: block, terminator: terminator, nulEndsLines: false) + 1
        }
        return count
    }

    /// The number of matches from `offset` (the start of a line) in `block`, and of the lines
    /// that hold them, when one literal decides every line (``runLiteral``): the patterns
    /// match exactly that literal, so their matches in a line, walked left to right with each
    /// search starting where the previous match ended, are the literal's occurrences that do
    /// not overlap an earlier one. The literal must not hold `terminator` (no occurrence then
    /// spans lines, and the occurrences of the block are those of its lines); nil otherwise.
    /// `block` ends with a line's `terminator`, and no NUL byte ends a line in it.
    func countMatches(in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8) -> (lines: Int, matches: Int)? {
        guard let runLiteral, !UnsafeBufferPointer(start: runLiteral.bytes, count: runLiteral.count).contains(terminator)
        else { return nil }
        switch scanner {
        case .byte(let storage):
            return Self.countMatches(with: storage, length: 1, in: block, from: offset, terminator: terminator)
        case .literal(let storage):
            return Self.countMatches(with: storage, length: runLiteral.count, in: block, from: offset, terminator: terminator)
        case .teddy, .probes, .probesBesideFoldingCharacters, .automaton:
            return nil
        }
    }

    /// ``countMatches(in:from:terminator:)`` with one scanner, specialized for it: each
    /// occurrence is a match, the next searched from its end; a line is counted at its first.
    @inline(__always)
    private static func countMatches<Scanner: BlockScanner>(
        with scanner: UnsafeMutablePointer<Scanner>, length: Int, in block: UnsafeRawBufferPointer, from offset: Int,
        terminator: UInt8
    ) -> (lines: Int, matches: Int) {
        var lines = 0
        var matches = 0
        // The terminator of the line of the last occurrence found.
        var lineEnd = offset - 1
        var position = offset
        while position < block.count {
            let first = scanner.pointee.firstOccurrence(in: block, from: position)
            if first >= block.count { break }
            matches += 1
            if first > lineEnd {
                lines += 1
                lineEnd = LineBounds.end(ofLineStartingAt: first, in: block, terminator: terminator, nulEndsLines: false)
            }
            position = first + length
        }
        return (lines, matches)
    }

    /// The longest run of whole lines from `offset` (the start of a line) in `block` that all
    /// match (`matching`) or all do not: the start of the line after it (`offset` when the first
    /// line breaks the run) and the number of its lines; nil unless one literal decides every
    /// line (``runLiteral``) and does not hold `terminator` (an occurrence would then span
    /// lines). `block` ends with a line's `terminator`, and no NUL byte ends a line in it.
    func lineRun(
        in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8, matching: Bool
    ) -> (end: Int, lines: Int)? {
        guard let runLiteral, let base = block.baseAddress,
            !UnsafeBufferPointer(start: runLiteral.bytes, count: runLiteral.count).contains(terminator)
        else { return nil }
        let run = bytescan_line_run(
            base, offset, block.count, runLiteral.probe, runLiteral.bytes, runLiteral.count, terminator,
            matching ? BYTESCAN_RUN_HOLDING : BYTESCAN_RUN_LACKING)
        return (run.end, run.lines)
    }
}
