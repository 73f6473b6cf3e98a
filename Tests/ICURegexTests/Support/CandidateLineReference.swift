@testable import ICURegex

/// The prefilter's answer worked out the slow way: a line is a candidate exactly when it
/// contains one of the literals (ignoring ASCII case with `caseInsensitiveASCII`), one of the
/// spellings of a case-variant literal, or, with `caseInsensitiveASCII`, one of the characters
/// folding into a literal.
struct CandidateLineReference {
    let literals: RequiredLiterals

    /// The literals of `literals`, as given, and the flag that folds ASCII case.
    init(_ literals: RequiredLiterals) {
        self.literals = literals
    }

    /// True when `line` (without its terminator) is a candidate.
    func isCandidate(_ line: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(line)
        for character in literals.foldingCharacters where Self.contains(bytes, character) {
            return true
        }
        let folded = literals.caseInsensitiveASCII ? RequiredLiterals.asciiLowercased(bytes) : bytes
        for literal in literals.literals where Self.contains(folded, literal) {
            return true
        }
        for variantLiteral in literals.variantLiterals {
            for start in 0...bytes.count where Self.spells(variantLiteral.positions[...], in: bytes, at: start) {
                return true
            }
        }
        return false
    }

    /// The starts of the candidate lines of `text`, whose lines end at `terminator` (the last
    /// one may lack it).
    func candidateLineStarts(in text: [UInt8], terminator: UInt8 = 10) -> [Int] {
        var starts: [Int] = []
        var start = 0
        while start < text.count {
            let end = text[start...].firstIndex(of: terminator) ?? text.count
            if isCandidate(text[start..<end]) { starts.append(start) }
            start = end + 1
        }
        return starts
    }

    /// True when `needle` occurs in `haystack`.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }

    /// True when one spelling of `positions` lies in `bytes` at `start`.
    private static func spells(_ positions: ArraySlice<[[UInt8]]>, in bytes: [UInt8], at start: Int) -> Bool {
        guard let first = positions.first else { return true }
        for variant in first where start + variant.count <= bytes.count
            && bytes[start..<(start + variant.count)].elementsEqual(variant)
            && spells(positions.dropFirst(), in: bytes, at: start + variant.count) {
            return true
        }
        return false
    }
}
