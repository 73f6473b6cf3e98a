import ICURegex

/// Everything one run of icugrep needs to know, as the command line decided it.
///
/// The command-line parser (`CommandLine/`) produces it; the matcher, searcher and printer
/// read it. Defaults are GNU grep's.
struct Configuration: Sendable {
    // MARK: Patterns

    /// How the patterns are read; the default depends on the name icugrep is invoked by
    /// (``DefaultPatternSyntax``).
    enum PatternSyntax: Sendable, Equatable {
        /// ICU regular expressions (the default as `icugrep`; `-P` names it).
        case regularExpression
        /// Fixed strings (`-F`): every character stands for itself.
        case fixedStrings
        /// POSIX basic regular expressions as GNU grep reads them (`-G`; the default as
        /// `grep`), translated to ICU.
        case basicRegexp
        /// POSIX extended regular expressions as GNU grep reads them (`-E`), translated to ICU.
        case extendedRegexp
    }

    /// Where a pattern came from: a line of a `-f FILE`, which GNU grep names in a pattern's
    /// error message (`FILE:LINE: `).
    struct PatternOrigin: Sendable, Equatable {
        /// The file name as given to `-f`.
        var file: String
        /// The 1-based line number in that file.
        var line: Int
    }

    /// The patterns, one per element: each `-e` argument and each line of each `-f` file,
    /// with a pattern argument that holds newlines split into one pattern per line, as grep
    /// does. A line matches when any pattern matches it.
    var patterns: [String] = []
    /// The origin of each pattern of ``patterns`` (nil for `-e` and the operand); may be
    /// shorter than ``patterns`` when built by hand.
    var patternOrigins: [PatternOrigin?] = []
    var patternSyntax: PatternSyntax = .regularExpression
    /// With `--and`, `--not` or `--bool`, the Boolean query that selects lines (or files): its
    /// terms are the indices of ``patterns``. Nil without them: a line is selected when any
    /// pattern matches it.
    var query: BooleanQuery? = nil

    /// Over what a Boolean query is evaluated (`--query-scope`).
    enum QueryScope: Sendable, Equatable {
        /// Each line (the default): a line is selected when the query holds on it.
        case line
        /// Each file: a file is selected when the query holds over the whole file (a term
        /// holds when it matches any line), and then its lines that match a positive term.
        case file
    }

    var queryScope: QueryScope = .line
    /// With `-G` and `-E`, the ICU translation of each pattern (``POSIXPatternStep``); nil
    /// before the translation and in the other syntaxes.
    var translatedPatterns: [String]? = nil
    /// `-i`, `-y`; `--no-ignore-case` turns it off again.
    var ignoreCase = false
    /// `-S`, `--smart-case`: ignore case when no pattern has an upper-case literal (ripgrep's
    /// rule, ``SmartCase``); the last of `-i`, `--no-ignore-case` and `-S` decides.
    var smartCase = false
    /// `-v`: select the lines that do not match.
    var invertMatch = false
    /// `-w`: a match must be a whole word: not preceded or followed by a word character.
    var wordRegexp = false
    /// `-x`: a match must be the whole line.
    var lineRegexp = false
    /// `--unicode-words`: `\b` and `-w` find word boundaries by Unicode's UAX #29 rules.
    var unicodeWords = false
    /// `--time-limit=SECONDS`: the wall-clock limit for matching one line (each search of it),
    /// however long the line; 0 means none. The default stops a runaway pattern on one line in
    /// about a second.
    var timeLimitSeconds: Double = 1
    /// ICU's own time limit for matching one line, in its match-engine steps (0: none), which
    /// grows with the line (see `RegexPattern.Limits`). No option sets it: the wall-clock
    /// limit replaced it; tests set it for limits that do not depend on the machine's speed.
    var timeLimitSteps: Int32 = 0
    /// Whether lines that lack every literal the patterns require are skipped without being
    /// matched (the prefilter). Only tests turn it off, to compare both searches; the
    /// environment variable `ICUGREP_NO_PREFILTER=1` turns it off too.
    var usesPrefilter = true

    // MARK: What to print

