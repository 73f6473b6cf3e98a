/// Finds where an unanchored search in its start state may leave it: the first unit (UTF-16)
/// or byte (UTF-8) that is not an ASCII character keeping the start state, sixteen at a time
/// with vector compares. The ASCII characters that may start a match are kept as a few ranges
/// (digits, capitals, a literal's first letter); every unit or byte from 0x80 on is taken as a
/// possible start, which only stops the skip early.
struct MatchStartScanner {
    /// The ranges of ASCII characters that may start a match, padded by repeating the first
    /// (a repeated compare changes nothing); empty when none may.
    private let lower: SIMD4<UInt16>
    private let upper: SIMD4<UInt16>
    private let rangeCount: Int
    /// For each ASCII character, true when it keeps the start state.
    private let keepsStart: [Bool]

    /// The most ranges compared with vectors; more are tested one character at a time.
    static let maximumVectorRanges = 4

    /// A scanner for the ASCII characters whose `keepsStart` entry is false.
    init(keepsStart: [Bool]) {
        self.keepsStart = keepsStart
        var ranges: [(UInt16, UInt16)] = []
        var character = 0
        while character < 128 {
            if keepsStart[character] {
                character += 1
                continue
            }
            let first = character
            while character < 128 && !keepsStart[character] { character += 1 }
            ranges.append((UInt16(first), UInt16(character - 1)))
        }
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
}
