import ICURegex

/// The sink of GNU grep's lines, byte for byte: the `FILE:LINE:OFFSET:` head, `-T`
/// alignment, `-o` matches, `--color` sequences and group separators (and ripgrep's
/// `--column` and `--vimgrep`).
///
/// The printer only formats: the searcher decides which lines are selected or context, and
/// passes the byte ranges of a line's matches when ``needsMatches(selected:)`` asks for them.
/// (`--json` is ``JSONPrinter``; `-c`, `-l` and `-L` are ``SummaryPrinter``.)
final class LinePrinter: SearchSink {
    // A printer is used by one thread, one call at a time, so its variables skip Swift's
    // run-time exclusivity checks (`@exclusivity(unchecked)`), which would cost a call for
    // each line.

    /// Where the bytes go.
    let output: OutputBuffer

    private let colors: ColorScheme
    private let onlyMatching: Bool
    /// `--passthru` with `-o`: a line without matches (a line not selected, or a selected one
    /// with `-v`) is printed whole, as ripgrep prints it, rather than not at all.
    private let printsLinesWithoutMatchesWhole: Bool
    private let invertMatch: Bool
    private let lineNumbers: Bool
    /// The line's ``SinkLine/matchOffsets`` while it is printed.
    @exclusivity(unchecked) private var matchOffsets: [Int] = []
    private let byteOffsets: Bool
    private let initialTab: Bool
    private let nullAfterName: Bool
    private let lineBuffered: Bool
    private let groupSeparator: [UInt8]?
    /// The byte that ends each output line: newline, or NUL with `-z`.
    private let lineEnd: UInt8
    /// True when lines are printed whole and without color (no `-o`, no `--color`): the
    /// common case, printed without looking at the color sequences.
    private let printsPlainLines: Bool
    /// True when context lines are printed whole and without color: as `printsPlainLines`,
    /// but for `--replace`, which replaces in selected lines only.
    private let printsPlainContextLines: Bool
    /// True when some line or match is colored (`--color` with a color for `sl`, `cx`, `ms`
    /// or `mc`, or `--pattern-colors`); false when matches are printed without sequences.
    private let colorsLinesOrMatches: Bool
    /// `--column`: the column of the first match (of each match with `-o`) after the line number.
    private let columns: Bool
    /// `--vimgrep`: a selected line once per match.
    private let vimgrep: Bool
    /// `--replace`: what each match is printed as.
    private let replacer: LineReplacer?
    /// ``replacer``, lent through `Unmanaged` for each line and match, which then cost no
    /// retain and release of it.
    private let lentReplacer: Unmanaged<LineReplacer>?
    /// `-M`: lines longer than this many bytes, with their terminator, are printed as a note (or cut, with
    /// `--max-columns-preview`); `Int.max` without a limit.
    private let maxColumns: Int
    private let maxColumnsPreview: Bool

    /// Whether lines carry the file name (`-H`, or grep's default for several files).
    @exclusivity(unchecked) private var showsFileName = false
    /// `--heading`: the file name on a line of its own before the file's first line (after an
    /// empty line when an earlier file printed lines), instead of before each line.
    private let heading: Bool
    /// True when the file name starts each line: it is shown, and not as a heading.
    @exclusivity(unchecked) private var prefixesFileName = false
    /// True once the current input's heading is printed.
    @exclusivity(unchecked) private var headingPrinted = false
    /// True once any input printed a line, so that the next heading follows an empty line.
    @exclusivity(unchecked) private var printedBefore = false
    /// The name of the file being searched, as shown.
    @exclusivity(unchecked) private var fileName: [UInt8] = []
    /// With `-T`, the width that line numbers and byte offsets are padded to for this file.
    @exclusivity(unchecked) private var offsetWidth = 0

