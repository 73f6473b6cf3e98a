import CICUShim

extension RegexPattern {
    /// How a pattern is compiled. The names follow `NSRegularExpression.Options`; each option
    /// stands for one of ICU's `URegexpFlag` values.
    public struct Options: OptionSet, Hashable, Sendable {
        /// The ICU flag bits.
        public let rawValue: UInt32

        /// Creates options from ICU flag bits.
        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// Matches letters without regard to case, with Unicode's full case folding, so that
        /// `straße` matches `STRASSE` (`UREGEX_CASE_INSENSITIVE`, inline `(?i)`).
        public static let caseInsensitive = Options(rawValue: UInt32(ICUSHIM_FLAG_CASE_INSENSITIVE))

        /// Ignores white space and `#` comments in the pattern (`UREGEX_COMMENTS`, inline `(?x)`).
        public static let allowCommentsAndWhitespace = Options(rawValue: UInt32(ICUSHIM_FLAG_COMMENTS))

        /// Lets `.` match line terminators too (`UREGEX_DOTALL`, inline `(?s)`).
        public static let dotMatchesLineSeparators = Options(rawValue: UInt32(ICUSHIM_FLAG_DOTALL))

        /// Lets `^` and `$` match at the start and end of every line (`UREGEX_MULTILINE`, inline
        /// `(?m)`).
        public static let anchorsMatchLines = Options(rawValue: UInt32(ICUSHIM_FLAG_MULTILINE))

        /// Finds word boundaries (`\b`) by Unicode's UAX #29 rules instead of the simple
        /// definition (`UREGEX_UWORD`, inline `(?w)`).
        public static let useUnicodeWordBoundaries = Options(rawValue: UInt32(ICUSHIM_FLAG_UWORD))

        /// Treats only `\n` as a line terminator for `.`, `^` and `$` (`UREGEX_UNIX_LINES`,
        /// inline `(?d)`).
        public static let useUnixLineSeparators = Options(rawValue: UInt32(ICUSHIM_FLAG_UNIX_LINES))

        /// Treats the whole pattern as literal text (`UREGEX_LITERAL`).
        public static let ignoreMetacharacters = Options(rawValue: UInt32(ICUSHIM_FLAG_LITERAL))

        /// Makes an unknown backslash escape such as `\q` an error instead of the letter itself
        /// (`UREGEX_ERROR_ON_UNKNOWN_ESCAPES`).
        public static let errorOnUnknownEscapes = Options(rawValue: UInt32(ICUSHIM_FLAG_ERROR_ON_UNKNOWN_ESCAPES))
    }

    /// Bounds on the work of one search, so that a runaway pattern (catastrophic backtracking,
    /// or one of ICU's known endless loops) stops with an error instead of hanging.
    public struct Limits: Hashable, Sendable {
        /// ICU's time limit, in steps of its match engine (`uregex_setTimeLimit`); 0 means no
        /// limit. A step is a fixed amount of backtracking work, about 0.1 ms on a current
        /// machine. A search of a text of n UTF-16 units (or UTF-8 bytes) may take
        /// `timeLimitSteps + n / 1024` steps, so the limit stops runaway backtracking without
        /// cutting short a legitimate search of a very large text.
        public var timeLimitSteps: Int32

        /// The most backtracking stack one search may use, in bytes (`uregex_setStackLimit`);
        /// 0 means no limit.
        public var stackLimitBytes: Int32

        /// The most wall-clock time one search may take, on the monotonic clock; `.zero` means
        /// no limit. Unlike ``timeLimitSteps``, it does not grow with the text: a runaway
        /// search of a line of hundreds of megabytes stops after about this long too. ICU
        /// checks it every 10,000 saves of backtracking state (its match callback), so a
        /// search stops within the limit plus one such interval (well under a millisecond),
        /// with ``ICURegexError/timeLimitExceeded``. Each search (each match of a walk) gets
        /// the whole limit. A wall-clock limit depends on the machine's load: a search near
        /// the limit may succeed on one run and fail on the next.
        public var wallTimeLimit: Duration

        /// Creates limits; by default without a wall-clock limit.
        public init(timeLimitSteps: Int32, stackLimitBytes: Int32, wallTimeLimit: Duration = .zero) {
            self.timeLimitSteps = timeLimitSteps
            self.stackLimitBytes = stackLimitBytes
            self.wallTimeLimit = wallTimeLimit
        }

        /// The wall-clock limit in nanoseconds, 0 for none, at least 1 for a positive limit.
        var wallTimeLimitNanoseconds: Int64 {
            guard wallTimeLimit > .zero else { return 0 }
            let (seconds, attoseconds) = wallTimeLimit.components
            let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
            guard !overflow else { return Int64.max }
            let (total, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
            return overflow2 ? Int64.max : max(total, 1)
        }

        /// The defaults: a time limit that stops a runaway pattern after about a second on a
        /// current machine, and ICU's own default stack limit of 8 MB.
        public static let `default` = Limits(timeLimitSteps: 10_000, stackLimitBytes: 8 << 20)

        /// No limits at all: a pathological pattern may run for as long as it takes.
        public static let none = Limits(timeLimitSteps: 0, stackLimitBytes: 0)
    }
}
