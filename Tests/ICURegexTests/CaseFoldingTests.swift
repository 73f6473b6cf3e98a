@testable import ICURegex
import Testing

/// ``CaseFolding`` folds ASCII code points without ICU: what it answers must be ICU's, for every
/// code point that folds like an ASCII one.
@Suite struct CaseFoldingTests {
    @Test("ASCII folds as ICU folds it")
    func asciiFolding() {
        for value in UInt32(0)..<0x80 {
            #expect(CaseFolding.simpleFolding(of: value) == CaseFolding.icuSimpleFolding(of: value), "U+\(String(value, radix: 16))")
            #expect(CaseFolding.fullFolding(of: value) == CaseFolding.icuFullFolding(of: value), "U+\(String(value, radix: 16))")
        }
    }

    @Test("the code points folding like an ASCII one are those ICU folds alike, in all of Unicode")
    func codePointsFoldingLikeASCII() {
        var foldingTo: [UInt32: Set<UInt32>] = [:]
        for value in UInt32(0)..<0x11_0000 {
            let folded = CaseFolding.icuSimpleFolding(of: value)
            if folded < 0x80 { foldingTo[folded, default: []].insert(value) }
        }
        for value in UInt32(0)..<0x80 {
            let expected = foldingTo[CaseFolding.icuSimpleFolding(of: value)] ?? []
            let variants = CaseFolding.codePointsFoldingLike(ascii: value)
            #expect(Set(variants) == expected, "U+\(String(value, radix: 16)): \(variants)")
            #expect(variants.count == Set(variants).count && variants.first == value)
        }
    }
}
