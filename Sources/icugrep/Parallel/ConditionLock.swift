import Glibc

/// A mutual-exclusion lock with one condition variable (pthread_mutex_t and pthread_cond_t),
/// for state that threads wait on: the state lives in the owner, which touches it only inside
/// ``withLock(_:)``, and waits for changes with ``wait()`` there.
final class ConditionLock: @unchecked Sendable {
    // The pthread objects must not move, so they live in their own allocations.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// Creates an unlocked lock.
    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` with the lock held.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Releases the lock until another thread calls ``broadcast()``, then takes it again. Call
    /// only inside ``withLock(_:)``, in a loop that checks what it waits for.
    func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes every thread waiting in ``wait()``. Call inside ``withLock(_:)`` after changing
    /// the state.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
