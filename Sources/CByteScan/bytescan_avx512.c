// bytescan_avx512.c: the scan with 64-byte AVX-512BW vectors, compiled for AVX-512 one
// function at a time (`target(...)`), so that the rest of the program still runs on any
// x86-64. See include/bytescan.h for why this is C.

#include "bytescan_kernels.h"

#if defined(__x86_64__)

#include <immintrin.h>

/// The target attribute of the functions inlined into `bytescan_find_avx512`.
#define BYTESCAN_AVX512 __attribute__((target("avx512f,avx512bw"), always_inline))

/// The truth tables of the three operands of a ternary-logic instruction: an expression of
/// them is the instruction's immediate for that expression.
#define BYTESCAN_TERNARY_A 0xF0
#define BYTESCAN_TERNARY_B 0xCC
#define BYTESCAN_TERNARY_C 0xAA

/// The most probes the scan keeps in registers; with more, it reads them from memory (the
/// cases of `bytescan_find_avx512` must match).
#define BYTESCAN_AVX512_REGISTERS 8

/// Probes as the loop reads them: each byte in every lane, loaded once per call.
typedef struct bytescan_avx512_probes {
    __m512i value1[BYTESCAN_AVX512_REGISTERS];
    __m512i fold1[BYTESCAN_AVX512_REGISTERS];
    __m512i value2[BYTESCAN_AVX512_REGISTERS];
    __m512i fold2[BYTESCAN_AVX512_REGISTERS];
    size_t offset1[BYTESCAN_AVX512_REGISTERS];
    size_t offset2[BYTESCAN_AVX512_REGISTERS];
} bytescan_avx512_probes;

/// The 64 positions at `window` as bytes that are zero exactly where probe `index` accepts
/// both of its bytes: `((b1 | fold1) ^ value1) | ((b2 | fold2) ^ value2)`, each side one
/// ternary-logic instruction. Without `folds`, every side is exact and
/// `(b1 ^ value1) | (b2 ^ value2)` is two instructions.
/// AVX-512 because Swift cannot compile it for AVX-512 with a run-time choice.
BYTESCAN_AVX512 static inline __m512i
bytescan_avx512_misses(const uint8_t *window, const bytescan_avx512_probes *probes, size_t index,
                       bool folds) {
    __m512i first = _mm512_loadu_si512((const void *)(window + probes->offset1[index]));
    __m512i second = _mm512_loadu_si512((const void *)(window + probes->offset2[index]));
    if (folds) {
        enum { FOLD_DIFFERENCE = (BYTESCAN_TERNARY_A | BYTESCAN_TERNARY_B) ^ BYTESCAN_TERNARY_C };
        first = _mm512_ternarylogic_epi32(first, probes->fold1[index], probes->value1[index],
                                          FOLD_DIFFERENCE);
        second = _mm512_ternarylogic_epi32(second, probes->fold2[index], probes->value2[index],
                                           FOLD_DIFFERENCE);
        return _mm512_or_si512(first, second);
    }
    enum { OR_DIFFERENCE = BYTESCAN_TERNARY_A | (BYTESCAN_TERNARY_B ^ BYTESCAN_TERNARY_C) };
    first = _mm512_xor_si512(first, probes->value1[index]);
    return _mm512_ternarylogic_epi32(first, second, probes->value2[index], OR_DIFFERENCE);
}

/// The window test of `bytescan_window_test` with one 64-byte vector: the byte-wise minimum
/// of every probe's misses is zero where some probe accepts.
/// AVX-512 because Swift cannot compile it for AVX-512 with a run-time choice.
BYTESCAN_AVX512 static inline uint64_t
bytescan_avx512_test(const uint8_t *window, const void *probes, size_t probe_count,
                     bool non_ascii, bool folds) {
    __m512i misses = _mm512_set1_epi8((char)0xFF);
    for (size_t index = 0; index < probe_count; index++) {
        misses = _mm512_min_epu8(misses, bytescan_avx512_misses(window, probes, index, folds));
    }
    uint64_t lanes = _mm512_testn_epi8_mask(misses, misses);
    if (non_ascii) {
        lanes |= _mm512_movepi8_mask(_mm512_loadu_si512((const void *)window));
    }
    return lanes;
}

/// The window test with probes that fold: `bytescan_avx512_test`.
/// AVX-512 because Swift cannot compile it for AVX-512 with a run-time choice.
BYTESCAN_AVX512 static inline uint64_t
bytescan_avx512_test_folded(const uint8_t *window, const void *probes, size_t probe_count,
                            bool non_ascii) {
    return bytescan_avx512_test(window, probes, probe_count, non_ascii, true);
}

