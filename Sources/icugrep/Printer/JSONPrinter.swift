import Glibc

/// The statistics of ripgrep's `end` and `summary` messages.
struct JSONStatistics {
    /// Nanoseconds spent searching.
    var elapsedNanoseconds: UInt64 = 0
    var searches = 0
    var searchesWithMatch = 0
    var bytesSearched = 0
    var bytesPrinted = 0
    var matchedLines = 0
    var matches = 0

    mutating func add(_ other: JSONStatistics) {
        elapsedNanoseconds += other.elapsedNanoseconds
        searches += other.searches
        searchesWithMatch += other.searchesWithMatch
        bytesSearched += other.bytesSearched
        bytesPrinted += other.bytesPrinted
        matchedLines += other.matchedLines
        matches += other.matches
    }
}

/// The statistics of every input of a run, added up for `--json`'s final `summary` message:
/// one per run, shared by the printers of every thread.
final class JSONRunTotals: @unchecked Sendable {
    private let lock = ConditionLock()
    private var statistics = JSONStatistics()
    /// When the run started, for `elapsed_total`.
    private let start = JSONRunTotals.now()

    /// Adds the statistics of one input.
    func add(_ input: JSONStatistics) {
        lock.withLock { statistics.add(input) }
    }

    /// Writes the `summary` message, as ripgrep does at the end of a run (its keys in
    /// alphabetical order, as ripgrep writes them).
    func writeSummary(to output: OutputBuffer) {
        let totals = lock.withLock { statistics }
        var message = JSONText()
        message.raw(#"{"data":{"elapsed_total":"#)
        message.sortedDuration(Self.now() - start)
        message.raw(#","stats":{"bytes_printed":"#)
        message.number(totals.bytesPrinted)
        message.raw(#","bytes_searched":"#)
        message.number(totals.bytesSearched)
        message.raw(#","elapsed":"#)
        message.sortedDuration(totals.elapsedNanoseconds)
        message.raw(#","matched_lines":"#)
        message.number(totals.matchedLines)
        message.raw(#","matches":"#)
        message.number(totals.matches)
        message.raw(#","searches":"#)
        message.number(totals.searches)
        message.raw(#","searches_with_match":"#)
        message.number(totals.searchesWithMatch)
        message.raw(#"}},"type":"summary"}"#)
        message.bytes.append(UInt8(ascii: "\n"))
        output.append(message.bytes)
    }

    /// The monotonic clock, in nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// Writes ripgrep's JSON Lines messages (`rg --json`) for the lines of each input: `begin`
/// before an input's first line, `match` for a selected line and `context` for a context
/// line, `end` after an input with lines; ``JSONRunTotals`` writes the final `summary`.
///
/// The messages are ripgrep 13's, key for key and byte for byte, except that each submatch
/// also has `start_utf16` and `end_utf16`, its offsets in UTF-16 units of the line, and that
/// times differ. Paths and texts that are not valid UTF-8 are written as `{"bytes":BASE64}`.
final class JSONPrinter: SearchSink {
    private let output: OutputBuffer
    private let totals: JSONRunTotals
    /// `-v`: the matches of a line are wanted only for the lines that match, the context lines.
    private let invertMatch: Bool
    /// `--line-buffered`: each message is flushed at once.
    private let lineBuffered: Bool
    /// The offset of the current input's first NUL byte, when it was searched as binary.
    private var binaryOffset: Int?
    /// The JSON of the current input's path (`{"text":...}` or `{"bytes":...}`).
    private var path: [UInt8] = []
    /// True once the input's `begin` message is written.
    private var begun = false
    private var statistics = JSONStatistics()
    private var start: UInt64 = 0
    private var message = JSONText()
    /// With several patterns, which one gave each submatch (its `pattern` object).
    private let attribution: PatternAttribution?
    /// The JSON of each pattern's `pattern` object after its index, made once.
    private let patternObjects: [[UInt8]]

    /// Creates a printer of `configuration`'s lines as messages, which writes to `output` and
    /// adds each input's statistics to `totals` for the summary.
    init(configuration: Configuration, output: OutputBuffer, totals: JSONRunTotals, attribution: PatternAttribution? = nil) {
        self.output = output
        self.totals = totals
        self.attribution = attribution
        patternObjects = (attribution?.patterns.indices).map { indices in
            indices.map { index in
                var text = JSONText()
                text.raw(#","text":"#)
                text.string(attribution!.patterns[index])
                if let origin = attribution!.origins[index] {
                    text.raw(#","file":"#)
                    text.string(origin.file)
                    text.raw(#","line":"#)
                    text.number(origin.line)
                }
                text.raw("}")
                return text.bytes
            }
        } ?? []
        invertMatch = configuration.invertMatch
        lineBuffered = configuration.lineBuffered
    }

    func needsMatches(selected: Bool) -> Bool { selected != invertMatch }
    /// The matches are wanted in UTF-16 units too, for `start_utf16` and `end_utf16`.
    var needsUTF16Offsets: Bool { true }
    var printsRunsOfLines: Bool { false }
    var printsRunsOfContextLines: Bool { false }
    /// ripgrep's JSON reports the lines of a multi-line match in one message.
    var printsMatchedBlocks: Bool { true }
    var hasFailed: Bool { output.failure != nil }
    var bytesPrinted: Int { output.bytesAppended }

    func begin(_ input: SinkInput) {
        var text = JSONText()
        input.name.withUnsafeBytes { text.data($0) }
        path = text.bytes
        begun = false
        binaryOffset = nil
        statistics = JSONStatistics()
        start = JSONRunTotals.now()
    }

    func matched(_ line: SinkLine) {
        printLine(line, selected: true)
    }

    func context(_ line: SinkLine) {
        printLine(line, selected: false)
    }

    func matchedRun(_ lines: UnsafeRawBufferPointer) {}
    func contextRun(_ lines: UnsafeRawBufferPointer) {}

    /// ripgrep's JSON has no separators between groups.
    func contextBreak() {}

    func binaryData(offset: Int) {
        binaryOffset = offset
    }

    /// Writes the message for one line.
    private func printLine(_ line: SinkLine, selected: Bool) {
        let content = line.content
        let matches = line.matches
        let utf16Matches = line.utf16Matches
        if !begun {
            begun = true
            message.bytes.removeAll(keepingCapacity: true)
            message.raw(#"{"type":"begin","data":{"path":"#)
            message.bytes += path
            message.raw("}}\n")
            write()
        }
        message.bytes.removeAll(keepingCapacity: true)
        message.raw(selected ? #"{"type":"match","data":{"path":"# : #"{"type":"context","data":{"path":"#)
        message.bytes += path
        message.raw(#","lines":"#)
        // ripgrep's line ends in a newline, whichever byte ended it (NUL with -z or in a binary
        // input), unless it is the input's unterminated last line.
        message.data(content, appendingNewline: line.terminated)
        message.raw(#","line_number":"#)
        message.number(line.number)
        message.raw(#","absolute_offset":"#)
        message.number(line.byteOffset)
        message.raw(#","submatches":["#)
        let patterns =
            attribution.map { $0.patterns.count > 1 ? $0.patternIndices(of: matches, in: content) : [] } ?? []
        for (index, match) in matches.enumerated() {
            if index > 0 { message.bytes.append(UInt8(ascii: ",")) }
            message.raw(#"{"match":"#)
            message.data(UnsafeRawBufferPointer(rebasing: content[match]))
            message.raw(#","start":"#)
            message.number(match.lowerBound)
            message.raw(#","end":"#)
            message.number(match.upperBound)
            if index < utf16Matches.count {
                message.raw(#","start_utf16":"#)
                message.number(utf16Matches[index].lowerBound)
                message.raw(#","end_utf16":"#)
                message.number(utf16Matches[index].upperBound)
            }
            if index < patterns.count, let pattern = patterns[index] {
                message.raw(#","pattern":{"index":"#)
                message.number(pattern)
                message.bytes += patternObjects[pattern]
            }
            message.bytes.append(UInt8(ascii: "}"))
        }
        message.raw("]}}\n")
        write()
        if selected {
            statistics.matchedLines += line.lineCount
            statistics.matches += matches.count
            if let attribution, attribution.counts, !invertMatch {
                if attribution.countsMatches {
                    attribution.countMatches(matches, in: content)
                } else {
                    attribution.countLine(content)
                }
            }
        }
        if lineBuffered {
            output.flush()
        } else {
            output.flushIfFull()
        }
    }

    /// Ends the input: its `end` message, when it had lines.
    func finish(_ summary: SinkFinish) {
        guard begun else { return }
        let bytesSearched = summary.bytesSearched
        statistics.elapsedNanoseconds = JSONRunTotals.now() - start
        statistics.searches = 1
        statistics.searchesWithMatch = statistics.matchedLines > 0 ? 1 : 0
        statistics.bytesSearched = bytesSearched
        message.bytes.removeAll(keepingCapacity: true)
        message.raw(#"{"type":"end","data":{"path":"#)
        message.bytes += path
        message.raw(#","binary_offset":"#)
        if let binaryOffset {
            message.number(binaryOffset)
        } else {
            message.raw("null")
        }
        message.raw(#","stats":{"elapsed":"#)
        message.duration(statistics.elapsedNanoseconds)
        message.raw(#","searches":"#)
        message.number(statistics.searches)
        message.raw(#","searches_with_match":"#)
        message.number(statistics.searchesWithMatch)
        message.raw(#","bytes_searched":"#)
        message.number(statistics.bytesSearched)
        message.raw(#","bytes_printed":"#)
        message.number(statistics.bytesPrinted)
        message.raw(#","matched_lines":"#)
        message.number(statistics.matchedLines)
        message.raw(#","matches":"#)
        message.number(statistics.matches)
        message.raw("}}}\n")
        output.append(message.bytes)
        totals.add(statistics)
        begun = false
    }

    /// Writes the message built, counting its bytes as ripgrep's `bytes_printed` does.
    private func write() {
        output.append(message.bytes)
        statistics.bytesPrinted += message.bytes.count
    }
}

/// JSON text as serde_json writes it, which ripgrep uses.
struct JSONText {
    var bytes: [UInt8] = []

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func number(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        var digits: [UInt8] = []
        var magnitude = value.magnitude
        repeat {
            digits.append(UInt8(truncatingIfNeeded: magnitude % 10) + UInt8(ascii: "0"))
            magnitude /= 10
        } while magnitude != 0
        bytes.append(contentsOf: digits.reversed())
    }

    /// A JSON string of `text`'s UTF-8, escaped as serde_json escapes it.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBytes { escaped(UnsafeRawBufferPointer($0)) }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func number(_ value: UInt64) {
        number(Int(clamping: value))
    }

    /// ripgrep's duration in an `end` message: `{"secs":S,"nanos":N,"human":"0.000123s"}`.
    mutating func duration(_ nanoseconds: UInt64) {
        raw(#"{"secs":"#)
        number(nanoseconds / 1_000_000_000)
        raw(#","nanos":"#)
        number(nanoseconds % 1_000_000_000)
        raw(#","human":"#)
        human(nanoseconds)
        raw("}")
    }

    /// The same duration with its keys sorted, as in the `summary` message.
    mutating func sortedDuration(_ nanoseconds: UInt64) {
        raw(#"{"human":"#)
        human(nanoseconds)
        raw(#","nanos":"#)
        number(nanoseconds % 1_000_000_000)
        raw(#","secs":"#)
        number(nanoseconds / 1_000_000_000)
        raw("}")
    }

    /// Seconds with six decimals and an `s`, as Rust's `{:0.6}s`.
    private mutating func human(_ nanoseconds: UInt64) {
        let microseconds = (nanoseconds + 500) / 1000
        bytes.append(UInt8(ascii: "\""))
        number(microseconds / 1_000_000)
        bytes.append(UInt8(ascii: "."))
        let fraction = microseconds % 1_000_000
        var divisor: UInt64 = 100_000
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: (fraction / divisor) % 10) + UInt8(ascii: "0"))
            divisor /= 10
        }
        raw("s\"")
    }

    /// ripgrep's arbitrary data: `{"text":"..."}` for valid UTF-8, else `{"bytes":"BASE64"}`;
    /// `appendingNewline` adds a newline to the data.
    mutating func data(_ content: UnsafeRawBufferPointer, appendingNewline: Bool = false) {
        if String(validating: content, as: UTF8.self) != nil {
            raw(#"{"text":""#)
            escaped(content)
            if appendingNewline { raw(#"\n"#) }
            raw(#""}"#)
        } else {
            raw(#"{"bytes":""#)
            if appendingNewline {
                base64(Array(content) + [UInt8(ascii: "\n")])
            } else {
                base64(Array(content))
            }
            raw(#""}"#)
        }
    }

    /// The characters of a JSON string, escaped as serde_json escapes them.
    private mutating func escaped(_ content: UnsafeRawBufferPointer) {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        for byte in content {
            switch byte {
            case UInt8(ascii: "\""): raw(#"\""#)
            case UInt8(ascii: "\\"): raw(#"\\"#)
            case 0x08: raw(#"\b"#)
            case 0x0C: raw(#"\f"#)
            case UInt8(ascii: "\n"): raw(#"\n"#)
            case UInt8(ascii: "\r"): raw(#"\r"#)
            case UInt8(ascii: "\t"): raw(#"\t"#)
            case 0..<0x20:
                raw(#"\u00"#)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default:
                bytes.append(byte)
            }
        }
    }

    /// Standard base64 with padding.
    private mutating func base64(_ data: [UInt8]) {
        let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var index = 0
        while index < data.count {
            let first = UInt32(data[index])
            let second = index + 1 < data.count ? UInt32(data[index + 1]) : 0
            let third = index + 2 < data.count ? UInt32(data[index + 2]) : 0
            let group = first << 16 | second << 8 | third
            bytes.append(alphabet[Int(group >> 18 & 63)])
            bytes.append(alphabet[Int(group >> 12 & 63)])
            bytes.append(index + 1 < data.count ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            bytes.append(index + 2 < data.count ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
            index += 3
        }
    }
}

/// `--stats`: the statistics of every input of a run, added up and written after the run's
/// output as ripgrep's `--stats` writes them; one per run, shared by every thread.
final class RunStatistics: @unchecked Sendable {
    private let lock = ConditionLock()
    private var statistics = JSONStatistics()
    /// When the run started, for the total time.
    private let start = JSONRunTotals.now()

    /// Adds the statistics of one input.
    func add(_ input: JSONStatistics) {
        lock.withLock { statistics.add(input) }
    }

    /// Writes the statistics, after an empty line, in ripgrep's words and order.
    func write(to output: OutputBuffer) {
        let totals = lock.withLock { statistics }
        let lines = [
            "", "\(totals.matches) matches", "\(totals.matchedLines) matched lines",
            "\(totals.searchesWithMatch) files contained matches", "\(totals.searches) files searched",
            "\(totals.bytesPrinted) bytes printed", "\(totals.bytesSearched) bytes searched",
            "\(Self.seconds(totals.elapsedNanoseconds)) seconds spent searching",
            "\(Self.seconds(JSONRunTotals.now() - start)) seconds",
        ]
        for line in lines {
            output.append(Array(line.utf8))
            output.append(UInt8(ascii: "\n"))
        }
    }

    /// `nanoseconds` in seconds with six decimals, as ripgrep writes them (`0.005563`).
    private static func seconds(_ nanoseconds: UInt64) -> String {
        let micros = (nanoseconds + 500) / 1000
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
