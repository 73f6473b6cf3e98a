// The old readers' entry points, answered by the one reader until their callers move.
package enum PatternLiteralExtractor {
    package static func facts(of pattern: String, score: @escaping ([[UInt8]]) -> Int) -> LiteralFacts? {
        LiteralFacts.of(pattern: pattern, score: score)
    }
}

package enum CodePointPatternReader {
    package static func read(_ pattern: String) -> (pattern: CodePointPattern, isExact: Bool)? {
        CodePointPattern.reading(of: pattern).map { ($0.pattern, $0.isExact) }
    }
}
