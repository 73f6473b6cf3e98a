/// Finds where ICU's first match lies without ICU: two lazily built deterministic automata of a
/// ``MatchAutomatonPlan``, one per direction, as regex-automata's hybrid DFA and its meta
/// strategy do.
///
/// - The forward automaton simulates the plan's prioritized position automaton from the
///   search's start. A state is the ordered list of items a thread may take next, and whether
///   a match ends where it is reached; the start's items are added at the lowest priority
///   after each character until some match ends, since a match that starts later is never the
///   leftmost. Reaching ``PrioritizedPositionAutomaton/match`` drops every item after it (a
///   backtracking matcher never tries them once a match ranks first), so the last match end
///   seen before no thread is left is that of the leftmost-first match: ICU's.
/// - The reverse automaton reads backwards from that end, with the items as a set (only the
///   language matters), and the earliest place a match of the pattern may start is where the
///   leftmost-first match starts: a match starting earlier and ending there would be a match
///   further left.
///
/// Word boundaries are items that read no character. An item `\b` or `\B` waiting in a state
/// is decided when the next character is read, as ICU's `isWordBoundary` decides it, and what
/// follows it is then tried before that character, in its place in the order; a match
/// reached that way ended before the character. ICU's `\b` is never before a character it
/// looks past (Grapheme_Extend or Cf: a combining mark, U+00AD SOFT HYPHEN, U+200B, U+FEFF,
/// ``MatchAutomatonPlan/transparentCharacterClass``, "transparent" here); before any other
/// character, or the text's end (which counts as a character that is not a word character),
/// it holds when that character and the nearest one before it that is not transparent (none
/// at the text's start: not a word character) differ in being word characters. So:
/// - The forward states hold whether the last character that is not transparent was a word
///   character (a transparent one keeps what the state had), and the table has a column for
///   the text's end.
/// - The reverse states hold whether the character to their right is a word character or is
///   transparent. The fact the reverse automaton cannot see, whether the nearest character
///   left of a transparent one that is not transparent is a word character, is read from the
///   text by the reverse scan (once for a run of transparent characters) and given as the
///   column: each transparent class has a second column for "after a word character". The
///   table also has two columns for the search's start, after a word character or not.
/// The scans look back over at most ``maximumTransparentRun`` transparent characters and
/// answer ``Outcome/unknown`` past that (ICU looks back over all of them).
///
/// The one-character look-arounds the POSIX translator writes for GNU's `\<`, `\>`, `\b`
/// and `\B` are items of the same kind, decided from the same two facts (they look past
/// nothing), with the class they look for as the word characters (see
/// ``PrioritizedPositionAutomaton/boundarySet``): `(?<![w])` holds when the character before
/// is not one, `(?=[w])` when the one after is, and so on.
///
/// The classes know the characters below ``CodePointClassTable/exactLimit`` exactly; a larger
/// one, where the plan's classes approximate (see
/// ``MatchAutomatonPlan/approximatesLargeCharacters``), is classified the first time the
/// automaton reads it, by asking ICU which of the plan's sets hold it, and is then one of the
/// table's classes if some class has the same positions. A search that reads a character no
/// class fits, a character whose case folding is several, or ill-formed UTF-8 ends with
/// ``Outcome/unknown``, and the caller asks ICU.
///
/// A walk over every match (ICU's `findNext` loop) asks for them in runs
/// (``matchRun(inUTF16:from:to:into:capacity:)``): one call finds many matches, and the forward
/// scan, when it knows where a match starts, starts its next search in place (see
/// ``RunSink``), so that dense matches (`\b\w+\b`, a match every few characters) cost little
/// more than the characters read.
///
/// Not thread-safe: each thread makes its own from the shared plan.
package final class MatchAutomaton {
    /// What a search found.
    package enum Outcome: Equatable {
        /// The first match, in the text's units.
        case match(Range<Int>)
        /// There is no match.
        case noMatch
        /// The automaton cannot tell: ask ICU.
        case unknown
    }

    /// A table entry not computed yet.
    private static let unknownEntry: Int32 = -1
    /// Bits of a table entry below the target state's row: forward, a match ends after the
    /// character, no thread is left, a match ended before the character; reverse, a match may
    /// start before the character, no item is left, a match may start after it.
    private static let matchBit: Int32 = 1
    private static let deadBit: Int32 = 2
    private static let matchBeforeBit: Int32 = 4
    /// Bits of a forward entry that track where the threads start (``tracksStarts``): the
    /// threads that started before the character read and go on after it all started at it
    /// (``startsHereBit``), or some did and some started earlier (``startsAmbiguousBit``;
    /// neither: those that go on started where the earlier ones did); the match that ends
    /// after the character (``matchBit``) started where the earlier threads did, at the
    /// character, or is the empty match after it (``matchOriginBits``); the match that ends
    /// before it (``matchBeforeBit``) started at it (``matchBeforeIsFreshBit``) or earlier.
    private static let startsHereBit: Int32 = 8
    private static let startsAmbiguousBit: Int32 = 16
    private static let matchOriginBits: Int32 = 96
    private static let matchAtTrackedStart: Int32 = 0
    private static let matchAtCharacter: Int32 = 32
    private static let matchAfterCharacter: Int32 = 64
    private static let matchBeforeIsFreshBit: Int32 = 128
    private static let flagBits: Int32 = 8
    /// The most table entries kept in each direction; beyond it the table starts again.
    private static let maximumEntries = 1 << 21

    private let automaton: PrioritizedPositionAutomaton
    private let classes: CodePointClassTable
    private let approximatesLargeCharacters: Bool
    private let hasWordAssertions: Bool
    /// For each class, whether its characters are word characters for `\b`, and whether they
    /// are characters ICU's `\b` looks past (only when the pattern has `\b` or `\B`; false for
    /// the look-arounds, which look past nothing).
    private let classIsWord: UnsafeMutablePointer<Bool>
    private let classIsTransparent: UnsafeMutablePointer<Bool>
    /// True when some class is transparent: the forward states then keep whether the last
    /// character that is not transparent was a word character even when no word assertion
    /// waits in them, since one may follow a transparent character.
    private let hasTransparentClasses: Bool
    /// For each class, the reverse column of its characters when they are transparent and the
    /// nearest character before them that is not is a word character; -1 for a class that is
    /// not transparent. The class itself is the column when that character is no word
    /// character (or there is none).
    private let transparentAfterWordColumn: UnsafeMutablePointer<Int32>
    /// The most transparent characters the scans look back over to find the character `\b`
    /// compares with; past that the answer is unknown.
    static let maximumTransparentRun = 256
    /// The class of each code point below ``CodePointClassTable/exactLimit``, or
    /// ``unknownClass`` for one that makes the answer unknown (a multi-character case
    /// folding): the classes' table, in memory of the automaton's own (read without reference
    /// counting in the scans, as ``LineAutomaton`` reads its byte columns).
    private let smallClasses: UnsafeMutablePointer<UInt8>
    private static let unknownClass: UInt8 = 255
    /// The number of classes; the table's columns are one per class and, with word
    /// assertions, one (forward) or two (reverse) for the text's ends, then (reverse) one per
    /// transparent class (see ``transparentAfterWordColumn``).
    private let classCount: Int
    private let columns: Int
    /// The forward column of the text's end, and the reverse columns of the search's start
    /// after a character that is not, or is, a word character.
    private var endColumn: Int { classCount }
    private var startColumn: Int { classCount }
    private var startAfterWordColumn: Int { classCount + 1 }
    private let maximumStates: Int

    /// The forward states: each one's key, its flags (``matchBit``, ``startsMoreFlag``,
    /// ``lastWasWordFlag``) followed by its items in order.
    @exclusivity(unchecked) private var forwardStates: [[Int32]] = []
    @exclusivity(unchecked) private var forwardRows: [[Int32]: Int32] = [:]
    @exclusivity(unchecked) private var forwardTable: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var forwardCapacity = 16
    /// The rows and flags of the states in which searches start: unanchored, anchored, and
    /// anchored for the longest match, each after a character that is not, or is, a word
    /// character (``startStates`` of each). In memory of the automaton's own, as
    /// ``smallClasses``: every search reads them as it starts, without an array's bounds
    /// checks.
    private let startRows: UnsafeMutablePointer<Int32> = .allocate(capacity: MatchAutomaton.startStates)
    private let startFlags: UnsafeMutablePointer<Int32> = .allocate(capacity: MatchAutomaton.startStates)
    /// The number of start states (see ``addInitialForwardStates()``).
    private static let startStates = 6
    /// For each class (and ``unknownClass``: 256 entries), the row of the unanchored start
    /// state in which the small characters' loop of a run restarts the run after a character
    /// of that class (see ``restartRow(afterMatchBefore:index:previousColumn:trackedStart:run:)``):
    /// the start state after a word character when the class's characters are word
    /// characters, else the other; -1 for a class whose characters are transparent (the
    /// restart depends on a character before them), for ``unknownClass``, and for every class
    /// when the loop does not restart runs: unless the plan is one pattern's (no member to
    /// record) and the unanchored start states flag no match and no end, so that a restart
    /// leaves `lastEnd`, `lastStart` and ``matchMember`` as they are before any match (-1).
    /// The start states' rows and flags never change: the table starts again with the same
    /// initial states, added first in the same order.
    private let restartRowAfterClass: UnsafeMutablePointer<Int32>

    /// For the plan of an alternation of members (``MatchAutomatonPlan/memberOfPosition``),
    /// the member of each position, and the first member that matches the empty string; nil
    /// and -1 for the plan of one pattern.
    private let memberOfPosition: [Int32]?
    private let emptyMatchMember: Int32
    /// For an alternation's plan, beside each forward table entry that flags a match (after
    /// the character, or else before it), the member of that match (see ``matchMember``);
    /// nil for one pattern's plan.
    @exclusivity(unchecked) private var forwardMembers: UnsafeMutablePointer<Int32>?
    /// The member of the empty match of each start state (``startRows``), -1 for none.
    private let startMembers: UnsafeMutablePointer<Int32> = .allocate(capacity: MatchAutomaton.startStates)
    /// For an alternation's plan, the member whose match the last forward search found (the
    /// member of the thread that reached its last match end); -1 otherwise, and meaningless
    /// after a search for the longest match, which keeps threads after a match. ``RegexPatternSet``
    /// reads it after ``firstMatch(inUTF16:from:to:anchored:)`` to tell which of its patterns
    /// matched without searching them again.
    ///
    /// Why it is that member: the positions of different members are different, so a thread
    /// of the simulation (a position, kept where it first occurs in a state's priority
    /// order) belongs to one member from its start to its end. The leftmost-first match is the
    /// one the highest-ranked thread that reaches a match gives: the last match end the search
    /// sees, since reaching ``PrioritizedPositionAutomaton/match`` drops every lower-ranked
    /// item, and a later end can only come from a thread ranked above it. A backtracking
    /// matcher running `(?:m0)|(?:m1)|…` takes the first branch that matches at the leftmost
    /// start, with that branch's own match there; the thread ranked first at that start is
    /// that branch's. So the member of the thread that reached the last match end is the
    /// lowest member that matches at the match's start, and its match there is the range
    /// found: the member ``RegexPatternSet`` reports. A transition records the member of the
    /// first position, in priority order, whose follow list holds the match item (or, for a
    /// match decided before the character, of the first word assertion whose decision leads
    /// to it; or the empty-match member when the match item comes from the entry added after
    /// the character).
    @exclusivity(unchecked) package private(set) var matchMember = -1

    /// A reverse state: the items that may hold the character before, and what the character
    /// after is for `\b` (``NextCharacter/other`` when no word assertion is among them).
    private struct ReverseState: Hashable {
        var items: PositionSet
        var next: NextCharacter
    }

    /// What the character right of a reverse state is for `\b`: a word character, one that
    /// `\b` looks past, or another one (or the text's end).
    private enum NextCharacter: UInt8, Hashable {
        case other
        case word
        case transparent
    }

    @exclusivity(unchecked) private var reverseStates: [ReverseState] = []
    @exclusivity(unchecked) private var reverseRows: [ReverseState: Int32] = [:]
    @exclusivity(unchecked) private var reverseTable: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var reverseCapacity = 16
    /// The positions of the automaton's entry that read a character.
    private let firstCharacterPositions: PositionSet

    /// For each ASCII character, true when an unanchored search in its start state stays
    /// there reading it: no match can start with it.
    private let startScanner: MatchStartScanner
    /// Its skip, copied out once (see ``MatchStartScanner/ASCIISkip``).
    private let startSkip: MatchStartScanner.ASCIISkip
    private let skipsInStart: Bool
    /// True when the pattern matches the empty string (the automaton's, kept apart from it
    /// for the scans).
    private let isNullable: Bool

    /// True when no item of the automaton's entry is in a follow list: an unanchored forward
    /// search then tells where its match starts by itself, without the reverse scan, when the
    /// threads it keeps have one start, as for `\b\w+\b` or `\p{Lu}\p{Ll}+` (one
    /// word's threads at a time), and not for `[A-Za-z]{8,13}` (a thread from each letter).
    ///
    /// Why. A forward state's key lists the items that went on from earlier characters (the
    /// follow lists of the items that read the last one), then the entry's items added after
    /// it; each a thread of the simulation, started where it first entered. No entry item is
    /// in a follow list, so an item of the key is one of the threads that start at the next
    /// character ("fresh") exactly when it is an entry item, whatever the path that reached
    /// the state, and the threads that go on are before them in the order. The transition
    /// (``trackedStartBits(_:_:mask:startsAfter:)``) tells, from the key alone, whether the
    /// threads that go on after the character come from earlier threads only, from fresh ones
    /// only (they all start at the character read), or from both; and from which kind the
    /// thread came that reached a match (or whether the match is the empty one after the
    /// character, from the entry added). The scan keeps one offset, the start of the earlier
    /// threads while they all have one (known after a transition "from fresh ones only", kept
    /// by one "from earlier ones only", lost after one "from both"); a match's start is then
    /// that offset, the character's, or the offset after it. The match the scan returns is the
    /// one the thread reaching the last match end makes (see ``matchMember``), so its start is
    /// the leftmost-first match's: the earliest offset from which the pattern matches up to
    /// its end, which the reverse scan would find. When the offset is lost, the reverse scan
    /// finds the start; so too where a scan that reads every character has read long without
    /// a match and stopped tracking (see ``StartTrackingNearMatches``).
    private let tracksStarts: Bool
    /// The start of the last match the last unanchored forward search found when it could
    /// tell (``tracksStarts``); -1 otherwise.
    @exclusivity(unchecked) private(set) var trackedMatchStart = -1
    /// True while the forward scans track starts: ``tracksStarts``, until most of a run of
    /// matches needed the reverse scan all the same (threads of several starts, as for
    /// `[A-Za-z]{8,13}`, whose every letter starts one), where tracking is only a cost.
    @exclusivity(unchecked) private var tracksStartsNow: Bool
    @exclusivity(unchecked) private var matchesSinceCheck = 0
    @exclusivity(unchecked) private var trackedSinceCheck = 0

    /// Counts an unanchored match, found with a tracked start or not, and stops tracking
    /// when fewer than half of the last ``trackingCheckInterval`` matches were.
    @inline(__always)
    private func countTracking(_ tracked: Bool) {
        guard tracksStartsNow else { return }
        matchesSinceCheck &+= 1
        if tracked { trackedSinceCheck &+= 1 }
        guard matchesSinceCheck == Self.trackingCheckInterval else { return }
        if trackedSinceCheck < Self.trackingCheckInterval / 2 { tracksStartsNow = false }
        matchesSinceCheck = 0
        trackedSinceCheck = 0
    }
    static let trackingCheckInterval = 256

    /// Counts a tracked match as ``countTracking(_:)`` does, while tracking, when the count
    /// does not end an interval (no check is due then, so counting is all that function
    /// does): true when counted, false (nothing counted) when it would end one.
    @inline(__always)
    private func countTrackedMatchWithinInterval() -> Bool {
        assert(tracksStartsNow, "a tracked match counted while starts are not tracked")
        guard matchesSinceCheck &+ 1 < Self.trackingCheckInterval else { return false }
        matchesSinceCheck &+= 1
        trackedSinceCheck &+= 1
        return true
    }

    /// For each ASCII character, false when no match can start with it: the pattern matches
    /// no empty string, and no position that a match's first character may take (an entry
    /// position, or one after the word assertions it starts with) holds the character. For
    /// ``RegexPatternSet``, which asks of several patterns in turn whether one matches at a
    /// place.
    let asciiMayStartMatch: [Bool]

    /// Which of the plan's sets hold the characters from ``CodePointClassTable/exactLimit``
    /// on, and the class of each set of positions.
    private let membership: CodePointSetMembership
    private let classOfMask: [PositionSet: Int32]
    /// True when the classes ignore case: a character whose folding is several characters is
    /// then not known.
    private let caseInsensitive: Bool
    /// The class of each code point from ``CodePointClassTable/exactLimit`` on that was read,
    /// plus 2, or 1 when none fits.
    @exclusivity(unchecked) private var largeCharacterClasses = LargeCharacterEntries()

    /// Makes the automata of `plan`, with empty tables; they read no carriage return when the
    /// plan says so (``MatchAutomatonPlan/carriageReturnIsUnknown``).
    convenience init(_ plan: MatchAutomatonPlan) {
        self.init(plan, carriageReturnIsUnknown: false)
    }

    /// Makes the automata of `plan`, with empty tables. With `carriageReturnIsUnknown` (or the
    /// plan's), a search that reads a carriage return ends with ``Outcome/unknown``: where `.`
    /// matches line ends, ICU's `.` takes `\r\n` as one character and the automaton would read
    /// two, a difference that only a text with carriage returns shows (a line never holds one
    /// with `\n`, but a text of many lines may).
    init(_ plan: MatchAutomatonPlan, carriageReturnIsUnknown: Bool) {
        let carriageReturnIsUnknown = carriageReturnIsUnknown || plan.carriageReturnIsUnknown
        membership = CodePointSetMembership(sets: plan.classifiedSets, options: plan.options)
        caseInsensitive = plan.options.contains(.caseInsensitive)
        var classOfMask: [PositionSet: Int32] = [:]
        for (index, mask) in plan.classes.masks.enumerated() where classOfMask[mask] == nil {
            classOfMask[mask] = Int32(index)
        }
        self.classOfMask = classOfMask
        automaton = plan.automaton
        classes = plan.classes
        approximatesLargeCharacters = plan.approximatesLargeCharacters
        hasWordAssertions = plan.automaton.hasWordAssertions
        classCount = plan.classes.masks.count
        classIsWord = .allocate(capacity: classCount)
        classIsTransparent = .allocate(capacity: classCount)
        transparentAfterWordColumn = .allocate(capacity: classCount)
        var transparentClasses = 0
        for (index, mask) in plan.classes.masks.enumerated() {
            (classIsWord + index).initialize(to: plan.wordCharacterPosition.map { !(mask & PositionSet(position: $0)).isEmpty } ?? false)
            let isTransparent = plan.transparentCharacterPosition.map { !(mask & PositionSet(position: $0)).isEmpty } ?? false
            (classIsTransparent + index).initialize(to: isTransparent)
            (transparentAfterWordColumn + index).initialize(to: isTransparent ? Int32(classCount + 2 + transparentClasses) : -1)
            if isTransparent { transparentClasses += 1 }
        }
        hasTransparentClasses = transparentClasses > 0
        columns = classCount + (hasWordAssertions ? 2 + transparentClasses : 0)
        maximumStates = max(256, Self.maximumEntries / columns)
        smallClasses = .allocate(capacity: CodePointClassTable.exactLimit)
        restartRowAfterClass = .allocate(capacity: 256)
        restartRowAfterClass.initialize(repeating: -1, count: 256)
        for (codePoint, valueClass) in plan.classes.smallClasses.enumerated() {
            let unknown = valueClass == CodePointClassTable.stopClass || (carriageReturnIsUnknown && codePoint == 0x0D)
            (smallClasses + codePoint).initialize(to: unknown ? Self.unknownClass : valueClass)
        }
        var firstCharacterPositions = PositionSet.empty
        for item in plan.automaton.entry where item >= 0 && plan.automaton.kinds[Int(item)] == .character {
            firstCharacterPositions |= PositionSet(position: Int(item))
        }
        self.firstCharacterPositions = firstCharacterPositions
        forwardTable = .allocate(capacity: forwardCapacity * columns)
        reverseTable = .allocate(capacity: reverseCapacity * columns)
        memberOfPosition = plan.memberOfPosition
        emptyMatchMember = plan.emptyMatchMember
        if plan.memberOfPosition != nil { forwardMembers = .allocate(capacity: forwardCapacity * columns) }
        let keeps = (0..<128).map { character in
            (plan.automaton.firstPositions & plan.classes.masks[Int(plan.classes.smallClasses[character])]).isEmpty
        }
        // The same for every code point below the small characters' limit, from the classes
        // the scans read (a character of ``unknownClass`` stops the skip, as it does the scan).
        let smallClasses = self.smallClasses
        let smallKeeps = (0..<MatchStartScanner.smallLimit).map { codePoint in
            let smallClass = smallClasses[codePoint]
            return smallClass != Self.unknownClass
                && (plan.automaton.firstPositions & plan.classes.masks[Int(smallClass)]).isEmpty
        }
        startScanner = MatchStartScanner(keepsStart: keeps, smallKeepsStart: smallKeeps)
        startSkip = startScanner.asciiSkip!
        // The positions of a match's first character: from the entry, through the word
        // assertions it may start with.
        var firstCharacters = PositionSet.empty
        var reachesMatch = false
        var seen = Set<Int32>()
        var pending = plan.automaton.entry
        while let item = pending.popLast() {
            guard item >= 0 else {
                reachesMatch = true
                continue
            }
            guard seen.insert(item).inserted else { continue }
            if plan.automaton.kinds[Int(item)] == .character {
                firstCharacters |= PositionSet(position: Int(item))
            } else {
                pending += plan.automaton.follow[Int(item)]
            }
        }
        asciiMayStartMatch = (0..<128).map { character in
            let characterClass = Int(plan.classes.smallClasses[character])
            return reachesMatch || characterClass >= plan.classes.masks.count
                || !(firstCharacters & plan.classes.masks[characterClass]).isEmpty
        }
        // With word assertions, a character may change the start state by being a word
        // character or not.
        skipsInStart = !plan.automaton.isNullable && !plan.automaton.hasWordAssertions
        isNullable = plan.automaton.isNullable
        let entryPositions = plan.automaton.firstPositions
        tracksStarts = !plan.automaton.follow.contains { follow in
            follow.contains { $0 >= 0 && !(entryPositions & PositionSet(position: Int($0))).isEmpty }
        }
        tracksStartsNow = tracksStarts
        startRows.initialize(repeating: 0, count: Self.startStates)
        startFlags.initialize(repeating: 0, count: Self.startStates)
        startMembers.initialize(repeating: -1, count: Self.startStates)
        addInitialForwardStates()
        let restartsRuns =
            plan.memberOfPosition == nil && startFlags[0] & (Self.matchBit | Self.deadBit) == 0
            && startFlags[1] & (Self.matchBit | Self.deadBit) == 0
        for column in 0..<classCount where restartsRuns && !classIsTransparent[column] {
            restartRowAfterClass[column] = startRows[classIsWord[column] ? 1 : 0]
        }
        addInitialReverseStates()
    }

    deinit {
        forwardTable.deallocate()
        reverseTable.deallocate()
        forwardMembers?.deallocate()
        classIsWord.deallocate()
        classIsTransparent.deallocate()
        transparentAfterWordColumn.deallocate()
        smallClasses.deallocate()
        restartRowAfterClass.deallocate()
        startRows.deallocate()
        startFlags.deallocate()
        startMembers.deallocate()
    }

    // MARK: Searching

    /// ICU's first match in `text[..<end]`, searched as a text of its own from `from` (a
    /// code-point boundary; the text before it is seen by `\b`); with `anchored`, only a
    /// match starting at `from`. UTF-16 is read as ICU reads it: a lone surrogate is a code
    /// point of its own.
    func firstMatch(inUTF16 text: UnsafePointer<UInt16>, from: Int, to end: Int, anchored: Bool = false) -> Outcome {
        firstMatch(in: UTF16ScannedText(units: text), from: from, to: end, anchored: anchored)
    }

    /// ICU's first match in the UTF-8 `bytes[..<end]`, searched as a text of its own from
    /// `from` (a character's first byte; the text before it is seen by `\b`), in byte
    /// offsets; ill-formed UTF-8 in what the search reads makes it ``Outcome/unknown`` (ICU
    /// reads it as U+FFFD). With `anchored`, only a match starting at `from`.
    func firstMatch(inUTF8 bytes: UnsafePointer<UInt8>, from: Int, to end: Int, anchored: Bool = false) -> Outcome {
        firstMatch(in: UTF8ScannedText(bytes: bytes), from: from, to: end, anchored: anchored)
    }

    /// How a run of matches (``matchRun(inUTF16:from:to:into:capacity:)``) ended.
    package enum RunEnd: Equatable {
        /// The buffer is full; ICU's loop searches again after the last match (which is not an
        /// empty match at the text's end).
        case full
        /// No match follows the last one.
        case noMatch
        /// The automaton cannot tell the match after the last one (or the first, when the
        /// run holds none): ICU's search from where its loop goes on finds it.
        case unknown
    }

    /// ICU's matches in `text[..<end]` as its `findNext` loop finds them from `from` (a code
    /// point boundary; the text before it is seen by `\b`): the first match from `from`, then
    /// each next one from where the previous one ended, one code point further after an empty
    /// match. Up to `capacity` matches, two offsets each, go to `bounds`; the count, and how
    /// the run ended, come back. Each match is the one ``firstMatch(inUTF16:from:to:anchored:)``
    /// finds from where the loop searches, so the run is the loop's; it costs one call for many
    /// dense matches (`\b\w+\b`: a match every six characters) where the caller's bookkeeping
    /// per search would be most of the time.
    func matchRun(
        inUTF16 text: UnsafePointer<UInt16>, from: Int, to end: Int, into bounds: UnsafeMutablePointer<Int>, capacity: Int
    ) -> (count: Int, end: RunEnd) {
        matchRun(in: UTF16ScannedText(units: text), from: from, to: end, into: bounds, capacity: capacity)
    }

    /// The same in the UTF-8 `bytes[..<end]` (`from` a character's first byte), in byte
    /// offsets, one character further after an empty match; ill-formed UTF-8 in what a search
    /// reads ends the run with ``RunEnd/unknown``.
    func matchRun(
        inUTF8 bytes: UnsafePointer<UInt8>, from: Int, to end: Int, into bounds: UnsafeMutablePointer<Int>, capacity: Int
    ) -> (count: Int, end: RunEnd) {
        matchRun(in: UTF8ScannedText(bytes: bytes), from: from, to: end, into: bounds, capacity: capacity)
    }

    @inline(__always)
    private func matchRun<Text: ScannedText>(
        in text: Text, from: Int, to end: Int, into bounds: UnsafeMutablePointer<Int>, capacity: Int
    ) -> (count: Int, end: RunEnd) {
        var from = from
        var count = 0
        while count < capacity {
            // The forward scan restarts in place after the matches it can (see ``RunSink``),
            // and returns the search after them.
            var sink = RunSink(bounds: bounds + 2 &* count, capacity: capacity &- count)
            let outcome = withUnsafeMutablePointer(to: &sink) { firstMatch(in: text, from: from, to: end, anchored: false, run: $0) }
            if sink.count > 0 {
                count &+= sink.count
                from = bounds[2 &* count &- 1]
            }
            switch outcome {
            case .match(let match):
                // ICU's search from `from` finds no match that starts before it; the scan finds
                // none either (see ``RunSink``). Should it, ICU answers from here: a second line
                // of defence, which a debug build reports.
                guard match.lowerBound >= from else {
                    assertionFailure("a run's match \(match) starts before its search at \(from)")
                    return (count, .unknown)
                }
                bounds[2 &* count] = match.lowerBound
                bounds[2 &* count &+ 1] = match.upperBound
                count &+= 1
                from = match.upperBound
                if match.isEmpty {
                    // ICU steps over one code point (a surrogate pair, a well-formed UTF-8
                    // sequence; ill-formed UTF-8 is ICU's U+FFFD, whose extent the caller's
                    // rule gives, so the run ends).
                    guard from < end else { return (count, .noMatch) }
                    let (value, next) = text.character(at: from, end: end)
                    guard value != UTF8ScannedText.illFormed else { return (count, .unknown) }
                    from = next
                }
            case .noMatch:
                return (count, .noMatch)
            case .unknown:
                return (count, .unknown)
            }
        }
        return (count, .full)
    }

    /// ICU's match at `from` in the UTF-8 `bytes[..<end]` (anchored there; the text before
    /// `from` is seen by `\b`), in byte offsets, and whether the search read to `end`: then,
    /// as with ICU's `hitEnd`, more text could make the answer another. Ill-formed UTF-8 in
    /// what the search reads makes it ``Outcome/unknown``.
    package func anchoredMatch(inUTF8 bytes: UnsafePointer<UInt8>, at from: Int, to end: Int) -> (
        outcome: Outcome, readToEnd: Bool
    ) {
        let text = UTF8ScannedText(bytes: bytes)
        var afterWord = false
        if hasWordAssertions {
            guard let (isWord, _) = lastIsWord(before: from, in: text) else { return (.unknown, true) }
            afterWord = isWord
        }
        var readToEnd = false
        let matchEnd = forwardMatchEnd(in: text, from: from, to: end, anchored: true, afterWord: afterWord, readToEnd: &readToEnd)
        if matchEnd == Self.unknownEnd { return (.unknown, true) }
        // An anchored match starts where the search started.
        return (matchEnd >= 0 ? .match(from..<matchEnd) : .noMatch, readToEnd)
    }

    /// ICU's first match in the UTF-8 `bytes[..<end]` from `from` (a character's first byte;
    /// the text before it is seen by `\b`), unanchored, as
    /// ``firstMatch(inUTF8:from:to:anchored:)`` finds it, with whether the forward search read
    /// to `end` and, when the answer is ``Outcome/unknown``, an offset after `from` before which
    /// a search from any offset before it stops at the same place (see ``undecidedOffset``), so
    /// that the caller asks ICU for those.
    ///
    /// When the forward search did not read to `end`, every thread of the search (of every
    /// start it tried) ended within the text read, so text after `end` could not change the
    /// match: the answer is ICU's in any longer text. When it did, a match may grow, or one
    /// from an earlier start end later, as with ICU's `hitEnd`. A search without a match always
    /// reads to `end` (it keeps adding the starts after each character).
    package func unanchoredMatch(inUTF8 bytes: UnsafePointer<UInt8>, from: Int, to end: Int) -> (
        outcome: Outcome, readToEnd: Bool, undecidedBefore: Int
    ) {
        let text = UTF8ScannedText(bytes: bytes)
        var afterWord = false
        if hasWordAssertions {
            guard let (isWord, _) = lastIsWord(before: from, in: text) else { return (.unknown, true, from + 1) }
            afterWord = isWord
        }
        var readToEnd = false
        let matchEnd = forwardMatchEnd(in: text, from: from, to: end, anchored: false, afterWord: afterWord, readToEnd: &readToEnd)
        if matchEnd == Self.unknownEnd { return (.unknown, true, max(undecidedOffset, from + 1)) }
        guard matchEnd >= 0 else { return (.noMatch, readToEnd, from) }
        countTracking(trackedMatchStart >= 0)
        if trackedMatchStart >= 0 { return (.match(trackedMatchStart..<matchEnd), readToEnd, from) }
        var next = NextCharacter.other
        if hasWordAssertions && matchEnd < end {
            guard let column = column(of: text.character(at: matchEnd, end: end).value) else {
                return (.unknown, true, matchEnd + 1)
            }
            next = classIsTransparent[column] ? .transparent : classIsWord[column] ? .word : .other
        }
        let start = reverseMatchStart(
            in: text, from: from, end: matchEnd, next: next,
            startColumn: afterWord ? startAfterWordColumn : startColumn)
        // The reverse search read no character that the forward search did not.
        return start >= 0 ? (.match(start..<matchEnd), readToEnd, from) : (.unknown, true, max(matchEnd, from + 1))
    }

    /// The earliest offset from `from` on from which the pattern matches all of the UTF-8
    /// `bytes[offset..<end]` (`end` a character's first byte): the reverse automaton read
    /// backwards from `end`, as for a match's start; nil when there is none, and
    /// ``unknownEnd`` when a character it read is not known (ill-formed UTF-8, a class not
    /// known). For a pattern without word assertions (the text around is then never read):
    /// the prefix before an inner literal (``InnerLiteralSearch``).
    func leftmostStart(inUTF8 bytes: UnsafePointer<UInt8>, from: Int, end: Int) -> Int? {
        precondition(!hasWordAssertions)
        let start = reverseMatchStart(
            in: UTF8ScannedText(bytes: bytes), from: from, end: end, next: .other, startColumn: startColumn)
        return start == Self.noMatchEnd ? nil : start
    }

    /// The offset of the character at which the last forward search that did not stop
    /// unable to read a character stopped, no thread left (or its text's end): it read
    /// nothing after that character.
    @exclusivity(unchecked) package private(set) var forwardStop = 0

    /// The offset of the character at which the last forward search stopped, unable to read it
    /// (``unknownEnd``): a search from any earlier offset that reads as far stops there too.
    @exclusivity(unchecked) package private(set) var undecidedOffset = 0

    /// The first match as ``firstMatch(inUTF16:from:to:anchored:)`` finds it, or what
    /// `otherwise` (ICU) finds when the automaton cannot tell.
    func firstMatch(
        inUTF16 text: UnsafePointer<UInt16>, from: Int, to end: Int,
        otherwise: () throws(ICURegexError) -> Range<Int>?
    ) throws(ICURegexError) -> Range<Int>? {
        switch firstMatch(inUTF16: text, from: from, to: end) {
        case .match(let match): return match
        case .noMatch: return nil
        case .unknown: return try otherwise()
        }
    }

    /// ``anchoredMatch(inUTF8:at:to:)`` at a place where `prefix`, the UTF-8 of whole
    /// characters, starts: the caller knows that `bytes[from..<from + prefix.count]` is
    /// `prefix`, so the search starts after it, in the state that reading it from the anchored
    /// start reaches, computed once (and again after the table starts again). A search whose
    /// answer the prefix alone could decide or change (the state reading it reaches a match, no
    /// thread, or a word assertion, which looks at the character before `from`) reads the
    /// prefix as any other text. A `--multiline` search whose literal starts every match tries
    /// each occurrence this way: a try of `\?\n[A-Z][a-z]+\?` reads three to eight
    /// characters, two of them the literal's.
    package func anchoredMatch(inUTF8 bytes: UnsafePointer<UInt8>, at from: Int, prefix: [UInt8], to end: Int) -> (
        outcome: Outcome, readToEnd: Bool
    ) {
        // The same array as the last call's, as a search passes it, compares by its storage.
        if prefixRow == Self.unknownPrefixRow || prefix != rowPrefix {
            rowPrefix = prefix
            prefixRow = prefix.withUnsafeBufferPointer {
                $0.isEmpty ? Self.unusablePrefixRow : rowAfterPrefix($0.baseAddress!, count: $0.count)
            }
        }
        guard prefixRow >= 0, from &+ prefix.count <= end else { return anchoredMatch(inUTF8: bytes, at: from, to: end) }
        var readToEnd = false
        let matchEnd = forwardMatchEnd(
            in: UTF8ScannedText(bytes: bytes), from: from &+ prefix.count, to: end, anchored: true, afterWord: false,
            resumingAt: Int(prefixRow), readToEnd: &readToEnd)
        if matchEnd == Self.unknownEnd { return (.unknown, true) }
        return (matchEnd >= 0 ? .match(from..<matchEnd) : .noMatch, readToEnd)
    }

    /// How many of `starts` in a row, from the first, are places where no match starts (each,
    /// less `bias`, an offset in `bytes` where `prefix` starts, and
    /// ``anchoredMatch(inUTF8:at:prefix:to:)`` there finds no match without reading to `end`),
    /// and that search's answer at the start after them, where the count stops: a match, an
    /// unknown answer, or a search that read to `end` (the answer is meaningless when every
    /// start was counted). When the tries must read the prefix (see
    /// ``anchoredMatch(inUTF8:at:prefix:to:)``), the count is 0 and the answer unknown. One
    /// call tries the many occurrences of a common literal, without a call and its setup for
    /// each.
    ///
    /// Most tries read a few ASCII characters and end with no thread left: a try reads ASCII
    /// bytes in a loop of its own (each byte's class from the small classes, then the table's
    /// entry), which decides "no match" where an entry leaves no thread and no entry before it
    /// ended a match, as ``forwardMatchEnd(in:from:to:anchored:afterWord:longest:resumingAt:readToEnd:)``
    /// would. At anything else (a byte outside ASCII, a class not known, an entry not worked out
    /// yet, a match's end, the end of the text) the try goes on in that function from the state
    /// reached, as if it had read those bytes itself. On 256 MB of subtitles,
    /// `\?\n[A-Z][a-z]+\?` is tried at 1.55 M occurrences of `?\n`, most of them read to a
    /// word's end.
    package func noMatchCount(
        inUTF8 bytes: UnsafePointer<UInt8>, atEach starts: UnsafeBufferPointer<Int>, bias: Int, prefix: [UInt8], to end: Int
    ) -> (count: Int, outcome: Outcome, readToEnd: Bool) {
        if prefixRow == Self.unknownPrefixRow || prefix != rowPrefix {
            guard let first = starts.first, first &- bias &+ prefix.count <= end else { return (0, .unknown, true) }
            _ = anchoredMatch(inUTF8: bytes, at: first &- bias, prefix: prefix, to: end)
        }
        let text = UTF8ScannedText(bytes: bytes)
        let classes = smallClasses
        let stopBits = Self.matchBit | Self.matchBeforeBit
        var count = 0
        tries: for start in starts {
            // A table that started again has lost the row.
            guard prefixRow >= 0 else { return (count, .unknown, true) }
            var from = start &- bias &+ prefix.count
            guard from <= end else { return (count, .unknown, true) }
            // The ASCII bytes, read while no match ended and a thread is left.
            let table = forwardTable
            var row = Int(prefixRow)
            while from < end {
                let byte = bytes[from]
                guard byte < 0x80 else { break }
                let column = classes[Int(byte)]
                guard column != Self.unknownClass else { break }
                let entry = table[row &+ Int(column)]
                guard entry >= 0, entry & stopBits == 0 else { break }
                if entry & Self.deadBit != 0 {
                    count &+= 1
                    continue tries
                }
                row = Int(entry >> Self.flagBits)
                from &+= 1
            }
            var readToEnd = false
            let matchEnd = forwardMatchEnd(
                in: text, from: from, to: end, anchored: true, afterWord: false, resumingAt: row,
                readToEnd: &readToEnd)
            if matchEnd == Self.unknownEnd { return (count, .unknown, true) }
            if matchEnd >= 0 { return (count, .match(start &- bias..<matchEnd), readToEnd) }
            if readToEnd { return (count, .noMatch, true) }
            count &+= 1
        }
        return (count, .noMatch, false)
    }

    /// The row of the forward state that reading the `count` bytes at `prefix` reaches from
    /// the anchored start, or ``unusablePrefixRow`` when the search must read them itself: the
    /// pattern has word assertions, or a character of the prefix is not known, completes a
    /// match or leaves no thread.
    private func rowAfterPrefix(_ prefix: UnsafePointer<UInt8>, count: Int) -> Int32 {
        guard !hasWordAssertions, startFlags[2] & (Self.matchBit | Self.deadBit) == 0 else { return Self.unusablePrefixRow }
        let text = UTF8ScannedText(bytes: prefix)
        let resets = forwardResets
        var row = Int(startRows[2])
        var index = 0
        while index < count {
            let (value, next) = text.character(at: index, end: count)
            guard let column = column(of: value) else { return Self.unusablePrefixRow }
            var entry = forwardTable[row &+ column]
            if entry < 0 { entry = forwardTransition(fromRow: row, column: column) }
            if entry & (Self.matchBit | Self.deadBit | Self.matchBeforeBit) != 0 { return Self.unusablePrefixRow }
            row = Int(entry >> Self.flagBits)
            index = next
        }
        // A table that started again while the prefix was read may have lost the row's
        // state: the next search works it out again.
        return forwardResets == resets ? Int32(row) : Self.unknownPrefixRow
    }

    /// The row that ``anchoredMatch(inUTF8:at:prefix:to:)`` resumes from after `rowPrefix`;
    /// ``unknownPrefixRow`` until worked out (and after the table starts again),
    /// ``unusablePrefixRow`` when the prefix must be read.
    @exclusivity(unchecked) private var prefixRow: Int32 = MatchAutomaton.unknownPrefixRow
    @exclusivity(unchecked) private var rowPrefix: [UInt8] = []
    /// How many times the forward table started again.
    @exclusivity(unchecked) private var forwardResets = 0
    private static let unknownPrefixRow: Int32 = -1
    private static let unusablePrefixRow: Int32 = -2

    /// The longest match in the UTF-8 `bytes[..<end]` that starts at `start` (a character's
    /// first byte; the text before it is seen by `\b`), in byte offsets: from the start of
    /// ICU's first match, POSIX's leftmost-longest match. ``Outcome/noMatch`` when no match
    /// starts there, ``Outcome/unknown`` when the classes cannot tell.
    func longestMatch(inUTF8 bytes: UnsafePointer<UInt8>, startingAt start: Int, to end: Int) -> Outcome {
        longestMatch(in: UTF8ScannedText(bytes: bytes), startingAt: start, to: end)
    }

    /// The same in UTF-16 `text`, in its units.
    func longestMatch(inUTF16 text: UnsafePointer<UInt16>, startingAt start: Int, to end: Int) -> Outcome {
        longestMatch(in: UTF16ScannedText(units: text), startingAt: start, to: end)
    }

    /// The longest match from `start`: the forward automaton anchored there, in states that
    /// keep every item after a match (the set of threads, not their order, matters), read
    /// until no thread is left; the last match end seen is the longest.
    @inline(__always)
    private func longestMatch<Text: ScannedText>(in text: Text, startingAt start: Int, to end: Int) -> Outcome {
        var afterWord = false
        if hasWordAssertions {
            guard let (isWord, _) = lastIsWord(before: start, in: text) else { return .unknown }
            afterWord = isWord
        }
        var readToEnd = false
        let matchEnd = forwardMatchEnd(
            in: text, from: start, to: end, anchored: true, afterWord: afterWord, longest: true, readToEnd: &readToEnd)
        guard matchEnd >= 0 else { return matchEnd == Self.noMatchEnd ? .noMatch : .unknown }
        return .match(start..<matchEnd)
    }

    /// The first match in `text`: where it ends, found forwards, then where it starts,
    /// backwards from there, with the word characters around them when the pattern has word
    /// assertions. With `run` (unanchored), the first match after those the forward scan put
    /// in `run` (see ``RunSink``). Internal for searches written once for both encodings (see
    /// ``SearchPlan/firstMatchFromAnOffset(inUTF8:from:to:automaton:leftmostOccurrence:)``),
    /// and for a matcher's searches, which inline it (see
    /// ``MatchStrategy/Session/searchesWithAutomatonAlone``).
    @inline(__always)
    func firstMatch<Text: ScannedText>(
        in text: Text, from: Int, to end: Int, anchored: Bool, run: UnsafeMutablePointer<RunSink>? = nil
    ) -> Outcome {
        var afterWord = false
        if hasWordAssertions {
            guard let (isWord, _) = lastIsWord(before: from, in: text) else { return .unknown }
            afterWord = isWord
        }
        var readToEnd = false
        let matchEnd = forwardMatchEnd(
            in: text, from: from, to: end, anchored: anchored, afterWord: afterWord, run: run, readToEnd: &readToEnd)
        guard matchEnd >= 0 else { return matchEnd == Self.noMatchEnd ? .noMatch : .unknown }
        // An anchored match starts where the search started; an unanchored one where the
        // forward search saw its threads start, when it could tell.
        if anchored { return .match(from..<matchEnd) }
        countTracking(trackedMatchStart >= 0)
        if trackedMatchStart >= 0 { return .match(trackedMatchStart..<matchEnd) }
        // The match ended the search from the run's last restart, if the scan restarted (see
        // ``RunSink``): the reverse scan reads back to there, the end of the run's last match,
        // after what precedes it, as a call from there would; not to `from`, or it could find
        // a match that starts inside the run's last match.
        var from = from
        if let run, run.pointee.count > 0 {
            from = run.pointee.bounds[2 &* run.pointee.count &- 1]
            if hasWordAssertions {
                guard let (isWord, _) = lastIsWord(before: from, in: text) else { return .unknown }
                afterWord = isWord
            }
        }
        var next = NextCharacter.other
        if hasWordAssertions && matchEnd < end {
            guard let column = column(of: text.character(at: matchEnd, end: end).value) else { return .unknown }
            next = classIsTransparent[column] ? .transparent : classIsWord[column] ? .word : .other
        }
        let start = reverseMatchStart(
            in: text, from: from, end: matchEnd, next: next,
            startColumn: afterWord ? startAfterWordColumn : startColumn)
        return start >= 0 ? .match(start..<matchEnd) : .unknown
    }

    /// Whether the nearest character before `index` that `\b` does not look past is a word
    /// character (false when there is none: the text's start counts as no word character),
    /// and where it starts (-1 for none); nil when a character read is not known, or more than
    /// ``maximumTransparentRun`` transparent characters come first.
    ///
    /// The character before `index` is looked at first on its own when it is below
    /// ``CodePointClassTable/exactLimit`` (``ScannedText/smallCharacter(before:start:)``):
    /// its class is then its entry in ``smallClasses``, as the loop below would read it, and
    /// when that class is known and not transparent, it is the answer. This is the start of
    /// most searches from an offset (the last letter of a match, or the space after it).
    @inline(__always)
    private func lastIsWord<Text: ScannedText>(before index: Int, in text: Text) -> (isWord: Bool, at: Int)? {
        if index > 0 {
            let (value, start) = text.smallCharacter(before: index, start: 0)
            if start >= 0 {
                let small = smallClasses[Int(value)]
                if small != Self.unknownClass && !classIsTransparent[Int(small)] { return (classIsWord[Int(small)], start) }
            }
        }
        var index = index
        var lookedPast = 0
        while index > 0 {
            let (value, previous) = text.character(before: index, start: 0)
            guard let column = column(of: value) else { return nil }
            if !classIsTransparent[column] { return (classIsWord[column], previous) }
            lookedPast &+= 1
            if lookedPast > Self.maximumTransparentRun { return nil }
            index = previous
        }
        return (false, -1)
    }

    /// What the forward scans return when they find no match, and when they cannot tell.
    private static let noMatchEnd = -1
    static let unknownEnd = -2

    /// Where a run of matches (``matchRun(inUTF16:from:to:into:capacity:)``) has the forward
    /// scan put the matches after which it restarts in place: `capacity` matches' room at
    /// `bounds`, of which `count` are taken.
    ///
    /// An unanchored scan from `from` ends, when no thread is left, with the leftmost-first
    /// match from `from` (see ``MatchAutomaton``); when it knows where that match starts (a
    /// tracked start, see ``tracksStarts``) and the match is not empty, ICU's loop searches
    /// next from its end, and the scan starts again there, in the unanchored start state after
    /// a word character or not (the nearest character before the match's end that `\b` does
    /// not look past, as ``firstMatch(inUTF16:from:to:anchored:)`` reads it for a search from
    /// there): the same search, from the same state, that a call from there would make,
    /// without the call. It does so while more than one match's room is left, so that the
    /// match the scan ends with (returned as without a run) has room too. Empty matches, and
    /// matches whose start the reverse scan finds, end the scan as without a run.
    ///
    /// The search the scan then returns is the one from its last restart, and only that one:
    /// the restart leaves no thread of the search before it (the start state has none, and the
    /// tracked start is forgotten), so every thread that reaches a match after it started at
    /// the restart or later, as in ICU's search from there. When that match's start is not
    /// tracked, the reverse scan finds it reading back to the restart (the end of the last
    /// match in `bounds`), after what precedes it, as a call from there would, and not to where
    /// the scan began: back to there it could find a match that starts inside the run's last
    /// match and ends at the same end (`\b.{0,3}ab` in `ab ab-ab`: `0..<5`, then from 5 the
    /// match `5..<8`, whose threads from 5 and 6 leave its start untracked; reading back to 0,
    /// `3..<8`).
    struct RunSink {
        let bounds: UnsafeMutablePointer<Int>
        let capacity: Int
        var count = 0

        /// Puts the match `start..<end` after the run's others; the caller has made sure
        /// there is room.
        @inline(__always)
        mutating func append(start: Int, end: Int) {
            bounds[2 &* count] = start
            bounds[2 &* count &+ 1] = end
            count &+= 1
        }
    }

    /// Where the leftmost-first match from `from` ends in `text[..<end]` (with `longest`, and
    /// `anchored`, the longest match from `from`); ``noMatchEnd`` or ``unknownEnd``.
    /// `readToEnd` tells whether some thread was still alive at `end`. With `run` (unanchored
    /// only), the scan restarts after the matches it can, which go to `run` (see ``RunSink``),
    /// and returns the match of the search after them.
    ///
    /// An anchored search, and one that skips in its start state (a pattern without word
    /// assertions that does not match the empty string), scan with ``StartTrackingToEnd``;
    /// any other with ``StartTrackingNearMatches``: its loop reads each character of a long
    /// stretch without a match, where tracking starts is a cost for a match that may never
    /// come. The choice is made once per search, and each scan is its own loop.
    @inline(__always)
    private func forwardMatchEnd<Text: ScannedText>(
        in text: Text, from: Int, to end: Int, anchored: Bool, afterWord: Bool, longest: Bool = false,
        resumingAt resumedRow: Int = -1, run: UnsafeMutablePointer<RunSink>? = nil, readToEnd: inout Bool
    ) -> Int {
        anchored || skipsInStart
            ? forwardScan(
                in: text, from: from, to: end, anchored: anchored, afterWord: afterWord, longest: longest,
                resumingAt: resumedRow, run: run, readToEnd: &readToEnd, tracking: StartTrackingToEnd.self)
            : forwardScan(
                in: text, from: from, to: end, anchored: anchored, afterWord: afterWord, longest: longest,
                resumingAt: resumedRow, run: run, readToEnd: &readToEnd, tracking: StartTrackingNearMatches.self)
    }

    /// The scan of ``forwardMatchEnd(in:from:to:anchored:afterWord:longest:resumingAt:run:readToEnd:)``,
    /// tracking starts (see ``tracksStarts``) as `Tracking` says.
    @inline(never)
    private func forwardScan<Text: ScannedText, Tracking: ForwardStartTracking>(
        in text: Text, from: Int, to end: Int, anchored: Bool, afterWord: Bool, longest: Bool,
        resumingAt resumedRow: Int, run: UnsafeMutablePointer<RunSink>?, readToEnd: inout Bool,
        tracking _: Tracking.Type
    ) -> Int {
        var table = forwardTable
        var row: Int
        var lastEnd: Int
        matchMember = -1
        // The start of the threads that started before the character read, while they all
        // have one (see ``tracksStarts``; -1 when not known), and that of the last match.
        var trackedStart = -1
        var lastStart = -1
        defer { trackedMatchStart = lastStart }
        if resumedRow >= 0 {
            // A state reached by an anchored search that has not yet found a match.
            row = resumedRow
            lastEnd = Self.noMatchEnd
        } else {
            let start = (longest ? 4 : anchored ? 2 : 0) + (afterWord ? 1 : 0)
            let flags = startFlags[start]
            row = Int(startRows[start])
            lastEnd = flags & Self.matchBit != 0 ? from : Self.noMatchEnd
            lastStart = lastEnd
            matchMember = Int(startMembers[start])
            if flags & Self.deadBit != 0 { return lastEnd }
        }
        // Without tracking, no transition changes `trackedStart` (-1: the reverse scan).
        let startBits = tracksStartsNow ? Self.startBits : 0
        let skipsInStart = !anchored && self.skipsInStart
        let startRow = Int(startRows[0])
        let smallClasses = self.smallClasses
        let stopMask = Self.stopMask
        // A stop, or an entry moving the tracked start.
        let quietMask = stopMask | startBits
        // The flags of an entry after which the step below reads a run of one class: a match
        // after the character, and no other stop, move of the tracked start, or other start
        // of the match.
        let matchRunBlockers = quietMask | Self.matchOriginBits
        // With ``StartTrackingNearMatches``: whether the scan tracks starts now, and the offset
        // from which it no longer does, ``trackedScanLength`` units after its start or the
        // last restart of a run.
        var tracking = tracksStartsNow
        var trackingEnd = Tracking.stopsInLongStretches && tracking ? Self.trackingEnd(from: from, to: end) : end
        // The offset of the last run's restart the small characters' loop made since
        // `trackingEnd` was set, -1 for none: the loop reads to that end, and the tracking end
        // moves to ``trackedScanLength`` units after the restart when the loop reaches it (so
        // that the loop works nothing out at a restart but its offset).
        var loopRestart = -1
        let startStateRows = (unanchored: startRow, afterWord: Int(startRows[1]))
        var index = from
        var dead = false
        characters: while index < end {
            if Tracking.stopsInLongStretches {
                // Such a search cannot skip in its start state: it reads every character.
                if tracking && index >= trackingEnd {
                    if loopRestart >= 0 {
                        trackingEnd = Self.trackingEnd(from: loopRestart, to: end)
                        loopRestart = -1
                    }
                    if index >= trackingEnd {
                        tracking = false
                        trackedStart = -1
                    }
                }
                let leavesCharacter =
                    tracking
                    ? readSmallCharacters(
                        in: text, index: &index, row: &row, trackedStart: &trackedStart, lastEnd: &lastEnd,
                        lastStart: &lastStart, restartedAt: &loopRestart, to: trackingEnd, run: run, table: table,
                        smallClasses: smallClasses, startRows: startStateRows, tracking: true)
                    : readSmallCharacters(
                        in: text, index: &index, row: &row, trackedStart: &trackedStart, lastEnd: &lastEnd,
                        lastStart: &lastStart, restartedAt: &loopRestart, to: end, run: nil, table: table,
                        smallClasses: smallClasses, startRows: startStateRows, tracking: false)
                if !leavesCharacter { continue characters }
            } else {
                if skipsInStart && row == startRow {
                    index = text.firstPossibleStart(startSkip, from: index, to: end)
                    if index >= end { break }
                }
                // Characters below ``CodePointClassTable/exactLimit`` (ASCII, and the two-byte
                // characters of UTF-8: Cyrillic, Greek, …) whose entries are worked out and flag
                // nothing (no match ends, a thread is left) are read in a loop of their own, as the
                // steps below would read them: most of the text an unanchored search of many lines
                // reads between matches, and the words of a dense search.
                // The skip above is taken again when a character kept the start state (a run of
                // characters that start no match may follow), not each time the state is the
                // start's again: for `\w+\n\w+`, after every word, where a word follows at once.
                //
                // The loop is most of the time of a dense search (a match every few characters, as
                // `\w+`), so each byte costs few instructions: whether the start state was
                // kept is asked only when the state did not change. A run of characters of one class
                // that keeps the state (the letters inside a word for `\w+`) is read by comparing
                // classes alone, without the table: the entry is the same for each.
                let goesOn =
                    startBits != 0
                    ? readQuietCharacters(
                        in: text, index: &index, row: &row, trackedStart: &trackedStart, to: end, table: table,
                        smallClasses: smallClasses, startRow: skipsInStart ? startRow : -1, tracking: true)
                    : readQuietCharacters(
                        in: text, index: &index, row: &row, trackedStart: &trackedStart, to: end, table: table,
                        smallClasses: smallClasses, startRow: skipsInStart ? startRow : -1, tracking: false)
                if goesOn { continue characters }
            }
            let (value, next) = text.character(at: index, end: end)
            guard let column = column(of: value) else {
                undecidedOffset = next
                return Self.unknownEnd
            }
            let slot = row &+ column
            var entry = table[slot]
            if entry < 0 {
                // This may start the table again, renumbering rows: `entry` and `table` are the
                // new table's.
                entry = forwardTransition(fromRow: row, column: column)
                table = forwardTable
            }
            row = Int(entry >> Self.flagBits)
            if entry & (Self.matchBit | Self.deadBit | Self.matchBeforeBit) != 0 {
                if entry & (Self.matchBit | Self.matchBeforeBit) != 0, let members = forwardMembers {
                    matchMember = Int(members[slot])
                }
                // This and the tracked start's move below are marked rare so that they stay
                // branches: as conditional moves they cost every stop of a dense search
                // (`\p{Lu}\p{Ll}+`) instructions.
                if _slowPath(entry & Self.matchBeforeBit != 0) {
                    lastEnd = index
                    lastStart = entry & Self.matchBeforeIsFreshBit != 0 ? index : trackedStart
                }
                if entry & Self.matchBit != 0 {
                    lastEnd = next
                    switch entry & Self.matchOriginBits {
                    case Self.matchAtCharacter: lastStart = index
                    case Self.matchAfterCharacter: lastStart = next
                    default: lastStart = trackedStart
                    }
                }
                if entry & Self.deadBit != 0 {
                    if let run, lastStart >= 0, lastStart < lastEnd, run.pointee.count &+ 1 < run.pointee.capacity {
                        // A match, whose start is known, ends the search: the next one starts
                        // at its end (see ``RunSink``).
                        var restartsAfterWord = false
                        if hasWordAssertions {
                            guard let (isWord, _) = lastIsWord(before: lastEnd, in: text) else {
                                dead = true
                                break
                            }
                            restartsAfterWord = isWord
                        }
                        run.pointee.append(start: lastStart, end: lastEnd)
                        countTracking(true)
                        let start = restartsAfterWord ? 1 : 0
                        row = Int(startRows[start])
                        index = lastEnd
                        lastEnd = startFlags[start] & Self.matchBit != 0 ? index : Self.noMatchEnd
                        lastStart = lastEnd
                        matchMember = Int(startMembers[start])
                        trackedStart = -1
                        if Tracking.stopsInLongStretches {
                            // The start state has no earlier threads: tracking starts again.
                            tracking = tracksStartsNow
                            trackingEnd = tracking ? Self.trackingEnd(from: index, to: end) : end
                            loopRestart = -1
                        }
                        table = forwardTable
                        continue characters
                    }
                    dead = true
                    break
                }
            }
            let stepStartBits = Tracking.stopsInLongStretches ? (tracking ? Self.startBits : 0) : startBits
            if _slowPath(entry & stepStartBits != 0) { trackedStart = entry & Self.startsHereBit != 0 ? index : -1 }
            index = next
            // The same class read again in the state reached: when its entry (worked out) leads
            // back to that state with a match after the character, started at the tracked start,
            // and nothing else (no other stop, no move of the tracked start), each further
            // character of the class is that same step, the match ending one character later
            // each time (the small letters of `\p{Lu}\p{Ll}+` from the first on, the step
            // from the capital's state to the matching one and that state's own loop reading the
            // same class). So the run is read comparing classes alone, and the steps' effects
            // set once after it: `lastEnd` at its end, `lastStart` the tracked start, and an
            // alternation's member that entry's (the fast loop leaves matches to this step, and
            // costs less without them).
            let stepMatchRunBlockers =
                Tracking.stopsInLongStretches ? Self.stopMask | stepStartBits | Self.matchOriginBits : matchRunBlockers
            let entryAgain = table[row &+ column]
            if entryAgain & stepMatchRunBlockers == Self.matchBit && Int(entryAgain >> Self.flagBits) == row {
                let runStart = index
                while index < end {
                    let (value, length) = text.smallCharacter(at: index, end: end)
                    guard length != 0, smallClasses[Int(value)] == column else { break }
                    index &+= length
                }
                if index != runStart {
                    lastEnd = index
                    lastStart = trackedStart
                    if let members = forwardMembers { matchMember = Int(members[row &+ column]) }
                }
            }
        }
        readToEnd = !dead
        forwardStop = dead ? index : end
        if dead || !hasWordAssertions { return lastEnd }
        // Word assertions waiting at the text's end may end a match there.
        var entry = forwardTable[row &+ endColumn]
        if entry < 0 { entry = forwardTransition(fromRow: row, column: endColumn) }
        guard entry & Self.matchBeforeBit != 0 else { return lastEnd }
        if let members = forwardMembers { matchMember = Int(members[row &+ endColumn]) }
        lastStart = entry & Self.matchBeforeIsFreshBit != 0 ? end : trackedStart
        return end
    }

    /// The bits of an entry that move the tracked start (see ``tracksStarts``).
    private static let startBits = startsHereBit | startsAmbiguousBit
    /// The bits of an entry not worked out (negative) or flagging a stop.
    private static let stopMask = matchBit | deadBit | matchBeforeBit | Int32.min
    /// How many units a scan with ``StartTrackingNearMatches`` reads tracking starts after
    /// its start, or a run's restart, before it stops tracking them: a dense search finds its
    /// next match long before, with its start; a sparse one reads the rest of its stretch in
    /// the loop without tracking, and the reverse scan finds its rare match's start.
    static let trackedScanLength = 256

    /// Where a scan with ``StartTrackingNearMatches`` from `from` stops tracking starts:
    /// ``trackedScanLength`` units on, or `end`.
    @inline(__always)
    private static func trackingEnd(from: Int, to end: Int) -> Int {
        end &- from > trackedScanLength ? from &+ trackedScanLength : end
    }

    /// The loop of small characters of a scan with ``StartTrackingNearMatches`` (which does
    /// not skip in its start state): reads, from `index` in `table` from `row`, the characters
    /// below ``CodePointClassTable/exactLimit`` whose entries are worked out and flag nothing
    /// (no match ends, a thread is left), as the step of
    /// ``forwardScan(in:from:to:anchored:afterWord:longest:resumingAt:run:readToEnd:tracking:)``
    /// would read them. Returns true when a character is left at `index` for that step, false
    /// when `end` is reached. With `tracking` (a constant at each call, so that each call is
    /// its own loop), `trackedStart` follows the entries' start bits; without, it is left as
    /// is (-1).
    ///
    /// As in that function's own loop, a run of characters of one class that keeps the state
    /// (the letters inside a word for `\b\w+\b`) is read by comparing classes alone, without the
    /// table: the entry is the same for each. Without tracking, the unanchored start states
    /// are left out of that: in them a run of one class is mostly one character, which the
    /// run's test would read twice.
    ///
    /// With tracking and a `run`, the loop also takes the stop of a dense search's every match
    /// (`\b\w+\b` at the separator after a word): the entry that ends the search with a match
    /// before the character, whose start is tracked; it restarts the run there (see
    /// ``RunSink``) as the step would, without leaving the loop. See
    /// ``restartRow(afterMatchBefore:index:previousColumn:trackedStart:run:)`` for when it
    /// may and why it is the step's restart; after one, `lastEnd` and `lastStart` are the start
    /// state's (no match yet), as the step sets them, and `restartedAt` is its offset: the
    /// caller moves the tracking end, `end`, to ``trackedScanLength`` units after it when the
    /// loop reaches `end`, where the step's restart would have put it.
    @inline(__always)
    private func readSmallCharacters<Text: ScannedText>(
        in text: Text, index: inout Int, row: inout Int, trackedStart: inout Int, lastEnd: inout Int, lastStart: inout Int,
        restartedAt: inout Int, to end: Int, run: UnsafeMutablePointer<RunSink>?, table: UnsafeMutablePointer<Int32>,
        smallClasses: UnsafeMutablePointer<UInt8>, startRows: (unanchored: Int, afterWord: Int), tracking: Bool
    ) -> Bool {
        // A stop, or (with tracking) an entry moving the tracked start.
        let quietMask = tracking ? Self.stopMask | Self.startBits : Self.stopMask
        // The class of the character before `index` when this loop read it, else
        // ``unknownClass``.
        var previousColumn = Self.unknownClass
        while true {
            let (value, length) = text.smallCharacter(at: index, end: end)
            guard length != 0 else { return true }
            let column = smallClasses[Int(value)]
            guard column != Self.unknownClass else { return true }
            let entry = table[row &+ Int(column)]
            if entry & Self.stopMask != 0 {
                guard tracking, let run else { return true }
                let restartRow = restartRow(
                    afterMatchBefore: entry, index: index, previousColumn: previousColumn, trackedStart: trackedStart, run: run)
                guard restartRow >= 0 else { return true }
                // The step's restart at the match's end, `index`: the start state after the
                // character before it, no match yet, no tracked start; the character at
                // `index` is read again, in that state.
                row = restartRow
                lastEnd = Self.noMatchEnd
                lastStart = Self.noMatchEnd
                trackedStart = -1
                restartedAt = index
                continue
            }
            // Conditional moves: a branch here is mispredicted at most words' starts.
            if tracking && entry & Self.startBits != 0 {
                trackedStart = entry & Self.startsHereBit != 0 ? index : -1
            }
            let next = Int(entry >> Self.flagBits)
            index &+= length
            // The entry flags nothing: the same class read again is the same step.
            if next == row && (tracking ? entry & quietMask == 0 : row != startRows.unanchored && row != startRows.afterWord) {
                while index < end {
                    let (value, length) = text.smallCharacter(at: index, end: end)
                    guard length != 0, smallClasses[Int(value)] == column else { break }
                    index &+= length
                }
            }
            row = next
            previousColumn = column
            if index >= end { return false }
        }
    }

    /// The bits of a forward entry that decide whether the small characters' loop takes its
    /// stop as a run's restart: it must flag a match before the character that started at the
    /// tracked start, no match after it, and no thread left.
    private static let restartTestBits = matchBit | deadBit | matchBeforeBit | matchBeforeIsFreshBit | Int32.min
    private static let restartBits = deadBit | matchBeforeBit

    /// The row of the start state in which the step of
    /// ``forwardScan(in:from:to:anchored:afterWord:longest:resumingAt:run:readToEnd:tracking:)``
    /// restarts `run` after the match that the stop `entry` at `index` ends, when it does, in a
    /// start state with no match and no member (``restartRowAfterClass``), and the small
    /// characters' loop can do the same: then the match, `trackedStart..<index`, is put in
    /// `run` and counted as tracked. Else -1, and nothing is done. The step's conditions, one by
    /// one:
    /// - The entry flags a match before the character (so `lastEnd` is `index`) that started
    ///   at the tracked start (``matchBeforeIsFreshBit`` clear: `lastStart` is `trackedStart`,
    ///   known when not -1, and before `index`, where it was set when an earlier character was
    ///   read), no match after it (which would move `lastEnd`), and no thread left; it is
    ///   worked out (not negative).
    /// - `run` has room for this match and one more.
    /// - The step restarts after a word character or not as `lastIsWord(before: index)` says:
    ///   the nearest character before `index` that is not transparent. When this loop read the
    ///   character before `index` (`previousColumn`, else ``unknownClass``; a small character,
    ///   which the backward reading finds whole) and it is not transparent, that is the one,
    ///   and its class says whether it is a word character (a match before a character comes
    ///   from a word assertion, so the pattern has some and ``classIsWord`` is the step's):
    ///   ``restartRowAfterClass`` has the start state's row. Otherwise (-1) the step decides.
    /// - The step counts the match with ``countTracking(_:)``, which may stop tracking at the
    ///   end of an interval; the loop counts it only when no interval ends
    ///   (``countTrackedMatchWithinInterval()``), so that tracking goes on as in the step.
    @inline(__always)
    private func restartRow(
        afterMatchBefore entry: Int32, index: Int, previousColumn: UInt8, trackedStart: Int,
        run: UnsafeMutablePointer<RunSink>
    ) -> Int {
        let restartRow = Int(restartRowAfterClass[Int(previousColumn)])
        guard restartRow >= 0, entry & Self.restartTestBits == Self.restartBits, trackedStart >= 0,
            run.pointee.count &+ 1 < run.pointee.capacity, countTrackedMatchWithinInterval()
        else { return -1 }
        run.pointee.append(start: trackedStart, end: index)
        return restartRow
    }

    /// The loop of ``forwardScan(in:from:to:anchored:afterWord:longest:resumingAt:run:readToEnd:tracking:)``
    /// that skips in its start state over characters below ``CodePointClassTable/exactLimit``
    /// whose entries flag nothing, from `index` in state `row`: true when the scan goes on at
    /// the top of its loop (the state is `startRow` again after a character that kept it, where
    /// the skip is taken again, or the text ended), false when the next character is the
    /// scan's steps' to read. `startRow` is -1 for a scan that does not skip.
    ///
    /// `tracking` is whether the scan tracks starts now: the scan calls this with a literal
    /// for each, so that without tracking no instruction of the loop moves the tracked start
    /// (with the variable's conditional moves and the registers they took, the loop cost 32
    /// instructions a byte of `555-123-4567` for `[0-9]{3}-[0-9]{3}-[0-9]{4}`, which tracks no
    /// starts; 23 without, counted with callgrind).
    @inline(__always)
    private func readQuietCharacters<Text: ScannedText>(
        in text: Text, index: inout Int, row: inout Int, trackedStart: inout Int, to end: Int,
        table: UnsafeMutablePointer<Int32>, smallClasses: UnsafeMutablePointer<UInt8>, startRow: Int, tracking: Bool
    ) -> Bool {
        let startBits = tracking ? Self.startBits : 0
        // A stop, or an entry moving the tracked start.
        let quietMask = Self.stopMask | startBits
        while true {
            let (value, length) = text.smallCharacter(at: index, end: end)
            guard length != 0 else { return false }
            let column = smallClasses[Int(value)]
            guard column != Self.unknownClass else { return false }
            let entry = table[row &+ Int(column)]
            guard entry & Self.stopMask == 0 else { return false }
            // Conditional moves: a branch here is mispredicted at most words' starts.
            if tracking && entry & startBits != 0 { trackedStart = entry & Self.startsHereBit != 0 ? index : -1 }
            let next = Int(entry >> Self.flagBits)
            index &+= length
            if next == row {
                if row == startRow { return true }
                // The entry flags nothing: the same class read again is the same step.
                if entry & quietMask == 0 {
                    // Its ASCII characters are read a unit each, in an inner loop of a few
                    // instructions with no jump inside (a run can be a whole line, as for
                    // `.*`); the other small characters are decoded between such loops. (One
                    // loop that decoded every character jumped over the decoding of two bytes
                    // for each ASCII one: it read 25-40% slower on `quadratic` in builds that
                    // placed it across three cache lines instead of two.) A unit below 0x80
                    // is the character that `smallCharacter` reads there, one unit long.
                    run: while index < end {
                        var unit = text.unit(at: index)
                        while unit < 0x80 {
                            guard smallClasses[Int(unit)] == column else { break run }
                            index &+= 1
                            guard index < end else { break run }
                            unit = text.unit(at: index)
                        }
                        let (value, length) = text.smallCharacter(at: index, end: end)
                        guard length != 0, smallClasses[Int(value)] == column else { break }
                        index &+= length
                    }
                }
            }
            row = next
            if index == end { return true }
        }
    }

    /// Where the match that ends at `end` starts: the earliest offset from `from` on from
    /// which the pattern matches `text[offset..<end]`, `next` telling what the character after
    /// `end` is for `\b` and `startColumn` what precedes `from`; ``noMatchEnd`` when there is
    /// none, ``unknownEnd`` when the classes cannot tell.
    @inline(never)
    private func reverseMatchStart<Text: ScannedText>(
        in text: Text, from: Int, end: Int, next: NextCharacter, startColumn: Int
    ) -> Int {
        var table = reverseTable
        var row = Int(reverseStartRows[Int(next.rawValue)])
        var start = isNullable ? end : -1
        var index = end
        var dead = false
        // The start of the nearest character that is not transparent before the run of
        // transparent characters last read (valid while the scan is right of it), and whether
        // it is a word character.
        var runBase = Int.max
        var runBaseIsWord = false
        while index > from {
            let (value, previous) = text.character(before: index, start: from)
            guard var column = column(of: value) else { return Self.unknownEnd }
            if hasTransparentClasses && classIsTransparent[column] {
                if previous <= runBase {
                    guard let (isWord, at) = lastIsWord(before: previous, in: text) else { return Self.unknownEnd }
                    runBase = at
                    runBaseIsWord = isWord
                }
                if runBaseIsWord { column = Int(transparentAfterWordColumn[column]) }
            }
            var entry = table[row &+ column]
            if entry < 0 {
                entry = reverseTransition(fromRow: row, column: column)
                table = reverseTable
            }
            row = Int(entry >> Self.flagBits)
            if entry & Self.matchBeforeBit != 0 { start = index }
            index = previous
            if entry & Self.matchBit != 0 { start = index }
            if entry & Self.deadBit != 0 {
                dead = true
                break
            }
        }
        return dead ? start : startOfSearch(fromRow: row, column: startColumn, at: from, start: start)
    }

    /// `start`, or `from` when the reverse state of `row` starts a match at the search's
    /// start `from`, after what `column` says (word assertions waiting there hold).
    @inline(__always)
    private func startOfSearch(fromRow row: Int, column: Int, at from: Int, start: Int) -> Int {
        guard hasWordAssertions else { return start }
        var entry = reverseTable[row &+ column]
        if entry < 0 { entry = reverseTransition(fromRow: row, column: column) }
        return entry & Self.matchBeforeBit != 0 ? from : start
    }

    /// The class of the code point `value` (``ScannedText/illFormed`` for none), when the
    /// classes know it exactly.
    @inline(__always)
    private func column(of value: UInt32) -> Int? {
        if value < CodePointClassTable.exactLimit {
            let small = smallClasses[Int(value)]
            return small == Self.unknownClass ? nil : Int(small)
        }
        return value == UTF8ScannedText.illFormed ? nil : knownClass(of: value)
    }

    /// The class of a code point from ``CodePointClassTable/exactLimit`` on, when the
    /// classes know it exactly.
    @inline(__always)
    private func knownClass(of value: UInt32) -> Int? {
        if approximatesLargeCharacters {
            let known = largeCharacterClasses.entry(of: value)
            if known != 0 { return known >= 2 ? Int(known) - 2 : nil }
            return largeClass(of: value)
        }
        let valueClass = classes.classOf(value)
        guard valueClass != CodePointClassTable.stopClass else { return nil }
        return Int(valueClass)
    }

    /// The class of `value`, from ``CodePointClassTable/exactLimit`` on, worked out by
    /// asking ICU which sets hold it and kept; nil when no class has those positions, or
    /// ignoring case when its folding is several characters.
    @inline(never)
    private func largeClass(of value: UInt32) -> Int? {
        var found: Int32 = -1
        if !(caseInsensitive && MultiCharacterFolds.contains(value)), let mask = membership.positions(holding: value),
            let fitting = classOfMask[mask]
        {
            found = fitting
        }
        largeCharacterClasses.store(UInt16(found + 2), for: value)
        return found >= 0 ? Int(found) : nil
    }

    // MARK: Forward states

    /// Flags of a forward state's key: the start's items are still added after it; the last
    /// character that is not transparent was a word character (kept only when a word
    /// assertion waits in the state or a transparent character may be read);
    /// the state is one of a search for the longest match, which keeps the items after a
    /// match.
    private static let startsMoreFlag: Int32 = 4
    private static let lastWasWordFlag: Int32 = 8
    private static let longestFlag: Int32 = 16

    /// Adds the states in which searches start: unanchored after a character that is not, and
    /// that is, a word character, then the same anchored, then anchored for the longest match
    /// (the first is row 0).
    private func addInitialForwardStates() {
        let starts = [(false, false, false), (false, true, false), (true, false, false), (true, true, false), (true, false, true), (true, true, true)]
        assert(starts.count == Self.startStates)
        for (index, (anchored, afterWord, longest)) in starts.enumerated() {
            let key = closure(automaton.entry, startsMore: !anchored, lastWasWord: afterWord, longest: longest)
            startRows[index] = forwardRows[key] ?? addForwardState(key)
            startFlags[index] = flags(of: key)
            startMembers[index] = key[0] & Self.matchBit != 0 ? emptyMatchMember : -1
        }
    }

    /// The key of the state reached through `items`, in priority order: the items before the
    /// first ``PrioritizedPositionAutomaton/match`` (with `longest`, all of them), each once,
    /// and whether there was one. After a match, the start's items are no longer added.
    private func closure(_ items: [Int32], startsMore: Bool, lastWasWord: Bool, longest: Bool = false) -> [Int32] {
        var key: [Int32] = [0]
        var seen = PositionSet.empty
        var matches = false
        var waitsForBoundary = false
        for item in items {
            if item == PrioritizedPositionAutomaton.match {
                matches = true
                if longest { continue }
                break
            }
            let bit = PositionSet(position: Int(item))
            if (seen & bit).isEmpty {
                seen |= bit
                key.append(item)
                if automaton.kinds[Int(item)] != .character { waitsForBoundary = true }
            }
        }
        key[0] = (matches ? Self.matchBit : 0) | (startsMore && !matches ? Self.startsMoreFlag : 0)
            | ((waitsForBoundary || hasTransparentClasses) && lastWasWord ? Self.lastWasWordFlag : 0)
            | (longest ? Self.longestFlag : 0)
        return key
    }

    /// The table-entry flags of the state with `key`.
    private func flags(of key: [Int32]) -> Int32 {
        let dead = key.count == 1 && key[0] & Self.startsMoreFlag == 0
        return (key[0] & Self.matchBit) | (dead ? Self.deadBit : 0)
    }

    /// True when the word assertion `kind` holds between a character that is or is not a
    /// word character (`afterWord`; for `\b`, the nearest one that is not transparent) and
    /// one that is or is not (`beforeWord`), or is transparent (`beforeTransparent`: `\b` is
    /// never before one).
    @inline(__always)
    private static func holds(
        _ kind: PrioritizedPositionAutomaton.PositionKind, afterWord: Bool, beforeWord: Bool, beforeTransparent: Bool = false
    ) -> Bool {
        switch kind {
        case .wordBoundary: !beforeTransparent && afterWord != beforeWord
        case .notWordBoundary: beforeTransparent || afterWord == beforeWord
        case .after: afterWord
        case .notAfter: !afterWord
        case .before: beforeWord
        case .notBefore: !beforeWord
        case .character: false
        }
    }

    /// Computes, stores and returns the entry for the forward state of `row` and `column`
    /// (``endColumn``: the text's end).
    private func forwardTransition(fromRow row: Int, column: Int) -> Int32 {
        let key = forwardStates[row / columns]
        let startsMore = key[0] & Self.startsMoreFlag != 0
        let lastWasWord = key[0] & Self.lastWasWordFlag != 0
        let longest = key[0] & Self.longestFlag != 0
        let atEnd = hasWordAssertions && column == endColumn
        let nextIsWord = !atEnd && classIsWord[column]
        let nextIsTransparent = !atEnd && classIsTransparent[column]
        // The word assertions waiting in the state are decided before the character, and
        // what follows them takes their place in the order. Searching for the longest match,
        // the items after a match are kept.
        var candidates: [Int32] = []
        var seen = PositionSet.empty
        // The member of the match decided before the character, for an alternation's plan.
        var memberBefore: Int32 = -1
        // Whether the key's item being decided, and each candidate, is one of the threads that
        // start at the character read (see ``tracksStarts``).
        var itemIsFresh = false
        var candidateIsFresh: [Bool] = []
        func decide(_ items: some Sequence<Int32>) -> Bool {
            var matched = false
            for item in items {
                if item == PrioritizedPositionAutomaton.match {
                    if !longest { return true }
                    matched = true
                    continue
                }
                let bit = PositionSet(position: Int(item))
                guard (seen & bit).isEmpty else { continue }
                seen |= bit
                let kind = automaton.kinds[Int(item)]
                if kind == .character {
                    candidates.append(item)
                    candidateIsFresh.append(itemIsFresh)
                } else if Self.holds(kind, afterWord: lastWasWord, beforeWord: nextIsWord, beforeTransparent: nextIsTransparent),
                    decide(automaton.follow[Int(item)])
                {
                    if memberBefore < 0, let memberOfPosition { memberBefore = memberOfPosition[Int(item)] }
                    if !longest { return true }
                    matched = true
                }
            }
            return matched
        }
        // The key's items one by one, each with its thread's start (see ``tracksStarts``).
        var matchesBefore = false
        var matchBeforeIsFresh = false
        for item in key.dropFirst() {
            itemIsFresh = tracksStarts && !(automaton.firstPositions & PositionSet(position: Int(item))).isEmpty
            if decide(CollectionOfOne(item)) {
                if !matchesBefore { matchBeforeIsFresh = itemIsFresh }
                matchesBefore = true
                if !longest { break }
            }
        }
        let beforeBits = matchesBefore ? Self.matchBeforeBit | (matchBeforeIsFresh ? Self.matchBeforeIsFreshBit : 0) : 0
        if atEnd {
            forwardMembers?[row + column] = memberBefore
            let entry = Int32(row) << Self.flagBits | beforeBits | Self.deadBit
            forwardTable[row + column] = entry
            return entry
        }
        let mask = classes.masks[column]
        var items: [Int32] = []
        for position in candidates where !(mask & PositionSet(position: Int(position))).isEmpty {
            items += automaton.follow[Int(position)]
        }
        let startsAfter = startsMore && !matchesBefore
        if startsAfter { items += automaton.entry }
        let startBits = tracksStarts ? trackedStartBits(candidates, candidateIsFresh, mask: mask, startsAfter: startsAfter) : 0
        if let memberOfPosition, let forwardMembers {
            // The match after the character is that of the first position read whose follow
            // list holds the match item, or else the entry's.
            var memberAfter: Int32 = -1
            for position in candidates
            where !(mask & PositionSet(position: Int(position))).isEmpty
                && automaton.follow[Int(position)].contains(PrioritizedPositionAutomaton.match)
            {
                memberAfter = memberOfPosition[Int(position)]
                break
            }
            if memberAfter < 0 && startsAfter && automaton.isNullable { memberAfter = emptyMatchMember }
            forwardMembers[row + column] = memberAfter >= 0 ? memberAfter : memberBefore
        }
        let next = closure(
            items, startsMore: startsAfter, lastWasWord: nextIsTransparent ? lastWasWord : nextIsWord, longest: longest)
        let targetRow: Int32
        if let known = forwardRows[next] {
            targetRow = known
        } else if forwardStates.count >= maximumStates {
            // Start again with the initial states and the new one; the entry of `row`, which
            // is gone, is not stored.
            forwardStates.removeAll(keepingCapacity: true)
            forwardRows.removeAll(keepingCapacity: true)
            forwardResets += 1
            prefixRow = Self.unknownPrefixRow
            addInitialForwardStates()
            return (forwardRows[next] ?? addForwardState(next)) << Self.flagBits | flags(of: next) | beforeBits | startBits
        } else {
            targetRow = addForwardState(next)
        }
        let entry = targetRow << Self.flagBits | flags(of: next) | beforeBits | startBits
        forwardTable[row + column] = entry
        return entry
    }

    /// The bits of a forward entry that tell where the threads of the state it reaches, and
    /// the match it ends after the character, start (``tracksStarts``): of the threads that
    /// read the character, `candidates` in priority order (those `mask` accepts go on) and
    /// whether each one started at the character read (`candidateIsFresh`); with `startsAfter`,
    /// the entry's items are added after them. As ``closure(_:startsMore:lastWasWord:longest:)``
    /// does, the items are taken in order, each where it first occurs, until the first match.
    private func trackedStartBits(
        _ candidates: [Int32], _ candidateIsFresh: [Bool], mask: PositionSet, startsAfter: Bool
    ) -> Int32 {
        var seen = PositionSet.empty
        var keepsEarlier = false
        var keepsFresh = false
        var matchOrigin: Int32? = nil
        candidates: for (position, isFresh) in zip(candidates, candidateIsFresh)
        where !(mask & PositionSet(position: Int(position))).isEmpty {
            for item in automaton.follow[Int(position)] {
                if item == PrioritizedPositionAutomaton.match {
                    matchOrigin = isFresh ? Self.matchAtCharacter : Self.matchAtTrackedStart
                    break candidates
                }
                let bit = PositionSet(position: Int(item))
                guard (seen & bit).isEmpty else { continue }
                seen |= bit
                if isFresh { keepsFresh = true } else { keepsEarlier = true }
            }
        }
        if matchOrigin == nil && startsAfter && automaton.isNullable { matchOrigin = Self.matchAfterCharacter }
        let threads = keepsEarlier && keepsFresh ? Self.startsAmbiguousBit : keepsFresh ? Self.startsHereBit : 0
        return threads | (matchOrigin ?? 0)
    }

    /// Adds a forward state with `key`, with unknown entries, and returns its row.
    private func addForwardState(_ key: [Int32]) -> Int32 {
        let number = forwardStates.count
        if number >= forwardCapacity {
            forwardCapacity *= 2
            forwardTable = Self.grown(forwardTable, rows: number, newRows: forwardCapacity, columns: columns)
            if let members = forwardMembers {
                forwardMembers = Self.grown(members, rows: number, newRows: forwardCapacity, columns: columns)
            }
        }
        forwardStates.append(key)
        let row = Int32(number * columns)
        forwardRows[key] = row
        (forwardTable + number * columns).update(repeating: Self.unknownEntry, count: columns)
        return row
    }

    // MARK: Reverse states

    /// The rows of the states in which the reverse search starts, by what the character after
    /// the match is (``NextCharacter``'s raw values; row 0: before another character).
    @exclusivity(unchecked) private var reverseStartRows: [Int32] = [0, 0, 0]

    /// Adds the states in which the reverse search starts: the items a match may end with,
    /// before a character that is not a word character, one that is, and a transparent one.
    private func addInitialReverseStates() {
        let last = automaton.lastPositions
        for next in [NextCharacter.other, .word, .transparent] {
            let state = reverseState(last, next: next)
            reverseStartRows[Int(next.rawValue)] = reverseRows[state] ?? addReverseState(state)
        }
    }

    /// The reverse state of `items`, keeping what the next character is only when a word
    /// assertion is among them.
    private func reverseState(_ items: PositionSet, next: NextCharacter) -> ReverseState {
        var waitsForBoundary = false
        if hasWordAssertions {
            items.forEach { if automaton.kinds[$0] != .character { waitsForBoundary = true } }
        }
        return ReverseState(items: items, next: waitsForBoundary ? next : .other)
    }

    /// Computes, stores and returns the entry for the reverse state of `row` and `column`
    /// (``startColumn``, ``startAfterWordColumn``: the search's start; from there on, a
    /// transparent class after a word character): the word assertions decided after the
    /// character, the positions that read it, whether a match may start before or after it,
    /// and the items that may come before.
    private func reverseTransition(fromRow row: Int, column: Int) -> Int32 {
        let state = reverseStates[row / columns]
        let atStart = hasWordAssertions && (column == startColumn || column == startAfterWordColumn)
        let afterWordColumn = hasWordAssertions && column > startAfterWordColumn
        // The class read (none at the start), and whether the nearest character that is not
        // transparent, from it leftwards, is a word character.
        var characterClass = column
        if afterWordColumn {
            characterClass = (0..<classCount).first { Int(transparentAfterWordColumn[$0]) == column }!
        }
        let characterIsTransparent = !atStart && classIsTransparent[characterClass]
        let characterIsWord = !atStart && classIsWord[characterClass]
        let lastIsWord = atStart ? column == startAfterWordColumn : characterIsTransparent ? afterWordColumn : characterIsWord
        var positions = PositionSet.empty
        var startsAfter = false
        if hasWordAssertions {
            var seen = PositionSet.empty
            var waiting = state.items
            while !waiting.isEmpty {
                var next = PositionSet.empty
                waiting.forEach { item in
                    let bit = PositionSet(position: item)
                    guard (seen & bit).isEmpty else { return }
                    seen |= bit
                    let kind = automaton.kinds[item]
                    if kind == .character {
                        positions |= bit
                    } else if Self.holds(
                        kind, afterWord: lastIsWord, beforeWord: state.next == .word,
                        beforeTransparent: state.next == .transparent)
                    {
                        if !(automaton.firstPositions & bit).isEmpty { startsAfter = true }
                        next |= automaton.precede[item]
                    }
                }
                waiting = next
            }
        } else {
            positions = state.items
        }
        let afterBits = startsAfter ? Self.matchBeforeBit : 0
        if atStart {
            let entry = Int32(row) << Self.flagBits | afterBits | Self.deadBit
            reverseTable[row + column] = entry
            return entry
        }
        let read = positions & classes.masks[characterClass]
        var before = PositionSet.empty
        read.forEach { before |= automaton.precede[$0] }
        let flags = ((read & firstCharacterPositions).isEmpty ? 0 : Self.matchBit) | (before.isEmpty ? Self.deadBit : 0) | afterBits
        let next = reverseState(before, next: characterIsTransparent ? .transparent : characterIsWord ? .word : .other)
        let targetRow: Int32
        if let known = reverseRows[next] {
            targetRow = known
        } else if reverseStates.count >= maximumStates {
            reverseStates.removeAll(keepingCapacity: true)
            reverseRows.removeAll(keepingCapacity: true)
            addInitialReverseStates()
            return (reverseRows[next] ?? addReverseState(next)) << Self.flagBits | flags
        } else {
            targetRow = addReverseState(next)
        }
        let entry = targetRow << Self.flagBits | flags
        reverseTable[row + column] = entry
        return entry
    }

    /// Adds a reverse state, with unknown entries, and returns its row.
    private func addReverseState(_ state: ReverseState) -> Int32 {
        let number = reverseStates.count
        if number >= reverseCapacity {
            reverseCapacity *= 2
            reverseTable = Self.grown(reverseTable, rows: number, newRows: reverseCapacity, columns: columns)
        }
        reverseStates.append(state)
        let row = Int32(number * columns)
        reverseRows[state] = row
        (reverseTable + number * columns).update(repeating: Self.unknownEntry, count: columns)
        return row
    }

    /// A table of `newRows` rows holding the first `rows` of `table`, which it frees.
    private static func grown(
        _ table: UnsafeMutablePointer<Int32>, rows: Int, newRows: Int, columns: Int
    ) -> UnsafeMutablePointer<Int32> {
        let newTable = UnsafeMutablePointer<Int32>.allocate(capacity: newRows * columns)
        newTable.update(from: table, count: rows * columns)
        table.deallocate()
        return newTable
    }
}

