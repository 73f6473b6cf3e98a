/// What a ``BackReferenceSearcher`` needs to know about one pattern with back references,
/// worked out once and shared by every thread's searcher: the pattern's ``CaptureProgram``,
/// whose ``CaptureProgram/Instruction/backReference(group:)`` steps read again what a group
/// captured, and the plan of the match automaton of its *superset*, the pattern with each
/// back reference replaced by its group's body (`\b(\w+) \1\b` → `\b(\w+) (?:\w+)\b`).
///
/// Why the superset holds every match. A back reference matches exactly the characters its
/// group captured, which the group's body matched. When the body holds no assertion, no
/// look-around and no reference, whether it matches those characters depends on them alone,
/// so it matches them where the reference stands too; and a reference whose group has not
/// taken part fails. So every way the pattern matches a text is a way the superset matches
/// it, and every match of the pattern from a place is a match of the superset from there.
///
/// The pattern has no plan when it has no back reference, when the program cannot be
/// compiled (see ``CaptureProgram``: case-insensitive references, references inside their own
/// group, look-around, anchors other than `\b` and `\B`, atomic groups, possessive
/// quantifiers, loops that may match the empty string), when a referenced group's body holds
/// an assertion, a look-around or a reference, or when the superset has no match automaton.
struct BackReferenceSearchPlan: Sendable {
    let program: CaptureProgram
    let superset: MatchAutomatonPlan
    /// The quick test of starts, when the program has its shape (see ``RepeatedRunTest``).
    let repeatedRun: RepeatedRunTest?

    /// The plan of the ICU pattern `pattern` compiled with `options`, which has `groupCount`
    /// capture groups, or nil when it has none.
    init?(pattern: String, options: RegexPattern.Options, groupCount: Int) {
        guard groupCount > 0, !options.contains(.ignoreMetacharacters), let syntax = PatternReader.read(pattern),
            syntax.containsReference, let superset = Self.superset(of: syntax),
            let program = CaptureProgram(syntax: syntax, options: options, groupCount: groupCount), program.hasBackReferences,
            let supersetPlan = MatchAutomatonPlan(syntax: superset, options: options)
        else { return nil }
        self.program = program
        self.superset = supersetPlan
        repeatedRun = RepeatedRunTest(program)
    }

    /// `syntax` with each back reference replaced by its group's body as a non-capturing group
    /// (see the type's description); nil when a reference is not to a group by one digit or
    /// by name, or its group's body holds an assertion, a look-around or a reference.
    static func superset(of syntax: RegexSyntax) -> RegexSyntax? {
        var bodies: [RegexSyntax] = []
        var names: [String: Int] = [:]
        _ = syntax.contains { node in
            if case .group(let body, .capturing(let name)) = node {
                bodies.append(body)
                if let name { names[name] = bodies.count }
            }
            return false
        }
        var isFaithful = true
        func replaced(_ node: RegexSyntax) -> RegexSyntax {
            switch node {
            case .opaque(.reference(let reference)):
                let group: Int?
                switch reference {
                case .group(let number): group = number
                case .named(let name): group = names[name]
                case .digits: group = nil
                }
                guard let group, group >= 1, group <= bodies.count else {
                    isFaithful = false
                    return node
                }
                let body = bodies[group - 1]
                let dependsOnContext = body.contains { node in
                    switch node {
                    case .assertion, .lookaround, .opaque(.reference): return true
                    default: return false
                    }
                }
                if dependsOnContext { isFaithful = false }
                return .group(body, .nonCapturing)
            case .character, .characterClass, .assertion, .opaque:
                return node
            case .sequence(let items):
                return .sequence(items.map(replaced))
            case .alternation(let items):
                return .alternation(items.map(replaced))
            case .group(let body, let kind):
                return .group(replaced(body), kind)
            case .repetition(let body, let minimum, let maximum, let greed):
                return .repetition(replaced(body), minimum: minimum, maximum: maximum, greed)
            case .lookaround(let body, let kind):
                return .lookaround(replaced(body), kind)
            }
        }
        let result = replaced(syntax)
        return isFaithful ? result : nil
    }
}

