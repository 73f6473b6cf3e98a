/// The edges of a line, as two characters outside Unicode that the line automaton reads before
/// a line's first character and after its last: they let it follow `^`, `$` and the `-w`
/// and `-x` wrappers exactly. No text holds them, and no class accepts them.
enum LineEdge {
    /// The character before a line's first (⊢).
    static let start: UInt32 = 0x11_0000
    /// The character after a line's last (⊣).
    static let end: UInt32 = 0x11_0001
}
