import Glibc
import ICURegex

/// The messages icugrep writes to standard error, each prefixed with `icugrep: ` as GNU grep
/// prefixes its own with `grep: `.
///
/// Like glibc's error(3), which grep uses, every message first flushes standard output, so that
/// a message appears after the lines printed before it even when both streams go to one place.
final class Diagnostics {
    /// The program name that starts every message.
    static let programName: [UInt8] = Array(ProgramIdentity.name.utf8)

    /// Standard output, flushed before each message.
    let standardOutput: OutputBuffer

    /// Standard error, written at once.
    let standardError: OutputBuffer

    /// Creates diagnostics that flush `standardOutput` and write to `standardError`.
    init(standardOutput: OutputBuffer, standardError: OutputBuffer) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Writes `icugrep: ` followed by `parts` and a newline.
    func report(_ parts: [UInt8]...) {
        standardOutput.flush()
        standardError.append(Self.programName)
        standardError.append(Array(": ".utf8))
        for part in parts {
            standardError.append(part)
        }
        standardError.append(UInt8(ascii: "\n"))
        standardError.flush()
    }

    /// `icugrep: NAME: REASON`, with REASON the system's text for `errorNumber` (strerror), as
    /// grep reports a file it cannot open or read.
    func fileError(_ name: [UInt8], errorNumber: Int32) {
        report(name, Array(": ".utf8), Self.systemMessage(errorNumber))
    }

    /// `icugrep: NAME: file shrank while it was searched`: a mapped file lost bytes that the
    /// search had not read yet, so its search ended there, as at a failed read.
    func fileShrank(_ name: [UInt8]) {
        report(name, Array(": file shrank while it was searched".utf8))
    }

    /// `icugrep: NAME: binary file matches`.
    func binaryFileMatches(_ name: [UInt8]) {
        report(name, Array(": binary file matches".utf8))
    }

    /// `icugrep: NAME: input file is also the output`.
    func inputIsOutput(_ name: [UInt8]) {
        report(name, Array(": input file is also the output".utf8))
    }

    /// `icugrep: NAME: warning: recursive directory loop`.
    func recursiveDirectoryLoop(_ name: [UInt8]) {
        report(name, Array(": warning: recursive directory loop".utf8))
    }

    /// How a warning names a line of an input.
    enum LinePosition {
        /// By its 1-based number, when lines are numbered.
        case number(Int)
        /// By the offset of its first byte in the input, when lines are not numbered (the
        /// lines a prefilter skips are then not counted).
        case byteOffset(Int)
    }

    /// `icugrep: NAME:LINE: the pattern exceeded its time limit; line skipped` (or its stack
    /// limit; `icugrep: NAME: line at byte OFFSET: ...` when lines are not numbered), for a
    /// line whose search ICU stopped; `consequence` says what became of the line. Any other
    /// failure of ICU is named by its code.
    func searchFailed(_ name: [UInt8], line: LinePosition, error: ICURegexError, consequence: String) {
        let reason: String
        switch error {
        case .timeLimitExceeded: reason = "the pattern exceeded its time limit"
        case .stackLimitExceeded: reason = "the pattern exceeded its stack limit"
        default: reason = "ICU could not search the line (\(error.icuName))"
        }
        let position: String
        switch line {
        case .number(let number): position = ":\(number): "
        case .byteOffset(let offset): position = ": line at byte \(offset): "
        }
        report(name, Array("\(position)\(reason); \(consequence)".utf8))
    }

    /// GNU grep 3.8's words, after `grep: FILE: `, for a `-P` search that stopped at the
    /// limit ICU stopped at (its backtracking limit for the time limit, its nested
    /// backtracking limit for the stack limit); nil for other errors. GNU grep then exits;
    /// icugrep goes on with the next line, and the exit status is 2 in both.
    static func pcreLimitWords(for error: ICURegexError) -> String? {
        switch error {
        case .timeLimitExceeded: return "exceeded PCRE's backtracking limit"
        case .stackLimitExceeded: return "exceeded PCRE's nested backtracking limit"
        default: return nil
        }
    }

    /// `icugrep: write error: REASON`, for a failed write to standard output other than a
    /// broken pipe.
    func writeError(errorNumber: Int32) {
        report(Array("write error: ".utf8), Self.systemMessage(errorNumber))
    }

    /// `icugrep: NAME: unknown encoding`, for an `--encoding` that ICU has no converter for.
    func unknownEncoding(_ name: String) {
        report(Array(name.utf8), Array(": unknown encoding".utf8))
    }

    /// The system's description of `errorNumber`, as strerror(3) gives it.
    static func systemMessage(_ errorNumber: Int32) -> [UInt8] {
        guard let text = strerror(errorNumber) else { return Array("Unknown error \(errorNumber)".utf8) }
        return Array(String(cString: text).utf8)
    }
}
