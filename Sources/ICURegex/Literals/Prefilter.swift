/// The one prefilter type: a pattern's literals, how their case is compared, and the one
/// decision of which scanner searches them, in UTF-16 and in UTF-8 for a compiled pattern
/// (``init(literals:caseHandling:)``), and in raw input bytes for the line search's required
/// literals (``blockScanner(for:)``). After regex-automata's `util::prefilter::Prefilter`, which
/// is built once from a pattern's literals and picks memchr, memmem, Teddy or Aho-Corasick by
/// their count and rank, and which every strategy asks.
///
/// Made once per compiled pattern by its ``SearchPlan`` (from the pattern's ``LiteralFacts``),
/// and asked by the plan's UTF-16 searches (``leftmostOccurrence(inUTF16:range:)``,
/// ``withCandidateSearch(inUTF16:range:_:)``) and by ``MatchStrategy``'s walk over a string's
/// UTF-8 (``utf8Literals``, ``utf8CaseInsensitiveScanner``); the line search's
/// ``CandidateLineFinder`` asks ``blockScanner(for:)`` for its scanner, one per thread, since
/// those scanners remember what they found in the block they read.
///
/// The choice, in rank order, each scanner taken when it can be built:
/// - with case, one literal: ``UTF16PackedPairScanner`` (its two rarest units compared at many
///   positions at once); several, up to ``LiteralFacts/maximumSetSize``: ``UTF16TeddyScanner``
///   (nibble fingerprints of their first units); more: no prefilter (alternations of many words,
///   for which these scanners were neither built nor measured, keep ICU's search or
///   ``LiteralAlternationMatcher``). In UTF-8, up to ``UTF8LiteralSearch/maximumLiterals``:
///   ``UTF8LiteralSearch``, one byte scan per literal;
/// - ignoring case: ``UTF16CaseInsensitiveScanner`` and ``UTF8CaseInsensitiveScanner`` (each
///   literal's characters in their case variants, and the characters whose case folding holds
///   ASCII where the literals need them), or no prefilter when the UTF-16 scanner cannot be made;
/// - the line search, over ``RequiredLiterals``: ``SingleByteScanner`` (single-byte literals),
///   ``SingleLiteralScanner`` (one longer literal, with case), ``TeddyScanner`` (up to its
///   spellings), ``LiteralAutomatonScanner`` (more spellings), and otherwise
///   ``PackedPairScanner`` probes, split in two scans when the characters folding into the
///   literals would need more probes than the vector scan keeps in registers. The bytes'
///   rarity (``TextFrequencyRank``) ranks the probes within each scanner.
///
/// Why the choice cannot change an answer: every scanner either reports the leftmost
/// occurrence of a literal exactly, each occurrence compared in full (the scanners with case:
/// ``leftmostOccurrence(inUTF16:range:)`` and ``UTF8LiteralSearch`` answer for exact literals
/// with it), or reports places of which every occurrence of a literal, in any of the spellings a
/// match may give it, is one (the case-insensitive scanners, and the line search's, which may
/// also propose a line for a byte outside ASCII): a place that is not an occurrence only costs
/// the consumer a look, which ICU or an automaton decides. Which scanner is taken changes only
/// the time.
///
/// A class: a search takes its plan's prefilter out of the plan's strategy at every call, and a
/// struct of these fields cost a reference count for each of them there (`matches` of a literal,
/// one search per match, took about 15% longer than through the literal set that preceded it).
final class Prefilter: Sendable {
    /// How the literals' characters are compared with the text's.
    enum CaseHandling: Sendable, Equatable {
        /// Unit for unit: an occurrence is the literal.
        case exact
        /// In any of the characters' case variants, and through the characters whose case
        /// folding holds ASCII.
        case ignoringCase
    }

    /// The scanner of UTF-16 text the choice made.
    enum UTF16Scanner: Sendable {
        /// One literal, with case.
        case packedPair(UTF16PackedPairScanner)
        /// Several literals, with case.
        case teddy(UTF16TeddyScanner)
        /// Literals ignoring case.
        case caseInsensitive(UTF16CaseInsensitiveScanner)
    }

