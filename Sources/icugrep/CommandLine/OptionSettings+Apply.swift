extension OptionSettings {
    /// Applies one option and its argument, reading files through `fileReader` (`-f`,
    /// `--exclude-from`). Throws the error GNU grep reports for an invalid argument.
    mutating func apply(
        _ option: OptionIdentifier, argument: String?, elementIndex: Int,
        fileReader: any FileContentsReading
    ) throws(CommandLineError) {
        if option == .contextDigit {
            try contextDigits.addDigit(Character(argument ?? "0"), elementIndex: elementIndex)
            defaultContext = contextDigits.contextLength
            configuration.passthru = false  // As in ripgrep, the later of the two wins.
            return
        }
        contextDigits.endNumber()
        let text = argument ?? ""
        switch option {
        case .contextDigit:
            break  // Handled above.
        // Pattern selection and interpretation.
        case .basicRegexp:
            try selectMatcher("G")
            configuration.patternSyntax = .basicRegexp
        case .extendedRegexp:
            try selectMatcher("E")
            configuration.patternSyntax = .extendedRegexp
        case .perlRegexp:
            try selectMatcher("P")
            configuration.patternSyntax = .regularExpression
        case .fixedStrings:
            try selectMatcher("F")
            configuration.patternSyntax = .fixedStrings
        case .regexp:
            patterns.addRegexpOption(text)
        case .andPatterns:
            queryParts.append(.and(text))
        case .notPatterns:
            queryParts.append(.not(text))
        case .booleanQuery:
            queryParts.append(.query(text))
        case .booleanPatterns:
            patternsAreQueries = true
        case .booleanPatternsOverFiles:
            patternsAreQueries = true
            configuration.queryScope = .file
        case .queryScope:
            switch text {
            case "line": configuration.queryScope = .line
            case "file": configuration.queryScope = .file
            default:
                throw .usage("invalid argument ‘\(text)’ for ‘--query-scope’", details: ["Valid arguments are:", "  - ‘line’", "  - ‘file’"])
            }
        case .file:
            do throws(FileReadError) {
                patterns.addFileOption(contents: try fileReader.contents(ofFile: text), name: text)
            } catch {
                throw .fatal(error.message)
            }
        // The last of -i, --no-ignore-case and -S decides, as in ripgrep.
        case .ignoreCase:
            configuration.ignoreCase = true
            configuration.smartCase = false
        case .noIgnoreCase:
            configuration.ignoreCase = false
            configuration.smartCase = false
        case .smartCase:
            configuration.ignoreCase = false
            configuration.smartCase = true
        case .wordRegexp: configuration.wordRegexp = true
        case .lineRegexp: configuration.lineRegexp = true
        case .nullData: configuration.nullData = true
        case .unicodeWords: configuration.unicodeWords = true
        case .timeLimit:
            guard let seconds = Self.seconds(text) else {
                throw .fatal("\(text): invalid time limit argument")
            }
            configuration.timeLimitSeconds = seconds
        // Miscellaneous.
        case .noMessages: configuration.noMessages = true
        case .invertMatch: configuration.invertMatch = true
        case .version: showsVersion = true
        case .help: showsHelp = true
        // Output control.
        case .maxCount:
            guard let count = DecimalArgument.value(of: text) else {
                throw .fatal("invalid max count")
            }
            // A negative count means no limit, as in GNU grep 3.8.
            configuration.maxCount = count < 0 ? nil : count
        case .byteOffset: configuration.byteOffset = true
        case .lineNumber: configuration.lineNumber = true
        case .lineBuffered: configuration.lineBuffered = true
        case .withFilename: configuration.withFilename = true
        case .noFilename: configuration.withFilename = false
        case .label:
            configuration.label = text
            labelGiven = true
        case .json: configuration.json = true
        case .column: configuration.column = true
        case .vimgrep: configuration.vimgrep = true
        case .replace: configuration.replacement = text
        case .passthru:
            // As in ripgrep, --passthru and the context options override each other.
            configuration.passthru = true
            beforeContext = nil
            afterContext = nil
            defaultContext = nil
        case .stats: configuration.stats = true
        case .patternCounts: configuration.patternCounts = true
        case .heading: configuration.heading = true
        case .noHeading: configuration.heading = false
        case .maxColumns:
            guard let columns = DecimalArgument.value(of: text), columns >= 0 else {
                throw .fatal("invalid max columns: \(text)")
            }
            // As ripgrep: 0 means no limit.
            configuration.maxColumns = columns == 0 ? nil : columns
        case .maxColumnsPreview: configuration.maxColumnsPreview = true
        case .multiline: configuration.multiline = true
        case .multilineDotAll: configuration.multilineDotAll = true
        case .countMatches:
            countRequested = true
            configuration.countsMatches = true
        case .onlyMatching: configuration.onlyMatching = true
        case .quiet: quiet = true
        case .binaryFiles:
            switch text {
            case "binary": configuration.binaryFiles = .binary
            case "text": configuration.binaryFiles = .text
            case "without-match": configuration.binaryFiles = .withoutMatch
            default: throw .fatal("unknown binary-files type")
            }
        case .text: configuration.binaryFiles = .text
        case .binaryWithoutMatch: configuration.binaryFiles = .withoutMatch
        case .directories:
            directoryAction = try Self.directoryKeywords.value(of: text)
        case .devices:
            switch text {
            case "read": configuration.skipDevices = false
            case "skip": configuration.skipDevices = true
            default: throw .fatal("unknown devices method")
            }
        case .recursive:
            directoryAction = .recurse
        case .dereferenceRecursive:
            directoryAction = .recurse
            followsAllSymbolicLinks = true
        case .include: configuration.fileNameGlobs.append(FileNameGlob(kind: .include, glob: text))
        case .exclude: configuration.fileNameGlobs.append(FileNameGlob(kind: .exclude, glob: text))
        case .excludeFrom:
            do throws(FileReadError) {
                configuration.fileNameGlobs += Self.globLines(of: try fileReader.contents(ofFile: text))
                    .map { FileNameGlob(kind: .exclude, glob: $0) }
            } catch {
                throw .fatal(error.message)
            }
        case .excludeDirectory: configuration.excludeDirectoryGlobs.append(text)
        case .filesWithoutMatch: fileListing = .filesWithoutMatch
        case .filesWithMatches: fileListing = .filesWithMatches
        case .count: countRequested = true
        case .initialTab: configuration.initialTab = true
        case .null: configuration.nullAfterName = true
        case .encoding: configuration.encoding = text
        case .binary: break  // No effect on GNU/Linux, in GNU grep too.
        case .unixByteOffsets: warnings.append("warning: --unix-byte-offsets (-u) is obsolete")
        // Context control.
        case .beforeContext:
            beforeContext = try Self.contextLength(text)
            configuration.passthru = false
        case .afterContext:
            afterContext = try Self.contextLength(text)
            configuration.passthru = false
        case .context:
            defaultContext = try Self.contextLength(text)
            configuration.passthru = false
        case .groupSeparator: configuration.groupSeparator = text
        case .noGroupSeparator: configuration.groupSeparator = nil
        // File selection while recursing.
        case .ignoreVCS:
            configuration.ignoreVCS = true
            configuration.ignoreDotIgnoreFiles = true
        case .noIgnoreVCS: configuration.ignoreVCS = false
        case .noIgnore:
            configuration.ignoreVCS = false
            configuration.ignoreDotIgnoreFiles = false
        case .hidden: configuration.skipsHidden = false
        case .noHidden: configuration.skipsHidden = true
        case .maxDepth:
            guard let depth = DecimalArgument.value(of: text), depth >= 0 else {
                throw .fatal("\(text): invalid max depth argument")
            }
            configuration.maxDepth = depth
        case .follow: followsAllSymbolicLinks = true
        case .noFollow: followsAllSymbolicLinks = false
        case .glob, .caseInsensitiveGlob:
            configuration.overrideGlobs.append(OverrideGlob(glob: text, ignoresCase: option == .caseInsensitiveGlob))
        case .fileType, .fileTypeNot:
            typeSelections.append((negated: option == .fileTypeNot, name: text))
        case .typeAdd: typeAdditions.append(text)
        case .typeClear: typeClears.append(text)
        case .typeList: showsTypeList = true
        case .listFiles: configuration.listsFiles = true
        case .patternColors:
            guard let colors = GrepColorsParser.patternColors(from: text) else {
                throw .fatal("\(text): invalid --pattern-colors argument (expected mt0=SGR:mt1=SGR:...)")
            }
            configuration.patternColors = colors
        case .threads:
            guard let count = DecimalArgument.value(of: text), count >= 0 else {
                throw .fatal("\(text): invalid number of threads")
            }
            configuration.threads = count == 0 ? nil : count
        case .searchZip: configuration.searchZip = true
        case .preprocessor: configuration.preprocessor = text.isEmpty ? nil : text
        case .noPreprocessor: configuration.preprocessor = nil
        case .preprocessorGlob:
            configuration.preprocessorGlobs.append(OverrideGlob(glob: text, ignoresCase: false))
        case .sort, .sortReversed:
            configuration.sortOrder = try Self.sortKeys.value(of: text).map {
                FileSortOrder(key: $0, reversed: option == .sortReversed)
            }
        case .color:
            if let argument {
                guard let choice = ColorChoice(argument: argument) else {
                    throw ColorChoice.invalidArgumentError(argument)
                }
                colorChoice = choice
            } else {
                colorChoice = .auto
            }
        }
    }

    /// The keywords of `-d`, `--directories`.
    static let directoryKeywords = KeywordArgument<DirectoryAction>(
        optionName: "--directories",
        keywords: [("read", .read), ("recurse", .recurse), ("skip", .skip)])

    /// The keys of `--sort` and `--sortr` (ripgrep's; `none` keeps the walk's order).
    static let sortKeys = KeywordArgument<FileSortOrder.Key?>(
        optionName: "--sort",
        keywords: [("path", .path), ("modified", .modified), ("accessed", .accessed), ("created", .created), ("none", nil)])

    /// Records the matcher `letter` (`E`, `F`, `G`, `P`); GNU grep refuses two different ones.
    private mutating func selectMatcher(_ letter: Character) throws(CommandLineError) {
        if let matcher, matcher != letter {
            throw .fatal("conflicting matchers specified")
        }
        matcher = letter
    }

    /// The context length `text` gives (`-A`, `-B`, `-C`): a non-negative decimal number.
    static func contextLength(_ text: String) throws(CommandLineError) -> Int {
        guard let length = DecimalArgument.value(of: text), length >= 0 else {
            throw .fatal("\(text): invalid context length argument")
        }
        return length
    }

    /// The number of seconds `text` gives (`--time-limit`): digits with at most one decimal
    /// point (`2`, `0.25`, `.5`), at most a billion; nil for anything else.
    static func seconds(_ text: String) -> Double? {
        let digits = text.utf8.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
        let points = text.utf8.filter { $0 == UInt8(ascii: ".") }.count
        guard digits > 0, points <= 1, digits + points == text.utf8.count,
              let value = Double(text), value.isFinite, value <= 1e9 else { return nil }
        return value
    }

    /// The globs of an `--exclude-from` file: one per line, trailing white space removed,
    /// empty lines skipped (gnulib's `add_exclude_file`).
    static func globLines(of contents: [UInt8]) -> [String] {
        PatternListBuilder.lines(of: contents).compactMap { line in
            var glob = Substring(line)
            while let last = glob.last, last == " " || last == "\t" || last == "\r"
                || last == "\u{0B}" || last == "\u{0C}" {
                glob = glob.dropLast()
            }
            return glob.isEmpty ? nil : String(glob)
        }
    }
}
