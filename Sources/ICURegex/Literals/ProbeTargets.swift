/// The literals that the hits of ``BytePairProbe``s are confirmed against, numbered as the
/// probes' ``BytePairProbe/target``s: the byte literals first, then the case-variant ones.
struct ProbeTargets {
    /// The literals found byte for byte (or ignoring ASCII case); a hit is a start.
    private(set) var literals: [ByteLiteral] = []
    /// The literals found through their case-fold variants; a hit is the start of one
    /// position's variant.
    private(set) var variantMatchers: [CaseVariantMatcher] = []

    /// The number the next literal added gets.
    var nextTarget: Int { literals.count + variantMatchers.count }

    /// Adds `literal`; all byte literals must come before the first case-variant one.
    mutating func add(_ literal: ByteLiteral) {
        precondition(variantMatchers.isEmpty, "byte literals come first")
        literals.append(literal)
    }

    /// Adds `matcher`.
    mutating func add(_ matcher: CaseVariantMatcher) {
        variantMatchers.append(matcher)
    }

    /// The start of the occurrence of literal `target` that a hit at `position` in `block`
    /// belongs to, or nil.
    @inline(__always)
    func occurrenceStart(of target: Int, in block: UnsafeRawBufferPointer, probedAt position: Int) -> Int? {
        if target < literals.count {
            return literals[target].occurs(in: block, at: position) ? position : nil
        }
        return variantMatchers[target - literals.count].occurrenceStart(in: block, probedAt: position)
    }
}
