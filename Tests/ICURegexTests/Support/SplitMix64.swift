/// A small deterministic random number generator (Steele, Lea and Flood's SplitMix64), so that
/// every generated test case is the same on every run and every machine.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`. (The modulo bias is irrelevant here, and this is much cheaper
    /// than `Int.random(in:using:)` in a debug build.)
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(truncatingIfNeeded: next() % UInt64(bound))
    }

    /// True with probability `numerator / denominator`.
    mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        below(denominator) < numerator
    }

    /// One element of a non-empty array.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }
}
