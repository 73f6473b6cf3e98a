import CByteScan

/// Finds the capture groups of a match whose span is known, without ICU: a bounded
/// backtracker (regex-automata's `nfa::thompson::backtrack` is the model) that runs a
/// ``CaptureProgram`` anchored at the span's start and forced to end at its end, with the text
/// around the span visible to `\b`.
///
/// Why its groups are ICU's. ICU's matcher tries the ways the pattern can match in the
/// program's order of preference (branches in order, a greedy loop's next round before
/// leaving it, a lazy loop's the other way round), and its match from the span's start is the
/// first way that reaches the pattern's end; when the span is ICU's match, that way ends at
/// the span's end. The backtracker tries the same ways in the same order, and accepts the first
/// that ends exactly at the span's end: every way tried before it reads the same characters
/// as in ICU's search, and fails there, so it fails here too (or, reaching the end elsewhere,
/// is not accepted), and the way accepted is ICU's. For a span that ICU's `matches` on the
/// region is asked about (``RegexPattern/matches(spanning:inUTF8:_:)``), ICU takes the first
/// way that ends at the region's end, which is the backtracker's by definition. Its groups
/// follow from the way taken: each group holds where its last recorded start and end were,
/// and a failure undoes what was recorded after the choice it returns to, as ICU's saved
/// states do, so that a group inside a loop keeps the value of the last round in which it took
/// part and a group that took no part is nil (Perl's semantics, and ICU's).
///
/// Why it is linear. Without back references, whether the program succeeds from a step at an
/// offset does not depend on the groups recorded so far. The first visit of a (step, offset)
/// pair that the backtracker returns from has failed, so a later visit would fail as well and
/// is skipped: a table with one bit per pair bounds the work by the program's size times the
/// span's length plus one. A span whose table would exceed ``maximumVisitedBits`` is left to
/// ICU (``Outcome/unknown``); so is one holding a character whose case folding is several,
/// ill-formed UTF-8, or a character no class can tell. No recursion: choices wait on an
/// explicit stack.
///
/// Loops of one character. Most of a log line is read by loops such as `[^ ]+`, `.*?` and
/// `[^\}]*` (``CaptureProgram/characterLoops``), three steps a round. The backtracker goes
/// round them in one place, with one look at each character's class, and marks only the loop's
/// split at each offset: the round's two other steps are reached from that split alone, so
/// their marks would never stop a run, and the work stays bounded by the split's. A greedy
/// loop leaves no choice of its exit at an offset where the exit cannot begin (its first sets,
/// as for ``CaptureProgram/splitGuards``), which would fail when tried: `[^ ]+ ` pushes none.
/// The ways are tried in the same order, so the groups are the same.
///
/// Back references. A ``CaptureProgram/Instruction/backReference(group:)`` step reads again
/// what its group captured, as ICU's `URX_BACKREF` does (`rematch.cpp`): it fails when the group
/// has not taken part yet, matches the empty string when the group captured it, and otherwise
/// compares code point by code point (a lone surrogate is one, as ICU's `utext_next32` reads
/// it), the text's from the current offset with the group's. A group keeps the bounds of the
/// last round in which it took part, as ICU's do (its loops do not reset the groups of a
/// round), so `(?:(a)|b)+\1` reads `a` after `ab`. A reference inside its own group is not
/// compiled (ICU keeps the group's new start apart until it ends, the slots do not). With back
/// references, whether a step at an offset succeeds depends on the groups, so the visited
/// table would be unsound and is not kept: such a run instead counts its steps (and the
/// characters its references compare) against a budget that the caller gives, and answers
/// ``Outcome/unknown`` when it is spent, so that ICU decides; nothing it does is exponential.
/// The program refuses loops whose body may match the empty string (a reference may), so
/// every loop's round reads a character and a run ends.
///
/// Not thread-safe: each thread makes its own from the shared program.
final class CaptureBacktracker {
    /// What a run found.
    enum Outcome: Equatable {
        /// The span matches; ``slots`` hold the groups.
        case match
        /// The span does not match.
        case noMatch
        /// The backtracker cannot tell: ask ICU.
        case unknown
    }

    /// The most bits of the visited table: 256 KiB, regex-automata's default.
    static let maximumVisitedBits = 1 << 21

    private let program: CaptureProgram
    /// The program's steps, its classes' table below ``CodePointClassTable/exactLimit`` and
    /// whether each set accepts each class (`accepts[class * setCount + set]`), in memory of
    /// the backtracker's own, read without reference counting in its loop.
    private let instructions: UnsafeMutablePointer<CaptureProgram.Instruction>
    private let instructionCount: Int
    private let smallClasses: UnsafeMutablePointer<UInt8>
    private let accepts: UnsafeMutablePointer<Bool>
    private let setCount: Int
    private let membership: CodePointSetMembership
    /// The sets holding each large character read, found with ``membership``.
    private var largeCharacterSets: [UInt32: PositionSet] = [:]

    /// The bounds of each group after a match, two per group from group 0 (the span); -1 for
    /// a group that took no part.
    private let slotBuffer: UnsafeMutablePointer<Int>
    private let slotCount: Int
    /// The visited table, one bit per step and offset, and its capacity in words.
    private var visited: UnsafeMutablePointer<UInt64>
    private var visitedCapacity = 64
    /// The choices to come back to: a step to try at an offset, or a slot to restore.
    private var stack: UnsafeMutablePointer<Frame>
    private var stackCapacity = 64

    /// For each step, the index of its guard (see ``CaptureProgram/splitGuards``), -1 for none;
    /// and for each guard and class below ``CodePointClassTable/exactLimit``, whether a character
    /// of the class may begin the guarded way (`guardAccepts[guard * classCount + class]`).
    private let splitGuards: UnsafeMutablePointer<Int32>
    private let guardAccepts: UnsafeMutablePointer<Bool>
    private let classCount: Int
    /// For each step, the index of the loop of one character it heads (see
    /// ``CaptureProgram/characterLoops``), -1 for a step that heads none; for each such loop,
    /// the set of its character and whether its exit reads a character first (has first sets,
    /// ``CaptureProgram/firstSets(from:)``); and for each loop and class below
    /// ``CodePointClassTable/exactLimit``, whether a character of the class takes another round
    /// (``loopTakesRound``) and whether the exit cannot begin with it (``loopExitFails``), in
    /// `loopClassFlags[loop * classCount + class]`.
    private let characterLoops: UnsafeMutablePointer<Int32>
    private let loopSets: UnsafeMutablePointer<Int32>
    private let loopExitReadsFirst: UnsafeMutablePointer<Bool>
    private let loopClassFlags: UnsafeMutablePointer<UInt8>
    private static let loopTakesRound: UInt8 = 1
    private static let loopExitFails: UInt8 = 2
    /// For each class, whether a match may start with a character of it (see
    /// ``CaptureProgram/firstSets``); nil when a match may be empty, and every offset is a start.
    private let startAccepts: UnsafeMutablePointer<Bool>?

