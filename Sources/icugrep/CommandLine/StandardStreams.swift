import Glibc

/// Writes whole texts to standard output and standard error with `write(2)`, for the front
/// end's own output (help, version, messages); the search engine does its own output.
enum StandardStreams {
    /// Writes `text` to standard output; returns false when it could not be written.
    @discardableResult
    static func writeOutput(_ text: String) -> Bool {
        write(text, to: STDOUT_FILENO)
    }

    /// Writes `text` to standard error; returns false when it could not be written.
    @discardableResult
    static func writeError(_ text: String) -> Bool {
        write(text, to: STDERR_FILENO)
    }

    /// Writes all of `text` to `descriptor`, retrying after interruptions and short writes.
    private static func write(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}
