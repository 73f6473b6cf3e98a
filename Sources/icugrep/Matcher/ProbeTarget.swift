/// What a ``BytePairProbe`` hit may be the start of, and the comparison that decides it.
enum ProbeTarget {
    /// A literal found byte for byte (or ignoring ASCII case); a hit is its start.
    case literal(ByteLiteral)
    /// A literal found through its case-fold variants; a hit is the start of one position's
    /// variant.
    case variants(CaseVariantMatcher)

    /// The start of the occurrence that a hit at `position` in `block` belongs to, or nil.
    @inline(__always)
    func occurrenceStart(in block: UnsafeRawBufferPointer, probedAt position: Int) -> Int? {
        switch self {
        case .literal(let literal):
            return literal.occurs(in: block, at: position) ? position : nil
        case .variants(let matcher):
            return matcher.occurrenceStart(in: block, probedAt: position)
        }
    }
}