    /// The window of the visited table kept by the searches (``firstMatch(inUTF16:from:end:)``):
    /// its first offset (-1 when the table holds no search's), its number of offsets, the
    /// earliest offset from which a search may use it, and the end of the text it is of.
    private var searchWindowStart = -1
    private var searchWindowColumns = 0
    private var searchValidFrom = 0
    private var searchEnd = -1

    /// The program's one-pass table (``OnePassProgram``) in memory of the backtracker's own,
    /// nil when the program is not one-pass; and the slots of a match that a one-pass run
    /// recorded while it went on (the run's own are ``slotBuffer``).
    private let onePass: OnePassProgram?
    private let onePassTable: UnsafeMutablePointer<Int64>?
    private let onePassTableEdges: UnsafeMutablePointer<Int32>?
    private let onePassMatchEdges: UnsafeMutablePointer<Int32>?
    private let onePassEdges: UnsafeMutablePointer<OnePassProgram.Edge>?
    private let onePassSaves: UnsafeMutablePointer<Int32>?
    private let onePassSelfMoves: UnsafeMutablePointer<UInt64>?
    /// ``OnePassProgram/loopStops`` as plain pointers, which ``onePass`` keeps alive.
    private let onePassLoopStops: UnsafeMutablePointer<UnsafePointer<bytescan_byte_ranges>?>?
    /// ``OnePassProgram/startSkips`` (two words, zero without a one-pass table) and
    /// ``OnePassProgram/startStops`` as a plain pointer, which ``onePass`` keeps alive.
    private let onePassStartSkips: (low: UInt64, high: UInt64)
    private let onePassStartStops: UnsafePointer<bytescan_byte_ranges>?
    /// ``OnePassProgram/minimumMatchLength`` and ``OnePassProgram/unreadClasses``.
    private let onePassMinimumMatchLength: Int
    private let onePassUnreadClasses: UnsafeMutablePointer<Bool>?
    private let onePassClassCount: Int
    private let runSlots: UnsafeMutablePointer<Int>

    /// The units read by one-pass runs, which callers compare with the text they cover to
    /// bound their work.
    private(set) var onePassWork = 0

    private struct Frame {
        /// The step to try, or, below zero, `-1 - slot` of a slot to restore.
        var step: Int
        /// The offset at which to try the step, or the slot's value to restore.
        var value: Int
    }

    /// Makes a backtracker for `program`, with empty tables.
    init(_ program: CaptureProgram) {
        self.program = program
        instructionCount = program.instructions.count
        instructions = .allocate(capacity: instructionCount)
        instructions.initialize(from: program.instructions, count: instructionCount)
        smallClasses = .allocate(capacity: CodePointClassTable.exactLimit)
        smallClasses.initialize(from: program.classes.smallClasses, count: CodePointClassTable.exactLimit)
        let setCount = program.sets.count
        self.setCount = setCount
        let classCount = program.classes.masks.count
        let accepts = UnsafeMutablePointer<Bool>.allocate(capacity: max(1, classCount * setCount))
        accepts.initialize(repeating: false, count: max(1, classCount * setCount))
        for (index, mask) in program.classes.masks.enumerated() {
            mask.forEach { set in
                if set < setCount { accepts[index * setCount + set] = true }
            }
        }
        self.accepts = accepts
        membership = CodePointSetMembership(sets: program.sets, options: program.options)
        self.classCount = classCount
        splitGuards = .allocate(capacity: max(1, instructionCount))
        splitGuards.initialize(repeating: -1, count: max(1, instructionCount))
        characterLoops = .allocate(capacity: max(1, instructionCount))
        characterLoops.initialize(repeating: -1, count: max(1, instructionCount))
        let loops = program.characterLoops
        loopSets = .allocate(capacity: max(1, loops.count))
        loopExitReadsFirst = .allocate(capacity: max(1, loops.count))
        loopClassFlags = .allocate(capacity: max(1, loops.count * classCount))
        for (index, loop) in loops.enumerated() {
            characterLoops[loop.step] = Int32(index)
            (loopSets + index).initialize(to: loop.set)
            let exitSets = program.firstSets(from: loop.exit)
            (loopExitReadsFirst + index).initialize(to: exitSets != nil)
            for (classIndex, mask) in program.classes.masks.enumerated() {
                var flags: UInt8 = 0
                if !(mask & PositionSet(position: Int(loop.set))).isEmpty { flags |= Self.loopTakesRound }
                if let exitSets, (mask & exitSets).isEmpty { flags |= Self.loopExitFails }
                (loopClassFlags + index * classCount + classIndex).initialize(to: flags)
            }
        }
        let guardSets = program.splitGuards
        guardAccepts = .allocate(capacity: max(1, guardSets.count * classCount))
        guardAccepts.initialize(repeating: true, count: max(1, guardSets.count * classCount))
        for (index, guarded) in guardSets.enumerated() {
            splitGuards[guarded.step] = Int32(index)
            for (classIndex, mask) in program.classes.masks.enumerated() {
                guardAccepts[index * classCount + classIndex] = !(mask & guarded.sets).isEmpty
            }
        }
        if let first = program.firstSets(from: 0) {
            let startAccepts = UnsafeMutablePointer<Bool>.allocate(capacity: max(1, classCount))
            startAccepts.initialize(repeating: true, count: max(1, classCount))
            for (classIndex, mask) in program.classes.masks.enumerated() {
                startAccepts[classIndex] = !(mask & first).isEmpty
            }
            self.startAccepts = startAccepts
        } else {
            startAccepts = nil
        }
        slotCount = 2 * (program.groupCount + 1)
        slotBuffer = .allocate(capacity: slotCount)
        slotBuffer.initialize(repeating: -1, count: slotCount)
        visited = .allocate(capacity: visitedCapacity)
        stack = .allocate(capacity: stackCapacity)
        runSlots = .allocate(capacity: slotCount)
        runSlots.initialize(repeating: -1, count: slotCount)
        onePass = program.onePass
        onePassClassCount = program.onePass?.classCount ?? 0
        func copy<Element>(_ elements: [Element]?) -> UnsafeMutablePointer<Element>? {
            guard let elements else { return nil }
            let pointer = UnsafeMutablePointer<Element>.allocate(capacity: max(1, elements.count))
            pointer.initialize(from: elements, count: elements.count)
            return pointer
        }
        onePassTable = copy(program.onePass?.table)
        onePassTableEdges = copy(program.onePass?.tableEdges)
        onePassMatchEdges = copy(program.onePass?.matchEdges)
        onePassEdges = copy(program.onePass?.edges)
        onePassSaves = copy(program.onePass?.saves)
        onePassSelfMoves = copy(program.onePass?.selfMoves)
        onePassLoopStops = copy(program.onePass?.loopStops.map { $0.map { UnsafePointer($0.pointer) } })
        onePassStartSkips = program.onePass.map { ($0.startSkips[0], $0.startSkips[1]) } ?? (0, 0)
        onePassStartStops = program.onePass?.startStops.map { UnsafePointer($0.pointer) }
        onePassMinimumMatchLength = program.onePass?.minimumMatchLength ?? 0
        onePassUnreadClasses = copy(program.onePass?.unreadClasses)
    }