/// A quick test that rules out most starts of a program that begins, past steps that read
/// nothing (`\b`, `\B`, one-character look-arounds), with a capturing group that is a run of
/// one set `C` (`C{n}` or `C{n,}`, greedy or lazy), then a literal separator whose first
/// character is not of `C`, then a reference to the group: `\b(\w+) \1\b`, `(\d+)-\1`,
/// `(\w{3}):\1`, and GNU's `\b(\w+) \1\b` as the POSIX translator writes it.
///
/// Why a start it rules out has no match. Every way to the group reads nothing before it, so
/// the group starts at the start, and whatever way the backtracker takes, it captures `k`
/// characters of `C` there and the separator must follow them. Let the run be the characters
/// of `C` from the start, `r` of them, ending at `runEnd`. When `k < r` the character after
/// the group is of `C`, so not the separator's first: every way that reaches the reference
/// has `k = r`, and needs `n <= r` (and `r <= n` for `C{n}`), the separator at `runEnd`, and
/// then the run's characters again after it, compared as the reference compares them (code
/// point by code point, to the text's end). A start that fails one of these has no match;
/// one that passes them is the backtracker's to decide. The test reads what the backtracker
/// would read, and where it cannot tell (a character no class knows, ill-formed UTF-8) it
/// rules nothing out.
///
/// Why it may pass over more than the start. When the separator is not at `runEnd`, or the run
/// is shorter than `n`, every start inside the run has the same `runEnd` and a shorter run,
/// so fails the same way: no match starts before `runEnd`.
struct RepeatedRunTest: Sendable {
    /// The index of `C` in the program's sets, and the run's least and most characters (nil:
    /// no most).
    let set: Int32
    let minimum: Int
    let maximum: Int?
    /// The separator's characters.
    let separator: [UInt32]
    /// For each ASCII character: 0 when it is not of `C`, 1 when it is, 2 when the classes
    /// cannot tell.
    let asciiMembership: [UInt8]

    /// The test of `program`, or nil when the program does not have the shape.
    init?(_ program: CaptureProgram) {
        let instructions = program.instructions
        guard var step = Self.groupStart(in: instructions), step + 2 < instructions.count,
            case .save(let open) = instructions[step], open >= 2, open % 2 == 0,
            case .character(let set) = instructions[step + 1]
        else { return nil }
        step += 1
        var minimum = 0
        while step < instructions.count, instructions[step] == .character(set: set) {
            minimum += 1
            step += 1
        }
        var maximum: Int? = minimum
        if step + 2 < instructions.count, case .split(let preferred, let other) = instructions[step] {
            // `C*` after the copies: split(round, exit) or split(exit, round); C; jump back.
            let loop = step
            let round = Int32(loop + 1)
            let exit = Int32(loop + 3)
            guard instructions[loop + 1] == .character(set: set), instructions[loop + 2] == .jump(Int32(loop)),
                (preferred == round && other == exit) || (preferred == exit && other == round)
            else { return nil }
            maximum = nil
            step = loop + 3
        }
        guard step < instructions.count, instructions[step] == .save(slot: open + 1) else { return nil }
        step += 1
        var separator: [UInt32] = []
        while step < instructions.count, case .character(let literal) = instructions[step],
            case .scalar(let value) = program.sets[Int(literal)]
        {
            separator.append(value)
            step += 1
        }
        guard let first = separator.first, step < instructions.count,
            instructions[step] == .backReference(group: open / 2), first < CodePointClassTable.exactLimit
        else { return nil }
        let member = PositionSet(position: Int(set))
        func membership(_ value: UInt32) -> UInt8 {
            let valueClass = program.classes.classOf(value)
            guard valueClass != CodePointClassTable.stopClass, Int(valueClass) < program.classes.masks.count else { return 2 }
            return (program.classes.masks[Int(valueClass)] & member).isEmpty ? 0 : 1
        }
        guard membership(first) == 0 else { return nil }
        self.set = set
        self.minimum = minimum
        self.maximum = maximum
        self.separator = separator
        asciiMembership = (0..<128).map { membership(UInt32($0)) }
    }

