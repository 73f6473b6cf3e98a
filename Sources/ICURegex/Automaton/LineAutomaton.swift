/// A prefilter that runs a line search's patterns, as a ``LineAutomatonPlan``, over the raw
/// UTF-8 bytes of lines: a deterministic automaton built lazily from the position automaton,
/// one state per set of active positions, one table lookup per character.
///
/// Its language contains every match of the ICU patterns (see ``CodePointPattern``), so a line
/// in which it finds nothing cannot match and is skipped without being decoded. A line it
/// accepts is matched by ICU unless the acceptance is certain (``LineVerdict/certainMatch``:
/// the plan is exact and the line held no character it approximates). Ill-formed UTF-8 is
/// read as the decoder reads it, each maximal ill-formed subsequence as one U+FFFD
/// (``UTF8Decoding``): such a sequence never holds a line terminator, which is no
/// continuation byte, so the line it is read in is the one ICU is given.
///
/// Characters from ``CodePointClassTable/exactLimit`` on are classified when first read, by
/// asking ICU which of the pattern's sets hold them (``CodePointSetMembership``); a set of
/// positions that no class has yet becomes a class of its own, in columns the table keeps
/// spare for them. Only when those run out is such a character read as the plan's
/// approximation (a class accepting it wherever a class position is), which makes the scan
/// inexact.
///
/// Not thread-safe: each thread makes its own from the shared plan, so its state skips Swift's
/// run-time exclusivity checks (`@exclusivity(unchecked)`), which the scans would otherwise pay.
final class LineAutomaton {
    /// A table entry not computed yet.
    private static let unknown: Int32 = -1
    /// A table entry for a character that completes a match.
    private static let accepting: Int32 = -2
    /// A byte-table entry for the lead byte of a multi-byte character.
    private static let multiByte: UInt8 = 255
    /// The most states kept; beyond it the table starts again from the current state.
    private static let maximumStates = 4096

    /// The rank (``TextFrequencyRank``) from which a byte is among the commonest of text.
    private static let commonByteRank = 150

    /// Lines at least this long in bytes are found with `memchr` and measured before they are
    /// scanned, when no shorter line can match (below it, finding the lines costs more than
    /// scanning them).
    static let lineMeasuringLength = 12

    private let automaton: PositionAutomaton
    /// The fewest bytes a line that matches has.
    private let minimumLineLength: Int
    /// Whether the automaton's verdict is the pattern's: nothing was dropped in reading it.
    private let isExact: Bool
    /// True when the plan's classes approximate characters from
    /// ``CodePointClassTable/exactLimit`` on, which are then classified when first read.
    private let classifiesLargeCharacters: Bool

    /// Set by a scan that stops at a character whose case folding is several characters or
    /// reads an approximated character: a scan without it that accepts proves that the
    /// pattern matches in its line.
    @exclusivity(unchecked) private var scanWasInexact = false
    private let classes: CodePointClassTable
    /// The positions that accept the code points of each class: the plan's classes, then the
    /// classes made for characters from ``CodePointClassTable/exactLimit`` on.
    @exclusivity(unchecked) private var masks: [PositionSet]
    /// The class of each set of positions in ``masks``.
    @exclusivity(unchecked) private var classOfMask: [PositionSet: UInt8] = [:]
    /// Which of the pattern's sets hold a character, for classifying large ones.
    private let membership: CodePointSetMembership
    /// The most classes, the plan's and the spare ones.
    private let classCapacity: Int
    /// The class of each code point from ``CodePointClassTable/exactLimit`` on that was read,
    /// plus one, with ``approximatedLargeCharacter`` set when the class is the plan's
    /// approximation.
    @exclusivity(unchecked) private var largeCharacterClasses = LargeCharacterEntries()
    private static let approximatedLargeCharacter: UInt16 = 0x8000
    /// The most classes made for large characters, beyond the plan's.
    private static let spareClasses = 64
    /// The table's columns: one per class (``classCapacity``), and last the column of line
    /// terminators, which read the line's end (``CodePointSet/lineEnd``) and then lead to
    /// ``lineStartRow``.
    private let columns: Int
    private var lineEndColumn: Int { columns - 1 }

