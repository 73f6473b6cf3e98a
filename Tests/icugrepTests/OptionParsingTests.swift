@testable import icugrep
import ICURegex
import Testing

/// Unit tests of the command-line parser: every option, GNU getopt_long's rules (bundling,
/// permutation, `--`, abbreviations, optional arguments) and GNU grep 3.8's messages, checked
/// against grep by hand.
@Suite("Option parsing")
struct OptionParsingTests {
    /// The parser harness, briefly.
    typealias H = ParserHarness

    // MARK: Patterns and operands

    /// Without -e or -f, the first operand is the pattern and the rest are files.
    @Test func firstOperandIsThePatternAndTheRestAreFiles() throws {
        let configuration = try H.configuration(["foo", "a.txt", "b.txt"])
        #expect(configuration.patterns == ["foo"])
        #expect(configuration.files == ["a.txt", "b.txt"])
    }

    /// With -e, every operand is a file.
    @Test func withRegexpOptionEveryOperandIsAFile() throws {
        let configuration = try H.configuration(["-e", "foo", "a.txt", "-e", "bar"])
        #expect(configuration.patterns == ["foo", "bar"])
        #expect(configuration.files == ["a.txt"])
    }

    /// Every spelling of -e gives the same pattern, even one that looks like an option.
    @Test func regexpSpellings() throws {
        #expect(try H.configuration(["-efoo"]).patterns == ["foo"])
        #expect(try H.configuration(["--regexp=foo"]).patterns == ["foo"])
        #expect(try H.configuration(["--regexp", "foo"]).patterns == ["foo"])
        #expect(try H.configuration(["--regexp="]).patterns == [""])
        #expect(try H.configuration(["--reg", "foo"]).patterns == ["foo"])
        // An argument that looks like an option is still the argument.
        #expect(try H.configuration(["-e", "-v"]).patterns == ["-v"])
        #expect(try H.configuration(["-e", "-v"]).invertMatch == false)
    }

    /// A pattern argument holding newlines is several patterns, as in grep.
    @Test func patternWithNewlinesIsSeveralPatterns() throws {
        #expect(try H.configuration(["a\nb", "f"]).patterns == ["a", "b"])
        // A trailing newline in an argument makes an empty pattern, as in grep.
        #expect(try H.configuration(["-e", "a\n"]).patterns == ["a", ""])
        #expect(try H.configuration(["-e", ""]).patterns == [""])
    }

    /// The lines of -f files become patterns; an empty file gives none.
    @Test func patternFiles() throws {
        let files = ["p": "foo\nbar\n", "q": "baz", "empty": "", "blank": "\n", "-": "stdin\n"]
        #expect(try H.configuration(["-f", "p"], files: files).patterns == ["foo", "bar"])
        #expect(try H.configuration(["-fq", "-e", "x", "-f", "p"], files: files).patterns == ["baz", "x", "foo", "bar"])
        #expect(try H.configuration(["--file=q"], files: files).patterns == ["baz"])
        #expect(try H.configuration(["-f", "empty", "a"], files: files).patterns == [])
        #expect(try H.configuration(["-f", "empty", "a"], files: files).files == ["a"])
        #expect(try H.configuration(["-f", "blank"], files: files).patterns == [""])
        #expect(try H.configuration(["-f", "-"], files: files).patterns == ["stdin"])
        #expect(try H.configuration(["-f", "p\r"], files: ["p\r": "a\r\nb\r\n"]).patterns == ["a\r", "b\r"])
    }

    /// A -f file that cannot be read is reported as grep reports it.
    @Test func unreadablePatternFileIsFatal() {
        #expect(H.errorText(["-f", "nosuch", "a"]) == "icugrep: nosuch: No such file or directory\n")
        #expect(H.errorText(["--file=", "a"]) == "icugrep: : No such file or directory\n")
        // The file is read when the option is met, before --version is considered.
        #expect(H.errorText(["-f", "nosuch", "-V"]) == "icugrep: nosuch: No such file or directory\n")
    }

    /// A command line without a pattern prints only the usage lines.
    @Test func missingPatternIsAUsageError() {
        #expect(H.errorText([]) == H.usageLines)
        #expect(H.errorText(["-i"]) == H.usageLines)
        #expect(H.errorText(["--"]) == H.usageLines)
        #expect(H.error([])?.showsUsage == true)
    }

    // MARK: Permutation and --

    /// Options after operands still count (permutation).
    @Test func optionsAfterOperandsStillCount() throws {
        let configuration = try H.configuration(["foo", "a.txt", "-n", "b.txt", "-i"])
        #expect(configuration.lineNumber)
        #expect(configuration.ignoreCase)
        #expect(configuration.files == ["a.txt", "b.txt"])
    }

