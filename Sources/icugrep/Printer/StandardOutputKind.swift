import Glibc

/// What standard output is, for the two cases where GNU grep looks: /dev/null, where it
/// prints nothing and stops each file at its first match, and a regular file, which must not
/// also be an input.
struct StandardOutputKind {
    /// True when standard output is /dev/null.
    var isNull = false
    /// The device and inode of standard output when it is a regular file.
    var regularFile: (device: dev_t, inode: ino_t)?

    /// Standard output of this process.
    static func current() -> StandardOutputKind {
        var kind = StandardOutputKind()
        var status = stat()
        guard fstat(STDOUT_FILENO, &status) == 0 else { return kind }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            kind.regularFile = (status.st_dev, status.st_ino)
        case S_IFCHR:
            var null = stat()
            kind.isNull = stat("/dev/null", &null) == 0 && null.st_dev == status.st_dev && null.st_ino == status.st_ino
        default:
            break
        }
        return kind
    }

    /// True when an input with `status` is the regular file standard output writes to.
    func isSameFile(as status: stat) -> Bool {
        guard let regularFile, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        return regularFile.device == status.st_dev && regularFile.inode == status.st_ino
    }
}
