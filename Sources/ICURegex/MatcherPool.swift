import CICUShim
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small lock-free cache of idle matchers for one compiled pattern.
///
/// ICU's matchers are not thread-safe, so every concurrent search needs its own. Cloning one
/// costs far more than a short search, so idle matchers wait here in atomic slots. A thread
/// starts looking at a slot chosen from its identity, which spreads threads over the slots:
/// no lock is taken, and threads contend only when they pick the same slot.
final class MatcherPool: Sendable {
    /// One slot: the address of an idle matcher (`icushim_regex *`), or 0 when empty.
    /// (An address, because `Atomic` of a pointer is not `Sendable`.)
    private final class Slot: Sendable {
        let matcher = Atomic<UInt>(0)
    }

    private let slots: [Slot]
    private let slotMask: Int

    /// Creates an empty pool with `2^slotCountLog2` slots.
    init(slotCountLog2: Int = 4) {
        let count = 1 << slotCountLog2
        slots = (0..<count).map { _ in Slot() }
        slotMask = count - 1
    }

    deinit {
        for slot in slots {
            let address = slot.matcher.exchange(0, ordering: .acquiring)
            if address != 0 {
                icushim_regex_close(OpaquePointer(bitPattern: address))
            }
        }
    }

    /// The slot this thread looks at first.
    @inline(__always)
    private var homeSlot: Int {
        #if canImport(Darwin)
        let identity = UInt(bitPattern: pthread_self())
        #else
        let identity = UInt(pthread_self())
        #endif
        // Thread identities are aligned addresses: mix the bits before taking a few.
        let mixed = identity &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 58) & slotMask
    }

    /// Takes an idle matcher, or returns nil when every slot near this thread's is empty.
    @inline(__always)
    func take() -> OpaquePointer? {
        let home = homeSlot
        for probe in 0..<2 {
            let slot = slots[(home &+ probe) & slotMask]
            let address = slot.matcher.exchange(0, ordering: .acquiring)
            if address != 0 {
                return OpaquePointer(bitPattern: address)
            }
        }
        return nil
    }

    /// Returns a matcher to the pool, or closes it when the slots near this thread's are full.
    @inline(__always)
    func put(_ matcher: OpaquePointer) {
        let home = homeSlot
        let address = UInt(bitPattern: Int(bitPattern: matcher))
        for probe in 0..<2 {
            let slot = slots[(home &+ probe) & slotMask]
            if slot.matcher.compareExchange(expected: 0, desired: address, ordering: .releasing).exchanged {
                return
            }
        }
        icushim_regex_close(matcher)
    }
}
