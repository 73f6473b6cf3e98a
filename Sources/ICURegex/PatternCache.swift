import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A bounded, thread-safe cache of compiled patterns for the calls that take a pattern as a
/// string, so that a loop over one pattern compiles it once.
///
/// It holds at most ``capacity`` patterns; when full, the oldest entry makes room (first in,
/// first out). Patterns that fail to compile are not cached.
final class PatternCache: Sendable {
    private struct Key: Hashable {
        let pattern: String
        let options: RegexPattern.Options

        /// Compares the patterns' code points. `String`'s own `==` is canonical equivalence, under
        /// which the Kelvin sign U+212A equals `K` and `é` equals `e` + U+0301, but ICU compiles
        /// code points, and those are different patterns.
        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.options == rhs.options && sameCodePoints(lhs.pattern, rhs.pattern)
        }

        /// True when the two strings hold the same UTF-8, in O(1) when they share storage.
        static func sameCodePoints(_ lhs: String, _ rhs: String) -> Bool {
            let left = lhs.utf8
            let right = rhs.utf8
            guard left.count == right.count else { return false }
            let compared = left.withContiguousStorageIfAvailable { left in
                right.withContiguousStorageIfAvailable { right in
                    left.baseAddress == right.baseAddress || left.elementsEqual(right)
                }
            }
            return (compared ?? nil) ?? left.elementsEqual(right)
        }

        /// Hashes as `String` does: canonically equivalent patterns hash alike, which is
        /// consistent with the stricter `==`.
        func hash(into hasher: inout Hasher) {
            hasher.combine(pattern)
            hasher.combine(options)
        }
    }

    private struct State {
        /// The entry found or added last: a loop over one pattern finds it by comparing keys,
        /// which is much cheaper than hashing (equal string storage compares in O(1)).
        var mostRecent: (key: Key, pattern: RegexPattern)?
        var patterns: [Key: RegexPattern] = [:]
        var insertionOrder: [Key] = []
        var oldest = 0
    }

    /// The most patterns held at once.
    let capacity: Int
    private let state = Mutex(State())

    /// The cache behind the string-pattern conveniences such as `String.range(ofRegex:)`.
    static let shared = PatternCache(capacity: 256)

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    /// The compiled form of `pattern` with `options`, compiled now if it is not cached.
    func pattern(_ pattern: String, options: RegexPattern.Options) throws(ICURegexError) -> RegexPattern {
        let cached = state.withLock { state -> RegexPattern? in
            // Compared without making a key, which would retain the pattern string.
            if let recent = state.mostRecent, recent.key.options == options,
                Key.sameCodePoints(recent.key.pattern, pattern)
            {
                return recent.pattern
            }
            let key = Key(pattern: pattern, options: options)
            guard let found = state.patterns[key] else { return nil }
            state.mostRecent = (key, found)
            return found
        }
        if let cached {
            return cached
        }
        // Compile outside the lock; if two threads race, both results are equivalent.
        let compiled = try RegexPattern(pattern, options: options)
        let key = Key(pattern: pattern, options: options)
        state.withLock { state in
            guard state.patterns[key] == nil else { return }
            state.mostRecent = (key, compiled)
            if state.insertionOrder.count < capacity {
                state.insertionOrder.append(key)
            } else {
                let evicted = state.insertionOrder[state.oldest]
                state.patterns[evicted] = nil
                if state.mostRecent?.key == evicted { state.mostRecent = nil }
                state.insertionOrder[state.oldest] = key
                state.oldest = (state.oldest + 1) % capacity
            }
            state.patterns[key] = compiled
        }
        return compiled
    }

    /// The pattern a thread found last through ``sharedPattern(_:options:)``, with its key, and
    /// the thread's own match automaton of it.
    private final class ThreadEntry {
        let pattern: String
        let options: RegexPattern.Options
        let compiled: RegexPattern
        /// Where the thread's own match automaton of `compiled` is kept (see
        /// ``ThreadAutomatonSlot``), allocated with the entry.
        let automaton: ThreadAutomatonSlot

        init(pattern: String, options: RegexPattern.Options, compiled: RegexPattern) {
            self.pattern = pattern
            self.options = options
            self.compiled = compiled
            self.automaton = ThreadAutomatonSlot()
        }

        deinit {
            automaton.deallocate()
        }
    }

    /// The key of each thread's ``ThreadEntry`` (a retained reference, released when the
    /// thread ends).
    private static let threadEntryKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { entry in
            if let entry { Unmanaged<AnyObject>.fromOpaque(entry).release() }
        }
        precondition(status == 0, "PatternCache: pthread_key_create failed (\(status))")
        return key
    }()

    /// The compiled form of `pattern` with `options` from the ``shared`` cache, as
    /// ``pattern(_:options:)`` gives it, found first among the one each thread looked up last:
    /// a loop of convenience calls over one pattern then takes no lock, where the cache's lock
    /// and its most recent entry cost a short search a third of its time.
    ///
    /// The thread's entry is the thread's own (no other thread reads it) and holds an
    /// immutable key and its compiled pattern, which is the cache's answer for that key even
    /// after the cache has evicted it (it is then compiled again for the other threads). It
    /// keeps at most one pattern per thread alive.
    static func sharedPattern(_ pattern: String, options: RegexPattern.Options) throws(ICURegexError) -> RegexPattern {
        try withSharedPattern(pattern, options: options) { compiled, _ in compiled }
    }

    /// Runs `body` with the compiled form of `pattern` with `options`, as
    /// ``sharedPattern(_:options:)`` finds it, and the thread's own slot for its match
    /// automaton (nil when the pattern was not the thread's last one), and returns its result.
    /// When the pattern is the thread's last one, `body` borrows it from the thread's entry
    /// without a retain and a release of its own (a short search's call spent a tenth of its
    /// time on them): the entry keeps it alive, since only this thread's next lookup of
    /// another pattern replaces the entry, and `body`, a search, looks up no pattern.
    @inline(__always)
    static func withSharedPattern<Result>(
        _ pattern: String, options: RegexPattern.Options, _ body: (RegexPattern, ThreadAutomatonSlot?) -> Result
    ) throws(ICURegexError) -> Result {
        if let previous = pthread_getspecific(threadEntryKey) {
            let entry = Unmanaged<ThreadEntry>.fromOpaque(previous)
            let isSame = entry._withUnsafeGuaranteedRef { entry in
                entry.options == options && Key.sameCodePoints(entry.pattern, pattern)
            }
            if isSame {
                return entry._withUnsafeGuaranteedRef { entry in body(entry.compiled, entry.automaton) }
            }
        }
        return body(try sharedPatternAfterMiss(pattern, options: options), nil)
    }

    /// The compiled form of `pattern` with `options` from the ``shared`` cache, made the
    /// thread's entry: the lookup of ``withSharedPattern(_:options:_:)`` when the thread's
    /// last pattern is another.
    @inline(never)
    private static func sharedPatternAfterMiss(
        _ pattern: String, options: RegexPattern.Options
    ) throws(ICURegexError) -> RegexPattern {
        let key = threadEntryKey
        let previous = pthread_getspecific(key)
        let compiled = try shared.pattern(pattern, options: options)
        let entry = Unmanaged.passRetained(ThreadEntry(pattern: pattern, options: options, compiled: compiled))
        if pthread_setspecific(key, entry.toOpaque()) == 0 {
            if let previous { Unmanaged<ThreadEntry>.fromOpaque(previous).release() }
        } else {
            entry.release()
        }
        return compiled
    }

    /// How many patterns are cached now.
    var count: Int {
        state.withLock { $0.patterns.count }
    }
}

