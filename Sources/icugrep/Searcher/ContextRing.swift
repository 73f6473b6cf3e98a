/// One line kept in the input buffer as possible leading context (`-B`).
struct HeldLine {
    /// The offset of the line's first byte in the input buffer.
    var start: Int
    /// The offset just past the line's content (its terminator excluded).
    var end: Int
    /// The line's 1-based number.
    var number: Int
}

/// The most recent lines that were neither selected nor printed, up to the `-B` count: the
/// leading context of the next selected line. Its storage grows to the most lines held at
/// once and is then reused, so keeping lines allocates nothing.
struct ContextRing {
    /// The most lines held; older ones are dropped.
    let limit: Int
    private var lines: [HeldLine] = []
    private var first = 0
    /// The number of lines held.
    private(set) var count = 0

    /// Creates an empty ring that holds at most `limit` lines.
    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The oldest line held, if any.
    var oldest: HeldLine? { count > 0 ? lines[first] : nil }

    /// The `index`-th line, oldest first.
    subscript(index: Int) -> HeldLine {
        lines[(first + index) % lines.count]
    }

    /// Adds `line`, dropping the oldest line when `limit` lines are held already.
    mutating func append(_ line: HeldLine) {
        guard limit > 0 else { return }
        if count == lines.count && count < limit {
            // Every slot is taken but the limit is not reached: grow, oldest line first.
            let slots = min(limit, max(8, lines.count * 2))
            var grown: [HeldLine] = []
            grown.reserveCapacity(slots)
            for index in 0..<count { grown.append(self[index]) }
            while grown.count < slots { grown.append(line) }
            lines = grown
            first = 0
        }
        if count < limit {
            lines[(first + count) % lines.count] = line
            count += 1
        } else {
            lines[first] = line
            first = (first + 1) % lines.count
        }
    }

    /// Forgets the `number` oldest lines (every line when `number` is not less than `count`).
    mutating func removeOldest(_ number: Int) {
        guard number < count else { return removeAll() }
        guard number > 0 else { return }
        first = (first + number) % lines.count
        count -= number
    }

    /// Forgets every line.
    mutating func removeAll() {
        first = 0
        count = 0
    }

    /// Moves every line `distance` bytes towards the start of the buffer, after the buffer's
    /// contents moved.
    mutating func shift(by distance: Int) {
        for index in 0..<count {
            let slot = (first + index) % lines.count
            lines[slot].start -= distance
            lines[slot].end -= distance
        }
    }
}
