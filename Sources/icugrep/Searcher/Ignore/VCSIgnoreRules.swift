import Glibc

/// `--ignore-vcs`: what git would ignore while icugrep recurses, kept as a stack of the
/// directories being walked, each with its `.gitignore` and `.ignore` (ripgrep's file, in the
/// same syntax).
///
/// The precedence is ripgrep's, which for `.gitignore` files is git's: a `.ignore` file's
/// verdict beats any `.gitignore`'s; among files of one kind the deepest directory's decides,
/// and within a file the last matching pattern; the repository's `.git/info/exclude` comes after
/// every `.gitignore`. A directory that holds `.git` starts a repository: the `.gitignore` files
/// above it no longer apply below it. The directories above a directory operand, up to the
/// repository that holds it, contribute their files too; an ignored directory is not entered,
/// so nothing below it can be re-included, as in git. `.git` itself is skipped while the
/// `.gitignore` files are read. After `--no-ignore-vcs` only the `.ignore` files are read.
final class VCSIgnoreRules {
    /// The ignore files of one directory of the walk.
    private struct Level {
        /// How many path components lead from the top of the walk to the directory.
        var depth: Int
        var ignore: IgnoreFile?
        var gitignore: IgnoreFile?
        /// The directory holds `.git`: the repository's root, with its `info/exclude`.
        var isRepositoryRoot: Bool
        var exclude: IgnoreFile?
    }

    /// The components of the current directory's path below the top of the walk (the
    /// repository's root, or the operand outside a repository).
    private var components: [[UInt8]] = []
    private var levels: [Level] = []

    static let gitDirectoryName: [UInt8] = Array(".git".utf8)

    /// Whether `.gitignore` and `.git/info/exclude` apply and `.git` is skipped (false after
    /// `--no-ignore-vcs`).
    private let readsVCSFiles: Bool
    /// Whether `.ignore` files apply.
    private let readsDotIgnoreFiles: Bool

    /// Creates the rules of the files chosen: `--ignore-vcs` reads both kinds,
    /// `--no-ignore-vcs` after it only `.ignore` files.
    init(readsVCSFiles: Bool = true, readsDotIgnoreFiles: Bool = true) {
        self.readsVCSFiles = readsVCSFiles
        self.readsDotIgnoreFiles = readsDotIgnoreFiles
    }

    /// Starts the walk of the directory operand at `path`: finds the repository holding it and
    /// reads the ignore files of the directories from the repository's root down to it.
    func start(operand path: [UInt8]) {
        components = []
        levels = []
        guard let absolute = Self.realPath(path) else {
            levels.append(level(at: path, depth: 0))
            return
        }
        let parts = absolute.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map { Array($0) }
        var rootCount: Int? = nil
        var count = parts.count
        while count >= 0 {
            if Self.holdsGitDirectory(Self.joined(parts.prefix(count))) {
                rootCount = count
                break
            }
            count -= 1
        }
        guard let rootCount else {
            levels.append(level(at: path, depth: 0))
            return
        }
        for count in rootCount...parts.count {
            levels.append(level(at: Self.joined(parts.prefix(count)), depth: count - rootCount))
        }
        components = Array(parts[rootCount...])
    }

    /// Enters the directory `name` (at `path`) of the current directory.
    func enter(_ path: [UInt8], name: [UInt8]) {
        components.append(name)
        levels.append(level(at: path, depth: components.count))
    }

    /// Leaves the directory last entered.
    func leave() {
        components.removeLast()
        levels.removeLast()
    }

    /// True when the entry `name` of the current directory is ignored.
    func ignores(_ name: [UInt8], isDirectory: Bool) -> Bool {
        if readsVCSFiles && name == Self.gitDirectoryName { return true }
        func relativePath(from depth: Int) -> [UInt8] {
            var path: [UInt8] = []
            for component in components[depth...] {
                path += component
                path.append(UInt8(ascii: "/"))
            }
            return path + name
        }
        for level in levels.reversed() {
            if let verdict = level.ignore?.verdict(
                name: name, path: { relativePath(from: level.depth) }, isDirectory: isDirectory)
            {
                return verdict == .ignored
            }
        }
        for level in levels.reversed() {
            if let verdict = level.gitignore?.verdict(
                name: name, path: { relativePath(from: level.depth) }, isDirectory: isDirectory)
            {
                return verdict == .ignored
            }
            if level.isRepositoryRoot {
                if let verdict = level.exclude?.verdict(
                    name: name, path: { relativePath(from: level.depth) }, isDirectory: isDirectory)
                {
                    return verdict == .ignored
                }
                break
            }
        }
        return false
    }

