import ICURegex

/// Turns icugrep's command line into a ``ParsedCommandLine``, with GNU grep 3.8's rules and
/// messages.
enum CommandLineParser {
    /// Parses `arguments` (without the program name) in `environment`.
    ///
    /// Options are applied in order; the first invalid one stops parsing with its error (for
    /// example, a `-f` file that cannot be read is reported even when `--help` follows). Then
    /// `--version` wins over `--help`, and without `-e` or `-f` the first operand is the
    /// pattern.
    static func parse(
        _ arguments: [String], environment: ProgramEnvironment
    ) throws(CommandLineError) -> ParsedCommandLine {
        var settings = OptionSettings()
        let defaultSyntax = try DefaultPatternSyntax.resolve(
            invokedName: environment.invokedName, variables: environment.variables)
        settings.configuration.patternSyntax = defaultSyntax.syntax
        settings.matcher = defaultSyntax.impliedMatcher
        settings.patterns.keepsBytesOfFiles = !environment.localeIsUTF8
        var operands: [String] = []
        var scanner = ArgumentScanner(
            arguments: arguments,
            stopsAtFirstOperand: environment.variables["POSIXLY_CORRECT"] != nil)
        do throws(CommandLineError) {
            while let item = try scanner.next() {
                switch item {
                case .operand(let operand):
                    settings.contextDigits.endNumber()
                    operands.append(operand)
                case .option(let option, let argument, let elementIndex):
                    try settings.apply(
                        option, argument: argument, elementIndex: elementIndex,
                        fileReader: environment.fileReader)
                }
            }
            if settings.showsVersion {
                return ParsedCommandLine(request: .version, warnings: settings.warnings)
            }
            if settings.showsHelp {
                return ParsedCommandLine(request: .help(defaultSyntax: defaultSyntax.syntax), warnings: settings.warnings)
            }
            // The types are known once every --type-clear and --type-add is: -t may come
            // before the --type-add that defines its type, as in ripgrep.
            let types = try FileTypes.definitions(clearing: settings.typeClears, adding: settings.typeAdditions)
            if settings.showsTypeList {
                return ParsedCommandLine(request: .typeList(FileTypes.listText(of: types)), warnings: settings.warnings)
            }
            for selection in settings.typeSelections {
                guard let globs = FileTypes.globs(of: selection.name, in: types) else {
                    throw CommandLineError.fatal("unrecognized file type: \(selection.name)")
                }
                settings.configuration.fileTypeSelections.append(
                    FileTypeSelection(negated: selection.negated, globs: globs))
            }
            if settings.configuration.json && !settings.quiet && !settings.configuration.listsFiles {
                // As ripgrep: --json prints lines, so a summary of each file cannot be had.
                if let fileListing = settings.fileListing {
                    let name = fileListing == .filesWithMatches ? "--files-with-matches" : "--files-without-match"
                    throw CommandLineError.fatal("--json cannot be used with \(name)")
                }
                if settings.countRequested {
                    throw CommandLineError.fatal("--json cannot be used with --count")
                }
            }
            // --files takes no pattern: every operand is a file.
            // So do --and, --not and --bool, which give the patterns.
            if !settings.patterns.wasGivenByOption && !settings.configuration.listsFiles && settings.queryParts.isEmpty {
                guard !operands.isEmpty else { throw CommandLineError.usage(nil) }
                settings.patterns.addArgument(operands.removeFirst())
            }
            if !settings.queryParts.isEmpty || settings.patternsAreQueries {
                settings.builtQuery = try QueryBuilder(
                    given: settings.patterns.patterns, origins: settings.patterns.origins,
                    hasGiven: settings.patterns.wasGivenByOption || settings.queryParts.isEmpty,
                    givenAreQueries: settings.patternsAreQueries, parts: settings.queryParts,
                    syntax: settings.configuration.patternSyntax)
            }
            // --pattern-counts counts the selected lines (or the matches of -o and
            // --count-matches) of each pattern: -v's lines match none, and -l and -L stop at a
            // file's first line, so neither has such a count.
            if settings.configuration.patternCounts && !settings.quiet {
                let other = settings.configuration.invertMatch ? "--invert-match"
                    : settings.fileListing == .filesWithMatches ? "--files-with-matches"
                    : settings.fileListing == .filesWithoutMatch ? "--files-without-match" : nil
                if let other {
                    throw CommandLineError.fatal("--pattern-counts cannot be used with \(other): it counts selected lines")
                }
            }
        } catch {
            var error = error
            error.precedingWarnings = settings.warnings
            throw error
        }
        var parsed = resolve(settings, files: operands, environment: environment)
        parsed.shortLettersTyped = scanner.shortLettersTyped
        return parsed
    }

