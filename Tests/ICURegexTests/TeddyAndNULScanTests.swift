import CByteScan
@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// `bytescan_teddy_collect_and_nul`, the scan of a block for Teddy's candidates and for its
    /// first NUL byte in one pass, and the searches that start from its candidates
    /// (`bytescan_teddy_find_among`, `bytescan_teddy_find_from`, ``TeddyScanner`` after
    /// ``TeddyScanner/scanBlockFindingNUL(_:from:)``),
    /// against Teddy's search of every position from the question's start: generated literal
    /// sets and blocks (fixed seed) with NULs in some, starts anywhere, room for one candidate to
    /// thousands, and questions about the whole block and about lines inside it. The blocks end
    /// right before a page the process may not read (``GuardedBytes``).
    @Suite struct TeddyAndNULScanTests {
        /// The first NUL at or after `start` in `text`, or the text's length.
        static func firstNUL(in text: [UInt8], from start: Int) -> Int {
            start < text.count ? text[start...].firstIndex(of: 0) ?? text.count : text.count
        }

        @Test("each kernel's candidates and NUL: the stored candidates, then the positions past them, answer as the search of every position, 1,500 cases")
        func candidatesAnswerAsFullSearch() throws {
            var random = SplitMix64(seed: 0x7EDD_4E55)
            let alphabet = Array("abcAB\n".utf8) + [0xC3, 0x20]
            for caseIndex in 0..<1_500 {
                let literals = TeddyScannerTests.drawLiterals(&random, alphabet: alphabet)
                var text = TeddyScannerTests.drawText(&random, alphabet: alphabet, literals: literals)
                if random.chance(0.3) {
                    text += (0..<random.number(in: 0...3_000)).map { _ in random.element(of: alphabet) }
                }
                if !text.isEmpty && random.chance(0.4) {
                    for _ in 0..<random.number(in: 1...2) { text[random.number(in: 0...(text.count - 1))] = 0 }
                }
                let owner = try #require(TeddyTable(literals.map(\.bytes), ignoresASCIICase: literals.map(\.ignoresCase)))
                let start = random.chance(0.3) ? 0 : random.number(in: 0...text.count)
                let capacity = random.element(of: [1, 2, 7, 5_000])
                let guarded = GuardedBytes(text)
                for kernel in TeddyScannerTests.kernels {
                    var candidates = [Int](repeating: -1, count: capacity)
                    var scanned = -1
                    var nul = -1
                    let count = candidates.withUnsafeMutableBufferPointer { places in
                        bytescan_teddy_collect_and_nul_using(
                            kernel, owner.pointer, guarded.base, start, text.count, places.baseAddress!, capacity, &scanned, &nul)
                    }
                    let context = "case \(caseIndex), kernel \(kernel), start \(start), capacity \(capacity)"
                    #expect(nul == Self.firstNUL(in: text, from: start), "\(context): NUL")
                    let stored = Array(candidates[..<count])
                    #expect(stored == stored.sorted() && stored.allSatisfy { $0 >= start && $0 < scanned }, "\(context): stored \(stored), scanned \(scanned)")
                    #expect(start >= text.count || (scanned >= start && scanned <= text.count), "\(context): scanned \(scanned)")
                    // Questions from positions at or after the start, over the whole block
                    // and over a shorter range: the stored candidates below the range's last
                    // three positions tested, then the positions from those or from `scanned`
                    // searched.
                    for index in 0..<40 {
                        let from = index == 0 ? start : random.number(in: start...text.count)
                        for end in [text.count, random.number(in: from...text.count)] {
                            let trusted = max(from, end - 3)
                            var answer = bytescan_teddy_find_among(owner.pointer, guarded.base, from, stored, stored.count, trusted, end, nil)
                            let rest = max(from, min(scanned, trusted))
                            if answer == end {
                                answer = bytescan_teddy_find_from_using(kernel, owner.pointer, guarded.base, from, rest, end, nil)
                            }
                            let expected = bytescan_teddy_find_using(kernel, owner.pointer, guarded.base, from, end, nil)
                            #expect(answer == expected, "\(context): from \(from) to \(end), the rest from \(rest)")
                        }
                    }
                }
            }
        }

        @Test("the scanner's questions about a scanned block and its lines: as Teddy's search of the bytes asked about, 300 blocks")
        func scannerAnswersFromScannedBlock() throws {
            var random = SplitMix64(seed: 0x7EDD_5343)
            for caseIndex in 0..<300 {
                var words: [[UInt8]] = []
                let count = random.number(in: 2...8)
                while words.count < count {
                    let word = (0..<random.number(in: 1...5)).map { _ in random.element(of: Array("abc".utf8)) }
                    if !words.contains(word) { words.append(word) }
                }
                let literals = PackedPairScannerTests.literals(words, ignoreCase: random.chance(0.3))
                var scanner = try #require(TeddyScanner(literals))
                defer { scanner.deallocate() }
                var text = (0..<random.number(in: 0...12_000)).map { _ in random.element(of: Array("aabcd\n \n".utf8)) }
                if !text.isEmpty && random.chance(0.3) { text[random.number(in: 0...(text.count - 1))] = 0 }
                let scanStart = random.number(in: 0...text.count)
                let guarded = GuardedBytes(text)
                let nul = scanner.scanBlockFindingNUL(guarded.buffer, from: scanStart)
                #expect(nul == Self.firstNUL(in: text, from: scanStart), "case \(caseIndex): NUL")
                // Questions in order, as the searcher asks them, and some out of order; about the
                // whole block, and about lines (bytes that start and end inside it).
                var from = scanStart
                for _ in 0..<40 {
                    from = random.chance(0.8) ? min(text.count, from + random.number(in: 0...300)) : random.number(in: 0...text.count)
                    let end = random.chance(0.5) ? text.count : random.number(in: from...text.count)
                    let part = UnsafeRawBufferPointer(start: guarded.base, count: end)
                    let lineStart = random.number(in: 0...from)
                    let line = UnsafeRawBufferPointer(start: guarded.base + lineStart, count: end - lineStart)
                    let expected = bytescan_teddy_find(scanner.table.pointer, guarded.base, from, end, nil)
                    #expect(scanner.search(in: part, from: from) == expected, "case \(caseIndex), from \(from) to \(end)")
                    #expect(
                        scanner.search(in: line, from: from - lineStart) == expected - lineStart,
                        "case \(caseIndex), line from \(lineStart), from \(from) to \(end)")
                }
                scanner.forgetScannedBlock()
            }
        }

        @Test("a scanner's blocks in a row, some dense: the same NULs and answers, the blocks searched for their NUL alone included, 60 blocks")
        func blocksInARowAfterADenseBlock() throws {
            var random = SplitMix64(seed: 0x7EDD_4445_4E53)
            var scanner = try #require(TeddyScanner(PackedPairScannerTests.literals([Array("ab".utf8), Array("ba".utf8)], ignoreCase: false)))
            defer { scanner.deallocate() }
            var sawDenseBlock = false
            var sawBlockWithoutCandidates = false
            for blockIndex in 0..<60 {
                // Dense blocks (a candidate at about every other byte, more than the room, and dense) and
                // sparse ones, a NUL in some.
                let dense = blockIndex % 20 < 3
                let alphabet = Array((dense ? "ab" : "abxxxxxxxxxxxxxxxxxxx\n").utf8)
                var text = (0..<random.number(in: 14_000...20_000)).map { _ in random.element(of: alphabet) }
                if random.chance(0.3) { text[random.number(in: 0..<text.count)] = 0 }
                let start = random.number(in: 0...200)
                let pausedBefore = scanner.scannedBlock.pacing.blocksLeftWithoutFinds > 0
                let guarded = GuardedBytes(text)
                #expect(scanner.scanBlockFindingNUL(guarded.buffer, from: start) == Self.firstNUL(in: text, from: start), "block \(blockIndex): NUL")
                sawDenseBlock = sawDenseBlock || scanner.scannedBlock.pacing.blocksLeftWithoutFinds == BlockFindsPacing.blocksAfterADenseBlock
                sawBlockWithoutCandidates = sawBlockWithoutCandidates || pausedBefore
                #expect(pausedBefore != scanner.scannedBlock.isScanned, "block \(blockIndex): scanned unless paused")
                // The searcher's questions, in order, against Teddy's search of the bytes.
                var from = start
                while from < text.count {
                    let expected = bytescan_teddy_find(scanner.table.pointer, guarded.base, from, text.count, nil)
                    let found = scanner.search(in: guarded.buffer, from: from)
                    #expect(found == expected, "block \(blockIndex), from \(from)")
                    if found != expected || found >= text.count { break }
                    from = found + 1
                }
                scanner.forgetScannedBlock()
            }
            #expect(sawDenseBlock && sawBlockWithoutCandidates, "the fixture has dense blocks, and blocks after them")
        }
    }
}
