// bytescan_units.c: the match automaton's skip over UTF-16 units that keep its start state,
// with portable 16-lane vectors (clang's and GCC's vector extensions; SSE2 on x86-64). See
// include/bytescan.h for why this is C.

#include "bytescan_kernels.h"

#include <string.h>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

/// Sixteen units, and sixteen bytes.
typedef uint16_t bytescan_units16 __attribute__((vector_size(32)));
typedef uint8_t bytescan_bytes16 __attribute__((vector_size(16)));

/// A bit for each lane of `lanes` whose high bit is set, lane 0 in bit 0.
__attribute__((always_inline)) static inline uint32_t bytescan_units_mask(bytescan_bytes16 lanes) {
#if defined(__x86_64__)
    return (uint32_t)_mm_movemask_epi8((__m128i)lanes);
#else
    uint32_t mask = 0;
    for (int lane = 0; lane < 16; lane++) {
        mask |= (uint32_t)(lanes[lane] >> 7) << lane;
    }
    return mask;
#endif
}

size_t bytescan_first_unit_in_ranges(const uint16_t *units, size_t start, size_t end,
                                     const bytescan_byte_ranges *ranges) {
    size_t index = start;
    size_t count = ranges->count;
    while (index + 16 <= end) {
        bytescan_units16 text;
        memcpy(&text, units + index, sizeof text);
        // Each unit as a byte: an ASCII character as itself, any other unit as a byte with
        // its high bit set (its low byte with the high bit set), which no ASCII range holds.
        bytescan_units16 high = (bytescan_units16)(text > 0x7F);
        bytescan_bytes16 bytes = __builtin_convertvector(text | (high & 0x80), bytescan_bytes16);
        bytescan_bytes16 may_start = bytes;
        for (size_t range = 0; range < count; range++) {
            // In the range when the byte's distance above its lower end is at most its
            // width, as unsigned bytes (below the lower end, the distance wraps around).
            bytescan_bytes16 lower;
            bytescan_bytes16 width;
            memcpy(&lower, ranges->lower[range], sizeof lower);
            memcpy(&width, ranges->width[range], sizeof width);
            may_start |= (bytescan_bytes16)(bytes - lower <= width);
        }
        uint32_t mask = bytescan_units_mask(may_start);
        if (mask != 0) {
            return index + (size_t)__builtin_ctz(mask);
        }
        index += 16;
    }
    for (; index < end; index++) {
        uint16_t unit = units[index];
        if (unit >= 0x80) {
            return index;
        }
        for (size_t range = 0; range < count; range++) {
            if ((uint8_t)(unit - ranges->lower[range][0]) <= ranges->width[range][0]) {
                return index;
            }
        }
    }
    return end;
}
