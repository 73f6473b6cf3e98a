// bytescan_vector.c: the scan with portable 16-byte vectors (clang's and GCC's vector
// extensions): SSE2 on x86-64 processors without AVX2, NEON on arm64, scalar code where
// there are no vectors. See include/bytescan.h for why this is C.

#include "bytescan_kernels.h"

#include <string.h>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

/// Sixteen bytes, one per probe position.
typedef uint8_t bytescan_v16 __attribute__((vector_size(16)));

/// The sixteen bytes at `bytes`, at any alignment.
__attribute__((always_inline)) static inline bytescan_v16 bytescan_v16_load(const uint8_t *bytes) {
    bytescan_v16 vector;
    memcpy(&vector, bytes, sizeof vector);
    return vector;
}

/// True when some lane of `lanes` has its high bit set.
__attribute__((always_inline)) static inline bool bytescan_v16_any(bytescan_v16 lanes) {
#if defined(__x86_64__)
    return _mm_movemask_epi8((__m128i)lanes) != 0;
#else
    uint64_t words[2];
    memcpy(words, &lanes, sizeof words);
    return ((words[0] | words[1]) & UINT64_C(0x8080808080808080)) != 0;
#endif
}

/// A bit for each lane of `lanes` whose high bit is set, lane 0 in bit 0.
__attribute__((always_inline)) static inline uint64_t bytescan_v16_mask(bytescan_v16 lanes) {
#if defined(__x86_64__)
    return (uint64_t)(uint32_t)_mm_movemask_epi8((__m128i)lanes);
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t words[2];
    memcpy(words, &lanes, sizeof words);
    uint64_t mask = 0;
    for (int word = 0; word < 2; word++) {
        // Gathers the eight high bits of a little-endian word, lane 0 lowest, into its top
        // byte: the products of the bits land on distinct bits, without carries.
        uint64_t bits = (words[word] & UINT64_C(0x8080808080808080)) >> 7;
        mask |= ((bits * UINT64_C(0x0102040810204080)) >> 56) << (8 * word);
    }
    return mask;
#else
    uint64_t mask = 0;
    for (int lane = 0; lane < 16; lane++) {
        mask |= (uint64_t)(lanes[lane] >> 7) << lane;
    }
    return mask;
#endif
}

/// The lanes of the 16 positions at `text` where `probe` accepts both bytes: 0xFF, else 0.
__attribute__((always_inline)) static inline bytescan_v16
bytescan_vector_probe_lanes(const uint8_t *text, const bytescan_probe *probe) {
    bytescan_v16 first = bytescan_v16_load(text + probe->offset1) | bytescan_v16_load(probe->fold1);
    bytescan_v16 second = bytescan_v16_load(text + probe->offset2) | bytescan_v16_load(probe->fold2);
    return (bytescan_v16)(first == bytescan_v16_load(probe->value1))
        & (bytescan_v16)(second == bytescan_v16_load(probe->value2));
}

/// The window test of `bytescan_window_test` with four 16-byte vectors; the hit lanes are
/// those with their high bit set (a compared lane is 0xFF, a byte outside ASCII has it).
__attribute__((always_inline)) static inline uint64_t
bytescan_vector_test(const uint8_t *window, const void *prepared, size_t probe_count,
                     bool non_ascii) {
    const bytescan_probe *probes = prepared;
    bytescan_v16 lanes[4] = {{0}, {0}, {0}, {0}};
    if (non_ascii) {
        for (int part = 0; part < 4; part++) {
            lanes[part] = bytescan_v16_load(window + 16 * part);
        }
    }
    for (size_t index = 0; index < probe_count; index++) {
        for (int part = 0; part < 4; part++) {
            lanes[part] |= bytescan_vector_probe_lanes(window + 16 * part, &probes[index]);
        }
    }
    if (!bytescan_v16_any(lanes[0] | lanes[1] | lanes[2] | lanes[3])) {
        return 0;
    }
    return bytescan_v16_mask(lanes[0]) | bytescan_v16_mask(lanes[1]) << 16
        | bytescan_v16_mask(lanes[2]) << 32 | bytescan_v16_mask(lanes[3]) << 48;
}

