@testable import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// Each implementation of the vector scan of `CByteScan` (through ``ByteScan``) against a
    /// test of every position one at a time: the windows it reports, one after another, must
    /// hold exactly the positions where a probe accepts both its bytes (or a byte outside ASCII
    /// lies, when those count).
    @Suite struct PackedPairScannerKernelTests {
        /// A probe as the test draws it, with its form for the scan.
        struct DrawnProbe {
            var first: ProbeByteDraw
            var second: ProbeByteDraw

            /// Adds the probe to `probes`, the form the scan reads.
            func add(to probes: inout ProbeSet) {
                probes.add(
                    ProbeByte(offset: first.offset, value: first.value, fold: first.fold),
                    ProbeByte(offset: second.offset, value: second.value, fold: second.fold),
                    target: 0)
            }

            /// True when both sides accept at `position` of `text`.
            func accepts(_ text: [UInt8], at position: Int) -> Bool {
                text[position + first.offset] | first.fold == first.value
                    && text[position + second.offset] | second.fold == second.value
            }
        }

        /// One side of a ``DrawnProbe``.
        struct ProbeByteDraw {
            var offset: Int
            var value: UInt8
            var fold: UInt8
        }

        /// The kernels this processor runs.
        static var kernels: [ByteScan.Kernel] {
            ByteScan.Kernel.allCases.filter(\.isAvailable)
        }

        /// The alphabet of the texts: few bytes, so that probes hit often, with case pairs and
        /// bytes outside ASCII.
        static let alphabet: [UInt8] = Array("aAbBqQ@` ".utf8) + [0x80, 0xA0, 0xD0, 0xD1, 0xFF]

        /// Draws a side: an exact byte, or a byte and its partner in one bit.
        static func drawSide(_ random: inout SplitMix64) -> ProbeByteDraw {
            let byte = random.element(of: alphabet)
            let fold: UInt8 = random.chance(0.4) ? random.element(of: [0x20, 0x40, 0x01, 0x80]) : 0
            return ProbeByteDraw(offset: random.number(in: 0...9), value: byte | fold, fold: fold)
        }

        /// Draws a text length: empty, shorter than a window, around one or two windows, or longer.
        static func drawLength(_ random: inout SplitMix64) -> Int {
            switch random.number(in: 0...4) {
            case 0: return random.number(in: 0...20)
            case 1: return random.number(in: 60...80)
            case 2: return random.number(in: 120...140)
            case 3: return random.number(in: 0...400)
            default: return random.number(in: 400...1_200)
            }
        }

        /// Checks every window that `kernel` reports from `start` to `end` against the positions
        /// tested one at a time; returns the number of hits.
        static func check(
            kernel: ByteScan.Kernel, text: [UInt8], start: Int, end: Int, probes: [DrawnProbe], nonASCII: Bool, _ comment: Comment
        ) -> Int {
            func hits(_ position: Int) -> Bool {
                (nonASCII && text[position] >= 0x80) || probes.contains { $0.accepts(text, at: position) }
            }
            let guarded = GuardedBytes(text)
            var probeSet = ProbeSet()
            for probe in probes {
                probe.add(to: &probeSet)
            }
            var reported: [Int] = []
            var position = start
            var stop = start
            while true {
                let window = ByteScan.find(
                    using: kernel, in: guarded.base, from: position, to: end, probes: probeSet, nonASCII: nonASCII)
                if window.lanes == 0 {
                    stop = window.position
                    break
                }
                var lanes = window.lanes
                while lanes != 0 {
                    let hit = window.position + lanes.trailingZeroBitCount
                    lanes &= lanes - 1
                    #expect(hit >= position && hit < end, "hit \(hit) outside \(position)..<\(end); \(comment)")
                    reported.append(hit)
                }
                position = window.position + ByteScan.windowSize
                if reported.count > text.count { break }
            }
            let expectedStop = end < ByteScan.windowSize ? position : max(position, end)
            #expect(stop == expectedStop, "stopped at \(stop); \(comment)")
            let expected = stride(from: start, to: max(start, stop), by: 1).filter(hits)
            #expect(reported == expected, "\(comment)")
            return expected.count
        }

        @Test("random probes, texts and starts, for each kernel: 2,000 cases each")
        func randomWindows() {
            var random = SplitMix64(seed: 0xB7_5CA7)
            var hitCount = 0
            for kernel in Self.kernels {
                for caseIndex in 0..<2_000 {
                    // Up to twelve probes: the AVX scans are compiled apart for one to eight.
                    let probes = (0..<random.number(in: 1...12)).map { _ in
                        DrawnProbe(first: Self.drawSide(&random), second: Self.drawSide(&random))
                    }
                    let reach = probes.map { max($0.first.offset, $0.second.offset) }.max()!
                    let text = (0..<Self.drawLength(&random)).map { _ in random.element(of: Self.alphabet) }
                    let end = random.chance(0.8) ? max(text.count - reach, 0) : random.number(in: 0...max(text.count - reach, 0))
                    let start = random.number(in: 0...text.count)
                    let nonASCII = random.chance(0.3)
                    hitCount += Self.check(
                        kernel: kernel, text: text, start: start, end: end, probes: probes, nonASCII: nonASCII,
                        "kernel \(kernel), case \(caseIndex), length \(text.count), start \(start), end \(end)")
                }
            }
            #expect(hitCount > 5_000 * Self.kernels.count)
        }

        @Test("one hit at every position of texts around one and two windows")
        func singleHitEverywhere() {
            // A probe for "qB" with B in either case, and the text all "a" but the one hit.
            let probe = DrawnProbe(first: ProbeByteDraw(offset: 0, value: 0x71, fold: 0), second: ProbeByteDraw(offset: 1, value: 0x62, fold: 0x20))
            for kernel in Self.kernels {
                for length in [1, 2, 63, 64, 65, 66, 127, 128, 129, 130, 200] {
                    for hit in 0..<(length - 1) {
                        var text = [UInt8](repeating: 0x61, count: length)
                        text[hit] = 0x71
                        text[hit + 1] = hit.isMultiple(of: 2) ? 0x42 : 0x62
                        for start in Set([0, 1, hit, max(hit - 63, 0), hit + 1]) where start <= length {
                            let found = Self.check(
                                kernel: kernel, text: text, start: start, end: length - 1, probes: [probe], nonASCII: false,
                                "kernel \(kernel), length \(length), hit \(hit), start \(start)")
                            #expect(found == (start <= hit && length - 1 >= 64 ? 1 : 0))
                        }
                    }
                }
            }
        }

        @Test("runs of lines that hold a literal, or hold none: each kernel against a line-by-line reading, 3,000 blocks")
        func lineRuns() {
            var random = SplitMix64(seed: 0x11_4E5)
            // Few bytes, so that lines often hold the literal and the probe often hits where
            // the literal is not; NUL and newline as terminators.
            let alphabet: [UInt8] = Array("ethe t\n".utf8) + [0, 0xD0, 0xBE]
            var runs = 0
            for caseIndex in 0..<3_000 {
                let terminator: UInt8 = random.chance(0.8) ? 10 : 0
                var literal: [UInt8] = (0..<random.number(in: 1...4)).map { _ in random.element(of: alphabet) }
                literal.removeAll { $0 == terminator }
                if literal.isEmpty { literal = [0x65] }
                var text = (0..<Self.drawLength(&random)).map { _ in random.element(of: alphabet) }
                text.append(terminator)
                let lineStarts = [0] + text.indices.filter { text[$0] == terminator && $0 + 1 < text.count }.map { $0 + 1 }
                let start = random.element(of: lineStarts)
                let holding = random.chance(0.5)
                // The run read line by line.
                var expected = (end: start, lines: 0)
                while expected.end < text.count {
                    let lineEnd = text[expected.end...].firstIndex(of: terminator)!
                    let line = Array(text[expected.end..<lineEnd])
                    let holds = line.count >= literal.count
                        && (0...(line.count - literal.count)).contains { Array(line[$0..<$0 + literal.count]) == literal }
                    if holds != holding { break }
                    expected = (lineEnd + 1, expected.lines + 1)
                }
                if expected.lines > 0 { runs += 1 }
                for kernel in Self.kernels {
                    let run = text.withUnsafeBytes {
                        ByteScan.lineRun(using: kernel, in: $0, from: start, literal: literal, terminator: terminator, holding: holding)
                    }
                    #expect(run.end == expected.end && run.lines == expected.lines, "case \(caseIndex), \(kernel)")
                }
            }
            #expect(runs > 1_000)
        }
    }
}
