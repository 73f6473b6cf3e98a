// bytescan.c: the probes, and the choice of the scan's implementation, made once at run time.
// See include/bytescan.h for why this is C.

#include "bytescan.h"
#include "bytescan_kernels.h"

#include <stdatomic.h>
#include <string.h>

// Each public function is documented in include/bytescan.h. They are C because the scan
// they serve must choose AVX2 at run time, which Swift cannot do.

/// Fills `probe` (see include/bytescan.h): the lane copies are the scan's layout, kept in C.
void bytescan_probe_init(bytescan_probe *probe, size_t offset1, uint8_t value1, uint8_t fold1,
                         size_t offset2, uint8_t value2, uint8_t fold2) {
    memset(probe->value1, value1, sizeof probe->value1);
    memset(probe->fold1, fold1, sizeof probe->fold1);
    memset(probe->value2, value2, sizeof probe->value2);
    memset(probe->fold2, fold2, sizeof probe->fold2);
    probe->offset1 = offset1;
    probe->offset2 = offset2;
}

/// True when `kernel` runs here (see include/bytescan.h); in C for `__builtin_cpu_supports`.
bool bytescan_kernel_available(int kernel) {
    switch (kernel) {
    case BYTESCAN_KERNEL_AVX2:
#if defined(__x86_64__)
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2");
#else
        return false;
#endif
    case BYTESCAN_KERNEL_AVX512:
#if defined(__x86_64__)
        // The scan uses no VBMI instruction: VBMI marks the processors (Ice Lake, Zen 4 and
        // later) on which 512-bit integer instructions lower the core's clock little or not
        // at all. Skylake-SP and Cascade Lake lack it; they slow the whole core down for
        // such instructions, and keep AVX2.
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
            && __builtin_cpu_supports("avx512vbmi");
#else
        return false;
#endif
    case BYTESCAN_KERNEL_VECTOR:
        return true;
    default:
        return false;
    }
}

/// One implementation of the scans: `bytescan_find`'s, `bytescan_line_run`'s and the
/// collecting loops of `bytescan_find_literals` and `bytescan_find_literals_and_nul`, for one
/// kernel.
typedef struct bytescan_implementation {
    bytescan_window (*find)(const uint8_t *, size_t, size_t, const bytescan_probe *, size_t, bool);
    bytescan_run (*line_run)(const uint8_t *, size_t, size_t, const bytescan_probe *,
                             const uint8_t *, size_t, bool, uint8_t, bytescan_line_goal);
    size_t (*collect)(const uint8_t *, size_t, size_t, const bytescan_probe *, size_t *, size_t,
                      size_t *);
    size_t (*collect_nul)(const uint8_t *, size_t, size_t, const bytescan_probe *, size_t *,
                          size_t, size_t *, size_t *);
} bytescan_implementation;

/// The implementation of `kernel`, which must be available.
static const bytescan_implementation *bytescan_implementation_of(int kernel) {
#if defined(__x86_64__)
    static const bytescan_implementation avx512 = {bytescan_find_avx512, bytescan_line_runs_avx512,
                                                   bytescan_collect_avx512,
                                                   bytescan_collect_nul_avx512};
    static const bytescan_implementation avx2 = {bytescan_find_avx2, bytescan_line_runs_avx2,
                                                 bytescan_collect_avx2, bytescan_collect_nul_avx2};
    if (kernel == BYTESCAN_KERNEL_AVX512) {
        return &avx512;
    }
    if (kernel == BYTESCAN_KERNEL_AVX2) {
        return &avx2;
    }
#endif
    (void)kernel;
    static const bytescan_implementation vector = {bytescan_find_vector, bytescan_line_runs_vector,
                                                   bytescan_collect_vector,
                                                   bytescan_collect_nul_vector};
    return &vector;
}

/// The implementation the scans use, chosen on the first call (NULL until then): the fastest
/// this processor runs, the choice Swift cannot make. Threads that race on the first call
/// choose the same one, so relaxed order suffices.
static _Atomic(const bytescan_implementation *) bytescan_chosen = NULL;