    // MARK: Reading

    private func level(at path: [UInt8], depth: Int) -> Level {
        let directory = path.last == UInt8(ascii: "/") ? path : path + [UInt8(ascii: "/")]
        var level = Level(
            depth: depth, ignore: readsDotIgnoreFiles ? Self.readIgnoreFile(directory + Array(".ignore".utf8)) : nil,
            gitignore: readsVCSFiles ? Self.readIgnoreFile(directory + Array(".gitignore".utf8)) : nil,
            isRepositoryRoot: false)
        if readsVCSFiles && Self.holdsGitDirectory(path) {
            level.isRepositoryRoot = true
            if let common = Self.commonGitDirectory(directory) {
                level.exclude = Self.readIgnoreFile(common + Array("/info/exclude".utf8))
            }
        }
        return level
    }

    /// The patterns of the file at `path`, nil when it cannot be read (or holds none). As git,
    /// a symbolic link is not followed.
    private static func readIgnoreFile(_ path: [UInt8]) -> IgnoreFile? {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        guard let contents = readAll(descriptor) else { return nil }
        let file = IgnoreFile(contents: contents)
        return file.isEmpty ? nil : file
    }

    private static func readAll(_ descriptor: Int32) -> [UInt8]? {
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return contents }
            contents += chunk[..<count]
        }
    }

    /// True when the directory at `path` holds `.git` (a directory, or a file naming one).
    private static func holdsGitDirectory(_ path: [UInt8]) -> Bool {
        var status = stat()
        let gitPath = (path.isEmpty ? [] : path + [UInt8(ascii: "/")]) + gitDirectoryName
        return gitPath.withCString { lstat($0, &status) } == 0
    }

    /// The repository's common git directory for the work tree `directory` (ending in `/`):
    /// `.git` itself, or the directory a `.git` file names (`gitdir: PATH`), or that
    /// directory's `commondir` for a linked work tree.
    private static func commonGitDirectory(_ directory: [UInt8]) -> [UInt8]? {
        let gitPath = directory + gitDirectoryName
        var status = stat()
        guard gitPath.withCString({ stat($0, &status) }) == 0 else { return nil }
        if (status.st_mode & S_IFMT) == S_IFDIR { return gitPath }
        guard let contents = readFile(gitPath), contents.starts(with: Array("gitdir: ".utf8)) else { return nil }
        var gitDirectory = Array(trimmingLine(contents.dropFirst(8)))
        if gitDirectory.first != UInt8(ascii: "/") { gitDirectory = directory + gitDirectory }
        if let common = readFile(gitDirectory + Array("/commondir".utf8)) {
            var commonDirectory = Array(trimmingLine(common[...]))
            if commonDirectory.first != UInt8(ascii: "/") {
                commonDirectory = gitDirectory + [UInt8(ascii: "/")] + commonDirectory
            }
            return commonDirectory
        }
        return gitDirectory
    }

    private static func readFile(_ path: [UInt8]) -> [UInt8]? {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NOCTTY | O_NONBLOCK) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return readAll(descriptor)
    }

    private static func trimmingLine(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes
        while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
            bytes = bytes.dropLast()
        }
        return bytes
    }

    private static func realPath(_ path: [UInt8]) -> [UInt8]? {
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    private static func joined(_ parts: ArraySlice<[UInt8]>) -> [UInt8] {
        var path: [UInt8] = []
        for part in parts {
            path.append(UInt8(ascii: "/"))
            path += part
        }
        return path.isEmpty ? [UInt8(ascii: "/")] : path
    }
}
