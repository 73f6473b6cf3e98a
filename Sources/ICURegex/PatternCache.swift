import Synchronization

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

    /// How many patterns are cached now.
    var count: Int {
        state.withLock { $0.patterns.count }
    }
}
