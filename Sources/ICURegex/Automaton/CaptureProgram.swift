/// A pattern compiled for ``CaptureBacktracker``: a program of steps in the order ICU's
/// backtracking matcher tries them, with the code-point classes of its character steps,
/// worked out once and shared by every thread's backtracker.
///
/// The program is read from the pattern's ``RegexSyntax`` as a Thompson NFA with priorities,
/// as regex-automata's bounded backtracker reads its NFA:
/// - a character or class is one ``Instruction/character(set:)`` step over one of ``sets``;
/// - a capturing group is its body between two ``Instruction/save(slot:)`` steps, which record
///   where the group starts and ends; a non-capturing group is its body;
/// - an alternation is a chain of ``Instruction/split(preferred:other:)`` steps that try the
///   branches in their order;
/// - `x*` is a split that tries another round of `x` first and leaving the loop second (for
///   `x*?`, the other way round), and `x{n,m}` is `n` copies of `x` followed by `m - n`
///   nested optional ones, each with the loop's preference;
/// - `\b` and `\B` are steps that read nothing and hold or not between the characters around
///   them, as ICU decides them.
///
/// - a look-around at one character of a class (`(?<![w])`, `(?=[w])`, in which the POSIX
///   translator writes GNU's `\<`, `\>`, `\b` and `\B`) is one
///   ``Instruction/characterBefore(set:negated:)`` or ``Instruction/characterAfter(set:negated:)``
///   step, which reads nothing and holds when the character on that side, read as ICU reads it
///   (a pair of surrogates is one), is of the set (is not, negated; no character is of none);
/// - a back reference (`\1` to `\9`, `\k<name>`) is one ``Instruction/backReference(group:)``
///   step, which reads again what the group captured, as ICU's `URX_BACKREF` does (see
///   ``CaptureBacktracker``).
///
/// The pattern has no program when it holds what a backtracker without ICU's own rules cannot
/// reproduce, as for ``PrioritizedPositionAutomaton``: a construct the reader leaves opaque
/// (`\R`, `\X`, a reference of several digits, whose reading depends on the groups ICU has
/// seen), a back reference inside the group it refers to (ICU reads the group's previous
/// capture there, kept apart until the group ends), a back reference ignoring case (ICU
/// compares by full case folding), a look-around at more than one character, an anchor, an atomic
/// group, a possessive quantifier, a
/// flag group, or a repeated piece that can match the empty string (ICU's rules for empty
/// rounds of a loop are its own); nor when its options change what the classes do not follow,
/// when it ignores case and some set may match several characters (`ß`), or when the program
/// would be larger than ``maximumInstructions``.
struct CaptureProgram: Sendable {
    /// One step of the program.
    enum Instruction: Equatable, Sendable {
        /// Reads one character of the set ``CaptureProgram/sets``[`set`], then goes on with the
        /// next step.
        case character(set: Int32)
        /// Goes on with `preferred`, and with `other` when that fails.
        case split(preferred: Int32, other: Int32)
        /// Goes on with `target`.
        case jump(Int32)
        /// Records the current offset in `slot` (a group's start or end), then goes on with
        /// the next step; a failure after it restores the slot's previous value.
        case save(slot: Int32)
        /// `\b`, `\B`: goes on with the next step when the position is, or is not, a word
        /// boundary.
        case wordBoundary
        case notWordBoundary
        /// A look-behind, or look-ahead, at one character: goes on with the next step when the
        /// character before, or at, the position is of the set (`negated`: is not).
        case characterBefore(set: Int32, negated: Bool)
        case characterAfter(set: Int32, negated: Bool)
        /// Reads again the characters that group `group` captured, code point by code point;
        /// fails when the group has not taken part.
        case backReference(group: Int32)
        /// Ends the match, which succeeds when it ends where it must.
        case match
    }

    /// The most steps a program may have: the backtracker's table of visited states has a bit
    /// for each step and each offset of a match.
    static let maximumInstructions = 4096

