import Glibc

/// Help for people coming from ripgrep, added to what GNU grep prints, never instead of it:
/// one more line on standard error, after GNU grep's message and usage lines.
///
/// - An unknown long option gets the options of ``OptionTable`` closest to it by edit
///   distance (`--max-deph`: `--max-depth`), or the icugrep name of a ripgrep option spelled
///   otherwise (`--maxdepth`).
/// - An invalid short option that ripgrep has gets its ripgrep meaning (`-N`, `-M`, `-p`), and a
///   cluster such as `-r'$1'` (ripgrep's `-r REPLACEMENT`) names `--replace`.
/// - After a run, the short options that GNU grep and ripgrep spell alike but mean otherwise
///   (`-r`, `-U`, `-z`) are named when the run failed in a way the ripgrep meaning explains
///   (``runHint(configuration:shortLetters:exitStatus:)``).
enum RipgrepHints {
    /// ripgrep's long options that icugrep spells otherwise or has no option for, by
    /// ripgrep's name, with what icugrep has (those GNU grep's options or their abbreviations
    /// already take, such as `--binary` or `--unicode`, never reach here).
    static let renamedLongOptions: [String: String] = [
        "maxdepth": "--max-depth",
        "glob-case-insensitive": "--iglob for each glob",
        "no-ignore-dot": "--no-ignore (or no --ignore-vcs)",
        "no-ignore-parent": "--no-ignore (or no --ignore-vcs)",
        "no-ignore-files": "--no-ignore (or no --ignore-vcs)",
        "no-ignore-exclude": "--no-ignore-vcs",
        "no-ignore-global": "the default (icugrep reads no global excludes file)",
        "no-require-git": "the default of --ignore-vcs, which reads .gitignore files outside repositories too",
        "unrestricted": "the default (icugrep filters nothing unless asked)",
        "case-sensitive": "--no-ignore-case",
        "colors": "the GREP_COLORS variable",
        "context-separator": "--group-separator",
        "no-context-separator": "--no-group-separator",
        "no-line-number": "the default (icugrep numbers lines only with -n)",
        "no-heading": "the default (icugrep has no headings)",
        "pretty": "--color=always -n -H",
        "pcre2": "the default -P (ICU regular expressions)",
        "no-config": "the default (icugrep reads no configuration file)",
    ]

    /// ripgrep's long options that icugrep has no equivalent for.
    static let ripgrepOnlyLongOptions: Set<String> = [
        "auto-hybrid-regex", "block-buffered", "crlf", "debug", "dfa-size-limit", "engine",
        "field-context-separator", "field-match-separator", "ignore-file", "ignore-file-case-insensitive",
        "include-zero", "max-filesize", "mmap", "no-mmap",
        "no-ignore-messages", "no-pcre2-unicode", "no-unicode", "one-file-system", "path-separator",
        "pcre2-version", "regex-size-limit", "trim", "no-follow-symlinks",
    ]

    /// ripgrep's short options that GNU grep lacks, and what icugrep has for them.
    static let shortOptionMeanings: [Character: String] = [
        "N": "ripgrep's -N is --no-line-number; icugrep numbers lines only with -n",
        "p": "ripgrep's -p is --pretty; icugrep's nearest is --color=always -n -H",
    ]

    /// The extra line for an unknown long option typed as `name` (without `--` and argument),
    /// nil when nothing is close enough.
    static func unknownLongOptionHint(_ name: Substring) -> String? {
        if let renamed = renamedLongOptions[String(name)] {
            return "ripgrep's --\(name) is \(renamed) in \(ProgramIdentity.name)"
        }
        if ripgrepOnlyLongOptions.contains(String(name)) {
            return "ripgrep's --\(name) has no equivalent in \(ProgramIdentity.name) yet"
        }
        let suggestions = closestLongOptions(to: String(name))
        guard !suggestions.isEmpty else { return nil }
        return "did you mean " + suggestions.map { "'--\($0)'" }.joined(separator: " or ") + "?"
    }

    /// The extra line for the invalid short option `letter`, in a cluster whose letters before
    /// it are `preceding` (`-r$1`: preceding is `r`).
    static func invalidShortOptionHint(_ letter: Unicode.Scalar, preceding: [Unicode.Scalar]) -> String? {
        if preceding.last == "r" {
            return "-r is GNU grep's --recursive; ripgrep's -r REPLACEMENT is --replace=REPLACEMENT"
        }
        guard letter.isASCII else { return nil }
        return shortOptionMeanings[Character(letter)]
    }

