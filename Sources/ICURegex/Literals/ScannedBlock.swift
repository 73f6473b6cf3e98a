import CByteScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The scan whose finds a ``ScannedBlock`` keeps: one pass over a block for the finds and the
/// block's first NUL byte, in C. The single literal's occurrences (``ProbedLiteral``,
/// `bytescan_find_literals_and_nul`) and Teddy's candidates (``TeddyTable``,
/// `bytescan_teddy_collect_and_nul`); each answers the questions about the block's lines from
/// its finds in an extension of ``ScannedBlock`` of its own.
protocol BlockScanKernel: AnyObject {
    /// The most finds a block keeps: past them, the questions read the block's bytes
    /// themselves (the scan still reads every byte for the NUL).
    static var capacity: Int { get }

    /// The number of finds from which a block is dense (``BlockFindsPacing``).
    static var denseFinds: Int { get }

    /// Scans `count` bytes at `block` from `start` (below `count`) once, for the finds and the
    /// first NUL byte: stores up to `capacity` finds at `finds`, in increasing order, and
    /// returns their number; `scanned` receives the position up to which every find was
    /// stored, and `firstNUL` the NUL's offset, or `count` when there is none.
    func scan(
        _ block: UnsafeRawPointer, from start: Int, count: Int, into finds: UnsafeMutablePointer<Int>, capacity: Int,
        scanned: inout Int, firstNUL: inout Int
    ) -> Int
}

/// How often a ``ScannedBlock`` keeps what a block's scan finds: after a block with at least
/// ``denseFinds`` finds, the next ``blocksAfterADenseBlock`` blocks are searched for their NUL
/// alone (`memchr`), and the questions about their lines each search the bytes. The scan that
/// keeps its finds saves the NUL's pass over the block, a cost per block, but costs more for
/// each find it keeps; where the two meet depends on the kernel
/// (``BlockScanKernel/denseFinds``). The answers are the same either way.
struct BlockFindsPacing {
    /// The number of finds from which a block is dense.
    let denseFinds: Int

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

/// What one scan of a block found, made before the questions about its lines: with the NUL
/// test in the same pass (``BlockScanKernel``), the scan is the first read of the block's
/// bytes, which must know where its first NUL lies before any line is reported (GNU grep's
/// rule: the block makes the input binary), and the questions about its lines, and about the
/// matches in them, are answered from the finds without a second pass over the bytes. What a
/// find is, and how a question is answered from the finds, is the kernel's: the single
/// literal's occurrences answer a search themselves
/// (``occurrence(in:from:length:)``); Teddy's candidates, positions whose fingerprint matches
/// a bucket, are where its search tests positions (``search(in:from:table:)``).
///
/// The finds are kept by address: a question about any bytes that lie within the scanned
/// ones (a block that starts earlier in the same memory, a line) is answered, whatever its
/// base. So the scanned bytes must stay where they are, unchanged, until ``forget()``.
///
/// After a dense block, the next blocks are searched for their NUL alone, and their finds not
/// kept (``pacing``).
struct ScannedBlock<Kernel: BlockScanKernel> {
    /// The offsets of the finds from ``base``, ascending; allocated at the first scan.
    private var finds: UnsafeMutablePointer<Int>?
    /// The number of finds kept.
    private var count = 0
    /// The index of the first find at or after the last question's start.
    private var cursor = 0
    /// The start of the memory scanned; nil when no block is scanned.
    private var base: UnsafeRawPointer?
    /// The offset from ``base`` of the first byte scanned, of the first position whose find
    /// may not be kept (every find before it is kept), and of the end of the bytes scanned.
    private var start = 0
    private var scanned = 0
    private var end = 0
    /// When a block's finds are kept (not after a dense block).
    private(set) var pacing = BlockFindsPacing(denseFinds: Kernel.denseFinds)

    /// True when a block is scanned.
    var isScanned: Bool { base != nil }

    /// Scans the bytes of `block` from `start` once with `kernel`, for its finds and for the
    /// first NUL byte: returns the NUL's offset, or `block.count` when there is none, and
    /// keeps the finds (up to the kernel's capacity) to answer the questions about any part of
    /// these bytes until ``forget()``. After a dense block, the next blocks are searched for
    /// their NUL alone, and their finds not kept (``pacing``): the questions then search the
    /// bytes.
    mutating func scanFindingNUL(_ block: UnsafeRawBufferPointer, from start: Int, kernel: Kernel) -> Int {
        guard let blockBase = block.baseAddress, start < block.count else {
            forget()
            return block.count
        }
        guard pacing.keepsFindsOfNextBlock() else {
            forget()
            return BlockFindsPacing.firstNUL(in: blockBase, from: start, count: block.count)
        }
        let finds = finds ?? .allocate(capacity: Kernel.capacity)
        self.finds = finds
        var scanned = 0
        var firstNUL = 0
        count = kernel.scan(
            blockBase, from: start, count: block.count, into: finds, capacity: Kernel.capacity, scanned: &scanned,
            firstNUL: &firstNUL)
        base = blockBase
        self.start = start
        self.scanned = scanned
        end = block.count
        cursor = 0
        pacing.noteScannedBlock(finds: count)
        return firstNUL
    }

