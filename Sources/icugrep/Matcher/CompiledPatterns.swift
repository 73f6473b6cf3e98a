import ICURegex

/// The patterns of a run, compiled once before any input is read and shared by every
/// ``LineMatcher`` (one per thread).
///
/// Usually all patterns are joined into one ICU pattern. When joining would change their
/// meaning (a back reference such as `\1` would refer to another pattern's group) or ICU
/// rejects the joined pattern (two patterns name the same group), each pattern is compiled on
/// its own and a line's first match is the leftmost of theirs.
struct CompiledPatterns: Sendable {
    /// The compiled ICU patterns: one, or one per user pattern.
    let patterns: [RegexPattern]
    /// Literals one of which every line that can match contains, for the prefilter; nil when
    /// every line must be matched.
    let requiredLiterals: RequiredLiterals?
    /// The line automaton's plan, for the prefilter; nil when the patterns have none.
    let lineAutomatonPlan: LineAutomatonPlan?

    /// Compiles the patterns of `configuration`.
    ///
    /// Each user pattern is first compiled alone, so that a malformed one is reported with its
    /// own text and offset.
    /// - Throws: ``SearchRun/PatternError`` for the first pattern ICU rejects.
    init(configuration: Configuration) throws(SearchRun.PatternError) {
        requiredLiterals = RequiredLiterals(configuration: configuration)
        lineAutomatonPlan = LineAutomatonPlan(configuration: configuration)
        let options = PatternAssembler.options(for: configuration)
        let limits = RegexPattern.Limits(
            timeLimitSteps: configuration.timeLimitSteps,
            stackLimitBytes: RegexPattern.Limits.default.stackLimitBytes
        )
        let texts = configuration.patterns.map {
            PatternAssembler.patternText($0, syntax: configuration.patternSyntax)
        }
        let joinable = configuration.patternSyntax == .fixedStrings
            || !configuration.patterns.contains(where: PatternAssembler.mayContainBackReference)
        // Quoted strings cannot be malformed: compile them joined straight away.
        if texts.count > 1 && configuration.patternSyntax == .fixedStrings,
            let joined = Self.joined(texts, configuration: configuration, options: options, limits: limits)
        {
            patterns = [joined]
            return
        }
        var individually: [RegexPattern] = []
        individually.reserveCapacity(texts.count)
        for (pattern, text) in zip(configuration.patterns, texts) {
            do {
                let wrapped = PatternAssembler.wrapped(text, configuration: configuration)
                // Validate the pattern as written first: its error offsets refer to its own text.
                if wrapped != text {
                    _ = try RegexPattern(text, options: options, limits: limits)
                }
                individually.append(try RegexPattern(wrapped, options: options, limits: limits))
            } catch {
                throw SearchRun.PatternError(pattern: pattern, icuError: error)
            }
        }
        if individually.count > 1 && joinable,
            let joined = Self.joined(texts, configuration: configuration, options: options, limits: limits)
        {
            patterns = [joined]
            return
        }
        patterns = individually
    }

    /// The pattern texts joined into one alternation and wrapped, compiled; nil when ICU
    /// rejects the result.
    private static func joined(
        _ texts: [String], configuration: Configuration, options: RegexPattern.Options, limits: RegexPattern.Limits
    ) -> RegexPattern? {
        let text = PatternAssembler.wrapped(PatternAssembler.alternation(texts), configuration: configuration)
        return try? RegexPattern(text, options: options, limits: limits)
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
        self.init(pattern: pattern, reason: icuError.icuName, characterOffset: characterOffset)
    }
}
