/// How many terminal columns text takes, to put a caret under a position in a pattern.
///
/// An approximation of `wcwidth` that needs no locale: East Asian wide and fullwidth
/// characters and emoji take two columns, marks and format characters none, the rest one.
enum DisplayWidth {
    /// The columns `character` takes: those of its first scalar (the rest of a grapheme
    /// cluster combines with it).
    static func columns(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        return columns(of: scalar)
    }

    /// The columns one scalar takes on its own.
    static func columns(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        if scalar.properties.isEmojiPresentation || isEastAsianWide(scalar.value) {
            return 2
        }
        return 1
    }

    /// True for the main East Asian Wide (W) and Fullwidth (F) blocks of Unicode.
    private static func isEastAsianWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F,  // Hangul Jamo initial consonants
             0x2E80...0x303E,  // CJK radicals, Kangxi, CJK symbols and punctuation
             0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility, CJK compatibility
             0x3400...0x4DBF,  // CJK Unified Ideographs Extension A
             0x4E00...0x9FFF,  // CJK Unified Ideographs
             0xA000...0xA4CF,  // Yi
             0xA960...0xA97F,  // Hangul Jamo Extended-A
             0xAC00...0xD7A3,  // Hangul syllables
             0xF900...0xFAFF,  // CJK compatibility ideographs
             0xFE10...0xFE19,  // Vertical forms
             0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
             0xFF00...0xFF60,  // Fullwidth forms
             0xFFE0...0xFFE6,  // Fullwidth signs
             0x1B000...0x1B2FF,  // Kana supplement and extensions, Nushu
             0x20000...0x2FFFD,  // CJK extensions B to F, compatibility supplement
             0x30000...0x3FFFD:  // CJK extensions G and later
            return true
        default:
            return false
        }
    }
}