    deinit {
        instructions.deallocate()
        smallClasses.deallocate()
        accepts.deallocate()
        slotBuffer.deallocate()
        visited.deallocate()
        stack.deallocate()
        runSlots.deallocate()
        onePassTable?.deallocate()
        onePassTableEdges?.deallocate()
        onePassMatchEdges?.deallocate()
        onePassEdges?.deallocate()
        onePassSaves?.deallocate()
        onePassSelfMoves?.deallocate()
        onePassLoopStops?.deallocate()
        onePassUnreadClasses?.deallocate()
        splitGuards.deallocate()
        guardAccepts.deallocate()
        characterLoops.deallocate()
        loopSets.deallocate()
        loopExitReadsFirst.deallocate()
        loopClassFlags.deallocate()
        startAccepts?.deallocate()
    }

    /// Slot `index` of the last match: `2 * group` and `2 * group + 1` hold where the group
    /// starts and ends, -1 when it took no part.
    @inline(__always)
    func slot(_ index: Int) -> Int {
        slotBuffer[index]
    }

    /// The slots of the last match (see ``slot(_:)``), read through a pointer that is valid
    /// while the backtracker lives: a caller that asks for a match's groups through a closure
    /// captures the pointer, without a reference count of the backtracker for each match.
    var lastMatchSlots: UnsafePointer<Int> {
        UnsafePointer(slotBuffer)
    }

    /// Every slot of the last match (see ``slot(_:)``).
    var slots: [Int] {
        Array(UnsafeBufferPointer(start: slotBuffer, count: slotCount))
    }

    /// The groups of the match spanning `span` of the UTF-16 `text[..<end]` (the text before
    /// and after the span is seen by `\b`).
    func match(inUTF16 text: UnsafePointer<UInt16>, spanning span: Range<Int>, end: Int) -> Outcome {
        match(in: UTF16ScannedText(units: text), spanning: span, end: end, decidesBoundaryAtEnd: true)
    }

    /// The same in the UTF-8 `bytes[..<end]`, in byte offsets. ICU's search of UTF-8 decides
    /// `\b` at the text's end from a stale position (`isWordBoundary` in `rematch.cpp` reads
    /// the character before its iterator's last position, not before the end): a `\b` or
    /// `\B` there is left to ICU.
    func match(inUTF8 bytes: UnsafePointer<UInt8>, spanning span: Range<Int>, end: Int) -> Outcome {
        match(in: UTF8ScannedText(bytes: bytes), spanning: span, end: end, decidesBoundaryAtEnd: false)
    }

    /// The indices of the sets that hold the code point `value`; nil when the backtracker
    /// cannot tell.
    @inline(__always)
    private func sets(holding value: UInt32) -> PositionSet? {
        if value < CodePointClassTable.exactLimit || !program.approximatesLargeCharacters {
            let valueClass = program.classes.classOf(value)
            guard valueClass != CodePointClassTable.stopClass else { return nil }
            return program.classes.masks[Int(valueClass)]
        }
        if program.options.contains(.caseInsensitive) && MultiCharacterFolds.contains(value) { return nil }
        if let known = largeCharacterSets[value] { return known }
        guard let found = membership.positions(holding: value) else { return nil }
        largeCharacterSets[value] = found
        return found
    }

    /// Whether `set` holds the code point `value`; nil when the backtracker cannot tell.
    @inline(__always)
    func set(_ set: Int, holds value: UInt32) -> Bool? {
        if value < CodePointClassTable.exactLimit {
            let valueClass = smallClasses[Int(value)]
            guard valueClass != CodePointClassTable.stopClass else { return nil }
            return accepts[Int(valueClass) &* setCount &+ set]
        }
        if !program.approximatesLargeCharacters {
            let valueClass = program.classes.classOf(value)
            guard valueClass != CodePointClassTable.stopClass else { return nil }
            return accepts[Int(valueClass) &* setCount &+ set]
        }
        guard let holding = sets(holding: value) else { return nil }
        return !(holding & PositionSet(position: set)).isEmpty
    }

    /// ICU's `\b` at `offset` of `text[..<end]` (`isChunkWordBoundary` in `rematch.cpp`): the
    /// character at the offset and the one before, looking back past combining marks and
    /// format characters, are one a word character and the other not; never before such a
    /// character. An end of the text counts as a character that is not a word character.
    private func isWordBoundary<Text: ScannedText>(in text: Text, at offset: Int, end: Int) -> Bool? {
        guard let word = program.wordCharacterSet, let transparent = program.transparentCharacterSet else { return nil }
        var isWord = false
        if offset < end {
            let value = text.character(at: offset, end: end).value
            guard value != Text.illFormed, let isTransparent = set(transparent, holds: value) else { return nil }
            if isTransparent { return false }
            guard let holds = set(word, holds: value) else { return nil }
            isWord = holds
        }
        var previousIsWord = false
        var position = offset
        while position > 0 {
            let (value, start) = text.character(before: position, start: 0)
            guard value != Text.illFormed, let isTransparent = set(transparent, holds: value) else { return nil }
            if !isTransparent {
                guard let holds = set(word, holds: value) else { return nil }
                previousIsWord = holds
                break
            }
            position = start
        }
        return isWord != previousIsWord
    }

    /// The steps a run of a program with back references may take on a span, per unit of the
    /// span and beyond it (see ``CaptureBacktracker``, ``match(in:spanning:end:decidesBoundaryAtEnd:)``).
    static let backReferenceStepsPerUnit = 32
    static let backReferenceStepAllowance = 4096

    /// The groups of the match spanning `span` of `text[..<end]`, as ``CaptureBacktracker``
    /// describes.
    private func match<Text: ScannedText>(
        in text: Text, spanning span: Range<Int>, end: Int, decidesBoundaryAtEnd: Bool
    ) -> Outcome {
        var budget = Self.backReferenceStepAllowance &+ Self.backReferenceStepsPerUnit &* span.count
        return run(
            in: text, at: span.lowerBound, mustEndAt: span.upperBound, end: end, decidesBoundaryAtEnd: decidesBoundaryAtEnd,
            budget: &budget)
    }

