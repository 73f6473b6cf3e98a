// bytescan_kernels.h: what the implementations of the scan share (not part of the module's
// interface). See include/bytescan.h for why the scan is in C.

#ifndef BYTESCAN_KERNELS_H
#define BYTESCAN_KERNELS_H

#include "bytescan.h"

/// Tests the window of probe positions at `window`: bit `i` of the answer is set when one of
/// the `probe_count` probes at `probes` accepts both its bytes at position `i`, or, when
/// `non_ascii`, byte `i` is 0x80 or more. One per implementation, inlined into
/// `bytescan_scan_windows`; `probes` has the form the implementation prepared them in.
typedef uint64_t (*bytescan_window_test)(const uint8_t *window, const void *probes,
                                         size_t probe_count, bool non_ascii);

/// The loop of `bytescan_find` around `test`: whole windows from `start`, then one last
/// window that ends at `end` and overlaps the one before, its bits before the untested
/// positions cleared. Each implementation inlines it with its own `test`, so that the test is
/// inlined too.
__attribute__((always_inline)) static inline bytescan_window
bytescan_scan_windows(bytescan_window_test test, const uint8_t *base, size_t start, size_t end,
                      const void *probes, size_t probe_count, bool non_ascii) {
    size_t position = start;
    if (end < BYTESCAN_WINDOW_SIZE || start >= end) {
        return (bytescan_window){position, 0};
    }
    size_t last = end - BYTESCAN_WINDOW_SIZE;
    while (position <= last) {
        uint64_t lanes = test(base + position, probes, probe_count, non_ascii);
        if (lanes != 0) {
            return (bytescan_window){position, lanes};
        }
        position += BYTESCAN_WINDOW_SIZE;
    }
    if (position < end) {
        // Fewer positions than a window remain: test the window that ends at `end`, and keep
        // only the positions from `position` on.
        uint64_t lanes = test(base + last, probes, probe_count, non_ascii);
        lanes &= ~UINT64_C(0) << (position - last);
        if (lanes != 0) {
            return (bytescan_window){last, lanes};
        }
        position = end;
    }
    return (bytescan_window){position, 0};
}

/// `bytescan_find` with AVX-512BW (x86-64 only; the caller checks that the processor has it).
__attribute__((visibility("hidden"))) bytescan_window
bytescan_find_avx512(const uint8_t *base, size_t start, size_t end, const bytescan_probe *probes,
                     size_t probe_count, bool non_ascii);

/// `bytescan_find` with AVX2 (x86-64 only; the caller checks that the processor has it).
__attribute__((visibility("hidden"))) bytescan_window
bytescan_find_avx2(const uint8_t *base, size_t start, size_t end, const bytescan_probe *probes,
                   size_t probe_count, bool non_ascii);

/// `bytescan_find` with portable 16-byte vectors.
__attribute__((visibility("hidden"))) bytescan_window
bytescan_find_vector(const uint8_t *base, size_t start, size_t end, const bytescan_probe *probes,
                     size_t probe_count, bool non_ascii);

#endif // BYTESCAN_KERNELS_H
