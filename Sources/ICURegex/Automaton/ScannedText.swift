import CByteScan

/// A text the match automaton scans, in its own code units: how its characters are read
/// forwards and backwards, so that one scan serves UTF-16 and UTF-8.
protocol ScannedText {
    /// The character at `index` (before `end`), and where the next one starts;
    /// ``illFormed`` for a sequence that is not a character.
    func character(at index: Int, end: Int) -> (value: UInt32, next: Int)
    /// The character that ends at `index` (not before `start`), and where it starts;
    /// ``illFormed`` for a sequence that is not a character.
    func character(before index: Int, start: Int) -> (value: UInt32, start: Int)
    /// The first offset in `start..<end` at which `skip` says a match may start.
    func firstPossibleStart(_ skip: MatchStartScanner.ASCIISkip, from start: Int, to end: Int) -> Int
    /// The code unit at `index`: one below 0x80 is that ASCII character, whole.
    func unit(at index: Int) -> UInt32
    /// The character at `index` (before `end`) and how many units it takes, when it is below
    /// ``CodePointClassTable/exactLimit`` (a UTF-16 unit below it, one or two bytes of
    /// well-formed UTF-8); a length of 0 otherwise. The match automaton's fast loop reads
    /// these, the letters of Latin, Greek, Cyrillic, Hebrew and Arabic text with ASCII.
    func smallCharacter(at index: Int, end: Int) -> (value: UInt32, length: Int)
    /// The character that ends at `index` (after `start`) and where it starts, when it is
    /// below ``CodePointClassTable/exactLimit`` (a UTF-16 unit below it, one or two bytes of
    /// well-formed UTF-8), as ``character(before:start:)`` reads it; a start of -1 otherwise.
    func smallCharacter(before index: Int, start: Int) -> (value: UInt32, start: Int)
    /// The first offset in `start..<end` (or `end`) whose unit is 0x80 or more or an ASCII
    /// character of `ranges`, found by a vector scan: the pass of a one-pass run over a loop's
    /// ASCII characters.
    func firstUnitOutsideASCII(orIn ranges: UnsafePointer<bytescan_byte_ranges>, from start: Int, to end: Int) -> Int
}

extension ScannedText {
    /// What the readers return for ill-formed input: no code point.
    static var illFormed: UInt32 { UInt32.max }
}

/// UTF-16 read as ICU reads it: a lone surrogate is a code point of its own.
struct UTF16ScannedText: ScannedText {
    let units: UnsafePointer<UInt16>

    @inline(__always)
    func character(at index: Int, end: Int) -> (value: UInt32, next: Int) {
        let unit = units[index]
        let next = index &+ 1
        if UTF16.isLeadSurrogate(unit), next < end, UTF16.isTrailSurrogate(units[next]) {
            return (UTF16.scalarValue(lead: unit, trail: units[next]), next &+ 1)
        }
        return (UInt32(unit), next)
    }

    @inline(__always)
    func character(before index: Int, start: Int) -> (value: UInt32, start: Int) {
        let previous = index &- 1
        let unit = units[previous]
        if UTF16.isTrailSurrogate(unit), previous > start, UTF16.isLeadSurrogate(units[previous &- 1]) {
            return (UTF16.scalarValue(lead: units[previous &- 1], trail: unit), previous &- 1)
        }
        return (UInt32(unit), previous)
    }

    @inline(__always)
    func firstPossibleStart(_ skip: MatchStartScanner.ASCIISkip, from start: Int, to end: Int) -> Int {
        skip.firstPossibleStart(inUTF16: units, from: start, to: end)
    }

    @inline(__always)
    func unit(at index: Int) -> UInt32 { UInt32(units[index]) }

    @inline(__always)
    func smallCharacter(at index: Int, end: Int) -> (value: UInt32, length: Int) {
        let unit = UInt32(units[index])
        return (unit, Int(unit) < CodePointClassTable.exactLimit ? 1 : 0)
    }

    /// A unit below ``CodePointClassTable/exactLimit`` is no surrogate: a character of its own.
    @inline(__always)
    func smallCharacter(before index: Int, start: Int) -> (value: UInt32, start: Int) {
        let unit = UInt32(units[index &- 1])
        return (unit, Int(unit) < CodePointClassTable.exactLimit ? index &- 1 : -1)
    }

