import Synchronization

/// The line automaton of one pattern for the search plan of long UTF-16 ranges: its plan worked
/// out on first use (asking ICU about the pattern's classes costs more than compiling it, and
/// only long searches need it), and automata, each with the table it has filled so far, lent
/// to one search at a time.
final class LazyLineAutomaton: Sendable {
    /// The plan, read without line edges; nil when the pattern has none.
    private let plan: LazyValue<LineAutomatonPlan?>
    /// Idle automata, as retained opaque references (an automaton is not `Sendable`; each is
    /// used by the one search that took it).
    private let idle = Mutex<[UInt]>([])

    /// The most idle automata kept.
    private static let maximumIdle = 8

    /// Makes a lazy automaton for `pattern` compiled with `options`.
    init(_ pattern: String, options: RegexPattern.Options) {
        plan = LazyValue { LineAutomatonPlan(patterns: [pattern], options: options, lineEdges: false) }
    }

    deinit {
        for address in idle.withLock({ $0 }) {
            Unmanaged<LineAutomaton>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
        }
    }

    /// Runs `body` with an automaton of the pattern, taken from the idle ones or made from
    /// the plan, and keeps it for later searches; runs `body` with nil when the pattern has no
    /// plan.
    func withAutomaton<Result>(
        _ body: (LineAutomaton?) throws(ICURegexError) -> Result
    ) throws(ICURegexError) -> Result {
        let automaton: LineAutomaton
        if let address = idle.withLock({ $0.popLast() }) {
            automaton = Unmanaged<LineAutomaton>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeRetainedValue()
        } else if let plan = plan.value {
            automaton = LineAutomaton(plan)
        } else {
            return try body(nil)
        }
        defer {
            let address = UInt(bitPattern: Unmanaged.passRetained(automaton).toOpaque())
            let kept = idle.withLock { idle in
                guard idle.count < Self.maximumIdle else { return false }
                idle.append(address)
                return true
            }
            if !kept { Unmanaged<LineAutomaton>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release() }
        }
        return try body(automaton)
    }
}
