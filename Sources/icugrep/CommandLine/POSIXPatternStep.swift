import ICURegex

/// Reads the patterns of `-G` and `-E` as GNU grep does, before anything is compiled: the
/// library's ``POSIXPatternTranslator`` turns each into ICU's syntax, and this step prints GNU
/// grep's messages in GNU grep's order.
///
/// GNU grep drops repeated patterns first (the first of equal lines stays, so a message names
/// its line). Then regcomp reads each pattern and every rejection is printed, `FILE:LINE: `
/// first for a line of `-f FILE`; if there was one, the run ends with status 2. Otherwise the
/// DFA parser reads them in order: its warnings are printed as they come, and its first
/// rejection ends the run.
enum POSIXPatternStep {
    /// What the step decided.
    struct Outcome {
        /// The lines for standard error, each without the program name and its `: `.
        var messages: [String] = []
        /// True when a pattern was rejected: the run ends with status 2.
        var failed = false
    }

    /// Translates the patterns of `configuration` when its syntax is `-G` or `-E`, setting
    /// ``Configuration/translatedPatterns``; in ICU's syntax, warns once about an escape that
    /// only GNU grep's syntaxes give a meaning.
    static func apply(to configuration: inout Configuration) -> Outcome {
        let syntax: POSIXPatternTranslator.Syntax
        switch configuration.patternSyntax {
        case .basicRegexp: syntax = .basic
        case .extendedRegexp: syntax = .extended
        case .regularExpression:
            return Outcome(messages: icuSyntaxWarning(for: configuration.patterns).map { [$0] } ?? [])
        case .fixedStrings:
            return Outcome()
        }
        // Outside a UTF-8 locale every byte is a character, as in GNU grep in the C locale.
        let options = POSIXPatternTranslator.Options(
            ignoreCase: configuration.ignoreCase, dotMatchesNewline: configuration.nullData,
            bytesAreCharacters: !configuration.encodingErrorsAreBinary,
            turkicCase: configuration.turkicCase, equivalenceClasses: configuration.equivalenceClasses)

        var translations: [String: Result<POSIXPatternTranslator.Translation, POSIXPatternTranslator.Failure>] = [:]
        var firstOccurrences: [Int] = []
        for (index, pattern) in configuration.patterns.enumerated() where translations[pattern] == nil {
            firstOccurrences.append(index)
            do throws(POSIXPatternTranslator.Failure) {
                let text = configuration.readsBytesAsCharacters ? ByteCharacters.decoding(pattern) : pattern
                translations[pattern] = .success(try POSIXPatternTranslator.translate(text, syntax: syntax, options: options))
            } catch {
                translations[pattern] = .failure(error)
            }
        }

        var outcome = Outcome()
        // regcomp's rejections, every one.
        for index in firstOccurrences {
            guard case .failure(.invalid(let message)) = translations[configuration.patterns[index]] else { continue }
            // GNU grep's stack overflow comes from its stack guard, not from regcomp, and
            // names no pattern.
            let prefix = message == POSIXPatternTranslator.stackOverflowMessage ? "" : originPrefix(configuration, index)
            outcome.messages.append(prefix + message)
            outcome.failed = true
        }
        if outcome.failed { return outcome }
        // The DFA parser's warnings, up to its first rejection.
        for index in firstOccurrences {
            switch translations[configuration.patterns[index]] {
            case .success(let translation):
                outcome.messages += translation.warnings.map { "warning: " + $0 }
            case .failure(.rejected(let message, let warnings)):
                outcome.messages += warnings.map { "warning: " + $0 }
                outcome.messages.append(message)
                outcome.failed = true
                return outcome
            default:
                break
            }
        }
        configuration.translatedPatterns = configuration.patterns.map { pattern in
            if case .success(let translation) = translations[pattern] { return translation.pattern }
            return pattern
        }
        return outcome
    }

    /// `FILE:LINE: ` for a pattern of `-f FILE`, else nothing.
    static func originPrefix(_ configuration: Configuration, _ index: Int) -> String {
        guard index < configuration.patternOrigins.count, let origin = configuration.patternOrigins[index] else {
            return ""
        }
        return "\(origin.file):\(origin.line): "
    }

    /// The warning for the first ICU pattern holding `\|`, `\<` or `\>`, which ICU reads as
    /// literal characters and GNU grep's syntaxes as operators.
    static func icuSyntaxWarning(for patterns: [String]) -> String? {
        for pattern in patterns {
            if let escape = POSIXPatternTranslator.gnuOnlyEscape(inICUPattern: pattern) {
                let character = escape.dropFirst()
                return "warning: \(escape) matches a literal \(character) in ICU syntax; "
                    + "-G or -E reads patterns as GNU grep does"
            }
        }
        return nil
    }
}
