import ICURegex

/// The text of `icugrep --version`: icugrep's version, the version of the ICU library it runs
/// on, and what it emulates.
enum VersionText {
    /// The whole version text, ending in a newline.
    static var text: String {
        """
        \(ProgramIdentity.productName) \(ProgramIdentity.version)
        ICU \(ICULibrary.version)
        Options, output and exit status follow GNU grep \(ProgramIdentity.emulatedGrepVersion);
        patterns use ICU's regular-expression syntax, or POSIX's with -G and -E.

        """
    }
}
