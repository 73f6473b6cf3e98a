import CByteScan

/// The vector scan of `CByteScan`, as the ``PackedPairScanner`` and the tests of each of its
/// implementations call it.
enum ByteScan {
    /// The number of probe positions in a window: the bits of ``Window/lanes``.
    static let windowSize = Int(BYTESCAN_WINDOW_SIZE)

    /// A scan's answer: the probe positions of a window that hold a hit.
    struct Window {
        /// The probe position of bit 0 of ``lanes``, or where the scan stopped.
        var position: Int
        /// The positions of the window that hit (bit `i` for `position + i`); 0 when the scan
        /// found none.
        var lanes: UInt64
    }

    /// An implementation of the scan.
    enum Kernel: CaseIterable {
        /// AVX-512BW, 64 positions per vector.
        case avx512
        /// AVX2, 32 positions per vector.
        case avx2
        /// Portable 16-byte vectors: SSE2 on x86-64, NEON on arm64, scalar code elsewhere.
        case vector

        /// The kernel's number in `CByteScan`.
        fileprivate var number: Int32 {
            switch self {
            case .avx512: return Int32(BYTESCAN_KERNEL_AVX512)
            case .avx2: return Int32(BYTESCAN_KERNEL_AVX2)
            case .vector: return Int32(BYTESCAN_KERNEL_VECTOR)
            }
        }

        /// True when this processor runs the kernel.
        var isAvailable: Bool {
            bytescan_kernel_available(number)
        }
    }

    /// The first window of probe positions from `start` (below `end`) in which one of
    /// `probes` accepts both its bytes or, when `nonASCII`, the byte at the position is 0x80 or
    /// more, as `bytescan_find` defines it (with the best kernel this processor runs).
    @inline(__always)
    static func find(
        in base: UnsafeRawPointer, from start: Int, to end: Int, probes: UnsafeBufferPointer<bytescan_probe>,
        nonASCII: Bool
    ) -> Window {
        let window = bytescan_find(base, start, end, probes.baseAddress, probes.count, nonASCII)
        return Window(position: window.position, lanes: window.lanes)
    }

    /// ``find(in:from:to:probes:nonASCII:)`` for `probes`, with `kernel`, which must be
    /// available.
    static func find(
        using kernel: Kernel, in base: UnsafeRawPointer, from start: Int, to end: Int, probes: ProbeSet, nonASCII: Bool
    ) -> Window {
        probes.scanProbes.withUnsafeBufferPointer { scanProbes in
            let window = bytescan_find_using(
                kernel.number, base, start, end, scanProbes.baseAddress, scanProbes.count, nonASCII)
            return Window(position: window.position, lanes: window.lanes)
        }
    }

    /// The longest run of whole lines from `start` (the start of a line) in `block`, which
    /// ends with `terminator`, that each hold an occurrence of `literal` (when `holding`) or
    /// each hold none, as `bytescan_line_run` finds it with `kernel`, which must be available:
    /// the start of the line after it, and its number of lines. For the tests of each kernel.
    static func lineRun(
        using kernel: Kernel, in block: UnsafeRawBufferPointer, from start: Int, literal: [UInt8], terminator: UInt8,
        holding: Bool
    ) -> (end: Int, lines: Int) {
        let probed = ProbedLiteral(literal)
        let run = bytescan_line_run_using(
            kernel.number, block.baseAddress, start, block.count, probed.probe, probed.bytes, probed.count, terminator,
            holding ? BYTESCAN_RUN_HOLDING : BYTESCAN_RUN_LACKING)
        return (run.end, run.lines)
    }
}
