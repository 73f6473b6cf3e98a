import CICUShim

/// ICU's default case folding of single code points, which tells the line search's
/// prefilter which characters ICU's case-insensitive matching treats alike (and lets the
/// tests check the prefilter's tables against the ICU in use).
enum CaseFolding {
    /// The simple default case folding of `value` (`u_foldCase`), one code point: the folding
    /// ICU's regular expressions use for a lone pattern character.
    static func simpleFolding(of value: UInt32) -> UInt32 {
        icushim_simple_fold_case(value)
    }

    /// The full default case folding of `value` (`u_strFoldCase`): one code point or several
    /// (`ß` folds to `ss`); a surrogate code point folds to itself.
    static func fullFolding(of value: UInt32) -> [UInt32] {
        // No code point folds to more than three.
        var buffer: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &buffer) { raw in
            let codePoints = raw.bindMemory(to: UInt32.self)
            let count = Int(icushim_fold_case(value, codePoints.baseAddress!, Int32(codePoints.count)))
            return Array(codePoints.prefix(min(count, codePoints.count)))
        }
    }

    /// `byte` with an ASCII capital letter made small: the folding of the literal scans that
    /// compare ASCII letters in either case (a byte outside ASCII is unchanged).
    @inline(__always)
    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