    let instructions: [Instruction]
    /// The number of capture groups, not counting the whole match: the program's slots are
    /// `2 * group` and `2 * group + 1` for groups 1 through this.
    let groupCount: Int
    /// The distinct code-point sets of the character steps, then, with word boundaries, ICU's
    /// word characters and the characters its `\b` looks past
    /// (``MatchAutomatonPlan/wordCharacterClass``, ``MatchAutomatonPlan/transparentCharacterClass``).
    let sets: [CodePointSet]
    let wordCharacterSet: Int?
    let transparentCharacterSet: Int?
    /// The classes of code points for ``sets`` (each class's mask holds the indices of the
    /// sets that accept its code points).
    let classes: CodePointClassTable
    /// True when the classes are exact only below ``CodePointClassTable/exactLimit``: a
    /// larger character is then looked up in the sets themselves (``CodePointSetMembership``).
    let approximatesLargeCharacters: Bool
    let options: RegexPattern.Options
    /// True when the program holds a ``Instruction/backReference(group:)`` step: whether it
    /// succeeds from a step at an offset then depends on the groups captured so far, and the
    /// backtracker cannot remember the pairs that failed (see ``CaptureBacktracker``).
    let hasBackReferences: Bool
    /// The program as a one-pass table, when it is one (see ``OnePassProgram``).
    private(set) var onePass: OnePassProgram?

    /// The options the classes follow (ICU is asked about each class with them) or that change
    /// only what the program never holds (anchors).
    private static let followedOptions: RegexPattern.Options = [
        .caseInsensitive, .dotMatchesLineSeparators, .anchorsMatchLines, .useUnicodeWordBoundaries,
        .useUnixLineSeparators, .errorOnUnknownEscapes,
    ]

    /// The program of the ICU pattern `pattern` compiled with `options`, which has
    /// `groupCount` capture groups, or nil when it has none.
    init?(pattern: String, options: RegexPattern.Options, groupCount: Int) {
        guard options.isSubset(of: Self.followedOptions), let syntax = PatternReader.read(pattern) else { return nil }
        self.init(syntax: syntax, options: options, groupCount: groupCount)
    }

    /// The program of `X` in the ICU pattern `pattern` of the form `^X$` (``RegexSyntax/wholeTextBody``)
    /// compiled with `options`, without multi-line anchors; `pattern` has `groupCount` capture
    /// groups, all of them in `X`. Nil when the pattern has no such form, or `X` no program.
    init?(wholeTextBodyOf pattern: String, options: RegexPattern.Options, groupCount: Int) {
        guard options.isSubset(of: Self.followedOptions), !options.contains(.anchorsMatchLines),
            let body = PatternReader.read(pattern)?.wholeTextBody
        else { return nil }
        self.init(syntax: body, options: options, groupCount: groupCount)
    }

    /// The program of `syntax` compiled with `options`, or nil (see the type's description).
    init?(syntax: RegexSyntax, options: RegexPattern.Options, groupCount: Int) {
        // A `.` that takes CR LF as one character is no step of one code point.
        guard !syntax.holdsDotTakingCRLF(options: options) else { return nil }
        var builder = Builder(groupNumbers: syntax.capturingGroupNumbers, totalGroupCount: groupCount)
        guard builder.compile(syntax), builder.emit(.match),
            // ICU's numbering of the groups is the reader's, or the program is not the pattern.
            builder.groupCount == groupCount
        else { return nil }
        var sets = builder.sets
        let hasWordBoundaries = builder.instructions.contains { $0 == .wordBoundary || $0 == .notWordBoundary }
        if hasWordBoundaries {
            // Unicode's word boundaries (UREGEX_UWORD) are the break iterator's, not modelled.
            guard !options.contains(.useUnicodeWordBoundaries), sets.count + 2 <= PositionSet.capacity else { return nil }
            wordCharacterSet = sets.count
            transparentCharacterSet = sets.count + 1
            sets += [.icuClass(MatchAutomatonPlan.wordCharacterClass), .icuClass(MatchAutomatonPlan.transparentCharacterClass)]
        } else {
            wordCharacterSet = nil
            transparentCharacterSet = nil
        }
        let ignoringCase = options.contains(.caseInsensitive)
        hasBackReferences = builder.instructions.contains {
            if case .backReference = $0 { return true }
            return false
        }
        guard !ignoringCase || !hasBackReferences, !ignoringCase || builder.sets.allSatisfy({ $0.matchesOneCharacterIgnoringCase }),
            let classes = CodePointClassTable(positionSets: sets, options: options)
        else { return nil }
        instructions = builder.instructions
        self.groupCount = groupCount
        self.sets = sets
        self.classes = classes
        self.options = options
        approximatesLargeCharacters = ignoringCase || sets.contains {
            if case .icuClass = $0 { return true }
            return false
        }
        onePass = nil
        if !hasBackReferences { onePass = OnePassProgram(self) }
    }

