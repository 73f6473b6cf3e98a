/// The reading of a text whose characters are bytes, as GNU grep reads its input and patterns in
/// the C locale (and any other locale that does not use UTF-8), for a search that reads UTF-8.
///
/// Each byte is one character: a byte below 0x80 is the ASCII character it is, and a byte of
/// 0x80 or more is the code point U+E000 plus its value, U+E080 to U+E0FF, in the Private Use
/// Area. The mapping is one to one, so a text read so can be written back exactly; and those
/// code points have no case, belong to no class but their own (`\p{Co}`), and are letters,
/// digits, spaces and word characters for no one: ICU's `\w`, `\s`, `\d`, `\b`, case-insensitive
/// matching and the Unicode classes that the translations of GNU grep's classes are written in
/// treat them as glibc's C locale treats its bytes from 0x80 up, so that only ASCII letters
/// fold and only ASCII characters are in a class (``POSIXPatternTranslator`` keeps its classes
/// to ASCII in this reading, where `[:print:]` and its like would otherwise hold the Private
/// Use Area). Their order is the bytes' order, so a range of bytes is the range of their
/// characters. (The bytes read as Latin-1 would fold `é` with `É`, count `é` as a letter and
/// U+0085 as a space, which the C locale does not.)
///
/// A byte from 0x80 up is written in UTF-8 as three bytes, `EE 82 xx` or `EE 83 xx`.
package enum ByteCharacters {
    /// The code point of the byte 0x00: the bytes from 0x80 up are this plus their value.
    static let base: UInt32 = 0xE000
    /// The code points of the bytes from 0x80 up.
    package static let highScalars: ClosedRange<UInt32> = 0xE080...0xE0FF

    /// The character that `byte` is.
    package static func scalar(forByte byte: UInt8) -> Unicode.Scalar {
        byte < 0x80 ? Unicode.Scalar(byte) : Unicode.Scalar(base + UInt32(byte))!
    }

    /// The byte that `scalar` is, nil for a character that is not a byte in this reading.
    package static func byte(of scalar: Unicode.Scalar) -> UInt8? {
        if scalar.isASCII { return UInt8(scalar.value) }
        return highScalars.contains(scalar.value) ? UInt8(scalar.value - base) : nil
    }

    /// The characters of `text`'s UTF-8 bytes, each byte one character: the pattern as GNU
    /// grep reads its bytes in the C locale (`é`, given as two bytes, is two characters). A
    /// character of `text` that is a byte of this reading already is kept: a text that was
    /// not UTF-8 is given so (``text(ofBytes:)``).
    package static func decoding(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for character in text.unicodeScalars {
            if highScalars.contains(character.value) {
                result.append(character)
            } else {
                for byte in String(character).utf8 { result.append(scalar(forByte: byte)) }
            }
        }
        return String(result)
    }

    /// `bytes` as a String that keeps them: their UTF-8 when they are UTF-8, else each byte as
    /// its character, which ``decoding(_:)`` keeps (a command-line argument outside a UTF-8
    /// locale, where GNU grep reads `$'\xe9'` as the byte 0xE9).
    package static func text(ofBytes bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var result = String.UnicodeScalarView()
        for byte in bytes { result.append(scalar(forByte: byte)) }
        return String(result)
    }

    /// The bytes `text` was made of by ``text(ofBytes:)``, decoded as UTF-8 (an encoding
    /// error as U+FFFD): the text as it reads where bytes are not characters.
    package static func decodingAsUTF8(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { highScalars.contains($0.value) }) else { return text }
        var bytes: [UInt8] = []
        for character in text.unicodeScalars {
            if let byte = byte(of: character) { bytes.append(byte) } else { bytes += String(character).utf8 }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An ICU pattern in which `\xhh` and `\x{hh}` from `\x80` up stand for those bytes, as in
    /// PCRE2 without UTF (GNU grep's `-P` in the C locale), rather than for U+0080 to U+00FF;
    /// its other characters are `decoding(pattern)`'s. Every other escape is kept, as is the
    /// text between `\Q` and `\E`.
    package static func decodingICUPattern(_ pattern: String) -> String {
        let scalars = Array(decoding(pattern).unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        var quoting = false
        func isHexDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isASCIIHexDigit }
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\", index + 1 < scalars.count else {
                result.append(scalar)
                index += 1
                continue
            }
            let next = scalars[index + 1]
            if quoting {
                quoting = next != "E"
                result.append(scalar)
                result.append(next)
                index += 2
                continue
            }
            if next == "Q" { quoting = true }
            guard next == "x" else {
                result.append(scalar)
                result.append(next)
                index += 2
                continue
            }
            // \xhh (up to two digits) or \x{h...}.
            var digitsStart = index + 2
            var digitsEnd = digitsStart
            var end: Int
            if digitsStart < scalars.count && scalars[digitsStart] == "{" {
                digitsStart += 1
                digitsEnd = digitsStart
                while digitsEnd < scalars.count && isHexDigit(scalars[digitsEnd]) { digitsEnd += 1 }
                guard digitsEnd < scalars.count && scalars[digitsEnd] == "}" else {
                    result.append(scalar)
                    result.append(next)
                    index += 2
                    continue
                }
                end = digitsEnd + 1
            } else {
                while digitsEnd < scalars.count && digitsEnd < digitsStart + 2 && isHexDigit(scalars[digitsEnd]) {
                    digitsEnd += 1
                }
                end = digitsEnd
            }
            let digits = String(String.UnicodeScalarView(scalars[digitsStart..<digitsEnd]))
            if let value = UInt32(digits, radix: 16), (0x80...0xFF).contains(value) {
                result.append(contentsOf: "\\x{\(String(base + value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(contentsOf: scalars[index..<end])
            }
            index = end
        }
        return String(result)
    }
}
