/// The pattern syntax a run starts with, before `-E`, `-F`, `-G` or `-P` choose one: what the
/// name icugrep was invoked by promises, unless the environment variable `ICUGREP_SYNTAX`
/// says otherwise.
///
/// Invoked as `icugrep`, patterns are ICU regular expressions. Invoked as `grep` (through a
/// link or a copy of that name), they are POSIX basic regular expressions, as in every grep,
/// so that scripts written for grep work unchanged. `egrep` and `fgrep` are `grep -E` and
/// `grep -F`, as Debian's scripts of those names are: the option counts as given, so that a
/// conflicting `-F` or `-E` is refused as GNU grep refuses it, and messages name the program
/// `grep`, the name those scripts run.
struct DefaultPatternSyntax: Equatable, Sendable {
    /// The syntax patterns are read in when no option chooses one.
    var syntax: Configuration.PatternSyntax
    /// The matcher option the name stands for (`E` for `egrep`, `F` for `fgrep`), counted as
    /// given; nil for other names.
    var impliedMatcher: Character?

    /// The environment variable that chooses the default syntax whatever the name.
    static let variableName = "ICUGREP_SYNTAX"

    /// The values of ``variableName`` and the syntax each names: `perl` is `-P`'s name for
    /// ICU's syntax.
    static let syntaxNames: [(String, Configuration.PatternSyntax)] = [
        ("icu", .regularExpression), ("perl", .regularExpression), ("basic", .basicRegexp),
        ("extended", .extendedRegexp), ("fixed", .fixedStrings),
    ]

    /// The default for a run invoked as `invokedName` (the base name of argv[0]) with
    /// environment `variables`. An unknown value of ``variableName`` is an error (status 2).
    static func resolve(
        invokedName: String, variables: [String: String]
    ) throws(CommandLineError) -> DefaultPatternSyntax {
        switch invokedName {
        case "egrep": return DefaultPatternSyntax(syntax: .extendedRegexp, impliedMatcher: "E")
        case "fgrep": return DefaultPatternSyntax(syntax: .fixedStrings, impliedMatcher: "F")
        default: break
        }
        if let value = variables[variableName] {
            guard let syntax = syntaxNames.first(where: { $0.0 == value })?.1 else {
                let names = syntaxNames.map { "‘\($0.0)’" }.joined(separator: ", ")
                throw .fatal("invalid \(variableName) value ‘\(value)’; valid values are \(names)")
            }
            return DefaultPatternSyntax(syntax: syntax, impliedMatcher: nil)
        }
        return DefaultPatternSyntax(syntax: invokedName == "grep" ? .basicRegexp : .regularExpression, impliedMatcher: nil)
    }

    /// The name messages, the usage and `--help` give the program when invoked as
    /// `invokedName`: `grep` for `egrep` and `fgrep`, whose Debian scripts run `grep`; the
    /// invoked name otherwise.
    static func messageName(forInvokedName invokedName: String) -> String {
        invokedName == "egrep" || invokedName == "fgrep" ? "grep" : invokedName
    }
}
