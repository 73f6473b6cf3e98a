/// A set of positions of a ``PositionAutomaton``, numbered from 0 to 255: four 64-bit words.
struct PositionSet: Hashable, Sendable {
    /// The most positions a set can hold.
    static let capacity = 256

    private var words: SIMD4<UInt64>

    /// The empty set.
    static let empty = PositionSet(words: .zero)

    private init(words: SIMD4<UInt64>) {
        self.words = words
    }

    /// The set holding `position` alone.
    init(position: Int) {
        var words = SIMD4<UInt64>.zero
        words[position / 64] = UInt64(1) << UInt64(position % 64)
        self.words = words
    }

    /// True when the set holds no position.
    var isEmpty: Bool { words == .zero }

    /// The positions in either set.
    static func | (left: PositionSet, right: PositionSet) -> PositionSet {
        PositionSet(words: left.words | right.words)
    }

    /// The positions in both sets.
    static func & (left: PositionSet, right: PositionSet) -> PositionSet {
        PositionSet(words: left.words & right.words)
    }

    /// Adds the positions of `other`.
    static func |= (left: inout PositionSet, right: PositionSet) {
        left.words |= right.words
    }

    /// Calls `body` with each position in the set, in increasing order.
    func forEach(_ body: (Int) -> Void) {
        for wordIndex in 0..<4 {
            var remaining = words[wordIndex]
            while remaining != 0 {
                body(wordIndex * 64 + remaining.trailingZeroBitCount)
                remaining &= remaining - 1
            }
        }
    }
}
