@testable import ICURegex
import Testing

extension LibraryTests {
    /// The committed table of case-fold variants against the ICU in use, code point by code point,
    /// and the case-insensitive prefilter's choice of the stretch it searches.
    @Suite struct CaseFoldVariantsTests {
        @Test("the table agrees with ICU's folding for every code point")
        func tableMatchesICU() {
            // The scan that generated the table, repeated: single folds, the code points inside
            // multi-character folds, and where simple folding disagrees with full folding.
            let limit: UInt32 = 0x110000
            var single = [Int32](repeating: -1, count: Int(limit))
            var insideMultiFold = [Bool](repeating: false, count: Int(limit))
            for value in 0..<limit {
                let folded = CaseFolding.icuFullFolding(of: value)
                if folded.count == 1 {
                    single[Int(value)] = Int32(folded[0])
                } else {
                    for part in folded { insideMultiFold[Int(part)] = true }
                }
            }
            var unusableTarget = insideMultiFold
            var members: [UInt32: [UInt32]] = [:]
            for value in 0..<limit {
                let simple = CaseFolding.icuSimpleFolding(of: value)
                let full = single[Int(value)]
                if full != Int32(simple) {
                    unusableTarget[Int(simple)] = true
                    if full >= 0 { unusableTarget[Int(full)] = true }
                }
                if full >= 0 { members[UInt32(full), default: []].append(value) }
            }
            var mismatches: [String] = []
            for value in 0..<limit {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let full = single[Int(value)]
                let expected: Set<UInt32>?
                if full < 0 || unusableTarget[Int(full)] {
                    expected = nil
                } else {
                    expected = Set(members[UInt32(full)]!)
                }
                let table = CaseFoldVariants.variants(of: scalar).map { Set($0.map(\.value)) }
                if value < CaseFoldVariants.coveredLimit || table != nil {
                    // Above the covered range the table may know less, never something else.
                    if table != expected { mismatches.append(String(value, radix: 16)) }
                }
            }
            #expect(mismatches.isEmpty, "the table differs from ICU at U+\(mismatches.prefix(20))")
            #expect(CaseFoldVariants.variants(of: "\u{0441}")?.first == "\u{0441}", "the character itself first")
        }

        /// The variants of `character` as a set of code points.
        private func variants(_ character: Unicode.Scalar) -> Set<UInt32>? {
            CaseFoldVariants.variants(of: character).map { Set($0.map(\.value)) }
        }

        @Test("variant sets of Cyrillic, Greek and Latin letters")
        func variantSets() {
            #expect(variants("с") == [0x441, 0x421, 0x1C83])
            #expect(variants("В") == [0x432, 0x412, 0x1C80])
            #expect(variants("т") == [0x442, 0x422, 0x1C84, 0x1C85])
            #expect(variants("ъ") == [0x44A, 0x42A, 0x1C86])
            #expect(variants("ѣ") == [0x463, 0x462, 0x1C87])
            #expect(variants("ё") == [0x451, 0x401])
            #expect(variants("\u{1C83}") == [0x441, 0x421, 0x1C83])
            #expect(variants("σ") == [0x3C3, 0x3A3, 0x3C2])
            #expect(variants("k") == [0x6B, 0x4B, 0x212A])
            #expect(variants("µ") == [0xB5, 0x39C, 0x3BC])
            #expect(variants("2") == [0x32])
            // Parts or sources of multi-character folds: ß, ſ (s), ΐ (ι), ᾳ (α), և (ե), İ (i).
            for unsafe: Unicode.Scalar in ["ß", "s", "ſ", "ι", "ΐ", "α", "ե", "i", "İ", "f", "\u{301}", "\u{1F00}"] {
                #expect(variants(unsafe) == nil, "\(unsafe)")
            }
            #expect(variants("福") == nil, "outside the covered range")
        }

        @Test("the stretch searched ignoring case")
        func runChoice() {
            func form(_ text: String) -> RequiredLiterals.CaseInsensitiveForm {
                RequiredLiterals.caseInsensitiveForm(of: Array(text.utf8))
            }
            guard case .variants(let holmes) = form("Холмс") else {
                Issue.record("Холмс has no variant literal")
                return
            }
            #expect(holmes.positions.count == 5)
            #expect(holmes.positions[1].contains(Array("\u{1C82}".utf8)))
            #expect(holmes.positions[4].contains(Array("\u{1C83}".utf8)))
            #expect(holmes.positions[4].contains(Array("С".utf8)))
            // The longest exact stretch: ß and s break the run.
            guard case .variants(let mixed) = form("Straße München") else {
                Issue.record("no variant literal for Straße München")
                return
            }
            #expect(mixed.positions.count == 4, "e Mü")
            // Pure ASCII keeps the ASCII form; too short a stretch falls back to it.
            #expect(form("Sherlock") == .ascii(Array("Sherlock".utf8)))
            #expect(form("straße") == .ascii(Array("stra".utf8)))
            // Only letters with multi-character folds: no prefilter at all.
            #expect(RequiredLiterals(patterns: ["ἀᾳΐ"], ignoreCase: true) == nil)
            #expect(RequiredLiterals(patterns: ["Холмс"], ignoreCase: true)?.caseInsensitiveASCII == false)
            #expect(RequiredLiterals(patterns: ["Холмс|Holmes"], ignoreCase: true)?.caseInsensitiveASCII == true)
        }
    }
}
