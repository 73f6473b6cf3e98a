import Glibc

/// A file found while recursing, not yet opened.
struct FoundFile: Sendable {
    /// The path to open.
    var path: [UInt8]
    /// The name shown in output and messages.
    var name: [UInt8]
    /// True with `-R`: a symbolic link is followed.
    var followsLinks: Bool

    /// Opens the file as grep does: without following a symbolic link unless `-R` (a link
    /// is then skipped silently), skipping devices. Returns nil when the file is skipped or
    /// cannot be opened; `reportError` gets the name and `errno` of each error.
    func open(reportingErrorsTo reportError: ([UInt8], Int32) -> Void) -> OpenedInput? {
        let flags = O_RDONLY | O_NOCTTY | (followsLinks ? 0 : O_NOFOLLOW)
        let descriptor = path.withCString { Glibc.open($0, flags) }
        guard descriptor >= 0 else {
            let error = errno
            if followsLinks || error != ELOOP { reportError(name, error) }
            return nil
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            reportError(name, errno)
            close(descriptor)
            return nil
        }
        if InputWalker.isDevice(status) {
            close(descriptor)
            return nil
        }
        return OpenedInput(descriptor: descriptor, name: name, status: status, isStandardInput: false)
    }
}