    /// What icugrep prints for each file.
    enum OutputMode: Sendable, Equatable {
        /// The selected lines (the default).
        case lines
        /// `-c`: the number of selected lines.
        case count
        /// `-l`: the names of files with a selected line.
        case filesWithMatches
        /// `-L`: the names of files with no selected line.
        case filesWithoutMatch
        /// `-q`: nothing; stop at the first selected line.
        case quiet
    }

    var outputMode: OutputMode = .lines
    /// `-o`: print only the matched parts of a line, each on its own line.
    var onlyMatching = false
    /// `--json`: ripgrep's JSON Lines messages (`begin`, `match`, `context`, `end`, `summary`)
    /// instead of grep's lines.
    var json = false
    /// `--column`: the 1-based byte column of the line's first match (of each match with `-o`)
    /// after the line number, as ripgrep prints it.
    var column = false
    /// `--vimgrep`: one line per match, `FILE:LINE:COLUMN:line`, as ripgrep prints it.
    var vimgrep = false
    /// `--replace=TEMPLATE`: each match printed replaced by the template, in ICU's syntax
    /// (`$1`, `${name}`, `\$`), as `rg -r` prints it.
    var replacement: String? = nil
    /// `--passthru`: every line printed, those not selected as context lines, as ripgrep does.
    var passthru = false
    /// `--multiline` (ripgrep's `-U`): a match may span lines; each line it spans is printed
    /// (see ``MultilineSearcher``).
    var multiline = false
    /// `--multiline-dotall`: with ``multiline``, `.` matches the line terminator too.
    var multilineDotAll = false
    /// `--count-matches`: with `-c`'s output, the number of matches rather than of lines
    /// (with `-v`, of selected lines), as ripgrep counts them.
    var countsMatches = false
    /// `--stats`: ripgrep's statistics of the run (matches, lines, files, bytes, times) after
    /// its output.
    var stats = false
    /// `--pattern-counts`: after the output, how many lines each pattern selected (how many
    /// of the printed matches it gave with `-o`), in the order given (``PatternAttribution``).
    var patternCounts = false
    /// `--pattern-colors`: the SGR sequence of each pattern's matches, by the pattern's index
    /// (0-based, in the order given); a pattern without one takes `ms=`/`mc=`.
    var patternColors: [Int: String] = [:]
    /// `--heading`: each file's name on a line of its own before its lines, as ripgrep
    /// prints it (`--no-heading`, the default, puts it before each line).
    var heading = false
    /// `-M NUM`: lines longer than NUM bytes are printed as a note instead, as ripgrep does;
    /// nil: no limit.
    var maxColumns: Int? = nil
    /// `--max-columns-preview`: such lines are printed cut to NUM characters, with a note.
    var maxColumnsPreview = false
    /// `-m NUM`: stop reading a file after NUM selected lines; nil means no limit.
    var maxCount: Int? = nil
    /// `-b`: print the byte offset of each line (or of each match with `-o`).
    var byteOffset = false
    /// `-n`: print the 1-based line number of each line.
    var lineNumber = false
    /// `-H` (true) or `-h` (false); nil means grep's default: names are shown when there is
    /// more than one file operand or when searching recursively.
    var withFilename: Bool? = nil
    /// `--label=LABEL`: the name shown for standard input.
    var label = "(standard input)"
    /// `-T`: align the line content after a tab.
    var initialTab = false
    /// `-Z`, `--null`: end a file name with a NUL byte instead of `:` or a newline.
    var nullAfterName = false
    /// `-B NUM`: lines of context before each selected line.
    var beforeContext = 0
    /// `-A NUM`: lines of context after each selected line.
    var afterContext = 0
    /// True when `-A`, `-B`, `-C` or `-NUM` was given, even with 0: grep then prints the group
    /// separator between non-adjacent groups (`grep -A0` prints `--`, plain grep does not).
    var contextRequested = false
    /// The line between groups of context: `--group-separator=SEP`, nil with
    /// `--no-group-separator`.
    var groupSeparator: String? = "--"
    /// Whether to color output, after resolving `--color=WHEN` against the terminal.
    var color = false
    /// The SGR sequences to color with, from `GREP_COLORS`.
    var colors = OutputColors()
    /// `--line-buffered`: flush output after every line.
    var lineBuffered = false
    /// `-z`, `--null-data`: lines end at NUL bytes instead of newlines, in input and output.
    var nullData = false

