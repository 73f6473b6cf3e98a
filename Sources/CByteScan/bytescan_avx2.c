// bytescan_avx2.c: the scan with 32-byte AVX2 vectors, compiled for AVX2 one function at a
// time (`target("avx2")`), so that the rest of the program still runs on any x86-64.
// See include/bytescan.h for why this is C.

#include "bytescan_kernels.h"

#if defined(__x86_64__)

#include <immintrin.h>

/// The target attribute of the functions inlined into `bytescan_find_avx2`.
#define BYTESCAN_AVX2 __attribute__((target("avx2"), always_inline))

/// The most probes the scan keeps in registers; with more, it reads them from memory (the
/// cases of `bytescan_find_avx2` must match).
#define BYTESCAN_AVX2_REGISTERS 8

/// Probes as the loop reads them: each byte in every lane, loaded once per call.
typedef struct bytescan_avx2_probes {
    __m256i value1[BYTESCAN_AVX2_REGISTERS];
    __m256i fold1[BYTESCAN_AVX2_REGISTERS];
    __m256i value2[BYTESCAN_AVX2_REGISTERS];
    __m256i fold2[BYTESCAN_AVX2_REGISTERS];
    size_t offset1[BYTESCAN_AVX2_REGISTERS];
    size_t offset2[BYTESCAN_AVX2_REGISTERS];
} bytescan_avx2_probes;

/// The lanes of the 32 positions at `text` where probe `index` accepts both bytes: 0xFF,
/// else 0. Without `folds`, every side is exact (its fold is 0) and is not ORed.
/// AVX2 because Swift cannot compile it for AVX2 with a run-time choice.
BYTESCAN_AVX2 static inline __m256i
bytescan_avx2_probe_lanes(const uint8_t *text, const bytescan_avx2_probes *probes, size_t index,
                          bool folds) {
    __m256i first = _mm256_loadu_si256((const __m256i *)(text + probes->offset1[index]));
    __m256i second = _mm256_loadu_si256((const __m256i *)(text + probes->offset2[index]));
    if (folds) {
        first = _mm256_or_si256(first, probes->fold1[index]);
        second = _mm256_or_si256(second, probes->fold2[index]);
    }
    first = _mm256_cmpeq_epi8(first, probes->value1[index]);
    second = _mm256_cmpeq_epi8(second, probes->value2[index]);
    return _mm256_and_si256(first, second);
}

/// The mask of `bytescan_window_test` for the hit lanes `low` and `high` of the window's two
/// halves (a lane hits when its high bit is set), or with the window's bytes outside ASCII.
/// AVX2 because Swift cannot compile it for AVX2 with a run-time choice.
BYTESCAN_AVX2 static inline uint64_t
bytescan_avx2_mask(const uint8_t *window, __m256i low, __m256i high, bool non_ascii) {
    if (non_ascii) {
        low = _mm256_or_si256(low, _mm256_loadu_si256((const __m256i *)window));
        high = _mm256_or_si256(high, _mm256_loadu_si256((const __m256i *)(window + 32)));
    }
    if (_mm256_movemask_epi8(_mm256_or_si256(low, high)) == 0) {
        return 0;
    }
    return (uint64_t)(uint32_t)_mm256_movemask_epi8(low)
        | (uint64_t)(uint32_t)_mm256_movemask_epi8(high) << 32;
}

/// The window test of `bytescan_window_test` with two 32-byte vectors, for probes prepared as
/// `bytescan_avx2_probes`. Without `folds`, every side of every probe is exact.
/// AVX2 because Swift cannot compile it for AVX2 with a run-time choice.
BYTESCAN_AVX2 static inline uint64_t
bytescan_avx2_test(const uint8_t *window, const void *probes, size_t probe_count, bool non_ascii,
                   bool folds) {
    __m256i low = _mm256_setzero_si256();
    __m256i high = _mm256_setzero_si256();
    for (size_t index = 0; index < probe_count; index++) {
        low = _mm256_or_si256(low, bytescan_avx2_probe_lanes(window, probes, index, folds));
        high = _mm256_or_si256(high, bytescan_avx2_probe_lanes(window + 32, probes, index, folds));
    }
    return bytescan_avx2_mask(window, low, high, non_ascii);
}

/// The window test with probes that fold: `bytescan_avx2_test`.
/// AVX2 because Swift cannot compile it for AVX2 with a run-time choice.
BYTESCAN_AVX2 static inline uint64_t
bytescan_avx2_test_folded(const uint8_t *window, const void *probes, size_t probe_count,
                          bool non_ascii) {
    return bytescan_avx2_test(window, probes, probe_count, non_ascii, true);
}

/// The window test with exact probes only: `bytescan_avx2_test` without the ORs.
/// AVX2 because Swift cannot compile it for AVX2 with a run-time choice.
BYTESCAN_AVX2 static inline uint64_t
bytescan_avx2_test_exact(const uint8_t *window, const void *probes, size_t probe_count,
                         bool non_ascii) {
    return bytescan_avx2_test(window, probes, probe_count, non_ascii, false);
}

