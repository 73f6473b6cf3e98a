import Synchronization

/// A value worked out by the first caller that asks for it, then kept: for what the search plan
/// needs only on long searches and what costs more to work out than compiling the pattern
/// (asking ICU about a pattern's classes).
final class LazyValue<Value: Sendable>: Sendable {
    private let compute: @Sendable () -> Value

    /// Whether the value is worked out yet.
    private enum State: Sendable {
        case unknown
        case known(Value)
    }

    private let state = Mutex<State>(.unknown)

    /// Makes a lazy value that `compute` works out.
    init(_ compute: @escaping @Sendable () -> Value) {
        self.compute = compute
    }

    /// True once the value is worked out.
    var isWorkedOut: Bool {
        state.withLock { state in
            if case .known = state { return true }
            return false
        }
    }

    /// The value, worked out by the first caller.
    var value: Value {
        state.withLock { state in
            if case .known(let known) = state { return known }
            let computed = compute()
            state = .known(computed)
            return computed
        }
    }
}
