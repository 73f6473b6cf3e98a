import CByteScan
@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// ``ByteLiteralScan/occurrences(in:from:into:)``, which `--multiline` calls for a common
    /// literal, against every offset where the literal's bytes are: generated texts (fixed
    /// seed) over a small alphabet, literals of one to five bytes, from every kind of start,
    /// into buffers of one to 300 places, so that a call fills its buffer and the next goes on
    /// from where the last stopped (``ByteLiteralScan/firstOccurrence(in:from:)`` agrees too).
    @Suite struct ByteLiteralScanTests {
        @Test func occurrencesAreEveryPlaceOfTheLiteral() {
            var random = SplitMix64(seed: 0x6F63_6375_7272)
            let alphabet: [UInt8] = Array("ab?\n".utf8)
            for _ in 0..<200 {
                let text = (0..<Int.random(in: 0...700, using: &random)).map { _ in
                    alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                }
                let literal = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                    alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                }
                let finder = ByteLiteralFinder(literal)
                let start = Int.random(in: 0...text.count, using: &random)
                let expected = start + literal.count > text.count ? [] : (start...(text.count - literal.count)).filter {
                    Array(text[$0..<$0 + literal.count]) == literal
                }
                let capacity = [1, 2, 7, 300][Int.random(in: 0..<4, using: &random)]
                let buffer = UnsafeMutableBufferPointer<Int>.allocate(capacity: capacity)
                defer { buffer.deallocate() }
                text.withUnsafeBytes { block in
                    var found: [Int] = []
                    var from = start
                    while true {
                        let (count, scanned) = finder.scan.occurrences(in: block, from: from, into: buffer)
                        found += buffer[..<count]
                        #expect(count <= capacity)
                        #expect(buffer[..<count].allSatisfy { $0 >= from && $0 < scanned })
                        if scanned >= block.count { break }
                        #expect(count == capacity, "a call that stops early has filled its buffer")
                        from = scanned
                    }
                    #expect(found == expected, "\(literal) in \(text) from \(start), \(capacity) places")
                    var one: [Int] = []
                    var position = start
                    while let at = finder.firstOccurrence(in: block, from: position) {
                        one.append(at)
                        position = at + 1
                    }
                    #expect(one == expected)
                }
            }
        }

        /// `bytescan_find_literals` with each kernel this processor runs (AVX-512, AVX2, the
        /// portable one), whose windows store many hits a call, against every offset where
        /// the literal's bytes are: generated texts (fixed seed) long enough for many windows,
        /// literals of one to six bytes probed at their first and last bytes (a longer one's
        /// hits are compared), into buffers of one to 300 places.
        @Test func everyKernelFindsEveryPlace() {
            var random = SplitMix64(seed: 0x6B65_726E_656C)
            let alphabet: [UInt8] = Array("ab?\n".utf8)
            let kernels = [BYTESCAN_KERNEL_AVX512, BYTESCAN_KERNEL_AVX2, BYTESCAN_KERNEL_VECTOR].map { Int32($0) }
                .filter { bytescan_kernel_available($0) }
            #expect(kernels.count >= 1)
            for _ in 0..<150 {
                let text = (0..<Int.random(in: 0...1500, using: &random)).map { _ in
                    alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                }
                let literal = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                    alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                }
                var probe = bytescan_probe()
                bytescan_probe_init(&probe, 0, literal[0], 0, literal.count - 1, literal[literal.count - 1], 0)
                let start = Int.random(in: 0...text.count, using: &random)
                let expected = start + literal.count > text.count ? [] : (start...(text.count - literal.count)).filter {
                    Array(text[$0..<$0 + literal.count]) == literal
                }
                let capacity = [1, 2, 7, 300][Int.random(in: 0..<4, using: &random)]
                var buffer = [Int](repeating: -1, count: capacity)
                for kernel in kernels {
                    var found: [Int] = []
                    var from = start
                    text.withUnsafeBytes { block in
                        while true {
                            var scanned = 0
                            let count = buffer.withUnsafeMutableBufferPointer { places in
                                bytescan_find_literals_using(
                                    kernel, block.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, from, block.count, &probe,
                                    literal, literal.count, places.baseAddress!, capacity, &scanned)
                            }
                            found += buffer[..<count]
                            #expect(count <= capacity)
                            if scanned >= block.count { break }
                            #expect(count == capacity, "kernel \(kernel): a call that stops early has filled its buffer")
                            from = scanned
                        }
                    }
                    #expect(found == expected, "kernel \(kernel): \(literal) in \(text) from \(start), \(capacity) places")
                }
            }
        }
    }
}
