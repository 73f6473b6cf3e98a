import Synchronization

/// The automata of one pattern for the search plan: their plan worked out on first use (asking
/// ICU about the pattern's classes costs more than compiling the pattern, and only long
/// searches need it), and automata, each with the table it has filled so far, lent to one
/// search at a time.
final class LazyAutomatonPool<Plan: Sendable, Automaton: AnyObject>: Sendable {
    /// The plan; nil when the pattern has none.
    private let plan: LazyValue<Plan?>
    private let makeAutomaton: @Sendable (Plan) -> Automaton
    /// Idle automata, as retained opaque references (an automaton is not `Sendable`; each is
    /// used by the one search that took it).
    private let idle = Mutex<[UInt]>([])
    /// One more idle automaton, as a retained opaque reference or 0, taken and given back by
    /// one atomic exchange each with no lock: a loop of short searches on one thread (the
    /// string conveniences on a text of a few dozen characters) borrows the same automaton
    /// from here every time, where the lock and the array cost about as much as its search.
    /// Whoever empties the slot owns the automaton, so no two searches hold it at once.
    private let spare = Atomic<UInt>(0)

    /// The most idle automata kept under the lock, besides the spare one.
    private static var maximumIdle: Int { 8 }

    /// Makes a pool whose plan `makePlan` works out and whose automata `makeAutomaton` makes.
    init(plan makePlan: @escaping @Sendable () -> Plan?, automaton makeAutomaton: @escaping @Sendable (Plan) -> Automaton) {
        plan = LazyValue(makePlan)
        self.makeAutomaton = makeAutomaton
    }

    deinit {
        for address in idle.withLock({ $0 }) + [spare.load(ordering: .acquiring)] where address != 0 {
            Unmanaged<Automaton>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
        }
    }

    /// Whether the plan is worked out, and whether there is one: read without a lock, for
    /// the checks of every short search.
    private let planState = Atomic<UInt8>(PlanState.unknown.rawValue)

    enum PlanState: UInt8 {
        /// Not worked out yet.
        case unknown
        /// Worked out: the pattern has none.
        case absent
        /// Worked out: automata can be made at once.
        case present
    }

    /// What is known of the plan.
    var state: PlanState { PlanState(rawValue: planState.load(ordering: .acquiring))! }

    /// True once the plan is worked out, so that a search costs no more than its scan.
    var isPlanned: Bool { state != .unknown }

    /// The plan, worked out by the first caller, with ``state`` kept.
    private var workedOutPlan: Plan? {
        let value = plan.value
        planState.store((value == nil ? PlanState.absent : .present).rawValue, ordering: .releasing)
        return value
    }

    /// A new automaton for one thread's use, or nil when the pattern has no plan.
    func automatonOfItsOwn() -> Automaton? {
        workedOutPlan.map(makeAutomaton)
    }

    /// Runs `body` with an automaton of the pattern, taken from the idle ones or made from
    /// the plan, and keeps it for later searches; runs `body` with nil when the pattern has no
    /// plan.
    func withAutomaton<Result>(
        _ body: (Automaton?) throws(ICURegexError) -> Result
    ) throws(ICURegexError) -> Result {
        guard let automaton = take() else { return try body(nil) }
        defer { put(automaton) }
        return try body(automaton)
    }

    /// Runs `body` with an automaton of the pattern, as ``withAutomaton(_:)`` does, and
    /// returns its result; nil, without running it, when the pattern has no plan. The spare
    /// automaton is lent without a reference count of its own (the slot's keeps it alive
    /// until it is back), which saves a short search a retain and a release.
    @inline(__always)
    func withBorrowedAutomaton<Result>(_ body: (Automaton) -> Result) -> Result? {
        let spareAddress = spare.exchange(0, ordering: .acquiring)
        guard spareAddress != 0 else {
            guard let automaton = take() else { return nil }
            defer { put(automaton) }
            return body(automaton)
        }
        let result = Unmanaged<Automaton>.fromOpaque(UnsafeRawPointer(bitPattern: spareAddress)!)
            ._withUnsafeGuaranteedRef(body)
        keep(address: spareAddress)
        return result
    }

    /// An idle automaton (the spare one first), or a new one made from the plan; nil when the
    /// pattern has no plan. Give it back with ``put(_:)``.
    func take() -> Automaton? {
        let spareAddress = spare.exchange(0, ordering: .acquiring)
        if spareAddress != 0 {
            return Unmanaged<Automaton>.fromOpaque(UnsafeRawPointer(bitPattern: spareAddress)!).takeRetainedValue()
        }
        if let address = idle.withLock({ $0.popLast() }) {
            return Unmanaged<Automaton>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeRetainedValue()
        }
        return workedOutPlan.map(makeAutomaton)
    }

    /// Keeps `automaton`, taken with ``take()``, for later searches: as the spare one when
    /// that slot is empty.
    func put(_ automaton: Automaton) {
        keep(address: UInt(bitPattern: Unmanaged.passRetained(automaton).toOpaque()))
    }

    /// Keeps the automaton at `address`, a retained opaque reference, as the spare one or
    /// among the idle ones, or releases it when there are enough.
    private func keep(address: UInt) {
        if spare.compareExchange(expected: 0, desired: address, ordering: .releasing).exchanged { return }
        let kept = idle.withLock { idle in
            guard idle.count < Self.maximumIdle else { return false }
            idle.append(address)
            return true
        }
        if !kept { Unmanaged<Automaton>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release() }
    }
}

/// The line automaton of one pattern, read without line edges, for the search plan of long
/// UTF-16 ranges.
typealias LazyLineAutomaton = LazyAutomatonPool<LineAutomatonPlan, LineAutomaton>

extension LazyAutomatonPool where Plan == LineAutomatonPlan, Automaton == LineAutomaton {
    /// Makes a lazy line automaton for `pattern` compiled with `options`.
    convenience init(_ pattern: String, options: RegexPattern.Options) {
        self.init(
            plan: { LineAutomatonPlan(patterns: [pattern], options: options, lineEdges: false) },
            automaton: LineAutomaton.init)
    }
}

/// The match automata of one pattern (see ``MatchAutomaton``).
typealias LazyMatchAutomaton = LazyAutomatonPool<MatchAutomatonPlan, MatchAutomaton>

extension LazyAutomatonPool where Plan == MatchAutomatonPlan, Automaton == MatchAutomaton {
    /// Makes lazy match automata for `pattern` compiled with `options`.
    convenience init(_ pattern: String, options: RegexPattern.Options) {
        self.init(plan: { MatchAutomatonPlan(pattern: pattern, options: options) }, automaton: { MatchAutomaton($0) })
    }

    /// A new automaton for one thread's use that reads no carriage return (see
    /// ``MatchAutomaton/init(_:carriageReturnIsUnknown:)``), or nil when the pattern has no
    /// plan.
    func automatonReadingNoCarriageReturn() -> MatchAutomaton? {
        workedOutPlan.map { MatchAutomaton($0, carriageReturnIsUnknown: true) }
    }
}
