// bytescan_kernels.h: what the implementations of the scan share (not part of the module's
// interface). See include/bytescan.h for why the scan is in C.

#ifndef BYTESCAN_KERNELS_H
#define BYTESCAN_KERNELS_H

#include "bytescan.h"

#include <string.h>

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

/// How far ahead of its window `bytescan_collect_windows` asks for the text's bytes.
#define BYTESCAN_COLLECT_PREFETCH_DISTANCE 1024

/// The loop of `bytescan_collect` around `test` with one probe: the hits of whole windows
/// from `start`, then of one last window that ends at `end` (its bits before the positions
/// tested already cleared), stored in order at `found` up to `capacity` of them. `*next` is
/// where the caller goes on: the first hit not stored when `capacity` ran out, `end` when
/// every position was tested, or `start` when there are too few for a window. One call
/// serves many hits, without a call and its setup for each window that has one.
__attribute__((always_inline)) static inline size_t
bytescan_collect_windows(bytescan_window_test test, const uint8_t *base, size_t start, size_t end,
                         const void *probe, size_t *found, size_t capacity, size_t *next) {
    size_t stored = 0;
    size_t position = start;
    if (end < BYTESCAN_WINDOW_SIZE || start >= end) {
        *next = position;
        return 0;
    }
    size_t last = end - BYTESCAN_WINDOW_SIZE;
    while (position < end) {
        size_t window = position <= last ? position : last;
        // The scan is memory-bound when it is the first read of the text (the searcher's
        // pages of a mapped file), and the hardware's prefetcher stops at each page's end: the
        // bytes ahead are asked for (a prefetch never faults, past the text's end neither).
        __builtin_prefetch(base + window + BYTESCAN_COLLECT_PREFETCH_DISTANCE);
        uint64_t lanes = test(base + window, probe, 1, false);
        if (window < position) {
            lanes &= ~UINT64_C(0) << (position - window);
        }
        for (; lanes != 0; lanes &= lanes - 1) {
            size_t at = window + (size_t)__builtin_ctzll(lanes);
            if (stored == capacity) {
                *next = at;
                return stored;
            }
            found[stored++] = at;
        }
        position = window + BYTESCAN_WINDOW_SIZE;
    }
    *next = end;
    return stored;
}

/// Tests the 64 bytes at `window` for zero: bit `i` of the answer is set when byte `i` is 0.
/// One per implementation, inlined into `bytescan_collect_windows_finding_nul`.
typedef uint64_t (*bytescan_zero_test)(const uint8_t *window);

/// Whether the 64-byte window at `window` may need a closer look: true when the one probe at
/// `probe` accepts both its bytes at a position of the window, or, when `finds_nul`, one of
/// the window's 64 bytes from its first position is zero (false answers only what the exact
/// tests would: no hit, no zero). One per implementation, inlined into
/// `bytescan_collect_windows_finding_nul`: a window that holds neither, as most do, costs one
/// vector test and one branch, not the masks of both tests.
typedef bool (*bytescan_window_may_hit)(const uint8_t *window, const void *probe, bool finds_nul);

/// The quick test of an implementation without one: every window is tested exactly.
__attribute__((always_inline)) static inline bool
bytescan_every_window_may_hit(const uint8_t *window, const void *probe, bool finds_nul) {
    (void)window, (void)probe, (void)finds_nul;
    return true;
}

/// `bytescan_collect_windows` that also finds the first zero byte (NUL) of the text, in the
/// same pass: each window's 64 bytes from its first position are tested for zero too, until
/// one is found. `*first_nul` is SIZE_MAX on entry, or a NUL found before (then no window is
/// tested for one); on return it is the first NUL at or after `start` when a window tested
/// held one, and is left as it was otherwise, when no NUL lies between `start` and `*next`.
/// A window's bytes are loaded by its probe's sides anyway (the test loads them once more,
/// from the first-level cache): when the scan is the first read of a block, as it is of a
/// mapped file's pages, the NUL test of the block costs no pass of its own.
__attribute__((always_inline)) static inline size_t
bytescan_collect_windows_finding_nul(bytescan_window_test test, bytescan_zero_test zeros,
                                     bytescan_window_may_hit may_hit,
                                     const uint8_t *base, size_t start, size_t end,
                                     const void *probe, size_t *found, size_t capacity,
                                     size_t *next, size_t *first_nul) {
    size_t stored = 0;
    size_t position = start;
    size_t nul = *first_nul;
    if (end < BYTESCAN_WINDOW_SIZE || start >= end) {
        *next = position;
        return 0;
    }
    size_t last = end - BYTESCAN_WINDOW_SIZE;
    while (position < end) {
        size_t window = position <= last ? position : last;
        __builtin_prefetch(base + window + BYTESCAN_COLLECT_PREFETCH_DISTANCE);
        if (!may_hit(base + window, probe, nul == SIZE_MAX)) {
            position = window + BYTESCAN_WINDOW_SIZE;
            continue;
        }
        // The positions of the window not tested before (the last window overlaps the one
        // before it).
        uint64_t untested = ~UINT64_C(0) << (position - window);
        uint64_t lanes = test(base + window, probe, 1, false) & untested;
        if (nul == SIZE_MAX) {
            uint64_t zero_lanes = zeros(base + window) & untested;
            if (zero_lanes != 0) {
                nul = window + (size_t)__builtin_ctzll(zero_lanes);
            }
        }
        for (; lanes != 0; lanes &= lanes - 1) {
            size_t at = window + (size_t)__builtin_ctzll(lanes);
            if (stored == capacity) {
                *next = at;
                *first_nul = nul;
                return stored;
            }
            found[stored++] = at;
        }
        position = window + BYTESCAN_WINDOW_SIZE;
    }
    *next = end;
    *first_nul = nul;
    return stored;
}

