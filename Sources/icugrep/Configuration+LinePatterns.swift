import Glibc
import ICURegex

/// What the line search of ICURegex needs to know of a ``Configuration``: the patterns as ICU
/// texts, their options and wrapper, the time limit, and whether lines are prefiltered.
extension Configuration {
    /// The environment variable that, set to `1`, turns the prefilter (literals and line
    /// automaton) off, so that tests can compare the prefiltered search with the plain one.
    static let prefilterDisablingVariable = "ICUGREP_NO_PREFILTER"

    /// True when lines are prefiltered: ``usesPrefilter`` is on and the environment does not
    /// turn it off.
    var prefiltersLines: Bool {
        guard usesPrefilter else { return false }
        guard let value = getenv(Self.prefilterDisablingVariable) else { return true }
        return String(cString: value) != "1"
    }

    /// The ICU text of each pattern: the pattern itself, or with `-F` the pattern quoted so
    /// that every character stands for itself. With `-z`, an ICU pattern's `$` matches only at
    /// the record's very end, as `grep -zP`'s (``PatternAssembler/endAnchorsAtTextEnd(_:)``;
    /// the translations of `-G` and `-E` are written so).
    ///
    /// Where bytes are characters (``readsBytesAsCharacters``) the patterns are read as
    /// ``ByteCharacters``, and an ICU pattern's `\x80` to `\xff` are bytes, as in PCRE2
    /// without UTF.
    var patternTexts: [String] {
        if let translatedPatterns { return translatedPatterns }
        let patterns = readsBytesAsCharacters
            ? patterns.map(patternSyntax == .regularExpression ? ByteCharacters.decodingICUPattern : ByteCharacters.decoding)
            : patterns
        switch patternSyntax {
        case .regularExpression where nullData:
            return patterns.map(PatternAssembler.endAnchorsAtTextEnd)
        case .regularExpression, .basicRegexp, .extendedRegexp:
            return patterns
        case .fixedStrings where turkicFixedStrings:
            return patterns.map(TurkicCase.fixedStringPattern)
        case .fixedStrings:
            return patterns.map(PatternAssembler.quoted)
        }
    }

    /// True when `-F -i` patterns in a Turkish locale hold an `i`, `I`, `ı` or `İ`: those are
    /// written as ICU sets (``TurkicCase/fixedStringPattern(_:)``), so the patterns are no longer
    /// quoted strings for the word-list matchers.
    var turkicFixedStrings: Bool {
        patternSyntax == .fixedStrings && turkicCase && ignoreCase && patterns.contains(where: TurkicCase.holdsLetter)
    }

    /// The compile options every pattern uses: only `\n` ends a line (so `.` matches `\r` and
    /// `$` does not match before the `\r` of a CRLF line, as with `grep -P`), plus `-i` and
    /// `--unicode-words`.
    var patternOptions: RegexPattern.Options {
        var options: RegexPattern.Options = [.useUnixLineSeparators]
        if ignoreCase || (smartCase && SmartCase.ignoresCase(patterns: patternTexts)) {
            options.insert(.caseInsensitive)
        }
        if unicodeWords { options.insert(.useUnicodeWordBoundaries) }
        return options
    }

    /// The compile options of the patterns of a ``MultilineSearcher``: ``patternOptions``, with
    /// `^` and `$` matching at the line ends inside the text, as in ripgrep's multi-line search,
    /// and with `--multiline-dotall` `.` matching a line end.
    var multilinePatternOptions: RegexPattern.Options {
        var options = patternOptions
        options.insert(.anchorsMatchLines)
        if multilineDotAll { options.insert(.dotMatchesLineSeparators) }
        return options
    }

    /// The limits of each search of a line: the wall-clock limit of `--time-limit`, the step
    /// limit tests may set, and ICU's default stack limit.
    var limits: RegexPattern.Limits {
        RegexPattern.Limits(
            timeLimitSteps: timeLimitSteps,
            stackLimitBytes: RegexPattern.Limits.default.stackLimitBytes,
            wallTimeLimit: timeLimitSeconds > 0 ? .nanoseconds(Int64(min(timeLimitSeconds, 1e9) * 1e9)) : .zero)
    }

    /// What a match must span: the whole line with `-x` (which wins over `-w`), whole words
    /// with `-w`.
    var patternWrapper: PatternWrapper {
        lineRegexp ? .wholeLines : wordRegexp ? .wholeWords : .none
    }
}

extension LinePatterns {
    /// Compiles the patterns of `configuration`.
    /// - Throws: ``SearchRun/PatternError`` for the first pattern ICU rejects, with its text as
    ///   the user gave it.
    init(configuration: Configuration) throws(SearchRun.PatternError) {
        do {
            try self.init(
                patterns: configuration.patternTexts,
                options: configuration.patternOptions,
                wrapper: configuration.patternWrapper,
                limits: configuration.limits,
                prefilters: configuration.prefiltersLines,
                fixedStrings: configuration.patternSyntax == .fixedStrings && !configuration.turkicFixedStrings)
            // GNU grep's syntaxes report leftmost-longest matches (-o, --color); ICU's keeps
            // leftmost-first.
            prefersLongestMatches = configuration.patternSyntax != .regularExpression
        } catch {
            let pattern = configuration.patterns[error.index]
            var icuError = error.error
            if configuration.patternSyntax == .regularExpression && configuration.patternTexts[error.index] != pattern {
                // -z wrote `$` as `\z`: ICU's offset is in that text; the pattern as given,
                // which ICU rejects as well, gives the offset in it.
                do {
                    _ = try RegexPattern(pattern, options: configuration.patternOptions)
                } catch let originalError {
                    icuError = originalError
                }
            }
            var patternError = SearchRun.PatternError(pattern: pattern, icuError: icuError)
            patternError.origin = error.index < configuration.patternOrigins.count
                ? configuration.patternOrigins[error.index] : nil
            throw patternError
        }
    }
}

extension SearchRun.PatternError {
    /// The error for `pattern`, which ICU rejected with `icuError`; ICU's offset in UTF-16 units
    /// becomes an offset in Characters.
    init(pattern: String, icuError: ICURegexError) {
        var characterOffset: Int? = nil
        if let unitOffset = icuError.patternOffset {
            var units = 0
            var characters = 0
            for character in pattern {
                if units >= unitOffset { break }
                units += character.utf16.count
                characters += 1
            }
            characterOffset = characters
        }
        self.init(pattern: pattern, icuError: icuError, characterOffset: characterOffset)
    }
}