    /// The sets of the character steps that a way from step `first` may read first: those it
    /// reaches without reading, past splits, jumps, saves, `\b`, `\B` and one-character
    /// look-arounds; nil when it may reach the end of the program or a back reference without
    /// reading (it may then succeed without a character, or read one of its group's). Every
    /// way from `first` that succeeds reads, at the offset it starts from, a character of one
    /// of these sets before anything else: the steps it passes before that read nothing.
    func firstSets(from first: Int) -> PositionSet? {
        var sets = PositionSet.empty
        var seen = Set<Int>()
        var pending = [first]
        while let step = pending.popLast() {
            guard seen.insert(step).inserted else { continue }
            guard seen.count <= Self.maximumGuardWork else { return nil }
            switch instructions[step] {
            case .character(let set):
                sets |= PositionSet(position: Int(set))
            case .split(let preferred, let other):
                pending += [Int(other), Int(preferred)]
            case .jump(let target):
                pending.append(Int(target))
            case .save, .wordBoundary, .notWordBoundary, .characterBefore, .characterAfter:
                pending.append(step + 1)
            case .match, .backReference:
                return nil
            }
        }
        return sets
    }

    /// The most steps ``firstSets(from:)`` looks at.
    static let maximumGuardWork = 1024

    /// The splits whose preferred way has first sets (``firstSets(from:)``), with them: at an
    /// offset whose character is of none of them (or at the end of what a run may read), that
    /// way fails, and the backtracker goes on with the other at once, pushing nothing (a
    /// lazy loop's exit, `.*? \{`, is tried only before a space; a greedy loop's next round,
    /// `[^ ]+`, is not tried at a space; a branch of an alternation of tokens only before its
    /// first characters). Passing over a way that fails changes nothing but the time.
    var splitGuards: [(step: Int, sets: PositionSet)] {
        instructions.indices.compactMap { step in
            guard case .split(let preferred, _) = instructions[step], let sets = firstSets(from: Int(preferred)) else {
                return nil
            }
            return (step, sets)
        }
    }

    /// The loops of one character: `x*` or `x*?` over a character or class `x`, compiled as a
    /// split at `step` whose ways are the round, a ``Instruction/character(set:)`` step over
    /// `set` at `step + 1` followed by a jump back to `step`, and the loop's `exit` (the greedy
    /// loop prefers the round, the lazy one its exit). Nothing else leads into the round's two
    /// steps: the builder emits them for the loop alone, and no jump or split targets them
    /// but the loop's split. The backtracker goes round such a loop in one place.
    var characterLoops: [(step: Int, set: Int32, isGreedy: Bool, exit: Int)] {
        instructions.indices.compactMap { step in
            guard step + 2 < instructions.count, case .split(let preferred, let other) = instructions[step],
                case .character(let set) = instructions[step + 1], instructions[step + 2] == .jump(Int32(step))
            else { return nil }
            if preferred == Int32(step + 1) { return (step, set, true, Int(other)) }
            if other == Int32(step + 1) { return (step, set, false, Int(preferred)) }
            return nil
        }
    }

    /// Emits the steps of each node in the order they are tried.
    private struct Builder {
        var instructions: [Instruction] = []
        var sets: [CodePointSet] = []
        var indexOfSet: [CodePointSet: Int32] = [:]
        var groupCount = 0
        /// The number of each named group, and the number of groups in the pattern.
        let groupNumbers: [String: Int]
        let totalGroupCount: Int
        /// The groups whose body is being compiled.
        var openGroups: [Int] = []

        init(groupNumbers: [String: Int], totalGroupCount: Int) {
            self.groupNumbers = groupNumbers
            self.totalGroupCount = totalGroupCount
        }

        /// Appends `instruction`; false when the program would be too large.
        @discardableResult
        mutating func emit(_ instruction: Instruction) -> Bool {
            guard instructions.count < CaptureProgram.maximumInstructions else { return false }
            instructions.append(instruction)
            return true
        }

        /// The index of the next step.
        var next: Int32 { Int32(instructions.count) }

