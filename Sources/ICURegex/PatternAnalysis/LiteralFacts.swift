/// What a pattern's syntax tree tells about the text that one piece of the pattern matches
/// (see ``LiteralFacts/of(_:score:)``).
///
/// Literals are UTF-8 byte strings, never `String`s: Swift compares strings by canonical
/// equivalence, which would merge byte forms that a byte search must keep apart.
package struct LiteralFacts: Sendable {
    /// Every string the piece can match, when that is a small finite set; nil otherwise. The
    /// strings are in the order in which ICU's backtracking tries them at one position
    /// (alternation order, and prefix-major for sequences).
    package var exact: [[UInt8]]?
    /// True when, at any position, the piece matches each string of ``exact`` that the text
    /// holds there, trying them in that order. False once an atomic group may commit to one
    /// choice and refuse the others, so that ``exact`` only bounds the matches from above.
    package var exactIsFaithful = true
    /// A set of strings one of which every match of the piece contains; nil when none is
    /// known.
    package var required: [[UInt8]]?
    /// The most UTF-16 units a match of the piece can take; nil when unbounded or unknown.
    package var maximumUTF16Length: Int?
    /// A required set with a bound on where in the match one of its strings starts; nil when
    /// no such set is known.
    package var nearRequired: NearLiterals?

    /// The most strings kept in an `exact` or `required` set: beyond it the set is dropped,
    /// since a search for many literals is no faster than the regular expression itself.
    package static let maximumSetSize = 32

    /// The most strings kept in the set of an alternation or of several patterns, each of whose
    /// branches has its own strings, such as a word list (`-F -f words.txt`): the line
    /// search looks for that many in one pass (``LiteralAutomatonScanner``). Sequences still
    /// combine sets of at most ``maximumSetSize``.
    package static let maximumAlternativesSetSize = 20_000

    /// The longest match length this analysis counts: beyond it, a length is unbounded.
    static let maximumCountedLength = 1 << 24

    /// Facts that say nothing: the piece may match anything.
    static let unknown = LiteralFacts(exact: nil, required: nil)

    /// The facts of a piece that matches one character of an unknown set (a class, `.`, `\d`):
    /// at most two UTF-16 units, a surrogate pair or (`.` with dot-all, `\R`) a CR LF pair.
    static let oneCharacter = LiteralFacts(exact: nil, required: nil, maximumUTF16Length: 2)

    /// The facts of one literal character or quoted string: it matches exactly `bytes`.
    static func literal(_ bytes: [UInt8]) -> LiteralFacts {
        LiteralFacts(
            exact: [bytes],
            required: bytes.isEmpty ? nil : [bytes],
            maximumUTF16Length: utf16Count(bytes),
            nearRequired: bytes.isEmpty ? nil : NearLiterals(literals: [bytes], maximumUTF16Offset: 0)
        )
    }

    /// The facts of text of a known length whose characters are not searched for.
    static func unsearchable(utf16Count: Int) -> LiteralFacts {
        LiteralFacts(exact: nil, required: nil, maximumUTF16Length: utf16Count)
    }

    /// The strings that `items`, one after another, match, when they are exactly a known set
    /// of non-empty strings (``exact``, faithfully); nil otherwise.
    static func exactStrings(of items: [RegexSyntax]) -> [[UInt8]]? {
        let facts = of(.sequence(items), score: { _ in 0 })
        guard facts.exactIsFaithful, let exact = facts.exact, !exact.isEmpty, !exact.contains(where: { $0.isEmpty }) else {
            return nil
        }
        return exact
    }

    /// The number of UTF-16 units of the well-formed UTF-8 `bytes`.
    package static func utf16Count(_ bytes: [UInt8]) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 {
            count += byte >= 0xF0 ? 2 : 1
        }
        return count
    }

    /// The facts of this piece repeated `minimum` to `maximum` times (unbounded when
    /// `maximum` is nil): still required when it must occur at least once (the first
    /// repetition holds a required string as near its start as the piece does), no longer
    /// exact.
    func repeated(minimum: Int, maximum: Int?) -> LiteralFacts {
        var length: Int?
        if maximumUTF16Length == 0 {
            length = 0
        } else if let maximumUTF16Length, let maximum, maximum <= Self.maximumCountedLength / max(maximumUTF16Length, 1) {
            length = maximumUTF16Length * maximum
        }
        return LiteralFacts(
            exact: nil,
            required: minimum >= 1 ? required : nil,
            maximumUTF16Length: length,
            nearRequired: minimum >= 1 ? nearRequired : nil
        )
    }

    /// The facts of an atomic group (`(?>...)`) around this piece: it matches at most the
    /// same strings, but once it has matched one it never tries the others.
    func atomic() -> LiteralFacts {
        var facts = self
        if let exact, exact.count > 1 { facts.exactIsFaithful = false }
        return facts
    }

    /// The facts of an alternation of `branches`: exact when every branch is, and a required
    /// set only when every branch has one (a match comes from one branch, and contains that
    /// branch's required string).
    static func alternation(_ branches: [LiteralFacts]) -> LiteralFacts {
        if branches.count == 1 { return branches[0] }
        var exact = StringSetUnion()
        var required = StringSetUnion()
        var maximumUTF16Length: Int? = 0
        var nearRequired: NearLiterals? = NearLiterals(literals: [], maximumUTF16Offset: 0)
        for branch in branches {
            exact.add(branch.exact)
            required.add(branch.required)
            maximumUTF16Length = maximumUTF16Length.flatMap { length in branch.maximumUTF16Length.map { max(length, $0) } }
            nearRequired = nearRequired.flatMap { $0.union(branch.nearRequired) }
        }
        return LiteralFacts(
            exact: exact.strings,
            exactIsFaithful: branches.allSatisfy { $0.exactIsFaithful },
            required: required.strings,
            maximumUTF16Length: maximumUTF16Length,
            nearRequired: nearRequired
        )
    }

    /// The union of two sets, without duplicates; nil when either is unknown or the union is
    /// too large.
    package static func union(_ first: [[UInt8]]?, _ second: [[UInt8]]?) -> [[UInt8]]? {
        guard var result = first, let second else { return nil }
        for string in second where !result.contains(string) {
            result.append(string)
        }
        return result.count <= maximumSetSize ? result : nil
    }
}

/// The union of the string sets of alternatives, in the order first seen, without duplicates:
/// unknown once any alternative's set is unknown or the union has more than
/// ``LiteralFacts/maximumAlternativesSetSize`` strings.
package struct StringSetUnion {
    /// The union so far, or nil when it is unknown.
    package private(set) var strings: [[UInt8]]? = []
    private var seen: Set<[UInt8]> = []

    package init() {}

    /// Adds the strings of one more alternative (nil: unknown).
    package mutating func add(_ alternative: [[UInt8]]?) {
        guard strings != nil else { return }
        guard let alternative else {
            strings = nil
            return
        }
        for string in alternative where seen.insert(string).inserted {
            strings!.append(string)
        }
        if strings!.count > LiteralFacts.maximumAlternativesSetSize {
            strings = nil
        }
    }
}