    /// The long option names closest to `name`: those at the smallest edit distance, if it is
    /// small for the name's length (1 up to 5 characters, 2 up to 8, 3 beyond), at most three,
    /// in table order.
    static func closestLongOptions(to name: String) -> [String] {
        let typed = Array(name.utf8)
        guard !typed.isEmpty else { return [] }
        let limit = typed.count <= 5 ? 1 : typed.count <= 8 ? 2 : 3
        var best = limit + 1
        var names: [String] = []
        for option in OptionTable.longOptions {
            let distance = editDistance(typed, Array(option.name.utf8), limit: limit)
            if distance < best {
                best = distance
                names = [option.name]
            } else if distance == best && !names.contains(option.name) {
                names.append(option.name)
            }
        }
        return best <= limit ? Array(names.prefix(3)) : []
    }

    /// The optimal string alignment distance of `a` and `b` (insertions, deletions,
    /// substitutions and transpositions of neighbours), or `limit + 1` when it exceeds `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        guard !a.isEmpty else { return b.count }
        // Three rows of the table: i - 2, i - 1 and i.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return min(previous[b.count], limit + 1)
    }

    // MARK: After a run

    /// True when `text` refers to a capture group as ripgrep's replacement text does: `$`
    /// followed by a digit, `{`, a letter or `_`.
    static func looksLikeReplacement(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        for index in bytes.indices.dropLast() where bytes[index] == UInt8(ascii: "$") {
            let next = bytes[index + 1]
            if (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")) || next == UInt8(ascii: "{") || next == UInt8(ascii: "_")
                || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z"))
            {
                return true
            }
        }
        return false
    }

    /// The extensions of compressed files, which ripgrep's `-z` searches.
    static let compressedExtensions = [".gz", ".tgz", ".bz2", ".tbz2", ".xz", ".txz", ".lz4", ".lzma", ".zst", ".br", ".Z"]

    /// The extra line after a run with `exitStatus`, given the short option letters typed
    /// (`shortLetters`): nil unless a ripgrep meaning of one of them explains the failure.
    ///
    /// - `-r` (ripgrep: `--replace`): the run failed (status 2), the first file operand does
    ///   not exist, and the pattern refers to a group as a replacement does (`$1`, `${name}`,
    ///   `$name`): `-r '$1' PATTERN FILE` takes `$1` for the pattern and PATTERN for a file. A
    ///   missing file alone is no sign: `grep -r foo missing` is an everyday mistake.
    /// - `-U` (ripgrep: `--multiline`): nothing was found and a pattern has `\n`, which a line
    ///   never holds.
    /// - `-z` (ripgrep: `--search-zip`): nothing was found and a file operand is compressed (by
    ///   its extension).
    ///
    /// ripgrep's `-L` (`--follow`) is GNU grep's `--files-without-match`, which lists files
    /// whatever happens: no failure tells the two apart, so it gets no hint.
    static func runHint(configuration: Configuration, shortLetters: Set<Character>, exitStatus: Int32) -> String? {
        guard !configuration.noMessages else { return nil }
        if exitStatus == ExitStatus.trouble && shortLetters.contains("r") && configuration.recursion != .none,
           configuration.patterns.contains(where: looksLikeReplacement), let first = configuration.files.first, first != "-"
        {
            var status = stat()
            if lstat(first, &status) != 0 && errno == ENOENT {
                return "-r is GNU grep's --recursive; ripgrep's -r REPLACEMENT is --replace=REPLACEMENT"
            }
        }
        guard exitStatus == ExitStatus.nothingSelected else { return nil }
        if shortLetters.contains("U") && !configuration.multiline && configuration.patterns.contains(where: { $0.contains("\\n") }) {
            return "-U is GNU grep's --binary, which does nothing; ripgrep's -U (matching across lines) is --multiline"
        }
        if shortLetters.contains("z") && configuration.nullData && !configuration.searchZip
            && configuration.files.contains(where: { file in compressedExtensions.contains { file.hasSuffix($0) } })
        {
            return "-z is GNU grep's --null-data; ripgrep's -z (searching compressed files) is --search-zip"
        }
        return nil
    }
}
