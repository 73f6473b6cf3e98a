/// Finds the next UTF-16 code unit equal to one of a few probe units, sixteen units at a
/// time with vector compares, like `memchr` for UTF-16.
struct UTF16UnitScanner: Sendable {
    /// The probe units, padded to four or eight by repeating the first (a repeated compare
    /// changes nothing); one unit is compared alone.
    private let probes: [UInt16]

    /// The most distinct probe units a scanner compares at once.
    static let maximumProbeCount = 8

    /// Creates a scanner for `units` (one to ``maximumProbeCount`` of them, duplicates
    /// allowed); nil for more.
    init?(units: [UInt16]) {
        var distinct: [UInt16] = []
        for unit in units where !distinct.contains(unit) {
            distinct.append(unit)
        }
        guard let first = distinct.first, distinct.count <= Self.maximumProbeCount else { return nil }
        let padded = distinct.count == 1 ? 1 : distinct.count <= 4 ? 4 : 8
        probes = distinct + Array(repeating: first, count: padded - distinct.count)
    }

    /// The first index in `start..<end` whose unit is a probe, or nil.
    func firstIndex(in base: UnsafePointer<UInt16>, from start: Int, to end: Int) -> Int? {
        switch probes.count {
        case 1:
            return Self.firstIndex(in: base, from: start, to: end, one: probes[0])
        case 4:
            return Self.firstIndex(in: base, from: start, to: end, four: (probes[0], probes[1], probes[2], probes[3]))
        default:
            return Self.firstIndex(
                in: base, from: start, to: end,
                four: (probes[0], probes[1], probes[2], probes[3]),
                more: (probes[4], probes[5], probes[6], probes[7]))
        }
    }

    /// The first index in `start..<end` whose unit is `unit`.
    private static func firstIndex(in base: UnsafePointer<UInt16>, from start: Int, to end: Int, one unit: UInt16) -> Int? {
        let splat = SIMD16<UInt16>(repeating: unit)
        var index = start
        while index + 16 <= end {
            let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt16>.self)
            if any(block .== splat) { break }
            index += 16
        }
        while index < end {
            if base[index] == unit { return index }
            index += 1
        }
        return nil
    }

    /// The first index in `start..<end` whose unit is one of `four` or (when given) `more`.
    private static func firstIndex(
        in base: UnsafePointer<UInt16>, from start: Int, to end: Int,
        four: (UInt16, UInt16, UInt16, UInt16), more: (UInt16, UInt16, UInt16, UInt16)? = nil
    ) -> Int? {
        let first = SIMD16<UInt16>(repeating: four.0)
        let second = SIMD16<UInt16>(repeating: four.1)
        let third = SIMD16<UInt16>(repeating: four.2)
        let fourth = SIMD16<UInt16>(repeating: four.3)
        let extra = more ?? four
        let fifth = SIMD16<UInt16>(repeating: extra.0)
        let sixth = SIMD16<UInt16>(repeating: extra.1)
        let seventh = SIMD16<UInt16>(repeating: extra.2)
        let eighth = SIMD16<UInt16>(repeating: extra.3)
        var index = start
        if more == nil {
            while index + 16 <= end {
                let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt16>.self)
                if any((block .== first) .| (block .== second) .| (block .== third) .| (block .== fourth)) { break }
                index += 16
            }
        } else {
            while index + 16 <= end {
                let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt16>.self)
                let low = (block .== first) .| (block .== second) .| (block .== third) .| (block .== fourth)
                let high = (block .== fifth) .| (block .== sixth) .| (block .== seventh) .| (block .== eighth)
                if any(low .| high) { break }
                index += 16
            }
        }
        while index < end {
            let unit = base[index]
            if unit == four.0 || unit == four.1 || unit == four.2 || unit == four.3
                || unit == extra.0 || unit == extra.1 || unit == extra.2 || unit == extra.3
            {
                return index
            }
            index += 1
        }
        return nil
    }
}