    /// Which pattern gave each match, for `--pattern-colors` and `--pattern-counts`.
    private let attribution: PatternAttribution?
    /// `--pattern-colors` with `--color`: the sequences of each pattern's matches in selected
    /// lines, by pattern index (empty without).
    private let patternMatchColors: [Int: SGRSequences]

    /// Creates a printer for `configuration` that writes to `output`, replacing each match
    /// by `replacement` when given (`--replace`), naming each match's pattern with
    /// `attribution` when given.
    init(
        configuration: Configuration, output: OutputBuffer, replacement: ReplacementTemplates? = nil,
        attribution: PatternAttribution? = nil
    ) {
        self.output = output
        self.attribution = attribution
        patternMatchColors =
            attribution != nil && configuration.color
            ? configuration.patternColors.mapValues { SGRSequences(code: $0, eraseInLine: !configuration.colors.noEraseInLine) }
            : [:]
        replacer = replacement.map(LineReplacer.init)
        lentReplacer = replacer.map { Unmanaged.passUnretained($0) }
        heading = configuration.heading
        maxColumns = configuration.maxColumns ?? Int.max
        maxColumnsPreview = configuration.maxColumnsPreview
        columns = configuration.column
        vimgrep = configuration.vimgrep
        colors = ColorScheme(configuration.colors, enabled: configuration.color)
        onlyMatching = configuration.onlyMatching
        printsLinesWithoutMatchesWhole = configuration.onlyMatching && configuration.passthru
        invertMatch = configuration.invertMatch
        lineNumbers = configuration.lineNumber
        byteOffsets = configuration.byteOffset
        initialTab = configuration.initialTab
        nullAfterName = configuration.nullAfterName
        lineBuffered = configuration.lineBuffered
        groupSeparator = configuration.groupSeparator.map { Array($0.utf8) }
        lineEnd = configuration.nullData ? 0 : UInt8(ascii: "\n")
        printsPlainLines = !onlyMatching && !columns && replacer == nil && maxColumns == Int.max && colors.selectedLine.isEmpty && colors.contextLine.isEmpty
            && colors.selectedMatch.isEmpty && colors.contextMatch.isEmpty
        colorsLinesOrMatches = !colors.selectedLine.isEmpty || !colors.contextLine.isEmpty || !colors.selectedMatch.isEmpty
            || !colors.contextMatch.isEmpty || !patternMatchColors.isEmpty
        // With `--passthru -o` (and without `-v`) a context line is printed whole too.
        printsPlainContextLines = (!onlyMatching || printsLinesWithoutMatchesWhole) && !columns && maxColumns == Int.max
            && colors.contextLine.isEmpty && colors.contextMatch.isEmpty
            && ((replacer == nil && !onlyMatching) || !invertMatch)
    }

    /// True when printing a selected (or context) line needs the byte ranges of its matches:
    /// for `-o`, or to color them. Context lines match only with `-v`.
    @inline(__always)
    func needsMatches(selected: Bool) -> Bool {
        guard selected != invertMatch else { return false }
        return onlyMatching || replacer != nil || (columns && selected)
            || !(selected ? colors.selectedMatch : colors.contextMatch).isEmpty
    }

    var needsUTF16Offsets: Bool { false }

    var hasFailed: Bool { output.failure != nil }
    var bytesPrinted: Int { output.bytesAppended }

    func begin(_ input: SinkInput) {
        fileName = input.name
        showsFileName = input.showsFileName
        prefixesFileName = showsFileName && !heading
        headingPrinted = false
        offsetWidth = input.offsetWidth
        printsRunsOfContextLines = printsPlainContextLines && !showsFileName && !lineNumbers && !byteOffsets && !columns
            && !lineBuffered
        printsRunsOfLines = printsPlainLines && printsRunsOfContextLines && (attribution?.counts != true || invertMatch)
    }

    @inline(__always)
    func matched(_ line: SinkLine) {
        // Only a multi-line search's block has the offsets of its matches' starts.
        if printsMatchedBlocks && !line.matchOffsets.isEmpty {
            printReplacedBlock(line)
            return
        }
        printSinkLine(line, selected: true)
    }