    /// The row of the state in which each line starts: the one after reading the line's start
    /// (``CodePointSet/lineStart``) in the state without active positions (row 0).
    private var lineStartRow: Int32 = 0
    /// The active positions of each state; state 0 has none.
    private var states: [PositionSet] = []
    /// The row of each state, by its active positions.
    private var stateRows: [PositionSet: Int32] = [:]
    /// The next state for each state and column, or ``unknown`` or ``accepting``. A state is
    /// written as the offset of its row, its number times ``columns``, which saves a
    /// multiplication per character.
    private var table: UnsafeMutablePointer<Int32>
    private var tableCapacity: Int

    /// The column of each byte, for one line terminator: ASCII bytes by their class, line
    /// ends to ``lineEndColumn``, lead bytes ``multiByte``. In memory of the automaton's own
    /// (256 bytes) rather than an array, so that a scan reads it without reference counting
    /// or an exclusivity check.
    private let byteColumns: UnsafeMutablePointer<UInt8>
    private var byteColumnsKey: (terminator: UInt8, nulEndsLines: Bool)?

    /// Skips the characters that, read in the state without active positions (row 0), leave
    /// the automaton there: no match can start with them. The one for raw bytes also skips
    /// the line terminators (of ``byteColumnsKey``) when a line starts in that state too.
    private let startScanner: MatchStartScanner
    @exclusivity(unchecked) private var byteStartScanner: MatchStartScanner
    /// For each ASCII character, true when it keeps the state without active positions.
    private let asciiKeepsStart: [Bool]
    /// True when the scan of raw bytes uses ``byteStartScanner``: when no match can start
    /// with one of the commonest bytes of text (a space, a lowercase letter), so that it
    /// skips far. Otherwise it would stop after a byte or two, and each stop costs more than
    /// the table's steps it saves. In text where it does stop that often all the same (a
    /// pattern starting with `\p{Lu}` in Cyrillic, whose lead bytes may start a match), it is
    /// measured and turned off: ``skipsStartBytes`` becomes false once the skips have
    /// averaged fewer than ``shortestPayingSkip`` bytes over ``skipsMeasured`` of them.
    @exclusivity(unchecked) private var skipsStartBytes: Bool
    /// The skips of the start scanner so far, and the bytes they passed over.
    @exclusivity(unchecked) private var skips = 0
    @exclusivity(unchecked) private var skippedBytes = 0
    private static let skipsMeasured = 4096
    private static let shortestPayingSkip = 4

    /// Makes an automaton for `plan`.
    init(_ plan: LineAutomatonPlan) {
        let asciiKeepsStart = (0..<128).map { (plan.automaton.first & plan.classes.masks[Int(plan.classes.smallClasses[$0])]).isEmpty }
        self.asciiKeepsStart = asciiKeepsStart
        startScanner = MatchStartScanner(keepsStart: asciiKeepsStart)
        // Made for the line terminator at the first scan of raw bytes.
        byteStartScanner = startScanner
        skipsStartBytes = (0..<128).allSatisfy {
            TextFrequencyRank.rank(ofByte: UInt8($0)) < Self.commonByteRank || asciiKeepsStart[$0]
        }
        automaton = plan.automaton
        classes = plan.classes
        minimumLineLength = plan.minimumLineLength
        isExact = plan.isExact
        classifiesLargeCharacters = plan.hasClassPositions
        masks = plan.classes.masks
        for (index, mask) in plan.classes.masks.enumerated() where classOfMask[mask] == nil {
            classOfMask[mask] = UInt8(index)
        }
        membership = CodePointSetMembership(sets: plan.automaton.positionSets, options: plan.options)
        classCapacity =
            plan.hasClassPositions
            ? min(CodePointClassTable.maximumClasses, plan.classes.masks.count + Self.spareClasses) : plan.classes.masks.count
        columns = classCapacity + 1
        tableCapacity = 64
        table = .allocate(capacity: tableCapacity * columns)
        byteColumns = .allocate(capacity: 256)
        byteColumns.initialize(repeating: 0, count: 256)
        addInitialStates()
    }

    deinit {
        table.deallocate()
        byteColumns.deallocate()
    }

