/// Sorts code points into classes for a ``PositionAutomaton``: two code points are in one
/// class when the same positions accept them, and each class has the mask of those positions.
///
/// Which code points a class such as `\w` or `[\p{L}&&\p{Cyrillic}]` holds is ICU's answer
/// (``ClassMembership``: known without ICU for some classes, asked of ICU compiled with the
/// patterns' options for the others), for every code point below U+0800 (one or two
/// UTF-8 bytes: ASCII, Latin, Greek, Cyrillic, Hebrew, Arabic...). Above that, a position
/// with such a class is assumed to accept any code point, which can only make more lines
/// candidates; literal characters are exact everywhere. That approximation is the automata's
/// last resort: they classify such characters exactly when they first read them
/// (``CodePointSetMembership``).
struct CodePointClassTable: Sendable {
    /// Code points below this are classified exactly.
    static let exactLimit = 0x800
    /// The most classes: class numbers are bytes, and a few values are kept for markers.
    static let maximumClasses = 240
    /// The class of a code point that ends the automaton's scan of a line, which is then a
    /// candidate: with `-i`, a character whose case folding is several characters.
    static let stopClass: UInt8 = 254

    /// The class of each code point below ``exactLimit``.
    let smallClasses: [UInt8]
    /// The class of each literal character at or above ``exactLimit`` in the pattern.
    let largeLiteralClasses: [UInt32: UInt8]
    /// Bit `value % 64` is set for each key of ``largeLiteralClasses``: most characters of a
    /// text in a script above U+0800 are none of the pattern's, and are told so without
    /// hashing them, where the dictionary would be looked up for every such character.
    let largeLiteralFilter: UInt64
    /// The class of every other code point at or above ``exactLimit``.
    let otherLargeClass: UInt8
    /// The positions that accept the code points of each class.
    let masks: [PositionSet]
    /// The classes of the line's edges, ``CodePointSet/lineStart`` and ``CodePointSet/lineEnd``.
    let lineStartClass: UInt8
    let lineEndClass: UInt8
    /// True when the classes follow case-insensitive matching.
    let caseInsensitive: Bool

    /// Classifies code points for the positions of `automaton`, asking ICU about its classes
    /// compiled with `options`; nil when ICU rejects one or there are too many classes.
    ///
    /// With `.caseInsensitive`, a literal character accepts the code points below
    /// ``exactLimit`` whose simple case folding is its own (the folding ICU uses for a lone
    /// pattern character; for a character without a multi-character folding it is also the
    /// full one), and any code point from ``exactLimit`` on; characters of
    /// ``MultiCharacterFolds`` are in ``stopClass``.
    init?(_ automaton: PositionAutomaton, options: RegexPattern.Options) {
        self.init(positionSets: automaton.positionSets, options: options)
    }

    /// Classifies code points for positions with the sets `positionSets`, as
    /// ``init(_:options:)`` does for an automaton's.
    init?(positionSets: [CodePointSet], options: RegexPattern.Options) {
        let caseInsensitive = options.contains(.caseInsensitive)
        // The folding of every code point below the limit, made for the first pattern
        // character outside ASCII: an ASCII one names its variants itself.
        var folds: [UInt32] = []
        var smallMasks = [PositionSet](repeating: .empty, count: Self.exactLimit)
        var largeLiteralMasks: [UInt32: PositionSet] = [:]
        var wildcardMask = PositionSet.empty
        var lineStartMask = PositionSet.empty
        var lineEndMask = PositionSet.empty
        var classMembers: [String: [Bool]] = [:]
        for (position, set) in positionSets.enumerated() {
            let bit = PositionSet(position: position)
            switch set {
            case .lineStart:
                lineStartMask |= bit
            case .lineEnd:
                lineEndMask |= bit
            case .scalar(let value) where caseInsensitive && value < 0x80:
                for codePoint in CaseFolding.codePointsFoldingLike(ascii: value) where codePoint < Self.exactLimit {
                    smallMasks[Int(codePoint)] |= bit
                }
                wildcardMask |= bit
            case .scalar(let value) where caseInsensitive:
                if folds.isEmpty {
                    folds = (0..<UInt32(Self.exactLimit)).map(CaseFolding.simpleFolding)
                }
                let fold = CaseFolding.simpleFolding(of: value)
                for codePoint in 0..<Self.exactLimit where folds[codePoint] == fold {
                    smallMasks[codePoint] |= bit
                }
                wildcardMask |= bit
            case .scalar(let value):
                if value < Self.exactLimit {
                    smallMasks[Int(value)] |= bit
                } else {
                    largeLiteralMasks[value, default: .empty] |= bit
                }
            case .icuClass(let text):
                if classMembers[text] == nil {
                    guard let members = ClassMembership.members(ofClass: text, options: options, below: Self.exactLimit) else {
                        return nil
                    }
                    classMembers[text] = members
                }
                let members = classMembers[text]!
                for codePoint in 0..<Self.exactLimit where members[codePoint] {
                    smallMasks[codePoint] |= bit
                }
                wildcardMask |= bit
            }
        }

        var classOfMask: [PositionSet: UInt8] = [:]
        var masks: [PositionSet] = []
        func classNumber(_ mask: PositionSet) -> UInt8? {
            if let known = classOfMask[mask] { return known }
            guard masks.count < Self.maximumClasses else { return nil }
            let number = UInt8(masks.count)
            masks.append(mask)
            classOfMask[mask] = number
            return number
        }
        var smallClasses = [UInt8](repeating: 0, count: Self.exactLimit)
        // Neighbouring code points mostly have the same mask (most have none): the class of
        // the previous mask is reused without hashing the mask again.
        var previous: (mask: PositionSet, number: UInt8)? = nil
        for codePoint in 0..<Self.exactLimit {
            if caseInsensitive && MultiCharacterFolds.contains(UInt32(codePoint)) {
                smallClasses[codePoint] = Self.stopClass
                continue
            }
            let mask = smallMasks[codePoint]
            if let previous, previous.mask == mask {
                smallClasses[codePoint] = previous.number
                continue
            }
            guard let number = classNumber(mask) else { return nil }
            smallClasses[codePoint] = number
            previous = (mask, number)
        }
        var largeLiteralClasses: [UInt32: UInt8] = [:]
        for (value, mask) in largeLiteralMasks {
            guard let number = classNumber(mask | wildcardMask) else { return nil }
            largeLiteralClasses[value] = number
        }
        guard let otherLargeClass = classNumber(wildcardMask),
            let lineStartClass = classNumber(lineStartMask),
            let lineEndClass = classNumber(lineEndMask)
        else { return nil }
        self.lineStartClass = lineStartClass
        self.lineEndClass = lineEndClass
        self.smallClasses = smallClasses
        self.largeLiteralClasses = largeLiteralClasses
        largeLiteralFilter = largeLiteralClasses.keys.reduce(0) { $0 | 1 << UInt64($1 % 64) }
        self.otherLargeClass = otherLargeClass
        self.masks = masks
        self.caseInsensitive = caseInsensitive
    }

    /// The class of the code point `value`.
    @inline(__always)
    func classOf(_ value: UInt32) -> UInt8 {
        if value < Self.exactLimit {
            return smallClasses[Int(value)]
        }
        if caseInsensitive && MultiCharacterFolds.contains(value) {
            return Self.stopClass
        }
        if largeLiteralFilter & 1 << UInt64(value % 64) == 0 {
            return otherLargeClass
        }
        return largeLiteralClasses[value] ?? otherLargeClass
    }
}
