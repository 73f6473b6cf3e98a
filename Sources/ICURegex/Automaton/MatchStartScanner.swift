import CByteScan

/// Finds where an unanchored search in its start state may leave it: the first unit (UTF-16)
/// or byte (UTF-8) that is not an ASCII character keeping the start state, sixteen at a time
/// with vector compares. The ASCII characters that may start a match are kept as a few ranges
/// (digits, capitals, a literal's first letter); every unit or byte from 0x80 on is taken as a
/// possible start, which only stops the skip early.
///
/// A scanner made for bytes (``init(keepsStartByte:)``) also knows which bytes from 0x80 on
/// keep the start state, so that it skips text in other scripts too (Cyrillic for a pattern
/// that starts with a digit); its ranges may then span bytes that keep the start state, to
/// stay few enough for the vectors, and each byte they stop at is checked in the table. Its
/// vector loop is `bytescan_first_in_ranges`, in C.
struct MatchStartScanner {
    /// The ranges of characters (or bytes) that may start a match, padded by repeating the
    /// first (a repeated compare changes nothing); empty when none may.
    private let lower: SIMD4<UInt16>
    private let upper: SIMD4<UInt16>
    private let rangeCount: Int
    /// For each ASCII character (or each byte), true when it keeps the start state.
    private let keepsStart: [Bool]
    /// A scanner for bytes whose ranges fit the vectors: its ranges, for
    /// `bytescan_first_in_ranges`, which ``byteSkip`` reads.
    private let byteRanges: ByteRanges?
    /// The skip of a scanner made for bytes (nil for one made for ASCII characters), and the
    /// owner of the table it reads, which copies of the scanner share.
    let byteSkip: ByteSkip?
    private let byteSkipTable: TableOwner?

    /// The most ranges compared with vectors; more are tested one character at a time.
    static let maximumVectorRanges = 4

    /// A scanner for the ASCII characters whose `keepsStart` entry is false. With
    /// `smallKeepsStart` (one entry for each code point below ``smallLimit``, true when the
    /// character keeps the start state), its ``asciiSkip`` goes on past the characters outside
    /// ASCII that keep the start state too (see ``ASCIISkip``): the lowercase letters of
    /// Cyrillic or Greek text for `\p{Lu}\p{Ll}+`.
    init(keepsStart: [Bool], smallKeepsStart: [Bool]? = nil) {
        precondition(keepsStart.count == 128)
        precondition(smallKeepsStart.map { $0.count == Self.smallLimit } ?? true)
        let ranges = Self.ranges(where: { !keepsStart[$0] }, in: 0..<128)
        self.init(keepsStart: keepsStart, ranges: ranges, knowsEveryByte: false)
        let table = TableOwner(keepsStart)
        let unitRanges = ranges.count <= Self.maximumVectorRanges ? ByteRanges(ranges) : nil
        // In UTF-8, every byte from 0x80 on may start a match: one more range.
        let byteRanges = ranges.count < Self.maximumVectorRanges ? ByteRanges(ranges + [(0x80, 0xFF)]) : nil
        // Kept only when some character outside ASCII keeps the start state: else the skip
        // would stop at each of them all the same, after a test.
        let smallTable = smallKeepsStart.flatMap { table in table[0x80...].contains(true) ? TableOwner(table) : nil }
        asciiSkipOwners = (table, unitRanges, byteRanges, smallTable)
        asciiSkip = ASCIISkip(
            keepsStart: UnsafePointer(table.entries.baseAddress!), unitRanges: unitRanges.map { UnsafePointer($0.pointer) },
            byteRanges: byteRanges.map { UnsafePointer($0.pointer) },
            smallKeepsStart: smallTable.map { UnsafePointer($0.entries.baseAddress!) })
    }

    /// The code points a `smallKeepsStart` table covers: those the classes know exactly
    /// (``CodePointClassTable/exactLimit``, 0x800), which a UTF-16 unit below 0x800, or one
    /// or two bytes of UTF-8, encode.
    static let smallLimit = CodePointClassTable.exactLimit