    /// Prints a block of lines of a multi-line search with `--replace`, as ripgrep prints it:
    /// the matches are replaced in the whole block (its last terminator included, which a
    /// match may hold), and each line of the result is printed with the block's first line
    /// number counted on and the offset of its start in the result, after the block's offset
    /// (with `-o`, each line's piece of each replacement, with the offset of the
    /// replacement's start).
    private func printReplacedBlock(_ block: SinkLine) {
        guard let replacer else { return }
        if heading && !headingPrinted { printHeading() }
        let whole = UnsafeRawBufferPointer(start: block.content.baseAddress, count: block.content.count + (block.terminated ? 1 : 0))
        let (text, replacements) = replacer.replacing(block.matches, in: whole)
        text.withUnsafeBytes { text in
            var lineStart = 0
            var lineIndex = 0
            var replacementIndex = 0
            while lineStart < text.count {
                let terminator = text[lineStart...].firstIndex(of: lineEnd)
                let contentEnd = terminator ?? text.count
                var pieces: [Range<Int>] = []
                matchOffsets = []
                while replacementIndex < replacements.count && replacements[replacementIndex].upperBound <= lineStart {
                    replacementIndex += 1
                }
                var index = replacementIndex
                while index < replacements.count && replacements[index].lowerBound < contentEnd {
                    let piece = max(replacements[index].lowerBound, lineStart)..<min(replacements[index].upperBound, contentEnd)
                    if !piece.isEmpty {
                        pieces.append(piece.lowerBound - lineStart..<piece.upperBound - lineStart)
                        matchOffsets.append(block.byteOffset + replacements[index].lowerBound)
                    }
                    index += 1
                }
                printLine(
                    UnsafeRawBufferPointer(rebasing: text[lineStart..<contentEnd]), selected: true,
                    lineNumber: block.number + lineIndex, byteOffset: block.byteOffset + lineStart, matches: pieces,
                    column: columns ? (replacements.first?.lowerBound ?? 0) + 1 : nil, replacing: false)
                lineIndex += 1
                lineStart = contentEnd + 1
            }
        }
        matchOffsets = []
    }

    @inline(__always)
    func context(_ line: SinkLine) {
        printSinkLine(line, selected: false)
    }

    /// Prints a selected or context line, after the file's heading when it is the first.
    @inline(__always)
    private func printSinkLine(_ line: SinkLine, selected: Bool) {
        if heading && !headingPrinted { printHeading() }
        if selected && !invertMatch, let attribution, attribution.counts {
            if attribution.countsMatches {
                attribution.countMatches(line.matches, in: line.content)
            } else {
                attribution.countLine(line.content)
            }
        }
        // Only a multi-line search's lines have offsets: no reference counting for the others.
        if !line.matchOffsets.isEmpty { matchOffsets = line.matchOffsets }
        defer { if !matchOffsets.isEmpty { matchOffsets = [] } }
        printLine(
            line.content, selected: selected, lineNumber: line.number, byteOffset: line.byteOffset,
            matches: line.matches, firstMatch: line.firstMatch)
    }

    func binaryData(offset: Int) {}

    func finish(_ summary: SinkFinish) {}

