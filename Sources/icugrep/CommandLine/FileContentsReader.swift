import Glibc

/// A file that could not be read, with the system's reason.
struct FileReadError: Error, Equatable {
    /// The name as given on the command line.
    var path: String
    /// The system's description of the failure, such as `No such file or directory`.
    var reason: String

    /// The message GNU grep prints for it, without the program name: `FILE: reason`.
    var message: String { "\(path): \(reason)" }
}

/// Reads whole files named on the command line: the pattern files of `-f` and the glob files
/// of `--exclude-from`. Tests substitute their own.
protocol FileContentsReading {
    /// The bytes of the file `path`; `-` means standard input.
    func contents(ofFile path: String) throws(FileReadError) -> [UInt8]
}

/// Reads files with the C library's `open` and `read`, as GNU grep does.
struct SystemFileContentsReader: FileContentsReading {
    /// Reads all of `path` (`-` for standard input). A directory fails with EISDIR when read,
    /// as in grep.
    func contents(ofFile path: String) throws(FileReadError) -> [UInt8] {
        let isStandardInput = path == "-"
        let descriptor = isStandardInput ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileReadError(path: path, reason: SystemErrorText.describe(errno))
        }
        defer { if !isStandardInput { close(descriptor) } }
        var contents: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, reason: SystemErrorText.describe(errno))
            }
            contents.append(contentsOf: buffer[0..<count])
        }
        return contents
    }
}