/// A thread's own match automaton of its last convenience pattern (see
/// ``PatternCache/withSharedPattern(_:options:_:)``), made on the first search that goes to
/// the automaton and kept with the thread's pattern entry: the thread's short searches borrow
/// it with no atomic exchange and no reference count, where taking and giving back the
/// pattern's spare automaton (``LazyAutomatonPool/withBorrowedAutomaton(_:)``) costs two
/// atomic operations a call. Only its thread uses it, one search at a time.
struct ThreadAutomatonSlot {
    /// The automaton, as a retained opaque reference, or 0 before it is made.
    private let address: UnsafeMutablePointer<UInt>

    init() {
        address = .allocate(capacity: 1)
        address.initialize(to: 0)
    }

    /// Releases the automaton and frees the slot; the slot is not used again.
    func deallocate() {
        if address.pointee != 0 {
            Unmanaged<MatchAutomaton>.fromOpaque(UnsafeRawPointer(bitPattern: address.pointee)!).release()
        }
        address.deallocate()
    }

    /// Runs `body` with the automaton, made by `make` the first time, and returns its result;
    /// nil, without running `body`, when there is none and `make` makes none.
    @inline(__always)
    func withAutomaton<Result>(make: () -> MatchAutomaton?, _ body: (MatchAutomaton) -> Result) -> Result? {
        if address.pointee == 0 {
            guard let made = make() else { return nil }
            address.pointee = UInt(bitPattern: Unmanaged.passRetained(made).toOpaque())
        }
        return Unmanaged<MatchAutomaton>.fromOpaque(UnsafeRawPointer(bitPattern: address.pointee)!)
            ._withUnsafeGuaranteedRef(body)
    }
}
