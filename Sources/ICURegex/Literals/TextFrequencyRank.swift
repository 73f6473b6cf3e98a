/// A rough rank of how common each byte of UTF-8 text, and each unit of UTF-16 text, is: the
/// one table by which every literal scanner picks the rarest bytes or units of a literal to
/// look for. Only the order matters, and a poor guess only costs time: every hit is verified.
package enum TextFrequencyRank {
    /// The rank of `byte` in UTF-8 text: higher is more common.
    package static func rank(ofByte byte: UInt8) -> Int {
        table[Int(byte)]
    }

    /// The rank of `unit` in UTF-16 text: higher is more common. An ASCII unit ranks as its
    /// byte; any other as a UTF-8 continuation byte, in the middle (common in some scripts,
    /// absent in others).
    static func rank(ofUnit unit: UInt16) -> Int {
        unit < 0x80 ? table[Int(unit)] : table[0x80]
    }

    /// The ranks of all 256 bytes: English letter frequencies for ASCII letters, space and
    /// common punctuation most common, capitals and digits less, control characters rare;
    /// UTF-8 lead bytes common in non-Latin text, continuation bytes less so (they spread
    /// over more values), with Russian's letter frequencies for the bytes of Cyrillic.
    private static let table: [Int] = {
        var ranks = [Int](repeating: 20, count: 256)
        let lowercaseByFrequency = Array("etaoinshrdlucmwfgypbvkxjqz".utf8)
        for (position, letter) in lowercaseByFrequency.enumerated() {
            ranks[Int(letter)] = 250 - 4 * position
        }
        for letter in UInt8(ascii: "A")...UInt8(ascii: "Z") {
            ranks[Int(letter)] = 120
        }
        for capital in "TAISHWM".utf8 {
            ranks[Int(capital)] = 135
        }
        for digit in UInt8(ascii: "0")...UInt8(ascii: "9") {
            ranks[Int(digit)] = 110
        }
        for punctuation in ",.\"'-;:!?()".utf8 {
            ranks[Int(punctuation)] = 140
        }
        ranks[Int(UInt8(ascii: " "))] = 255
        ranks[Int(UInt8(ascii: "\t"))] = 100
        for continuation in 0x80...0xBF {
            ranks[continuation] = 150
        }
        for lead in 0xC2...0xF4 {
            ranks[lead] = 200
        }
        // Russian: nearly every letter starts with 0xD0 or 0xD1, so these are as common as
        // spaces, and the second byte tells the letters apart: lowercase by their frequency,
        // capitals rarer.
        ranks[0xD0] = 255
        ranks[0xD1] = 255
        for capital in 0x90...0xAF {
            ranks[capital] = 125
        }
        for (position, letter) in "оеаинтсрвлкмдпуяыьгзбчйхжшюцщэфъё".unicodeScalars.enumerated() {
            let secondByte = Array(String(letter).utf8)[1]
            ranks[Int(secondByte)] = 200 - 2 * position
        }
        return ranks
    }()
}
