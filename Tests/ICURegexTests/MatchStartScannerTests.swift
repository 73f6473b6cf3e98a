@testable import ICURegex
import CByteScan
import Testing
import TestSupport

extension LibraryTests {
    /// ``MatchStartScanner``'s skip over bytes that keep the start state, and its vector loop
    /// `bytescan_first_in_ranges`, against a search one byte at a time.
    @Suite struct MatchStartScannerTests {
        @Test("bytescan_first_in_ranges: the first byte in any range, 3,000 generated cases")
        func firstInRanges() {
            var random = SplitMix64(seed: 0x5CA9)
            for caseIndex in 0..<3_000 {
                let count = random.number(in: 0...4)
                var lower: [UInt8] = [], upper: [UInt8] = []
                for _ in 0..<count {
                    let low = UInt8(random.number(in: 0...255))
                    lower.append(low)
                    upper.append(UInt8(random.number(in: Int(low)...min(255, Int(low) + random.element(of: [0, 3, 40, 255])))))
                }
                var ranges = bytescan_byte_ranges()
                bytescan_byte_ranges_init(&ranges, lower, upper, count)
                let text = (0..<random.number(in: 0...80)).map { _ in UInt8(random.number(in: 0...255)) }
                let start = random.number(in: 0...text.count)
                let expected = (start..<text.count).first { index in
                    (0..<count).contains { lower[$0] <= text[index] && text[index] <= upper[$0] }
                } ?? text.count
                let found = text.withUnsafeBufferPointer { bytescan_first_in_ranges($0.baseAddress, start, text.count, &ranges) }
                #expect(found == expected, "case \(caseIndex): \(lower) \(upper) from \(start) in \(text)")
            }
        }

        @Test("bytescan_first_in_ranges: one digit at each place of each text up to 48 bytes, from each start")
        func firstInRangesEachPlace() {
            // Every split of a text between the 16-byte loop, the last 16 bytes read at once
            // (overlapping bytes the loop read) and the bytes read one by one.
            var ranges = bytescan_byte_ranges()
            bytescan_byte_ranges_init(&ranges, [0x30], [0x39], 1)
            for length in 0...48 {
                for digit in [nil] + Array(0..<length) {
                    var text = [UInt8](repeating: 0x2D, count: length)
                    if let digit { text[digit] = 0x37 }
                    for start in 0...length {
                        let expected = digit.flatMap { $0 >= start ? $0 : nil } ?? length
                        let found = text.withUnsafeBufferPointer { bytescan_first_in_ranges($0.baseAddress, start, length, &ranges) }
                        #expect(found == expected, "digit at \(String(describing: digit)) from \(start) in \(length) bytes")
                    }
                }
            }
        }

        @Test("a scanner for bytes stops where the table says, whatever its ranges merged: 2,000 generated cases")
        func scannerForBytes() {
            var random = SplitMix64(seed: 0x5CAA)
            for caseIndex in 0..<2_000 {
                // A few bytes below 0x80 start a match, and lead bytes from 0xC2 on; no
                // continuation byte does (as the line automaton's tables have it).
                var keeps = [Bool](repeating: true, count: 256)
                for _ in 0..<random.number(in: 0...12) { keeps[random.number(in: 0...0x7F)] = false }
                for _ in 0..<random.number(in: 0...6) { keeps[random.number(in: 0xC2...0xFF)] = false }
                let scanner = MatchStartScanner(keepsStartByte: keeps)
                let alphabet = (0...255).filter { _ in random.chance(0.2) }.map(UInt8.init) + [0x61, 0xD0, 0xB5]
                let text = (0..<random.number(in: 0...120)).map { _ in random.element(of: alphabet) }
                let start = random.number(in: 0...text.count)
                let expected = (start..<text.count).first { !keeps[Int(text[$0])] } ?? text.count
                let found = text.withUnsafeBufferPointer {
                    scanner.firstPossibleStart(inUTF8: $0.baseAddress!, from: start, to: text.count)
                }
                #expect(found == expected, "case \(caseIndex)")
            }
        }
    }
}

extension LibraryTests {
    /// ``LineBounds``: the start of the line that holds a position (glibc's `memrchr` through
    /// `bytescan_last_of`) and the end of the line that starts at one, against a search one
    /// byte at a time.
    @Suite struct LineBoundsTests {
        @Test("line starts and ends, with NUL ending lines or not: 3,000 generated cases")
        func startsAndEnds() {
            var random = SplitMix64(seed: 0x11_4E5)
            let alphabet: [UInt8] = [0x0A, 0x00, 0x61, 0x62, 0xD0, 0xB5, 0x0D]
            for caseIndex in 0..<3_000 {
                let text = (0..<random.number(in: 1...100)).map { _ in random.element(of: alphabet) }
                let nulEndsLines = random.chance(0.5)
                let terminator: UInt8 = random.chance(0.8) ? 0x0A : 0x00
                let ends = { (byte: UInt8) in byte == terminator || (nulEndsLines && byte == 0) }
                let lowest = random.number(in: 0...text.count - 1)
                let position = random.number(in: lowest...text.count - 1)
                let expectedStart = (lowest..<position).last { ends(text[$0]) }.map { $0 + 1 } ?? lowest
                text.withUnsafeBytes { block in
                    let start = LineBounds.start(
                        ofLineContaining: position, in: block, notBefore: lowest, terminator: terminator, nulEndsLines: nulEndsLines)
                    #expect(start == expectedStart, "case \(caseIndex)")
                    let expectedEnd = (lowest..<text.count).first { ends(text[$0]) } ?? text.count
                    let end = LineBounds.end(ofLineStartingAt: lowest, in: block, terminator: terminator, nulEndsLines: nulEndsLines)
                    #expect(end == expectedEnd, "case \(caseIndex)")
                }
            }
        }
    }
}