    /// The offset of the first character of `text[start..<end]`, UTF-16 read as ICU reads it
    /// (a lone surrogate is a code point of its own), with which a match of the patterns may
    /// end, a match starting at or after `start`; nil when none may. A character whose case
    /// folding is several (with `-i`) is answered as such a place too. For the search plan of
    /// long UTF-16 ranges, whose plan is read without line edges: the scan starts in the state
    /// without active positions, where a match may start at every character.
    ///
    /// In the start state, the characters that cannot start a match are passed over without
    /// the table, by ``MatchStartScanner``.
    func firstMatchEnd(inUTF16 text: UnsafePointer<UInt16>, from start: Int, to end: Int) -> Int? {
        var table = self.table
        var row = 0
        var index = start
        return classes.smallClasses.withUnsafeBufferPointer { smallClasses in
            while index < end {
                if row == 0 {
                    index = startScanner.firstPossibleStart(inUTF16: text, from: index, to: end)
                    if index >= end { return nil }
                }
                let unit = text[index]
                var next = index &+ 1
                let column: Int
                if unit < 0x80 {
                    column = Int(smallClasses[Int(unit)])
                } else {
                    var value = UInt32(unit)
                    if UTF16.isLeadSurrogate(unit), next < end, UTF16.isTrailSurrogate(text[next]) {
                        value = UTF16.scalarValue(lead: unit, trail: text[next])
                        next &+= 1
                    }
                    let valueClass = self.classOf(value)
                    if valueClass == CodePointClassTable.stopClass { return index }
                    column = Int(valueClass)
                }
                var target = table[row &+ column]
                if target < 0 {
                    target = resolved(target, fromRow: row, column: column, table: &table)
                    if target == Self.accepting { return index }
                }
                row = Int(target)
                index = next
            }
            return nil
        }
    }

    /// The first line at or after `start` (a line start) in `block` that may match, and
    /// whether it certainly does. Lines end at `terminator`, and at NUL bytes too when
    /// `nulEndsLines`. With `linesOneByOne`, each line is found and then scanned, which costs
    /// less than one scan of the block when most lines are candidates (the scan of a line
    /// stops at its first match, and the line's start need not be sought back).
    func firstCandidateLine(
        in block: UnsafeRawBufferPointer, from start: Int, terminator: UInt8, nulEndsLines: Bool, linesOneByOne: Bool = false
    ) -> LineCandidate {
        let count = block.count
        guard linesOneByOne || minimumLineLength >= Self.lineMeasuringLength else {
            scanWasInexact = !isExact
            let found = candidateByte(in: block, from: start, to: count, terminator: terminator, nulEndsLines: nulEndsLines)
            if found >= count { return .none(in: count) }
            let line = LineBounds.start(ofLineContaining: found, in: block, notBefore: start, terminator: terminator, nulEndsLines: nulEndsLines)
            // The scan may have read approximated characters in earlier lines too: a
            // conservative answer.
            return LineCandidate(start: line, verdict: scanWasInexact ? .mayMatch : .certainMatch)
        }
        var line = start
        while line < count {
            let end = LineBounds.end(ofLineStartingAt: line, in: block, terminator: terminator, nulEndsLines: nulEndsLines)
            if let verdict = verdict(onLineFrom: line, to: end, in: block, terminator: terminator, nulEndsLines: nulEndsLines) {
                return LineCandidate(start: line, verdict: verdict)
            }
            line = end + 1
        }
        return .none(in: count)
    }

    /// What the automaton knows of the line `start..<end` of `block` (without its
    /// terminator): nil when it cannot match, else whether it certainly matches.
    func verdict(
        onLineFrom start: Int, to end: Int, in block: UnsafeRawBufferPointer, terminator: UInt8, nulEndsLines: Bool
    ) -> LineVerdict? {
        guard end - start >= minimumLineLength else { return nil }
        scanWasInexact = !isExact
        let found = candidateByte(
            in: block, from: start, to: end, terminator: terminator, nulEndsLines: nulEndsLines, readsLineEnd: true)
        guard found < end || found == Self.lineEndAccepted else { return nil }
        return scanWasInexact ? .mayMatch : .certainMatch
    }

    /// What ``candidateByte(in:from:to:terminator:nulEndsLines:readsLineEnd:)`` returns
    /// when the end of the line, read after its last byte, completes a match.
    private static let lineEndAccepted = -1