/// Whether a line holds an occurrence among the probe hits `hits` of its bytes: each hit, a
/// position where the literal's probe accepts, is compared with the `length` bytes at
/// `literal`, unless `hits_are_occurrences` (the probe reads every byte of the literal).
__attribute__((always_inline)) static inline bool
bytescan_holds_occurrence(const uint8_t *window, uint64_t hits, const uint8_t *literal,
                          size_t length, bool hits_are_occurrences) {
    if (hits_are_occurrences) {
        return hits != 0;
    }
    for (; hits != 0; hits &= hits - 1) {
        if (memcmp(window + __builtin_ctzll(hits), literal, length) == 0) {
            return true;
        }
    }
    return false;
}

/// The loop of `bytescan_line_run` around `test`, for `goal`: the window of positions from
/// the run's start is tested for the literal's probe (`literal_probe`) and for the terminator
/// (a probe whose sides are both the terminator, `terminator_probe`), and its lines are taken in order from the two masks (all at once
/// when a run of lines that hold none takes in a window without a hit); the last bytes, too
/// few for a window whose probes stay in the text, are read one by one. Each implementation
/// inlines it with its own `test` and probes in its own form, so that the test is inlined
/// too, and with a constant `goal`.
__attribute__((always_inline)) static inline bytescan_run
bytescan_scan_line_runs(bytescan_window_test test, const uint8_t *text, size_t start,
                        size_t count, const void *literal_probe, const void *terminator_probe,
                        const uint8_t *literal, size_t length, bool hits_are_occurrences,
                        uint8_t terminator, bytescan_line_goal goal) {
    bool holding = goal == BYTESCAN_RUN_HOLDING;
    size_t lines = 0;
    size_t line_start = start;
    // Whether the line from `line_start` holds an occurrence before `position`.
    bool line_holds = false;
    size_t position = start;
    // A window's probes read up to `length - 1` bytes past its last position.
    while (position + BYTESCAN_WINDOW_SIZE + length - 1 <= count) {
        const uint8_t *window = text + position;
        uint64_t hits = test(window, literal_probe, 1, false);
        uint64_t ends = test(window, terminator_probe, 1, false);
        if (hits == 0 && goal == BYTESCAN_RUN_LACKING) {
            // The line under way ends at the first terminator, and every later line in the
            // window holds no occurrence.
            if (ends != 0) {
                if (line_holds) {
                    return (bytescan_run){line_start, lines};
                }
                lines += (size_t)__builtin_popcountll(ends);
                line_start = position + BYTESCAN_WINDOW_SIZE - (size_t)__builtin_clzll(ends);
                line_holds = false;
            }
            position += BYTESCAN_WINDOW_SIZE;
            continue;
        }
        // The bits from `from` on are the line's that starts at `line_start`.
        unsigned from = 0;
        for (; ends != 0; ends &= ends - 1) {
            unsigned end = (unsigned)__builtin_ctzll(ends);
            uint64_t before_end = (UINT64_C(1) << end) - 1;  // end < 64
            bool holds = line_holds
                || bytescan_holds_occurrence(window, hits & before_end & (~UINT64_C(0) << from),
                                             literal, length, hits_are_occurrences);
            if (holds != holding) {
                return (bytescan_run){line_start, lines};
            }
            lines++;
            line_start = position + end + 1;
            line_holds = false;
            from = end + 1;
        }
        if (!line_holds && from < BYTESCAN_WINDOW_SIZE) {
            line_holds = bytescan_holds_occurrence(window, hits & (~UINT64_C(0) << from), literal,
                                                   length, hits_are_occurrences);
        }
        if (line_holds && goal == BYTESCAN_RUN_LACKING) {
            return (bytescan_run){line_start, lines};
        }
        position += BYTESCAN_WINDOW_SIZE;
    }
    for (; position < count; position++) {
        if (text[position] == terminator) {
            if (line_holds != holding) {
                return (bytescan_run){line_start, lines};
            }
            lines++;
            line_start = position + 1;
            line_holds = false;
        } else if (!line_holds && count - position >= length
                   && memcmp(text + position, literal, length) == 0) {
            line_holds = true;
            if (goal == BYTESCAN_RUN_LACKING) {
                return (bytescan_run){line_start, lines};
            }
        }
    }
    return (bytescan_run){line_start, lines};
}