    // MARK: Input

    /// What to do with a file that holds NUL bytes (binary data).
    enum BinaryFiles: Sendable, Equatable {
        /// `--binary-files=binary` (the default): search it, but instead of printing a selected
        /// line print `icugrep: FILE: binary file matches` to standard error and stop.
        case binary
        /// `-a`, `--binary-files=text`: search and print it as text.
        case text
        /// `-I`, `--binary-files=without-match`: treat it as having no match.
        case withoutMatch
    }

    var binaryFiles: BinaryFiles = .binary
    /// True in a UTF-8 locale (the default; false in the C locale): a line to print that is not
    /// valid UTF-8 is held back and makes the file binary, as in GNU grep (`UTF8EncodingErrors`).
    var encodingErrorsAreBinary = true
    /// True where GNU grep reads every byte as a character (outside a UTF-8 locale, for
    /// `-G`, `-E`, `-F`, and `-P` invoked as `grep`): the patterns and the input are then read
    /// as ``ByteCharacters`` (the input transcoded as it is read, ``ByteCharacterTranscoder``,
    /// and written back as it is printed, ``ByteCharacterSink``). icugrep's own ICU syntax reads
    /// UTF-8 in every locale, as ripgrep does; so do `--encoding`, and the options whose
    /// printers search the text again or report it as UTF-8 (`--replace`, `--json`,
    /// `--pattern-colors`, `--pattern-counts`).
    var readsBytesAsCharacters = false
    /// True in a Turkish or Azeri locale (``ProgramEnvironment/localeHasTurkicCase``): with
    /// `-i`, `-G`, `-E` and `-F` pair `i` with `İ` and `I` with `ı`, as GNU grep does there.
    var turkicCase = false
    /// How `[=c=]` reads with `-G` and `-E`: C.UTF-8's one character, or the locale's
    /// collation (``ProgramEnvironment/collatingLocale``).
    var equivalenceClasses: EquivalenceClasses = .codePoints
    /// `-s`: no messages about missing or unreadable files (the exit status is unchanged).
    var noMessages = false

    /// How directories given or found are handled.
    enum Recursion: Sendable, Equatable {
        /// No recursion: a directory operand is an error (`Is a directory`).
        case none
        /// `-r`: search directories recursively, following symbolic links only on the command
        /// line.
        case recursive
        /// `-R`: search directories recursively, following all symbolic links.
        case dereferenceRecursive
    }

    var recursion: Recursion = .none
    /// `-d skip`, `--directories=skip`: skip directories silently instead of reading them
    /// (reading one is an `Is a directory` error). Only meaningful when `recursion` is `.none`.
    var skipDirectories = false
    /// `-D skip`, `--devices=skip`: skip devices, FIFOs and sockets instead of reading them.
    var skipDevices = false
    /// `--include=GLOB`, `--exclude=GLOB` and `--exclude-from=FILE`, in command-line order:
    /// the last glob that matches a file name decides, and a name that matches none is skipped
    /// only when the first of them is an include (GNU grep's rule, which depends on the order).
    var fileNameGlobs: [FileNameGlob] = []
    /// `--exclude-dir=GLOB`: skip directories whose base name matches one.
    var excludeDirectoryGlobs: [String] = []
    /// `--pre=COMMAND`: search the output of `COMMAND FILE` (its standard input the file)
    /// instead of each file's contents, as ripgrep; nil without it, or after `--no-pre` or an
    /// empty COMMAND. It goes before ``searchZip``.
    var preprocessor: String? = nil
    /// `--pre-glob=GLOB`: with `--pre`, only the files these globs do not exclude
    /// (``OverrideGlobs``: a `!` glob, or no glob matching when some glob includes) are
    /// preprocessed, as in ripgrep.
    var preprocessorGlobs: [OverrideGlob] = []
    /// `--search-zip`: read compressed files (gzip, bzip2, xz, lzma, lz4, zstd, brotli,
    /// compress) through their decompressors (``CompressionFormat``), as ripgrep's `-z`.
    var searchZip = false
    /// `--encoding=NAME`: the ICU converter for the input; nil means UTF-8, unless a UTF-16
    /// or UTF-32 byte-order mark says otherwise.
    var encoding: String? = nil