        /// Appends the steps of `node`; false when it cannot be compiled.
        mutating func compile(_ node: RegexSyntax) -> Bool {
            switch node {
            case .character(let scalar):
                return character(.scalar(scalar.value))
            case .characterClass(let text):
                return character(.icuClass(text))
            case .sequence(let items):
                return items.allSatisfy { compile($0) }
            case .alternation(let branches):
                guard !branches.isEmpty else { return true }
                // split(branch, next split) ... each branch jumps past the last one.
                var jumps: [Int] = []
                for (index, branch) in branches.enumerated() {
                    let isLast = index == branches.count - 1
                    let split = instructions.count
                    if !isLast {
                        guard emit(.split(preferred: next + 1, other: -1)) else { return false }
                    }
                    guard compile(branch) else { return false }
                    if !isLast {
                        jumps.append(instructions.count)
                        guard emit(.jump(-1)) else { return false }
                        instructions[split] = .split(preferred: Int32(split + 1), other: next)
                    }
                }
                for jump in jumps { instructions[jump] = .jump(next) }
                return true
            case .group(let body, .capturing):
                groupCount += 1
                let slot = Int32(2 * groupCount)
                openGroups.append(groupCount)
                defer { openGroups.removeLast() }
                return emit(.save(slot: slot)) && compile(body) && emit(.save(slot: slot + 1))
            case .opaque(.reference(let reference)):
                let group: Int
                switch reference {
                case .group(let number): group = number
                case .named(let name):
                    guard let number = groupNumbers[name] else { return false }
                    group = number
                case .digits: return false
                }
                // A group that does not exist is ICU's compile error; inside its own group,
                // a reference reads ICU's previous capture, which the slots do not keep.
                guard group >= 1, group <= totalGroupCount, !openGroups.contains(group) else {
                    return false
                }
                return emit(.backReference(group: Int32(group)))
            case .group(let body, .nonCapturing):
                return compile(body)
            case .assertion(.wordBoundary):
                return emit(.wordBoundary)
            case .assertion(.notWordBoundary):
                return emit(.notWordBoundary)
            case .lookaround(let body, let kind):
                guard let set = Self.oneCharacterSet(body), let index = setIndex(set) else { return false }
                switch kind {
                case .behind: return emit(.characterBefore(set: index, negated: false))
                case .notBehind: return emit(.characterBefore(set: index, negated: true))
                case .ahead: return emit(.characterAfter(set: index, negated: false))
                case .notAhead: return emit(.characterAfter(set: index, negated: true))
                }
            case .repetition(let body, let minimum, let maximum, let greed):
                guard greed != .possessive else { return false }
                if maximum == 0 {
                    // The body never takes part, but its groups keep their numbers.
                    groupCount += body.capturingGroupCount
                    return true
                }
                guard !body.matchesEmpty, minimum <= Self.maximumRounds, (maximum ?? minimum) <= Self.maximumRounds
                else { return false }
                let greedy = greed == .greedy
                let firstGroup = groupCount
                for _ in 0..<minimum {
                    groupCount = firstGroup
                    guard compile(body) else { return false }
                }
                if let maximum {
                    // `x{0,2}` as `(?:x(?:x)?)?`: each optional round may start the next, and
                    // leaving any of them jumps past the last.
                    var splits: [Int] = []
                    for _ in minimum..<maximum {
                        splits.append(instructions.count)
                        groupCount = firstGroup
                        guard emit(.split(preferred: -1, other: -1)), compile(body) else { return false }
                    }
                    for split in splits {
                        instructions[split] = greedy
                            ? .split(preferred: Int32(split + 1), other: next) : .split(preferred: next, other: Int32(split + 1))
                    }
                } else {
                    // loop: split(body, exit); body; jump loop; exit.
                    let loop = instructions.count
                    groupCount = firstGroup
                    guard emit(.split(preferred: -1, other: -1)), compile(body), emit(.jump(Int32(loop))) else { return false }
                    instructions[loop] = greedy
                        ? .split(preferred: Int32(loop + 1), other: next) : .split(preferred: next, other: Int32(loop + 1))
                }
                groupCount = firstGroup + body.capturingGroupCount
                return true
            case .group, .assertion, .opaque:
                return false
            }
        }

        /// The most rounds of a counted repetition that are written out.
        static let maximumRounds = 1000

