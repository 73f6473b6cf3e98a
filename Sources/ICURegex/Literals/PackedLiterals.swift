/// Literals kept one after another in one byte array, with where each lies in it, for the
/// checks that read them on every line asked about: an array of arrays would cost a retain and
/// a release per literal there.
struct PackedLiterals: Sendable, Equatable {
    /// The literals' bytes, one after another.
    private let bytes: [UInt8]
    /// Where each literal lies in ``bytes``.
    private let spans: [Range<Int>]

    /// Packs `literals`.
    init(_ literals: [[UInt8]]) {
        bytes = Array(literals.joined())
        var start = 0
        spans = literals.map { literal in
            defer { start += literal.count }
            return start..<(start + literal.count)
        }
    }

    /// The literals, each as an array of its own.
    var literals: [[UInt8]] {
        spans.map { Array(bytes[$0]) }
    }

    /// Calls `body` with each literal's bytes in turn, until it returns true; returns whether
    /// it did.
    @inline(__always)
    func contains(where body: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        bytes.withUnsafeBytes { bytes in
            for span in spans where body(UnsafeRawBufferPointer(rebasing: bytes[span])) {
                return true
            }
            return false
        }
    }
}