    /// `--ignore-vcs`: while recursing, skip `.git` and what `.gitignore` and
    /// `.git/info/exclude` ignore (``VCSIgnoreRules``); `--no-ignore-vcs` and `--no-ignore`
    /// turn it off.
    var ignoreVCS = false
    /// `--ignore-vcs` also: while recursing, skip what `.ignore` files (ripgrep's) ignore;
    /// `--no-ignore` turns it off, `--no-ignore-vcs` does not (as in ripgrep).
    var ignoreDotIgnoreFiles = false
    /// `--no-hidden`: while recursing, skip the files and directories whose name starts with
    /// `.`. GNU grep searches them, and so does icugrep by default; `--hidden` turns this off.
    var skipsHidden = false
    /// `--max-depth=NUM`: while recursing, search only the entries at most NUM directories
    /// below a directory operand (1: its own entries; 0: nothing below it); nil means no limit.
    var maxDepth: Int? = nil
    /// `-g GLOB`, `--glob=GLOB`, `--iglob=GLOB` in command-line order (``OverrideGlobs``):
    /// ripgrep's overrides, which decide ahead of every other filter while recursing.
    var overrideGlobs: [OverrideGlob] = []
    /// `-t TYPE` and `--type-not=TYPE` in command-line order (``FileTypeFilter``), applied to
    /// the files found while recursing.
    var fileTypeSelections: [FileTypeSelection] = []
    /// `--files`: print the name of each file that would be searched instead of searching.
    var listsFiles = false
    /// `--sort=KEY`, `--sortr=KEY`: print the files found in this order instead of the
    /// directories' order; nil (`--sort=none`, the default) keeps the walk's order.
    var sortOrder: FileSortOrder? = nil
    /// `-j NUM`, `--threads=NUM`: the number of searching threads; nil (or `-j 0`) leaves it to
    /// `ICUGREP_THREADS` or else one per online processor.
    var threads: Int? = nil

    /// The file operands; empty means standard input, or `.` with `-r`/`-R`. `-` is standard
    /// input.
    var files: [String] = []
}

/// One `--include` or `--exclude` glob.
struct FileNameGlob: Sendable, Equatable {
    /// Whether a matching file is searched or skipped.
    enum Kind: Sendable, Equatable {
        /// `--include`: a matching file is searched.
        case include
        /// `--exclude`, `--exclude-from`: a matching file is skipped.
        case exclude
    }

    var kind: Kind
    /// An fnmatch(3) pattern.
    var glob: String
}

/// `--sort=KEY` or `--sortr=KEY`: the order in which the files are printed.
struct FileSortOrder: Sendable, Equatable {
    /// What the files are sorted by.
    enum Key: Sendable, Equatable {
        /// The path, byte by byte (each directory's entries by name, as ripgrep does).
        case path
        /// The last modification time.
        case modified
        /// The last access time.
        case accessed
        /// The creation (birth) time, where the file system records it.
        case created
    }

    var key: Key
    /// `--sortr`: descending.
    var reversed: Bool
}

/// One `-g`/`--glob` or `--iglob` glob, as given (a leading `!` excludes).
struct OverrideGlob: Sendable, Equatable {
    var glob: String
    /// `--iglob`: ASCII letters match either case.
    var ignoresCase: Bool
}

/// The SGR color sequences of `GREP_COLORS`, with GNU grep's defaults.
struct OutputColors: Sendable, Equatable {
    /// `ms=`: matched text in a selected line.
    var selectedMatch = "01;31"
    /// `mc=`: matched text in a context line.
    var contextMatch = "01;31"
    /// `sl=`: a whole selected line.
    var selectedLine = ""
    /// `cx=`: a whole context line.
    var contextLine = ""
    /// `fn=`: a file name.
    var fileName = "35"
    /// `ln=`: a line number.
    var lineNumber = "32"
    /// `bn=`: a byte offset.
    var byteOffset = "32"
    /// `se=`: a separator (`:`, `-`, `--`).
    var separator = "36"
    /// `rv`: with `-v`, swap the meanings of `sl=` and `cx=`.
    var reverseVideo = false
    /// `ne`: do not append the erase-in-line sequence `\e[K` after each colored part.
    var noEraseInLine = false
}