/// The lanes of the 32 positions at `text` where `probe`, read from memory, accepts both
/// bytes: 0xFF, else 0.
/// AVX2 because Swift cannot compile it for AVX2 with a run-time choice.
BYTESCAN_AVX2 static inline __m256i
bytescan_avx2_memory_probe_lanes(const uint8_t *text, const bytescan_probe *probe) {
    __m256i first = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(text + probe->offset1)),
                                    _mm256_loadu_si256((const __m256i *)probe->fold1));
    __m256i second = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(text + probe->offset2)),
                                     _mm256_loadu_si256((const __m256i *)probe->fold2));
    first = _mm256_cmpeq_epi8(first, _mm256_loadu_si256((const __m256i *)probe->value1));
    second = _mm256_cmpeq_epi8(second, _mm256_loadu_si256((const __m256i *)probe->value2));
    return _mm256_and_si256(first, second);
}

/// The window test for any number of probes, read from memory where they lie (the
/// `bytescan_probe`s); every side is treated as folding (an exact one has fold 0).
/// AVX2 because Swift cannot compile it for AVX2 with a run-time choice.
BYTESCAN_AVX2 static inline uint64_t
bytescan_avx2_test_memory(const uint8_t *window, const void *probes, size_t probe_count,
                          bool non_ascii) {
    const bytescan_probe *probe = probes;
    __m256i low = _mm256_setzero_si256();
    __m256i high = _mm256_setzero_si256();
    for (size_t index = 0; index < probe_count; index++, probe++) {
        low = _mm256_or_si256(low, bytescan_avx2_memory_probe_lanes(window, probe));
        high = _mm256_or_si256(high, bytescan_avx2_memory_probe_lanes(window + 32, probe));
    }
    return bytescan_avx2_mask(window, low, high, non_ascii);
}

/// The scan with the `count` probes at `probes` (at most `BYTESCAN_AVX2_REGISTERS`), first
/// given the form the loop reads. Inlined with `count` known, so that the probe loop unrolls
/// and the probes stay in registers.
/// AVX2 because Swift cannot compile it for AVX2 with a run-time choice.
BYTESCAN_AVX2 static inline bytescan_window
bytescan_avx2_scan(const uint8_t *text, size_t start, size_t end, const bytescan_probe *probes,
                   size_t count, bool non_ascii) {
    bytescan_avx2_probes prepared;
    bool exact = true;
    for (size_t index = 0; index < count; index++) {
        const bytescan_probe *probe = &probes[index];
        prepared.value1[index] = _mm256_loadu_si256((const __m256i *)probe->value1);
        prepared.fold1[index] = _mm256_loadu_si256((const __m256i *)probe->fold1);
        prepared.value2[index] = _mm256_loadu_si256((const __m256i *)probe->value2);
        prepared.fold2[index] = _mm256_loadu_si256((const __m256i *)probe->fold2);
        prepared.offset1[index] = probe->offset1;
        prepared.offset2[index] = probe->offset2;
        exact = exact && (probe->fold1[0] | probe->fold2[0]) == 0;
    }
    return exact ? bytescan_scan_windows(bytescan_avx2_test_exact, text, start, end, &prepared,
                                         count, non_ascii)
                 : bytescan_scan_windows(bytescan_avx2_test_folded, text, start, end, &prepared,
                                         count, non_ascii);
}

/// `bytescan_find` with AVX2: `bytescan_avx2_scan` compiled apart for each count of up to
/// eight probes; more probes are read from memory in the loop.
/// AVX2 because Swift cannot compile it for AVX2 with a run-time choice.
__attribute__((target("avx2"))) bytescan_window
bytescan_find_avx2(const uint8_t *text, size_t start, size_t end, const bytescan_probe *probes,
                   size_t probe_count, bool non_ascii) {
    switch (probe_count) {
    case 1: return bytescan_avx2_scan(text, start, end, probes, 1, non_ascii);
    case 2: return bytescan_avx2_scan(text, start, end, probes, 2, non_ascii);
    case 3: return bytescan_avx2_scan(text, start, end, probes, 3, non_ascii);
    case 4: return bytescan_avx2_scan(text, start, end, probes, 4, non_ascii);
    case 5: return bytescan_avx2_scan(text, start, end, probes, 5, non_ascii);
    case 6: return bytescan_avx2_scan(text, start, end, probes, 6, non_ascii);
    case 7: return bytescan_avx2_scan(text, start, end, probes, 7, non_ascii);
    case 8: return bytescan_avx2_scan(text, start, end, probes, 8, non_ascii);
    default:
        return bytescan_scan_windows(bytescan_avx2_test_memory, text, start, end, probes,
                                     probe_count, non_ascii);
    }
}