    /// A question about the bytes of `block` from `from` in the scanned block's offsets: the
    /// question's offset 0 lies at `shift`, its start at `first` and its end at `last`.
    private struct Question {
        let shift: Int
        let first: Int
        let last: Int
    }

    /// The question about `block` from `from` when those bytes lie within the scanned ones,
    /// with ``cursor`` moved to the first find at or after its start; nil otherwise.
    @inline(__always)
    private mutating func seek(in block: UnsafeRawBufferPointer, from: Int) -> Question? {
        guard let base, let finds, let blockBase = block.baseAddress else { return nil }
        let shift = base.distance(to: blockBase)
        let first = shift + from
        let last = shift + block.count
        guard first >= start && last <= end else { return nil }
        if cursor > 0 && finds[cursor - 1] >= first {
            // A question about earlier bytes: the first find at or after `first`, by
            // bisection. (The questions about a block's lines, and the matches in them, come
            // in order, and the cursor only moves on.)
            var low = 0
            var high = cursor - 1
            while low < high {
                let middle = (low + high) / 2
                if finds[middle] < first { low = middle + 1 } else { high = middle }
            }
            cursor = low
        }
        while cursor < count && finds[cursor] < first {
            cursor += 1
        }
        return Question(shift: shift, first: first, last: last)
    }

    /// Forgets the scanned block.
    mutating func forget() {
        base = nil
        count = 0
        cursor = 0
    }

    /// Frees the memory of the finds.
    mutating func deallocate() {
        finds?.deallocate()
        finds = nil
        forget()
    }
}

extension ScannedBlock where Kernel == ProbedLiteral {
    /// What the scanned block knows of a search for the literal.
    enum Answer {
        /// The search's answer, in the question's offsets.
        case found(Int)
        /// Every occurrence before this offset (in the question's offsets) is known not to
        /// answer: the search goes on from here.
        case searchFrom(Int)
    }

    /// The first occurrence of the `length` bytes scanned for at or after `from` that lies
    /// wholly in `block`, when `block`'s bytes from `from` lie within the scanned ones and
    /// the occurrences kept tell; otherwise where the search goes on from.
    @inline(__always)
    mutating func occurrence(in block: UnsafeRawBufferPointer, from: Int, length: Int) -> Answer {
        guard let question = seek(in: block, from: from), let finds else { return .searchFrom(from) }
        if cursor < count {
            let at = finds[cursor]
            // Every later occurrence ends later.
            return .found(at + length <= question.last ? at - question.shift : block.count)
        }
        if scanned + length > question.last {
            return .found(block.count)  // Every occurrence that fits was kept.
        }
        return .searchFrom(max(from, scanned - question.shift))
    }
}

extension ScannedBlock where Kernel == TeddyTable {
    /// The answer of Teddy's search of `block` from `from` (``TeddyScanner/search(in:from:)``)
    /// with `table`, the table scanned with, when `block`'s bytes from `from` lie within the
    /// scanned ones: the candidates from `from` are tested one by one
    /// (`bytescan_teddy_find_among`), and the positions they do not decide, from the first
    /// position not scanned or the last three of `block`, whose fingerprints read past its end
    /// (see `bytescan_teddy_collect_and_nul`), are searched. Nil otherwise. In the question's
    /// offsets.
    ///
    /// Every position that is not a candidate is skipped by Teddy's own scan as well (it
    /// compares none there), so testing the candidates from the question's start in order,
    /// then searching the positions past those the scan decided, answers as the search from
    /// the question's start would.
    @inline(__always)
    mutating func search(in block: UnsafeRawBufferPointer, from: Int, table: TeddyTable) -> Int? {
        guard let question = seek(in: block, from: from), let base, let finds else { return nil }
        // The searches below read the question's bytes at the scanned block's offsets.
        let first = question.first
        let last = question.last
        let trusted = max(first, last - TeddyTable.fingerprintLength)
        let found = bytescan_teddy_find_among(table.pointer, base, first, finds + cursor, count - cursor, trusted, last, nil)
        if found < last { return found - question.shift }
        let rest = max(first, min(scanned, trusted))
        return bytescan_teddy_find_from(table.pointer, base, first, rest, last, nil) - question.shift
    }
}