    /// The one `save` step that every way from the program's first step reaches having read
    /// nothing and recorded nothing else (past `\b`, `\B` and one-character look-arounds, in
    /// any arrangement of choices: the POSIX translator's `\b` is an alternation of them); nil
    /// when a way reaches anything else first.
    private static func groupStart(in instructions: [CaptureProgram.Instruction]) -> Int? {
        var found: Int? = nil
        var seen = Set<Int>()
        var pending = [0]
        while let step = pending.popLast() {
            guard step < instructions.count, seen.insert(step).inserted else { continue }
            switch instructions[step] {
            case .wordBoundary, .notWordBoundary, .characterBefore, .characterAfter:
                pending.append(step + 1)
            case .split(let preferred, let other):
                pending += [Int(preferred), Int(other)]
            case .jump(let target):
                pending.append(Int(target))
            case .save:
                guard found == nil || found == step else { return nil }
                found = step
            case .character, .backReference, .match:
                return nil
            }
        }
        return found
    }
}

/// Finds ICU's leftmost-first match of a pattern with back references, with its groups,
/// without ICU where it can: the superset's match automaton (see ``BackReferenceSearchPlan``)
/// proposes where a match may start, and the pattern's ``CaptureBacktracker`` tries each
/// proposed start in turn.
///
/// Why the match is ICU's. ICU's search tries each start from the search's start, code point
/// by code point, and takes the first way its backtracking finds from the first start that
/// has one. The automaton's leftmost-first match from an offset starts at the leftmost start
/// at or after it from which the superset matches; since every match of the pattern is one of
/// the superset, no start between the offset and that one has a match of the pattern, and the
/// search loses nothing by passing over them. At the proposed start, the backtracker tries
/// the ways ICU tries, in ICU's order (see ``CaptureBacktracker``), and its first way to the
/// program's end is ICU's match from there, with ICU's groups. When it finds none, the next
/// start to consider is the next code point, from which the automaton is asked again. So the
/// first start at which the backtracker succeeds is ICU's first start with a match.
///
/// Where the automaton cannot tell (a character `\b` looks past, such as a soft hyphen, which
/// stops an automaton with word boundaries, somewhere after the offset it searched from), the
/// backtracker tries every start of a window from that offset instead, ``firstWindow`` units
/// and twice as many after each further failure of the automaton, which then searches again
/// from the window's end: every start is tried either way, in order, and the automaton's scans
/// up to the character it cannot read, repeated once per window, cost a logarithmic number of
/// passes, where ICU would search from the offset to its next match.
///
/// Where the automaton's proposals come dense (a start at most ``denseGap`` units past the
/// offset it searched from, at which the backtracker then fails: `\b(\w+) \1\b` is proposed
/// at nearly every word), the backtracker tries the starts of the next ``denseWindow`` units
/// without it, as in a window above, passing over the starts at which no match can start: those
/// whose character is ASCII and cannot start a match of the superset
/// (``MatchAutomaton/asciiMayStartMatch``), so of the pattern; and, when the program begins with
/// `\b` (or `\B`) before any choice, those between two ASCII characters where it does not
/// hold (no ASCII character is one that `\b` looks past, so the nearest character before the
/// start that it reads is the one right before). So the backtracker runs about once a word,
/// without the automaton's forward and reverse scans over the two words of each proposal.
/// Every start is still tried, or passed over for those reasons, in order.
///
/// When the program has a ``RepeatedRunTest`` (`\b(\w+) \1\b`), the automaton is not asked at
/// all: every start is tried in order, passed over for the reasons above or when the test
/// rules it out (as a rule, it rules out every start but those of repeated runs), and given to
/// the backtracker otherwise. Reading the run, the separator and the repeat costs about what
/// the automaton's scans over the same characters would, and leaves the backtracker a run
/// per repeated run rather than per word.
///
/// Bounds. The backtracker's runs (and the test's reading) share a budget of ``stepsPerUnit``
/// steps per unit passed over, beyond ``stepAllowance``: when a run spends it, or the backtracker cannot tell (a
/// character no class knows, ill-formed UTF-8), the search answers
/// ``Outcome/unknown(from:)`` with the start reached, before which no match starts, and ICU
/// searches from there. The work is therefore linear in the text passed over, whatever the
/// pattern, and ICU is left exactly the searches it would have made.
///
/// Not thread-safe: each thread makes its own from the shared plan.
final class BackReferenceSearcher {
    /// What a search found.
    enum Outcome: Equatable {
        /// ICU's match; the groups are in ``slot(_:)``.
        case match(Range<Int>)
        /// There is no match.
        case noMatch
        /// No match starts before `from`, and ICU is to search from there.
        case unknown(from: Int)
    }