    /// Prints one line: a selected line (`:` separators) or a context line (`-`).
    /// - Parameters:
    ///   - content: The line's bytes without its terminator (a `\r` before `\n` included).
    ///   - lineNumber: The line's 1-based number.
    ///   - byteOffset: The offset of the line's first byte in the input.
    ///   - matches: The byte ranges in `content` of the line's non-empty matches, in order,
    ///     when ``needsMatches(selected:)`` is true; otherwise ignored.
    ///   - firstMatch: The byte offset of the line's first match, empty or not (`--column`).
    @inline(__always)
    private func printLine(
        _ content: UnsafeRawBufferPointer, selected: Bool, lineNumber: Int, byteOffset: Int, matches: [Range<Int>],
        firstMatch: Int?
    ) {
        guard columns && selected && !invertMatch else {
            printLine(content, selected: selected, lineNumber: lineNumber, byteOffset: byteOffset, matches: matches, column: nil)
            return
        }
        if vimgrep && !onlyMatching && !matches.isEmpty {
            // ripgrep's --vimgrep: the line once per match, with the match's column.
            for match in matches {
                printLine(
                    content, selected: selected, lineNumber: lineNumber, byteOffset: byteOffset, matches: matches,
                    column: match.lowerBound + 1)
            }
            return
        }
        printLine(
            content, selected: selected, lineNumber: lineNumber, byteOffset: byteOffset, matches: matches,
            column: firstMatch.map { $0 + 1 })
    }

    /// Prints one line, with `column` (1-based) after the line number when given.
    private func printLine(
        _ content: UnsafeRawBufferPointer, selected: Bool, lineNumber: Int, byteOffset: Int, matches: [Range<Int>],
        column: Int?, replacing: Bool = true
    ) {
        let separator = selected ? UInt8(ascii: ":") : UInt8(ascii: "-")
        if printsPlainLines {
            printHead(separator: separator, lineNumber: lineNumber, column: nil, byteOffset: byteOffset, length: content.count)
            output.append(content)
            output.append(lineEnd)
            finishLine()
            return
        }
        let matching = selected != invertMatch
        if printsLinesWithoutMatchesWhole && !matching {
            printLineWithoutMatches(content, selected: selected, lineNumber: lineNumber, byteOffset: byteOffset)
            return
        }
        if !onlyMatching {
            printHead(
                separator: separator, lineNumber: lineNumber, column: column, byteOffset: byteOffset, length: content.count)
        }
        // ripgrep measures the line with its terminator.
        if !onlyMatching && content.count >= maxColumns {
            let matchColor = selected ? colors.selectedMatch : colors.contextMatch
            printLongLine(content, selected: selected, matches: matches, matchesKnown: replacer != nil || !matchColor.isEmpty)
            finishLine()
            return
        }
        var current = 0
        let replaces = replacer != nil && matching && replacing
        if replaces, let lentReplacer {
            lentReplacer._withUnsafeGuaranteedRef { $0.prepare(content, matches: matches) }
        }
        if !colorsLinesOrMatches {
            // `-o` or `--replace` without color, the loop below without its color sequences:
            // no copy of a color (and no reference counting) for each line.
            if matching && (onlyMatching || replaces) {
                for (index, match) in matches.enumerated() {
                    if onlyMatching {
                        printMatchHead(index: index, match: match, lineNumber: lineNumber, byteOffset: byteOffset)
                    } else {
                        output.append(UnsafeRawBufferPointer(rebasing: content[current..<match.lowerBound]))
                    }
                    if onlyMatching && maxColumns != Int.max {
                        appendMatchWithinColumns(index: index, match: match, of: content, replacing: replaces, color: nil)
                    } else {
                        appendMatch(index: index, match: match, of: content, replacing: replaces)
                    }
                    if onlyMatching {
                        output.append(lineEnd)
                    }
                    current = match.upperBound
                }
            }
            if !onlyMatching {
                output.append(UnsafeRawBufferPointer(rebasing: content[current...]))
                output.append(lineEnd)
            }
            finishLine()
            return
        }
        let lineColor = (selected != (invertMatch && colors.reverseVideo)) ? colors.selectedLine : colors.contextLine
        let matchColor = selected ? colors.selectedMatch : colors.contextMatch
        // --pattern-colors: the pattern of each match, asked once for the line.
        let patternColors: [SGRSequences?] =
            selected && matching && !patternMatchColors.isEmpty && !matches.isEmpty
            ? (attribution?.patternIndices(of: matches, in: content).map { $0.flatMap { patternMatchColors[$0] } } ?? [])
            : []
        if (onlyMatching && matching) || replaces || !lineColor.isEmpty || !matchColor.isEmpty {
            if matching && (onlyMatching || replaces || !matchColor.isEmpty) {
                for (index, match) in matches.enumerated() {
                    if onlyMatching {
                        printMatchHead(index: index, match: match, lineNumber: lineNumber, byteOffset: byteOffset)
                    } else {
                        output.append(lineColor.start)
                        output.append(UnsafeRawBufferPointer(rebasing: content[current..<match.lowerBound]))
                    }
                    let patternColor = index < patternColors.count ? patternColors[index] : nil
                    if onlyMatching && maxColumns != Int.max {
                        appendMatchWithinColumns(
                            index: index, match: match, of: content, replacing: replaces, color: patternColor ?? matchColor)
                    } else {
                        output.append((patternColor ?? matchColor).start)
                        appendMatch(index: index, match: match, of: content, replacing: replaces)
                        output.append((patternColor ?? matchColor).end)
                    }
                    if onlyMatching {
                        output.append(lineEnd)
                    }
                    current = match.upperBound
                }
            }
            if !onlyMatching && !lineColor.isEmpty {
                // The rest of the line in the line's color, without a final carriage return.
                var tailEnd = content.count
                if tailEnd > current && content[tailEnd - 1] == UInt8(ascii: "\r") {
                    tailEnd -= 1
                }
                if tailEnd > current {
                    output.append(lineColor.start)
                    output.append(UnsafeRawBufferPointer(rebasing: content[current..<tailEnd]))
                    output.append(lineColor.end)
                    current = tailEnd
                }
            }
        }
        if !onlyMatching {
            output.append(UnsafeRawBufferPointer(rebasing: content[current...]))
            output.append(lineEnd)
        }
        finishLine()
    }

