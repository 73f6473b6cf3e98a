/// One run of the search over every input of a ``Configuration``: the boundary between the
/// command line (which parses and decides the exit status) and the search engine (matcher,
/// searcher, printer).
///
/// PLACEHOLDER: the engine is being written; this stub only fixes the interface.
struct SearchRun {
    /// A pattern that ICU rejected, with what is needed to show where.
    struct PatternError: Error {
        /// The pattern as given (one of `Configuration.patterns`).
        var pattern: String
        /// ICU's reason, such as "U_REGEX_MISMATCHED_PAREN".
        var reason: String
        /// The offset in `pattern` where ICU found the error, in Characters, when known.
        var characterOffset: Int?
    }

    /// What happened, for the exit status.
    struct Outcome {
        /// True when at least one line was selected (or, with `-L`, a file was listed).
        var selectedAnything = false
        /// True when an error occurred: an unreadable file, a time limit hit, a write failure.
        var hadError = false
    }

    let configuration: Configuration

    /// Compiles the patterns. Nothing is read before this succeeds.
    init(configuration: Configuration) throws(PatternError) {
        self.configuration = configuration
    }

    /// Searches every input, writing results to standard output and messages to standard
    /// error.
    func run() -> Outcome {
        Outcome()
    }
}