    /// The skip of a scanner made for ASCII characters (nil for one made for bytes), and the
    /// owners of what it reads, which copies of the scanner share.
    private(set) var asciiSkip: ASCIISkip? = nil
    private var asciiSkipOwners: (TableOwner, ByteRanges?, ByteRanges?, TableOwner?)? = nil

    /// The skip of a scanner made for ASCII characters: plain pointers into tables that the
    /// scanner owns, valid while it lives, which a caller in a hot loop copies out once (see
    /// ``ByteSkip``). Its vector loops, in C, stop at the first unit or byte that may start
    /// a match and tell which it is, where the loops in Swift stop at its block of sixteen and
    /// read the block again one by one. With fewer than ``shortestVectorSkip`` units or bytes
    /// left it reads them one by one instead: both loops stop at the first unit or byte that
    /// is 0x80 or more or an ASCII character whose `keepsStart` entry is false. At a unit or
    /// byte from 0x80 on, a skip with ``smallKeepsStart`` goes on one character at a time
    /// past the characters below ``MatchStartScanner/smallLimit`` that keep the start state.
    struct ASCIISkip {
        /// The fewest units or bytes left for which the skip calls its vector loop. That loop
        /// compares blocks of sixteen and tests the bytes after its last block one by one
        /// against each range; the loop here tests each against the table. Counted with
        /// callgrind (`ICURegularExpression.rangeOfFirstMatch` for `[0-9]{3}-[0-9]{3}-[0-9]{4}`,
        /// two ranges with the bytes from 0x80 on; `Benchmarks/results/2026-11-30-libsuites4`):
        /// the loop here costs 8 instructions a byte, the vector loop's tail 24 a byte and its
        /// call with a first block about 50. Below 32 the vector loop reads one block at most
        /// and the rest in its tail, so the loop here costs less unless a start comes between
        /// about the sixth and the sixteenth byte (on `call 555-123-4567 now`, a start five
        /// bytes in, about 45 instructions against 57); from 32 on, the vectors. A longer text
        /// pays the loop here on its last bytes only. These counts were taken before
        /// `bytescan_first_in_ranges` (UTF-8) came to read its last sixteen bytes as one block
        /// (`2026-11-30-clirows`), which makes its tail cheaper; the UTF-16 loop still reads its
        /// tail one by one. The threshold was not counted again after that change.
        static let shortestVectorSkip = 32

        /// For each ASCII character, true when it keeps the start state.
        let keepsStart: UnsafePointer<Bool>
        /// The ranges of ASCII characters that may start a match, when they fit the vectors;
        /// the same and the bytes from 0x80 on, for UTF-8, when those fit.
        let unitRanges: UnsafePointer<bytescan_byte_ranges>?
        let byteRanges: UnsafePointer<bytescan_byte_ranges>?
        /// For each code point below ``MatchStartScanner/smallLimit``, true when it keeps the
        /// start state; nil when no character outside ASCII does (or the scanner was not told).
        let smallKeepsStart: UnsafePointer<Bool>?

        /// ``MatchStartScanner/firstPossibleStart(inUTF16:from:to:)``, going on past the
        /// characters outside ASCII that keep the start state when ``smallKeepsStart`` says
        /// which do.
        @inline(__always)
        func firstPossibleStart(inUTF16 text: UnsafePointer<UInt16>, from start: Int, to end: Int) -> Int {
            var index = start
            while true {
                if let unitRanges, end &- index >= Self.shortestVectorSkip {
                    // In text where the next character may start a match (a Cyrillic text for
                    // `\p{Lu}\p{Ll}+`, where every unit from 0x80 on may), the vectors are not set up.
                    if text[index] < 0x80 && keepsStart[Int(text[index])] {
                        index = bytescan_first_unit_in_ranges(text, index, end, unitRanges)
                    }
                } else {
                    while index < end && text[index] < 0x80 && keepsStart[Int(text[index])] { index &+= 1 }
                }
                // `index` is `end`, an ASCII character that may start a match, or a unit from
                // 0x80 on; the loop is called only past one that keeps the start state (a stop
                // at a Cyrillic letter that may start a match costs no call), and comes back
                // here after a run of ASCII characters, for the vectors.
                guard let smallKeepsStart, index < end, text[index] >= 0x80, text[index] < MatchStartScanner.smallLimit,
                    smallKeepsStart[Int(text[index])]
                else { return index }
                index = Self.firstPossibleSmallStart(inUTF16: text, from: index &+ 1, to: end, smallKeepsStart: smallKeepsStart)
            }
        }