    /// Prints the head of the line's match `index`, `match` of a line that starts at
    /// `byteOffset`, printed on a line of its own (`-o`): its column with `--column`, and with
    /// `-b` the offset of the match's start (in a multi-line search, of the match this is a
    /// piece of).
    @inline(__always)
    private func printMatchHead(index: Int, match: Range<Int>, lineNumber: Int, byteOffset: Int) {
        printHead(
            separator: invertMatch ? UInt8(ascii: "-") : UInt8(ascii: ":"), lineNumber: lineNumber,
            column: columns ? match.lowerBound + 1 : nil,
            byteOffset: index < matchOffsets.count ? matchOffsets[index] : byteOffset + match.lowerBound,
            length: match.count)
    }

    /// Prints the line's match `index`, `match` of `content`: its replacement when `replacing`
    /// (the replacer prepared for the line), otherwise its bytes.
    @inline(__always)
    private func appendMatch(index: Int, match: Range<Int>, of content: UnsafeRawBufferPointer, replacing: Bool) {
        if replacing, let lentReplacer {
            lentReplacer._withUnsafeGuaranteedRef { $0.append(replacementOf: index, range: match, in: content, to: output) }
        } else {
            output.append(UnsafeRawBufferPointer(rebasing: content[match]))
        }
    }

    /// Prints the line's match `index` on a line of its own (`-o`) under `-M`'s limit, as
    /// ripgrep 13 does: `-M` applies to each printed match (its bytes, or its replacement) as
    /// to a line. A piece longer than the limit in bytes is "[Omitted long matching line]",
    /// or with `--max-columns-preview` its first characters (as many as the limit) in the
    /// match's color, then " [... 0 more matches]"; a shorter one is printed in `color`.
    private func appendMatchWithinColumns(
        index: Int, match: Range<Int>, of content: UnsafeRawBufferPointer, replacing: Bool, color: SGRSequences?
    ) {
        // The piece is appended to be measured (a replacement's length is known once written),
        // then taken back and printed as it must be.
        let mark = output.bytesAppended
        appendMatch(index: index, match: match, of: content, replacing: replacing)
        let piece = output.removeBytes(appendedSince: mark)
        if piece.count > maxColumns && !maxColumnsPreview {
            output.append(Self.omittedMatchNote)
            return
        }
        if let color { output.append(color.start) }
        if piece.count > maxColumns {
            piece.withUnsafeBytes { output.append(UnsafeRawBufferPointer(rebasing: $0[..<Self.prefixLength(of: $0, characters: maxColumns)])) }
        } else {
            output.append(piece)
        }
        if let color { output.append(color.end) }
        if piece.count > maxColumns { output.append(Self.previewedMatchNote) }
    }