/// The window test with exact probes only: `bytescan_avx512_test` without the folds.
/// AVX-512 because Swift cannot compile it for AVX-512 with a run-time choice.
BYTESCAN_AVX512 static inline uint64_t
bytescan_avx512_test_exact(const uint8_t *window, const void *probes, size_t probe_count,
                           bool non_ascii) {
    return bytescan_avx512_test(window, probes, probe_count, non_ascii, false);
}

/// The window test for any number of probes, read from memory where they lie: every side
/// is treated as folding (an exact one has fold 0).
/// AVX-512 because Swift cannot compile it for AVX-512 with a run-time choice.
BYTESCAN_AVX512 static inline uint64_t
bytescan_avx512_test_memory(const uint8_t *window, const void *probes, size_t probe_count,
                            bool non_ascii) {
    const bytescan_probe *probe = probes;
    __m512i misses = _mm512_set1_epi8((char)0xFF);
    for (size_t index = 0; index < probe_count; index++, probe++) {
        enum { FOLD_DIFFERENCE = (BYTESCAN_TERNARY_A | BYTESCAN_TERNARY_B) ^ BYTESCAN_TERNARY_C };
        __m512i first = _mm512_ternarylogic_epi32(
            _mm512_loadu_si512((const void *)(window + probe->offset1)),
            _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)probe->fold1)),
            _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)probe->value1)),
            FOLD_DIFFERENCE);
        __m512i second = _mm512_ternarylogic_epi32(
            _mm512_loadu_si512((const void *)(window + probe->offset2)),
            _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)probe->fold2)),
            _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)probe->value2)),
            FOLD_DIFFERENCE);
        misses = _mm512_min_epu8(misses, _mm512_or_si512(first, second));
    }
    uint64_t lanes = _mm512_testn_epi8_mask(misses, misses);
    if (non_ascii) {
        lanes |= _mm512_movepi8_mask(_mm512_loadu_si512((const void *)window));
    }
    return lanes;
}

/// The scan with the `count` probes at `probes` (at most `BYTESCAN_AVX512_REGISTERS`), first
/// given the form the loop reads. Inlined with `count` known, so that the probe loop unrolls
/// and the probes stay in registers.
/// AVX-512 because Swift cannot compile it for AVX-512 with a run-time choice.
BYTESCAN_AVX512 static inline bytescan_window
bytescan_avx512_scan(const uint8_t *text, size_t start, size_t end, const bytescan_probe *probes,
                     size_t count, bool non_ascii) {
    bytescan_avx512_probes prepared;
    bool exact = true;
    for (size_t index = 0; index < count; index++) {
        const bytescan_probe *probe = &probes[index];
        prepared.value1[index] = _mm512_set1_epi8((char)probe->value1[0]);
        prepared.fold1[index] = _mm512_set1_epi8((char)probe->fold1[0]);
        prepared.value2[index] = _mm512_set1_epi8((char)probe->value2[0]);
        prepared.fold2[index] = _mm512_set1_epi8((char)probe->fold2[0]);
        prepared.offset1[index] = probe->offset1;
        prepared.offset2[index] = probe->offset2;
        exact = exact && (probe->fold1[0] | probe->fold2[0]) == 0;
    }
    return exact ? bytescan_scan_windows(bytescan_avx512_test_exact, text, start, end, &prepared,
                                         count, non_ascii)
                 : bytescan_scan_windows(bytescan_avx512_test_folded, text, start, end, &prepared,
                                         count, non_ascii);
}

/// `bytescan_find` with AVX-512BW: `bytescan_avx512_scan` compiled apart for each count of
/// up to eight probes; more probes are read from memory in the loop.
/// AVX-512 because Swift cannot compile it for AVX-512 with a run-time choice.
__attribute__((target("avx512f,avx512bw"))) bytescan_window
bytescan_find_avx512(const uint8_t *text, size_t start, size_t end, const bytescan_probe *probes,
                     size_t probe_count, bool non_ascii) {
    switch (probe_count) {
    case 1: return bytescan_avx512_scan(text, start, end, probes, 1, non_ascii);
    case 2: return bytescan_avx512_scan(text, start, end, probes, 2, non_ascii);
    case 3: return bytescan_avx512_scan(text, start, end, probes, 3, non_ascii);
    case 4: return bytescan_avx512_scan(text, start, end, probes, 4, non_ascii);
    case 5: return bytescan_avx512_scan(text, start, end, probes, 5, non_ascii);
    case 6: return bytescan_avx512_scan(text, start, end, probes, 6, non_ascii);
    case 7: return bytescan_avx512_scan(text, start, end, probes, 7, non_ascii);
    case 8: return bytescan_avx512_scan(text, start, end, probes, 8, non_ascii);
    default:
        return bytescan_scan_windows(bytescan_avx512_test_memory, text, start, end, probes,
                                     probe_count, non_ascii);
    }
}

