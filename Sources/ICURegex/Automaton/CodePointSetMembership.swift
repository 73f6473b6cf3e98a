/// Which of an automaton's code-point sets hold a code point, asked of ICU itself, so that the
/// answer is ICU's by construction: the way the automata classify the characters from
/// ``CodePointClassTable/exactLimit`` on, which ``CodePointClassTable`` does not list, when
/// they first read them.
///
/// One ICU matcher per distinct set, made when first needed. Compared instead: a literal
/// character not ignoring case, and an ASCII one ignoring case with the characters that fold
/// like it (``CaseFolding/codePointsFoldingLike(ascii:)``); looked up instead: a class known
/// without ICU (``KnownClassMembers``). Not thread-safe: each automaton has its own.
final class CodePointSetMembership {
    private let options: RegexPattern.Options
    /// The positions of each distinct set that is not compared, with its members when they are
    /// known without ICU, else its ICU matcher once made.
    private var classifiedSets: [(set: CodePointSet, positions: PositionSet, known: KnownClassMembers?, matcher: RegexMatcher?)] = []
    /// The positions of each literal character compared without ICU.
    private var comparedScalars: [UInt32: PositionSet] = [:]

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
            default:
                if let index = indexOfSet[set] {
                    classifiedSets[index].positions |= bit
                } else {
                    indexOfSet[set] = classifiedSets.count
                    var known: KnownClassMembers? = nil
                    if case .icuClass(let text) = set {
                        known = KnownClassMembers(classText: text, options: options)
                    }
                    classifiedSets.append((set, bit, known, nil))
                }
            }
        }
    }

    /// The positions whose sets hold the code point `value` (a lone surrogate is a code point
    /// of its own, as for ICU); nil when ICU rejects a set or stops at a limit.
    func positions(holding value: UInt32) -> PositionSet? {
        let units: [UInt16] = Unicode.Scalar(value).map { Array(String($0).utf16) } ?? [UInt16(truncatingIfNeeded: value)]
        var positions = comparedScalars[value] ?? .empty
        for index in classifiedSets.indices {
            if let known = classifiedSets[index].known {
                if known.contains(value) { positions |= classifiedSets[index].positions }
                continue
            }
            if classifiedSets[index].matcher == nil {
                let text: String
                switch classifiedSets[index].set {
                case .icuClass(let classText): text = classText
                case .scalar(let scalar): text = "\\x{" + String(scalar, radix: 16) + "}"
                }
                guard let pattern = try? RegexPattern(text, options: options, limits: .default, usesSearchPlan: false),
                    let matcher = try? pattern.makeMatcher()
                else { return nil }
                classifiedSets[index].matcher = matcher
            }
            let found = units.withUnsafeBufferPointer { buffer in try? classifiedSets[index].matcher!.firstMatch(inUTF16: buffer, from: 0) }
            if found == 0..<units.count {
                positions |= classifiedSets[index].positions
            }
        }
        return positions
    }
}
