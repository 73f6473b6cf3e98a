/// Finds ICU's first match of a pattern that is an alternation of many literal strings,
/// optionally between word boundaries (`\b(?:one|two|three)\b`, a dictionary), without ICU:
/// ICU tries the branches one after another at every position, which for thousands of words
/// costs thousands of comparisons per character.
///
/// The strings are kept in a trie of UTF-16 units. At each position from the search's start
/// (a code-point boundary, and with a leading `\b` only a word boundary), the trie is walked
/// along the text; every string that ends on the way, and is followed by a word boundary when
/// the pattern ends with `\b`, is a match there, and ICU's is the one of the earliest branch
/// (a backtracking matcher tries the branches in order and the first that matches wins). The
/// first position with a match holds the leftmost-first match.
///
/// Word boundaries are ICU's `\b` (see ``MatchAutomaton``) for characters below
/// ``CodePointClassTable/exactLimit``, asked of ICU once, looking past the characters ICU's
/// `\b` looks past as it does; a boundary that reads another character makes the answer
/// ``MatchAutomaton/Outcome/unknown``.
///
/// Immutable once made, so one matcher serves every thread.
final class LiteralAlternationMatcher: Sendable {
    /// The fewest strings for which the matcher is used: with fewer, ICU's own search of the
    /// alternation, or the match automaton, costs little.
    static let minimumStrings = 16

    /// The most entries of the trie's table (16 MB): strings of many distinct characters
    /// (thousands of CJK words) would need more.
    static let maximumTableEntries = 1 << 22

    /// Whether the pattern starts and ends with `\b`.
    private let leadingBoundary: Bool
    private let trailingBoundary: Bool

    /// The trie: for each node and unit class, the child node or -1; node 0 is the root.
    private let children: [Int32]
    /// The number of unit classes: one per unit the strings use, and class 0 for all others.
    private let classCount: Int
    /// The class of each unit below 0x80, and of the others the strings use.
    private let asciiClasses: [UInt8]
    private let otherClasses: [UInt16: Int32]
    /// For each node, the earliest branch whose string ends there, or -1.
    private let branchEndingAt: [Int32]
    /// Whether each code point below ``CodePointClassTable/exactLimit`` is a word character for
    /// `\b`, and whether `\b` looks past it; empty without word boundaries.
    private let isWordCharacter: [Bool]
    private let isTransparentCharacter: [Bool]

    /// The matcher of `syntax`, compiled with `options`; nil when the pattern is not an
    /// alternation of at least ``minimumStrings`` nonempty literal strings, ignores case or
    /// has other options that change literals, or when ICU rejects the word-character sets.
    init?(_ syntax: RegexSyntax, options: RegexPattern.Options) {
        guard options.subtracting([.anchorsMatchLines, .dotMatchesLineSeparators, .useUnixLineSeparators, .errorOnUnknownEscapes]).isEmpty,
            let (leading, branches, trailing) = Self.parts(of: syntax), branches.count >= Self.minimumStrings
        else { return nil }
        var strings: [[UInt16]] = []
        for branch in branches {
            guard let string = Self.literal(branch), !string.isEmpty else { return nil }
            strings.append(string)
        }
        leadingBoundary = leading
        trailingBoundary = trailing

        var otherClasses: [UInt16: Int32] = [:]
        var asciiClasses = [UInt8](repeating: 0, count: 128)
        var classCount = 1
        for unit in Set(strings.joined()).sorted() {
            if unit < 0x80 {
                asciiClasses[Int(unit)] = UInt8(classCount)
            } else {
                otherClasses[unit] = Int32(classCount)
            }
            classCount += 1
        }
        self.classCount = classCount
        self.asciiClasses = asciiClasses
        self.otherClasses = otherClasses

        var children = [Int32](repeating: -1, count: classCount)
        var branchEndingAt: [Int32] = [-1]
        for (branch, string) in strings.enumerated() {
            var node = 0
            for unit in string {
                let unitClass = unit < 0x80 ? Int(asciiClasses[Int(unit)]) : Int(otherClasses[unit]!)
                if children[node * classCount + unitClass] < 0 {
                    guard children.count < Self.maximumTableEntries else { return nil }
                    children[node * classCount + unitClass] = Int32(branchEndingAt.count)
                    branchEndingAt.append(-1)
                    children += [Int32](repeating: -1, count: classCount)
                }
                node = Int(children[node * classCount + unitClass])
            }
            if branchEndingAt[node] < 0 { branchEndingAt[node] = Int32(branch) }
        }
        self.children = children
        self.branchEndingAt = branchEndingAt

        if leading || trailing {
            guard let characters = Self.boundaryCharacters else { return nil }
            isWordCharacter = characters.word
            isTransparentCharacter = characters.transparent
        } else {
            isWordCharacter = []
            isTransparentCharacter = []
        }
    }

    /// ICU's word characters for `\b` and the characters its `\b` looks past (see
    /// ``MatchAutomatonPlan/wordCharacterClass``), below ``CodePointClassTable/exactLimit``:
    /// asked of ICU once.
    private static let boundaryCharacters: (word: [Bool], transparent: [Bool])? = {
        let limit = CodePointClassTable.exactLimit
        guard let word = ClassMembership.members(ofClass: MatchAutomatonPlan.wordCharacterClass, options: [], below: limit),
            let transparent = ClassMembership.members(
                ofClass: MatchAutomatonPlan.transparentCharacterClass, options: [], below: limit)
        else { return nil }
        return (word, transparent)
    }()