    /// The literals (UTF-8, none empty), in the pattern's priority order.
    let literals: [[UInt8]]
    /// How the literals' case is compared.
    let caseHandling: CaseHandling
    /// The literals as UTF-16, in priority order, as the UTF-16 scanners compare them (a
    /// literal's ill-formed UTF-8 is what it became on decoding).
    let utf16Literals: [[UInt16]]
    /// The scanner of UTF-16 text.
    let utf16Scanner: UTF16Scanner
    /// The scanner of UTF-8 text for literals with case, when they are at most
    /// ``UTF8LiteralSearch/maximumLiterals``: exactly the occurrences of ``utf16Literals`` in
    /// UTF-8, which ``MatchStrategy`` walks as matches when they are the pattern's matches.
    let utf8Literals: UTF8LiteralSearch?
    /// The scanner of UTF-8 text ignoring case, when the literals have one.
    let utf8CaseInsensitiveScanner: UTF8CaseInsensitiveScanner?

    /// The prefilter for `literals` (UTF-8) compared as `caseHandling` says, or nil when no
    /// scanner takes them: none, an empty one, more than ``LiteralFacts/maximumSetSize``, or
    /// (ignoring case) characters that ``UTF16CaseInsensitiveScanner/init(literals:)`` does not
    /// know. The choice is the type's (see ``Prefilter``).
    init?(literals: [[UInt8]], caseHandling: CaseHandling) {
        guard !literals.isEmpty, literals.count <= LiteralFacts.maximumSetSize, !literals.contains(where: { $0.isEmpty })
        else { return nil }
        // Each literal decoded once (an ill-formed byte becomes U+FFFD), so that the UTF-16 and
        // the UTF-8 scanners compare the same characters. (Decoding the UTF-16 back instead
        // takes the standard library's unspecialized path, whose first call instantiates type
        // metadata: 0.3 M instructions at each start of icugrep.)
        let decodedLiterals = literals.map { String(decoding: $0, as: UTF8.self) }
        let utf16Literals = decodedLiterals.map { Array($0.utf16) }
        switch caseHandling {
        case .exact:
            if utf16Literals.count == 1 {
                utf16Scanner = .packedPair(UTF16PackedPairScanner(literal: utf16Literals[0]))
            } else if let teddy = UTF16TeddyScanner(literals: utf16Literals) {
                utf16Scanner = .teddy(teddy)
            } else {
                return nil
            }
            // The UTF-8 of what the UTF-16 scanners compare, so that both find the same.
            utf8Literals = UTF8LiteralSearch(literals: decodedLiterals.map { Array($0.utf8) })
            utf8CaseInsensitiveScanner = nil
        case .ignoringCase:
            guard let scanner = UTF16CaseInsensitiveScanner(literals: literals) else { return nil }
            utf16Scanner = .caseInsensitive(scanner)
            utf8Literals = nil
            utf8CaseInsensitiveScanner = UTF8CaseInsensitiveScanner(literals: literals)
        }
        self.literals = literals
        self.caseHandling = caseHandling
        self.utf16Literals = utf16Literals
    }

    /// The leftmost occurrence of a literal wholly inside `range` of `base`: its start, and
    /// the index of the first literal in priority order that occurs there; nil when none
    /// occurs. With case only (an occurrence ignoring case is a place, not a literal: see
    /// ``withCandidateSearch(inUTF16:range:_:)``).
    @inline(__always)
    func leftmostOccurrence(inUTF16 base: UnsafePointer<UInt16>, range: Range<Int>) -> (start: Int, literal: Int)? {
        switch utf16Scanner {
        case .packedPair(let scanner): scanner.firstOccurrence(in: base, range: range).map { ($0, 0) }
        case .teddy(let scanner): scanner.leftmostOccurrence(in: base, range: range)
        case .caseInsensitive: preconditionFailure("an occurrence ignoring case has no literal")
        }
    }

