/// A ``SearchSink`` that prints nothing and records where each selected line starts: given to
/// a ``MultilineSearcher`` of one Boolean-query term that may match a line terminator
/// (``QueryPatterns/spanningTerms``), it collects the lines that the term's matches touch, in
/// ascending order, for the line scope to decide the query on each line.
final class SpannedLineRecorder: SearchSink {
    /// The offsets in the input of the selected lines' starts, ascending.
    private(set) var lineStarts: [Int] = []
    /// True when the input turned out binary (the multi-line search stopped there, as a
    /// search without `-a` does).
    private(set) var sawBinaryData = false

    func needsMatches(selected: Bool) -> Bool { false }
    var needsUTF16Offsets: Bool { false }
    var printsRunsOfLines: Bool { false }
    var printsMatchedBlocks: Bool { false }
    var hasFailed: Bool { false }
    var bytesPrinted: Int { 0 }

    func begin(_ input: SinkInput) {
        lineStarts.removeAll(keepingCapacity: true)
        sawBinaryData = false
    }

    func matched(_ line: SinkLine) {
        lineStarts.append(line.byteOffset)
    }

    func context(_ line: SinkLine) {}
    func matchedRun(_ lines: UnsafeRawBufferPointer) {}
    func contextBreak() {}
    func binaryData(offset: Int) { sawBinaryData = true }
    func finish(_ summary: SinkFinish) {}
}