/// The bytes `value1` and `value2`, at `offset1` and `offset2`, in every lane of a 64-byte
/// vector, as the exact window test reads one probe.
/// AVX-512 because Swift cannot compile it for AVX-512 with a run-time choice.
BYTESCAN_AVX512 static inline void bytescan_avx512_prepare(bytescan_avx512_probes *prepared,
                                                           size_t offset1, uint8_t value1,
                                                           size_t offset2, uint8_t value2) {
    prepared->value1[0] = _mm512_set1_epi8((char)value1);
    prepared->value2[0] = _mm512_set1_epi8((char)value2);
    prepared->offset1[0] = offset1;
    prepared->offset2[0] = offset2;
}

/// `bytescan_collect_windows` with AVX-512BW and the exact window test of one probe.
/// AVX-512 because Swift cannot compile it for AVX-512 with a run-time choice.
__attribute__((target("avx512f,avx512bw"))) size_t
bytescan_collect_avx512(const uint8_t *base, size_t start, size_t end, const bytescan_probe *probe,
                        size_t *found, size_t capacity, size_t *next) {
    bytescan_avx512_probes prepared;
    bytescan_avx512_prepare(&prepared, probe->offset1, probe->value1[0], probe->offset2,
                            probe->value2[0]);
    return bytescan_collect_windows(bytescan_avx512_test_exact, base, start, end, &prepared, found,
                                    capacity, next);
}

/// The zero test of `bytescan_zero_test` with one 64-byte vector.
/// AVX-512 because Swift cannot compile it for AVX-512 with a run-time choice.
BYTESCAN_AVX512 static inline uint64_t bytescan_avx512_zeros(const uint8_t *window) {
    __m512i bytes = _mm512_loadu_si512((const void *)window);
    return _mm512_testn_epi8_mask(bytes, bytes);
}

/// `bytescan_collect_windows_finding_nul` with AVX-512BW and the exact window test of one
/// probe.
/// AVX-512 because Swift cannot compile it for AVX-512 with a run-time choice.
__attribute__((target("avx512f,avx512bw"))) size_t
bytescan_collect_nul_avx512(const uint8_t *base, size_t start, size_t end,
                            const bytescan_probe *probe, size_t *found, size_t capacity,
                            size_t *next, size_t *first_nul) {
    bytescan_avx512_probes prepared;
    bytescan_avx512_prepare(&prepared, probe->offset1, probe->value1[0], probe->offset2,
                            probe->value2[0]);
    return bytescan_collect_windows_finding_nul(bytescan_avx512_test_exact, bytescan_avx512_zeros,
                                                bytescan_every_window_may_hit, base, start, end, &prepared, found, capacity,
                                                next, first_nul);
}

/// `bytescan_scan_line_runs` with AVX-512BW: the shared loop with the exact window test, for
/// the literal's probe and the terminator's.
/// AVX-512 because Swift cannot compile it for AVX-512 with a run-time choice.
__attribute__((target("avx512f,avx512bw"))) bytescan_run
bytescan_line_runs_avx512(const uint8_t *text, size_t start, size_t count,
                          const bytescan_probe *literal_probe, const uint8_t *literal, size_t length,
                          bool hits_are_occurrences, uint8_t terminator, bytescan_line_goal goal) {
    bytescan_avx512_probes literal_prepared;
    bytescan_avx512_probes terminator_prepared;
    bytescan_avx512_prepare(&literal_prepared, literal_probe->offset1, literal_probe->value1[0],
                            literal_probe->offset2, literal_probe->value2[0]);
    bytescan_avx512_prepare(&terminator_prepared, 0, terminator, 0, terminator);
    return bytescan_scan_line_runs_for_goal(bytescan_avx512_test_exact, text, start, count,
                                            &literal_prepared, &terminator_prepared, literal,
                                            length, hits_are_occurrences, terminator, goal);
}

#endif // defined(__x86_64__)
