/// A block of lines as icugrep hands one to a ``LineSearcher``: the lines joined, each ended by
/// a newline, and the line that starts at each offset, so that a test can name the line of a
/// candidate the searcher reports.
struct LineBlock {
    /// The block's bytes.
    let bytes: [UInt8]
    /// The index of the line starting at each offset of ``bytes``.
    let lineStartingAt: [Int: Int]

    init(_ lines: [[UInt8]]) {
        bytes = Array(lines.joined(separator: [10])) + [10]
        var starts: [Int: Int] = [:]
        var offset = 0
        for (index, line) in lines.enumerated() {
            starts[offset] = index
            offset += line.count + 1
        }
        lineStartingAt = starts
    }
}