    /// After `--`, everything is an operand.
    @Test func doubleDashEndsOptions() throws {
        let configuration = try H.configuration(["-e", "foo", "--", "-x", "--", "-"])
        #expect(configuration.files == ["-x", "--", "-"])
        #expect(!configuration.lineRegexp)
        #expect(try H.configuration(["--", "-n", "a"]).patterns == ["-n"])
    }

    /// A lone `-` is an operand: standard input.
    @Test func singleDashIsAnOperand() throws {
        #expect(try H.configuration(["foo", "-"]).files == ["-"])
    }

    /// With POSIXLY_CORRECT set, the first operand ends the options.
    @Test func posixlyCorrectStopsAtFirstOperand() throws {
        let configuration = try H.configuration(["foo", "a.txt", "-n"], variables: ["POSIXLY_CORRECT": "1"])
        #expect(configuration.files == ["a.txt", "-n"])
        #expect(!configuration.lineNumber)
    }

    // MARK: Bundling

    /// Short options can be bundled into one argument.
    @Test func bundledShortOptions() throws {
        let configuration = try H.configuration(["-inH", "foo"])
        #expect(configuration.ignoreCase && configuration.lineNumber)
        #expect(configuration.withFilename == true)
    }

    /// An option that takes an argument takes the rest of its bundle.
    @Test func bundledOptionTakesTheRestAsArgument() throws {
        #expect(try H.configuration(["-A3", "x"]).afterContext == 3)
        #expect(try H.configuration(["-iA3", "x"]).afterContext == 3)
        #expect(try H.configuration(["-ie", "foo"]).patterns == ["foo"])
        // -ei: "i" is the pattern.
        let configuration = try H.configuration(["-ei", "foo"])
        #expect(configuration.patterns == ["i"])
        #expect(configuration.files == ["foo"])
        #expect(!configuration.ignoreCase)
        #expect(H.errorText(["-A1n", "x"]) == "icugrep: 1n: invalid context length argument\n")
    }

    // MARK: -NUM

    /// Digit options give the context length, one number per argument.
    @Test func digitOptionsAreContext() throws {
        let two = try H.configuration(["-2", "x"])
        #expect(two.beforeContext == 2 && two.afterContext == 2)
        #expect(try H.configuration(["-12", "x"]).afterContext == 12)
        // A digit in a new element starts a new number; the last one wins.
        #expect(try H.configuration(["-12", "-1", "x"]).afterContext == 1)
        #expect(try H.configuration(["-1", "-5", "x"]).beforeContext == 5)
        // Another option letter ends a number too.
        let mixed = try H.configuration(["-1v2", "x"])
        #expect(mixed.afterContext == 2 && mixed.invertMatch)
        let numbered = try H.configuration(["-n1", "x"])
        #expect(numbered.lineNumber && numbered.afterContext == 1)
    }

    /// -A and -B win over -C and -NUM; between -C and -NUM the last wins.
    @Test func digitContextAndExplicitContext() throws {
        // -A and -B win over -C and -NUM whatever the order; -C and -NUM: the last wins.
        let afterWins = try H.configuration(["-2", "-A0", "x"])
        #expect(afterWins.afterContext == 0 && afterWins.beforeContext == 2)
        #expect(try H.configuration(["-C1", "-3", "x"]).afterContext == 3)
        #expect(try H.configuration(["-1", "-C3", "x"]).afterContext == 3)
        let explicit = try H.configuration(["-A1", "-C3", "-B0", "x"])
        #expect(explicit.afterContext == 1 && explicit.beforeContext == 0)
    }

    /// Any context option, even with 0, counts as context requested.
    @Test func contextRequestedEvenWithZero() throws {
        #expect(try H.configuration(["x"]).contextRequested == false)
        #expect(try H.configuration(["-A0", "x"]).contextRequested)
        #expect(try H.configuration(["-B", "0", "x"]).contextRequested)
        #expect(try H.configuration(["-C0", "x"]).contextRequested)
        #expect(try H.configuration(["-0", "x"]).contextRequested)
        #expect(try H.configuration(["-c", "-0", "x"]).contextRequested)
    }