    @inline(__always)
    func firstUnitOutsideASCII(orIn ranges: UnsafePointer<bytescan_byte_ranges>, from start: Int, to end: Int) -> Int {
        bytescan_first_unit_in_ranges(units, start, end, ranges)
    }
}

/// UTF-8 of which only well-formed characters are read: ICU reads an ill-formed sequence as
/// U+FFFD, which the automaton leaves to ICU.
struct UTF8ScannedText: ScannedText {
    let bytes: UnsafePointer<UInt8>

    @inline(__always)
    func unit(at index: Int) -> UInt32 { UInt32(bytes[index]) }

    @inline(__always)
    func smallCharacter(at index: Int, end: Int) -> (value: UInt32, length: Int) {
        let byte = bytes[index]
        if byte < 0x80 { return (UInt32(byte), 1) }
        // A lead byte of two (C2 to DF; C0 and C1 are overlong) and its continuation.
        guard byte >= 0xC2 && byte <= 0xDF && index &+ 1 < end else { return (0, 0) }
        let continuation = bytes[index &+ 1]
        guard continuation & 0xC0 == 0x80 else { return (0, 0) }
        return (UInt32(byte & 0x1F) << 6 | UInt32(continuation & 0x3F), 2)
    }

    /// An ASCII byte is a character of its own; a continuation byte after a lead byte of two
    /// (C2 to DF, never a continuation byte itself) ends that character, the sequence
    /// ``character(before:start:)`` steps back to and finds well-formed.
    @inline(__always)
    func smallCharacter(before index: Int, start: Int) -> (value: UInt32, start: Int) {
        let byte = bytes[index &- 1]
        if byte < 0x80 { return (UInt32(byte), index &- 1) }
        guard byte & 0xC0 == 0x80, index &- 2 >= start else { return (0, -1) }
        let lead = bytes[index &- 2]
        guard lead >= 0xC2 && lead <= 0xDF else { return (0, -1) }
        return (UInt32(lead & 0x1F) << 6 | UInt32(byte & 0x3F), index &- 2)
    }

    @inline(__always)
    func character(at index: Int, end: Int) -> (value: UInt32, next: Int) {
        let byte = bytes[index]
        if byte < 0x80 { return (UInt32(byte), index &+ 1) }
        // Two bytes, the most common sequence outside ASCII, decoded here.
        if byte >= 0xC2 && byte <= 0xDF && index &+ 1 < end && bytes[index &+ 1] & 0xC0 == 0x80 {
            return (UInt32(byte & 0x1F) << 6 | UInt32(bytes[index &+ 1] & 0x3F), index &+ 2)
        }
        guard let (value, count) = UTF8Decoding.wellFormedSequence(at: index, in: bytes, end: end) else {
            return (Self.illFormed, index &+ 1)
        }
        return (value, index &+ count)
    }

    @inline(__always)
    func character(before index: Int, start: Int) -> (value: UInt32, start: Int) {
        var previous = index &- 1
        if bytes[previous] < 0x80 { return (UInt32(bytes[previous]), previous) }
        while previous > start && index &- previous < 4 && bytes[previous] & 0xC0 == 0x80 { previous &-= 1 }
        guard let (value, count) = UTF8Decoding.wellFormedSequence(at: previous, in: bytes, end: index),
            previous &+ count == index
        else { return (Self.illFormed, index &- 1) }
        return (value, previous)
    }

    @inline(__always)
    func firstPossibleStart(_ skip: MatchStartScanner.ASCIISkip, from start: Int, to end: Int) -> Int {
        skip.firstPossibleStart(inUTF8: bytes, from: start, to: end)
    }

    /// The scan of bytes, which stops at the first byte of any character outside ASCII.
    @inline(__always)
    func firstUnitOutsideASCII(orIn ranges: UnsafePointer<bytescan_byte_ranges>, from start: Int, to end: Int) -> Int {
        bytescan_first_byte_outside_ascii_or_in_ranges(bytes, start, end, ranges)
    }
}
