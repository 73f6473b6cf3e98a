#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

/// How often a scanner that keeps what a block's scan finds (the single literal's occurrences,
/// Teddy's candidates: ``ScannedBlockOccurrences``, ``ScannedBlockCandidates``, each found
/// with the block's first NUL in one pass) keeps them: after a block with at least
/// ``denseFinds`` finds, the next ``blocksAfterADenseBlock`` blocks are searched for their NUL
/// alone (`memchr`), and the questions about their lines each search the bytes. The scan that
/// keeps its finds saves the NUL's pass over the block, a cost per block, but costs more for
/// each find it keeps; where the two meet depends on the scanner (each gives its own
/// ``denseFinds``). The answers are the same either way.
struct BlockFindsPacing {
    /// The number of finds from which a block is dense.
    let denseFinds: Int

    /// ``denseFinds`` of the single literal's occurrences (1 in 384 bytes of a 96 KiB block).
    /// On 256 MB, `Holmes` (about 60 in a block) gains, while `-c the` (about 780) took 9-20%
    /// more CPU time, and `-v о` (about 4,400, more than the room) 20% more, than with
    /// `memchr` for the NUL and a search per question.
    static let denseOccurrences = 256

    /// ``denseFinds`` of Teddy's candidates (1 in 96 bytes of a 96 KiB block), where a
    /// candidate costs less to keep than an occurrence. Kept rather than paced, in CPU time
    /// (256 MB, medians of 5 to 11 alternated runs): the five names of issue 26's rows (about
    /// 90 candidates in a block, up to 320, which paced 40% of the blocks at 256) `-c` 92 → 85
    /// ms, `-c 'you|your'` (690) 179 → 162 ms, Russian `-c 'что|как'` (470) 150 ms either way;
    /// near 1,000 the two meet (`-c 'the|and'`, 1,050: 204 ms paced, 209 kept), and `-c
    /// 'th|he'` (about 3,000) took 287 ms paced, 370 kept.
    static let denseCandidates = 1024

    /// How many blocks are searched for their NUL alone after a dense one (about 1.5 MB of the
    /// line search's 96 KiB blocks), before the scan keeps its finds again.
    static let blocksAfterADenseBlock = 16

    /// The number of blocks still to be searched for their NUL alone.
    private(set) var blocksLeftWithoutFinds = 0

    /// True when the finds of the next block are to be kept; otherwise counts that block as
    /// one searched for its NUL alone.
    mutating func keepsFindsOfNextBlock() -> Bool {
        guard blocksLeftWithoutFinds == 0 else {
            blocksLeftWithoutFinds -= 1
            return false
        }
        return true
    }

    /// Notes the scan of a block that kept `finds` finds.
    mutating func noteScannedBlock(finds: Int) {
        if finds >= denseFinds { blocksLeftWithoutFinds = Self.blocksAfterADenseBlock }
    }

    /// The offset from `base` of the first NUL byte of `base[start..<count]`, or `count`.
    static func firstNUL(in base: UnsafeRawPointer, from start: Int, count: Int) -> Int {
        guard let nul = memchr(base + start, 0, count - start) else { return count }
        return base.distance(to: UnsafeRawPointer(nul))
    }
}
