/// What an automaton has worked out about each character from
/// ``CodePointClassTable/exactLimit`` on that it read, by asking ICU which of its sets hold it
/// (``CodePointSetMembership``): one 16-bit entry per character, whose meaning is the
/// automaton's, never 0, which stands for "not worked out yet".
///
/// The entries of the Basic Multilingual Plane are a table, allocated at the first one stored,
/// so that a scan finds them with one load; the rest, rarely read, are a dictionary. Used by
/// one thread, as its automaton is.
struct LargeCharacterEntries: ~Copyable {
    private var basicPlane: UnsafeMutablePointer<UInt16>?
    private var otherPlanes: [UInt32: UInt16] = [:]

    init() {}

    deinit {
        basicPlane?.deallocate()
    }

    /// The entry of `value`, or 0 when none was stored.
    @inline(__always)
    func entry(of value: UInt32) -> UInt16 {
        if value < 0x1_0000 {
            return basicPlane?[Int(value)] ?? 0
        }
        return entry(outsideBasicPlane: value)
    }

    @inline(never)
    private func entry(outsideBasicPlane value: UInt32) -> UInt16 {
        otherPlanes[value] ?? 0
    }

    /// Keeps `entry` (not 0) for `value`.
    mutating func store(_ entry: UInt16, for value: UInt32) {
        precondition(entry != 0, "LargeCharacterEntries: 0 stands for no entry")
        guard value < 0x1_0000 else {
            otherPlanes[value] = entry
            return
        }
        if basicPlane == nil {
            let table = UnsafeMutablePointer<UInt16>.allocate(capacity: 0x1_0000)
            table.initialize(repeating: 0, count: 0x1_0000)
            basicPlane = table
        }
        basicPlane![Int(value)] = entry
    }
}
