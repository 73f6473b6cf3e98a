/// What an option means, whichever of its spellings was used: `-i`, `-y` and `--ignore-case`
/// are all ``ignoreCase``.
enum OptionIdentifier: Sendable, Equatable {
    // Pattern selection and interpretation.
    /// `-G`, `--basic-regexp`: POSIX basic regular expressions, as GNU grep reads them.
    case basicRegexp
    /// `-E`, `--extended-regexp`: POSIX extended regular expressions, as GNU grep reads them.
    case extendedRegexp
    /// `-F`, `--fixed-strings`, `--fixed-regexp`: the patterns are fixed strings.
    case fixedStrings
    /// `-P`, `--perl-regexp`: ICU's syntax, the default.
    case perlRegexp
    /// `-e PATTERNS`, `--regexp=PATTERNS`.
    case regexp
    /// `--and=PATTERNS`: a line must also match one of these patterns (ugrep's).
    case andPatterns
    /// `--not=PATTERNS`: a line must match none of these patterns (ugrep's `--andnot`).
    case notPatterns
    /// `--bool=QUERY`: a Boolean query of patterns, in ugrep's grammar.
    case booleanQuery
    /// `--query-scope=line|file`: whether the query is evaluated on each line or over the file.
    case queryScope
    /// `-%` (ugrep's short `--bool`): the patterns of `-e` and the operand are Boolean queries.
    case booleanPatterns
    /// `-%%` (ugrep 4's `--bool --files`): `-%` with the file scope.
    case booleanPatternsOverFiles
    /// `-f FILE`, `--file=FILE`.
    case file
    /// `-i`, `-y`, `--ignore-case`.
    case ignoreCase
    /// `--no-ignore-case`.
    case noIgnoreCase
    /// `-w`, `--word-regexp`.
    case wordRegexp
    /// `-x`, `--line-regexp`.
    case lineRegexp
    /// `-z`, `--null-data`.
    case nullData
    /// `--unicode-words` (an icugrep extra).
    case unicodeWords
    /// `--time-limit=SECONDS` (an icugrep extra).
    case timeLimit
    /// `-S`, `--smart-case` (ripgrep's): ignore case unless a pattern has an upper-case
    /// literal.
    case smartCase

    // Miscellaneous.
    /// `-s`, `--no-messages`.
    case noMessages
    /// `-v`, `--invert-match`.
    case invertMatch
    /// `-V`, `--version`.
    case version
    /// `--help`.
    case help

    // Output control.
    /// `-m NUM`, `--max-count=NUM`.
    case maxCount
    /// `-b`, `--byte-offset`.
    case byteOffset
    /// `-n`, `--line-number`.
    case lineNumber
    /// `--line-buffered`.
    case lineBuffered
    /// `-H`, `--with-filename`.
    case withFilename
    /// `-h`, `--no-filename`.
    case noFilename
    /// `--label=LABEL`.
    case label
    /// `-o`, `--only-matching`.
    case onlyMatching
    /// `-q`, `--quiet`, `--silent`.
    case quiet
    /// `--binary-files=TYPE`.
    case binaryFiles
    /// `-a`, `--text`.
    case text
    /// `-I`: binary files never match.
    case binaryWithoutMatch
    /// `-d ACTION`, `--directories=ACTION`.
    case directories
    /// `-D ACTION`, `--devices=ACTION`.
    case devices
    /// `-r`, `--recursive`.
    case recursive
    /// `-R`, `--dereference-recursive`.
    case dereferenceRecursive
    /// `--include=GLOB`.
    case include
    /// `--exclude=GLOB`.
    case exclude
    /// `--exclude-from=FILE`.
    case excludeFrom
    /// `--exclude-dir=GLOB`.
    case excludeDirectory
    /// `-L`, `--files-without-match`.
    case filesWithoutMatch
    /// `-l`, `--files-with-matches`.
    case filesWithMatches
    /// `-c`, `--count`.
    case count
    /// `-T`, `--initial-tab`.
    case initialTab
    /// `-Z`, `--null`.
    case null
    /// `--encoding=NAME` (an icugrep extra).
    case encoding
    /// `--json` (ripgrep's): ripgrep's JSON Lines messages instead of grep's lines.
    case json
    /// `--column` (ripgrep's): the 1-based byte column of the first match after the line number.
    case column
    /// `--vimgrep` (ripgrep's): one `FILE:LINE:COLUMN:line` line per match.
    case vimgrep
    /// `--replace=TEMPLATE` (ripgrep's `-r`, long only here: `-r` is GNU grep's recursion):
    /// each match printed replaced by ICU's template.
    case replace
    /// `--passthru` (ripgrep's): every line printed, the lines not selected as context.
    case passthru
    /// `--count-matches` (ripgrep's): the number of matches per file instead of lines.
    case countMatches
    /// `--multiline` (ripgrep's `-U`, long only: GNU's `-U` is `--binary`): matches may span
    /// lines.
    case multiline
    /// `--multiline-dotall` (ripgrep's): with `--multiline`, `.` matches a line end too.
    case multilineDotAll
    /// `--stats` (ripgrep's): the run's statistics after its output.
    case stats
    /// `--pattern-counts`: how many lines (matches with `-o`) each pattern selected, after the
    /// output.
    case patternCounts
    /// `--pattern-colors=mt0=SGR:mt1=SGR:...`: each pattern's matches in a color of its own.
    case patternColors
    /// `--heading` (ripgrep's): each file's name on a line of its own before its lines.
    case heading
    /// `--no-heading` (ripgrep's): the file name before each line (the default).
    case noHeading
    /// `-M NUM`, `--max-columns=NUM` (ripgrep's): lines longer than NUM bytes are not printed.
    case maxColumns
    /// `--max-columns-preview` (ripgrep's): such lines are printed cut to NUM characters.
    case maxColumnsPreview
    /// `-U`, `--binary`: accepted; no effect, as in GNU grep on GNU/Linux.
    case binary
    /// `-u`, `--unix-byte-offsets`: accepted with GNU grep's warning that it is obsolete.
    case unixByteOffsets

