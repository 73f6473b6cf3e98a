import CByteScan
@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// `bytescan_find_literals_and_nul`, the scan of a block for one literal and for its first
    /// NUL byte in one pass, with each kernel against a reading of every position: generated
    /// blocks (fixed seed) over a small alphabet that holds NUL, with NULs put at every
    /// position of some (the last byte too), literals at the blocks' edges, starts anywhere,
    /// and room for one to 300 occurrences, so that the scan stops storing early and reads the
    /// rest for the NUL alone. The blocks end right before a page the process may not read
    /// (``GuardedBytes``): a read past the block crashes the test.
    @Suite struct LiteralAndNULScanTests {
        /// The kernels this processor runs.
        static let kernels = [BYTESCAN_KERNEL_AVX512, BYTESCAN_KERNEL_AVX2, BYTESCAN_KERNEL_VECTOR].map { Int32($0) }
            .filter { bytescan_kernel_available($0) }

        /// The occurrences and the first NUL that the scan must find in `text` from `start`:
        /// every place where `literal` lies wholly in the text, and the first zero byte, or the
        /// text's length.
        static func expected(_ text: [UInt8], literal: [UInt8], from start: Int) -> (occurrences: [Int], nul: Int) {
            let occurrences = start + literal.count > text.count
                ? [] : (start...(text.count - literal.count)).filter { Array(text[$0..<$0 + literal.count]) == literal }
            let nul = start < text.count ? text[start...].firstIndex(of: 0) ?? text.count : text.count
            return (occurrences, nul)
        }

        /// Checks each kernel's scan of `text` from `start` with room for `capacity`
        /// occurrences: the stored occurrences are the first ones, in order, and those before
        /// `scanned`, which is the text's end unless the room is full; the NUL is the first at
        /// or after `start` whatever the room.
        static func check(_ text: [UInt8], literal: [UInt8], probeOffsets: (Int, Int), from start: Int, capacity: Int, _ comment: Comment) {
            let (occurrences, nul) = expected(text, literal: literal, from: start)
            var probe = bytescan_probe()
            bytescan_probe_init(
                &probe, probeOffsets.0, literal[probeOffsets.0], 0, probeOffsets.1, literal[probeOffsets.1], 0)
            let guarded = GuardedBytes(text)
            var buffer = [Int](repeating: -1, count: capacity)
            for kernel in kernels {
                var scanned = -1
                var firstNUL = -1
                let count = buffer.withUnsafeMutableBufferPointer { places in
                    bytescan_find_literals_and_nul_using(
                        kernel, guarded.base, start, guarded.count, &probe, literal, literal.count, places.baseAddress!,
                        capacity, &scanned, &firstNUL)
                }
                #expect(firstNUL == nul, "kernel \(kernel), NUL: \(comment)")
                #expect(Array(buffer[..<count]) == Array(occurrences.prefix(capacity)), "kernel \(kernel), occurrences: \(comment)")
                // Every occurrence before `scanned` is stored; the scan stops early only when
                // the room is full (at a probe hit it has no room for, which may not be an
                // occurrence).
                let stored = Array(buffer[..<count])
                #expect(stored == occurrences.filter { $0 < scanned }, "kernel \(kernel), scanned \(scanned): \(comment)")
                #expect(scanned == text.count || count == capacity, "kernel \(kernel), stopped early: \(comment)")
            }
        }

        @Test("random blocks, literals, starts and room: each kernel against every position, 600 cases")
        func randomBlocks() {
            #expect(!Self.kernels.isEmpty)
            var random = SplitMix64(seed: 0x4E55_4C5F_5343)
            let alphabet: [UInt8] = Array("ab\n".utf8) + [0]
            for caseIndex in 0..<600 {
                let length = random.number(in: 1...6)
                let literal = (0..<length).map { _ in random.element(of: Array("ab\n".utf8)) }
                let count: Int
                switch random.number(in: 0...3) {
                case 0: count = random.number(in: 0...80)
                case 1: count = random.number(in: 120...140)
                default: count = random.number(in: 0...3_000)
                }
                // Mostly without NUL, so that a NUL late in the block is sought too.
                let withNUL = random.chance(0.5)
                var text = (0..<count).map { _ in random.element(of: withNUL ? alphabet : Array(alphabet.dropLast())) }
                if withNUL && random.chance(0.5) && count > 0 {
                    // Sparse: one or two NULs only.
                    text = text.map { $0 == 0 ? 0x61 : $0 }
                    for _ in 0..<random.number(in: 1...2) { text[random.number(in: 0...(count - 1))] = 0 }
                }
                // Literals at the block's edges.
                if count >= length && random.chance(0.5) { text.replaceSubrange(0..<length, with: literal) }
                if count >= length && random.chance(0.5) { text.replaceSubrange((count - length)..<count, with: literal) }
                let start = random.chance(0.3) ? 0 : random.number(in: 0...count)
                let offsets = random.chance(0.5) ? (0, length - 1) : (random.number(in: 0...(length - 1)), random.number(in: 0...(length - 1)))
                let capacity = random.element(of: [1, 2, 7, 300])
                Self.check(text, literal: literal, probeOffsets: offsets, from: start, capacity: capacity, "case \(caseIndex)")
            }
        }

        @Test("questions about a scanned block's lines answered from its occurrences: as a search of the bytes asked about, 300 blocks")
        func answersFromScannedBlock() throws {
            var random = SplitMix64(seed: 0x5343_414E_4E45)
            for caseIndex in 0..<300 {
                let literal = (0..<random.number(in: 2...4)).map { _ in random.element(of: Array("ab".utf8)) }
                let text = (0..<random.number(in: 0...12_000)).map { _ in random.element(of: Array("aab\n".utf8)) }
                let literals = PackedPairScannerTests.literals([literal], ignoreCase: false)
                var scanner = try #require(SingleLiteralScanner(literals))
                defer { scanner.deallocate() }
                let scanStart = random.number(in: 0...text.count)
                let guarded = GuardedBytes(text)
                let nul = scanner.scanBlockFindingNUL(guarded.buffer, from: scanStart)
                #expect(nul == text.count, "case \(caseIndex): no NUL")
                // Questions in order, as the searcher asks them, and some out of order; about the
                // whole block, and about lines (bytes that start and end inside it).
                var from = scanStart
                for _ in 0..<40 {
                    from = random.chance(0.8) ? min(text.count, from + random.number(in: 0...300)) : random.number(in: 0...text.count)
                    let end = random.chance(0.5) ? text.count : random.number(in: from...text.count)
                    let part = UnsafeRawBufferPointer(start: guarded.base, count: end)
                    let lineStart = random.number(in: 0...from)
                    let line = UnsafeRawBufferPointer(start: guarded.base + lineStart, count: end - lineStart)
                    let expected = (from...max(from, end - literal.count)).first {
                        $0 + literal.count <= end && Array(text[$0..<$0 + literal.count]) == literal
                    } ?? end
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
            var random = SplitMix64(seed: 0x4445_4E53_45)
            let literal = Array("ab".utf8)
            var scanner = try #require(SingleLiteralScanner(PackedPairScannerTests.literals([literal], ignoreCase: false)))
            defer { scanner.deallocate() }
            var sawDenseBlock = false
            var sawBlockWithoutOccurrences = false
            for blockIndex in 0..<60 {
                // Dense blocks (about one occurrence in four bytes, more than the room, and dense) and
                // sparse ones, a NUL in some.
                let dense = blockIndex % 20 < 3
                let alphabet = Array((dense ? "ab" : "abxxxxxxxxxxxxxxxxxxx\n").utf8)
                var text = (0..<random.number(in: 14_000...20_000)).map { _ in random.element(of: alphabet) }
                if random.chance(0.3) { text[random.number(in: 0..<text.count)] = 0 }
                let start = random.number(in: 0...200)
                let expected = Self.expected(text, literal: literal, from: start)
                let pausedBefore = scanner.scannedBlock.pacing.blocksLeftWithoutFinds > 0
                let guarded = GuardedBytes(text)
                #expect(scanner.scanBlockFindingNUL(guarded.buffer, from: start) == expected.nul, "block \(blockIndex): NUL")
                sawDenseBlock = sawDenseBlock || scanner.scannedBlock.pacing.blocksLeftWithoutFinds == BlockFindsPacing.blocksAfterADenseBlock
                sawBlockWithoutOccurrences = sawBlockWithoutOccurrences || pausedBefore
                #expect(pausedBefore != scanner.scannedBlock.isScanned, "block \(blockIndex): scanned unless paused")
                // The searcher's questions, in order: each occurrence, then the next from its end.
                var from = start
                var found: [Int] = []
                while from < text.count {
                    let next = scanner.search(in: guarded.buffer, from: from)
                    if next >= text.count { break }
                    found.append(next)
                    from = next + 1
                }
                #expect(found == expected.occurrences, "block \(blockIndex): occurrences")
                scanner.forgetScannedBlock()
            }
            #expect(sawDenseBlock && sawBlockWithoutOccurrences, "the fixture has dense blocks, and blocks after them")
        }

        @Test("one NUL at every position of blocks around one, two and many windows, the last byte too")
        func nulAtEveryPosition() {
            var random = SplitMix64(seed: 0x4E55_4C5F_4559)
            for count in [1, 63, 64, 65, 127, 128, 129, 200, 300] {
                let literal = Array("ba".utf8)
                var base = (0..<count).map { _ in random.element(of: Array("ab ".utf8)) }
                if count >= 2 { base.replaceSubrange((count - 2)..<count, with: literal) }
                for position in 0..<count {
                    var text = base
                    text[position] = 0
                    for start in [0, min(position, 3), position] {
                        Self.check(
                            text, literal: literal, probeOffsets: (0, 1), from: start, capacity: random.element(of: [1, 300]),
                            "\(count) bytes, NUL at \(position), from \(start)")
                    }
                }
            }
        }
    }
}
