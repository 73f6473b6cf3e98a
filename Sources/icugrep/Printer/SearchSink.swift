/// What a ``FileSearcher`` reports about each input it searches, as ripgrep's searcher
/// reports to its `Sink`: the input's start, its selected lines and context lines, the breaks
/// between groups of lines, binary data, and the input's end. The searcher decides which
/// lines are selected and finds their matches; a sink only formats (GNU grep's lines, ripgrep's
/// JSON messages, or `-c`'s, `-l`'s and `-L`'s summaries), and tells the searcher what it
/// needs, so that nothing is found that no one prints.
///
/// The searcher is generic over its sink, so that each kind of output is compiled into the
/// search loop rather than called through an existential. The sink's type is chosen on one
/// thread and its instances made on each worker, so the type itself crosses threads
/// (``SendableSinkType``); each instance stays on its thread.
protocol SearchSink: AnyObject, SendableSinkType {
    /// True when a selected (or context) line must come with the byte ranges of its matches.
    func needsMatches(selected: Bool) -> Bool
    /// True when the matches are wanted in UTF-16 units of the line too (`--json`).
    var needsUTF16Offsets: Bool { get }
    /// True when a run of selected lines may be reported as its bytes at once
    /// (``matchedRun(_:)``): nothing but the lines themselves is printed.
    var printsRunsOfLines: Bool { get }
    /// True when a run of context lines may be reported as its bytes at once
    /// (``contextRun(_:)``): context lines are printed as they are, even where selected lines
    /// are not (`--passthru` with `--replace`). Implied by ``printsRunsOfLines``.
    var printsRunsOfContextLines: Bool { get }
    /// True when a block of lines that matches of a multi-line search span
    /// (``MultilineSearcher``) is reported as one ``SinkLine`` holding all its lines, as
    /// ripgrep's JSON reports it; false when each line is reported on its own.
    var printsMatchedBlocks: Bool { get }
    /// True once writing the output failed: the search then ends.
    var hasFailed: Bool { get }
    /// The bytes of lines printed so far, for `--stats` (summaries are not counted, as rg
    /// counts none for `-c` or `-l`).
    var bytesPrinted: Int { get }

    /// Called before anything else about an input.
    func begin(_ input: SinkInput)
    /// A selected line.
    func matched(_ line: SinkLine)
    /// A context line (before or after a selected line, or any line not selected that is
    /// printed).
    func context(_ line: SinkLine)
    /// A run of selected lines, with their terminators, when ``printsRunsOfLines``.
    func matchedRun(_ lines: UnsafeRawBufferPointer)
    /// A run of context lines, with their terminators, when ``printsRunsOfContextLines``.
    func contextRun(_ lines: UnsafeRawBufferPointer)
    /// The break between two groups of lines that do not follow each other (`--`).
    func contextBreak()
    /// The input turned out binary: its first NUL byte is at `offset` in it.
    func binaryData(offset: Int)
    /// Called after the input's search, once read errors were reported.
    func finish(_ summary: SinkFinish)
}

/// An input as a sink sees it.
struct SinkInput {
    /// The input's name, as shown.
    var name: [UInt8]
    /// Whether lines and counts carry the name (`-H`, or grep's default for several inputs).
    var showsFileName = false
    /// With `-T`, the width that line numbers and byte offsets are padded to for this input.
    var offsetWidth = 0
    /// Where bytes are characters, the transcoder the input is read through, whose lines a
    /// ``ByteCharacterSink`` writes back; nil otherwise.
    var transcoder: ByteCharacterTranscoder? = nil
}

/// One line reported to a sink.
struct SinkLine {
    /// The line's bytes without its terminator (a `\r` before `\n` included).
    var content: UnsafeRawBufferPointer
    /// The line's 1-based number (exact when the searcher numbers lines).
    var number: Int
    /// The offset of the line's first byte in the input.
    var byteOffset: Int
    /// False for a last line without a line terminator.
    var terminated: Bool
    /// The byte ranges in `content` of the line's non-empty matches, in order, when the sink
    /// asked for them (``SearchSink/needsMatches(selected:)``); otherwise empty.
    var matches: [Range<Int>] = []
    /// The byte offset of the line's first match, empty or not (`--column`), when matches
    /// were asked for.
    var firstMatch: Int? = nil
    /// `matches` in UTF-16 units of the line, when ``SearchSink/needsUTF16Offsets``.
    var utf16Matches: [Range<Int>] = []
    /// In a multi-line search, for each of `matches`, the offset in the input of the start of
    /// the match it is a piece of: `-o -b` shows a match that spans lines with its start's
    /// offset on each line, as `rg -U` does. Empty otherwise, and also when every match
    /// starts in the line (the offset of each is then `byteOffset` plus its piece's start).
    var matchOffsets: [Int] = []
    /// The number of lines in `content`: more than one only for a block of a multi-line search
    /// (``SearchSink/printsMatchedBlocks``).
    var lineCount = 1
}

/// What the search of an input found, as a sink sees it at the input's end.
struct SinkFinish {
    /// The number of lines selected (0 for a binary file with `-I`).
    var selectedLines: Int
    /// With `--count-matches` or `--stats`, the number of matches in the selected lines (none
    /// with `-v`); otherwise 0.
    var matches = 0
    /// The bytes searched, as ripgrep counts them: up to the last selected line when `-m`
    /// stopped the search.
    var bytesSearched: Int
    /// True when the whole run ends after this input (`-q` selected a line, or writing
    /// failed): nothing more is printed for it.
    var endsRun: Bool
}

#if compiler(>=6.2)
/// A sink type whose metatype may cross threads (Swift 6.2's `SendableMetatype`).
protocol SendableSinkType: SendableMetatype {}
#else
/// A sink type whose metatype may cross threads (before Swift 6.2 every metatype may).
protocol SendableSinkType {}
#endif