        /// ``MatchStartScanner/firstPossibleStart(inUTF8:from:to:)``, going on past the
        /// characters outside ASCII that keep the start state when ``smallKeepsStart`` says
        /// which do.
        @inline(__always)
        func firstPossibleStart(inUTF8 bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
            var index = start
            while true {
                if let byteRanges, end &- index >= Self.shortestVectorSkip {
                    if bytes[index] < 0x80 && keepsStart[Int(bytes[index])] {
                        index = bytescan_first_in_ranges(bytes, index, end, byteRanges)
                    }
                } else {
                    while index < end && bytes[index] < 0x80 && keepsStart[Int(bytes[index])] { index &+= 1 }
                }
                // `index` is `end`, an ASCII character that may start a match, or a byte from
                // 0x80 on; the loop comes back here after a run of ASCII characters, for the
                // vectors.
                guard let smallKeepsStart, index < end, bytes[index] >= 0x80 else { return index }
                let stop = Self.firstPossibleSmallStart(inUTF8: bytes, from: index, to: end, smallKeepsStart: smallKeepsStart)
                // A stop where the loop began is a byte that may start a match; any other is
                // read again above (after a run of ASCII characters it may be anything).
                guard stop != index, stop < end else { return stop }
                index = stop
            }
        }

        /// The most ASCII characters in a row that ``firstPossibleSmallStart(inUTF16:from:to:smallKeepsStart:)``
        /// and its UTF-8 twin read one at a time before they leave the rest to the vectors: a
        /// text in another script mixes its letters with ASCII spaces and punctuation, read
        /// here, but an English text with a few letters outside ASCII (`é`) is long runs of
        /// ASCII, which the vectors read for fewer instructions.
        static let longestSmallASCIIRun = 16

        /// The first offset from `start` whose unit is not a code point below
        /// ``MatchStartScanner/smallLimit`` that keeps the start state (`end` when there is
        /// none), one unit at a time, ASCII or not; or the offset after
        /// ``longestSmallASCIIRun`` ASCII characters in a row that keep it, so that the caller
        /// goes on with the vectors. Every unit below 0x800 is that code point (a surrogate is
        /// 0xD800 or more), so the skip passes over whole characters only.
        @inline(never)
        static func firstPossibleSmallStart(
            inUTF16 text: UnsafePointer<UInt16>, from start: Int, to end: Int, smallKeepsStart: UnsafePointer<Bool>
        ) -> Int {
            var index = start
            var asciiRun = 0
            while index < end {
                let unit = Int(text[index])
                guard unit < MatchStartScanner.smallLimit, smallKeepsStart[unit] else { break }
                index &+= 1
                asciiRun = unit < 0x80 ? asciiRun &+ 1 : 0
                if asciiRun == longestSmallASCIIRun { break }
            }
            return index
        }

