import CByteScan

/// A ``CaptureProgram`` that is one-pass, as a table: one anchored run forward over the text
/// gives a match's end and its groups, with no backtracking and no scan in reverse
/// (regex-automata's `dfa::onepass` is the model).
///
/// A state is a point of the program where a character has just been read (or the start).
/// From there, the program's steps that read nothing (splits, jumps, saves) lead, in ICU's
/// order of preference, to the steps that read the next character and to the match: the
/// state's closure, in which each step is kept at its first, most preferred, way of reaching it.
/// The program is one-pass when, in every closure, no character can be read by two of the
/// steps that come before the first match (the steps after it are never tried, as ICU's matcher
/// stops at the match).
///
/// Why a run gives ICU's match and groups. At each offset, ICU's backtracking matcher tries the
/// closure's ways in order. Of the steps before the match, only one can read the character
/// there, so every way before that step's fails at once, and the ways after it wait on ICU's
/// stack: other steps that read characters, which fail when ICU comes back to them as they
/// fail now, and the match, which succeeds. So ICU goes on with the one step, and when the
/// run fails later it comes back to the most recent offset at which the closure held the
/// match, with the groups as they were there and the closure's saves on the way to the match:
/// the match the run records last. When no step reads the character, that recorded match is
/// the result at once. The saves on the way to the step taken are the way's, as ICU records
/// them (each save overwrites its slot, so a group keeps the bounds of its last round).
/// A run keeps the match pending as the run's slots and the offset where the closure held
/// it, and adds the way's saves only when that match is the result or a move is about to
/// change the slots; a move that records, at that same offset, only slots that the way
/// records there too (``keepsPendingFlag``) leaves the pending match's slots as they were:
/// the way's saves overwrite the move's with the same offset.
///
/// The program has no one-pass table when it holds `\b`, `\B`, a look-around or a back
/// reference, when a closure is ambiguous
/// as above for a class of characters below ``CodePointClassTable/exactLimit`` (or any class,
/// when the classes are exact everywhere), or when the table would be too large. A character
/// above the limit whose class is approximate is looked up exactly when it is read
/// (``CodePointSetMembership``), and the run leaves it to the caller when two steps take it.
struct OnePassProgram: Sendable {
    /// A move from one state to the next: the slots to record at the offset where it starts,
    /// `saves[saveStart..<saveStart + saveCount]`, and the state it leads to (for the move to
    /// a match, unused).
    struct Edge: Sendable {
        var next: Int32
        var saveStart: Int32
        var saveCount: Int32
    }

    /// The number of states; state 0 is the start.
    let stateCount: Int
    /// The number of character classes (``CaptureProgram/classes``).
    let classCount: Int
    /// `table[row + class]`, where a state's `row` is `state * classCount`: the move that reads
    /// a character of the class in the state, or -1 when no step reads it. One load per
    /// character read gives all a run needs on its way:
    /// - the next state's row (``rowMask``) and the next state (``stateShift``): the row
    ///   indexes the table with no multiplication on the way from one character to the next;
    /// - ``savesFlag`` when the move records slots; its edge is then `tableEdges` at the same
    ///   index, and when every slot of the program is below ``maskedSlotLimit``, the slots are
    ///   also the bits of the move's ``saveMaskShift`` field, so that the run records them
    ///   without reaching the edge;
    /// - ``keepsPendingFlag`` when the slots the move records are all among those of the
    ///   state's own way to the match (see ``CaptureBacktracker/onePassMatch(inUTF16:at:end:)``);
    /// - ``matchFlag`` when the next state's closure holds the match.
    let table: [Int64]
    let tableEdges: [Int32]
    static let rowMask: Int64 = 0xFFFF
    static let stateShift: Int64 = 16
    static let stateFieldMask: Int64 = 0xFFFF
    static let saveMaskShift: Int64 = 32
    static let maskedSlotLimit = 28
    static let keepsPendingFlag: Int64 = 1 << 60
    static let savesFlag: Int64 = 1 << 61
    static let matchFlag: Int64 = 1 << 62
    /// The index in ``edges`` of each state's way to the match, or -1 when its closure has none.
    let matchEdges: [Int32]
    let edges: [Edge]
    let saves: [Int32]
    /// Each state's steps that read a character, in order, with their set and their move: for a
    /// character whose class is approximate.
    let readers: [[(set: Int32, edge: Int32)]]
    /// Whether the classes above ``CodePointClassTable/exactLimit`` are approximate.
    let approximatesLargeCharacters: Bool
    /// For each state, two words of a bit per ASCII unit (`selfMoves[2 * state + unit / 64]`,
    /// bit `unit % 64`): set when the unit's move in the state leads back to the same state
    /// and records nothing (`.*`, `\w*`, `[^;]*`). All such moves of a state are the same
    /// move (the next state and its match flag), so a run passing over a loop's characters
    /// tests one bit per ASCII unit instead of loading its class and its move.
    let selfMoves: [UInt64]
    /// For each state whose moves back to itself take every ASCII unit but those of at most
    /// `BYTESCAN_BYTE_RANGES` ranges (`.*`: all but `\n` to `\r`; `[^;]*`), those ranges, for
    /// the vector scan that passes over the loop's ASCII units sixteen at a time
    /// (`bytescan_first_unit_in_ranges` in UTF-16, `bytescan_first_byte_outside_ascii_or_in_ranges`
    /// in UTF-8, which stop at a unit or byte in a range or from 0x80 on); nil for another
    /// state.
    let loopStops: [ByteRanges?]
    /// The ASCII units that no first step reads, two words of a bit per unit as in
    /// ``selfMoves``: a search passes over them to the next offset a run may start from (see
    /// ``CaptureBacktracker/firstOnePassMatch(inUTF8:from:lastStart:end:)``). Empty when a match
    /// may be empty, and every offset is a start.
    let startSkips: [UInt64]
    /// The ASCII units that ``startSkips`` leaves out, when they fit `BYTESCAN_BYTE_RANGES`
    /// ranges (`\d`: `0` to `9`), for the vector scan that passes over the others sixteen at a
    /// time (stopping, as for ``loopStops``, from 0x80 on); nil otherwise.
    let startStops: ByteRanges?
    /// The fewest characters that a way from the start to the match reads (0 when a match
    /// may be empty, `Int.max` when no way reaches it), counted over every step's move, so
    /// that no match is shorter.
    let minimumMatchLength: Int
    /// For each class, true when no state has a move that reads it: a run stops at such a
    /// character, whatever its state (see ``CaptureBacktracker/firstOnePassMatch(inUTF8:from:lastStart:end:)``).
    let unreadClasses: [Bool]