    /// What `-o -M` prints for a match longer than the limit, and after its preview.
    private static let omittedMatchNote = Array("[Omitted long matching line]".utf8)
    private static let previewedMatchNote = Array(" [... 0 more matches]".utf8)

    /// Prints a line without matches whole, with its head, for `--passthru -o` (ripgrep's
    /// output: `-o` shows the matches of the lines that have some, and the other lines as
    /// they are).
    private func printLineWithoutMatches(
        _ content: UnsafeRawBufferPointer, selected: Bool, lineNumber: Int, byteOffset: Int
    ) {
        let separator = selected ? UInt8(ascii: ":") : UInt8(ascii: "-")
        printHead(separator: separator, lineNumber: lineNumber, column: nil, byteOffset: byteOffset, length: content.count)
        if content.count >= maxColumns {
            printLongLine(content, selected: selected, matches: [], matchesKnown: false)
        } else {
            let lineColor = (selected != (invertMatch && colors.reverseVideo)) ? colors.selectedLine : colors.contextLine
            if lineColor.isEmpty {
                output.append(content)
            } else {
                output.append(lineColor.start)
                output.append(content)
                output.append(lineColor.end)
            }
            output.append(lineEnd)
        }
        finishLine()
    }

    /// Prints what stands for a line longer than `-M`'s limit, after its head, as ripgrep
    /// does: a note, or with `--max-columns-preview` the line's first characters (as many as
    /// the limit) and a note. The note counts the matches when they were found (to color or
    /// replace them); the preview shows none of them.
    private func printLongLine(
        _ content: UnsafeRawBufferPointer, selected: Bool, matches: [Range<Int>], matchesKnown: Bool
    ) {
        let matching = selected != invertMatch
        let note: String
        if maxColumnsPreview {
            output.append(UnsafeRawBufferPointer(rebasing: content[..<Self.prefixLength(of: content, characters: maxColumns)]))
            note = matching && matchesKnown ? " [... \(matches.count) more matches]" : " [... omitted end of long line]"
        } else if !selected {
            note = "[Omitted long context line]"
        } else {
            note = matching && matchesKnown ? "[Omitted long line with \(matches.count) matches]" : "[Omitted long matching line]"
        }
        output.append(Array(note.utf8))
        output.append(lineEnd)
    }

    /// The bytes of the first `characters` characters (Unicode scalars) of `content`.
    private static func prefixLength(of content: UnsafeRawBufferPointer, characters: Int) -> Int {
        guard let base = content.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        var taken = 0
        var offset = 0
        while offset < content.count && taken < characters {
            offset += UTF8Decoding.unitsAndLength(at: offset, in: base, count: content.count).length
            taken += 1
        }
        return offset
    }

    /// True when selected lines are printed as their own bytes and nothing else: no file
    /// name, line number, offset or column before them, no color, `-o` or JSON, and no flush
    /// after each (`--line-buffered`). Then a run of input lines is printed at once
    /// (``printRun(_:)``): output lines end as input lines do (a newline, or NUL with `-z`).
    /// Each line of a multi-line match is printed on its own, as `rg -U` prints them; with
    /// `--replace`, a block of them comes whole, and the lines of its replaced text are printed
    /// (``printReplacedBlock(_:)``).
    var printsMatchedBlocks: Bool { replacer != nil && !invertMatch }

