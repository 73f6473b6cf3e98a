/// The patterns of one `.gitignore`, `.ignore` or `.git/info/exclude` file, read as git reads
/// them (gitignore(5)): one pattern a line; blank lines and lines starting with `#` are
/// skipped; a `\r` before the newline and trailing spaces (unless escaped) are removed; `!`
/// negates; a trailing `/` matches only directories; a pattern with no other `/` matches a name
/// at any depth, one with a `/` at the start or in the middle the path relative to the file's
/// directory. The last pattern that matches decides.
struct IgnoreFile: Sendable {
    /// One pattern of the file.
    struct Pattern: Sendable {
        var glob: GitWildmatch
        /// `!`: a matching path is not ignored.
        var negated: Bool
        /// A trailing `/`: only a directory matches.
        var onlyDirectories: Bool
        /// No `/` but a trailing one: matched against the base name.
        var matchesBaseName: Bool
    }

    /// What the file says of a path.
    enum Verdict: Sendable, Equatable {
        case ignored
        /// A negated pattern matched last.
        case included
    }

    private(set) var patterns: [Pattern] = []
    /// True when a pattern needs the path, not just the name.
    private(set) var needsPath = false

    var isEmpty: Bool { patterns.isEmpty }

    /// Reads the patterns of `contents`.
    init(contents: [UInt8]) {
        var start = 0
        // A UTF-8 byte-order mark is skipped, as git does.
        if contents.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < contents.count {
            var end = start
            while end < contents.count && contents[end] != UInt8(ascii: "\n") { end += 1 }
            addLine(contents[start..<end])
            start = end + 1
        }
    }

    private mutating func addLine(_ line: ArraySlice<UInt8>) {
        guard let first = line.first, first != UInt8(ascii: "#") else { return }
        var line = line
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        line = Self.trimmingTrailingSpaces(line)
        var negated = false
        if line.first == UInt8(ascii: "!") {
            negated = true
            line = line.dropFirst()
        }
        var onlyDirectories = false
        if line.last == UInt8(ascii: "/") {
            onlyDirectories = true
            line = line.dropLast()
        }
        let matchesBaseName = !line.contains(UInt8(ascii: "/"))
        if !matchesBaseName && line.first == UInt8(ascii: "/") {
            line = line.dropFirst()
        }
        guard !line.isEmpty else { return }  // Matches nothing.
        patterns.append(Pattern(
            glob: GitWildmatch(line, pathname: !matchesBaseName), negated: negated,
            onlyDirectories: onlyDirectories, matchesBaseName: matchesBaseName))
        if !matchesBaseName { needsPath = true }
    }

    /// `line` without its trailing spaces, except one escaped by a backslash (git's rule: tabs
    /// stay).
    static func trimmingTrailingSpaces(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var lastSpace: Int? = nil
        var index = line.startIndex
        while index < line.endIndex {
            switch line[index] {
            case UInt8(ascii: " "):
                if lastSpace == nil { lastSpace = index }
            case UInt8(ascii: "\\"):
                index += 1
                if index == line.endIndex { return line }
                lastSpace = nil
            default:
                lastSpace = nil
            }
            index += 1
        }
        if let lastSpace { return line[line.startIndex..<lastSpace] }
        return line
    }

    /// What the last matching pattern says of the entry `name` whose path relative to the
    /// file's directory `path()` gives (computed only when a pattern needs it); nil when no
    /// pattern matches.
    func verdict(name: [UInt8], path: () -> [UInt8], isDirectory: Bool) -> Verdict? {
        var relativePath: [UInt8]? = nil
        for pattern in patterns.reversed() {
            if pattern.onlyDirectories && !isDirectory { continue }
            let matched: Bool
            if pattern.matchesBaseName {
                matched = pattern.glob.matches(name)
            } else {
                if relativePath == nil { relativePath = path() }
                matched = pattern.glob.matches(relativePath!)
            }
            if matched { return pattern.negated ? .included : .ignored }
        }
        return nil
    }
}
