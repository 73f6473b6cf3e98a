/// Finds where ICU's first match lies without ICU: two lazily built deterministic automata of a
/// ``MatchAutomatonPlan``, one per direction, as regex-automata's hybrid DFA and its meta
/// strategy do.
///
/// - The forward automaton simulates the plan's prioritized position automaton from the
///   search's start. A state is the ordered list of positions a thread may take next, and
///   whether a match ends where it is reached; the start's positions are added at the lowest
///   priority after each character until some match ends, since a match that starts later is
///   never the leftmost. Reaching ``PrioritizedPositionAutomaton/match`` drops every item after
///   it (a backtracking matcher never tries them once a match ranks first), so the last match
///   end seen before no thread is left is that of the leftmost-first match: ICU's.
/// - The reverse automaton reads backwards from that end, with the positions as a set (only
///   the language matters), and the earliest place a match of the pattern may start is where
///   the leftmost-first match starts: a match starting earlier and ending there would be a
///   match further left.
///
/// A search that reads a character the classes do not know exactly (see
/// ``MatchAutomatonPlan/approximatesLargeCharacters``), a character whose case folding is
/// several, or ill-formed UTF-8 ends with ``Outcome/unknown``, and the caller asks ICU.
///
/// Not thread-safe: each thread makes its own from the shared plan.
package final class MatchAutomaton {
    /// What a search found.
    package enum Outcome: Equatable {
        /// The first match, in the text's units.
        case match(Range<Int>)
        /// There is no match.
        case noMatch
        /// The automaton cannot tell: ask ICU.
        case unknown
    }

    /// A table entry not computed yet.
    private static let unknownEntry: Int32 = -1
    /// Bits of a table entry below the target state's row: a match ends after the character,
    /// and (forward) no thread is left or (reverse) no position.
    private static let matchBit: Int32 = 1
    private static let deadBit: Int32 = 2
    private static let flagBits: Int32 = 2
    /// The most states kept in each direction; beyond it the table starts again.
    private static let maximumStates = 2048

    private let automaton: PrioritizedPositionAutomaton
    private let classes: CodePointClassTable
    private let approximatesLargeCharacters: Bool
    private let columns: Int

    /// The forward states: each one's key, its flags (``matchBit``, and bit 2 when the
    /// start's positions are still added) followed by its positions in order.
    private var forwardStates: [[Int32]] = []
    private var forwardRows: [[Int32]: Int32] = [:]
    private var forwardTable: UnsafeMutablePointer<Int32>
    private var forwardCapacity = 16
    /// The rows of the states in which an unanchored and an anchored search start, and
    /// their flags.
    private var startRow: Int32 = 0
    private var anchoredStartRow: Int32 = 0
    private var startFlags: Int32 = 0
    private var anchoredStartFlags: Int32 = 0

    /// The reverse states: the positions that may hold the character before.
    private var reverseStates: [PositionSet] = []
    private var reverseRows: [PositionSet: Int32] = [:]
    private var reverseTable: UnsafeMutablePointer<Int32>
    private var reverseCapacity = 16

    /// For each ASCII character, true when an unanchored search in its start state stays
    /// there reading it: no match can start with it.
    private let asciiKeepsStart: [Bool]
    private let everyASCIIKeepsStart: Bool

    /// Makes the automata of `plan`, with empty tables.
    init(_ plan: MatchAutomatonPlan) {
        automaton = plan.automaton
        classes = plan.classes
        approximatesLargeCharacters = plan.approximatesLargeCharacters
        columns = plan.classes.masks.count
        forwardTable = .allocate(capacity: forwardCapacity * columns)
        reverseTable = .allocate(capacity: reverseCapacity * columns)
        let keeps = (0..<128).map { character in
            !plan.automaton.isNullable
                && (plan.automaton.firstPositions & plan.classes.masks[Int(plan.classes.smallClasses[character])]).isEmpty
        }
        asciiKeepsStart = keeps
        everyASCIIKeepsStart = !keeps.contains(false)
        addInitialForwardStates()
        addInitialReverseState()
    }

    deinit {
        forwardTable.deallocate()
        reverseTable.deallocate()
    }

    // MARK: Searching UTF-16

    /// ICU's first match in `text[from..<end]`, searched as a text of its own from `from` (a
    /// code-point boundary); with `anchored`, only a match starting at `from`. UTF-16 is read
    /// as ICU reads it: a lone surrogate is a code point of its own.
    func firstMatch(inUTF16 text: UnsafePointer<UInt16>, from: Int, to end: Int, anchored: Bool = false) -> Outcome {
        let matchEnd = forwardMatchEnd(inUTF16: text, from: from, to: end, anchored: anchored)
        guard matchEnd >= 0 else { return matchEnd == Self.noMatchEnd ? .noMatch : .unknown }
        let start = reverseMatchStart(inUTF16: text, from: from, end: matchEnd)
        return start >= 0 ? .match(start..<matchEnd) : .unknown
    }

    /// The first match as ``firstMatch(inUTF16:from:to:anchored:)`` finds it, or what
    /// `otherwise` (ICU) finds when the automaton cannot tell.
    func firstMatch(
        inUTF16 text: UnsafePointer<UInt16>, from: Int, to end: Int,
        otherwise: () throws(ICURegexError) -> Range<Int>?
    ) throws(ICURegexError) -> Range<Int>? {
        switch firstMatch(inUTF16: text, from: from, to: end) {
        case .match(let match): return match
        case .noMatch: return nil
        case .unknown: return try otherwise()
        }
    }

    /// What the forward scans return when they find no match, and when they cannot tell.
    private static let noMatchEnd = -1
    private static let unknownEnd = -2

    @inline(never)
    private func forwardMatchEnd(inUTF16 text: UnsafePointer<UInt16>, from: Int, to end: Int, anchored: Bool) -> Int {
        var table = forwardTable
        let flags = anchored ? anchoredStartFlags : startFlags
        var row = Int(anchored ? anchoredStartRow : startRow)
        var lastEnd = flags & Self.matchBit != 0 ? from : Self.noMatchEnd
        if flags & Self.deadBit != 0 { return lastEnd }
        let skipsInStart = !anchored && !automaton.isNullable
        let startRow = Int(self.startRow)
        var index = from
        return classes.smallClasses.withUnsafeBufferPointer { smallClasses in
            while index < end {
                if skipsInStart && row == startRow {
                    index = firstPossibleMatchStart(inUTF16: text, from: index, to: end)
                    if index >= end { break }
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
                    guard let known = knownClass(of: value) else { return Self.unknownEnd }
                    column = known
                }
                var entry = table[row &+ column]
                if entry < 0 {
                    entry = forwardTransition(fromRow: row, column: column)
                    table = forwardTable
                }
                row = Int(entry >> Self.flagBits)
                index = next
                if entry & (Self.matchBit | Self.deadBit) != 0 {
                    if entry & Self.matchBit != 0 { lastEnd = index }
                    if entry & Self.deadBit != 0 { break }
                }
            }
            return lastEnd
        }
    }

    /// The first offset of `text[start..<end]` at which an unanchored search in its start
    /// state may leave it: the first unit that is not an ASCII character keeping the start.
    @inline(__always)
    private func firstPossibleMatchStart(inUTF16 text: UnsafePointer<UInt16>, from start: Int, to end: Int) -> Int {
        var index = start
        if everyASCIIKeepsStart {
            // Four units a word: a unit from 0x80 on has a bit under the mask.
            let highBits: UInt64 = 0xFF80_FF80_FF80_FF80
            let raw = UnsafeRawPointer(text)
            while index &+ 16 <= end {
                let bytes = index &* 2
                let words = raw.loadUnaligned(fromByteOffset: bytes, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: bytes &+ 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: bytes &+ 16, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: bytes &+ 24, as: UInt64.self)
                if words & highBits != 0 { break }
                index &+= 16
            }
            while index < end && text[index] < 0x80 { index &+= 1 }
            return index
        }
        return asciiKeepsStart.withUnsafeBufferPointer { keeps in
            while index < end {
                let unit = text[index]
                if unit >= 0x80 || !keeps[Int(unit)] { break }
                index &+= 1
            }
            return index
        }
    }

    /// Where the match that ends at `end` starts: the earliest offset from `from` on from
    /// which the pattern matches `text[offset..<end]`; -1 when the classes cannot tell.
    @inline(never)
    private func reverseMatchStart(inUTF16 text: UnsafePointer<UInt16>, from: Int, end: Int) -> Int {
        var table = reverseTable
        var row = 0
        var start = automaton.isNullable ? end : -1
        var index = end
        return classes.smallClasses.withUnsafeBufferPointer { smallClasses in
            while index > from {
                var previous = index &- 1
                let unit = text[previous]
                let column: Int
                if unit < 0x80 {
                    column = Int(smallClasses[Int(unit)])
                } else {
                    var value = UInt32(unit)
                    if UTF16.isTrailSurrogate(unit), previous > from, UTF16.isLeadSurrogate(text[previous &- 1]) {
                        previous &-= 1
                        value = UTF16.scalarValue(lead: text[previous], trail: unit)
                    }
                    guard let known = knownClass(of: value) else { return -1 }
                    column = known
                }
                var entry = table[row &+ column]
                if entry < 0 {
                    entry = reverseTransition(fromRow: row, column: column)
                    table = reverseTable
                }
                row = Int(entry >> Self.flagBits)
                index = previous
                if entry & Self.matchBit != 0 { start = index }
                if entry & Self.deadBit != 0 { break }
            }
            return start
        }
    }

    // MARK: Searching UTF-8

    /// ICU's first match in the UTF-8 `bytes[from..<end]`, searched as a text of its own from
    /// `from` (a character's first byte), in byte offsets; ill-formed UTF-8 in what the search
    /// reads makes it ``Outcome/unknown`` (ICU reads it as U+FFFD).
    func firstMatch(inUTF8 bytes: UnsafePointer<UInt8>, from: Int, to end: Int) -> Outcome {
        let matchEnd = forwardMatchEnd(inUTF8: bytes, from: from, to: end)
        guard matchEnd >= 0 else { return matchEnd == Self.noMatchEnd ? .noMatch : .unknown }
        let start = reverseMatchStart(inUTF8: bytes, from: from, end: matchEnd)
        return start >= 0 ? .match(start..<matchEnd) : .unknown
    }

    @inline(never)
    private func forwardMatchEnd(inUTF8 bytes: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int {
        var table = forwardTable
        var row = Int(startRow)
        var lastEnd = startFlags & Self.matchBit != 0 ? from : Self.noMatchEnd
        if startFlags & Self.deadBit != 0 { return lastEnd }
        let skipsInStart = !automaton.isNullable
        let startRow = Int(self.startRow)
        var index = from
        return (classes.smallClasses.withUnsafeBufferPointer { smallClasses in
            asciiKeepsStart.withUnsafeBufferPointer { keeps in
                while index < end {
                    if skipsInStart && row == startRow {
                        while index < end && bytes[index] < 0x80 && keeps[Int(bytes[index])] { index &+= 1 }
                        if index >= end { break }
                    }
                    let byte = bytes[index]
                    var length = 1
                    let column: Int
                    if byte < 0x80 {
                        column = Int(smallClasses[Int(byte)])
                    } else {
                        guard let (value, count) = UTF8Decoding.wellFormedSequence(at: index, in: bytes, end: end),
                            let known = knownClass(of: value)
                        else { return Self.unknownEnd }
                        column = known
                        length = count
                    }
                    var entry = table[row &+ column]
                    if entry < 0 {
                        entry = forwardTransition(fromRow: row, column: column)
                        table = forwardTable
                    }
                    row = Int(entry >> Self.flagBits)
                    index &+= length
                    if entry & (Self.matchBit | Self.deadBit) != 0 {
                        if entry & Self.matchBit != 0 { lastEnd = index }
                        if entry & Self.deadBit != 0 { break }
                    }
                }
                return lastEnd
            }
        })
    }

    @inline(never)
    private func reverseMatchStart(inUTF8 bytes: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
        var table = reverseTable
        var row = 0
        var start = automaton.isNullable ? end : -1
        var index = end
        return classes.smallClasses.withUnsafeBufferPointer { smallClasses in
            while index > from {
                var previous = index &- 1
                let column: Int
                if bytes[previous] < 0x80 {
                    column = Int(smallClasses[Int(bytes[previous])])
                } else {
                    // The forward search read these bytes as well-formed characters.
                    while previous > from && bytes[previous] & 0xC0 == 0x80 { previous &-= 1 }
                    guard let (value, count) = UTF8Decoding.wellFormedSequence(at: previous, in: bytes, end: index),
                        previous &+ count == index, let known = knownClass(of: value)
                    else { return -1 }
                    column = known
                }
                var entry = table[row &+ column]
                if entry < 0 {
                    entry = reverseTransition(fromRow: row, column: column)
                    table = reverseTable
                }
                row = Int(entry >> Self.flagBits)
                index = previous
                if entry & Self.matchBit != 0 { start = index }
                if entry & Self.deadBit != 0 { break }
            }
            return start
        }
    }

    /// The class of a code point from 0x80 on, when the classes know it exactly.
    @inline(__always)
    private func knownClass(of value: UInt32) -> Int? {
        if approximatesLargeCharacters && value >= CodePointClassTable.exactLimit { return nil }
        let valueClass = classes.classOf(value)
        return valueClass == CodePointClassTable.stopClass ? nil : Int(valueClass)
    }

    // MARK: Forward states

    /// The flag of a forward state's key for a state after which the start's positions are
    /// still added.
    private static let startsMoreFlag: Int32 = 4

    /// Adds the states in which unanchored and anchored searches start (rows 0 and 1).
    private func addInitialForwardStates() {
        let start = closure(automaton.entry, startsMore: true)
        startRow = addForwardState(start)
        startFlags = flags(of: start)
        let anchored = closure(automaton.entry, startsMore: false)
        anchoredStartRow = forwardRows[anchored] ?? addForwardState(anchored)
        anchoredStartFlags = flags(of: anchored)
    }

    /// The key of the state reached through `items`, in priority order: the positions before
    /// the first ``PrioritizedPositionAutomaton/match``, each once, and whether there was one.
    /// After a match, the start's positions are no longer added.
    private func closure(_ items: [Int32], startsMore: Bool) -> [Int32] {
        var key: [Int32] = [0]
        var seen = PositionSet.empty
        var matches = false
        for item in items {
            if item == PrioritizedPositionAutomaton.match {
                matches = true
                break
            }
            let bit = PositionSet(position: Int(item))
            if (seen & bit).isEmpty {
                seen |= bit
                key.append(item)
            }
        }
        key[0] = (matches ? Self.matchBit : 0) | (startsMore && !matches ? Self.startsMoreFlag : 0)
        return key
    }

    /// The table-entry flags of the state with `key`.
    private func flags(of key: [Int32]) -> Int32 {
        let dead = key.count == 1 && key[0] & Self.startsMoreFlag == 0
        return (key[0] & Self.matchBit) | (dead ? Self.deadBit : 0)
    }

    /// Computes, stores and returns the entry for the forward state of `row` and `column`.
    private func forwardTransition(fromRow row: Int, column: Int) -> Int32 {
        let key = forwardStates[row / columns]
        let mask = classes.masks[column]
        var items: [Int32] = []
        for position in key.dropFirst() where !(mask & PositionSet(position: Int(position))).isEmpty {
            items += automaton.follow[Int(position)]
        }
        let startsMore = key[0] & Self.startsMoreFlag != 0
        if startsMore { items += automaton.entry }
        let next = closure(items, startsMore: startsMore)
        let targetRow: Int32
        if let known = forwardRows[next] {
            targetRow = known
        } else if forwardStates.count >= Self.maximumStates {
            // Start again with the initial states and the new one; the entry of `row`, which
            // is gone, is not stored.
            forwardStates.removeAll(keepingCapacity: true)
            forwardRows.removeAll(keepingCapacity: true)
            addInitialForwardStates()
            return (forwardRows[next] ?? addForwardState(next)) << Self.flagBits | flags(of: next)
        } else {
            targetRow = addForwardState(next)
        }
        let entry = targetRow << Self.flagBits | flags(of: next)
        forwardTable[row + column] = entry
        return entry
    }

    /// Adds a forward state with `key`, with unknown entries, and returns its row.
    private func addForwardState(_ key: [Int32]) -> Int32 {
        let number = forwardStates.count
        if number >= forwardCapacity {
            forwardCapacity *= 2
            forwardTable = Self.grown(forwardTable, rows: number, newRows: forwardCapacity, columns: columns)
        }
        forwardStates.append(key)
        let row = Int32(number * columns)
        forwardRows[key] = row
        (forwardTable + number * columns).update(repeating: Self.unknownEntry, count: columns)
        return row
    }

    // MARK: Reverse states

    /// Adds the state in which the reverse search starts (row 0): the positions a match may
    /// end with.
    private func addInitialReverseState() {
        _ = addReverseState(automaton.lastPositions)
    }

    /// Computes, stores and returns the entry for the reverse state of `row` and `column`:
    /// the positions that read the character, whether one of them may start a match, and
    /// the positions that may come before them.
    private func reverseTransition(fromRow row: Int, column: Int) -> Int32 {
        let read = reverseStates[row / columns] & classes.masks[column]
        var before = PositionSet.empty
        read.forEach { before |= automaton.precede[$0] }
        let flags = ((read & automaton.firstPositions).isEmpty ? 0 : Self.matchBit) | (before.isEmpty ? Self.deadBit : 0)
        let targetRow: Int32
        if let known = reverseRows[before] {
            targetRow = known
        } else if reverseStates.count >= Self.maximumStates {
            reverseStates.removeAll(keepingCapacity: true)
            reverseRows.removeAll(keepingCapacity: true)
            addInitialReverseState()
            return (reverseRows[before] ?? addReverseState(before)) << Self.flagBits | flags
        } else {
            targetRow = addReverseState(before)
        }
        let entry = targetRow << Self.flagBits | flags
        reverseTable[row + column] = entry
        return entry
    }

    /// Adds a reverse state with the positions `positions`, with unknown entries, and returns
    /// its row.
    private func addReverseState(_ positions: PositionSet) -> Int32 {
        let number = reverseStates.count
        if number >= reverseCapacity {
            reverseCapacity *= 2
            reverseTable = Self.grown(reverseTable, rows: number, newRows: reverseCapacity, columns: columns)
        }
        reverseStates.append(positions)
        let row = Int32(number * columns)
        reverseRows[positions] = row
        (reverseTable + number * columns).update(repeating: Self.unknownEntry, count: columns)
        return row
    }

    /// A table of `newRows` rows holding the first `rows` of `table`, which it frees.
    private static func grown(
        _ table: UnsafeMutablePointer<Int32>, rows: Int, newRows: Int, columns: Int
    ) -> UnsafeMutablePointer<Int32> {
        let newTable = UnsafeMutablePointer<Int32>.allocate(capacity: newRows * columns)
        newTable.update(from: table, count: rows * columns)
        table.deallocate()
        return newTable
    }
}