/// The implementation the scans use (see `bytescan_chosen`).
static inline const bytescan_implementation *bytescan_chosen_implementation(void) {
    const bytescan_implementation *chosen = atomic_load_explicit(&bytescan_chosen, memory_order_relaxed);
    if (chosen == NULL) {
        int kernel = bytescan_kernel_available(BYTESCAN_KERNEL_AVX512) ? BYTESCAN_KERNEL_AVX512
                     : bytescan_kernel_available(BYTESCAN_KERNEL_AVX2) ? BYTESCAN_KERNEL_AVX2
                                                                       : BYTESCAN_KERNEL_VECTOR;
        chosen = bytescan_implementation_of(kernel);
        atomic_store_explicit(&bytescan_chosen, chosen, memory_order_relaxed);
    }
    return chosen;
}

/// `bytescan_find` with a chosen kernel (see include/bytescan.h), for the tests.
bytescan_window bytescan_find_using(int kernel, const void *base, size_t start, size_t end,
                                    const bytescan_probe *probes, size_t probe_count,
                                    bool non_ascii) {
    return bytescan_implementation_of(kernel)->find(base, start, end, probes, probe_count, non_ascii);
}

/// The scan (see include/bytescan.h) with the implementation chosen on the first call: in
/// C because Swift cannot compile the AVX2 one and choose it at run time.
bytescan_window bytescan_find(const void *base, size_t start, size_t end,
                              const bytescan_probe *probes, size_t probe_count, bool non_ascii) {
    return bytescan_chosen_implementation()->find(base, start, end, probes, probe_count, non_ascii);
}

/// The search for one literal (see include/bytescan.h): `bytescan_find`'s windows, each hit
/// compared with the literal.
size_t bytescan_find_literal(const void *base, size_t start, size_t count,
                             const bytescan_probe *probe, const uint8_t *literal, size_t length) {
    const uint8_t *text = base;
    if (length == 0 || length > count || start > count - length) {
        return count;
    }
    // The positions at which the literal fits; a probe reads only bytes of the literal.
    size_t end = count - length + 1;
    size_t position = start;
    while (position < end) {
        bytescan_window window = bytescan_find(text, position, end, probe, 1, false);
        if (window.lanes == 0) {
            position = window.position;
            break;
        }
        for (uint64_t lanes = window.lanes; lanes != 0; lanes &= lanes - 1) {
            size_t at = window.position + (size_t)__builtin_ctzll(lanes);
            if (memcmp(text + at, literal, length) == 0) {
                return at;
            }
        }
        position = window.position + BYTESCAN_WINDOW_SIZE;
    }
    // The positions that `bytescan_find` leaves to its caller: fewer than a window.
    for (; position < end; position++) {
        if (text[position + probe->offset1] == probe->value1[0]
            && text[position + probe->offset2] == probe->value2[0]
            && memcmp(text + position, literal, length) == 0) {
            return position;
        }
    }
    return count;
}

/// True when the two sides of `probe` read every byte of the `length` bytes of its literal,
/// so that each of its hits is an occurrence and needs no comparison.
static bool bytescan_probe_reads_every_byte(const bytescan_probe *probe, size_t length) {
    return length == 1 || (length == 2 && probe->offset1 != probe->offset2);
}

/// Keeps, of the `hits` offsets a kernel stored at `found + stored`, those where the literal's
/// bytes occur (all of them when `exact`: the probe read every byte), moved down to follow the
/// `stored` kept before, and returns the number kept in all.
static size_t bytescan_keep_occurrences(const uint8_t *text, size_t *found, size_t stored, size_t hits,
                                        const uint8_t *literal, size_t length, bool exact) {
    size_t kept = stored;
    for (size_t index = stored; index < stored + hits; index++) {
        if (exact || memcmp(text + found[index], literal, length) == 0) {
            found[kept++] = found[index];
        }
    }
    return kept;
}

