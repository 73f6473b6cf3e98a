import TestSupport

/// One comparison of icugrep with GNU grep: the same arguments given to both, run in the
/// corpora directory.
struct DifferentialCase: Sendable, CustomStringConvertible {
    /// icugrep's arguments.
    var arguments: [String]
    /// A corpus file fed on standard input, if any.
    var standardInputFile: String?
    /// GNU grep's arguments: the same, except that several `-e` patterns are joined into one
    /// alternation, since grep 3.8's `-P` accepts only one pattern (icugrep has no such limit).
    var referenceArguments: [String] {
        let patternCount = arguments.filter { $0 == "-e" }.count
        guard arguments.first == "-P", patternCount > 1 else { return arguments }
        var reference: [String] = []
        var patterns: [String] = []
        var index = 0
        while index < arguments.count {
            if arguments[index] == "-e", index + 1 < arguments.count {
                patterns.append("(?:\(arguments[index + 1]))")
                index += 2
            } else {
                reference.append(arguments[index])
                index += 1
            }
        }
        return [reference[0], "-e", patterns.joined(separator: "|")] + reference.dropFirst()
    }

    /// Creates a case.
    init(arguments: [String], standardInputFile: String? = nil) {
        self.arguments = arguments
        self.standardInputFile = standardInputFile
    }

    /// The command as a shell would show it, for failure messages and test names; grep's
    /// arguments follow when they differ.
    var description: String {
        var command = (["grep"] + arguments.map(Self.shellQuoted)).joined(separator: " ")
        if let standardInputFile { command += " < \(standardInputFile)" }
        if referenceArguments != arguments {
            command += " (grep: " + referenceArguments.map(Self.shellQuoted).joined(separator: " ") + ")"
        }
        return command
    }

    /// `argument` quoted for a POSIX shell when it needs to be.
    static func shellQuoted(_ argument: String) -> String {
        let plain = argument.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_=.,/:+".contains($0)) }
        if plain && !argument.isEmpty { return argument }
        let escaped = argument.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "'": return "'\\''"
            case "\r": return "'$'\\r''"
            case "\n": return "'$'\\n''"
            default: return String(scalar)
            }
        }.joined()
        return "'\(escaped)'"
    }
}

/// A pattern known to mean the same to ICU and to GNU grep 3.8's `-P` (PCRE2 without Unicode
/// properties for `\w`, `\d`, `\b`) on one corpus, with the options it may be combined with.
struct CorpusPattern: Sendable {
    /// The pattern.
    var text: String
    /// True when it also agrees under `-w`: grep -P's word characters are ASCII only, ICU's are
    /// Unicode's, so `-w` differs wherever a match touches a non-ASCII letter.
    var wordSafe: Bool
    /// True when it ends in `$`: with `-z`, ICU's `$` also matches before a newline that ends
    /// the record, and grep -P's does not, so these are kept away from `-z`.
    var endAnchored: Bool { text.hasSuffix("$") }
}

/// A corpus file and the patterns on which icugrep and grep -P agree there, found by running
/// both with `-i`, `-v`, `-x`, `-o`, `-w` and their combinations.
struct DifferentialCorpus: Sendable {
    /// The file name in `../shared/corpora`.
    var file: String
    /// The patterns.
    var patterns: [CorpusPattern]

    /// Patterns that agree under every option.
    static func wordSafe(_ texts: [String]) -> [CorpusPattern] {
        texts.map { CorpusPattern(text: $0, wordSafe: true) }
    }

    /// Patterns that agree under every option but `-w`.
    static func notWordSafe(_ texts: [String]) -> [CorpusPattern] {
        texts.map { CorpusPattern(text: $0, wordSafe: false) }
    }

    /// English subtitles: mostly ASCII, with some accented words and stray Latin-1 letters.
    static let english = DifferentialCorpus(
        file: "en-sampled.txt",
        patterns: wordSafe([
            "Sherlock", "Holmes", "[A-Z][a-z]+ing", "\\w+ly\\b", "\\d+", "\\d{2,}", "[0-9]+",
            "it's|I'm", "(ab|cd)+", "x[aeiou]", "^The", "ing$", "colou?r", "a.c", "wh(at|ere|o)",
            "[0-9]+:[0-9]+", "love", "don.t", "^-", "Mr|Mrs", "[aeiou]{3}", "o{2}", "b.t",
            "wanna|gonna", "\\bno\\b", "hello", "^\\w+$", "\\$\\d+", "thank", "go(ing)?", "ca[nt]",
            "\\s{2,}", "(?:very )+",
        ]) + notWordSafe([
            "the", "\\.$", "you", "I", "\\?$", "!+", " [a-z]+ [a-z]+ ", "[.,;:]",
        ]))

    /// Russian subtitles: `-w` never agrees (grep -P sees Cyrillic letters as non-word).
    static let russian = DifferentialCorpus(
        file: "ru-sampled.txt",
        patterns: notWordSafe([
            "что", "Что", "привет", "москв", "МОСКВ", "ПРИВЕТ", "не знаю", "[А-Я][а-я]+", "\\d+",
            "[0-9]+", "да|нет", "(ну|вот), ", "^[А-Я]", "\\?$", "[ёЁ]", "о{2,}", "ведь", "ты",
            "Holmes", "[а-я]{12,}", "[^а-яА-Я ,.!?-]{3}",
        ]))

    /// Chinese subtitles: ICU's `\d` also matches fullwidth digits, so only `[0-9]`.
    static let chinese = DifferentialCorpus(
        file: "zh-sampled.txt",
        patterns: notWordSafe([
            "中国", "我们|你们", "[一-龥]{8}", "[0-9]+", "你", "什么", "吗？$", "^我", "[a-zA-Z]+",
            "，.{2}，", "的.", "(是|不是)的", "Holmes",
        ]))

