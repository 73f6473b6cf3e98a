/// The text of `icugrep --help`: GNU grep 3.8's help, laid out the same way, adapted to
/// ICU's pattern syntax and icugrep's extra options, and ending as GNU's does with where to
/// report bugs (icugrep's address; invoked as `grep`, GNU grep's too, for what GNU grep 3.8
/// does the same way, since scripts and people look for it there).
///
/// Every option icugrep accepts is listed here, except the obsolete `-u` (which GNU grep's
/// help does not list either); the manual page describes each one.
enum HelpText {
    /// The help text when patterns are ICU regular expressions by default, as `icugrep`.
    static let text = text(defaultSyntax: .regularExpression)

    /// The whole help text when patterns are read in `defaultSyntax` unless an option says
    /// otherwise (``DefaultPatternSyntax``), ending in a newline.
    static func text(
        defaultSyntax: Configuration.PatternSyntax, speaksAsGNUGrep: Bool = ProgramIdentity.speaksAsGNUGrep
    ) -> String {
        func defaultMark(_ syntax: Configuration.PatternSyntax) -> String {
            syntax == defaultSyntax ? " (the default)" : ""
        }
        let defaultLine = switch defaultSyntax {
        case .regularExpression: "PATTERNS are ICU regular expressions unless -E, -F or -G says otherwise;"
        case .basicRegexp: "PATTERNS are basic regular expressions unless -E, -F or -P says otherwise;"
        case .extendedRegexp: "PATTERNS are extended regular expressions unless -F, -G or -P says otherwise;"
        case .fixedStrings: "PATTERNS are strings unless -E, -G or -P says otherwise;"
        }
        return """
        \(ProgramIdentity.usageLine)
        Search for PATTERNS in each FILE.
        Example: \(ProgramIdentity.name) -i 'hello world' menu.h main.c
        PATTERNS can contain multiple patterns separated by newlines.
        \(defaultLine)
        see \(ProgramIdentity.productName)(1) for their syntax.

        Pattern selection and interpretation:
          -E, --extended-regexp     PATTERNS are extended regular expressions\(defaultMark(.extendedRegexp))
          -F, --fixed-strings       PATTERNS are strings\(defaultMark(.fixedStrings))
          -G, --basic-regexp        PATTERNS are basic regular expressions\(defaultMark(.basicRegexp))
          -P, --perl-regexp         PATTERNS are ICU regular expressions\(defaultMark(.regularExpression))
          -e, --regexp=PATTERNS     use PATTERNS for matching
          -f, --file=FILE           take PATTERNS from FILE
          -i, --ignore-case         ignore case distinctions in patterns and data
          -y                        same as -i
              --no-ignore-case      do not ignore case distinctions (default)
          -S, --smart-case          ignore case unless PATTERNS have an upper-case
                                    literal (ripgrep's rule); the last of -i,
                                    --no-ignore-case and -S counts
          -w, --word-regexp         match only whole words
          -x, --line-regexp         match only whole lines
          -z, --null-data           a data line ends in 0 byte, not newline
              --multiline           let matches span lines (ripgrep's -U); each
                                    line a match spans is printed (-v: the
                                    lines no match touches; --replace: the
                                    lines of the replaced text)
              --multiline-dotall    with --multiline, '.' matches a line end too
              --unicode-words       find word boundaries (\\b, -w) by Unicode's rules
              --and=PATTERNS        a line must also match one of PATTERNS
              --not=PATTERNS        a line must match none of PATTERNS
              --bool=QUERY          select the lines on which QUERY holds: patterns
                                    with AND (space), OR (|), NOT (-), parentheses
                                    and "strings", as in ugrep (NOT, then OR, then
                                    AND bind); no operand is then a pattern
              --query-scope=SCOPE   'line' (default): the query holds on a line;
                                    'file': over the whole file, whose lines with
                                    a positive term are then printed (-v: the
                                    other files, their lines without one)
          -%                        the patterns are Boolean queries (ugrep's):
                                    -e's and the operand, as --bool's; -%%: the
                                    same with --query-scope=file
              --time-limit=SECONDS  give up on a line after SECONDS (default 1;
                                    fractions allowed), an error; 0 means no limit

        Miscellaneous:
          -s, --no-messages         suppress error messages
          -v, --invert-match        select non-matching lines
          -V, --version             display version information and exit
              --help                display this help text and exit

        Output control:
          -m, --max-count=NUM       stop after NUM selected lines
          -b, --byte-offset         print the byte offset with output lines
          -n, --line-number         print line number with output lines
              --line-buffered       flush output on every line
          -j, --threads=NUM         search with NUM threads (0: one per processor)
          -H, --with-filename       print file name with output lines
          -h, --no-filename         suppress the file name prefix on output
              --label=LABEL         use LABEL as the standard input file name prefix
          -o, --only-matching       show only nonempty parts of lines that match
          -q, --quiet, --silent     suppress all normal output
              --binary-files=TYPE   assume that binary files are TYPE;
                                    TYPE is 'binary', 'text', or 'without-match'
          -a, --text                equivalent to --binary-files=text
          -I                        equivalent to --binary-files=without-match
              --encoding=NAME       read input in the character set NAME (an ICU
                                    converter name); default UTF-8, or UTF-16 or
                                    UTF-32 when a byte-order mark says so
              --search-zip          search compressed files (gzip, bzip2, xz, lzma,
                                    lz4, zstd, brotli, compress) decompressed
              --pre=COMMAND         search what COMMAND FILE prints instead of FILE
              --no-pre              undo --pre
              --pre-glob=GLOB       run --pre's COMMAND only on files GLOB matches
                                    (or, with '!', does not match)
          -d, --directories=ACTION  how to handle directories;
                                    ACTION is 'read', 'recurse', or 'skip'
          -D, --devices=ACTION      how to handle devices, FIFOs and sockets;
                                    ACTION is 'read' or 'skip'
          -r, --recursive           like --directories=recurse
          -R, --dereference-recursive  likewise, but follow all symlinks
              --include=GLOB        search only files that match GLOB (a file pattern)
              --exclude=GLOB        skip files that match GLOB
              --exclude-from=FILE   skip files that match any file pattern from FILE
              --exclude-dir=GLOB    skip directories that match GLOB
              --ignore-vcs          while recursing, skip .git and what .gitignore,
                                    .ignore and .git/info/exclude ignore
              --no-ignore-vcs       read no .gitignore or .git/info/exclude
              --no-ignore           read no ignore file (undoes --ignore-vcs)
              --no-hidden           while recursing, skip hidden files and directories
              --hidden              search hidden files and directories (default)
              --max-depth=NUM       descend at most NUM directories below an operand
              --follow              follow all symlinks while recursing (as -R)
              --no-follow           follow symlinks only on the command line
          -g, --glob=GLOB           while recursing, search only what matches GLOB, or
                                    skip it if GLOB starts with '!' (gitignore-style,
                                    the last match wins, ahead of the other filters)
              --iglob=GLOB          like --glob, ignoring case
              --type-add=NAME:GLOB  add GLOB to the file type NAME (or
                                    NAME:include:TYPE,... adds those types' globs)
              --type-clear=TYPE     forget the globs of TYPE
          -t, --type=TYPE           while recursing, search only files of TYPE
              --type-not=TYPE       while recursing, skip files of TYPE
              --type-list           list the file types (ripgrep's) and exit
              --files               print the files that would be searched;
                                    every operand is a FILE, no PATTERNS
          -L, --files-without-match  print only names of FILEs with no selected lines
          -l, --files-with-matches  print only names of FILEs with selected lines
          -c, --count               print only a count of selected lines per FILE
          -T, --initial-tab         make tabs line up (if needed)
          -Z, --null                print 0 byte after FILE name
              --column              print the byte column of the first match
                                    (of each match with -o); implies -n
              --vimgrep             print FILE:LINE:COLUMN:line once per match
              --json                print ripgrep's JSON Lines messages (with several
                                    patterns, each submatch names its pattern)
              --sort=KEY            print files in ascending order of KEY:
                                    'path', 'modified', 'accessed', 'created', 'none'
              --sortr=KEY           print files in descending order of KEY
              --replace=TEMPLATE    print each match replaced by TEMPLATE ($1, ${name})
              --passthru            print every line, the others as context
              --count-matches       print only a count of matches per FILE
              --stats               print ripgrep's statistics after the results
              --pattern-counts      print each pattern's count of selected lines
                                    (of matches with -o or --count-matches)
                                    after the results
              --pattern-colors=LIST  color each pattern's matches: mt0=SGR:mt1=SGR:...
                                    (0-based pattern indices, with --color)
              --heading             print each FILE's name above its lines
              --no-heading          print FILE's name before each line (default)
          -M, --max-columns=NUM     omit lines longer than NUM bytes
              --max-columns-preview  print such lines cut to NUM characters

        Context control:
          -B, --before-context=NUM  print NUM lines of leading context
          -A, --after-context=NUM   print NUM lines of trailing context
          -C, --context=NUM         print NUM lines of output context
          -NUM                      same as --context=NUM
              --group-separator=SEP  print SEP on line between matches with context
              --no-group-separator  do not print separator for matches with context
              --color[=WHEN],
              --colour[=WHEN]       use markers to highlight the matching strings;
                                    WHEN is 'always', 'never', or 'auto'
          -U, --binary              no effect (accepted for compatibility)

        When FILE is '-', read standard input.  With no FILE, read '.' if
        recursive, '-' otherwise.  With fewer than two FILEs, assume -h.
        Exit status is 0 if any line is selected, 1 otherwise;
        if any error occurs and -q is not given, the exit status is 2.

        Report bugs to: \(ProgramIdentity.bugReportAddress)\(speaksAsGNUGrep ? gnuReportLine : "")
        \(ProgramIdentity.productName) home page: <\(ProgramIdentity.homePage)>
        Full documentation: man \(ProgramIdentity.productName)

        """
    }

    /// Where GNU grep's own bugs go, said as `grep`, after icugrep's address.
    static let gnuReportLine = "\nBugs GNU grep \(ProgramIdentity.emulatedGrepVersion) shares: \(ProgramIdentity.gnuBugReportAddress)"
}
