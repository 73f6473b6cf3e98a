/// A small, fast pseudo-random generator with a fixed algorithm (Steele, Lea and Flood's
/// SplitMix64, as Vigna publishes it), so that a seed gives the same generated test cases on
/// every run, platform and Swift version. The one generator of both test targets.
package struct SplitMix64: RandomNumberGenerator {
    /// The generator's state: the seed, advanced by a constant at every step.
    private var state: UInt64

    /// Creates a generator that starts from `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// True with probability `probability` (between 0 and 1).
    package mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(UInt64(1) << 53) < probability
    }

    /// A number in `range`, which must not be empty. (The modulo bias is irrelevant here, and
    /// this is much cheaper than `Int.random(in:using:)` in a debug build.)
    package mutating func number(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// A number in `range`, which must not be empty.
    package mutating func number(in range: Range<Int>) -> Int {
        precondition(!range.isEmpty)
        return range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// One element of `elements`, which must not be empty.
    package mutating func element<T>(of elements: [T]) -> T {
        elements[Int(next() % UInt64(elements.count))]
    }
}
