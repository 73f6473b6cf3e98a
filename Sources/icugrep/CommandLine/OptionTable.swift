/// Whether an option takes an argument, as in getopt_long's `has_arg`.
enum ArgumentRequirement: Sendable, Equatable {
    /// The option takes no argument.
    case none
    /// The option needs an argument: the rest of a short-option cluster, the text after `=`,
    /// or else the next command-line element.
    case required
    /// A long option's argument may follow `=`; without `=` it has none.
    case optional
}

/// One long option: its name without the leading `--`, what it means, and its argument.
struct LongOptionSpecification: Sendable, Equatable {
    /// The name as typed after `--`, such as `ignore-case`.
    var name: String
    /// What the option means.
    var identifier: OptionIdentifier
    /// Whether it takes an argument.
    var argument: ArgumentRequirement
}

/// One short option: its letter, what it means, and its argument.
struct ShortOptionSpecification: Sendable, Equatable {
    /// The letter or digit after `-`.
    var letter: Character
    /// What the option means.
    var identifier: OptionIdentifier
    /// Whether it takes an argument (short options never take an optional one).
    var argument: ArgumentRequirement
}

/// Every option icugrep accepts.
///
/// The long options come in GNU grep 3.8's order, because getopt_long lists the candidates
/// of an ambiguous abbreviation in table order; icugrep's own options follow at the end.
enum OptionTable {
    /// The long options, in GNU grep 3.8's order, then icugrep's extras.
    static let longOptions: [LongOptionSpecification] = [
        .init(name: "basic-regexp", identifier: .basicRegexp, argument: .none),
        .init(name: "extended-regexp", identifier: .extendedRegexp, argument: .none),
        .init(name: "fixed-regexp", identifier: .fixedStrings, argument: .none),
        .init(name: "fixed-strings", identifier: .fixedStrings, argument: .none),
        .init(name: "perl-regexp", identifier: .perlRegexp, argument: .none),
        .init(name: "after-context", identifier: .afterContext, argument: .required),
        .init(name: "before-context", identifier: .beforeContext, argument: .required),
        .init(name: "binary-files", identifier: .binaryFiles, argument: .required),
        .init(name: "byte-offset", identifier: .byteOffset, argument: .none),
        .init(name: "context", identifier: .context, argument: .required),
        .init(name: "color", identifier: .color, argument: .optional),
        .init(name: "colour", identifier: .color, argument: .optional),
        .init(name: "count", identifier: .count, argument: .none),
        .init(name: "devices", identifier: .devices, argument: .required),
        .init(name: "directories", identifier: .directories, argument: .required),
        .init(name: "exclude", identifier: .exclude, argument: .required),
        .init(name: "exclude-from", identifier: .excludeFrom, argument: .required),
        .init(name: "exclude-dir", identifier: .excludeDirectory, argument: .required),
        .init(name: "file", identifier: .file, argument: .required),
        .init(name: "files-with-matches", identifier: .filesWithMatches, argument: .none),
        .init(name: "files-without-match", identifier: .filesWithoutMatch, argument: .none),
        .init(name: "group-separator", identifier: .groupSeparator, argument: .required),
        .init(name: "help", identifier: .help, argument: .none),
        .init(name: "include", identifier: .include, argument: .required),
        .init(name: "ignore-case", identifier: .ignoreCase, argument: .none),
        .init(name: "no-ignore-case", identifier: .noIgnoreCase, argument: .none),
        .init(name: "initial-tab", identifier: .initialTab, argument: .none),
        .init(name: "label", identifier: .label, argument: .required),
        .init(name: "line-buffered", identifier: .lineBuffered, argument: .none),
        .init(name: "line-number", identifier: .lineNumber, argument: .none),
        .init(name: "line-regexp", identifier: .lineRegexp, argument: .none),
        .init(name: "max-count", identifier: .maxCount, argument: .required),
        .init(name: "no-filename", identifier: .noFilename, argument: .none),
        .init(name: "no-group-separator", identifier: .noGroupSeparator, argument: .none),
        .init(name: "no-messages", identifier: .noMessages, argument: .none),
        .init(name: "null", identifier: .null, argument: .none),
        .init(name: "null-data", identifier: .nullData, argument: .none),
        .init(name: "only-matching", identifier: .onlyMatching, argument: .none),
        .init(name: "quiet", identifier: .quiet, argument: .none),
        .init(name: "recursive", identifier: .recursive, argument: .none),
        .init(name: "dereference-recursive", identifier: .dereferenceRecursive, argument: .none),
        .init(name: "regexp", identifier: .regexp, argument: .required),
        .init(name: "invert-match", identifier: .invertMatch, argument: .none),
        .init(name: "silent", identifier: .quiet, argument: .none),
        .init(name: "text", identifier: .text, argument: .none),
        .init(name: "binary", identifier: .binary, argument: .none),
        .init(name: "unix-byte-offsets", identifier: .unixByteOffsets, argument: .none),
        .init(name: "version", identifier: .version, argument: .none),
        .init(name: "with-filename", identifier: .withFilename, argument: .none),
        .init(name: "word-regexp", identifier: .wordRegexp, argument: .none),
        // icugrep's extras.
        .init(name: "unicode-words", identifier: .unicodeWords, argument: .none),
        .init(name: "encoding", identifier: .encoding, argument: .required),
        .init(name: "time-limit", identifier: .timeLimit, argument: .required),
        // ripgrep's names, for its output formats and smart case.
        .init(name: "json", identifier: .json, argument: .none),
        .init(name: "column", identifier: .column, argument: .none),
        .init(name: "vimgrep", identifier: .vimgrep, argument: .none),
        .init(name: "replace", identifier: .replace, argument: .required),
        .init(name: "passthru", identifier: .passthru, argument: .none),
        .init(name: "count-matches", identifier: .countMatches, argument: .none),
        .init(name: "multiline", identifier: .multiline, argument: .none),
        .init(name: "multiline-dotall", identifier: .multilineDotAll, argument: .none),
        .init(name: "stats", identifier: .stats, argument: .none),
        .init(name: "pattern-counts", identifier: .patternCounts, argument: .none),
        .init(name: "pattern-colors", identifier: .patternColors, argument: .required),
        .init(name: "heading", identifier: .heading, argument: .none),
        .init(name: "no-heading", identifier: .noHeading, argument: .none),
        .init(name: "max-columns", identifier: .maxColumns, argument: .required),
        .init(name: "max-columns-preview", identifier: .maxColumnsPreview, argument: .none),
        .init(name: "smart-case", identifier: .smartCase, argument: .none),
        // ripgrep's file selection.
        .init(name: "ignore-vcs", identifier: .ignoreVCS, argument: .none),
        .init(name: "type", identifier: .fileType, argument: .required),
        .init(name: "type-not", identifier: .fileTypeNot, argument: .required),
        .init(name: "type-list", identifier: .typeList, argument: .none),
        .init(name: "files", identifier: .listFiles, argument: .none),
        .init(name: "no-ignore", identifier: .noIgnore, argument: .none),
        .init(name: "no-ignore-vcs", identifier: .noIgnoreVCS, argument: .none),
        .init(name: "hidden", identifier: .hidden, argument: .none),
        .init(name: "no-hidden", identifier: .noHidden, argument: .none),
        .init(name: "max-depth", identifier: .maxDepth, argument: .required),
        .init(name: "follow", identifier: .follow, argument: .none),
        .init(name: "no-follow", identifier: .noFollow, argument: .none),
        .init(name: "glob", identifier: .glob, argument: .required),
        .init(name: "iglob", identifier: .caseInsensitiveGlob, argument: .required),
        .init(name: "type-add", identifier: .typeAdd, argument: .required),
        .init(name: "type-clear", identifier: .typeClear, argument: .required),
        // ripgrep's threads and sorting.
        .init(name: "threads", identifier: .threads, argument: .required),
        .init(name: "sort", identifier: .sort, argument: .required),
        .init(name: "sortr", identifier: .sortReversed, argument: .required),
        .init(name: "search-zip", identifier: .searchZip, argument: .none),
        .init(name: "pre", identifier: .preprocessor, argument: .required),
        .init(name: "no-pre", identifier: .noPreprocessor, argument: .none),
        .init(name: "pre-glob", identifier: .preprocessorGlob, argument: .required),
        // ugrep's Boolean queries.
        .init(name: "and", identifier: .andPatterns, argument: .required),
        .init(name: "not", identifier: .notPatterns, argument: .required),
        .init(name: "bool", identifier: .booleanQuery, argument: .required),
        .init(name: "query-scope", identifier: .queryScope, argument: .required),
    ]