/// How a forward scan of ``MatchAutomaton`` tracks where its threads start (see its
/// `tracksStarts`): a type chosen once per search, so that each way is its own loop, with no
/// test of the way in it.
private protocol ForwardStartTracking {
    /// True when the scan stops tracking starts ``MatchAutomaton/trackedScanLength`` units
    /// after its start or a run's restart, false when it tracks them to its end.
    static var stopsInLongStretches: Bool { get }
}

/// Tracking to the scan's end: a search that skips in its start state (the skip reads the
/// long stretches without a match, and the loop the matches, which tracking pays for), or an
/// anchored one.
private enum StartTrackingToEnd: ForwardStartTracking {
    static var stopsInLongStretches: Bool { false }
}

/// Tracking near the scan's start and a run's restarts only, for a search that reads every
/// character, not skipping in its start state (a pattern with word assertions, or that
/// matches the empty string): a dense search (`\b\w+\b`) finds its matches' starts as it
/// reads them, and a sparse one (`\b[a-z]+woman\b`) reads its long stretches without a match
/// in the loop without tracking, the reverse scan finding its match's start. Exact: an
/// unknown tracked start is -1 everywhere, which leaves the start to the reverse scan, and a
/// run (``MatchAutomaton/RunSink``) takes only matches whose start is known.
private enum StartTrackingNearMatches: ForwardStartTracking {
    static var stopsInLongStretches: Bool { true }
}