    /// The offset of the first byte in `start..<end` of `block` at which a match of the
    /// patterns may end (a line terminator, when the match ends with the line), or at which a
    /// character whose case folding is several characters starts (with `-i`); `end` when
    /// there is none. `start` must be the start of a line; lines end at `terminator`, and at
    /// NUL bytes too when `nulEndsLines`.
    /// With `readsLineEnd`, `end` ends a line too, and when that completes a match the result
    /// is ``lineEndAccepted``.
    ///
    /// The scan skips with ``byteStartScanner`` when ``skipsStartBytes``, in a copy of the
    /// loop of its own.
    @inline(__always)
    private func candidateByte(
        in block: UnsafeRawBufferPointer, from start: Int, to end: Int, terminator: UInt8, nulEndsLines: Bool,
        readsLineEnd: Bool = false
    ) -> Int {
        prepareByteColumns(terminator: terminator, nulEndsLines: nulEndsLines)
        if skipsStartBytes {
            if skips >= Self.skipsMeasured {
                skipsStartBytes = skippedBytes >= skips &* Self.shortestPayingSkip
                skips = 0
                skippedBytes = 0
            }
            return firstCandidateByteSkippingStart(in: block, from: start, to: end, terminator: terminator, readsLineEnd: readsLineEnd)
        }
        return firstCandidateByteReadingEveryByte(in: block, from: start, to: end, terminator: terminator, readsLineEnd: readsLineEnd)
    }

    /// The loop of ``candidateByte(in:from:to:terminator:nulEndsLines:readsLineEnd:)`` with
    /// the start scanner's skips, out of line.
    @inline(never)
    private func firstCandidateByteSkippingStart(
        in block: UnsafeRawBufferPointer, from start: Int, to end: Int, terminator: UInt8, readsLineEnd: Bool
    ) -> Int {
        firstCandidateByte(skipsStart: true, in: block, from: start, to: end, terminator: terminator, readsLineEnd: readsLineEnd)
    }

    /// The loop of ``candidateByte(in:from:to:terminator:nulEndsLines:readsLineEnd:)``
    /// without skips, out of line.
    @inline(never)
    private func firstCandidateByteReadingEveryByte(
        in block: UnsafeRawBufferPointer, from start: Int, to end: Int, terminator: UInt8, readsLineEnd: Bool
    ) -> Int {
        firstCandidateByte(skipsStart: false, in: block, from: start, to: end, terminator: terminator, readsLineEnd: readsLineEnd)
    }

    /// The loop of ``candidateByte(in:from:to:terminator:nulEndsLines:readsLineEnd:)``, for
    /// byte columns prepared already.
    ///
    /// The hot loop, kept out of line so that its code is the same whoever calls it: inlined,
    /// its registers depended on the caller, and in one caller the state's row went through
    /// memory on every byte (a scan of English text without literals took 1.6x the time).
    /// Inlined into one function for each value of `skipsStart`, a constant there, so that the
    /// loop that does not skip holds no test for it.
    @inline(__always)
    private func firstCandidateByte(
        skipsStart: Bool, in block: UnsafeRawBufferPointer, from start: Int, to end: Int, terminator: UInt8,
        readsLineEnd: Bool
    ) -> Int {
        let bytes = block.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let byteColumns = self.byteColumns
        // The skip's plain pointers, copied once: a call on the stored scanner copies it, with
        // reference counting, on every call (this scan runs for every candidate line).
        let byteSkip = skipsStart ? byteStartScanner.byteSkip : nil
        // Counted here and added once: the properties would be written on every skip.
        var scanSkips = 0
        var scanSkippedBytes = 0
        defer {
            if skipsStart {
                skips &+= scanSkips
                skippedBytes &+= scanSkippedBytes
            }
        }
        var table = self.table
        var row = Int(lineStartRow)
        var index = start
        while index < end {
            // (A scanner for bytes always has a skip: it is made when `skipsStartBytes`.)
            if skipsStart && row == 0, let byteSkip {
                let skipStart = index
                index = byteSkip.firstPossibleStart(in: bytes, from: index, to: end)
                scanSkips &+= 1
                scanSkippedBytes &+= index &- skipStart
                if index >= end { break }
            }
            var column = Int(byteColumns[Int(bytes[index])])
            var length = 1
            if column == Int(Self.multiByte) {
                let value: UInt32
                let count: Int
                if let sequence = UTF8Decoding.wellFormedSequence(at: index, in: bytes, end: end) {
                    (value, count) = sequence
                } else {
                    (value, count) = (UTF8Decoding.replacementCharacter, UTF8Decoding.maximalSubpartLength(at: index, in: bytes, end: end))
                }
                if value >= CodePointClassTable.exactLimit && classifiesLargeCharacters {
                    let entry = largeClassEntry(of: value)
                    if entry & Self.approximatedLargeCharacter != 0 {
                        scanWasInexact = true
                    }
                    column = Int(entry & 0xFF) &- 1
                } else {
                    column = Int(classes.classOf(value))
                }
                if column == Int(CodePointClassTable.stopClass) {
                    scanWasInexact = true
                    return index
                }
                length = count
            }
            var next = table[row &+ column]
            if next < 0 {
                next = resolved(next, fromRow: row, column: column, table: &table)
                if next == Self.accepting { return index }
            }
            row = Int(next)
            index &+= length
        }
        if readsLineEnd
            && resolved(table[row &+ lineEndColumn], fromRow: row, column: lineEndColumn, table: &table) == Self.accepting
        {
            return Self.lineEndAccepted
        }
        return end
    }