    /// The options named after ripgrep's, which an abbreviation reaches only when it abbreviates
    /// none of GNU grep's options: `--col` stays `--color` and `--s` stays `--silent`, as in
    /// GNU grep, instead of becoming ambiguous with `--column` and `--smart-case`.
    static let ripgrepOptionNames: Set<String> = Set(["json", "column", "vimgrep", "smart-case"])
        .union(["replace", "passthru", "count-matches", "stats", "heading", "no-heading"])
        .union(["multiline", "multiline-dotall"])
        .union(["max-columns", "max-columns-preview"])
        .union(["ignore-vcs", "type", "type-not", "type-list", "files"])
        .union([
            "no-ignore", "no-ignore-vcs", "hidden", "no-hidden", "max-depth", "follow", "no-follow",
            "glob", "iglob", "type-add", "type-clear", "threads", "sort", "sortr", "search-zip",
            "pre", "no-pre", "pre-glob",
        ])
        .union(["and", "not", "bool", "query-scope"])

    /// The short options, as GNU grep 3.8's option string
    /// `0123456789A:B:C:D:EFGHILRTUVZabcd:e:f:hilm:noqrsuvwxyz` (without its undocumented `-X`).
    static let shortOptions: [ShortOptionSpecification] = {
        var options: [ShortOptionSpecification] = "0123456789".map {
            .init(letter: $0, identifier: .contextDigit, argument: .none)
        }
        let letters: [(Character, OptionIdentifier, ArgumentRequirement)] = [
            ("A", .afterContext, .required), ("B", .beforeContext, .required),
            ("C", .context, .required), ("D", .devices, .required),
            ("E", .extendedRegexp, .none), ("F", .fixedStrings, .none),
            ("G", .basicRegexp, .none), ("H", .withFilename, .none),
            ("I", .binaryWithoutMatch, .none), ("L", .filesWithoutMatch, .none),
            ("P", .perlRegexp, .none), ("R", .dereferenceRecursive, .none),
            ("S", .smartCase, .none),
            ("T", .initialTab, .none), ("U", .binary, .none),
            ("V", .version, .none), ("Z", .null, .none),
            ("a", .text, .none), ("b", .byteOffset, .none),
            ("c", .count, .none), ("d", .directories, .required),
            ("e", .regexp, .required), ("f", .file, .required),
            ("h", .noFilename, .none), ("i", .ignoreCase, .none),
            ("l", .filesWithMatches, .none), ("m", .maxCount, .required),
            ("n", .lineNumber, .none), ("o", .onlyMatching, .none),
            ("q", .quiet, .none), ("r", .recursive, .none),
            ("s", .noMessages, .none), ("u", .unixByteOffsets, .none),
            ("v", .invertMatch, .none), ("w", .wordRegexp, .none),
            ("x", .lineRegexp, .none), ("y", .ignoreCase, .none),
            ("z", .nullData, .none),
        ]
        options += letters.map { .init(letter: $0.0, identifier: $0.1, argument: $0.2) }
        // ripgrep's -t, which GNU grep leaves free (its -T is --initial-tab, so --type-not has
        // no short option).
        options.append(.init(letter: "t", identifier: .fileType, argument: .required))
        // ripgrep's -g and -j, which GNU grep leaves free too. ripgrep's -d (--max-depth) and
        // -L (--follow) are GNU grep's --directories and --files-without-match, which they stay.
        options.append(.init(letter: "g", identifier: .glob, argument: .required))
        options.append(.init(letter: "j", identifier: .threads, argument: .required))
        // ripgrep's -M (--max-columns), which GNU grep leaves free too.
        options.append(.init(letter: "M", identifier: .maxColumns, argument: .required))
        // ugrep's -% (--bool without an argument), which is no GNU letter; -%% is
        // ArgumentScanner's.
        options.append(.init(letter: "%", identifier: .booleanPatterns, argument: .none))
        return options
    }()

    /// The short option spelled `letter`, or nil when there is none.
    static func shortOption(_ letter: Character) -> ShortOptionSpecification? {
        shortOptions.first { $0.letter == letter }
    }
}