        /// The first offset from `start` (a character's first byte) that does not begin a
        /// code point below ``MatchStartScanner/smallLimit`` that keeps the start state, in
        /// well-formed UTF-8 (`end` when there is none): an ASCII byte, or a lead byte C2 to DF
        /// (C0 and C1 are overlong) and a continuation byte before `end`, decoded as
        /// ``UTF8ScannedText/smallCharacter(at:end:)`` decodes them. Anything else stops the
        /// skip (a longer sequence, ill-formed UTF-8), so it passes over whole, well-formed
        /// characters only, and the scan reads what it stops at. It also stops after
        /// ``longestSmallASCIIRun`` ASCII characters in a row that keep the start state.
        @inline(never)
        static func firstPossibleSmallStart(
            inUTF8 bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, smallKeepsStart: UnsafePointer<Bool>
        ) -> Int {
            var index = start
            var asciiRun = 0
            while index < end {
                let byte = bytes[index]
                if byte < 0x80 {
                    guard smallKeepsStart[Int(byte)] else { break }
                    index &+= 1
                    asciiRun &+= 1
                    if asciiRun == longestSmallASCIIRun { break }
                    continue
                }
                asciiRun = 0
                guard byte >= 0xC2 && byte <= 0xDF && index &+ 1 < end else { break }
                let continuation = bytes[index &+ 1]
                guard continuation & 0xC0 == 0x80,
                    smallKeepsStart[Int(byte & 0x1F) << 6 | Int(continuation & 0x3F)]
                else { break }
                index &+= 2
            }
            return index
        }
    }

    /// A scanner of UTF-8 for the bytes whose `keepsStartByte` entry (of 256) is false. No
    /// continuation byte (0x80 to 0xBF) may start a match unless every byte from 0x80 on
    /// may: a skip then never stops inside a character.
    init(keepsStartByte: [Bool]) {
        precondition(keepsStartByte.count == 256)
        precondition((0x80...0xBF).allSatisfy { keepsStartByte[$0] } || (0x80...0xFF).allSatisfy { !keepsStartByte[$0] })
        // Ranges are joined across the fewest bytes until they fit the vectors, but never
        // across a continuation byte, where a stop would be inside a character.
        var ranges = Self.ranges(where: { !keepsStartByte[$0] }, in: 0..<256)
        while ranges.count > Self.maximumVectorRanges {
            let gaps = ranges.indices.dropLast().filter { ranges[$0].1 >= 0xBF || ranges[$0 + 1].0 < 0x80 }
            guard let narrowest = gaps.min(by: { ranges[$0 + 1].0 - ranges[$0].1 < ranges[$1 + 1].0 - ranges[$1].1 }) else { break }
            ranges[narrowest] = (ranges[narrowest].0, ranges[narrowest + 1].1)
            ranges.remove(at: narrowest + 1)
        }
        self.init(keepsStart: keepsStartByte, ranges: ranges, knowsEveryByte: true)
    }

    /// The ranges of the values in `values` that `mayStart`.
    private static func ranges(where mayStart: (Int) -> Bool, in values: Range<Int>) -> [(UInt16, UInt16)] {
        var ranges: [(UInt16, UInt16)] = []
        var value = values.lowerBound
        while value < values.upperBound {
            if !mayStart(value) {
                value += 1
                continue
            }
            let first = value
            while value < values.upperBound && mayStart(value) { value += 1 }
            ranges.append((UInt16(first), UInt16(value - 1)))
        }
        return ranges
    }

    private init(keepsStart: [Bool], ranges: [(UInt16, UInt16)], knowsEveryByte: Bool) {
        self.keepsStart = keepsStart
        rangeCount = ranges.count
        let padded = ranges.isEmpty ? [(UInt16(1), UInt16(0))] : ranges
        var lower = SIMD4<UInt16>(repeating: padded[0].0)
        var upper = SIMD4<UInt16>(repeating: padded[0].1)
        for (index, range) in padded.prefix(Self.maximumVectorRanges).enumerated() {
            lower[index] = range.0
            upper[index] = range.1
        }
        self.lower = lower
        self.upper = upper
        byteRanges = knowsEveryByte && ranges.count <= Self.maximumVectorRanges ? ByteRanges(ranges) : nil
        if knowsEveryByte {
            let table = TableOwner(keepsStart)
            byteSkipTable = table
            byteSkip = ByteSkip(keepsStart: UnsafePointer(table.entries.baseAddress!), ranges: byteRanges.map { UnsafePointer($0.pointer) })
        } else {
            byteSkipTable = nil
            byteSkip = nil
        }
    }