/// The occurrences of the literal from `start` on (see include/bytescan.h) with
/// `implementation`: the hits of its windows, each compared unless the probe reads every byte
/// of the literal.
static size_t bytescan_find_literals_with(const bytescan_implementation *implementation,
                                          const void *base, size_t start, size_t count,
                                          const bytescan_probe *probe, const uint8_t *literal,
                                          size_t length, size_t *found, size_t capacity,
                                          size_t *scanned) {
    const uint8_t *text = base;
    *scanned = count;
    if (length == 0 || length > count || start > count - length) {
        return 0;
    }
    bool exact = bytescan_probe_reads_every_byte(probe, length);
    size_t stored = 0;
    size_t end = count - length + 1;
    size_t position = start;
    if ((probe->fold1[0] | probe->fold2[0]) == 0) {
        // The kernel stores the hits, many windows a call; those that are not occurrences are
        // dropped, and their places filled by a further call.
        size_t (*collect)(const uint8_t *, size_t, size_t, const bytescan_probe *, size_t *,
                          size_t, size_t *) = implementation->collect;
        while (position < end) {
            size_t next = position;
            size_t hits = collect(text, position, end, probe, found + stored, capacity - stored,
                                  &next);
            stored = bytescan_keep_occurrences(text, found, stored, hits, literal, length, exact);
            if (next >= end || next == position) {
                // Every position tested, or too few for a window (the loops below take them).
                position = next;
                break;
            }
            // The kernel stopped at a hit it had no room for.
            if (stored == capacity) {
                *scanned = next;
                return stored;
            }
            position = next;
        }
    }
    while (position < end) {
        bytescan_window window = implementation->find(text, position, end, probe, 1, false);
        if (window.lanes == 0) {
            position = window.position;
            break;
        }
        for (uint64_t lanes = window.lanes; lanes != 0; lanes &= lanes - 1) {
            size_t at = window.position + (size_t)__builtin_ctzll(lanes);
            if (exact || memcmp(text + at, literal, length) == 0) {
                if (stored == capacity) {
                    *scanned = at;
                    return stored;
                }
                found[stored++] = at;
            }
        }
        position = window.position + BYTESCAN_WINDOW_SIZE;
    }
    // The positions that `bytescan_find` leaves to its caller: fewer than a window.
    for (; position < end; position++) {
        if (text[position + probe->offset1] == probe->value1[0]
            && text[position + probe->offset2] == probe->value2[0]
            && memcmp(text + position, literal, length) == 0) {
            if (stored == capacity) {
                *scanned = position;
                return stored;
            }
            found[stored++] = position;
        }
    }
    return stored;
}

/// The occurrences of the literal (see include/bytescan.h) with the implementation chosen on
/// the first call.
size_t bytescan_find_literals(const void *base, size_t start, size_t count, const bytescan_probe *probe,
                              const uint8_t *literal, size_t length, size_t *found, size_t capacity,
                              size_t *scanned) {
    return bytescan_find_literals_with(bytescan_chosen_implementation(), base, start, count, probe,
                                       literal, length, found, capacity, scanned);
}

/// `bytescan_find_literals` with a chosen kernel (see include/bytescan.h), for the tests.
size_t bytescan_find_literals_using(int kernel, const void *base, size_t start, size_t count,
                                    const bytescan_probe *probe, const uint8_t *literal,
                                    size_t length, size_t *found, size_t capacity,
                                    size_t *scanned) {
    return bytescan_find_literals_with(bytescan_implementation_of(kernel), base, start, count,
                                       probe, literal, length, found, capacity, scanned);
}