    /// The steps the backtracker's runs of one search may take per unit passed over, and
    /// beyond them: the runs at a start of `\b(\w+) \1\b` take about twice the word's length.
    static let stepsPerUnit = 32
    static let stepAllowance = 4096

    /// The units of the first window of starts that the backtracker tries without the
    /// automaton, when the automaton cannot tell (see ``BackReferenceSearcher``).
    static let firstWindow = 256

    /// The most units between the offset the automaton searched from and the start it proposed
    /// for the proposal to count as dense, and the units of starts then tried without it (see
    /// ``BackReferenceSearcher``).
    static let denseGap = 16
    static let denseWindow = 128

    private let backtracker: CaptureBacktracker
    private let superset: MatchAutomaton
    /// The superset's ``MatchAutomaton/asciiMayStartMatch``.
    private let asciiMayStart: [Bool]
    /// True when the program begins with `\b` before any choice, false when with `\B`, nil
    /// otherwise.
    private let leadingBoundary: Bool?
    /// The quick test of starts (see ``RepeatedRunTest``), and its ASCII membership in memory
    /// of the searcher's own.
    private let repeatedRun: RepeatedRunTest?
    private let runMembership: UnsafeMutablePointer<UInt8>
    /// The last run that the test read, from a start to its end: a run from any start inside
    /// it ends at the same place, so the test at a later start inside it need not read it
    /// again when the run's length does not matter (`C+`: `reusesRuns`). Empty otherwise.
    private var knownRun = 0..<0
    private let reusesRuns: Bool

    /// Makes a searcher for `plan`, with empty tables.
    init(_ plan: BackReferenceSearchPlan) {
        backtracker = CaptureBacktracker(plan.program)
        superset = MatchAutomaton(plan.superset)
        asciiMayStart = superset.asciiMayStartMatch
        leadingBoundary = Self.leadingBoundary(of: plan.program)
        repeatedRun = plan.repeatedRun
        runMembership = .allocate(capacity: 128)
        runMembership.initialize(from: plan.repeatedRun?.asciiMembership ?? Array(repeating: 2, count: 128), count: 128)
        reusesRuns = plan.repeatedRun.map { $0.minimum <= 1 && $0.maximum == nil } ?? false
    }

    deinit {
        runMembership.deallocate()
    }

    /// Whether `program` begins with `\b` (true) or `\B` (false), past the saves and jumps
    /// that come first; nil when it begins otherwise.
    private static func leadingBoundary(of program: CaptureProgram) -> Bool? {
        var step = 0
        for _ in program.instructions.indices {
            switch program.instructions[step] {
            case .save: step += 1
            case .jump(let target): step = Int(target)
            case .wordBoundary: return true
            case .notWordBoundary: return false
            default: return nil
            }
        }
        return nil
    }

    /// True when no match can start at `start` (before the text's end), where the character
    /// is `unit` (a UTF-16 unit or a byte) and `previous` the unit before it (nil at the
    /// text's start): see ``BackReferenceSearcher``.
    @inline(__always)
    private func cannotStart(with unit: UInt16, after previous: UInt16?) -> Bool {
        guard unit < 128 else { return false }
        if !asciiMayStart[Int(unit)] { return true }
        guard let leadingBoundary, let previous, previous < 128 else { return false }
        let isBoundary =
            WordBoundedLiterals.isASCIIWordByte(UInt8(previous)) != WordBoundedLiterals.isASCIIWordByte(UInt8(unit))
        return isBoundary != leadingBoundary
    }