        /// Appends a character step over `set`; false when there are too many sets.
        private mutating func character(_ set: CodePointSet) -> Bool {
            guard let index = setIndex(set) else { return false }
            return emit(.character(set: index))
        }

        /// The index of `set` in ``sets``, added when it is new; nil when there are too many.
        private mutating func setIndex(_ set: CodePointSet) -> Int32? {
            if let known = indexOfSet[set] { return known }
            // Two sets are kept for `\b`'s classes.
            guard sets.count + 2 < PositionSet.capacity else { return nil }
            let index = Int32(sets.count)
            indexOfSet[set] = index
            sets.append(set)
            return index
        }

        /// The set of the one character that `node` matches (a character or a class, in
        /// non-capturing groups), or nil when it matches anything else.
        private static func oneCharacterSet(_ node: RegexSyntax) -> CodePointSet? {
            switch node {
            case .character(let scalar): return .scalar(scalar.value)
            case .characterClass(let text): return .icuClass(text)
            case .group(let body, .nonCapturing): return oneCharacterSet(body)
            case .sequence(let items) where items.count == 1: return oneCharacterSet(items[0])
            default: return nil
            }
        }
    }
}

extension RegexSyntax {
    /// The number of each named capturing group of the tree, counting groups from 1 by their
    /// opening parentheses, as ICU numbers them.
    var capturingGroupNumbers: [String: Int] {
        var numbers: [String: Int] = [:]
        var count = 0
        _ = contains { node in
            if case .group(_, .capturing(let name)) = node {
                count += 1
                if let name { numbers[name] = count }
            }
            return false
        }
        return numbers
    }

    /// The number of capturing groups in the node, itself included.
    var capturingGroupCount: Int {
        var count = 0
        _ = contains { node in
            if case .group(_, .capturing) = node { count += 1 }
            return false
        }
        return count
    }
}

extension RegexSyntax {
    /// For a pattern `^X$`, `X`: a sequence whose first piece is `^` or `\A` and whose last
    /// is `$`, `\z` or `\Z`, without them; nil for other patterns. Without multi-line anchors,
    /// in a text whose last character is no line terminator, the first two hold only at the
    /// text's start and the last three only at its end (see ``MatchWalk``'s whole-text mode).
    var wholeTextBody: RegexSyntax? {
        guard case .sequence(let pieces) = self, pieces.count >= 2,
            case .assertion(let first) = pieces[0], first == .lineStart || first == .textStart,
            case .assertion(let last) = pieces[pieces.count - 1],
            last == .lineEnd || last == .textEnd || last == .textEndBeforeFinalTerminator
        else { return nil }
        return .sequence(Array(pieces[1..<(pieces.count - 1)]))
    }
}

/// The capture backtrackers of one pattern (see ``CaptureBacktracker``).
typealias LazyCaptureBacktracker = LazyAutomatonPool<CaptureProgram, CaptureBacktracker>

extension LazyAutomatonPool where Plan == CaptureProgram, Automaton == CaptureBacktracker {
    /// Makes lazy capture backtrackers for `pattern` compiled with `options`, which has
    /// `groupCount` capture groups.
    convenience init(_ pattern: String, options: RegexPattern.Options, groupCount: Int) {
        self.init(
            plan: { CaptureProgram(pattern: pattern, options: options, groupCount: groupCount) },
            automaton: CaptureBacktracker.init)
    }

    /// Makes lazy capture backtrackers for `X` of `pattern`, of the form `^X$`, compiled with
    /// `options` (see ``CaptureProgram/init(wholeTextBodyOf:options:groupCount:)``), when it has
    /// a program without back references: one-pass or not (`(.*?) \{([^\}]*)\}` of rebar's
    /// `unstructured-to-json` is not), the backtracker's match of the whole text is ICU's
    /// (see ``MatchWalk``'s `wholeTextMatch`). Otherwise the pool has no plan, and its state
    /// says so to every walk without one taking a backtracker.
    convenience init(wholeTextBodyOf pattern: String, options: RegexPattern.Options, groupCount: Int) {
        self.init(
            plan: {
                CaptureProgram(wholeTextBodyOf: pattern, options: options, groupCount: groupCount)
                    .flatMap { $0.hasBackReferences ? nil : $0 }
            },
            automaton: CaptureBacktracker.init)
    }
}
