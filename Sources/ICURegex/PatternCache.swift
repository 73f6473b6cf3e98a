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

    /// The pattern a thread found last through ``sharedPattern(_:options:)``, with its key.
    private final class ThreadEntry {
        let pattern: String
        let options: RegexPattern.Options
        let compiled: RegexPattern

        init(pattern: String, options: RegexPattern.Options, compiled: RegexPattern) {
            self.pattern = pattern
            self.options = options
            self.compiled = compiled
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
        let key = threadEntryKey
        let previous = pthread_getspecific(key)
        if let previous {
            let found = Unmanaged<ThreadEntry>.fromOpaque(previous)._withUnsafeGuaranteedRef { entry in
                entry.options == options && Key.sameCodePoints(entry.pattern, pattern) ? entry.compiled : nil
            }
            if let found { return found }
        }
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
