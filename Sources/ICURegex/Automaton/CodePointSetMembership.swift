/// Which of an automaton's code-point sets hold a code point, asked of ICU itself, so that the
/// answer is ICU's by construction: the way the automata classify the characters from
/// ``CodePointClassTable/exactLimit`` on, which ``CodePointClassTable`` does not list, when
/// they first read them.
///
/// One ICU matcher per distinct set, made when first needed. Compared instead: a literal
/// character not ignoring case, and an ASCII one ignoring case with the characters that fold
/// like it (``CaseFolding/codePointsFoldingLike(ascii:)``); looked up instead: a class known
/// without ICU (``ListedCodePoints``). Not thread-safe: each automaton has its own.
final class CodePointSetMembership {
    private let options: RegexPattern.Options
    /// The positions of each distinct set that asks ICU, and its matcher once made.
    private var askedSets: [(set: CodePointSet, positions: PositionSet, matcher: RegexMatcher?)] = []
    /// The positions of each literal character compared without ICU.
    private var comparedScalars: [UInt32: PositionSet] = [:]
    /// The positions of each class known without ICU.
    private var listedClasses: [(members: ListedCodePoints, positions: PositionSet)] = []

    /// Membership in `sets`, the sets of an automaton's positions, compiled with `options`.
    init(sets: [CodePointSet], options: RegexPattern.Options) {
        self.options = options
        let caseInsensitive = options.contains(.caseInsensitive)
        var indexOfSet: [CodePointSet: Int] = [:]
        for (position, set) in sets.enumerated() {
            let bit = PositionSet(position: position)
            switch set {
            case .scalar(let value) where value > 0x10FFFF:
                // The line edges and the automaton's markers: no code point.
                continue
            case .scalar(let value) where !caseInsensitive:
                comparedScalars[value, default: .empty] |= bit
            case .scalar(let value) where value < 0x80:
                for variant in CaseFolding.codePointsFoldingLike(ascii: value) {
                    comparedScalars[variant, default: .empty] |= bit
                }
            case .icuClass(let text):
                if let listed = ListedCodePoints(classText: text, options: options) {
                    if let index = listedClasses.firstIndex(where: { $0.members == listed }) {
                        listedClasses[index].positions |= bit
                    } else {
                        listedClasses.append((listed, bit))
                    }
                    continue
                }
                fallthrough
            default:
                if let index = indexOfSet[set] {
                    askedSets[index].positions |= bit
                } else {
                    indexOfSet[set] = askedSets.count
                    askedSets.append((set, bit, nil))
                }
            }
        }
    }

    /// The positions whose sets hold the code point `value` (a lone surrogate is a code point
    /// of its own, as for ICU); nil when ICU rejects a set or stops at a limit.
    func positions(holding value: UInt32) -> PositionSet? {
        let units: [UInt16] = Unicode.Scalar(value).map { Array(String($0).utf16) } ?? [UInt16(truncatingIfNeeded: value)]
        var positions = comparedScalars[value] ?? .empty
        for listed in listedClasses where listed.members.contains(value) {
            positions |= listed.positions
        }
        for index in askedSets.indices {
            if askedSets[index].matcher == nil {
                let text: String
                switch askedSets[index].set {
                case .icuClass(let classText): text = classText
                case .scalar(let scalar): text = "\\x{" + String(scalar, radix: 16) + "}"
                }
                guard let pattern = try? RegexPattern(text, options: options, limits: .default, usesSearchPlan: false),
                    let matcher = try? pattern.makeMatcher()
                else { return nil }
                askedSets[index].matcher = matcher
            }
            let found = units.withUnsafeBufferPointer { buffer in try? askedSets[index].matcher!.firstMatch(inUTF16: buffer, from: 0) }
            if found == 0..<units.count {
                positions |= askedSets[index].positions
            }
        }
        return positions
    }
}