    /// True when a run of selected lines may be printed as its bytes (``matchedRun(_:)``):
    /// lines printed as they are, and not counted one by one for `--pattern-counts` (which
    /// counts the selected lines of a search without `-v`). Set for each input by
    /// ``begin(_:)``: the searcher reads it for each line it prints.
    @exclusivity(unchecked) private(set) var printsRunsOfLines = false

    /// True when context lines are printed as they are, with nothing before them: then a run
    /// of them is printed as its bytes (``contextRun(_:)``), as `--passthru` asks for the lines
    /// between selected ones. With `--replace` (and without `-v`) a context line holds no match
    /// to replace. Set for each input by ``begin(_:)``.
    @exclusivity(unchecked) private(set) var printsRunsOfContextLines = false

    /// Prints a run of selected input lines, with their terminators, as they are; only when
    /// ``printsRunsOfLines``.
    func matchedRun(_ lines: UnsafeRawBufferPointer) {
        output.append(lines)
        output.flushIfFull()
    }

    /// Prints a run of context lines, with their terminators, as they are; only when
    /// ``printsRunsOfContextLines``.
    func contextRun(_ lines: UnsafeRawBufferPointer) {
        output.append(lines)
        output.flushIfFull()
    }

    /// Prints the group separator (`--`, or `--group-separator`'s) on a line of its own,
    /// unless `--no-group-separator` removed it.
    func contextBreak() {
        // Before a file's first group, its heading's empty line separates it instead.
        guard let groupSeparator, !(heading && showsFileName && !headingPrinted) else { return }
        output.append(colors.separator.start)
        output.append(groupSeparator)
        output.append(colors.separator.end)
        output.append(UInt8(ascii: "\n"))
    }

    /// The head of an output line: file name, line number and byte offset, each followed by
    /// `separator`, then a tab with `-T` unless the line is empty.
    private func printHead(separator: UInt8, lineNumber: Int, column: Int?, byteOffset: Int, length: Int) {
        if prefixesFileName {
            printFileName()
            if nullAfterName {
                output.append(0)
            } else {
                printSeparator(separator)
            }
        }
        if lineNumbers {
            output.append(colors.lineNumber.start)
            output.appendDecimal(lineNumber, width: offsetWidth)
            output.append(colors.lineNumber.end)
            printSeparator(separator)
        }
        if let column {
            // As ripgrep: the column after the line number, colored as line numbers are.
            output.append(colors.lineNumber.start)
            output.appendDecimal(column)
            output.append(colors.lineNumber.end)
            printSeparator(separator)
        }
        if byteOffsets {
            output.append(colors.byteOffset.start)
            output.appendDecimal(byteOffset, width: offsetWidth)
            output.append(colors.byteOffset.end)
            printSeparator(separator)
        }
        if initialTab && (prefixesFileName || lineNumbers || byteOffsets) && length != 0 {
            output.append(UInt8(ascii: "\t"))
        }
    }

    /// Prints the current file's heading (`--heading`), when file names are shown: after an
    /// empty line when an earlier file printed lines.
    private func printHeading() {
        headingPrinted = true
        guard showsFileName else { return }
        if printedBefore {
            output.append(lineEnd)
        }
        printedBefore = true
        printFileName()
        output.append(lineEnd)
    }

    private func printFileName() {
        output.append(colors.fileName.start)
        output.append(fileName)
        output.append(colors.fileName.end)
    }

    private func printSeparator(_ separator: UInt8) {
        output.append(colors.separator.start)
        output.append(separator)
        output.append(colors.separator.end)
    }

    /// Ends an output line: flushed at once with `--line-buffered`, else when the buffer fills.
    @inline(__always)
    private func finishLine() {
        if lineBuffered {
            output.flush()
        } else {
            output.flushIfFull()
        }
    }
}
