import Glibc

/// A mutual-exclusion lock (pthread_mutex_t) for state that threads wait on: the state lives
/// in the owner, which touches it only inside ``withLock(_:)`` and waits there for changes on
/// one of its ``Condition``s.
final class ConditionLock: @unchecked Sendable {
    /// Something that threads wait for under the lock (pthread_cond_t): each kind of waiter
    /// gets its own, so that a change wakes only those who wait for it.
    final class Condition: @unchecked Sendable {
        // The pthread object must not move, so it lives in its own allocation.
        fileprivate let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

        /// Creates a condition nobody waits on.
        init() {
            pthread_cond_init(condition, nil)
        }

        deinit {
            pthread_cond_destroy(condition)
            condition.deallocate()
        }

        /// Wakes one thread waiting on the condition. Call with the lock held.
        func signal() {
            pthread_cond_signal(condition)
        }

        /// Wakes every thread waiting on the condition. Call with the lock held.
        func broadcast() {
            pthread_cond_broadcast(condition)
        }
    }

    // The pthread object must not move, so it lives in its own allocation.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// Creates an unlocked lock. It spins a little before sleeping (glibc's adaptive mutex):
    /// its holders keep it for a few instructions, far less than a sleep and a wake-up cost.
    init() {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the lock held.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Releases the lock until `condition` is signaled, then takes it again. Call only inside
    /// ``withLock(_:)``, in a loop that checks what it waits for.
    func wait(for condition: Condition) {
        pthread_cond_wait(condition.condition, mutex)
    }

    /// Like ``wait(for:)``, but gives up after `milliseconds`.
    func wait(for condition: Condition, milliseconds: Int) {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + milliseconds * 1_000_000
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_cond_timedwait(condition.condition, mutex, &deadline)
    }
}
