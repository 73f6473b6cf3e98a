import CByteScan

/// One side of a ``BytePairProbe``: the bytes an occurrence may hold at a fixed offset from
/// the probe position, those whose OR with a fold mask gives one value. A mask of `0` accepts
/// the value alone; a mask of one bit accepts the value and the value without that bit
/// (`0x20` makes an ASCII letter match in either case, and only letters may get it, since it
/// would also fold `@` into `` ` ``; it also joins the last bytes of most Cyrillic, Greek and
/// Latin-1 case pairs).
struct ProbeByte: Equatable {
    /// The distance from the probe position to the byte compared.
    var offset: Int
    /// The value an accepted byte has after the fold.
    var value: UInt8
    /// The bits set in every byte before the comparison (`0` for an exact side).
    var fold: UInt8

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
struct BytePairProbe {
    /// The side of the rarer byte.
    let first: ProbeByte
    /// The side of the other byte; it may have the first's offset (for a literal of one byte).
    let second: ProbeByte
    /// The index, in the scanner's list, of the literal that verifies a hit.
    let target: Int

    /// The furthest byte read from a probe position.
    var reach: Int { max(first.offset, second.offset) }

    /// The probe in the form the vector scan of `CByteScan` reads.
    var scanProbe: bytescan_probe {
        var probe = bytescan_probe()
        bytescan_probe_init(
            &probe, first.offset, first.value, first.fold, second.offset, second.value, second.fold)
        return probe
    }

    /// True when both sides accept at `position` (a byte past the block accepts nothing).
    @inline(__always)
    func accepts(in block: UnsafeRawBufferPointer, at position: Int) -> Bool {
        let firstIndex = position &+ first.offset
        let secondIndex = position &+ second.offset
        guard firstIndex < block.count, secondIndex < block.count else { return false }
        return first.accepts(block[firstIndex]) && second.accepts(block[secondIndex])
    }
}