    /// Calls `body` with `firstCandidate`, which gives the first place at or after an offset in
    /// `range` of `base` where a match may hold a literal: with case, the leftmost occurrence;
    /// ignoring case, the first place of ``UTF16CaseInsensitiveScanner``; nil when there is
    /// none. The scanner is taken out of ``utf16Scanner`` once, here: a search that asks at each
    /// of many places (the runs around every `-` of a text of phone numbers) would otherwise
    /// copy it at each, a retain and a release of its storage, as reading an enum stored in a
    /// class does.
    @inline(__always)
    func withCandidateSearch<Result, Failure: Error>(
        inUTF16 base: UnsafePointer<UInt16>, range: Range<Int>,
        _ body: (_ firstCandidate: (Int) -> Int?) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        switch utf16Scanner {
        case .packedPair(let scanner): try body { scanner.firstOccurrence(in: base, range: $0..<range.upperBound) }
        case .teddy(let scanner): try body { scanner.leftmostOccurrence(in: base, range: $0..<range.upperBound)?.start }
        case .caseInsensitive(let scanner): try body { scanner.firstCandidate(in: base, from: $0, range: range) }
        }
    }

    /// The first literal in priority order that occurs wholly inside `range` at `start`, with
    /// case.
    func firstLiteral(at start: Int, inUTF16 base: UnsafePointer<UInt16>, range: Range<Int>) -> Int? {
        utf16Literals.indices.first { occurs($0, at: start, in: base, range: range) }
    }

    /// True when literal number `literal` occurs at `start`, wholly inside `range`.
    private func occurs(_ literal: Int, at start: Int, in base: UnsafePointer<UInt16>, range: Range<Int>) -> Bool {
        let units = utf16Literals[literal]
        guard start >= range.lowerBound, units.count <= range.upperBound - start else { return false }
        for offset in units.indices where base[start + offset] != units[offset] {
            return false
        }
        return true
    }
}

// MARK: The line search's scanner of raw bytes

extension Prefilter {
    /// The scanner of raw input bytes that the line search's ``CandidateLineFinder`` keeps, one
    /// per thread: it remembers what it found in the block it reads.
    enum BlockScanner {
        /// Up to `BYTESCAN_BYTE_RANGES` single-byte literals.
        case byte(SingleByteScanner)
        /// One literal of two bytes or more, with case.
        case literal(SingleLiteralScanner)
        /// Several literals or spellings, up to ``TeddyScanner``'s count.
        case teddy(TeddyScanner)
        /// More spellings than Teddy keeps.
        case automaton(LiteralAutomatonScanner)
        /// Probes for few literals of many case-fold spellings.
        case probes(PackedPairScanner)
        /// The same, with the characters folding into the literals scanned apart: they would
        /// need more probes than the vector scan keeps in registers. The characters are
        /// two-byte or three-byte sequences that ordinary text seldom holds, so their scan
        /// costs little, where reading a dozen probes from memory at every window slowed every
        /// block down.
        case probesBesideFoldingCharacters(PackedPairScanner, foldingCharacters: PackedPairScanner)
    }

    /// The scanner for the line search's `literals`: the first in rank order that takes them
    /// (see ``Prefilter``).
    static func blockScanner(for literals: RequiredLiterals) -> BlockScanner {
        if let byteScanner = SingleByteScanner(literals) { return .byte(byteScanner) }
        if let literalScanner = SingleLiteralScanner(literals) { return .literal(literalScanner) }
        if let teddy = TeddyScanner(literals) { return .teddy(teddy) }
        if let automaton = LiteralAutomatonScanner(literals) { return .automaton(automaton) }
        let whole = PackedPairScanner(literals)
        if whole.probeCount > PackedPairScanner.probesInRegisters && !literals.foldingCharacters.isEmpty {
            return .probesBesideFoldingCharacters(
                PackedPairScanner(literals, part: .withoutFoldingCharacters),
                foldingCharacters: PackedPairScanner(literals, part: .foldingCharacters))
        }
        return .probes(whole)
    }
}