    /// ICU's match anchored at `start` of the UTF-16 `text[..<end]`, with its groups in the
    /// slots, for a program with back references: the first way, in the program's order, that
    /// reaches its end, wherever that is. `budget` is the most steps it may take, and is
    /// lowered by those it takes; `.unknown` once it is spent or where a character cannot be
    /// told.
    func anchoredMatch(inUTF16 text: UnsafePointer<UInt16>, at start: Int, end: Int, budget: inout Int) -> Outcome {
        run(in: UTF16ScannedText(units: text), at: start, mustEndAt: nil, end: end, decidesBoundaryAtEnd: true, budget: &budget)
    }

    /// The same in the UTF-8 `bytes[..<end]`, in byte offsets (see
    /// ``match(inUTF8:spanning:end:)`` for `\b` at the end).
    func anchoredMatch(inUTF8 bytes: UnsafePointer<UInt8>, at start: Int, end: Int, budget: inout Int) -> Outcome {
        run(in: UTF8ScannedText(bytes: bytes), at: start, mustEndAt: nil, end: end, decidesBoundaryAtEnd: false, budget: &budget)
    }

    // MARK: Searches

    /// The steps a search may take at offsets outside its window of the visited table (see
    /// ``firstMatch(inUTF16:from:end:)``), before it answers `.unknown`.
    static let searchStepsOutsideWindow = 1 << 16

    /// Whether the backtracker can search (``firstMatch(inUTF16:from:end:)``): its program has
    /// no back reference, and its visited table holds at least a few offsets.
    var searches: Bool {
        !program.hasBackReferences && Self.maximumVisitedBits / instructionCount >= 64
    }

    /// Forgets what earlier searches left in the visited table: call it before the searches of
    /// a new text (a walk's).
    func beginSearches() {
        searchWindowStart = -1
    }

    /// ICU's first match at or after `from` of the UTF-16 `text[..<end]`, with its groups in
    /// the slots, found by the backtracker alone: anchored runs from `from` and each later
    /// offset in turn, the first that reaches the program's end giving the match; `.unknown`
    /// where a run cannot tell. The backtracker must ``searches``.
    ///
    /// Why this is ICU's match. ICU's `find` tries each start from `from` in turn, one code
    /// point at a time, and at each the ways of the pattern in its order of preference; the
    /// first way that reaches the pattern's end, at the first start where one does, is its
    /// match. A run anchored at a start tries the same ways in the same order (see
    /// ``CaptureBacktracker``) and accepts the first that reaches the end, so the first start
    /// whose run succeeds, and that run's way, are ICU's. A start whose character no first step
    /// of the program reads (``CaptureProgram/firstSets(from:)``) cannot begin a match, which
    /// reads a character there (the program matches no empty string then), and is passed over.
    ///
    /// Why it is linear. The runs share one visited table, a window of offsets from where the
    /// searches of the text began: without back references, whether a step at an offset leads
    /// to the program's end depends neither on the groups nor on where the run started (`\b`
    /// and look-arounds read the text around the offset, which is the same for every run). A
    /// step at an offset that a run visited and came back from fails from any start, so every
    /// later run skips it, as regex-automata's bounded backtracker does for its unanchored
    /// searches. Only the steps of the way that succeeded were not come back from, and they lie
    /// at offsets up to the match's end; the next search starts at or after that end, so the
    /// offset of the end is cleared and the rest of the table stays true for it. A run that
    /// answers `.unknown` leaves the table uncertain, so the next search starts a new one. The
    /// window holds ``maximumVisitedBits`` bits (the steps at each offset); once a search starts
    /// past its middle it moves on to that start, and a step beyond it spends
    /// ``searchStepsOutsideWindow`` instead, so that the work stays bounded.
    ///
    /// `windowColumns` bounds the window's offsets (a caller that must start a new window at
    /// each search, as a ``RegexMatcher``'s session does, keeps its clearing short).
    func firstMatch(
        inUTF16 text: UnsafePointer<UInt16>, from: Int, end: Int, windowColumns: Int = .max
    ) -> MatchAutomaton.Outcome {
        search(in: UTF16ScannedText(units: text), from: from, end: end, windowColumns: windowColumns, decidesBoundaryAtEnd: true)
    }

    /// See ``firstMatch(inUTF16:from:end:)``.
    private func search<Text: ScannedText>(
        in text: Text, from: Int, end: Int, windowColumns: Int, decidesBoundaryAtEnd: Bool
    ) -> MatchAutomaton.Outcome {
        precondition(!program.hasBackReferences, "CaptureBacktracker: a search with back references")
        if searchWindowStart < 0 || searchEnd != end || from < searchValidFrom {
            guard moveSearchWindow(to: from, end: end, columns: windowColumns) else { return .unknown }
        }
        var budget = Self.searchStepsOutsideWindow
        var start = from
        while true {
            if let startAccepts {
                // Pass over the starts whose character no match begins with.
                while start < end {
                    let (value, next) = text.character(at: start, end: end)
                    guard value < CodePointClassTable.exactLimit else { break }
                    let valueClass = smallClasses[Int(value)]
                    guard valueClass != CodePointClassTable.stopClass, !startAccepts[Int(valueClass)] else { break }
                    start = next
                }
                guard start < end else { return .noMatch }
            }
            if start &- searchWindowStart > searchWindowColumns / 2 && searchWindowStart &+ searchWindowColumns <= end {
                guard moveSearchWindow(to: start, end: end, columns: windowColumns) else { return .unknown }
            }
            let outcome = backtrack(
                in: text, at: start, mustEndAt: nil, end: end, decidesBoundaryAtEnd: decidesBoundaryAtEnd,
                visitedStart: searchWindowStart, visitedColumns: searchWindowColumns, budget: &budget)
            switch outcome {
            case .match:
                let matchEnd = slotBuffer[1]
                let column = matchEnd - searchWindowStart
                if column >= 0 && column < searchWindowColumns {
                    // The steps at the match's end may be the way's, which did not fail.
                    let first = column * instructionCount
                    let last = first + instructionCount
                    var bit = first
                    while bit < last {
                        if bit & 63 == 0 && last - bit >= 64 {
                            visited[bit >> 6] = 0
                            bit += 64
                        } else {
                            visited[bit >> 6] &= ~(UInt64(1) << UInt64(bit & 63))
                            bit += 1
                        }
                    }
                }
                searchValidFrom = matchEnd
                return .match(start..<matchEnd)
            case .unknown:
                searchWindowStart = -1
                return .unknown
            case .noMatch:
                break
            }
            guard start < end else { return .noMatch }
            start = text.character(at: start, end: end).next
        }
    }

