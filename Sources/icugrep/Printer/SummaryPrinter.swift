/// The sink of `-c`, `-l`, `-L` and `-q`: one line per input at its end, as GNU grep writes
/// them (`FILE:COUNT` or `COUNT`; the file's name, ended by a NUL with `-Z`), or nothing.
/// The searcher reports no lines to it (these modes print none), only each input's end; with
/// `-c --pattern-counts`, it reports each selected line, which the printer counts for the
/// patterns that match in it (with `--count-matches`, each of its matches for the pattern
/// that gives it).
final class SummaryPrinter: SearchSink {
    /// Where the bytes go.
    let output: OutputBuffer

    private let mode: Configuration.OutputMode
    /// `--count-matches`: `-c` counts matches (selected lines with `-v`).
    private let countsMatches: Bool
    private let invertMatch: Bool
    private let colors: ColorScheme
    private let nullAfterName: Bool
    private let lineBuffered: Bool
    /// True when standard output is /dev/null: grep then prints no summary.
    private let outputIsNull: Bool
    /// `--pattern-counts` with `-c`: each selected line counts for the patterns that match in it.
    private let attribution: PatternAttribution?

    /// Whether the count carries the file name (`-H`, or grep's default for several files).
    private var showsFileName = false
    /// The name of the file being searched, as shown.
    private var fileName: [UInt8] = []

    /// Creates a printer of `configuration`'s summaries that writes to `output`;
    /// `outputIsNull` when standard output is /dev/null.
    init(configuration: Configuration, output: OutputBuffer, outputIsNull: Bool = false, attribution: PatternAttribution? = nil) {
        self.output = output
        mode = configuration.outputMode
        countsMatches = configuration.countsMatches
        invertMatch = configuration.invertMatch
        colors = ColorScheme(configuration.colors, enabled: configuration.color)
        nullAfterName = configuration.nullAfterName
        lineBuffered = configuration.lineBuffered
        self.outputIsNull = outputIsNull
        self.attribution = attribution
    }

    func needsMatches(selected: Bool) -> Bool { selected && attribution.map { $0.counts && $0.countsMatches } == true }
    var needsUTF16Offsets: Bool { false }
    var printsRunsOfLines: Bool { false }
    var printsRunsOfContextLines: Bool { false }
    var printsMatchedBlocks: Bool { false }
    var hasFailed: Bool { output.failure != nil }
    var bytesPrinted: Int { 0 }

    func begin(_ input: SinkInput) {
        fileName = input.name
        showsFileName = input.showsFileName
    }

    func matched(_ line: SinkLine) {
        attribution?.countLine(line.content)
        attribution?.countMatches(line.matches, in: line.content)
    }
    func context(_ line: SinkLine) {}
    func matchedRun(_ lines: UnsafeRawBufferPointer) {}
    func contextRun(_ lines: UnsafeRawBufferPointer) {}
    func contextBreak() {}
    func binaryData(offset: Int) {}

    /// Prints the input's summary line, unless the run ends here or output goes nowhere.
    func finish(_ summary: SinkFinish) {
        guard !summary.endsRun && !outputIsNull else { return }
        switch mode {
        case .count where countsMatches:
            // As ripgrep: no line for an input without a match.
            let count = invertMatch ? summary.selectedLines : summary.matches
            if count > 0 {
                printCount(count)
            }
        case .count:
            printCount(summary.selectedLines)
        case .filesWithMatches where summary.selectedLines > 0,
            .filesWithoutMatch where summary.selectedLines == 0:
            printFileNameLine(fileName)
        default:
            break
        }
    }

    /// Prints `-c`'s line for the current file: `FILE:COUNT`, or `COUNT` alone.
    private func printCount(_ count: Int) {
        if showsFileName {
            printFileName(fileName)
            if nullAfterName {
                output.append(0)
            } else {
                output.append(colors.separator.start)
                output.append(UInt8(ascii: ":"))
                output.append(colors.separator.end)
            }
        }
        output.appendDecimal(count)
        output.append(UInt8(ascii: "\n"))
        finishLine()
    }

    /// Prints `name` on a line of its own, for `-l`, `-L` and `--files` (ended by NUL instead
    /// of a newline with `-Z`).
    func printFileNameLine(_ name: [UInt8]) {
        printFileName(name)
        output.append(nullAfterName ? 0 : UInt8(ascii: "\n"))
        finishLine()
    }

    private func printFileName(_ name: [UInt8]) {
        output.append(colors.fileName.start)
        output.append(name)
        output.append(colors.fileName.end)
    }

    /// Ends an output line: flushed at once with `--line-buffered`, else when the buffer fills.
    private func finishLine() {
        if lineBuffered {
            output.flush()
        } else {
            output.flushIfFull()
        }
    }
}