/// `bytescan_scan_line_runs` inlined once for each goal, so that each loop tests a constant.
__attribute__((always_inline)) static inline bytescan_run
bytescan_scan_line_runs_for_goal(bytescan_window_test test, const uint8_t *text, size_t start,
                                 size_t count, const void *literal_probe,
                                 const void *terminator_probe, const uint8_t *literal,
                                 size_t length, bool hits_are_occurrences, uint8_t terminator,
                                 bytescan_line_goal goal) {
    if (goal == BYTESCAN_RUN_HOLDING) {
        return bytescan_scan_line_runs(test, text, start, count, literal_probe, terminator_probe,
                                       literal, length, hits_are_occurrences, terminator,
                                       BYTESCAN_RUN_HOLDING);
    }
    return bytescan_scan_line_runs(test, text, start, count, literal_probe, terminator_probe,
                                   literal, length, hits_are_occurrences, terminator,
                                   BYTESCAN_RUN_LACKING);
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

/// `bytescan_collect_windows` with each implementation, for one exact probe.
__attribute__((visibility("hidden"))) size_t
bytescan_collect_avx512(const uint8_t *base, size_t start, size_t end, const bytescan_probe *probe,
                        size_t *found, size_t capacity, size_t *next);
__attribute__((visibility("hidden"))) size_t
bytescan_collect_avx2(const uint8_t *base, size_t start, size_t end, const bytescan_probe *probe,
                      size_t *found, size_t capacity, size_t *next);
__attribute__((visibility("hidden"))) size_t
bytescan_collect_vector(const uint8_t *base, size_t start, size_t end, const bytescan_probe *probe,
                        size_t *found, size_t capacity, size_t *next);

/// `bytescan_collect_windows_finding_nul` with each implementation, for one exact probe.
__attribute__((visibility("hidden"))) size_t
bytescan_collect_nul_avx512(const uint8_t *base, size_t start, size_t end,
                            const bytescan_probe *probe, size_t *found, size_t capacity,
                            size_t *next, size_t *first_nul);
__attribute__((visibility("hidden"))) size_t
bytescan_collect_nul_avx2(const uint8_t *base, size_t start, size_t end,
                          const bytescan_probe *probe, size_t *found, size_t capacity, size_t *next,
                          size_t *first_nul);
__attribute__((visibility("hidden"))) size_t
bytescan_collect_nul_vector(const uint8_t *base, size_t start, size_t end,
                            const bytescan_probe *probe, size_t *found, size_t capacity,
                            size_t *next, size_t *first_nul);

/// `bytescan_scan_line_runs` with each implementation, for `goal`, the literal's probe and
/// the terminator (`hits_are_occurrences` as `bytescan_line_run` works it out).
__attribute__((visibility("hidden"))) bytescan_run
bytescan_line_runs_avx512(const uint8_t *text, size_t start, size_t count,
                          const bytescan_probe *literal_probe, const uint8_t *literal, size_t length,
                          bool hits_are_occurrences, uint8_t terminator, bytescan_line_goal goal);
__attribute__((visibility("hidden"))) bytescan_run
bytescan_line_runs_avx2(const uint8_t *text, size_t start, size_t count,
                        const bytescan_probe *literal_probe, const uint8_t *literal, size_t length,
                        bool hits_are_occurrences, uint8_t terminator, bytescan_line_goal goal);
__attribute__((visibility("hidden"))) bytescan_run
bytescan_line_runs_vector(const uint8_t *text, size_t start, size_t count,
                          const bytescan_probe *literal_probe, const uint8_t *literal, size_t length,
                          bool hits_are_occurrences, uint8_t terminator, bytescan_line_goal goal);

#endif // BYTESCAN_KERNELS_H