    /// Starts the searches' window of the visited table at `start`, as many offsets as the
    /// table holds up to `end` (and at most `columns`), none visited; false when it cannot hold
    /// a few.
    private func moveSearchWindow(to start: Int, end: Int, columns limit: Int) -> Bool {
        let columns = min(end - start + 1, Self.maximumVisitedBits / instructionCount, limit)
        guard columns >= 2, clearVisited(columns: columns) else {
            searchWindowStart = -1
            return false
        }
        searchWindowStart = start
        searchWindowColumns = columns
        searchValidFrom = start
        searchEnd = end
        return true
    }

    /// The first way from `start` of `text[..<end]` that reaches the program's end, at
    /// `spanEnd` when it is given (anywhere otherwise), with its groups in the slots. A program
    /// without back references keeps the visited table (and must be given `spanEnd`); one with
    /// them spends `budget` instead (see ``CaptureBacktracker``).
    private func run<Text: ScannedText>(
        in text: Text, at start: Int, mustEndAt spanEnd: Int?, end: Int, decidesBoundaryAtEnd: Bool, budget: inout Int
    ) -> Outcome {
        let readEnd = spanEnd ?? end
        guard !program.hasBackReferences else {
            return backtrack(
                in: text, at: start, mustEndAt: spanEnd, end: end, decidesBoundaryAtEnd: decidesBoundaryAtEnd,
                visitedStart: start, visitedColumns: 0, budget: &budget)
        }
        precondition(spanEnd != nil, "CaptureBacktracker: a run without a span needs back references")
        // The table is this run's now, no longer the searches'.
        searchWindowStart = -1
        let columns = readEnd - start + 1
        guard clearVisited(columns: columns) else { return .unknown }
        return backtrack(
            in: text, at: start, mustEndAt: spanEnd, end: end, decidesBoundaryAtEnd: decidesBoundaryAtEnd,
            visitedStart: start, visitedColumns: columns, budget: &budget)
    }

    /// Makes the visited table hold `columns` offsets, none visited; false when it would pass
    /// ``maximumVisitedBits``.
    private func clearVisited(columns: Int) -> Bool {
        let bitCount = instructionCount * columns
        guard bitCount <= Self.maximumVisitedBits else { return false }
        let wordCount = (bitCount + 63) / 64
        if visitedCapacity < wordCount {
            visited.deallocate()
            visitedCapacity = max(wordCount, 2 * visitedCapacity)
            visited = .allocate(capacity: visitedCapacity)
        }
        visited.update(repeating: 0, count: wordCount)
        return true
    }