    /// Slot `index` of the last match (see ``CaptureBacktracker/slot(_:)``).
    @inline(__always)
    func slot(_ index: Int) -> Int {
        backtracker.slot(index)
    }

    /// The slots of the last match, valid while the searcher lives (see
    /// ``CaptureBacktracker/lastMatchSlots``).
    var lastMatchSlots: UnsafePointer<Int> {
        backtracker.lastMatchSlots
    }

    /// ICU's first match in the UTF-16 `text[..<end]` from `from` (a code-point boundary; the
    /// text before it is seen by `\b`), with `anchored` only one starting at `from`.
    func firstMatch(inUTF16 text: UnsafePointer<UInt16>, from: Int, to end: Int, anchored: Bool = false) -> Outcome {
        if let repeatedRun {
            let scanned = UTF16ScannedText(units: text)
            return testedFirstMatch(
                from: from, to: end, anchored: anchored,
                next: { scanned.character(at: $0, end: end).next },
                cannotStart: { cannotStart(with: text[$0], after: $0 > 0 ? text[$0 &- 1] : nil) },
                test: { passedOver(repeatedRun, in: scanned, from: $0, end: end, work: &$1) },
                run: { backtracker.anchoredMatch(inUTF16: text, at: $0, end: end, budget: &$1) })
        }
        return firstMatch(
            from: from, to: end, anchored: anchored,
            next: { UTF16ScannedText(units: text).character(at: $0, end: end).next },
            cannotStart: { cannotStart(with: text[$0], after: $0 > 0 ? text[$0 &- 1] : nil) },
            candidate: { superset.firstMatch(inUTF16: text, from: $0, to: end) },
            run: { backtracker.anchoredMatch(inUTF16: text, at: $0, end: end, budget: &$1) })
    }

    /// The same in the UTF-8 `bytes[..<end]`, in byte offsets; `from` must start a character.
    func firstMatch(inUTF8 bytes: UnsafePointer<UInt8>, from: Int, to end: Int, anchored: Bool = false) -> Outcome {
        if let repeatedRun {
            let scanned = UTF8ScannedText(bytes: bytes)
            return testedFirstMatch(
                from: from, to: end, anchored: anchored,
                next: { scanned.character(at: $0, end: end).next },
                cannotStart: { cannotStart(with: UInt16(bytes[$0]), after: $0 > 0 ? UInt16(bytes[$0 &- 1]) : nil) },
                test: { passedOver(repeatedRun, in: scanned, from: $0, end: end, work: &$1) },
                run: { backtracker.anchoredMatch(inUTF8: bytes, at: $0, end: end, budget: &$1) })
        }
        return firstMatch(
            from: from, to: end, anchored: anchored,
            next: { UTF8ScannedText(bytes: bytes).character(at: $0, end: end).next },
            cannotStart: { cannotStart(with: UInt16(bytes[$0]), after: $0 > 0 ? UInt16(bytes[$0 &- 1]) : nil) },
            candidate: { superset.firstMatch(inUTF8: bytes, from: $0, to: end) },
            run: { backtracker.anchoredMatch(inUTF8: bytes, at: $0, end: end, budget: &$1) })
    }

