import CICUShim

/// The text of `icugrep --version`: icugrep's version, the version of the ICU library it runs
/// on, and what it emulates.
enum VersionText {
    /// The whole version text, ending in a newline.
    static var text: String {
        """
        \(ProgramIdentity.name) \(ProgramIdentity.version)
        ICU \(icuVersion)
        Options, output and exit status follow GNU grep \(ProgramIdentity.emulatedGrepVersion);
        patterns use ICU's regular-expression syntax.

        """
    }

    /// The version of the ICU library in use, such as `72.1`.
    static var icuVersion: String {
        var buffer = [CChar](repeating: 0, count: 32)
        buffer.withUnsafeMutableBufferPointer { pointer in
            icushim_icu_version(pointer.baseAddress, Int32(pointer.count))
        }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