    /// The backtracking loop of ``run(in:at:mustEndAt:end:decidesBoundaryAtEnd:budget:)`` and
    /// of the searches: the visited table has a bit for each step at each of the
    /// `visitedColumns` offsets from `visitedStart` (offset by offset); a step at an offset
    /// outside them spends `budget` instead, and the run answers `.unknown` once it is spent.
    private func backtrack<Text: ScannedText>(
        in text: Text, at start: Int, mustEndAt spanEnd: Int?, end: Int, decidesBoundaryAtEnd: Bool,
        visitedStart: Int, visitedColumns: Int, budget: inout Int
    ) -> Outcome {
        let readEnd = spanEnd ?? end
        let instructionCount = self.instructionCount
        let splitGuards = self.splitGuards
        let guardAccepts = self.guardAccepts
        let classCount = self.classCount
        let smallClasses = self.smallClasses
        let loopSets = self.loopSets
        let loopExitReadsFirst = self.loopExitReadsFirst
        let characterLoops = self.characterLoops
        let loopClassFlags = self.loopClassFlags
        slotBuffer.update(repeating: -1, count: slotCount)
        let visited = self.visited
        let instructions = self.instructions
        let slots = slotBuffer
        var stack = self.stack
        var stackCapacity = self.stackCapacity
        defer {
            self.stack = stack
            self.stackCapacity = stackCapacity
        }
        var depth = 0
        /// Pushes a frame, growing the stack when it is full.
        @inline(__always)
        func push(_ frame: Frame) {
            if depth == stackCapacity {
                let grown = UnsafeMutablePointer<Frame>.allocate(capacity: 2 * stackCapacity)
                grown.moveInitialize(from: stack, count: depth)
                stack.deallocate()
                stack = grown
                stackCapacity *= 2
            }
            (stack + depth).initialize(to: frame)
            depth &+= 1
        }
        push(Frame(step: 0, value: start))
        var steps = budget
        defer { budget = steps }
        while depth > 0 {
            depth &-= 1
            let frame = stack[depth]
            if frame.step < 0 {
                slots[-1 &- frame.step] = frame.value
                continue
            }
            var step = frame.step
            var offset = frame.value
            run: while true {
                let column = offset &- visitedStart
                if UInt(bitPattern: column) < UInt(bitPattern: visitedColumns) {
                    let bit = column &* instructionCount &+ step
                    let mask = UInt64(1) << UInt64(bit & 63)
                    if visited[bit >> 6] & mask != 0 { break }
                    visited[bit >> 6] |= mask
                } else {
                    steps &-= 1
                    guard steps >= 0 else { return .unknown }
                }
                switch instructions[step] {
                case .character(let set):
                    guard offset < readEnd else { break }
                    let (value, next) = text.character(at: offset, end: readEnd)
                    guard value != Text.illFormed, let holds = self.set(Int(set), holds: value) else { return .unknown }
                    guard holds else { break }
                    step &+= 1
                    offset = next
                    continue
                case .split(let preferred, let other):
                    let loop = Int(characterLoops[step])
                    if loop >= 0 {
                        // A loop of one character (``CaptureProgram/characterLoops``) goes round
                        // here, as its three steps would: each round at a small character tells
                        // its class once, and visits only the loop's split at the next offset
                        // (the round's steps are reached from that split alone, so their visits
                        // would never be marked before). A way that cannot begin with the
                        // character at its offset fails, and is passed over (as for
                        // ``CaptureProgram/splitGuards``).
                        let flags = loopClassFlags + loop &* classCount
                        if Int(preferred) == step &+ 1 {
                            // Greedy: another round first, then the exit at this offset.
                            while offset < readEnd {
                                let (value, next) = text.character(at: offset, end: readEnd)
                                let valueClass =
                                    value < CodePointClassTable.exactLimit ? smallClasses[Int(value)] : CodePointClassTable.stopClass
                                let roundFlags: UInt8
                                if valueClass != CodePointClassTable.stopClass {
                                    roundFlags = flags[Int(valueClass)]
                                } else {
                                    guard value != Text.illFormed, let isOfSet = self.set(Int(loopSets[loop]), holds: value) else {
                                        return .unknown
                                    }
                                    roundFlags = isOfSet ? Self.loopTakesRound : 0
                                }
                                guard roundFlags & Self.loopTakesRound != 0 else { break }
                                if roundFlags & Self.loopExitFails == 0 { push(Frame(step: Int(other), value: offset)) }
                                offset = next
                                // The split at the next offset, as at the top of the run.
                                let column = offset &- visitedStart
                                guard UInt(bitPattern: column) < UInt(bitPattern: visitedColumns) else { continue run }
                                let bit = column &* instructionCount &+ step
                                let mask = UInt64(1) << UInt64(bit & 63)
                                if visited[bit >> 6] & mask != 0 { break run }
                                visited[bit >> 6] |= mask
                            }
                            step = Int(other)
                            continue run
                        }
                        // Lazy: the exit first, then another round from this offset.
                        while offset < readEnd {
                            let (value, next) = text.character(at: offset, end: readEnd)
                            let valueClass =
                                value < CodePointClassTable.exactLimit ? smallClasses[Int(value)] : CodePointClassTable.stopClass
                            guard valueClass != CodePointClassTable.stopClass, flags[Int(valueClass)] & Self.loopExitFails != 0 else {
                                push(Frame(step: step &+ 1, value: offset))
                                step = Int(preferred)
                                continue run
                            }
                            guard flags[Int(valueClass)] & Self.loopTakesRound != 0 else { break run }
                            offset = next
                            // The split at the next offset, as at the top of the run.
                            let column = offset &- visitedStart
                            guard UInt(bitPattern: column) < UInt(bitPattern: visitedColumns) else { continue run }
                            let bit = column &* instructionCount &+ step
                            let mask = UInt64(1) << UInt64(bit & 63)
                            if visited[bit >> 6] & mask != 0 { break run }
                            visited[bit >> 6] |= mask
                        }
                        // At the end no round reads a character, and an exit that must fails.
                        guard !loopExitReadsFirst[loop] else { break run }
                        step = Int(preferred)
                        continue run
                    }
                    // A guarded way that cannot begin with the character here (or at the end)
                    // fails: it is passed over (see ``CaptureProgram/splitGuards``).
                    let guardIndex = splitGuards[step]
                    if guardIndex >= 0 {
                        var passesOver = offset >= readEnd
                        if !passesOver {
                            let value = text.character(at: offset, end: readEnd).value
                            if value < CodePointClassTable.exactLimit {
                                let valueClass = smallClasses[Int(value)]
                                passesOver =
                                    valueClass != CodePointClassTable.stopClass
                                    && !guardAccepts[Int(guardIndex) &* classCount &+ Int(valueClass)]
                            }
                        }
                        if passesOver {
                            step = Int(other)
                            continue
                        }
                    }
                    push(Frame(step: Int(other), value: offset))
                    step = Int(preferred)
                    continue
                case .jump(let target):
                    step = Int(target)
                    continue
                case .save(let slot):
                    push(Frame(step: -1 &- Int(slot), value: slots[Int(slot)]))
                    slots[Int(slot)] = offset
                    step &+= 1
                    continue
                case .wordBoundary, .notWordBoundary:
                    guard decidesBoundaryAtEnd || offset < end,
                        let isBoundary = isWordBoundary(in: text, at: offset, end: end)
                    else { return .unknown }
                    guard isBoundary == (instructions[step] == .wordBoundary) else { break }
                    step &+= 1
                    continue
                case .characterBefore(let set, let negated):
                    // No character before the text's start is of any set.
                    var holds = false
                    if offset > 0 {
                        let value = text.character(before: offset, start: 0).value
                        guard value != Text.illFormed, let isOfSet = self.set(Int(set), holds: value) else { return .unknown }
                        holds = isOfSet
                    }
                    guard holds != negated else { break }
                    step &+= 1
                    continue
                case .characterAfter(let set, let negated):
                    // The look-ahead sees the text past a span, to the text's end.
                    var holds = false
                    if offset < end {
                        let value = text.character(at: offset, end: end).value
                        guard value != Text.illFormed, let isOfSet = self.set(Int(set), holds: value) else { return .unknown }
                        holds = isOfSet
                    }
                    guard holds != negated else { break }
                    step &+= 1
                    continue
                case .backReference(let group):
                    let groupStart = slots[2 &* Int(group)]
                    let groupEnd = slots[2 &* Int(group) &+ 1]
                    // A group that has not taken part fails the reference, as in ICU.
                    guard groupStart >= 0 else { break }
                    var captured = groupStart
                    var position = offset
                    var matches = true
                    while captured < groupEnd {
                        guard position < readEnd else {
                            matches = false
                            break
                        }
                        // Both read as ICU's `utext_next32` reads them, to the text's end.
                        let (expected, nextCaptured) = text.character(at: captured, end: end)
                        let (value, next) = text.character(at: position, end: end)
                        guard value != Text.illFormed, expected != Text.illFormed else { return .unknown }
                        guard value == expected else {
                            matches = false
                            break
                        }
                        captured = nextCaptured
                        position = next
                        steps &-= 1
                    }
                    guard matches else { break }
                    step &+= 1
                    offset = position
                    continue
                case .match:
                    if let spanEnd {
                        guard offset == spanEnd else { break }
                    }
                    slots[0] = start
                    slots[1] = offset
                    return .match
                }
                break
            }
        }
        return .noMatch
    }

    // MARK: One-pass runs

    /// Whether the program is one-pass, so that ``firstOnePassMatch(inUTF16:from:end:)`` can
    /// find matches and their groups in one forward run each.
    var isOnePass: Bool { onePass != nil }

    /// The most units that one-pass runs may read per unit of text they start from, past
    /// ``onePassWorkAllowance``: a run that fails after reading far is started again at the
    /// next offset, which is quadratic (as ICU's search is) where the automaton is linear.
    static let onePassWorkPerUnit = 8
    static let onePassWorkAllowance = 4096

    /// The first match of ICU's search of the UTF-16 `text[..<end]` from `start`, with its
    /// groups in the slots, from one-pass runs anchored at each offset from `start` in turn;
    /// `.unknown` when a run cannot tell or the runs read more than ``onePassWorkPerUnit``
    /// units per unit passed. The program must be one-pass.
    ///
    /// Offsets at which no match can start are passed over without a run:
    /// - an offset whose character no first step reads (the match would read it), when no
    ///   match is empty;
    /// - after a run that failed, the offsets before the one where it stopped, when no state
    ///   reads the character there (``OnePassProgram/unreadClasses``) or the text ends there,
    ///   and they lie fewer units before it than a match reads characters
    ///   (``OnePassProgram/minimumMatchLength``). ICU's match from such an offset could not
    ///   read that character, which no step of the pattern reads, so it would read only
    ///   characters before it: fewer than any way to the match reads (a character takes one
    ///   unit or more). A date's pattern fails from `4711` at the space, and `711`, `11` and
    ///   `1` are passed over.
    func firstOnePassMatch(inUTF16 text: UnsafePointer<UInt16>, from start: Int, end: Int) -> MatchAutomaton.Outcome {
        firstOnePassMatch(in: UTF16ScannedText(units: text), from: start, lastStart: end, end: end)
    }