    /// The Adventures of Sherlock Holmes: CRLF line ends and a UTF-8 byte-order mark.
    static let sherlock = DifferentialCorpus(
        file: "sherlock.txt",
        patterns: wordSafe([
            "Holmes", "Watson", "Sherlock Holmes", "\"[A-Z]", "\\r$", "\\.\\r$", "said\\b",
            "\\bthe\\b", "Mr\\. \\w+", "^\\s*$", "ing\\b", "\\d+", "[0-9]+", "Project", "^\\x{FEFF}",
            "Baker Street|Scotland Yard", "^Project", "(?i)adventure",
        ]) + notWordSafe(["[A-Z]{3,}"]))

    /// Every corpus.
    static let all = [english, russian, chinese, sherlock]
}

/// Makes the random combinations of options for the differential test, from a fixed seed so
/// that every run checks the same cases.
struct DifferentialCaseGenerator {
    /// The source of choices.
    var random: SplitMix64

    /// `count` cases from `seed`.
    static func cases(count: Int, seed: UInt64) -> [DifferentialCase] {
        var generator = DifferentialCaseGenerator(random: SplitMix64(seed: seed))
        return (0..<count).map { _ in generator.nextCase() }
    }

    /// One random case.
    mutating func nextCase() -> DifferentialCase {
        // The inputs: one corpus (sometimes on standard input) or several.
        var corpora = [random.element(of: DifferentialCorpus.all)]
        if random.chance(0.2) {
            let other = random.element(of: DifferentialCorpus.all)
            if other.file != corpora[0].file { corpora.append(other) }
        }
        let candidates = Self.commonPatterns(of: corpora)
        let pattern = random.element(of: candidates)
        let useStandardInput = corpora.count == 1 && random.chance(0.12)

        var flags: [String] = []  // Short options without arguments, bundled or not.
        var options: [[String]] = []  // Everything else, each with its argument.

        // Matching.
        if random.chance(0.3) { flags.append("i") }
        if random.chance(0.15) { flags.append("v") }
        var wordSafe = pattern.wordSafe
        if wordSafe && random.chance(0.2) { flags.append("w") }
        if random.chance(0.05) { flags.append("x") }
        if random.chance(0.1) {
            // A second pattern, as another -e.
            let second = random.element(of: candidates)
            wordSafe = wordSafe && second.wordSafe
            if !flags.contains("w") || wordSafe {
                options.append(["-e", second.text])
            }
        }

        // What to print.
        let mode = random.number(in: 0...99)
        let linesMode: Bool
        switch mode {
        case 0..<52: linesMode = true
        case 52..<62: flags.append("c"); linesMode = false
        case 62..<70: flags.append("l"); linesMode = false
        case 70..<78: flags.append("L"); linesMode = false
        case 78..<82: flags.append("q"); linesMode = false
        default: flags.append("o"); linesMode = true
        }
        if random.chance(0.35) { flags.append("n") }
        if random.chance(0.15) { flags.append("b") }
        if random.chance(0.15) { flags.append("H") } else if random.chance(0.1) { flags.append("h") }
        if random.chance(0.1) { flags.append("T") }
        if random.chance(0.1) { flags.append("Z") }
        if random.chance(0.2) { options.append(["-m\(random.number(in: 0...20))"]) }
        if linesMode && random.chance(0.3) {
            let length = random.number(in: 0...3)
            options.append([random.element(of: ["-A\(length)", "-B\(length)", "-C\(length)", "-\(length)",
                                                "--context=\(length)", "--after-context=\(length)"])])
            if random.chance(0.15) { options.append(["--no-group-separator"]) }
            else if random.chance(0.15) { options.append(["--group-separator=@@"]) }
        }
        if random.chance(0.2) { options.append(["--color=always"]) }
        if !pattern.endAnchored && !linesMode && random.chance(0.1) { flags.append("z") }
        if useStandardInput && random.chance(0.5) { options.append(["--label=stdin-label"]) }

        // Put it together: -P, the flags (bundled or one by one), the options, the pattern,
        // the files, and sometimes options after the files (permutation).
        var arguments = ["-P"]
        if random.chance(0.4) && !flags.isEmpty {
            arguments.append("-" + flags.joined())
        } else {
            arguments += flags.map { "-\($0)" }
        }
        var trailing: [String] = []
        for option in options {
            if random.chance(0.15) { trailing += option } else { arguments += option }
        }
        if options.contains(where: { $0.first == "-e" }) || random.chance(0.3) {
            arguments += ["-e", pattern.text]
        } else {
            arguments.append(pattern.text.hasPrefix("-") ? "-e\(pattern.text)" : pattern.text)
        }
        if useStandardInput {
            if random.chance(0.5) { arguments.append("-") }
        } else {
            arguments += corpora.map(\.file)
        }
        arguments += trailing
        return DifferentialCase(
            arguments: arguments, standardInputFile: useStandardInput ? corpora[0].file : nil)
    }

    /// The patterns every one of `corpora` has, word-safe only when safe in all of them.
    static func commonPatterns(of corpora: [DifferentialCorpus]) -> [CorpusPattern] {
        var common = corpora[0].patterns
        for corpus in corpora.dropFirst() {
            common = common.compactMap { pattern in
                guard let other = corpus.patterns.first(where: { $0.text == pattern.text }) else { return nil }
                return CorpusPattern(text: pattern.text, wordSafe: pattern.wordSafe && other.wordSafe)
            }
        }
        return common.isEmpty ? [CorpusPattern(text: "[0-9]+", wordSafe: false)] : common
    }
}