    /// The most states times classes of a table, and the most steps of the closures' walk.
    static let maximumTableSize = 1 << 16
    static let maximumClosureWork = 1 << 18

    /// The one-pass table of `program`, or nil when it is not one-pass (see the type's description).
    init?(_ program: CaptureProgram) {
        let instructions = program.instructions
        guard program.wordCharacterSet == nil else { return nil }
        // The states: the start, and the step after each step that reads a character.
        var stateOfStep: [Int: Int32] = [0: 0]
        var stepOfState: [Int] = [0]
        for (index, instruction) in instructions.enumerated() {
            if case .character = instruction, stateOfStep[index + 1] == nil {
                stateOfStep[index + 1] = Int32(stepOfState.count)
                stepOfState.append(index + 1)
            }
        }
        let classCount = program.classes.masks.count
        guard stepOfState.count * classCount <= Self.maximumTableSize else { return nil }
        // The classes that must be unambiguous: all of them when they are exact, else those of
        // the characters below the limit.
        var checkedClasses = [Bool](repeating: !program.approximatesLargeCharacters, count: classCount)
        if program.approximatesLargeCharacters {
            for value in program.classes.smallClasses where Int(value) < classCount { checkedClasses[Int(value)] = true }
        }
        var table = [Int32](repeating: -1, count: stepOfState.count * classCount)
        var matchEdges = [Int32](repeating: -1, count: stepOfState.count)
        var edges: [Edge] = []
        var saves: [Int32] = []
        var readers: [[(set: Int32, edge: Int32)]] = []
        var work = 0
        var seen = [Int](repeating: -1, count: instructions.count)
        for (state, firstStep) in stepOfState.enumerated() {
            var stateReaders: [(set: Int32, edge: Int32)] = []
            // Depth first, the preferred way first; a step is kept at its first visit.
            var pending: [(step: Int, saves: [Int32])] = [(firstStep, [])]
            closure: while let (step, path) = pending.popLast() {
                work += 1
                guard work <= Self.maximumClosureWork else { return nil }
                guard seen[step] != state else { continue }
                seen[step] = state
                switch instructions[step] {
                case .character(let set):
                    stateReaders.append((set, Int32(edges.count)))
                    edges.append(Edge(next: stateOfStep[step + 1]!, saveStart: Int32(saves.count), saveCount: Int32(path.count)))
                    saves += path
                case .split(let preferred, let other):
                    pending.append((Int(other), path))
                    pending.append((Int(preferred), path))
                case .jump(let target):
                    pending.append((Int(target), path))
                case .save(let slot):
                    pending.append((step + 1, path + [slot]))
                case .match:
                    matchEdges[state] = Int32(edges.count)
                    edges.append(Edge(next: -1, saveStart: Int32(saves.count), saveCount: Int32(path.count)))
                    saves += path
                    break closure
                case .wordBoundary, .notWordBoundary, .backReference, .characterBefore, .characterAfter:
                    return nil
                }
            }
            for (classIndex, mask) in program.classes.masks.enumerated() {
                let taking = stateReaders.filter { !(mask & PositionSet(position: Int($0.set))).isEmpty }
                guard let first = taking.first else { continue }
                if taking.count > 1 {
                    guard !checkedClasses[classIndex] else { return nil }
                    continue
                }
                table[state * classCount + classIndex] = first.edge
            }
            readers.append(stateReaders)
        }
        // The moves, packed (see ``table``). Rows and states fit their 16 bits: a row is
        // below the table's size, at most ``maximumTableSize``, and so is a state.
        let masksSlots = 2 * (program.groupCount + 1) <= Self.maskedSlotLimit
        func pathSlots(_ edge: Edge) -> Set<Int32> {
            Set(saves[Int(edge.saveStart)..<Int(edge.saveStart + edge.saveCount)])
        }
        var packed = [Int64](repeating: -1, count: table.count)
        for index in table.indices where table[index] >= 0 {
            let edge = edges[Int(table[index])]
            let state = index / classCount
            let next = Int64(edge.next)
            var move = next * Int64(classCount) | next << Self.stateShift
            if matchEdges[Int(edge.next)] >= 0 { move |= Self.matchFlag }
            if edge.saveCount > 0 {
                move |= Self.savesFlag
                let slots = pathSlots(edge)
                if masksSlots {
                    for slot in slots { move |= 1 << (Self.saveMaskShift + Int64(slot)) }
                }
                if matchEdges[state] >= 0, slots.isSubset(of: pathSlots(edges[Int(matchEdges[state])])) {
                    move |= Self.keepsPendingFlag
                }
            }
            packed[index] = move
        }
        let tableEdges = table
        var selfMoves = [UInt64](repeating: 0, count: 2 * stepOfState.count)
        for state in stepOfState.indices {
            for unit in 0..<128 {
                let unitClass = program.classes.smallClasses[unit]
                guard unitClass != CodePointClassTable.stopClass, Int(unitClass) < classCount else { continue }
                let move = packed[state * classCount + Int(unitClass)]
                guard move >= 0, Int((move >> Self.stateShift) & Self.stateFieldMask) == state, move & Self.savesFlag == 0
                else { continue }
                selfMoves[2 * state + unit / 64] |= 1 << UInt64(unit % 64)
            }
        }
        let loopStops = stepOfState.indices.map { state -> ByteRanges? in
            Self.stops(passingOver: { unit in selfMoves[2 * state + unit / 64] & 1 << UInt64(unit % 64) != 0 })
        }
        // A unit that no first step reads, of a class that is not a stop: the search's skip
        // passes over it (a stop ends the skip, and the run then answers unknown).
        var startSkips = [UInt64](repeating: 0, count: 2)
        if matchEdges[0] < 0 {
            for unit in 0..<128 {
                let unitClass = program.classes.smallClasses[unit]
                guard unitClass != CodePointClassTable.stopClass, Int(unitClass) < classCount, packed[Int(unitClass)] < 0
                else { continue }
                startSkips[unit / 64] |= 1 << UInt64(unit % 64)
            }
        }
        let startStops = Self.stops(passingOver: { unit in startSkips[unit / 64] & 1 << UInt64(unit % 64) != 0 })
        // Breadth first from the start over every step's move (those of the characters above
        // the limit included), to the nearest state whose closure holds the match.
        var distances = [Int](repeating: -1, count: stepOfState.count)
        distances[0] = 0
        var queue = [0]
        var minimumMatchLength = Int.max
        var queueIndex = 0
        while queueIndex < queue.count {
            let state = queue[queueIndex]
            queueIndex += 1
            if matchEdges[state] >= 0 {
                minimumMatchLength = distances[state]
                break
            }
            for reader in readers[state] {
                let next = Int(edges[Int(reader.edge)].next)
                guard distances[next] < 0 else { continue }
                distances[next] = distances[state] + 1
                queue.append(next)
            }
        }
        let unreadClasses = (0..<classCount).map { classIndex in
            stepOfState.indices.allSatisfy { state in table[state * classCount + classIndex] < 0 }
        }
        stateCount = stepOfState.count
        self.classCount = classCount
        self.table = packed
        self.tableEdges = tableEdges
        self.matchEdges = matchEdges
        self.edges = edges
        self.saves = saves
        self.readers = readers
        approximatesLargeCharacters = program.approximatesLargeCharacters
        self.selfMoves = selfMoves
        self.loopStops = loopStops
        self.startSkips = startSkips
        self.startStops = startStops
        self.minimumMatchLength = minimumMatchLength
        self.unreadClasses = unreadClasses
    }

    /// The ranges of the ASCII units that `passesOver` leaves out, for a vector scan that
    /// passes over the others; nil when it passes over none or they take more than
    /// `BYTESCAN_BYTE_RANGES` ranges.
    private static func stops(passingOver passesOver: (Int) -> Bool) -> ByteRanges? {
        guard (0..<128).contains(where: passesOver) else { return nil }
        var ranges: [(UInt16, UInt16)] = []
        var unit = 0
        while unit < 128 {
            guard !passesOver(unit) else {
                unit += 1
                continue
            }
            let first = unit
            while unit < 128 && !passesOver(unit) { unit += 1 }
            ranges.append((UInt16(first), UInt16(unit - 1)))
        }
        return ranges.count <= Int(BYTESCAN_BYTE_RANGES) ? ByteRanges(ranges) : nil
    }
}