    /// The same in the well-formed UTF-8 `bytes[..<end]`, in byte offsets (a run that reads an
    /// ill-formed sequence answers `.unknown`). The runs read the same code points as in
    /// UTF-16, so they take the same moves and give the same match, in bytes. With
    /// `lastStart` (at most `end`), the runs start at offsets up to it only: `.noMatch` then
    /// says that no match starts from `start` to `lastStart`, and nothing of a match after.
    func firstOnePassMatch(inUTF8 bytes: UnsafePointer<UInt8>, from start: Int, lastStart: Int? = nil, end: Int) -> MatchAutomaton.Outcome {
        firstOnePassMatch(in: UTF8ScannedText(bytes: bytes), from: start, lastStart: lastStart ?? end, end: end)
    }

    /// See ``firstOnePassMatch(inUTF16:from:end:)`` and ``firstOnePassMatch(inUTF8:from:lastStart:end:)``.
    @inline(__always)
    private func firstOnePassMatch<Text: ScannedText>(
        in text: Text, from start: Int, lastStart: Int, end: Int
    ) -> MatchAutomaton.Outcome {
        let table = onePassTable!
        let smallClasses = self.smallClasses
        let startMatches = onePassMatchEdges![0] >= 0
        let (lowStartSkips, highStartSkips) = onePassStartSkips
        let startStops = onePassStartStops
        let minimumLength = onePassMinimumMatchLength
        let firstWork = onePassWork
        var offset = start
        while true {
            if !startMatches {
                // No match is empty: skip the offsets whose character no first step reads.
                // Where two ASCII characters in a row are such, the vector scan passes over
                // the ASCII characters from the second on that no first step reads
                // (``OnePassProgram/startStops``: it stops at any other and from 0x80 on, and
                // the loop judges the character it stops at), as the loop would. It is not
                // called after a single one: in capitalized Russian words, `(\p{Lu})(\p{Ll}+)`,
                // it would stop at once after each space (the match automaton's skip, called
                // after each character passed over, took a replacement there from 4.0 to
                // 4.9 ms; see `Benchmarks/results/2026-11-30-replace9/`).
                while offset < end && offset <= lastStart {
                    let (value, length) = text.smallCharacter(at: offset, end: end)
                    guard length > 0 else { break }
                    let valueClass = smallClasses[Int(value)]
                    guard valueClass != CodePointClassTable.stopClass, table[Int(valueClass)] < 0 else { break }
                    offset &+= length
                    guard let startStops, value < 128, offset < end else { continue }
                    let following = text.unit(at: offset)
                    guard following < 128,
                        (following < 64 ? lowStartSkips : highStartSkips) & (1 &<< UInt64(following & 63)) != 0
                    else { continue }
                    offset = text.firstUnitOutsideASCII(orIn: startStops, from: offset &+ 1, to: min(end, lastStart &+ 1))
                }
                guard offset < end else { return .noMatch }
            }
            guard offset <= lastStart else { return .noMatch }
            let runWork = onePassWork
            switch onePassMatch(in: text, at: offset, end: end) {
            case .match(let match): return .match(match)
            case .unknown: return .unknown
            case .noMatch: break
            }
            guard offset < end else { return .noMatch }
            guard onePassWork &- firstWork <= Self.onePassWorkPerUnit &* (offset &- start) &+ Self.onePassWorkAllowance else {
                return .unknown
            }
            let next = text.character(at: offset, end: end).next
            // The run stopped where its work ended: the offsets from `next` to there are passed
            // over when no match fits before it (see ``firstOnePassMatch(inUTF16:from:end:)``).
            let stop = offset &+ (onePassWork &- runWork)
            offset = stop >= next && stop &- next < minimumLength && stopsEveryRun(in: text, at: stop, end: end) ? stop : next
        }
    }

    /// True when a one-pass run stops at `offset` of `text[..<end]` whatever its state: the
    /// text ends there, or no state reads the character there (a small one, whose class
    /// tells).
    @inline(__always)
    private func stopsEveryRun<Text: ScannedText>(in text: Text, at offset: Int, end: Int) -> Bool {
        guard offset < end else { return true }
        let (value, length) = text.smallCharacter(at: offset, end: end)
        guard length > 0 else { return false }
        let valueClass = smallClasses[Int(value)]
        return valueClass != CodePointClassTable.stopClass && Int(valueClass) < onePassClassCount
            && onePassUnreadClasses.unsafelyUnwrapped[Int(valueClass)]
    }

    /// The match of ICU's search anchored at `start` of the UTF-16 `text[..<end]`, with its
    /// groups in the slots, from one run of the one-pass table (see ``OnePassProgram``).
    func onePassMatch(inUTF16 text: UnsafePointer<UInt16>, at start: Int, end: Int) -> MatchAutomaton.Outcome {
        onePassMatch(in: UTF16ScannedText(units: text), at: start, end: end)
    }

