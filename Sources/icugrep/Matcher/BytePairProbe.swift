/// One side of a ``BytePairProbe``: the bytes an occurrence may hold at a fixed offset from
/// the probe position.
protocol ProbeSide {
    /// The distance from the probe position to the byte compared.
    var offset: Int { get }

    /// A lane of `0xFF` for each of the ``ProbeVector`` probe positions from `position` whose
    /// byte at ``offset`` is accepted, `0` for the others. The bytes read must lie in the
    /// block at `base`.
    func lanes(in base: UnsafeRawPointer, at position: Int) -> ProbeVector

    /// True when `byte` is accepted.
    func accepts(_ byte: UInt8) -> Bool
}

/// A side that accepts one byte value exactly.
struct ExactProbeByte: ProbeSide {
    /// The distance from the probe position to the byte compared.
    let offset: Int
    /// The accepted byte.
    let byte: UInt8
    /// ``byte`` in every lane.
    let byteVector: ProbeVector

    /// Creates the side at `offset` accepting `byte`.
    init(offset: Int, byte: UInt8) {
        self.offset = offset
        self.byte = byte
        byteVector = ProbeVector(repeating: byte)
    }

    /// The lanes whose byte at ``offset`` is ``byte``.
    @inline(__always)
    func lanes(in base: UnsafeRawPointer, at position: Int) -> ProbeVector {
        let bytes = base.loadUnaligned(fromByteOffset: position &+ offset, as: ProbeVector.self)
        return ProbeVector(truncatingIfNeeded: (bytes .== byteVector)._storage)
    }

    /// True when `byte` is ``byte``.
    @inline(__always)
    func accepts(_ byte: UInt8) -> Bool {
        byte == self.byte
    }
}

/// A side that accepts the bytes whose OR with a fold mask gives one value: with a mask of
/// one bit, the value and the value without that bit (`0x20` makes an ASCII letter match in
/// either case, and only letters may get it, since it would also fold `@` into `` ` ``; it
/// also joins the last bytes of most Cyrillic, Greek and Latin-1 case pairs).
struct FoldedProbeByte: ProbeSide {
    /// The distance from the probe position to the byte compared.
    let offset: Int
    /// The bits set in every byte before the comparison.
    let fold: UInt8
    /// The value an accepted byte has after the fold.
    let value: UInt8
    /// ``fold`` in every lane.
    let foldVector: ProbeVector
    /// ``value`` in every lane.
    let valueVector: ProbeVector

    /// Creates the side at `offset` accepting the bytes `b` with `b | fold == value`.
    init(offset: Int, value: UInt8, fold: UInt8) {
        self.offset = offset
        self.fold = fold
        self.value = value
        foldVector = ProbeVector(repeating: fold)
        valueVector = ProbeVector(repeating: value)
    }

    /// The lanes whose byte at ``offset``, ORed with ``fold``, is ``value``.
    @inline(__always)
    func lanes(in base: UnsafeRawPointer, at position: Int) -> ProbeVector {
        let bytes = base.loadUnaligned(fromByteOffset: position &+ offset, as: ProbeVector.self) | foldVector
        return ProbeVector(truncatingIfNeeded: (bytes .== valueVector)._storage)
    }

    /// True when `byte`, ORed with ``fold``, is ``value``.
    @inline(__always)
    func accepts(_ byte: UInt8) -> Bool {
        byte | fold == value
    }
}

/// Two bytes that every occurrence of a literal (or of some of its spellings) holds at fixed
/// distances from one of its positions, the probe position: the packed-pair filter of the
/// Rust `memchr` crate. Two rare bytes at once are found far less often than either alone, so
/// few probe positions need the full comparison that ``target`` names.
struct BytePairProbe<Side: ProbeSide> {
    /// The side of the rarer byte.
    let first: Side
    /// The side of the other byte; it may have the first's offset (for a literal of one byte).
    let second: Side
    /// The index, in the scanner's list, of the literal that verifies a hit.
    let target: Int

    /// The furthest byte read from a probe position.
    var reach: Int { max(first.offset, second.offset) }

    /// The lanes, as ``ProbeSide/lanes(in:at:)`` defines them, where both sides accept.
    @inline(__always)
    func lanes(in base: UnsafeRawPointer, at position: Int) -> ProbeVector {
        first.lanes(in: base, at: position) & second.lanes(in: base, at: position)
    }

    /// True when both sides accept at `position` (a byte past the block accepts nothing).
    @inline(__always)
    func accepts(in block: UnsafeRawBufferPointer, at position: Int) -> Bool {
        let firstIndex = position + first.offset
        let secondIndex = position + second.offset
        guard firstIndex < block.count, secondIndex < block.count else { return false }
        return first.accepts(block[firstIndex]) && second.accepts(block[secondIndex])
    }
}
