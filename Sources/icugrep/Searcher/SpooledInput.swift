import Glibc

/// An input that cannot be read twice (a pipe: standard input, `--pre`'s command, a
/// decompressor of `--search-zip`) copied once into a temporary file, which a Boolean query
/// then reads several times as it reads a regular file (``QueryPatterns/readsInputFirst``):
/// in the file scope once to decide the file and once to print it; with terms that span lines
/// (`--multiline`) once for each such term first.
///
/// The file is unlinked as soon as it is made, so nothing is left behind whatever happens to
/// the process, and it is read as a regular file of known size (mapped when large). Memory
/// stays bounded: the copy goes through one buffer of ``copySize`` bytes, and the data is on
/// disk (or in the page cache), not in the process.
final class SpooledInput {
    /// The descriptor of the temporary file, at offset 0 once the copy is made.
    let descriptor: Int32
    /// The number of bytes copied.
    let size: Int

    /// Why an input could not be spooled.
    struct Failure: Error {
        /// The message after `icugrep: FILE: `.
        let message: String
    }

    /// The bytes copied at a time.
    static var copySize: Int { 1 << 20 }

    /// Copies everything `input` holds, from its current offset to its end, into a new
    /// temporary file in `$TMPDIR` (or `/tmp`).
    /// - Throws: ``Failure`` when the file cannot be made or written, or `input` cannot be read.
    init(copying input: Int32) throws(Failure) {
        let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((directory + "/icugrep-spool-XXXXXX").utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else {
            throw Failure(message: "cannot make a temporary file in \(directory) to read the input twice: \(SystemErrorText.describe(errno))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.copySize, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let count = read(input, buffer, Self.copySize)
            if count < 0 {
                if errno == EINTR { continue }
                let error = errno
                close(file)
                throw Failure(message: SystemErrorText.describe(error))
            }
            if count == 0 { break }
            var written = 0
            while written < count {
                let step = write(file, buffer + written, count - written)
                if step < 0 && errno == EINTR { continue }
                guard step > 0 else {
                    let error = step < 0 ? errno : ENOSPC
                    close(file)
                    throw Failure(message: "cannot copy the input to a temporary file in \(directory) to read it twice: \(SystemErrorText.describe(error))")
                }
                written += step
            }
            total += count
        }
        guard lseek(file, 0, SEEK_SET) == 0 else {
            let error = errno
            close(file)
            throw Failure(message: SystemErrorText.describe(error))
        }
        descriptor = file
        size = total
    }

    deinit {
        close(descriptor)
    }
}