/// The occurrences of the literal from `start` on and the text's first NUL (see
/// include/bytescan.h) with `implementation`: the windows of the literal's probe tested for
/// zero bytes too, their hits compared unless the probe reads every byte of the literal;
/// the bytes no window tests (the last `length - 1`, those after the hit that filled
/// `found`) searched for a NUL by `memchr`.
static size_t bytescan_find_literals_and_nul_with(const bytescan_implementation *implementation,
                                                  const void *base, size_t start, size_t count,
                                                  const bytescan_probe *probe,
                                                  const uint8_t *literal, size_t length,
                                                  size_t *found, size_t capacity,
                                                  size_t *scanned, size_t *first_nul) {
    const uint8_t *text = base;
    *scanned = count;
    *first_nul = count;
    if (start >= count) {
        return 0;
    }
    if (length == 0 || length > count || start > count - length
        || (probe->fold1[0] | probe->fold2[0]) != 0) {
        // No occurrence fits, or a probe that folds, which no caller makes: two passes.
        size_t stored = bytescan_find_literals_with(implementation, base, start, count, probe,
                                                    literal, length, found, capacity, scanned);
        const uint8_t *nul = memchr(text + start, 0, count - start);
        *first_nul = nul != NULL ? (size_t)(nul - text) : count;
        return stored;
    }
    bool exact = bytescan_probe_reads_every_byte(probe, length);
    size_t stored = 0;
    // The first NUL found, or SIZE_MAX while none lies before `position`.
    size_t nul = SIZE_MAX;
    size_t end = count - length + 1;
    size_t position = start;
    while (position < end) {
        size_t next = position;
        size_t hits = implementation->collect_nul(text, position, end, probe, found + stored,
                                                  capacity - stored, &next, &nul);
        stored = bytescan_keep_occurrences(text, found, stored, hits, literal, length, exact);
        if (next >= end || next == position) {
            // Every position tested, or too few for a window (the loop below takes them).
            position = next;
            break;
        }
        position = next;
        if (stored == capacity) {
            // The kernel stopped at a hit it had no room for: the rest is read for the NUL.
            *scanned = next;
            end = next;
        }
    }
    // No window tested the bytes from here on for a NUL.
    size_t untested = position;
    // The positions that the windows leave: fewer than a window.
    for (; position < end; position++) {
        if (text[position + probe->offset1] == probe->value1[0]
            && text[position + probe->offset2] == probe->value2[0]
            && memcmp(text + position, literal, length) == 0) {
            if (stored == capacity) {
                *scanned = position;
                break;
            }
            found[stored++] = position;
        }
    }
    if (nul == SIZE_MAX) {
        // No window held a NUL: the bytes no window tested are read for one.
        const uint8_t *zero = memchr(text + untested, 0, count - untested);
        nul = zero != NULL ? (size_t)(zero - text) : count;
    }
    *first_nul = nul;
    return stored;
}

/// The occurrences of the literal and the text's first NUL (see include/bytescan.h) with the
/// implementation chosen on the first call.
size_t bytescan_find_literals_and_nul(const void *base, size_t start, size_t count,
                                      const bytescan_probe *probe, const uint8_t *literal,
                                      size_t length, size_t *found, size_t capacity,
                                      size_t *scanned, size_t *first_nul) {
    return bytescan_find_literals_and_nul_with(bytescan_chosen_implementation(), base, start, count,
                                               probe, literal, length, found, capacity, scanned,
                                               first_nul);
}

/// `bytescan_find_literals_and_nul` with a chosen kernel (see include/bytescan.h), for the
/// tests.
size_t bytescan_find_literals_and_nul_using(int kernel, const void *base, size_t start,
                                            size_t count, const bytescan_probe *probe,
                                            const uint8_t *literal, size_t length, size_t *found,
                                            size_t capacity, size_t *scanned,
                                            size_t *first_nul) {
    return bytescan_find_literals_and_nul_with(bytescan_implementation_of(kernel), base, start,
                                               count, probe, literal, length, found, capacity,
                                               scanned, first_nul);
}

/// `bytescan_line_run` with a chosen kernel (see include/bytescan.h), for the tests.
bytescan_run bytescan_line_run_using(int kernel, const void *base, size_t start, size_t count,
                                     const bytescan_probe *probe, const uint8_t *literal,
                                     size_t length, uint8_t terminator, bytescan_line_goal goal) {
    return bytescan_implementation_of(kernel)->line_run(
        base, start, count, probe, literal, length,
        bytescan_probe_reads_every_byte(probe, length), terminator, goal);
}

/// The run of lines (see include/bytescan.h) with the implementation chosen on the first
/// call: in C because Swift cannot compile the AVX2 one and choose it at run time.
bytescan_run bytescan_line_run(const void *base, size_t start, size_t count,
                               const bytescan_probe *probe, const uint8_t *literal, size_t length,
                               uint8_t terminator, bytescan_line_goal goal) {
    return bytescan_chosen_implementation()->line_run(
        base, start, count, probe, literal, length,
        bytescan_probe_reads_every_byte(probe, length), terminator, goal);
}
