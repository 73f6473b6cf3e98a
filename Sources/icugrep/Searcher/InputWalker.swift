import Glibc

/// One input ready to search: an open file descriptor and the name grep would show for it.
struct OpenedInput {
    /// The open descriptor (standard input's is 0).
    var descriptor: Int32
    /// The name shown in output and messages: the operand, a path found while recursing
    /// (without a leading `./` when recursing into the default `.`), or `--label`'s name.
    var name: [UInt8]
    /// The descriptor's status.
    var status: stat
    /// True for standard input.
    var isStandardInput: Bool
}

/// Goes through the file operands as GNU grep does: standard input for `-`, each file, and
/// with `-r`/`-R` each directory's tree, depth first in the order the directory lists its
/// entries (grep uses fts without sorting). It skips what grep skips and reports what grep
/// reports, and hands every input to search to a visitor.
final class InputWalker {
    /// What the visitor decides after searching an input.
    enum Continuation {
        case next
        /// End the whole run (`-q` found a line, or output failed).
        case stop
    }

    private let configuration: Configuration
    private let filter: FileNameFilter
    /// `--ignore-vcs` while recursing.
    private let ignoreRules: VCSIgnoreRules?
    /// `-t` and `--type-not`.
    private let typeFilter: FileTypeFilter
    /// `-g`, `--glob`, `--iglob`.
    private let overrides: OverrideGlobs
    /// The inputs held back by `--sort` or `--sortr` by time, with their times, to be visited
    /// in that order once all are found; nil otherwise.
    private var heldInputs: [(input: HeldInput, time: timespec?)]?
    private let diagnostics: Diagnostics
    private let visit: (OpenedInput) -> Continuation
    /// True when the default operand `.` is searched: names then lose their leading `./`.
    private let omitsDotSlash: Bool
    private let operands: [String]

    /// True once an input could not be opened or read.
    private(set) var hadError = false

    /// When true, the visitor owns the descriptor of each input it is given and closes it
    /// (a parallel search keeps it open after the visitor returns); otherwise the walker
    /// closes it when the visitor returns.
    var visitorOwnsDescriptors = false

    /// When set, files found while recursing are handed to this unopened, for another thread
    /// to open (``FoundFile/open(reportingErrorsTo:)``): opening is much of the work on small
    /// files. Command-line operands are still opened and given to the visitor.
    var visitFoundFile: ((FoundFile) -> Continuation)?

    /// Creates a walker over the operands of `configuration` that calls `visit` for each input.
    init(configuration: Configuration, diagnostics: Diagnostics, visit: @escaping (OpenedInput) -> Continuation) {
        self.configuration = configuration
        self.filter = FileNameFilter(configuration: configuration)
        let readsIgnoreFiles = configuration.ignoreVCS || configuration.ignoreDotIgnoreFiles
        ignoreRules = readsIgnoreFiles && configuration.recursion != .none
            ? VCSIgnoreRules(readsVCSFiles: configuration.ignoreVCS, readsDotIgnoreFiles: configuration.ignoreDotIgnoreFiles)
            : nil
        typeFilter = FileTypeFilter(selections: configuration.fileTypeSelections)
        overrides = OverrideGlobs(configuration.overrideGlobs)
        if let sortOrder = configuration.sortOrder, sortOrder.key != .path {
            heldInputs = []
        }
        self.diagnostics = diagnostics
        self.visit = visit
        if configuration.files.isEmpty {
            omitsDotSlash = configuration.recursion != .none
            operands = [omitsDotSlash ? "." : "-"]
        } else {
            omitsDotSlash = false
            operands = configuration.files
        }
    }