/// `bytescan_find` with portable vectors: the window loop around `bytescan_vector_test`.
/// In C next to the AVX2 version, so that every processor runs the same loop, with the
/// vectors it has.
bytescan_window bytescan_find_vector(const uint8_t *base, size_t start, size_t end,
                                     const bytescan_probe *probes, size_t probe_count,
                                     bool non_ascii) {
    return bytescan_scan_windows(bytescan_vector_test, base, start, end, probes, probe_count,
                                 non_ascii);
}

/// `bytescan_collect_windows` with portable vectors: the shared loop around
/// `bytescan_vector_test`, which reads the probe as it is.
size_t bytescan_collect_vector(const uint8_t *base, size_t start, size_t end,
                               const bytescan_probe *probe, size_t *found, size_t capacity,
                               size_t *next) {
    return bytescan_collect_windows(bytescan_vector_test, base, start, end, probe, found, capacity,
                                    next);
}

/// The zero test of `bytescan_zero_test` with four 16-byte vectors.
__attribute__((always_inline)) static inline uint64_t bytescan_vector_zeros(const uint8_t *window) {
    const bytescan_v16 zero = {0};
    uint64_t mask = 0;
    for (int part = 0; part < 4; part++) {
        bytescan_v16 lanes = (bytescan_v16)(bytescan_v16_load(window + 16 * part) == zero);
        mask |= bytescan_v16_mask(lanes) << (16 * part);
    }
    return mask;
}

/// `bytescan_collect_windows_finding_nul` with portable vectors: the shared loop around
/// `bytescan_vector_test`, which reads the probe as it is, and `bytescan_vector_zeros`.
size_t bytescan_collect_nul_vector(const uint8_t *base, size_t start, size_t end,
                                   const bytescan_probe *probe, size_t *found, size_t capacity,
                                   size_t *next, size_t *first_nul) {
    return bytescan_collect_windows_finding_nul(bytescan_vector_test, bytescan_vector_zeros,
                                                bytescan_every_window_may_hit, base,
                                                start, end, probe, found, capacity, next,
                                                first_nul);
}

/// `bytescan_scan_line_runs` with portable vectors: the shared loop around
/// `bytescan_vector_test`, which reads the probes as they are.
bytescan_run bytescan_line_runs_vector(const uint8_t *text, size_t start, size_t count,
                                       const bytescan_probe *literal_probe, const uint8_t *literal,
                                       size_t length, bool hits_are_occurrences,
                                       uint8_t terminator, bytescan_line_goal goal) {
    bytescan_probe terminator_probe;
    bytescan_probe_init(&terminator_probe, 0, terminator, 0, 0, terminator, 0);
    return bytescan_scan_line_runs_for_goal(bytescan_vector_test, text, start, count,
                                            literal_probe, &terminator_probe, literal, length,
                                            hits_are_occurrences, terminator, goal);
}

void bytescan_byte_ranges_init(bytescan_byte_ranges *ranges, const uint8_t *lower,
                               const uint8_t *upper, size_t count) {
    memset(ranges, 0, sizeof *ranges);
    ranges->count = count;
    for (size_t range = 0; range < count; range++) {
        memset(ranges->lower[range], lower[range], 16);
        memset(ranges->width[range], (uint8_t)(upper[range] - lower[range]), 16);
    }
}

/// The lanes of `text` whose byte lies in one of the `count` ranges of `ranges`: a byte is in
/// a range when its distance above the range's lower end is at most its width, as unsigned
/// bytes (below the lower end, the distance wraps around).
__attribute__((always_inline)) static inline bytescan_v16 bytescan_v16_in_ranges(
    bytescan_v16 text, const bytescan_byte_ranges *ranges, size_t count) {
    bytescan_v16 in_ranges = {0};
    for (size_t range = 0; range < count; range++) {
        bytescan_v16 distance = text - bytescan_v16_load(ranges->lower[range]);
        in_ranges |= (bytescan_v16)(distance <= bytescan_v16_load(ranges->width[range]));
    }
    return in_ranges;
}

