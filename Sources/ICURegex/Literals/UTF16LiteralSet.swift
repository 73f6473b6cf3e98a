/// A few UTF-16 literals in priority order, and a fast search for the leftmost place where
/// one of them occurs.
///
/// One literal is found by ``UTF16PackedPairScanner`` (its two rarest units compared at many
/// positions at once); several by ``UTF16TeddyScanner`` (nibble fingerprints of their first
/// units). Both are exact: the place they report is the leftmost occurrence, each occurrence
/// compared in full.
struct UTF16LiteralSet: Sendable {
    /// The literals, in priority order; none is empty.
    let literals: [[UInt16]]
    /// The scanner for the literals.
    private let scanner: Scanner

    /// The scanner for one literal or for several.
    private enum Scanner: Sendable {
        case one(UTF16PackedPairScanner)
        case several(UTF16TeddyScanner)
    }

    /// Creates the set for `literals` (UTF-8, well-formed, none empty), or nil when they are
    /// too many to scan for at once.
    init?(utf8Literals: [[UInt8]]) {
        // More literals than a sequence keeps come from alternations of many words, for which
        // these scanners were neither built nor measured: such patterns keep ICU's search, as
        // before alternations kept that many.
        guard !utf8Literals.isEmpty, utf8Literals.count <= LiteralFacts.maximumSetSize,
            !utf8Literals.contains(where: { $0.isEmpty })
        else { return nil }
        let literals = utf8Literals.map { Array(String(decoding: $0, as: UTF8.self).utf16) }
        if literals.count == 1 {
            scanner = .one(UTF16PackedPairScanner(literal: literals[0]))
        } else if let teddy = UTF16TeddyScanner(literals: literals) {
            scanner = .several(teddy)
        } else {
            return nil
        }
        self.literals = literals
    }

    /// The leftmost occurrence of a literal wholly inside `range` of `base`: its start, and
    /// the index of the first literal in priority order that occurs there; nil when none
    /// occurs.
    func leftmostOccurrence(in base: UnsafePointer<UInt16>, range: Range<Int>) -> (start: Int, literal: Int)? {
        switch scanner {
        case .one(let scanner): scanner.firstOccurrence(in: base, range: range).map { ($0, 0) }
        case .several(let scanner): scanner.leftmostOccurrence(in: base, range: range)
        }
    }

    /// The first literal in priority order that occurs wholly inside `range` at `start`.
    func firstLiteral(at start: Int, in base: UnsafePointer<UInt16>, range: Range<Int>) -> Int? {
        literals.indices.first { occurs($0, at: start, in: base, range: range) }
    }

    /// True when literal number `literal` occurs at `start`, wholly inside `range`.
    private func occurs(_ literal: Int, at start: Int, in base: UnsafePointer<UInt16>, range: Range<Int>) -> Bool {
        let units = literals[literal]
        guard start >= range.lowerBound, units.count <= range.upperBound - start else { return false }
        for offset in units.indices where base[start + offset] != units[offset] {
            return false
        }
        return true
    }
}
