/// How deeply a pattern may nest, and how deeply an ICU pattern does.
///
/// ICU 72 parses a pattern with a state machine whose stack holds one entry for each group
/// and each bracket expression open at a place, at most ``icuMaximumDepth`` of them; a deeper
/// pattern is rejected with `U_REGEX_INTERNAL_ERROR` (ICU's words for that stack's overflow),
/// however deep, without recursing. The engine's own readers of patterns are bounded so that
/// nothing deeper ever reaches code that recurses over a pattern's structure:
///
/// - ``PatternReader`` follows at most ``PatternReader/maximumNesting`` groups (and as many
///   nested brackets), and reads a deeper pattern as no tree, so every analysis of a tree
///   (literals, code-point patterns, automata, the search plan, and the tree's own synthesized
///   `==` and deallocation) recurses a bounded number of levels, few enough for a 512 KiB
///   stack;
/// - ``POSIXPatternTranslator`` counts the groups it reads before it recurses into them, and
///   the depth of the ICU pattern it writes, and rejects a pattern deeper than
///   ``POSIXPatternTranslator/maximumNesting``;
/// - ``CertainSyntax`` reads at most ``CertainSyntax/maximumDepth`` groups.
///
/// A pattern too deep for ICU is therefore an error (``ICURegexError/patternTooBig``), never
/// a crash, whatever its depth.
enum PatternNesting {
    /// The deepest nesting of groups and bracket expressions ICU 72 compiles: 99 nested
    /// groups around a character compile, 100 do not, nor 98 around `[[a]]`.
    static let icuMaximumDepth = 99

    /// The deepest nesting of groups and bracket expressions in the ICU pattern `pattern`,
    /// counted the way ICU's parser stacks them: a `(` outside a set, a `[` anywhere, nothing
    /// escaped or quoted with `\Q…\E`. Comments of the `x` flag are not told apart, so a
    /// pattern with them may count deeper than ICU reads it. The count stops as soon as it
    /// passes `limit`.
    static func depth(ofICUPattern pattern: String, stoppingAbove limit: Int = .max) -> Int {
        var deepest = 0
        var groups = 0
        var sets = 0
        var iterator = pattern.unicodeScalars.makeIterator()
        var quoting = false
        var previousWasBackslash = false
        while let scalar = iterator.next() {
            if quoting {
                if previousWasBackslash && scalar == "E" { quoting = false }
                previousWasBackslash = scalar == "\\"
                continue
            }
            switch scalar {
            case "\\":
                guard let escaped = iterator.next() else { break }
                if escaped == "Q" {
                    quoting = true
                    previousWasBackslash = false
                }
            case "[":
                sets += 1
            case "]" where sets > 0:
                sets -= 1
            case "(" where sets == 0:
                groups += 1
            case ")" where sets == 0 && groups > 0:
                groups -= 1
            default:
                break
            }
            deepest = max(deepest, groups + sets)
            if deepest > limit { break }
        }
        return deepest
    }
}
