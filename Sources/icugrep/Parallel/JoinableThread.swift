import Glibc

/// A POSIX thread that runs one closure, and that its creator joins.
final class JoinableThread {
    /// The closure, kept alive by the thread until it has run.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private var handle = pthread_t()

    /// Starts a thread that runs `body`; nil when the system cannot create one.
    init?(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let result = pthread_create(&handle, nil, { context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        if result != 0 {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
    }

    /// Waits until the thread has finished.
    func join() {
        pthread_join(handle, nil)
    }
}

/// A value made on one thread and handed to exactly one other, which alone uses it from then
/// on: the classes of a search (line searcher, file searcher, printer) are not `Sendable`, but
/// each belongs to one thread at a time.
struct ThreadTransfer<Value>: @unchecked Sendable {
    /// The value handed over.
    let value: Value
}