    /// `entry`, the table's entry for the state of `row` and `column`, once known: the next
    /// state's row, or ``accepting``. An entry not known yet is computed, and `table` read
    /// again: a new state may have moved it. The scans call this only for negative entries,
    /// so that the common step costs one comparison.
    @inline(__always)
    private func resolved(
        _ entry: Int32, fromRow row: Int, column: Int, table: inout UnsafeMutablePointer<Int32>
    ) -> Int32 {
        guard entry == Self.unknown else { return entry }
        let computed = transition(fromRow: row, column: column)
        table = self.table
        return computed
    }

    // MARK: States

    /// Computes, stores and returns the entry for the state of `row` and `column`. A line
    /// terminator reads the line's end: it accepts, or leads to ``lineStartRow``.
    private func transition(fromRow row: Int, column: Int) -> Int32 {
        let readsLineEnd = column == lineEndColumn
        let mask = masks[readsLineEnd ? Int(classes.lineEndClass) : column]
        let active = (automaton.positions(following: states[row / columns]) | automaton.first) & mask
        if !(active & automaton.last).isEmpty {
            table[row + column] = Self.accepting
            return Self.accepting
        }
        if readsLineEnd {
            table[row + column] = lineStartRow
            return lineStartRow
        }
        if let known = stateRows[active] {
            table[row + column] = known
            return known
        }
        if states.count >= Self.maximumStates {
            // Start again with the start state and the new one; the entry of `state`, which
            // is gone, is not stored.
            states.removeAll(keepingCapacity: true)
            stateRows.removeAll(keepingCapacity: true)
            addInitialStates()
            return stateRows[active] ?? addState(active)
        }
        let newRow = addState(active)
        table[row + column] = newRow
        return newRow
    }

    /// Adds the state without active positions (row 0) and the state in which lines start.
    private func addInitialStates() {
        _ = addState(.empty)
        // A pattern's match has a character besides the line's start, so reading the start
        // alone never completes one.
        let afterLineStart = automaton.first & masks[Int(classes.lineStartClass)]
        lineStartRow = stateRows[afterLineStart] ?? addState(afterLineStart)
    }

    /// Adds a state with the positions `active`, with unknown entries, and returns its row.
    private func addState(_ active: PositionSet) -> Int32 {
        let number = states.count
        if number >= tableCapacity {
            let newCapacity = tableCapacity * 2
            let newTable = UnsafeMutablePointer<Int32>.allocate(capacity: newCapacity * columns)
            newTable.update(from: table, count: tableCapacity * columns)
            table.deallocate()
            table = newTable
            tableCapacity = newCapacity
        }
        states.append(active)
        let row = Int32(number * columns)
        stateRows[active] = row
        let entries = table + number * columns
        entries.update(repeating: Self.unknown, count: columns)
        return row
    }

