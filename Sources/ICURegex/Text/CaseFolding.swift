import CICUShim

/// ICU's default case folding of single code points, which tells the line search's
/// prefilter and automata which characters ICU's case-insensitive matching treats alike (and
/// lets the tests check the prefilter's tables against the ICU in use).
///
/// The folding of an ASCII code point is known without ICU: Unicode's CaseFolding.txt folds
/// `A` to `Z` to `a` to `z` and no other ASCII character, and folds no character outside ASCII
/// to an ASCII one but those of ``RequiredLiterals/charactersFoldingToASCII``. A pattern of
/// ASCII letters ignoring case (`-i todo`) thus neither loads ICU nor asks it. The tests check
/// both facts against the ICU in use, code point by code point.
enum CaseFolding {
    /// The simple default case folding of `value` (`u_foldCase`), one code point: the folding
    /// ICU's regular expressions use for a lone pattern character.
    static func simpleFolding(of value: UInt32) -> UInt32 {
        value < 0x80 ? UInt32(asciiLowercased(UInt8(value))) : icuSimpleFolding(of: value)
    }

    /// The full default case folding of `value` (`u_strFoldCase`): one code point or several
    /// (`ß` folds to `ss`); a surrogate code point folds to itself.
    static func fullFolding(of value: UInt32) -> [UInt32] {
        value < 0x80 ? [UInt32(asciiLowercased(UInt8(value)))] : icuFullFolding(of: value)
    }

    /// Every code point whose simple case folding is that of the ASCII code point `value`:
    /// `value`, its other case for a letter, and the characters outside ASCII that fold to it
    /// (`ſ` to `s`, the Kelvin sign to `k`).
    static func codePointsFoldingLike(ascii value: UInt32) -> [UInt32] {
        precondition(value < 0x80, "CaseFolding.codePointsFoldingLike(ascii:) takes ASCII")
        let folded = simpleFolding(of: value)
        var codePoints = [value]
        if (0x61...0x7A).contains(folded) {
            codePoints.append(value ^ 0x20)  // the letter's other case
        }
        for (codePoint, folding) in RequiredLiterals.charactersFoldingToASCII where folding == [folded] {
            codePoints.append(codePoint)
        }
        return codePoints
    }

    /// ``simpleFolding(of:)`` asked of ICU, whatever the code point.
    static func icuSimpleFolding(of value: UInt32) -> UInt32 {
        icushim_simple_fold_case(value)
    }

    /// ``fullFolding(of:)`` asked of ICU, whatever the code point.
    static func icuFullFolding(of value: UInt32) -> [UInt32] {
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
