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
    /// True when `bytes` hold an encoding error. ASCII is passed over eight bytes at a time, so
    /// a line of ASCII costs one load and test per word.
    static func contained(in bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        var index = 0
        while index < count {
            // The ASCII fast path: whole words without a high bit.
            while index + 8 <= count
                && base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { return false }
            let lead = base.load(fromByteOffset: index, as: UInt8.self)
            if lead < 0x80 {
                index += 1
                continue
            }
            guard let length = characterLength(at: index, in: base, count: count) else { return true }
            index += length
        }
        return false
    }

    /// The length of the multibyte character whose lead byte is at `index` (not ASCII), or
    /// nil when it is an encoding error.
    private static func characterLength(at index: Int, in base: UnsafeRawPointer, count: Int) -> Int? {
        let lead = base.load(fromByteOffset: index, as: UInt8.self)
        let length: Int
        // The range of the second byte: narrower after the lead bytes of overlong forms and
        // of surrogates.
        var secondLow: UInt8 = 0x80, secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondLow = 0xA0
        case 0xED: length = 3; secondHigh = 0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; secondLow = 0x90
        case 0xF1...0xF7: length = 4
        case 0xF8: length = 5; secondLow = 0x88
        case 0xF9...0xFB: length = 5
        case 0xFC: length = 6; secondLow = 0x84
        case 0xFD: length = 6
        default: return nil
        }
        guard index + length <= count else { return nil }
        let second = base.load(fromByteOffset: index + 1, as: UInt8.self)
        guard second >= secondLow && second <= secondHigh else { return nil }
        for offset in 2..<length where base.load(fromByteOffset: index + offset, as: UInt8.self) & 0xC0 != 0x80 {
            return nil
        }
        return length
    }
}
