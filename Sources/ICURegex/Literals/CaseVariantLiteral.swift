/// A literal searched ignoring case through its characters' case-fold variants: at each
/// position, the UTF-8 encodings of every code point that ICU's case-insensitive matching lets
/// stand for the pattern's character there (see ``CaseFoldVariants``).
///
/// Why this is exact: every character of the literal is safe in ``CaseFoldVariants``' sense,
/// so wherever ICU matches the literal, each of its characters is matched by exactly one text
/// code point among that position's variants, and consecutive characters by consecutive
/// code points. ICU decodes UTF-8 strictly (an ill-formed sequence becomes U+FFFD, which is
/// no letter's variant), so those code points are the well-formed encodings in the raw bytes,
/// one after another: the line's bytes contain one of the literal's variant spellings.
struct CaseVariantLiteral: Sendable, Equatable {
    /// The encodings of the variants at each position; no encoding is empty.
    var positions: [[[UInt8]]]

    /// The fewest bytes an occurrence takes.
    var minimumLength: Int {
        positions.reduce(0) { $0 + ($1.map { $0.count }.min() ?? 0) }
    }

    /// Every spelling of the literal, each a choice of one variant per position; nil when
    /// there would be more than `limit`.
    func spellings(atMost limit: Int) -> [[UInt8]]? {
        var expanded: [[UInt8]] = [[]]
        for position in positions {
            guard expanded.count * position.count <= limit else { return nil }
            expanded = expanded.flatMap { prefix in position.map { prefix + $0 } }
        }
        return expanded.count <= limit ? expanded : nil
    }

    /// The longest stretch of `scalars` whose characters all have known variants, as a
    /// literal (the first of equally long ones, by fewest bytes), or nil when there is none.
    static func longestSafeRun(_ scalars: [Unicode.Scalar]) -> CaseVariantLiteral? {
        var best: CaseVariantLiteral?
        var current: [[[UInt8]]] = []
        func close() {
            let candidate = CaseVariantLiteral(positions: current)
            if !current.isEmpty, candidate.minimumLength > best?.minimumLength ?? 0 {
                best = candidate
            }
            current = []
        }
        for scalar in scalars {
            guard let variants = CaseFoldVariants.variants(of: scalar) else {
                close()
                continue
            }
            current.append(variants.map { Array(String($0).utf8) })
        }
        close()
        return best
    }
}