/// The bytes `value1` and `value2`, at `offset1` and `offset2`, in every lane of a 32-byte
/// vector, as the exact window test reads one probe.
/// AVX2 because Swift cannot compile it for AVX2 with a run-time choice.
BYTESCAN_AVX2 static inline void bytescan_avx2_prepare(bytescan_avx2_probes *prepared,
                                                       size_t offset1, uint8_t value1,
                                                       size_t offset2, uint8_t value2) {
    prepared->value1[0] = _mm256_set1_epi8((char)value1);
    prepared->value2[0] = _mm256_set1_epi8((char)value2);
    prepared->offset1[0] = offset1;
    prepared->offset2[0] = offset2;
}

/// The window's quick test of `bytescan_window_may_hit` with two 32-byte vectors: the probe's
/// lanes of both halves, and the lesser of the window's two halves compared with zero, ORed
/// into one vector tested once.
/// AVX2 because Swift cannot compile it for AVX2 with a run-time choice.
BYTESCAN_AVX2 static inline bool bytescan_avx2_may_hit(const uint8_t *window, const void *probe,
                                                       bool finds_nul) {
    __m256i lanes = _mm256_or_si256(bytescan_avx2_probe_lanes(window, probe, 0, false),
                                    bytescan_avx2_probe_lanes(window + 32, probe, 0, false));
    if (finds_nul) {
        __m256i least = _mm256_min_epu8(_mm256_loadu_si256((const __m256i *)window),
                                        _mm256_loadu_si256((const __m256i *)(window + 32)));
        lanes = _mm256_or_si256(lanes, _mm256_cmpeq_epi8(least, _mm256_setzero_si256()));
    }
    return !_mm256_testz_si256(lanes, lanes);
}

/// `bytescan_collect_windows` with AVX2 and the exact window test of one probe.
/// AVX2 because Swift cannot compile it for AVX2 with a run-time choice.
__attribute__((target("avx2"))) size_t
bytescan_collect_avx2(const uint8_t *base, size_t start, size_t end, const bytescan_probe *probe,
                      size_t *found, size_t capacity, size_t *next) {
    bytescan_avx2_probes prepared;
    bytescan_avx2_prepare(&prepared, probe->offset1, probe->value1[0], probe->offset2,
                          probe->value2[0]);
    return bytescan_collect_windows(bytescan_avx2_test_exact, base, start, end, &prepared, found,
                                    capacity, next);
}

/// The zero test of `bytescan_zero_test` with two 32-byte vectors.
/// AVX2 because Swift cannot compile it for AVX2 with a run-time choice.
BYTESCAN_AVX2 static inline uint64_t bytescan_avx2_zeros(const uint8_t *window) {
    __m256i zero = _mm256_setzero_si256();
    __m256i low = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)window), zero);
    __m256i high = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(window + 32)), zero);
    return bytescan_avx2_mask(window, low, high, false);
}

/// `bytescan_collect_windows_finding_nul` with AVX2 and the exact window test of one probe.
/// AVX2 because Swift cannot compile it for AVX2 with a run-time choice.
__attribute__((target("avx2"))) size_t
bytescan_collect_nul_avx2(const uint8_t *base, size_t start, size_t end,
                          const bytescan_probe *probe, size_t *found, size_t capacity, size_t *next,
                          size_t *first_nul) {
    bytescan_avx2_probes prepared;
    bytescan_avx2_prepare(&prepared, probe->offset1, probe->value1[0], probe->offset2,
                          probe->value2[0]);
    return bytescan_collect_windows_finding_nul(bytescan_avx2_test_exact, bytescan_avx2_zeros,
                                                bytescan_avx2_may_hit, base,
                                                start, end, &prepared, found, capacity, next,
                                                first_nul);
}

/// `bytescan_scan_line_runs` with AVX2: the shared loop with the exact window test, for the
/// literal's probe and the terminator's.
/// AVX2 because Swift cannot compile it for AVX2 with a run-time choice.
__attribute__((target("avx2"))) bytescan_run
bytescan_line_runs_avx2(const uint8_t *text, size_t start, size_t count,
                        const bytescan_probe *literal_probe, const uint8_t *literal, size_t length,
                        bool hits_are_occurrences, uint8_t terminator, bytescan_line_goal goal) {
    bytescan_avx2_probes literal_prepared;
    bytescan_avx2_probes terminator_prepared;
    bytescan_avx2_prepare(&literal_prepared, literal_probe->offset1, literal_probe->value1[0],
                          literal_probe->offset2, literal_probe->value2[0]);
    bytescan_avx2_prepare(&terminator_prepared, 0, terminator, 0, terminator);
    return bytescan_scan_line_runs_for_goal(bytescan_avx2_test_exact, text, start, count,
                                            &literal_prepared, &terminator_prepared, literal,
                                            length, hits_are_occurrences, terminator, goal);
}

#endif // defined(__x86_64__)