    /// See ``onePassMatch(inUTF16:at:end:)``; in UTF-8 too (see
    /// ``firstOnePassMatch(inUTF8:from:lastStart:end:)``), the loops' ASCII characters are
    /// passed over sixteen at a time by the vector scan (``OnePassProgram/loopStops``,
    /// ``ScannedText/firstUnitOutsideASCII(orIn:from:to:)``), which stops at a byte of 0x80 or
    /// more: an ASCII byte is a character of its own, and any other character starts with such
    /// a byte. (With one bit test per byte for the rest of each log line, `(.*)`, a replacement
    /// of log lines' fields in UTF-8 took 0.45 times raw ICU's time; with the scan, 0.39: see
    /// `Benchmarks/results/2026-11-30-rawicu2/`.)
    @inline(__always)
    private func onePassMatch<Text: ScannedText>(in text: Text, at start: Int, end: Int) -> MatchAutomaton.Outcome {
        let table = onePassTable!
        let tableEdges = onePassTableEdges!
        let matchEdges = onePassMatchEdges!
        let edges = onePassEdges!
        let saves = onePassSaves!
        let selfMoves = onePassSelfMoves!
        let loopStops = onePassLoopStops!
        let classCount = onePassClassCount
        let smallClasses = self.smallClasses
        // The run records its groups in the slots themselves, which are the match's when the
        // run ends with a match pending (the common case: no copy); a match recorded while the
        // run went on is kept apart, and copied back when it is the result.
        let working = slotBuffer
        let recorded = runSlots
        let slotCount = self.slotCount
        working.update(repeating: -1, count: slotCount)
        // The state's row in the table (``OnePassProgram/table``), the start's 0; the state
        // itself is read from the move where it is needed, to leave the loop's registers to
        // the row and the offsets. The work is counted in units passed.
        var row = 0
        var offset = start
        defer { onePassWork &+= offset &- start }
        // The latest offset at which the closure held the match, and its state, while the
        // slots are still those of that offset with its way's saves yet to add; the end of the
        // match recorded, or -1.
        var pendingOffset = -1
        var pendingState = 0
        var matchEnd = -1
        /// Adds to `target` the saves of the pending match's way.
        @inline(__always)
        func addPendingMatchSaves(to target: UnsafeMutablePointer<Int>) {
            let edge = edges[Int(matchEdges[pendingState])]
            var index = Int(edge.saveStart)
            let saveEnd = index &+ Int(edge.saveCount)
            while index < saveEnd {
                target[Int(saves[index])] = pendingOffset
                index &+= 1
            }
        }
        /// Records the pending match before a move changes the slots: its slots are the run's,
        /// with the way's saves.
        @inline(__always)
        func recordPendingMatch() {
            recorded.update(from: working, count: slotCount)
            addPendingMatchSaves(to: recorded)
            matchEnd = pendingOffset
            pendingOffset = -1
        }
        if matchEdges[0] >= 0 { pendingOffset = offset }
        while offset < end {
            let (small, length) = text.smallCharacter(at: offset, end: end)
            let move: Int64
            var next = offset &+ length
            var index = 0
            if length > 0 {
                let unitClass = smallClasses[Int(small)]
                guard unitClass != CodePointClassTable.stopClass else { return .unknown }
                index = row &+ Int(unitClass)
                move = table[index]
            } else {
                let (value, after) = text.character(at: offset, end: end)
                guard value != Text.illFormed else { return .unknown }
                next = after
                guard let found = largeCharacterEdge(value, in: row / classCount) else { return .unknown }
                guard found >= 0 else { break }
                let edge = edges[Int(found)]
                // The move without its slots' bits, which send the run to the edge itself,
                // found without the table.
                let nextState = Int64(edge.next)
                move = nextState &* Int64(classCount) | nextState << OnePassProgram.stateShift
                    | (edge.saveCount > 0 ? OnePassProgram.savesFlag : 0)
                    | (matchEdges[Int(edge.next)] >= 0 ? OnePassProgram.matchFlag : 0)
                index = -1 &- Int(found)
            }
            guard move >= 0 else { break }
            if move & OnePassProgram.savesFlag != 0 {
                // A pending match is recorded before its slots change, unless the move records
                // at its offset only slots that the match's way records there too: the match's
                // slots are then still the run's with the way's saves.
                if pendingOffset >= 0 && (move & OnePassProgram.keepsPendingFlag == 0 || pendingOffset != offset) {
                    recordPendingMatch()
                }
                var slots = UInt64(truncatingIfNeeded: move >> OnePassProgram.saveMaskShift) & (1 << OnePassProgram.maskedSlotLimit - 1)
                if slots != 0 {
                    repeat {
                        working[slots.trailingZeroBitCount] = offset
                        slots &= slots &- 1
                    } while slots != 0
                } else {
                    let edge = edges[index >= 0 ? Int(tableEdges[index]) : -1 &- index]
                    var index = Int(edge.saveStart)
                    let saveEnd = index &+ Int(edge.saveCount)
                    while index < saveEnd {
                        working[Int(saves[index])] = offset
                        index &+= 1
                    }
                }
            }
            let nextRow = Int(move & OnePassProgram.rowMask)
            if nextRow == row && move & OnePassProgram.savesFlag == 0 {
                // A move back to the same state that records nothing (`.*`, `\w*`, `[^,]*`):
                // each following character of a small class with the same move (the same
                // next state and flags) would take it again, recording nothing and leaving
                // the state as it is, and only the last offset so reached is kept as the
                // pending match's. So the run passes over them here, one bit test each for an
                // ASCII unit (``OnePassProgram/selfMoves``) and one class load and one table
                // load for another, and goes on as the loop below would after the last. After
                // an ASCII unit taken, the state's vector scan, when it has one
                // (``OnePassProgram/loopStops``), passes over the ASCII units that the bits
                // would take, to the first unit it cannot tell, which the bits or the class
                // then judge.
                let state = Int((move >> OnePassProgram.stateShift) & OnePassProgram.stateFieldMask)
                let lowSelfMoves = selfMoves[2 &* state]
                let highSelfMoves = selfMoves[2 &* state &+ 1]
                let stops = loopStops[state]
                while next < end {
                    let following = text.unit(at: next)
                    if following < 128 {
                        let word = following < 64 ? lowSelfMoves : highSelfMoves
                        guard word & (1 &<< UInt64(following & 63)) != 0 else { break }
                        next &+= 1
                        if let stops { next = text.firstUnitOutsideASCII(orIn: stops, from: next, to: end) }
                        continue
                    }
                    let (value, length) = text.smallCharacter(at: next, end: end)
                    guard length > 0 else { break }
                    let followingClass = smallClasses[Int(value)]
                    guard followingClass != CodePointClassTable.stopClass, table[row &+ Int(followingClass)] == move else { break }
                    next &+= length
                }
            }
            row = nextRow
            offset = next
            if move & OnePassProgram.matchFlag != 0 {
                pendingOffset = offset
                pendingState = Int((move >> OnePassProgram.stateShift) & OnePassProgram.stateFieldMask)
            }
        }
        if pendingOffset >= 0 {
            // The slots are those of the pending match's offset: its own, with its way's saves.
            addPendingMatchSaves(to: working)
            matchEnd = pendingOffset
        } else if matchEnd >= 0 {
            working.update(from: recorded, count: slotCount)
        }
        guard matchEnd >= 0 else { return .noMatch }
        working[0] = start
        working[1] = matchEnd
        return .match(start..<matchEnd)
    }

    /// The index of the move that reads the code point `value` (at least
    /// ``CodePointClassTable/exactLimit``) in `state`, -1 when none does; nil when the table
    /// cannot tell.
    private func largeCharacterEdge(_ value: UInt32, in state: Int) -> Int32? {
        if !program.approximatesLargeCharacters {
            let valueClass = program.classes.classOf(value)
            guard valueClass != CodePointClassTable.stopClass else { return nil }
            return onePassTableEdges![state &* onePassClassCount &+ Int(valueClass)]
        }
        guard let holding = sets(holding: value) else { return nil }
        var found: Int32 = -1
        for reader in onePass!.readers[state] where !(holding & PositionSet(position: Int(reader.set))).isEmpty {
            // Two steps read it: not one-pass for this character.
            guard found < 0 else { return nil }
            found = reader.edge
        }
        return found
    }
}
