/// A set of literals one of which every match contains, starting at most
/// ``maximumUTF16Offset`` UTF-16 units after the match's start.
///
/// With it, no match can start more than ``maximumUTF16Offset`` units before the first occurrence
/// of any of the literals, so a search may begin there.
package struct NearLiterals: Sendable, Equatable {
    /// The literals, as UTF-8 bytes.
    package var literals: [[UInt8]]
    /// The most UTF-16 units between a match's start and the start of its literal.
    package var maximumUTF16Offset: Int

    /// Both sets joined, with the larger offset: what an alternation of their pieces
    /// requires. Nil when `other` is nil or the union is too large.
    func union(_ other: NearLiterals?) -> NearLiterals? {
        guard let other, let joined = LiteralFacts.union(literals, other.literals) else { return nil }
        return NearLiterals(literals: joined, maximumUTF16Offset: max(maximumUTF16Offset, other.maximumUTF16Offset))
    }

    /// These literals found `offset` units into a longer match.
    func shifted(by offset: Int) -> NearLiterals {
        NearLiterals(literals: literals, maximumUTF16Offset: maximumUTF16Offset + offset)
    }
}
