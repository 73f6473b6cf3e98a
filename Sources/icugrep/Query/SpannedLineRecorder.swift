/// A ``SearchSink`` that prints nothing and records the selected lines: given to a
/// ``MultilineSearcher`` of one Boolean-query term that may match a line terminator
/// (``QueryPatterns/spanningTerms``), it collects the lines that the term's matches touch, in
/// ascending order, for the line scope to decide the query on each line.
///
/// Lines that follow each other are kept as one range, so that a term that touches every
/// line (`\s*\n`) costs one range, not one number per line.
final class SpannedLineRecorder: SearchSink {
    /// The selected lines as byte ranges of the input (each line with its terminator),
    /// ascending, adjacent lines joined.
    private(set) var lineRanges: [Range<Int>] = []
    /// The pieces of the matches in the selected lines, as byte ranges of the input, when
    /// ``recordsPieces``: for a positive term, whose matches `-o` and `--color` show.
    private(set) var pieces: [Range<Int>] = []
    /// True when ``pieces`` are recorded.
    let recordsPieces: Bool
    /// True when the input turned out binary (the multi-line search stopped there, as a
    /// search without `-a` does).
    private(set) var sawBinaryData = false

    /// Creates a recorder, of the matches' pieces too when `recordsPieces`.
    init(recordsPieces: Bool) {
        self.recordsPieces = recordsPieces
    }

    func needsMatches(selected: Bool) -> Bool { recordsPieces }
    var needsUTF16Offsets: Bool { false }
    var printsRunsOfLines: Bool { false }
    var printsRunsOfContextLines: Bool { false }
    var printsMatchedBlocks: Bool { false }
    var hasFailed: Bool { false }
    var bytesPrinted: Int { 0 }

    func begin(_ input: SinkInput) {
        lineRanges.removeAll(keepingCapacity: true)
        pieces.removeAll(keepingCapacity: true)
        sawBinaryData = false
    }

    func matched(_ line: SinkLine) {
        if recordsPieces {
            for piece in line.matches where piece.lowerBound < line.content.count {
                pieces.append((line.byteOffset + piece.lowerBound)..<(line.byteOffset + min(piece.upperBound, line.content.count)))
            }
        }
        let end = line.byteOffset + line.content.count + (line.terminated ? 1 : 0)
        if let last = lineRanges.last, last.upperBound == line.byteOffset {
            lineRanges[lineRanges.count - 1] = last.lowerBound..<max(end, line.byteOffset + 1)
        } else {
            lineRanges.append(line.byteOffset..<max(end, line.byteOffset + 1))
        }
    }

    func context(_ line: SinkLine) {}
    func matchedRun(_ lines: UnsafeRawBufferPointer) {}
    func contextRun(_ lines: UnsafeRawBufferPointer) {}
    func contextBreak() {}
    func binaryData(offset: Int) { sawBinaryData = true }
    func finish(_ summary: SinkFinish) {}
}
