import Glibc

/// `--include`, `--exclude` and `--exclude-dir`, with the rules of GNU grep (gnulib's
/// exclude module): globs are fnmatch(3) patterns; a name found while recursing is matched by
/// its base name, a command-line name as a whole or by any suffix after a `/`.
///
/// Of the `--include` and `--exclude` globs, the last one that matches decides; a name that
/// matches none is skipped only when the first of them is an `--include`.
struct FileNameFilter {
    /// The `--include` and `--exclude` globs in command-line order, as C strings.
    private let fileNameGlobs: [(kind: FileNameGlob.Kind, glob: [CChar])]
    private let excludeDirectoryGlobs: [[CChar]]

    /// Creates the filter of `configuration`.
    init(configuration: Configuration) {
        func cStrings(_ globs: [String]) -> [[CChar]] {
            globs.map { Array($0.utf8CString) }
        }
        fileNameGlobs = configuration.fileNameGlobs.map { ($0.kind, Array($0.glob.utf8CString)) }
        // grep strips trailing slashes from --exclude-dir globs.
        excludeDirectoryGlobs = cStrings(configuration.excludeDirectoryGlobs.map { glob in
            var glob = Substring(glob)
            while glob.count > 1 && glob.hasSuffix("/") { glob = glob.dropLast() }
            return String(glob)
        })
    }

    /// True when the file `name` is to be skipped. `name` is a base name found while
    /// recursing, or a command-line name (`commandLine`).
    func skipsFile(_ name: [UInt8], commandLine: Bool) -> Bool {
        guard let first = fileNameGlobs.first else { return false }
        for (kind, glob) in fileNameGlobs.reversed() where Self.anyMatches([glob], name, commandLine: commandLine) {
            return kind == .exclude
        }
        return first.kind == .include
    }

    /// True when the directory `name` is to be skipped (`--exclude-dir`).
    func skipsDirectory(_ name: [UInt8], commandLine: Bool) -> Bool {
        Self.anyMatches(excludeDirectoryGlobs, name, commandLine: commandLine)
    }

    private static func anyMatches(_ globs: [[CChar]], _ name: [UInt8], commandLine: Bool) -> Bool {
        guard !globs.isEmpty else { return false }
        var cName = name.map { CChar(bitPattern: $0) }
        cName.append(0)
        return cName.withUnsafeBufferPointer { nameBuffer in
            let base = nameBuffer.baseAddress!
            for glob in globs {
                if fnmatch(glob, base, 0) == 0 { return true }
                guard commandLine else { continue }
                // Unanchored: also try every suffix that follows a slash.
                var index = 0
                while index < name.count {
                    if name[index] == UInt8(ascii: "/") && (index + 1 >= name.count || name[index + 1] != UInt8(ascii: "/")) {
                        if fnmatch(glob, base + index + 1, 0) == 0 { return true }
                    }
                    index += 1
                }
            }
            return false
        }
    }
}
