/// A prefilter scanner: it finds occurrences of what it looks for in a block of bytes, left to
/// right, and reuses its last answer while that still holds, so that a block is scanned about
/// once however many lines the searcher asks about.
protocol BlockScanner {
    /// The last occurrence found in this block, and where its search started.
    var memo: LastOccurrenceMemo { get set }

    /// Scans `block` from `start`, without the memo: the start of the first occurrence found,
    /// or `block.count` when there is none.
    mutating func search(in block: UnsafeRawBufferPointer, from start: Int) -> Int
}

extension BlockScanner {
    /// The start of the first occurrence at or after `start` in `block` (as ``search(in:from:)``
    /// defines it), or `block.count` when there is none; answered from the memo when it can be.
    @inline(__always)
    mutating func firstOccurrence(in block: UnsafeRawBufferPointer, from start: Int) -> Int {
        if let known = memo.answer(from: start) {
            return known
        }
        let found = search(in: block, from: start)
        memo.remember(found, searchedFrom: start)
        return found
    }
}

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
