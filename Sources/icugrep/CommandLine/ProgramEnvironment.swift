import Glibc
import ICURegex

/// What the command line is interpreted against besides the arguments: environment
/// variables, whether standard output is a terminal, and how files named by options are
/// read. Tests build their own; ``current()`` is the real one.
struct ProgramEnvironment {
    /// The environment variables that matter (`GREP_COLORS`, `GREP_COLOR`, `TERM`,
    /// `POSIXLY_CORRECT`, `ICUGREP_SYNTAX`); a missing key is an unset variable.
    var variables: [String: String]
    /// True when standard output is a terminal, for `--color=auto`.
    var standardOutputIsTerminal: Bool
    /// Reads the files of `-f` and `--exclude-from`.
    var fileReader: any FileContentsReading
    /// The base name icugrep was invoked by, which chooses the default pattern syntax
    /// (``DefaultPatternSyntax``).
    var invokedName = ProgramIdentity.productName
    /// True when the locale the environment names (`LC_ALL`, `LC_CTYPE`, `LANG`) is a UTF-8
    /// one that the system has; false in the C locale, or a locale the system lacks, where GNU
    /// grep reads every byte as a character.
    var localeIsUTF8 = true
    /// True when the locale's `LC_CTYPE` maps the case of `i` as Turkish and Azeri do
    /// (glibc's `towupper` of `i` is `İ`): GNU grep's `-i` then pairs `i` with `İ` and `I` with
    /// `ı` (``TurkicCase``). Asked only when a pattern needs it.
    var localeHasTurkicCase: () -> Bool = { false }
    /// The ICU locale ID of the locale's `LC_COLLATE` when glibc collates it (every locale
    /// but C, POSIX and C.UTF-8), where `[=c=]` holds the characters weighed as `c`
    /// (``EquivalenceClasses``); nil in the others. Asked only when a pattern needs it.
    var collatingLocale: () -> String? = { nil }

    /// The names of the environment variables icugrep reads.
    static let variableNames = ["GREP_COLORS", "GREP_COLOR", "TERM", "POSIXLY_CORRECT", DefaultPatternSyntax.variableName]

    /// The process's arguments after its name, as ``IcugrepCommand/run(arguments:environment:)``
    /// takes them: decoded as Swift decodes them in a UTF-8 locale; outside one, each
    /// argument's bytes kept whether or not they are UTF-8 (``ByteCharacters``), for the
    /// syntaxes that read every byte as a character there.
    func commandLineArguments() -> [String] {
        guard !localeIsUTF8 else { return Array(CommandLine.arguments.dropFirst()) }
        var arguments: [String] = []
        for index in 1..<max(1, Int(CommandLine.argc)) {
            guard let argument = CommandLine.unsafeArgv[index] else { break }
            arguments.append(ByteCharacters.text(ofBytes: UnsafeRawBufferPointer(start: argument, count: strlen(argument))))
        }
        return arguments
    }

    /// The process's own environment, terminal and file system, invoked as `invokedName`.
    static func current(invokedName: String) -> ProgramEnvironment {
        var variables: [String: String] = [:]
        for name in variableNames {
            if let value = getenv(name) {
                variables[name] = String(cString: value)
            }
        }
        return ProgramEnvironment(
            variables: variables,
            standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
            fileReader: SystemFileContentsReader(),
            invokedName: invokedName,
            localeIsUTF8: localeIsUTF8(),
            localeHasTurkicCase: localeHasTurkicCase,
            collatingLocale: collatingLocale)
    }

    /// Whether the process's `LC_CTYPE` maps `i` to `İ` in upper case, asked of the C library
    /// as GNU grep's case folding asks it; the C locale restored after.
    static func localeHasTurkicCase() -> Bool {
        guard setlocale(LC_CTYPE, "") != nil else { return false }
        defer { setlocale(LC_CTYPE, "C") }
        // towupper is in wctype.h, which Swift's Glibc module leaves out: looked up in the C
        // library already loaded.
        typealias WideCaseMapping = @convention(c) (UInt32) -> UInt32
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "towupper") else { return false }
        let upper = unsafeBitCast(symbol, to: WideCaseMapping.self)
        return upper(0x69) == 0x130
    }

    /// The ICU locale ID of the process's `LC_COLLATE` as the C library resolves it, nil for a
    /// locale without collation; the C locale restored after.
    static func collatingLocale() -> String? {
        guard let name = setlocale(LC_COLLATE, "") else { return nil }
        defer { setlocale(LC_COLLATE, "C") }
        return EquivalenceClasses.collatingLocale(glibcName: String(cString: name))
    }

    /// Whether the process's locale, as its environment names it, uses UTF-8: asked of the C
    /// library (as GNU grep does), then the C locale restored, so that nothing else in the
    /// process depends on the locale.
    static func localeIsUTF8() -> Bool {
        guard setlocale(LC_CTYPE, "") != nil else { return false }
        defer { setlocale(LC_CTYPE, "C") }
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        return String(cString: codeset) == "UTF-8"
    }
}
