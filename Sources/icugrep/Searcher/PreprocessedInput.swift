import Glibc

/// The compressed formats `--search-zip` reads, as ripgrep's `-z`: each by its file name's
/// extension or, failing that, by the magic bytes it starts with, and decompressed by its own
/// program, run as a child process.
enum CompressionFormat: CaseIterable, Sendable {
    case gzip, bzip2, xz, lzma, lz4, zstd, brotli, compress

    /// The program and its arguments that write the decompressed standard input to standard
    /// output (ripgrep's commands).
    var command: [String] {
        switch self {
        case .gzip: return ["gzip", "-d", "-c"]
        case .bzip2: return ["bzip2", "-d", "-c"]
        case .xz: return ["xz", "-d", "-c"]
        case .lzma: return ["xz", "--format=lzma", "-d", "-c"]
        case .lz4: return ["lz4", "-d", "-c"]
        case .zstd: return ["zstd", "-q", "-d", "-c"]
        case .brotli: return ["brotli", "-d", "-c"]
        case .compress: return ["uncompress", "-c"]
        }
    }

    /// The extensions that name the format.
    var extensions: [String] {
        switch self {
        case .gzip: return [".gz", ".tgz"]
        case .bzip2: return [".bz2", ".tbz2"]
        case .xz: return [".xz", ".txz"]
        case .lzma: return [".lzma"]
        case .lz4: return [".lz4"]
        case .zstd: return [".zst", ".zstd"]
        case .brotli: return [".br"]
        case .compress: return [".Z"]
        }
    }

    /// The bytes a file of the format starts with; none for formats without a reliable one
    /// (lzma, brotli), which only their extension names.
    var magic: [UInt8] {
        switch self {
        case .gzip: return [0x1F, 0x8B]
        case .bzip2: return [0x42, 0x5A, 0x68]
        case .xz: return [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]
        case .lz4: return [0x04, 0x22, 0x4D, 0x18]
        case .zstd: return [0x28, 0xB5, 0x2F, 0xFD]
        case .compress: return [0x1F, 0x9D]
        case .lzma, .brotli: return []
        }
    }

    /// The format of the file named `name`, open as `descriptor`: by extension, else by the
    /// first bytes when the descriptor can be read at an offset (a regular file); nil for an
    /// uncompressed file.
    static func of(name: [UInt8], descriptor: Int32) -> CompressionFormat? {
        func hasSuffix(_ suffix: String) -> Bool {
            let suffix = Array(suffix.utf8)
            return name.count >= suffix.count && name[(name.count - suffix.count)...].elementsEqual(suffix)
        }
        for format in allCases where format.extensions.contains(where: hasSuffix) {
            return format
        }
        var start = [UInt8](repeating: 0, count: 6)
        let count = start.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return allCases.first { !$0.magic.isEmpty && start[..<count].starts(with: $0.magic) }
    }
}

/// An input read through a child process, a decompressor (`--search-zip`) or `--pre`'s
/// command, whose standard input is the file: the child's standard output is read from
/// ``descriptor``, a pipe, as any input is (``InputSource``); ``finish()`` reaps the child and
/// says what went wrong.
final class PreprocessedInput {
    /// The read end of the pipe from the child's standard output.
    let descriptor: Int32
    /// The read end of the pipe from the child's standard error.
    private let errorDescriptor: Int32
    private let process: pid_t
    private let program: String
    /// What the child does, for messages: `decompress` or `preprocess`.
    private let action: String

    /// What went wrong with a child.
    enum Failure: Error {
        /// The program is not installed (or could not be started): `errno`.
        case cannotStart(action: String, program: String, errorNumber: Int32)
        /// The program failed: its first line of standard error, or its exit status.
        case failed(action: String, program: String, message: String)