    /// The first offset in `start..<end` of `text` whose unit may start a match; `end` when
    /// there is none.
    @inline(__always)
    func firstPossibleStart(inUTF16 text: UnsafePointer<UInt16>, from start: Int, to end: Int) -> Int {
        var index = start
        // In text where the next character may start a match (a Cyrillic text for
        // `\p{Lu}\p{Ll}+`, where every unit from 0x80 on may), the vectors are not set up.
        if index < end && (text[index] >= 0x80 || !keepsStart[Int(text[index])]) { return index }
        if rangeCount <= Self.maximumVectorRanges {
            let highBit = SIMD16<UInt16>(repeating: 0x80)
            let raw = UnsafeRawPointer(text)
            while index &+ 16 <= end {
                let units = raw.loadUnaligned(fromByteOffset: index &* 2, as: SIMD16<UInt16>.self)
                var mayStart = units .>= highBit
                for range in 0..<rangeCount {
                    mayStart .|= (units .>= SIMD16(repeating: lower[range])) .& (units .<= SIMD16(repeating: upper[range]))
                }
                if any(mayStart) { break }
                index &+= 16
            }
        }
        return keepsStart.withUnsafeBufferPointer { keeps in
            while index < end {
                let unit = text[index]
                if unit >= 0x80 || !keeps[Int(unit)] { break }
                index &+= 1
            }
            return index
        }
    }

    /// The first offset in `start..<end` of `bytes` whose byte may start a match; `end` when
    /// there is none.
    @inline(__always)
    func firstPossibleStart(inUTF8 bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        if let byteSkip {
            return byteSkip.firstPossibleStart(in: bytes, from: start, to: end)
        }
        var index = start
        if index < end && (bytes[index] >= 0x80 || !keepsStart[Int(bytes[index])]) { return index }
        if rangeCount <= Self.maximumVectorRanges {
            let highBit = SIMD16<UInt8>(repeating: 0x80)
            let raw = UnsafeRawPointer(bytes)
            while index &+ 16 <= end {
                let units = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                var mayStart = units .>= highBit
                for range in 0..<rangeCount {
                    mayStart .|= (units .>= SIMD16(repeating: UInt8(lower[range]))) .& (units .<= SIMD16(repeating: UInt8(upper[range])))
                }
                if any(mayStart) { break }
                index &+= 16
            }
        }
        return keepsStart.withUnsafeBufferPointer { keeps in
            while index < end {
                let byte = bytes[index]
                if byte >= 0x80 || !keeps[Int(byte)] { break }
                index &+= 1
            }
            return index
        }
    }

    /// The skip of a scanner made for bytes: plain pointers into tables that the scanner owns,
    /// valid while it lives. A caller in a hot loop copies this out of the scanner once: a
    /// copy of the scanner itself, which a call on one stored in memory makes, retains and
    /// releases what it owns on every call.
    struct ByteSkip {
        /// For each byte, true when it keeps the start state.
        let keepsStart: UnsafePointer<Bool>
        /// The ranges of bytes that may start a match, when they fit the vectors.
        let ranges: UnsafePointer<bytescan_byte_ranges>?

        /// ``MatchStartScanner/firstPossibleStart(inUTF8:from:to:)``: a window the ranges
        /// stop at is checked byte by byte, and the vectors go on after it when none of its
        /// bytes may start a match.
        @inline(__always)
        func firstPossibleStart(in bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
            var index = start
            if index < end && !keepsStart[Int(bytes[index])] { return index }
            guard let ranges else {
                while index < end && keepsStart[Int(bytes[index])] { index &+= 1 }
                return index
            }
            // The ranges may span bytes that keep the start state: go on past those.
            while true {
                index = bytescan_first_in_ranges(bytes, index, end, ranges)
                if index >= end || !keepsStart[Int(bytes[index])] { return index }
                index &+= 1
            }
        }
    }

    /// Owns the table of a ``ByteSkip``.
    private final class TableOwner {
        let entries: UnsafeMutableBufferPointer<Bool>

        init(_ values: [Bool]) {
            entries = .allocate(capacity: values.count)
            _ = entries.initialize(from: values)
        }

        deinit {
            entries.deallocate()
        }
    }
}