    /// The end of the starts from `start` (before `end`) that `test` rules out (see
    /// ``RepeatedRunTest``): `start` itself when it rules out none, so that the backtracker is
    /// to try it. `work` is lowered by the units it reads.
    @inline(__always)
    private func passedOver<Text: ScannedText>(
        _ test: RepeatedRunTest, in text: Text, from start: Int, end: Int, work: inout Int
    ) -> Int {
        let membership = runMembership
        // The run of `C` from the start, and its length in characters (-1: not counted).
        var runEnd = start
        var count = 0
        if reusesRuns && knownRun.lowerBound < start && start < knownRun.upperBound {
            runEnd = knownRun.upperBound
            count = -1
        } else {
            while runEnd < end {
                let unit = text.unit(at: runEnd)
                if unit < 128 {
                    let isMember = membership[Int(unit)]
                    if isMember == 0 { break }
                    if isMember != 1 { return start }
                    runEnd &+= 1
                } else {
                    let (value, next) = text.character(at: runEnd, end: end)
                    guard value != Text.illFormed, let isMember = backtracker.set(Int(test.set), holds: value) else {
                        return start
                    }
                    if !isMember { break }
                    runEnd = next
                }
                count &+= 1
            }
            work &-= runEnd &- start
            if reusesRuns { knownRun = start..<runEnd }
        }
        if runEnd == start { return start < end ? text.character(at: start, end: end).next : start &+ 1 }
        if count >= 0 {
            if count < test.minimum { return runEnd }
            if let maximum = test.maximum, count > maximum { return text.character(at: start, end: end).next }
        }
        // The separator at the run's end.
        var position = runEnd
        for scalar in test.separator {
            guard position < end else { return runEnd }
            let unit = text.unit(at: position)
            if unit < 128 {
                guard unit == scalar else { return runEnd }
                position &+= 1
            } else {
                let (value, next) = text.character(at: position, end: end)
                guard value != Text.illFormed else { return start }
                guard value == scalar else { return runEnd }
                position = next
            }
        }
        // The run again, as the reference compares it.
        let repeatStart = position
        var captured = start
        work &-= position &- runEnd
        while captured < runEnd {
            guard position < end else {
                return nextStart(in: text, from: start, runEnd: runEnd, repeatStart: repeatStart, end: end, work: &work)
            }
            let expectedUnit = text.unit(at: captured)
            let unit = text.unit(at: position)
            work &-= 1
            if expectedUnit < 128 && unit < 128 {
                guard expectedUnit == unit else {
                    return nextStart(in: text, from: start, runEnd: runEnd, repeatStart: repeatStart, end: end, work: &work)
                }
                captured &+= 1
                position &+= 1
            } else {
                let (expected, nextCaptured) = text.character(at: captured, end: end)
                let (value, next) = text.character(at: position, end: end)
                guard value != Text.illFormed, expected != Text.illFormed else { return start }
                guard value == expected else {
                    return nextStart(in: text, from: start, runEnd: runEnd, repeatStart: repeatStart, end: end, work: &work)
                }
                captured = nextCaptured
                position = next
            }
        }
        return start
    }

    /// The first start after `start` inside its run (`start..<runEnd`, with the separator after
    /// it and the repeat to begin at `repeatStart`) that the reference's first comparison does
    /// not rule out, `runEnd` when there is none, once `start` itself is ruled out. A start
    /// inside the run captures the rest of the run, so its first character must be the one at
    /// `repeatStart` (and there must be one). When that character is one unit that no other
    /// character's encoding holds (ASCII; in UTF-16 any unit but a surrogate), the starts whose
    /// unit differs are passed over; otherwise only `start` is.
    @inline(__always)
    private func nextStart<Text: ScannedText>(
        in text: Text, from start: Int, runEnd: Int, repeatStart: Int, end: Int, work: inout Int
    ) -> Int {
        guard repeatStart < end else { return runEnd }
        let first = text.unit(at: repeatStart)
        guard first < 128 || (Text.self == UTF16ScannedText.self && (first < 0xD800 || first >= 0xE000)) else {
            return text.character(at: start, end: end).next
        }
        var candidate = start &+ 1
        while candidate < runEnd && text.unit(at: candidate) != first { candidate &+= 1 }
        work &-= candidate &- start
        return candidate
    }