    /// The pattern's parts: whether it starts with `\b`, its branches, whether it ends with
    /// `\b`; nil when it is not of that shape.
    private static func parts(of syntax: RegexSyntax) -> (Bool, [RegexSyntax], Bool)? {
        var items: [RegexSyntax]
        if case .sequence(let sequence) = syntax { items = sequence } else { items = [syntax] }
        let leading = items.first == .assertion(.wordBoundary)
        if leading { items.removeFirst() }
        let trailing = items.last == .assertion(.wordBoundary)
        if trailing && !items.isEmpty { items.removeLast() }
        guard items.count == 1 else { return nil }
        var body = items[0]
        while case .group(let inner, let kind) = body, kind == .nonCapturing || kind == .capturing(name: nil) {
            body = inner
        }
        guard case .alternation(let branches) = body else { return nil }
        return (leading, branches, trailing)
    }

    /// The UTF-16 units of a branch of literal characters; nil for anything else.
    private static func literal(_ branch: RegexSyntax) -> [UInt16]? {
        switch branch {
        case .character(let scalar):
            return Array(String(scalar).utf16)
        case .sequence(let items):
            var units: [UInt16] = []
            for item in items {
                guard case .character(let scalar) = item else { return nil }
                units += String(scalar).utf16
            }
            return units
        default:
            return nil
        }
    }

    /// ICU's first match in `text[..<end]`, searched as a text of its own from `from` (a
    /// code-point boundary; the text before it is seen by `\b`).
    func firstMatch(inUTF16 text: UnsafePointer<UInt16>, from: Int, to end: Int) -> MatchAutomaton.Outcome {
        var position = from
        while position < end {
            let unit = text[position]
            // A string can start only with a unit some string starts with.
            if rootChild(of: unit) >= 0 {
                if leadingBoundary {
                    guard let boundary = isBoundary(at: position, in: text, end: end) else { return .unknown }
                    if !boundary {
                        position += 1
                        continue
                    }
                }
                switch longestWalk(from: position, in: text, end: end) {
                case .match(let match): return .match(match)
                case .unknown: return .unknown
                case .noMatch: break
                }
            }
            position += UTF16.isLeadSurrogate(unit) && position + 1 < end && UTF16.isTrailSurrogate(text[position + 1]) ? 2 : 1
        }
        return .noMatch
    }

    /// The trie's child of the root for `unit`, or -1.
    @inline(__always)
    private func rootChild(of unit: UInt16) -> Int32 {
        children[unitClass(unit)]
    }

    @inline(__always)
    private func unitClass(_ unit: UInt16) -> Int {
        unit < 0x80 ? Int(asciiClasses[Int(unit)]) : Int(otherClasses[unit] ?? 0)
    }

    /// The match of the earliest branch at `start`, walking the trie along the text.
    private func longestWalk(from start: Int, in text: UnsafePointer<UInt16>, end: Int) -> MatchAutomaton.Outcome {
        var node = 0
        var index = start
        var best: (branch: Int32, end: Int)?
        while index < end {
            let child = children[node * classCount + unitClass(text[index])]
            if child < 0 { break }
            node = Int(child)
            index += 1
            let branch = branchEndingAt[node]
            guard branch >= 0, best == nil || branch < best!.branch else { continue }
            // A string ends with a whole character: a text with a pair split there does not
            // match it (ICU reads the pair as one code point).
            if index < end && UTF16.isTrailSurrogate(text[index]) && UTF16.isLeadSurrogate(text[index - 1]) { continue }
            if trailingBoundary {
                guard let boundary = isBoundary(at: index, in: text, end: end) else { return .unknown }
                if !boundary { continue }
            }
            best = (branch, index)
        }
        return best.map { .match(start..<$0.end) } ?? .noMatch
    }

    /// Whether ICU's `\b` holds at `index` of `text[..<end]`, as `isWordBoundary` decides it:
    /// never before a character it looks past (``MatchAutomatonPlan/transparentCharacterClass``);
    /// before another one, or the text's end (no word character), when that character and the
    /// nearest one before `index` that is not looked past (none at the text's start: no word
    /// character) differ in being word characters. Nil when a character read is not known
    /// exactly, or more than ``MatchAutomaton/maximumTransparentRun`` are looked past.
    private func isBoundary(at index: Int, in text: UnsafePointer<UInt16>, end: Int) -> Bool? {
        var after = false
        if index < end {
            let unit = Int(text[index])
            guard unit < CodePointClassTable.exactLimit else { return nil }
            if isTransparentCharacter[unit] { return false }
            after = isWordCharacter[unit]
        }
        var before = false
        var previous = index
        while previous > 0 {
            previous -= 1
            let unit = Int(text[previous])
            guard unit < CodePointClassTable.exactLimit, index - previous <= MatchAutomaton.maximumTransparentRun else { return nil }
            if !isTransparentCharacter[unit] {
                before = isWordCharacter[unit]
                break
            }
        }
        return before != after
    }
}

extension RegexSyntax {
    /// True when the node has the shape ``LiteralAlternationMatcher`` takes, as far as can be
    /// told without building it: an alternation of at least
    /// ``LiteralAlternationMatcher/minimumStrings`` branches, maybe in a group and between
    /// `\b`s.
    var isAlternationOfManyStrings: Bool {
        (alternationBranchCount ?? 0) >= LiteralAlternationMatcher.minimumStrings
    }

    /// The number of branches of the alternation that the node is, maybe in a group and
    /// between `\b`s (the shape ``isAlternationOfManyStrings`` asks for); nil for another node.
    var alternationBranchCount: Int? {
        var node = self
        if case .sequence(let items) = node {
            let inner = items.filter { $0 != .assertion(.wordBoundary) }
            guard inner.count == 1 else { return nil }
            node = inner[0]
        }
        while case .group(let body, _) = node { node = body }
        guard case .alternation(let branches) = node else { return nil }
        return branches.count
    }
}
