/// One piece of what the search of one input wrote, in the order written; the writer replays
/// the pieces of each input, inputs in order.
enum OutputPiece: Sendable {
    /// Bytes for standard output.
    case standardOutput([UInt8])
    /// One message for standard error (written after flushing standard output, as glibc's
    /// error(3) does).
    case standardError([UInt8])
    /// The place of the group separator before the input's first group: printed when an
    /// earlier input selected a line (see ``FileSearcher/firstGroupSeparatorMark``).
    case groupSeparatorIfEarlierSelection

    /// The bytes the piece holds, for the bound on buffered output.
    var byteCount: Int {
        switch self {
        case .standardOutput(let bytes), .standardError(let bytes): return bytes.count
        case .groupSeparatorIfEarlierSelection: return 0
        }
    }
}

/// What the search of one input reported at its end: what the serial run would have added to
/// its ``SearchRun/Outcome``, and whether the run ends there.
struct InputReport: Sendable {
    /// The input's effect on the outcome (its `selectedAnyLine` decides later separators).
    var outcome = SearchRun.Outcome()
    /// True when the run ends after this input: `-q` selected a line, or the input could not
    /// be converted.
    var endsRun = false
}
