/// The vector the packed-pair scan compares at once: one lane per probe position.
typealias ProbeVector = SIMD16<UInt8>

/// ``ProbeVector`` seen as 64-bit words, to test and walk its lanes with scalar instructions
/// (Swift's `any(_:)` over a vector mask compiles to a loop over the lanes).
typealias ProbeVectorWords = SIMD2<UInt64>

/// Tests and walks the lanes of a ``ProbeVector`` whose lanes are set when their high bit is.
enum ProbeLanes {
    /// The lanes of the vector at `position` in `base` that hold a byte of `0x80` or more.
    @inline(__always)
    static func nonASCII(in base: UnsafeRawPointer, at position: Int) -> ProbeVector {
        base.loadUnaligned(fromByteOffset: position, as: ProbeVector.self) & ProbeVector(repeating: 0x80)
    }

    /// True when some lane of `lanes` has its high bit set.
    @inline(__always)
    static func anySet(_ lanes: ProbeVector) -> Bool {
        let words = unsafeBitCast(lanes, to: ProbeVectorWords.self)
        var union: UInt64 = 0
        for index in 0..<ProbeVectorWords.scalarCount {
            union |= words[index]
        }
        return union & 0x8080_8080_8080_8080 != 0
    }

    /// The index of the first lane of `lanes` with its high bit set, or nil.
    @inline(__always)
    static func first(_ lanes: ProbeVector) -> Int? {
        let words = unsafeBitCast(lanes, to: ProbeVectorWords.self)
        for index in 0..<ProbeVectorWords.scalarCount {
            let bits = words[index] & 0x8080_8080_8080_8080
            if bits != 0 {
                // Little-endian: the lowest set bit belongs to the first such lane.
                return index * 8 + bits.trailingZeroBitCount / 8
            }
        }
        return nil
    }

    /// Calls `body` with the index of each lane of `lanes` with its high bit set, in order.
    @inline(__always)
    static func forEachSet(_ lanes: ProbeVector, _ body: (Int) -> Void) {
        let words = unsafeBitCast(lanes, to: ProbeVectorWords.self)
        for index in 0..<ProbeVectorWords.scalarCount {
            var bits = words[index] & 0x8080_8080_8080_8080
            while bits != 0 {
                body(index * 8 + bits.trailingZeroBitCount / 8)
                bits &= bits - 1
            }
        }
    }
}

/// The hit lanes of four consecutive vectors of probe positions: the scan tests that many
/// positions per step, so that its loop and its test for hits cost less per position.
struct ProbeLaneQuad {
    /// The lanes of the vector of positions from the step's start.
    var first = ProbeVector()
    /// The lanes of the next vector of positions.
    var second = ProbeVector()
    /// The lanes of the vector after that.
    var third = ProbeVector()
    /// The lanes of the last vector of the step.
    var fourth = ProbeVector()

    /// The number of probe positions a step covers.
    static let positionCount = 4 * ProbeVector.scalarCount

    /// The lanes of the vector at `index` (0 to 3).
    @inline(__always)
    subscript(index: Int) -> ProbeVector {
        switch index {
        case 0: return first
        case 1: return second
        case 2: return third
        default: return fourth
        }
    }

    /// ORs into the four vectors the lanes that `lanes` gives for each of them.
    @inline(__always)
    mutating func formUnion(at position: Int, _ lanes: (Int) -> ProbeVector) {
        let width = ProbeVector.scalarCount
        first |= lanes(position)
        second |= lanes(position &+ width)
        third |= lanes(position &+ 2 &* width)
        fourth |= lanes(position &+ 3 &* width)
    }

    /// True when some lane of the four has its high bit set.
    @inline(__always)
    var anySet: Bool {
        ProbeLanes.anySet(first | second | third | fourth)
    }
}