    /// For each byte, true when reading it in the state without active positions (row 0)
    /// leaves the automaton there, at a character's start: no match can start with it.
    ///
    /// A line end completes no match there (a pattern has a character besides the line's
    /// edges) and leads to the state in which lines start: the same one unless the pattern
    /// reads the line's start. Bytes from 0x80 on are kept only when U+FFFD, which an
    /// ill-formed sequence reads as, starts no match; then continuation bytes are kept, and
    /// a lead byte when no character it begins may start one: known exactly below
    /// ``CodePointClassTable/exactLimit``, and above it when the match's first characters are
    /// literals matched with case (else any may).
    private func bytesKeepingStart(terminator: UInt8, nulEndsLines: Bool) -> [Bool] {
        let first = automaton.first
        func startsNothing(_ valueClass: UInt8) -> Bool {
            valueClass != CodePointClassTable.stopClass && (first & masks[Int(valueClass)]).isEmpty
        }
        var keeps = asciiKeepsStart + [Bool](repeating: false, count: 128)
        keeps[Int(terminator)] = lineStartRow == 0
        if nulEndsLines {
            keeps[0] = lineStartRow == 0
        }
        guard startsNothing(classOf(UTF8Decoding.replacementCharacter)) else { return keeps }
        for byte in 0x80..<256 where byte < 0xC2 || byte > 0xF4 {
            keeps[byte] = true
        }
        for lead in 0xC2...0xDF {
            keeps[lead] = (0..<64).allSatisfy { startsNothing(classes.smallClasses[((lead & 0x1F) << 6) | $0]) }
        }
        var firstSets: [CodePointSet] = []
        first.forEach { firstSets.append(automaton.positionSets[$0]) }
        let largeCharactersMayStart = classes.caseInsensitive || firstSets.contains {
            if case .icuClass = $0 { return true }
            return false
        }
        guard !largeCharactersMayStart else { return keeps }
        var startingLeads = Set<Int>()
        for case .scalar(let value) in firstSets where value >= CodePointClassTable.exactLimit {
            if let scalar = Unicode.Scalar(value) { startingLeads.insert(Int(String(scalar).utf8.first!)) }
        }
        for lead in 0xE0...0xF4 {
            keeps[lead] = !startingLeads.contains(lead)
        }
        return keeps
    }

    // MARK: Classes

    /// The class of the code point `value`.
    @inline(__always)
    private func classOf(_ value: UInt32) -> UInt8 {
        guard value >= CodePointClassTable.exactLimit && classifiesLargeCharacters else { return classes.classOf(value) }
        return UInt8(truncatingIfNeeded: (largeClassEntry(of: value) & 0xFF) &- 1)
    }

    /// The entry of ``largeCharacterClasses`` for `value`, from
    /// ``CodePointClassTable/exactLimit`` on, worked out if it is not known yet.
    @inline(__always)
    private func largeClassEntry(of value: UInt32) -> UInt16 {
        let known = largeCharacterClasses.entry(of: value)
        return known != 0 ? known : classifiedLargeCharacter(value)
    }

    /// Classifies `value`, from ``CodePointClassTable/exactLimit`` on, by the sets that hold
    /// it, making a class for them if there is none and room for one, and keeps the entry.
    @inline(never)
    private func classifiedLargeCharacter(_ value: UInt32) -> UInt16 {
        var entry: UInt16
        if classes.caseInsensitive && MultiCharacterFolds.contains(value) {
            entry = UInt16(CodePointClassTable.stopClass) + 1
        } else if let mask = membership.positions(holding: value), let valueClass = classNumber(of: mask) {
            entry = UInt16(valueClass) + 1
        } else {
            entry = (UInt16(classes.classOf(value)) + 1) | Self.approximatedLargeCharacter
        }
        largeCharacterClasses.store(entry, for: value)
        return entry
    }

    /// The class whose characters the positions `mask` accept, made if there is none and
    /// ``classCapacity`` allows.
    private func classNumber(of mask: PositionSet) -> UInt8? {
        if let known = classOfMask[mask] { return known }
        guard masks.count < classCapacity else { return nil }
        let number = UInt8(masks.count)
        masks.append(mask)
        classOfMask[mask] = number
        return number
    }

    /// Fills ``byteColumns`` for a line terminator, unless it is filled for it already.
    private func prepareByteColumns(terminator: UInt8, nulEndsLines: Bool) {
        if let key = byteColumnsKey, key.terminator == terminator, key.nulEndsLines == nulEndsLines {
            return
        }
        for byte in 0..<256 {
            byteColumns[byte] = byte < 0x80 ? classes.smallClasses[byte] : Self.multiByte
        }
        byteColumns[Int(terminator)] = UInt8(lineEndColumn)
        if nulEndsLines {
            byteColumns[0] = UInt8(lineEndColumn)
        }
        byteColumnsKey = (terminator, nulEndsLines)
        if skipsStartBytes {
            byteStartScanner = MatchStartScanner(keepsStartByte: bytesKeepingStart(terminator: terminator, nulEndsLines: nulEndsLines))
        }
    }
}