    /// Combines the settings into the final configuration, as GNU grep does after reading its
    /// options.
    static func resolve(
        _ settings: OptionSettings, files: [String], environment: ProgramEnvironment
    ) -> ParsedCommandLine {
        var configuration = settings.configuration
        var warnings = settings.warnings
        configuration.patterns = settings.patterns.patterns
        configuration.patternOrigins = settings.patterns.origins
        if let built = settings.builtQuery {
            configuration.patterns = built.patterns
            configuration.patternOrigins = built.origins
            configuration.query = built.query
        }
        configuration.files = files
        configuration.encodingErrorsAreBinary = environment.localeIsUTF8

        // POSIX says -c, -l and -q are mutually exclusive; in GNU grep -q overrides -l and -L,
        // which override -c. The listing modes and -q print no context.
        if settings.quiet {
            configuration.outputMode = .quiet
        } else if let fileListing = settings.fileListing {
            configuration.outputMode = fileListing
        } else if settings.countRequested {
            configuration.outputMode = .count
        }
        // Like grep's `0 <= out_before || 0 <= out_after`: any context option, even with 0,
        // makes grep print group separators.
        configuration.contextRequested = settings.afterContext != nil
            || settings.beforeContext != nil || settings.defaultContext != nil
        switch configuration.outputMode {
        case .quiet, .filesWithMatches, .filesWithoutMatch:
            configuration.afterContext = 0
            configuration.beforeContext = 0
        case .lines, .count:
            configuration.afterContext = settings.afterContext ?? settings.defaultContext ?? 0
            configuration.beforeContext = settings.beforeContext ?? settings.defaultContext ?? 0
        }

        switch settings.directoryAction {
        case .read:
            configuration.recursion = .none
        case .skip:
            configuration.recursion = .none
            configuration.skipDirectories = true
        case .recurse:
            configuration.recursion = settings.followsAllSymbolicLinks ? .dereferenceRecursive : .recursive
        }

        // ripgrep's formats: --vimgrep implies --column and the file name (unless -h), and
        // both imply line numbers; --json numbers lines, names standard input `<stdin>`
        // unless --label names it, and is never colored.
        if configuration.vimgrep {
            configuration.column = true
            configuration.withFilename = configuration.withFilename ?? true
        }
        if configuration.column || configuration.vimgrep || configuration.json {
            configuration.lineNumber = true
        }
        if configuration.json && !settings.labelGiven {
            configuration.label = "<stdin>"
        }

        // The locale's case and collation, asked only where a pattern needs them (each question
        // loads locale data): -i in GNU grep's syntaxes, and [= in -G and -E.
        if configuration.ignoreCase && configuration.patternSyntax != .regularExpression {
            configuration.turkicCase = environment.localeHasTurkicCase()
        }
        if configuration.patternSyntax == .basicRegexp || configuration.patternSyntax == .extendedRegexp,
            configuration.patterns.contains(where: { $0.contains("[=") })
        {
            configuration.equivalenceClasses = environment.collatingLocale().map { .collation(locale: $0) } ?? .codePoints
        }

        // Outside a UTF-8 locale GNU grep reads every byte as a character; its syntaxes do so
        // here (-P as GNU grep's only when invoked as grep), unless an option reads UTF-8.
        let speaksGNUSyntax = configuration.patternSyntax != .regularExpression
            || DefaultPatternSyntax.messageName(forInvokedName: environment.invokedName) == "grep"
        configuration.readsBytesAsCharacters = !environment.localeIsUTF8 && speaksGNUSyntax
            && configuration.encoding == nil && configuration.replacement == nil && !configuration.json
            && configuration.patternColors.isEmpty && !configuration.patternCounts
        if !environment.localeIsUTF8 && !configuration.readsBytesAsCharacters {
            // An argument or -f line that is not UTF-8 was kept as bytes; read as UTF-8 here.
            configuration.patterns = configuration.patterns.map(ByteCharacters.decodingAsUTF8)
        }

        configuration.color = !configuration.json && settings.colorChoice.resolved(
            standardOutputIsTerminal: environment.standardOutputIsTerminal,
            term: environment.variables["TERM"],
            quiet: settings.quiet)
        if configuration.color {
            let (colors, warning) = GrepColorsParser.colors(from: environment.variables)
            configuration.colors = colors
            if let warning { warnings.append(warning) }
        }
        return ParsedCommandLine(request: .search(configuration), warnings: warnings)
    }
}
