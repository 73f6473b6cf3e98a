/// What the two case-insensitive literal scans, ``UTF16CaseInsensitiveScanner`` and
/// ``UTF8CaseInsensitiveScanner``, build alike from their literals: the code points that may
/// stand for each character (from ``CaseFoldVariants``), the compare entries of a probe, the
/// choice of a literal's two probes, and the storage that keeps the C scan's description at one
/// address. The scanners differ only by code unit: the UTF-16 scan compares a character's
/// variants as units, the UTF-8 scan as byte spellings of one length.
enum CaseInsensitiveLiteralScan {
    /// A character of a literal as the scans compare it.
    struct Character {
        /// The code points that may stand for the character on their own: a safe character's
        /// variants (``CaseFoldVariants/variants(of:)``, the character first), or an ASCII
        /// character that is not safe in its lowercase and uppercase (once when they are one).
        let variants: [Unicode.Scalar]

        /// True when the character is ASCII and not safe, so that part of one of
        /// ``UTF16CaseInsensitiveScanner/asciiFoldingCharacters`` (`ß` for `s`, `ﬁ` for `f`)
        /// may stand for it too.
        let isMatchedInASCIIFoldings: Bool
    }

    /// The texts of `literals` (UTF-8), or nil when there are none, more than `maximumCount`,
    /// or one is empty or not valid UTF-8.
    static func texts(of literals: [[UInt8]], maximumCount: Int) -> [String]? {
        guard !literals.isEmpty, literals.count <= maximumCount else { return nil }
        var texts: [String] = []
        for literal in literals {
            guard let text = String(validating: literal, as: UTF8.self), !text.isEmpty else { return nil }
            texts.append(text)
        }
        return texts
    }

    /// `scalar` as the scans compare it, or nil when it is neither ASCII nor known to
    /// ``CaseFoldVariants`` with at most `maximumVariants` variants.
    static func character(_ scalar: Unicode.Scalar, maximumVariants: Int) -> Character? {
        if let variants = CaseFoldVariants.variants(of: scalar), variants.count <= maximumVariants {
            return Character(variants: variants, isMatchedInASCIIFoldings: false)
        }
        guard scalar.isASCII else { return nil }
        let lower = CaseFolding.asciiLowercased(UInt8(scalar.value))
        let upper = lower >= 0x61 && lower <= 0x7A ? lower - 0x20 : lower
        let cases = lower == upper ? [lower] : [lower, upper]
        return Character(variants: cases.map { Unicode.Scalar($0) }, isMatchedInASCIIFoldings: true)
    }

    /// The compare entries of a probe that accepts `units`: a unit and its partner in bit
    /// 0x20 (`a` and `A`, `ш` and `Ш`, the second bytes of `ш` and `Ш`) are one entry, with
    /// 0x20 ORed in.
    static func compareEntries<Unit: FixedWidthInteger>(_ units: [Unit]) -> [(value: Unit, fold: Unit)] {
        var entries: [(value: Unit, fold: Unit)] = []
        for unit in units {
            let entry: (value: Unit, fold: Unit) = units.contains(unit ^ 0x20) ? (unit | 0x20, 0x20) : (unit, 0)
            if !entries.contains(where: { $0 == entry }) { entries.append(entry) }
        }
        return entries
    }

    /// What a compare entry more costs in a probe, in ranks of ``TextFrequencyRank``.
    static let compareWeight = 40

    /// The two offsets of a literal to probe, ascending (the same one twice for a literal of
    /// one): the two of lowest `costs`, the earlier on a tie.
    static func probeOffsets(costs: [Int]) -> (Int, Int) {
        let order = costs.indices.sorted { (costs[$0], $0) < (costs[$1], $1) }
        let first = order[0]
        let second = order.count > 1 ? order[1] : first
        return (min(first, second), max(first, second))
    }

    /// Sets element `index` of the C array `tuple` (imported as a homogeneous tuple).
    static func withElement<Tuple, Element>(_ index: Int, of tuple: inout Tuple, _ body: (inout Element) -> Void) {
        withUnsafeMutableBytes(of: &tuple) { raw in
            let elements = raw.bindMemory(to: Element.self)
            body(&elements[index])
        }
    }

    /// A scan's description of its literals (`bytescan_casei16_set`, `bytescan_casei8_set`),
    /// kept at one address for the C scan.
    final class Storage<Description>: @unchecked Sendable {
        // Written once in `init`, read only afterwards.
        let set: UnsafeMutablePointer<Description>

        init(_ set: Description) {
            self.set = .allocate(capacity: 1)
            self.set.initialize(to: set)
        }

        deinit {
            set.deallocate()
        }
    }
}