        /// The message after `icugrep: FILE: `.
        var message: String {
            switch self {
            case .cannotStart(let action, let program, let errorNumber) where errorNumber == ENOENT:
                return "cannot \(action): '\(program)' is not installed"
            case .cannotStart(let action, let program, let errorNumber):
                return "cannot \(action): cannot run '\(program)': \(SystemErrorText.describe(errorNumber))"
            case .failed(let action, let program, let message):
                return "cannot \(action): \(program): \(message)"
            }
        }
    }

    /// Starts decompressing `input` (open, at its start) as `format`.
    convenience init(input: Int32, format: CompressionFormat) throws(Failure) {
        try self.init(input: input, command: format.command, action: "decompress")
    }

    /// Starts `command` (a program found in `PATH` unless it holds a `/`, and its arguments)
    /// with `input` (open, at its start) as its standard input.
    init(input: Int32, command: [String], action: String) throws(Failure) {
        program = command[0]
        self.action = action
        guard let output = Self.closeOnExecPipe() else { throw .cannotStart(action: action, program: program, errorNumber: errno) }
        // A pipe holds 64 KiB by default: the child then stops every 64 KiB until the search
        // reads, and the search reads in pieces smaller than its blocks. A larger pipe (Linux's
        // F_SETPIPE_SZ, up to /proc/sys/fs/pipe-max-size, 1 MiB by default) lets both run
        // longer between switches; where it cannot be had, the pipe stays as it is.
        _ = fcntl(output.read, Self.setPipeSize, Self.pipeCapacity)
        guard let errors = Self.closeOnExecPipe() else {
            close(output.read); close(output.write)
            throw .cannotStart(action: action, program: program, errorNumber: errno)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
        // The child dies of SIGPIPE when the search stops reading early (-q, -l, -m), even if
        // icugrep ignores the signal.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let arguments: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var child: pid_t = 0
        let result = posix_spawnp(&child, program, &actions, &attributes, arguments, environ)
        close(output.write)
        close(errors.write)
        guard result == 0 else {
            close(output.read)
            close(errors.read)
            throw .cannotStart(action: action, program: program, errorNumber: result)
        }
        descriptor = output.read
        errorDescriptor = errors.read
        process = child
    }

    /// Closes the pipes and waits for the child; returns its failure, if any. A child killed
    /// by SIGPIPE because the search stopped reading has not failed.
    func finish() -> Failure? {
        close(descriptor)
        var errorText: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while errorText.count < 65536 {
            let count = chunk.withUnsafeMutableBytes { read(errorDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            errorText += chunk[..<count]
        }
        close(errorDescriptor)
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        let exitCode = (status >> 8) & 0xFF
        if signal == SIGPIPE || (signal == 0 && exitCode == 0) { return nil }
        let firstLine = errorText.split(separator: UInt8(ascii: "\n")).first.map { String(decoding: $0, as: UTF8.self) }
        if let firstLine, !firstLine.isEmpty {
            return .failed(action: action, program: program, message: firstLine)
        }
        return .failed(action: action, program: program, message: signal != 0 ? "killed by signal \(signal)" : "exit status \(exitCode)")
    }

    /// A pipe whose two ends are closed in the children of other threads' spawns: pipe2(2)
    /// with `O_CLOEXEC`, which the Glibc module does not declare, looked up by name.
    /// Linux's `F_SETPIPE_SZ` (a GNU extension that Swift's Glibc module does not import).
    private static let setPipeSize: Int32 = 1031
    /// The capacity asked for the pipe from the child's standard output.
    private static let pipeCapacity: Int32 = 1 << 20

    private static func closeOnExecPipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        if let pipe2 = pipe2Function {
            guard pipe2(&ends, O_CLOEXEC) == 0 else { return nil }
        } else {
            guard pipe(&ends) == 0 else { return nil }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }

    private typealias Pipe2Function = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    private static let pipe2Function: Pipe2Function? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") else { return nil }
        return unsafeBitCast(symbol, to: Pipe2Function.self)
    }()
}