    /// The search the type describes when the program has a ``RepeatedRunTest``: every start
    /// from `from` is tried in order, without the automaton, each passed over when
    /// `cannotStart` (see ``cannotStart(with:after:)``) or the test rules it out
    /// (`test(start, &budget)` is the end of the starts it rules out, `start` when none), and
    /// otherwise given to the backtracker. The test's reading counts against the budget, so
    /// the search stays linear where the test is not (a run read again from each start of a
    /// run that matches the separator but not the reference).
    @inline(__always)
    private func testedFirstMatch(
        from: Int, to end: Int, anchored: Bool, next: (Int) -> Int, cannotStart: (Int) -> Bool,
        test: (Int, inout Int) -> Int, run: (Int, inout Int) -> CaptureBacktracker.Outcome
    ) -> Outcome {
        var budget = Self.stepAllowance
        var position = from
        knownRun = 0..<0
        while true {
            let start = position
            // The program reads a character of `C` first: no match starts at the end.
            guard start < end else { return .noMatch }
            if !anchored && cannotStart(start) {
                // An ASCII character, one unit long.
                position = start &+ 1
                budget &+= Self.stepsPerUnit
                continue
            }
            let passed = test(start, &budget)
            guard budget >= 0 else { return .unknown(from: start) }
            if passed > start {
                guard !anchored else { return .noMatch }
                position = passed
                budget &+= Self.stepsPerUnit &* (passed &- start)
                continue
            }
            switch run(start, &budget) {
            case .match: return .match(start..<backtracker.slot(1))
            case .unknown: return .unknown(from: start)
            case .noMatch: break
            }
            guard !anchored else { return .noMatch }
            position = next(start)
            budget &+= Self.stepsPerUnit &* (position &- start)
        }
    }

    /// The search the type describes: `candidate(offset)` is the superset's first match from
    /// an offset, `run(start, &budget)` the backtracker's run from a start, `next(offset)`
    /// the offset of the next character, and `cannotStart(offset)` true when no match can
    /// start at an offset before `end`, for the reasons the type's description gives.
    @inline(__always)
    private func firstMatch(
        from: Int, to end: Int, anchored: Bool, next: (Int) -> Int, cannotStart: (Int) -> Bool,
        candidate: (Int) -> MatchAutomaton.Outcome, run: (Int, inout Int) -> CaptureBacktracker.Outcome
    ) -> Outcome {
        var budget = Self.stepAllowance
        var position = from
        // The starts before `windowEnd` are each tried; `window` is the last window's length
        // where the automaton could not tell.
        var windowEnd = from
        var window = 0
        while true {
            let start: Int
            // Whether the automaton proposed the start, ``denseGap`` units or fewer past the
            // place it searched from.
            var isDenseProposal = false
            if anchored {
                start = position
            } else if position < windowEnd {
                start = position
                if start < end && cannotStart(start) {
                    // An ASCII character, one unit long.
                    position = start &+ 1
                    budget &+= Self.stepsPerUnit
                    continue
                }
            } else {
                switch candidate(position) {
                case .match(let match):
                    start = match.lowerBound
                    window = 0
                    isDenseProposal = start &- position <= Self.denseGap
                case .noMatch:
                    return .noMatch
                case .unknown:
                    window = window == 0 ? Self.firstWindow : 2 &* window
                    windowEnd = min(end, position &+ window)
                    start = position
                }
            }
            budget &+= Self.stepsPerUnit &* (start &- position)
            switch run(start, &budget) {
            case .match: return .match(start..<backtracker.slot(1))
            case .unknown: return .unknown(from: start)
            case .noMatch: break
            }
            guard !anchored, start < end else { return .noMatch }
            position = next(start)
            budget &+= Self.stepsPerUnit &* (position &- start)
            if isDenseProposal && windowEnd <= position { windowEnd = min(end, position &+ Self.denseWindow) }
        }
    }
}

/// The back-reference searchers of one pattern (see ``BackReferenceSearcher``).
typealias LazyBackReferenceSearcher = LazyAutomatonPool<BackReferenceSearchPlan, BackReferenceSearcher>

extension LazyAutomatonPool where Plan == BackReferenceSearchPlan, Automaton == BackReferenceSearcher {
    /// Makes lazy back-reference searchers for `pattern` compiled with `options`, which has
    /// `groupCount` capture groups.
    convenience init(_ pattern: String, options: RegexPattern.Options, groupCount: Int) {
        self.init(
            plan: { BackReferenceSearchPlan(pattern: pattern, options: options, groupCount: groupCount) },
            automaton: BackReferenceSearcher.init)
    }
}