    // Context control.
    /// `-B NUM`, `--before-context=NUM`.
    case beforeContext
    /// `-A NUM`, `--after-context=NUM`.
    case afterContext
    /// `-C NUM`, `--context=NUM`.
    case context
    /// One digit of `-NUM`; the scanner passes the digit as the option's argument.
    case contextDigit
    /// `--group-separator=SEP`.
    case groupSeparator
    /// `--no-group-separator`.
    case noGroupSeparator
    /// `--color[=WHEN]`, `--colour[=WHEN]`.
    case color

    // File selection while recursing (ripgrep's and ugrep's).
    /// `--ignore-vcs`: skip what git ignores (`.gitignore`, `.ignore`, `.git/info/exclude`).
    case ignoreVCS
    /// `-t TYPE`, `--type=TYPE`: search only files of ripgrep's type TYPE.
    case fileType
    /// `--type-not=TYPE`: skip files of type TYPE.
    case fileTypeNot
    /// `--type-list`: print the file types and exit.
    case typeList
    /// `--files`: print the files that would be searched, without searching.
    case listFiles
    /// `--no-ignore` (ripgrep's): no ignore file applies (undoes `--ignore-vcs`).
    case noIgnore
    /// `--no-ignore-vcs` (ripgrep's): `.gitignore` and `.git/info/exclude` no longer apply;
    /// `.ignore` files still do after `--ignore-vcs`.
    case noIgnoreVCS
    /// `--hidden` (ripgrep's): search hidden files and directories (the default; undoes
    /// `--no-hidden`).
    case hidden
    /// `--no-hidden`: skip hidden files and directories while recursing.
    case noHidden
    /// `--max-depth=NUM` (ripgrep's): descend at most NUM directories below an operand.
    case maxDepth
    /// `--follow` (ripgrep's `-L`): follow every symbolic link while recursing, as `-R` does.
    case follow
    /// `--no-follow`: undoes `--follow` and `-R`'s following.
    case noFollow
    /// `-g GLOB`, `--glob=GLOB` (ripgrep's): a gitignore-style glob that includes matching
    /// files, or with `!` excludes them, ahead of every other filter.
    case glob
    /// `--iglob=GLOB`: `--glob` ignoring the case of ASCII letters.
    case caseInsensitiveGlob
    /// `--type-add=SPEC` (ripgrep's): add globs to a file type (`NAME:GLOB` or
    /// `NAME:include:TYPE,...`).
    case typeAdd
    /// `--type-clear=TYPE`: remove a file type's globs.
    case typeClear
    /// `-j NUM`, `--threads=NUM` (ripgrep's): the number of searching threads.
    case threads
    /// `--sort=KEY` (ripgrep's): print files in ascending order of KEY.
    case sort
    /// `--sortr=KEY`: print files in descending order of KEY.
    case sortReversed
    /// `--search-zip` (ripgrep's `-z`, which is GNU grep's `--null-data` here): search
    /// compressed files decompressed.
    case searchZip
    /// `--pre=COMMAND` (ripgrep's): search what COMMAND FILE prints instead of each file.
    case preprocessor
    /// `--no-pre`: undoes `--pre`.
    case noPreprocessor
    /// `--pre-glob=GLOB`: run `--pre`'s command only on the files GLOB includes.
    case preprocessorGlob
}