    /// Leading zeros of -NUM are dropped, and a number too long is an error.
    @Test func digitLeadingZerosAndOverflow() throws {
        #expect(try H.configuration(["-00000000000000000000000000001", "x"]).afterContext == 1)
        #expect(try H.configuration(["-99999999999999999999", "x"]).afterContext == Int.max)
        #expect(H.errorText(["-9999999999999999999999999", "x"])
            == "icugrep: 999999999999999999999...: invalid context length argument\n")
    }

    // MARK: Long options and abbreviations

    /// Unambiguous prefixes of long options are accepted.
    @Test func longOptionPrefixes() throws {
        #expect(try H.configuration(["--ignore", "x"]).ignoreCase)
        #expect(try H.configuration(["--with", "x"]).withFilename == true)
        #expect(try H.configuration(["--fixed", "x"]).patternSyntax == .fixedStrings)
        #expect(try H.configuration(["--col=always", "x"]).color)
        // An exact name wins over longer names it is a prefix of.
        let null = try H.configuration(["--null", "x"])
        #expect(null.nullAfterName && !null.nullData)
    }

    /// ripgrep's file-selection names keep GNU grep's abbreviations: only `--no-ignore` spelled
    /// out is ripgrep's; `--no-ig`, `--no-ignore-` and `--ignore` stay GNU grep's case options.
    @Test func ripgrepFileSelectionNamesKeepGNUAbbreviations() throws {
        let noIgnore = try H.configuration(["-i", "--ignore-vcs", "--no-ignore", "x"])
        #expect(noIgnore.ignoreCase && !noIgnore.ignoreVCS && !noIgnore.ignoreDotIgnoreFiles)
        for abbreviation in ["--no-ig", "--no-ignore-", "--no-ignore-c"] {
            let configuration = try H.configuration(["-i", "--ignore-vcs", abbreviation, "x"])
            #expect(!configuration.ignoreCase && configuration.ignoreVCS, "\(abbreviation)")
        }
        let noIgnoreVCS = try H.configuration(["-i", "--ignore-vcs", "--no-ignore-vcs", "x"])
        #expect(noIgnoreVCS.ignoreCase && !noIgnoreVCS.ignoreVCS && noIgnoreVCS.ignoreDotIgnoreFiles)
        #expect(try H.configuration(["--ignore", "x"]).ignoreCase)
        #expect(try !H.configuration(["--ignore", "x"]).ignoreVCS)
        // GNU grep's names win the abbreviations they share with ripgrep's.
        #expect(try H.configuration(["--max=2", "x"]).maxCount == 2)
        #expect(try H.configuration(["--max=2", "x"]).maxDepth == nil)
        #expect(try H.configuration(["--max-d=2", "x"]).maxDepth == 2)
        #expect(try H.configuration(["--g=::", "x"]).groupSeparator == "::")
        #expect(try H.configuration(["--g=::", "x"]).overrideGlobs.isEmpty)
        #expect(try H.configuration(["--gl=*.c", "-g!a", "--iglob", "B", "x"]).overrideGlobs
            == [OverrideGlob(glob: "*.c", ignoresCase: false), OverrideGlob(glob: "!a", ignoresCase: false),
                OverrideGlob(glob: "B", ignoresCase: true)])
        guard case .help = try H.parse(["--h", "x"]).request else { Issue.record("--h"); return }
        #expect(try H.configuration(["--hid", "--no-hidden", "x"]).skipsHidden)
        #expect(try !H.configuration(["--no-hidden", "--hidden", "x"]).skipsHidden)
        // ripgrep's -d and -L are GNU grep's, and stay so.
        #expect(try H.configuration(["-d", "skip", "x"]).skipDirectories)
        #expect(try H.configuration(["-L", "x"]).outputMode == .filesWithoutMatch)
        #expect(try H.configuration(["--follow", "-r", "x"]).recursion == .dereferenceRecursive)
        #expect(try H.configuration(["-R", "--no-follow", "x"]).recursion == .recursive)
        #expect(try H.configuration(["--follow", "x"]).recursion == .none)
        #expect(H.errorText(["--max-depth=x", "y"]) == "icugrep: x: invalid max depth argument\n")
        #expect(try H.configuration(["--sortr=mod", "x"]).sortOrder == FileSortOrder(key: .modified, reversed: true))
        #expect(try H.configuration(["--sort=path", "--sort=none", "x"]).sortOrder == nil)
        #expect(H.errorText(["--so=path", "x"]) == """
            icugrep: option '--so=path' is ambiguous; possibilities: '--sort' '--sortr'

            """ + H.usageLines)
        #expect(H.errorText(["-t", "nope", "x"]) == "icugrep: unrecognized file type: nope\n")
        let added = try H.configuration(["-t", "mine", "--type-add", "mine:*.x", "x"])
        #expect(added.fileTypeSelections == [FileTypeSelection(negated: false, globs: ["*.x"])])
    }

    /// Ambiguous prefixes are reported with getopt_long's list of possibilities.
    @Test func ambiguousPrefixes() {
        #expect(H.errorText(["--no", "x"]) == """
            icugrep: option '--no' is ambiguous; possibilities: '--no-ignore-case' '--no-filename' '--no-group-separator' '--no-messages'

            """ + H.usageLines)
        #expect(H.errorText(["--fi", "x"]) == """
            icugrep: option '--fi' is ambiguous; possibilities: '--fixed-regexp' '--file' '--files-with-matches' '--files-without-match'

            """ + H.usageLines)
        #expect(H.errorText(["--nul", "x"]) == """
            icugrep: option '--nul' is ambiguous; possibilities: '--null' '--null-data'

            """ + H.usageLines)
        #expect(H.errorText(["--line", "x"]) == """
            icugrep: option '--line' is ambiguous; possibilities: '--line-buffered' '--line-number' '--line-regexp'

            """ + H.usageLines)
        // The typed text, with its argument, is quoted.
        #expect(H.errorText(["--no=3", "x"]).hasPrefix("icugrep: option '--no=3' is ambiguous; "))
    }

    /// Unknown options are reported as getopt_long reports them.
    @Test func unknownOptions() {
        #expect(H.errorText(["--foo", "x"]) == "icugrep: unrecognized option '--foo'\n" + H.usageLines)
        #expect(H.errorText(["--foo=bar", "x"]) == "icugrep: unrecognized option '--foo=bar'\n" + H.usageLines)
        #expect(H.errorText(["-k", "x"]) == "icugrep: invalid option -- 'k'\n" + H.usageLines)
        #expect(H.errorText(["-ck", "x"]) == "icugrep: invalid option -- 'k'\n" + H.usageLines)
        // -X, GNU grep's undocumented matcher option, is not icugrep's.
        #expect(H.errorText(["-X", "grep", "x"]) == "icugrep: invalid option -- 'X'\n" + H.usageLines)
        // The first error stops parsing.
        #expect(H.errorText(["-k", "-j", "x"]) == "icugrep: invalid option -- 'k'\n" + H.usageLines)
    }

    /// Missing option arguments are reported as getopt_long reports them.
    @Test func missingArguments() {
        #expect(H.errorText(["-e"]) == "icugrep: option requires an argument -- 'e'\n" + H.usageLines)
        #expect(H.errorText(["x", "-A"]) == "icugrep: option requires an argument -- 'A'\n" + H.usageLines)
        #expect(H.errorText(["--regexp"]) == "icugrep: option '--regexp' requires an argument\n" + H.usageLines)
        #expect(H.errorText(["--lab"]) == "icugrep: option '--label' requires an argument\n" + H.usageLines)
        #expect(H.errorText(["-r", "--include"]) == "icugrep: option '--include' requires an argument\n" + H.usageLines)
    }

    /// An argument given to an option that takes none is an error.
    @Test func argumentGivenToOptionWithoutOne() {
        #expect(H.errorText(["--count=3", "x"]) == "icugrep: option '--count' doesn't allow an argument\n" + H.usageLines)
        #expect(H.errorText(["--cou=3", "x"]) == "icugrep: option '--count' doesn't allow an argument\n" + H.usageLines)
        #expect(H.errorText(["--count=", "x"]) == "icugrep: option '--count' doesn't allow an argument\n" + H.usageLines)
        #expect(H.errorText(["--help=x"]) == "icugrep: option '--help' doesn't allow an argument\n" + H.usageLines)
    }

    // MARK: --color

    /// Every spelling of --color's WHEN turns color on or off.
    @Test func colorWhen() throws {
        #expect(try H.configuration(["x"]).color == false)
        #expect(try H.configuration(["--color=always", "x"]).color)
        #expect(try H.configuration(["--colour=ALWAYS", "x"]).color)
        #expect(try H.configuration(["--color=yes", "x"]).color)
        #expect(try H.configuration(["--color=force", "x"]).color)
        #expect(try H.configuration(["--color=never", "x"], terminal: true).color == false)
        #expect(try H.configuration(["--color=none", "x"]).color == false)
        #expect(try H.configuration(["--color=always", "--color=no", "x"]).color == false)
    }

    /// --color=auto colors only on a terminal with a usable TERM, and never with -q.
    @Test func colorAutoNeedsATerminalAndATerm() throws {
        let term = ["TERM": "xterm"]
        #expect(try H.configuration(["--color", "x"], variables: term, terminal: true).color)
        #expect(try H.configuration(["--color=auto", "x"], variables: term, terminal: true).color)
        #expect(try H.configuration(["--color=tty", "x"], variables: term, terminal: true).color)
        #expect(try H.configuration(["--color=if-tty", "x"], variables: term, terminal: false).color == false)
        #expect(try H.configuration(["--color", "x"], variables: ["TERM": "dumb"], terminal: true).color == false)
        #expect(try H.configuration(["--color", "x"], variables: [:], terminal: true).color == false)
        #expect(try H.configuration(["-q", "--color", "x"], variables: term, terminal: true).color == false)
    }

    /// --color takes its argument only after an equals sign.
    @Test func colorArgumentIsOnlyAfterEqualsSign() throws {
        // The argument is optional, so `--color always` makes "always" the pattern.
        let configuration = try H.configuration(["--color", "always", "x"])
        #expect(configuration.patterns == ["always"])
        #expect(configuration.files == ["x"])
    }

    /// An unknown WHEN of --color is an error listing the valid ones.
    @Test func invalidColorIsAnError() {
        #expect(H.errorText(["--color=bogus", "x"]) == """
            icugrep: invalid argument ‘bogus’ for ‘--color’
            Valid arguments are:
              - ‘always’, ‘yes’, ‘force’
              - ‘never’, ‘no’, ‘none’
              - ‘auto’, ‘tty’, ‘if-tty’

            """ + H.usageLines)
        #expect(H.error(["--color=", "x"]) != nil)
    }

    /// GREP_COLORS is read only when output is colored.
    @Test func grepColorsAreReadOnlyWhenColoring() throws {
        let variables = ["GREP_COLORS": "ms=1;32"]
        #expect(try H.configuration(["x"], variables: variables).colors == OutputColors())
        #expect(try H.configuration(["--color=always", "x"], variables: variables).colors.selectedMatch == "1;32")
    }

    /// A GREP_COLOR that takes effect draws grep's deprecation warning.
    @Test func grepColorWarning() throws {
        let parsed = try H.parse(["--color=always", "x"], variables: ["GREP_COLOR": "1;32"])
        #expect(parsed.warnings == ["warning: GREP_COLOR='1;32' is deprecated; use GREP_COLORS='mt=1;32'"])
        guard case .search(let configuration) = parsed.request else { Issue.record(); return }
        #expect(configuration.colors.selectedMatch == "1;32")
        #expect(configuration.colors.contextMatch == "1;32")
        // No color, no warning.
        #expect(try H.parse(["x"], variables: ["GREP_COLOR": "1;32"]).warnings.isEmpty)
    }

    // MARK: Output modes

    /// -q overrides -l and -L, which override -c; between -l and -L the last wins.
    @Test func outputModePrecedence() throws {
        #expect(try H.configuration(["x"]).outputMode == .lines)
        #expect(try H.configuration(["-c", "x"]).outputMode == .count)
        #expect(try H.configuration(["--count", "x"]).outputMode == .count)
        // -l and -L override -c in either order; between -l and -L the last wins.
        #expect(try H.configuration(["-c", "-l", "x"]).outputMode == .filesWithMatches)
        #expect(try H.configuration(["-l", "-c", "x"]).outputMode == .filesWithMatches)
        #expect(try H.configuration(["-L", "-l", "x"]).outputMode == .filesWithMatches)
        #expect(try H.configuration(["-l", "-L", "x"]).outputMode == .filesWithoutMatch)
        #expect(try H.configuration(["--files-without-match", "x"]).outputMode == .filesWithoutMatch)
        #expect(try H.configuration(["--files-with-matches", "x"]).outputMode == .filesWithMatches)
        // -q overrides everything.
        #expect(try H.configuration(["-q", "-l", "-c", "x"]).outputMode == .quiet)
        #expect(try H.configuration(["-L", "--quiet", "x"]).outputMode == .quiet)
        #expect(try H.configuration(["--silent", "x"]).outputMode == .quiet)
    }

    /// Listing files prints no context.
    @Test func listingModesHaveNoContext() throws {
        let listing = try H.configuration(["-l", "-C3", "x"])
        #expect(listing.afterContext == 0 && listing.beforeContext == 0)
        let counting = try H.configuration(["-c", "-C3", "x"])
        #expect(counting.afterContext == 3)
    }

    /// Of -H and -h, the last one wins.
    @Test func fileNameOptionsLastWins() throws {
        #expect(try H.configuration(["x"]).withFilename == nil)
        #expect(try H.configuration(["-Hh", "x"]).withFilename == false)
        #expect(try H.configuration(["-hH", "x"]).withFilename == true)
        #expect(try H.configuration(["--with-filename", "x"]).withFilename == true)
        #expect(try H.configuration(["--no-filename", "x"]).withFilename == false)
    }

    /// The simple output options set their fields, in short and long spellings.
    @Test func simpleOutputOptions() throws {
        let configuration = try H.configuration([
            "-o", "-b", "-n", "-T", "-Z", "-z", "-s", "-a", "--line-buffered", "--label=in", "x",
        ])
        #expect(configuration.onlyMatching && configuration.byteOffset && configuration.lineNumber)
        #expect(configuration.initialTab && configuration.nullAfterName && configuration.nullData)
        #expect(configuration.noMessages && configuration.lineBuffered)
        #expect(configuration.binaryFiles == .text)
        #expect(configuration.label == "in")
        let long = try H.configuration([
            "--only-matching", "--byte-offset", "--line-number", "--initial-tab", "--null",
            "--null-data", "--no-messages", "--text", "--label", "", "x",
        ])
        #expect(long.onlyMatching && long.byteOffset && long.lineNumber && long.initialTab)
        #expect(long.nullAfterName && long.nullData && long.noMessages && long.binaryFiles == .text)
        #expect(long.label == "")
    }

    /// Without options, the configuration has GNU grep's defaults.
    @Test func defaultsAreGrepDefaults() throws {
        let configuration = try H.configuration(["x"])
        #expect(configuration.patternSyntax == .regularExpression)
        #expect(!configuration.ignoreCase && !configuration.invertMatch)
        #expect(configuration.maxCount == nil)
        #expect(configuration.label == "(standard input)")
        #expect(configuration.groupSeparator == "--")
        #expect(configuration.binaryFiles == .binary)
        #expect(configuration.recursion == .none)
        #expect(configuration.afterContext == 0 && configuration.beforeContext == 0)
        #expect(configuration.timeLimitSeconds == Configuration().timeLimitSeconds)
        #expect(configuration.timeLimitSteps == 0)
        #expect(configuration.encoding == nil)
    }

    // MARK: Matching options

    /// -v, -w, -x and --unicode-words set their fields.
    @Test func matchingOptions() throws {
        let configuration = try H.configuration(["-v", "-w", "-x", "--unicode-words", "x"])
        #expect(configuration.invertMatch && configuration.wordRegexp && configuration.lineRegexp)
        #expect(configuration.unicodeWords)
        let long = try H.configuration(["--invert-match", "--word-regexp", "--line-regexp", "x"])
        #expect(long.invertMatch && long.wordRegexp && long.lineRegexp)
    }

    /// -i and -y ignore case, and --no-ignore-case undoes them.
    @Test func ignoreCaseAndItsUndoing() throws {
        #expect(try H.configuration(["-i", "x"]).ignoreCase)
        #expect(try H.configuration(["-y", "x"]).ignoreCase)
        #expect(try H.configuration(["--ignore-case", "x"]).ignoreCase)
        #expect(try H.configuration(["-y", "--no-ignore-case", "x"]).ignoreCase == false)
        #expect(try H.configuration(["--no-ignore-case", "-i", "x"]).ignoreCase)
    }

    /// -F selects fixed strings, -G and -E POSIX's syntaxes, -P ICU's (the default), and two
    /// different ones conflict.
    @Test func matcherOptions() throws {
        #expect(try H.configuration(["-F", "x"]).patternSyntax == .fixedStrings)
        #expect(try H.configuration(["--fixed-strings", "-F", "x"]).patternSyntax == .fixedStrings)
        #expect(try H.configuration(["--fixed-regexp", "x"]).patternSyntax == .fixedStrings)
        let syntaxes: [(String, Configuration.PatternSyntax)] = [
            ("-E", .extendedRegexp), ("--extended-regexp", .extendedRegexp), ("-G", .basicRegexp),
            ("--basic-regexp", .basicRegexp), ("-P", .regularExpression), ("--perl-regexp", .regularExpression),
        ]
        for (option, syntax) in syntaxes {
            #expect(try H.configuration([option, "x"]).patternSyntax == syntax)
        }
        #expect(try H.configuration(["-E", "-E", "x"]).patternSyntax == .extendedRegexp)
        #expect(H.errorText(["-E", "-F", "x"]) == "icugrep: conflicting matchers specified\n")
        #expect(H.errorText(["-P", "-G", "x"]) == "icugrep: conflicting matchers specified\n")
    }

    // MARK: Numbers

    /// -m takes a decimal number; a negative one means no limit.
    @Test func maxCount() throws {
        #expect(try H.configuration(["-m", "3", "x"]).maxCount == 3)
        #expect(try H.configuration(["-m3", "x"]).maxCount == 3)
        #expect(try H.configuration(["--max-count=0", "x"]).maxCount == 0)
        #expect(try H.configuration(["-m", " +3", "x"]).maxCount == 3)
        // A negative count means no limit.
        #expect(try H.configuration(["-m", "-1", "x"]).maxCount == nil)
        #expect(try H.configuration(["-m", "99999999999999999999999", "x"]).maxCount == Int.max)
        for bad in ["x", "", "3 ", "1k", "0x10"] {
            #expect(H.errorText(["-m", bad, "x"]) == "icugrep: invalid max count\n")
        }
    }

    /// Context lengths are decimal numbers of at least 0.
    @Test func contextLengths() throws {
        let configuration = try H.configuration(["-A", "1", "-B2", "x"])
        #expect(configuration.afterContext == 1 && configuration.beforeContext == 2)
        #expect(try H.configuration(["--context=4", "x"]).beforeContext == 4)
        #expect(try H.configuration(["--after-context", "5", "x"]).afterContext == 5)
        #expect(try H.configuration(["--before-context=6", "x"]).beforeContext == 6)
        #expect(try H.configuration(["-A", " 2", "x"]).afterContext == 2)
        #expect(try H.configuration(["-A", "+2", "x"]).afterContext == 2)
        #expect(try H.configuration(["-A", "-0", "x"]).afterContext == 0)
        #expect(try H.configuration(["-C", "99999999999999999999999", "x"]).afterContext == Int.max)
        for bad in ["x", "-1", "", "2x", "0x10", "é"] {
            #expect(H.errorText(["-A", bad, "x"]) == "icugrep: \(bad): invalid context length argument\n")
        }
        #expect(H.errorText(["-C", "foo", "x"]) == "icugrep: foo: invalid context length argument\n")
    }

    /// Decimal arguments are read like xstrtoimax reads them.
    @Test func decimalArguments() {
        #expect(DecimalArgument.value(of: "0") == 0)
        #expect(DecimalArgument.value(of: "\t\n 7") == 7)
        #expect(DecimalArgument.value(of: "-7") == -7)
        #expect(DecimalArgument.value(of: "-99999999999999999999") == Int.min)
        #expect(DecimalArgument.value(of: "+") == nil)
        #expect(DecimalArgument.value(of: "- 1") == nil)
        #expect(DecimalArgument.value(of: "٣") == nil)
    }

    // MARK: Context separators

    /// --group-separator sets the separator and --no-group-separator removes it.
    @Test func groupSeparators() throws {
        #expect(try H.configuration(["--group-separator=XX", "x"]).groupSeparator == "XX")
        #expect(try H.configuration(["--group-separator", "", "x"]).groupSeparator == "")
        #expect(try H.configuration(["--no-group-separator", "x"]).groupSeparator == nil)
        #expect(try H.configuration(["--no-group-separator", "--group-separator=:", "x"]).groupSeparator == ":")
        #expect(try H.configuration(["--group=*", "x"]).groupSeparator == "*")
    }

    // MARK: Binary files, directories, devices

    /// --binary-files, -a and -I choose how binary files are handled; the last one wins.
    @Test func binaryFiles() throws {
        #expect(try H.configuration(["--binary-files=text", "x"]).binaryFiles == .text)
        #expect(try H.configuration(["--binary-files", "without-match", "x"]).binaryFiles == .withoutMatch)
        #expect(try H.configuration(["-a", "--binary-files=binary", "x"]).binaryFiles == .binary)
        #expect(try H.configuration(["-I", "x"]).binaryFiles == .withoutMatch)
        #expect(try H.configuration(["-I", "-a", "x"]).binaryFiles == .text)
        #expect(H.errorText(["--binary-files=TEXT", "x"]) == "icugrep: unknown binary-files type\n")
        #expect(H.errorText(["--binary-files=", "x"]) == "icugrep: unknown binary-files type\n")
    }

    /// -r, -R and -d recurse choose recursion; -R's link following survives a later -r.
    @Test func recursion() throws {
        #expect(try H.configuration(["-r", "x"]).recursion == .recursive)
        #expect(try H.configuration(["--recursive", "x"]).recursion == .recursive)
        #expect(try H.configuration(["-R", "x"]).recursion == .dereferenceRecursive)
        #expect(try H.configuration(["--dereference-recursive", "x"]).recursion == .dereferenceRecursive)
        // -R's following of symbolic links survives a later -r, as in grep.
        #expect(try H.configuration(["-R", "-r", "x"]).recursion == .dereferenceRecursive)
        #expect(try H.configuration(["-r", "-R", "x"]).recursion == .dereferenceRecursive)
        #expect(try H.configuration(["-d", "recurse", "x"]).recursion == .recursive)
        #expect(try H.configuration(["-r", "-d", "read", "x"]).recursion == .none)
        // With -r and no file operand the file list stays empty: the engine reads ".".
        #expect(try H.configuration(["-r", "x"]).files == [])
    }

    /// -d and -D take their actions, with grep's messages for invalid ones.
    @Test func directoriesAndDevices() throws {
        let skipping = try H.configuration(["--directories=skip", "-D", "skip", "x"])
        #expect(skipping.skipDirectories && skipping.skipDevices && skipping.recursion == .none)
        #expect(try H.configuration(["-ds", "x"]).skipDirectories)
        #expect(try H.configuration(["-d", "rec", "x"]).recursion == .recursive)
        #expect(try H.configuration(["-D", "skip", "--devices=read", "x"]).skipDevices == false)
        #expect(H.errorText(["-d", "foo", "x"]) == """
            icugrep: invalid argument ‘foo’ for ‘--directories’
            Valid arguments are:
              - ‘read’
              - ‘recurse’
              - ‘skip’

            """ + H.usageLines)
        #expect(H.errorText(["-d", "re", "x"]).hasPrefix("icugrep: ambiguous argument ‘re’ for ‘--directories’\n"))
        #expect(H.errorText(["-D", "SKIP", "x"]) == "icugrep: unknown devices method\n")
        #expect(H.error(["-d", "foo", "x"]).map { _ in CommandLineError.exitStatus } == 2)
    }

    /// --include, --exclude, --exclude-dir and --exclude-from collect their globs.
    @Test func fileSelectionGlobs() throws {
        let configuration = try H.configuration(
            ["--include=*.c", "--include", "*.h", "--exclude=*.o", "--exclude-dir=.git",
             "--exclude-from=globs", "x"],
            files: ["globs": "*.tmp  \n\n  \n*~"])
        #expect(configuration.fileNameGlobs == [
            FileNameGlob(kind: .include, glob: "*.c"), FileNameGlob(kind: .include, glob: "*.h"),
            FileNameGlob(kind: .exclude, glob: "*.o"), FileNameGlob(kind: .exclude, glob: "*.tmp"),
            FileNameGlob(kind: .exclude, glob: "*~"),
        ])
        #expect(configuration.excludeDirectoryGlobs == [".git"])
        #expect(H.errorText(["--exclude-from=nosuch", "x"]) == "icugrep: nosuch: No such file or directory\n")
    }

    // MARK: icugrep's extras

    /// --encoding takes a name and --time-limit a number of seconds, fractions allowed.
    @Test func encodingAndTimeLimit() throws {
        #expect(try H.configuration(["--encoding=UTF-16LE", "x"]).encoding == "UTF-16LE")
        #expect(try H.configuration(["--encoding", "latin1", "x"]).encoding == "latin1")
        #expect(Configuration().timeLimitSeconds == 1)
        #expect(try H.configuration(["--time-limit=0", "x"]).timeLimitSeconds == 0)
        #expect(try H.configuration(["--time-limit=0", "x"]).limits.wallTimeLimit == .zero)
        #expect(try H.configuration(["--time-limit", "500", "x"]).timeLimitSeconds == 500)
        #expect(try H.configuration(["--time-limit=0.25", "x"]).limits.wallTimeLimit == .milliseconds(250))
        #expect(try H.configuration(["--time-limit=.5", "x"]).timeLimitSeconds == 0.5)
        #expect(try H.configuration(["--time-limit=2.", "x"]).timeLimitSeconds == 2)
        #expect(try H.configuration(["--time-limit=1000000000", "x"]).timeLimitSeconds == 1e9)
        for bad in ["-1", "x", "", ".", "1.2.3", "1e3", " 1", "+1", "1000000001", "inf", "nan"] {
            #expect(H.errorText(["--time-limit=\(bad)", "x"]) == "icugrep: \(bad): invalid time limit argument\n")
        }
    }

    /// -U changes nothing, and -u draws grep's warning.
    @Test func compatibilityNoOps() throws {
        #expect(try H.configuration(["-U", "x"]).patterns == ["x"])
        #expect(try H.configuration(["--binary", "x"]).patterns == ["x"])
        let parsed = try H.parse(["-u", "x"])
        #expect(parsed.warnings == ["warning: --unix-byte-offsets (-u) is obsolete"])
        // A warning given before an error is printed before it.
        #expect(H.errorText(["-u", "-k"]) == """
            icugrep: warning: --unix-byte-offsets (-u) is obsolete
            icugrep: invalid option -- 'k'

            """ + H.usageLines)
    }

    // MARK: --help and --version

    /// --help and --version are answered after every option was checked; --version wins.
    @Test func helpAndVersion() throws {
        guard case .help = try H.parse(["--help"]).request else { Issue.record("--help"); return }
        guard case .help = try H.parse(["--he", "x", "y"]).request else { Issue.record("--he"); return }
        guard case .version = try H.parse(["-V"]).request else { Issue.record("-V"); return }
        guard case .version = try H.parse(["--version"]).request else { Issue.record("--version"); return }
        // --version wins over --help, whatever the order.
        guard case .version = try H.parse(["--help", "-V"]).request else { Issue.record("both"); return }
        // Options are checked before --version is answered.
        #expect(H.errorText(["-V", "--foo"]) == "icugrep: unrecognized option '--foo'\n" + H.usageLines)
        #expect(H.errorText(["-V", "-A", "x"]) == "icugrep: x: invalid context length argument\n")
    }

    /// The help text lists every option icugrep accepts, but the obsolete ones.
    @Test func helpTextListsEveryLongOption() {
        for option in OptionTable.longOptions where option.name != "unix-byte-offsets" && option.name != "fixed-regexp" {
            #expect(HelpText.text.contains("--\(option.name)"), "--\(option.name) is missing from --help")
        }
        for option in OptionTable.shortOptions where option.identifier != .contextDigit && option.letter != "u" {
            #expect(HelpText.text.contains("-\(option.letter)"), "-\(option.letter) is missing from --help")
        }
    }
}
