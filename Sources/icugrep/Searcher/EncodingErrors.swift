import CByteScan

/// GNU grep 3.8's rule for bytes that are not text in a UTF-8 locale: a line about to be
/// printed (a selected or context line; with `-o`, a match) that holds an encoding error is
/// not printed, and after the file `grep: FILE: binary file matches` says that something was
/// held back. Lines that are only counted or tested (`-c`, `-l`, `-q`) are unaffected; `-a`
/// prints every line as it is, and in the C locale, where every byte is a character, there
/// are no encoding errors.
///
/// An encoding error is what glibc's `mbrlen` rejects in UTF-8, which GNU grep asks: a byte
/// that cannot start a character (`80`–`BF`, `C0`, `C1`, `FE`, `FF`), a character cut short
/// (also by the end of the line), an overlong form, or a surrogate (`ED A0`–`ED BF`). glibc
/// accepts the old forms of up to six bytes, up to U+7FFFFFFF, so they are no errors here
/// either.
enum EncodingErrors {
    /// True when `bytes` hold an encoding error (`bytescan_has_utf8_error`, in C: text of
    /// ASCII and two-byte characters is checked sixteen bytes at a time).
    @inline(__always)
    static func contained(in bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return bytescan_has_utf8_error(base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }
}
