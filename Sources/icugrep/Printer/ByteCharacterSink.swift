import ICURegex

/// A sink in front of another where bytes are characters (``Configuration/readsBytesAsCharacters``):
/// the searcher reads the input transcoded (``ByteCharacterTranscoder``), and this writes each
/// line, run of lines and match it reports back into the input's own bytes before the sink
/// behind it formats them, so that what is printed is the input, byte for byte, and a byte
/// offset (`-b`) counts the input's bytes. The transcoding is one to one, so the writing back
/// is exact. A line of ASCII passes as it is.
///
/// The sink behind it is GNU grep's lines (``LinePrinter``): the printers that search the text
/// again (`--replace`, `--pattern-colors`) or report it as UTF-8 (`--json`) read it as UTF-8,
/// and `-c`, `-l` and `-L` print none of it.
final class ByteCharacterSink<Inner: SearchSink>: SearchSink {
    /// The sink the input's bytes go to.
    let inner: Inner
    /// True with `-b`: line offsets are counted in the input.
    private let mapsOffsets: Bool
    /// The transcoder of the input being searched.
    private var transcoder: ByteCharacterTranscoder?
    /// The bytes of the line or run being reported.
    private var restored: [UInt8] = []

    /// Writes back what the searcher reports before `inner` prints it, with `-b` when
    /// `mapsOffsets`.
    init(_ inner: Inner, mapsOffsets: Bool) {
        self.inner = inner
        self.mapsOffsets = mapsOffsets
    }

    func needsMatches(selected: Bool) -> Bool { inner.needsMatches(selected: selected) }
    var needsUTF16Offsets: Bool { inner.needsUTF16Offsets }
    var printsRunsOfLines: Bool { inner.printsRunsOfLines }
    var printsRunsOfContextLines: Bool { inner.printsRunsOfContextLines }
    var printsMatchedBlocks: Bool { inner.printsMatchedBlocks }
    var hasFailed: Bool { inner.hasFailed }
    var bytesPrinted: Int { inner.bytesPrinted }

    func begin(_ input: SinkInput) {
        transcoder = input.transcoder
        inner.begin(input)
    }

    func matched(_ line: SinkLine) {
        withRestored(line) { inner.matched($0) }
    }

    func context(_ line: SinkLine) {
        withRestored(line) { inner.context($0) }
    }

    func matchedRun(_ lines: UnsafeRawBufferPointer) {
        withRestored(lines) { inner.matchedRun($0) }
    }

    func contextRun(_ lines: UnsafeRawBufferPointer) {
        withRestored(lines) { inner.contextRun($0) }
    }

    func contextBreak() { inner.contextBreak() }

    func binaryData(offset: Int) {
        inner.binaryData(offset: mapsOffsets ? transcoder?.originalOffset(of: offset) ?? offset : offset)
    }

    func finish(_ summary: SinkFinish) { inner.finish(summary) }

    /// Calls `body` with the input's bytes of `bytes`, whole lines of the transcoded input.
    private func withRestored(_ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        if UTF8EncodingErrors.firstNonASCII(in: bytes, from: 0) == bytes.count {
            body(bytes)
            return
        }
        restored.removeAll(keepingCapacity: true)
        ByteCharacterTranscoder.restore(bytes, into: &restored)
        restored.withUnsafeBytes(body)
    }

    /// Calls `body` with `line` in the input's bytes: its content, the offsets of its matches
    /// in it and, with `-b`, its offsets in the input.
    private func withRestored(_ line: SinkLine, _ body: (SinkLine) -> Void) {
        var line = line
        if mapsOffsets, let transcoder {
            line.byteOffset = transcoder.originalOffset(of: line.byteOffset)
            line.matchOffsets = line.matchOffsets.map { transcoder.originalOffset(of: $0) }
        }
        let content = line.content
        if UTF8EncodingErrors.firstNonASCII(in: content, from: 0) == content.count {
            body(line)
            return
        }
        // The matches are in order and do not overlap: each bound is counted on from the last.
        var last = (offset: 0, restored: 0)
        line.matches = line.matches.map { match in
            let lower = ByteCharacterTranscoder.restoredOffset(of: match.lowerBound, in: content, from: last)
            let upper = ByteCharacterTranscoder.restoredOffset(
                of: match.upperBound, in: content, from: (match.lowerBound, lower))
            last = (match.upperBound, upper)
            return lower..<upper
        }
        line.firstMatch = line.firstMatch.map { ByteCharacterTranscoder.restoredOffset(of: $0, in: content) }
        restored.removeAll(keepingCapacity: true)
        ByteCharacterTranscoder.restore(content, into: &restored)
        restored.withUnsafeBytes { bytes in
            line.content = bytes
            body(line)
        }
    }
}
