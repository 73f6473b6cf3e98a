/// A scanner's last answer within the current block, reused while it still holds.
///
/// A search that started at `searchStart` and found the first occurrence at `found` also
/// answers every search that starts between the two: no occurrence lies in between. The
/// searcher asks about one line after another, so most questions are answered here, and a
/// block is scanned about once.
struct LastOccurrenceMemo {
    private var searchStart = Int.max
    private var found = -1

    /// The remembered occurrence when it answers a search from `start`, or nil.
    @inline(__always)
    func answer(from start: Int) -> Int? {
        searchStart <= start && start <= found ? found : nil
    }

    /// Remembers that a search from `start` found `found` (the block's end when it found none).
    @inline(__always)
    mutating func remember(_ found: Int, searchedFrom start: Int) {
        searchStart = start
        self.found = found
    }
}