size_t bytescan_first_in_ranges(const uint8_t *bytes, size_t start, size_t end,
                                const bytescan_byte_ranges *ranges) {
    size_t index = start;
    size_t count = ranges->count;
    while (index + 16 <= end) {
        uint64_t mask = bytescan_v16_mask(bytescan_v16_in_ranges(bytescan_v16_load(bytes + index), ranges, count));
        if (mask != 0) {
            return index + (size_t)__builtin_ctzll(mask);
        }
        index += 16;
    }
    if (index < end && end - start >= 16) {
        // The last sixteen bytes, read at once: those of them before `index` were read by the
        // loop above and lie in no range, so the first lane in a range is at or after `index`.
        // (Read byte by byte, the rest of a short line cost as much as the vector loop.)
        size_t last = end - 16;
        uint64_t mask = bytescan_v16_mask(bytescan_v16_in_ranges(bytescan_v16_load(bytes + last), ranges, count));
        return mask != 0 ? last + (size_t)__builtin_ctzll(mask) : end;
    }
    for (; index < end; index++) {
        for (size_t range = 0; range < count; range++) {
            if ((uint8_t)(bytes[index] - ranges->lower[range][0]) <= ranges->width[range][0]) {
                return index;
            }
        }
    }
    return end;
}

size_t bytescan_first_byte_outside_ascii_or_in_ranges(const uint8_t *bytes, size_t start, size_t end,
                                                      const bytescan_byte_ranges *ranges) {
    size_t index = start;
    size_t count = ranges->count;
    while (index + 16 <= end) {
        bytescan_v16 text = bytescan_v16_load(bytes + index);
        // A byte of 0x80 or more has its high bit set already, which the mask reads.
        bytescan_v16 stops = text;
        for (size_t range = 0; range < count; range++) {
            bytescan_v16 distance = text - bytescan_v16_load(ranges->lower[range]);
            stops |= (bytescan_v16)(distance <= bytescan_v16_load(ranges->width[range]));
        }
        uint64_t mask = bytescan_v16_mask(stops);
        if (mask != 0) {
            return index + (size_t)__builtin_ctzll(mask);
        }
        index += 16;
    }
    for (; index < end; index++) {
        if (bytes[index] >= 0x80) {
            return index;
        }
        for (size_t range = 0; range < count; range++) {
            if ((uint8_t)(bytes[index] - ranges->lower[range][0]) <= ranges->width[range][0]) {
                return index;
            }
        }
    }
    return end;
}

size_t bytescan_line_end_ascii(const uint8_t *bytes, size_t start, size_t count, uint8_t terminator,
                               bool *ascii) {
    bytescan_v16 terminators;
    memset(&terminators, terminator, sizeof terminators);
    // The high bits of the bytes read before the terminator: zero while they are ASCII.
    uint64_t outside_ascii = 0;
    size_t index = start;
    while (index < count && count - index >= 16) {
        bytescan_v16 text = bytescan_v16_load(bytes + index);
        uint64_t ends = bytescan_v16_mask((bytescan_v16)(text == terminators));
        uint64_t high = bytescan_v16_mask(text);
        if (ends != 0) {
            // The bytes of the window before its first terminator.
            uint64_t before = (UINT64_C(1) << __builtin_ctzll(ends)) - 1;
            *ascii = (outside_ascii | (high & before)) == 0;
            return index + (size_t)__builtin_ctzll(ends);
        }
        outside_ascii |= high;
        index += 16;
    }
    if (index < count && count - start >= 16) {
        // Fewer than sixteen bytes left: the window of the last sixteen, its lanes before
        // `index` (read already) cleared.
        size_t last = count - 16;
        bytescan_v16 text = bytescan_v16_load(bytes + last);
        uint64_t unread = ~UINT64_C(0) << (index - last);
        uint64_t ends = bytescan_v16_mask((bytescan_v16)(text == terminators)) & unread;
        uint64_t high = bytescan_v16_mask(text) & unread;
        size_t end = ends != 0 ? last + (size_t)__builtin_ctzll(ends) : count;
        uint64_t before = ends != 0 ? (UINT64_C(1) << __builtin_ctzll(ends)) - 1 : ~UINT64_C(0);
        *ascii = (outside_ascii | (high & before)) == 0;
        return end;
    }
    uint8_t ored = 0;
    for (; index < count && bytes[index] != terminator; index++) {
        ored |= bytes[index];
    }
    *ascii = outside_ascii == 0 && ored < 0x80;
    return index;
}
