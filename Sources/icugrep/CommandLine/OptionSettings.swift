/// The state the options build up, in GNU grep's terms, before it is resolved into a
/// ``Configuration``: several options interact (`-q` overrides `-l`, which overrides `-c`;
/// `-A` overrides `-C` and `-NUM` whatever the order), so the settings are kept as given and
/// combined at the end by ``CommandLineParser``.
struct OptionSettings {
    /// What `-d ACTION` (and `-r`) chose for directories.
    enum DirectoryAction: Equatable, Sendable {
        /// `read` (the default): a directory operand is an error.
        case read
        /// `recurse`, `-r`, `-R`: search directories recursively.
        case recurse
        /// `skip`: ignore directories silently.
        case skip
    }

    /// The configuration being filled in; the fields that options set directly are final.
    var configuration = Configuration()
    /// The patterns from `-e` and `-f`.
    var patterns = PatternListBuilder()
    /// `--and`, `--not` and `--bool`, in command-line order (``QueryBuilder``).
    var queryParts: [QueryBuilder.Part] = []
    /// `-%` or `-%%` was given: the patterns of `-e` and the operand are Boolean queries.
    var patternsAreQueries = false
    /// The patterns and query of ``queryParts``, built once every option is read.
    var builtQuery: QueryBuilder?
    /// The letter of the first of `-E`, `-F`, `-G`, `-P` given (or implied by the name `egrep`
    /// or `fgrep`), to report a conflicting one.
    var matcher: Character?
    /// `-c` was given.
    var countRequested = false
    /// `-l` or `-L`, whichever came last.
    var fileListing: Configuration.OutputMode?
    /// `-q` was given.
    var quiet = false
    /// `-A NUM`, when given.
    var afterContext: Int?
    /// `-B NUM`, when given.
    var beforeContext: Int?
    /// The last of `-C NUM` and `-NUM`, when given: the context for whichever of `-A` and `-B`
    /// is missing.
    var defaultContext: Int?
    /// Joins the digits of `-NUM`.
    var contextDigits = ContextDigitAccumulator()
    /// What to do with directories.
    var directoryAction = DirectoryAction.read
    /// `-R` was given: follow every symbolic link when recursing (GNU grep keeps this even
    /// when a later `-r` comes).
    var followsAllSymbolicLinks = false
    /// The WHEN of `--color`.
    var colorChoice = ColorChoice.never
    /// `--help` was given.
    var showsHelp = false
    /// `-V` was given.
    var showsVersion = false
    /// `--label` was given (`--json` names standard input `<stdin>` otherwise, as ripgrep).
    var labelGiven = false
    /// `--type-list` was given.
    var showsTypeList = false
    /// The names of `-t TYPE` (false) and `--type-not=TYPE` (true) in command-line order,
    /// resolved into globs once every `--type-add` and `--type-clear` is known.
    var typeSelections: [(negated: Bool, name: String)] = []
    /// The `--type-clear` names, applied before the `--type-add` definitions, as ripgrep does.
    var typeClears: [String] = []
    /// The `--type-add` definitions, in command-line order.
    var typeAdditions: [String] = []
    /// Warnings issued while parsing, in order.
    var warnings: [String] = []
}
