/// `-g GLOB`, `--glob=GLOB` and `--iglob=GLOB`: ripgrep's overrides (its `ignore` crate's
/// `overrides.rs`), gitignore-style globs matched against the path of each file and directory
/// found while recursing, as walked from the working directory (`src/a.rs` for the operand
/// `src` or `./src`).
///
/// The sense is the reverse of a `.gitignore` line's: a glob includes what it matches, and
/// with a leading `!` it excludes it. The last glob that matches decides. When any glob
/// includes, a file that no glob matches is skipped (a directory is still entered). What a glob
/// decides goes before every other filter: `--include`, `--exclude`, `--exclude-dir`, the ignore
/// files, the types and `--no-hidden`.
struct OverrideGlobs {
    /// What the globs say of a path.
    enum Verdict: Equatable {
        /// A glob matched last: search the file, enter the directory, whatever the other
        /// filters say.
        case included
        /// A `!` glob matched last, or no glob matched a file while some glob includes.
        case excluded
        /// No glob has anything to say: the other filters decide.
        case undecided
    }

    /// Each glob as the one pattern of a gitignore file, with whether it ignores case.
    private let globs: [(file: IgnoreFile, ignoresCase: Bool)]
    /// True when a glob without `!` was given.
    private let hasInclusions: Bool
    /// True when any glob ignores case.
    private let anyIgnoresCase: Bool

    init(_ overrideGlobs: [OverrideGlob]) {
        globs = overrideGlobs.compactMap { glob in
            var bytes = Array(glob.glob.utf8)
            if glob.ignoresCase { bytes = Self.asciiLowercased(bytes) }
            let file = IgnoreFile(contents: bytes)
            return file.isEmpty ? nil : (file, glob.ignoresCase)
        }
        hasInclusions = globs.contains { $0.file.patterns.contains { !$0.negated } }
        anyIgnoresCase = globs.contains { $0.ignoresCase }
    }

    /// True when there are no globs.
    var isEmpty: Bool { globs.isEmpty }

    /// What the globs say of the entry `name` at `path` (its path as walked, possibly with a
    /// leading `./`).
    func verdict(name: [UInt8], path: [UInt8], isDirectory: Bool) -> Verdict {
        var relative = path[...]
        while relative.starts(with: [UInt8(ascii: "."), UInt8(ascii: "/")]) {
            relative = relative.dropFirst(2)
            while relative.first == UInt8(ascii: "/") { relative = relative.dropFirst() }
        }
        let lowerName = anyIgnoresCase ? Self.asciiLowercased(name) : name
        let lowerPath = anyIgnoresCase ? Self.asciiLowercased(Array(relative)) : []
        for (file, ignoresCase) in globs.reversed() {
            let verdict = file.verdict(
                name: ignoresCase ? lowerName : name, path: { ignoresCase ? lowerPath : Array(relative) },
                isDirectory: isDirectory)
            switch verdict {
            case .ignored?: return .included
            case .included?: return .excluded
            case nil: continue
            }
        }
        return hasInclusions && !isDirectory ? .excluded : .undecided
    }

    private static func asciiLowercased(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
    }
}