    /// Whether output lines carry file names: `-H`/`-h`, or grep's default: with two or more
    /// operands, or when recursing into a directory operand.
    func showsFileNames() -> Bool {
        if let withFilename = configuration.withFilename { return withFilename }
        if operands.count >= 2 { return true }
        guard configuration.recursion != .none, let operand = operands.first, operand != "-" else { return false }
        var status = stat()
        return stat(operand, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Visits every input; returns early when the visitor says stop.
    func walk() {
        for operand in operands {
            let continuation = operand == "-" ? walkStandardInput() : walkOperand(operand)
            if continuation == .stop { return }
        }
        visitHeldInputs()
    }

    // MARK: Sorting by time

    /// An input held back until every input is found.
    private enum HeldInput {
        /// Standard input.
        case standardInput(OpenedInput)
        /// A file operand, closed again (there may be thousands), opened anew when its turn
        /// comes.
        case operand(String)
        /// A file found while recursing, not yet opened.
        case found(FoundFile)
    }

    /// Visits the inputs held back by `--sort` or `--sortr` by time, oldest first (newest
    /// first with `--sortr`); inputs whose time is unknown come last either way, in the order
    /// they were found, as in ripgrep.
    private func visitHeldInputs() {
        guard let held = heldInputs, let sortOrder = configuration.sortOrder else { return }
        heldInputs = nil
        let sorted = held.enumerated().sorted { first, second in
            switch (first.element.time, second.element.time) {
            case (let firstTime?, let secondTime?):
                if firstTime.tv_sec != secondTime.tv_sec || firstTime.tv_nsec != secondTime.tv_nsec {
                    let ascending = (firstTime.tv_sec, firstTime.tv_nsec) < (secondTime.tv_sec, secondTime.tv_nsec)
                    return ascending != sortOrder.reversed
                }
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): break
            }
            return first.offset < second.offset
        }
        for (_, entry) in sorted {
            let continuation: Continuation
            switch entry.input {
            case .standardInput(let input): continuation = visit(input)
            case .operand(let operand): continuation = walkOperand(operand)
            case .found(let file): continuation = visitFound(file)
            }
            if continuation == .stop { return }
        }
    }

    /// The time `--sort` sorts `status` by.
    private func sortTime(_ status: stat, path: [UInt8]?, descriptor: Int32?) -> timespec? {
        switch configuration.sortOrder?.key {
        case .modified?: return status.st_mtim
        case .accessed?: return status.st_atim
        case .created?: return BirthTime.of(path: path, descriptor: descriptor, followsLinks: true)
        default: return nil
        }
    }

    /// Visits an opened operand (`operand` as typed, nil for standard input), or holds it
    /// back when sorting by time.
    private func visitOperand(_ input: OpenedInput, operand: String?) -> Continuation {
        if heldInputs != nil {
            let time = sortTime(input.status, path: nil, descriptor: input.descriptor)
            if let operand {
                close(input.descriptor)
                heldInputs!.append((.operand(operand), time))
            } else {
                heldInputs!.append((.standardInput(input), time))
            }
            return .next
        }
        defer { if !visitorOwnsDescriptors && !input.isStandardInput { close(input.descriptor) } }
        return visit(input)
    }

    // MARK: Operands

    private func walkStandardInput() -> Continuation {
        let name = Array(configuration.label.utf8)
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0 else {
            reportError(name, errno)
            return .next
        }
        return visitOperand(OpenedInput(descriptor: STDIN_FILENO, name: name, status: status, isStandardInput: true), operand: nil)
    }

    private func walkOperand(_ operand: String) -> Continuation {
        let name = Array(operand.utf8)
        var flags = O_RDONLY | O_NOCTTY
        if configuration.skipDevices { flags |= O_NONBLOCK }
        let descriptor = open(operand, flags)
        guard descriptor >= 0 else {
            reportError(name, errno)
            return .next
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            reportError(name, errno)
            close(descriptor)
            return .next
        }
        let isDirectory = Self.isDirectory(status)
        if configuration.skipDevices && Self.isDevice(status) {
            close(descriptor)
            return .next
        }
        let skipped: Bool
        if isDirectory {
            skipped = configuration.skipDirectories
                || (!omitsDotSlash && filter.skipsDirectory(name, commandLine: true))
        } else {
            skipped = filter.skipsFile(name, commandLine: true)
        }
        if skipped {
            close(descriptor)
            return .next
        }
        if isDirectory && configuration.recursion != .none {
            close(descriptor)
            let path = Self.trimmingTrailingSlashes(name)
            ignoreRules?.start(operand: path)
            return walkDirectory(path, ancestors: [(status.st_dev, status.st_ino)], depth: 0)
        }
        return visitOperand(OpenedInput(descriptor: descriptor, name: name, status: status, isStandardInput: false), operand: operand)
    }

    // MARK: Recursion

    /// One entry of a directory, as readdir(3) gives it.
    private struct Entry {
        var name: [UInt8]
        var type: UInt8
    }

    /// Searches the tree under the directory at `path`, `depth` directories below its operand.
    /// `ancestors` are the devices and inodes of the directories above and including it, to
    /// notice loops.
    private func walkDirectory(_ path: [UInt8], ancestors: [(dev_t, ino_t)], depth: Int) -> Continuation {
        if let maxDepth = configuration.maxDepth, depth >= maxDepth { return .next }
        guard var entries = readEntries(path) else { return .next }
        if let sortOrder = configuration.sortOrder, sortOrder.key == .path {
            // Each directory's entries by name: the files come out sorted by path, compared
            // component by component as ripgrep compares them.
            entries.sort { sortOrder.reversed ? $1.name.lexicographicallyPrecedes($0.name) : $0.name.lexicographicallyPrecedes($1.name) }
        }
        let follows = configuration.recursion == .dereferenceRecursive
        for entry in entries {
            // One allocation, of the whole path's size: appending to a copy of `path` would
            // copy it and then grow it.
            var childPath: [UInt8] = []
            childPath.reserveCapacity(path.count + 1 + entry.name.count)
            childPath += path
            if childPath.last != UInt8(ascii: "/") { childPath.append(UInt8(ascii: "/")) }
            childPath += entry.name
            let shownName = displayName(childPath)

            var type = entry.type
            var status = stat()
            var statusKnown = false
            if type == UInt8(DT_UNKNOWN) || (follows && type == UInt8(DT_LNK)) || type == UInt8(DT_DIR) {
                let result = childPath.withCString { follows ? stat($0, &status) : lstat($0, &status) }
                if result == 0 {
                    statusKnown = true
                    type = Self.directoryEntryType(status)
                } else if !(follows && type == UInt8(DT_LNK)) {
                    reportError(shownName, errno)
                    continue
                }
                // A dangling symbolic link with -R: opening it reports the error below.
            }

            // -g's verdict goes first; the other filters decide what it leaves undecided.
            let verdict = overrides.isEmpty
                ? .undecided : overrides.verdict(name: entry.name, path: childPath, isDirectory: type == UInt8(DT_DIR))
            if verdict == .excluded { continue }
            let undecided = verdict == .undecided
            if undecided && configuration.skipsHidden && entry.name.first == UInt8(ascii: ".") { continue }

            if type == UInt8(DT_DIR) {
                if undecided && filter.skipsDirectory(entry.name, commandLine: false) { continue }
                if undecided, let ignoreRules, ignoreRules.ignores(entry.name, isDirectory: true) { continue }
                if statusKnown && ancestors.contains(where: { $0.0 == status.st_dev && $0.1 == status.st_ino }) {
                    if !configuration.noMessages { diagnostics.recursiveDirectoryLoop(shownName) }
                    continue
                }
                ignoreRules?.enter(childPath, name: entry.name)
                let continuation = walkDirectory(
                    childPath, ancestors: ancestors + [(status.st_dev, status.st_ino)], depth: depth + 1)
                ignoreRules?.leave()
                if continuation == .stop { return .stop }
                continue
            }
            if undecided {
                if filter.skipsFile(entry.name, commandLine: false) { continue }
                if let ignoreRules, ignoreRules.ignores(entry.name, isDirectory: false) { continue }
                if !typeFilter.isEmpty && typeFilter.skips(entry.name) { continue }
            }
            switch type {
            case UInt8(DT_CHR), UInt8(DT_BLK), UInt8(DT_FIFO), UInt8(DT_SOCK):
                continue  // Devices found while recursing are skipped, as in grep.
            case UInt8(DT_LNK) where !follows:
                continue  // -r follows symbolic links only on the command line.
            default:
                break
            }
            if searchFile(childPath, shownName: shownName, follows: follows) == .stop {
                return .stop
            }
        }
        return .next
    }

    /// Visits a file found while recursing, or holds it back when sorting by time.
    private func searchFile(_ path: [UInt8], shownName: [UInt8], follows: Bool) -> Continuation {
        let found = FoundFile(path: path, name: shownName, followsLinks: follows)
        if heldInputs != nil {
            var status = stat()
            let result = path.withCString { follows ? stat($0, &status) : lstat($0, &status) }
            let time = result == 0 ? sortTime(status, path: path, descriptor: nil) : nil
            heldInputs!.append((.found(found), time))
            return .next
        }
        return visitFound(found)
    }

    /// Opens and visits a file found while recursing, or hands it over unopened to
    /// ``visitFoundFile``.
    private func visitFound(_ found: FoundFile) -> Continuation {
        if let visitFoundFile {
            return visitFoundFile(found)
        }
        guard let input = found.open(reportingErrorsTo: { reportError($0, $1) }) else {
            return .next
        }
        defer { if !visitorOwnsDescriptors { close(input.descriptor) } }
        return visit(input)
    }

    /// The entries of the directory at `path` except `.` and `..`, in the order readdir(3)
    /// lists them; nil (after reporting) when it cannot be read.
    private func readEntries(_ path: [UInt8]) -> [Entry]? {
        guard let directory = path.withCString({ opendir($0) }) else {
            reportError(displayName(path), errno)
            return nil
        }
        defer { closedir(directory) }
        var entries: [Entry] = []
        errno = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix(while: { $0 != 0 }))
            }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            entries.append(Entry(name: name, type: entry.pointee.d_type))
        }
        if errno != 0 {
            reportError(displayName(path), errno)
        }
        return entries
    }

    // MARK: Helpers

    /// The name shown for `path`: without the leading `./` when searching the default `.`.
    private func displayName(_ path: [UInt8]) -> [UInt8] {
        if omitsDotSlash && path.count > 2 && path[0] == UInt8(ascii: ".") && path[1] == UInt8(ascii: "/") {
            return Array(path[2...])
        }
        return path
    }

    /// `path` with two or more trailing slashes reduced to one, as fts(3) does with its roots.
    private static func trimmingTrailingSlashes(_ path: [UInt8]) -> [UInt8] {
        var length = path.count
        if length > 2 && path[length - 1] == UInt8(ascii: "/") {
            while length > 1 && path[length - 2] == UInt8(ascii: "/") { length -= 1 }
        }
        return Array(path[..<length])
    }

    /// Records an error and reports it (unless `-s`).
    private func reportError(_ name: [UInt8], _ errorNumber: Int32) {
        hadError = true
        if !configuration.noMessages {
            diagnostics.fileError(name, errorNumber: errorNumber)
        }
    }

    static func isDirectory(_ status: stat) -> Bool {
        (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// True for character and block devices, FIFOs and sockets.
    static func isDevice(_ status: stat) -> Bool {
        let type = status.st_mode & S_IFMT
        return type == S_IFCHR || type == S_IFBLK || type == S_IFIFO || type == S_IFSOCK
    }

    /// The readdir(3) type of a file with `status`.
    private static func directoryEntryType(_ status: stat) -> UInt8 {
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return UInt8(DT_DIR)
        case S_IFLNK: return UInt8(DT_LNK)
        case S_IFCHR: return UInt8(DT_CHR)
        case S_IFBLK: return UInt8(DT_BLK)
        case S_IFIFO: return UInt8(DT_FIFO)
        case S_IFSOCK: return UInt8(DT_SOCK)
        default: return UInt8(DT_REG)
        }
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with the bytes as a NUL-terminated C string (a copy: one allocation and
    /// one memcpy per call, since paths are opened, listed and stat'ed once per file).
    func withCString<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result {
        let terminated = UnsafeMutablePointer<CChar>.allocate(capacity: count + 1)
        defer { terminated.deallocate() }
        withUnsafeBytes { bytes in
            if let source = bytes.baseAddress {
                UnsafeMutableRawPointer(terminated).copyMemory(from: source, byteCount: bytes.count)
            }
        }
        terminated[count] = 0
        return body(terminated)
    }
}
