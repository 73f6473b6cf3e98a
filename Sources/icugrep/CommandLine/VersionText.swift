import ICURegex

/// The text of `icugrep --version`: icugrep's version, the version of the ICU library it runs
/// on, and what it emulates.
///
/// Invoked as `grep` (or `egrep`, `fgrep`), the first line has GNU grep's shape, `PROGRAM
/// (PACKAGE) VERSION`, its last word the version of GNU grep followed, which scripts that test
/// `grep --version` read (GNU's test suite among them); the package names icugrep.
enum VersionText {
    /// The whole version text, ending in a newline.
    static var text: String { text(programName: ProgramIdentity.name) }

    /// The version text when messages name the program `programName`.
    static func text(programName: String) -> String {
        let firstLine = programName == "grep"
            ? "grep (\(ProgramIdentity.productName) \(ProgramIdentity.version), compatible with GNU grep) \(ProgramIdentity.emulatedGrepVersion)"
            : "\(ProgramIdentity.productName) \(ProgramIdentity.version)"
        return """
        \(firstLine)
        ICU \(ICULibrary.version)
        Options, output and exit status follow GNU grep \(ProgramIdentity.emulatedGrepVersion);
        patterns use ICU's regular-expression syntax, or POSIX's with -G and -E.

        """
    }
}
