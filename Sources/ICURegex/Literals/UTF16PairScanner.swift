/// Finds the next place where two adjacent UTF-16 code units equal one of a few probe pairs,
/// sixteen places at a time with vector compares. A pair is far rarer in text than either of
/// its units, so fewer places need checking against whole literals.
struct UTF16PairScanner: Sendable {
    /// The first units of the pairs, padded to one, four or eight by repeating the first pair
    /// (a repeated compare changes nothing).
    private let firstUnits: [UInt16]
    /// The second units of the pairs, padded the same way.
    private let secondUnits: [UInt16]

    /// The most distinct pairs a scanner compares at once.
    static let maximumPairCount = 8

    /// Creates a scanner for `pairs` (one to ``maximumPairCount`` distinct ones); nil for more.
    init?(pairs: [(UInt16, UInt16)]) {
        var distinct: [(UInt16, UInt16)] = []
        for pair in pairs where !distinct.contains(where: { $0 == pair }) {
            distinct.append(pair)
        }
        guard let first = distinct.first, distinct.count <= Self.maximumPairCount else { return nil }
        let count = distinct.count == 1 ? 1 : distinct.count <= 4 ? 4 : 8
        let padded = distinct + Array(repeating: first, count: count - distinct.count)
        firstUnits = padded.map { $0.0 }
        secondUnits = padded.map { $0.1 }
    }

    /// The first index `i` in `start..<end - 1` where `(base[i], base[i + 1])` is a probe pair,
    /// or nil.
    func firstIndex(in base: UnsafePointer<UInt16>, from start: Int, to end: Int) -> Int? {
        let index: Int
        switch firstUnits.count {
        case 1: index = skipOnePair(in: base, from: start, to: end)
        case 4: index = skipFourPairs(in: base, from: start, to: end)
        default: index = skipEightPairs(in: base, from: start, to: end)
        }
        return firstIndexOneByOne(in: base, from: index, to: end)
    }

    /// The start of the first block of sixteen places that may hold the one pair.
    private func skipOnePair(in base: UnsafePointer<UInt16>, from start: Int, to end: Int) -> Int {
        let f0 = SIMD16<UInt16>(repeating: firstUnits[0])
        let s0 = SIMD16<UInt16>(repeating: secondUnits[0])
        var index = start
        while index + 17 <= end {
            let here = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt16>.self)
            let next = UnsafeRawPointer(base + index + 1).loadUnaligned(as: SIMD16<UInt16>.self)
            if any((here .== f0) .& (next .== s0)) { break }
            index += 16
        }
        return index
    }

    /// The start of the first block of sixteen places that may hold one of four pairs.
    private func skipFourPairs(in base: UnsafePointer<UInt16>, from start: Int, to end: Int) -> Int {
        let f = firstUnits.map { SIMD16<UInt16>(repeating: $0) }
        let s = secondUnits.map { SIMD16<UInt16>(repeating: $0) }
        let (f0, f1, f2, f3) = (f[0], f[1], f[2], f[3])
        let (s0, s1, s2, s3) = (s[0], s[1], s[2], s[3])
        var index = start
        while index + 17 <= end {
            let here = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt16>.self)
            let next = UnsafeRawPointer(base + index + 1).loadUnaligned(as: SIMD16<UInt16>.self)
            let hits = ((here .== f0) .& (next .== s0)) .| ((here .== f1) .& (next .== s1))
                .| ((here .== f2) .& (next .== s2)) .| ((here .== f3) .& (next .== s3))
            if any(hits) { break }
            index += 16
        }
        return index
    }

    /// The start of the first block of sixteen places that may hold one of eight pairs.
    private func skipEightPairs(in base: UnsafePointer<UInt16>, from start: Int, to end: Int) -> Int {
        let f = firstUnits.map { SIMD16<UInt16>(repeating: $0) }
        let s = secondUnits.map { SIMD16<UInt16>(repeating: $0) }
        let (f0, f1, f2, f3, f4, f5, f6, f7) = (f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7])
        let (s0, s1, s2, s3, s4, s5, s6, s7) = (s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
        var index = start
        while index + 17 <= end {
            let here = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt16>.self)
            let next = UnsafeRawPointer(base + index + 1).loadUnaligned(as: SIMD16<UInt16>.self)
            let low = ((here .== f0) .& (next .== s0)) .| ((here .== f1) .& (next .== s1))
                .| ((here .== f2) .& (next .== s2)) .| ((here .== f3) .& (next .== s3))
            let high = ((here .== f4) .& (next .== s4)) .| ((here .== f5) .& (next .== s5))
                .| ((here .== f6) .& (next .== s6)) .| ((here .== f7) .& (next .== s7))
            if any(low .| high) { break }
            index += 16
        }
        return index
    }

    /// The first probe pair's index from `start`, checking one place at a time.
    private func firstIndexOneByOne(in base: UnsafePointer<UInt16>, from start: Int, to end: Int) -> Int? {
        var index = start
        while index + 1 < end {
            for pair in firstUnits.indices where base[index] == firstUnits[pair] && base[index + 1] == secondUnits[pair] {
                return index
            }
            index += 1
        }
        return nil
    }
}
