/// What a match of a line search's patterns must span, beyond what the patterns say: grep's
/// `-w` and `-x` (see ``PatternAssembler/wrapped(_:in:options:)``). Whole words follow
/// Unicode's word boundaries when the patterns are compiled with `.useUnicodeWordBoundaries`.
package enum PatternWrapper: Sendable, Equatable {
    /// Any match.
    case none
    /// A match with no word character just before or after it (`-w`).
    case wholeWords
    /// A match that is the whole line (`-x`).
    case wholeLines
}
