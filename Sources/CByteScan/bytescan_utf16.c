// bytescan_utf16.c: the literal searches of ICURegex's UTF-16 text (`RegexPattern.matches(inUTF16:)`
// and its kin), the counterparts of the byte scans: a packed pair for one literal, and Teddy
// for a few dozen, with AVX-512BW, AVX2 or SSSE3 chosen at run time and portable or scalar
// code elsewhere. See include/bytescan.h for why this is C.
//
// The packed pair (as memchr's `packedpair`): two units of the literal at two offsets, the
// rarest ones, are compared at 16 or 32 positions at a time; a position where both are equal
// is a candidate, compared with the whole literal. The answer is exact: an occurrence holds
// both units at their offsets, so its position is a candidate and is compared; positions are
// tested in increasing order, so the first compared occurrence is the first occurrence.
//
// Teddy over UTF-16 (bytescan_teddy.c tells the byte version): each unit is folded to one
// byte, its low byte XORed with its high byte (for ASCII, the unit itself), and the first one
// to three units of each literal are fingerprinted by the nibbles of those bytes in eight
// buckets. The lookups (`pshufb`) work on bytes; the units' folded bytes are kept in the low
// byte of each 16-bit lane, whose high byte is zero, so each lane's low byte looks up the
// tables and its high byte's lookup is masked away. The answer is exact for the reasons the
// byte version's is: every occurrence's position keeps its bucket's bit and is compared in
// full, a literal shorter than the mask accepts every nibble past its end, and positions are
// tested in increasing order, the literals at a position in their order.
//
// Every read stays in the text: a vector is loaded at a position only when every unit it
// reads lies before `count`; the positions left over are tested one at a time.

#include "bytescan.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// MARK: - The packed pair

/// One literal and its two probe units, as the packed-pair kernels read them.
typedef struct bytescan_u16_pair {
    const uint16_t *literal;
    size_t length;
    size_t offset1;
    size_t offset2;
    uint16_t unit1;
    uint16_t unit2;
} bytescan_u16_pair;

/// True when the literal of `pair` occurs at `position` (which leaves room for it).
__attribute__((always_inline)) static inline bool
bytescan_u16_pair_occurs(const bytescan_u16_pair *pair, const uint16_t *text, size_t position) {
    return memcmp(text + position, pair->literal, pair->length * sizeof(uint16_t)) == 0;
}

/// The first occurrence at or after `position` and below `end` (the last start at which the
/// literal fits, plus one), one position at a time; `end` when there is none.
static size_t bytescan_u16_pair_scalar(const bytescan_u16_pair *pair, const uint16_t *text,
                                       size_t position, size_t end) {
    for (; position < end; position++) {
        if (text[position + pair->offset1] == pair->unit1
            && text[position + pair->offset2] == pair->unit2
            && bytescan_u16_pair_occurs(pair, text, position)) {
            return position;
        }
    }
    return end;
}

/// The first occurrence among the candidates `lanes` (bit `i` for `window + i`), or SIZE_MAX.
__attribute__((always_inline)) static inline size_t
bytescan_u16_pair_confirm(const bytescan_u16_pair *pair, const uint16_t *text, size_t window,
                          uint64_t lanes) {
    for (; lanes != 0; lanes &= lanes - 1) {
        size_t at = window + (size_t)__builtin_ctzll(lanes);
        if (bytescan_u16_pair_occurs(pair, text, at)) {
            return at;
        }
    }
    return SIZE_MAX;
}

/// The candidates of a `movemask` of 16-bit lanes as one bit per lane.
__attribute__((always_inline)) static inline uint64_t bytescan_u16_even_bits(uint64_t bytes) {
    // Keeps the even bits and packs them: bit 2i goes to bit i.
    uint64_t bits = bytes & UINT64_C(0x5555555555555555);
    bits = (bits | (bits >> 1)) & UINT64_C(0x3333333333333333);
    bits = (bits | (bits >> 2)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    bits = (bits | (bits >> 4)) & UINT64_C(0x00FF00FF00FF00FF);
    bits = (bits | (bits >> 8)) & UINT64_C(0x0000FFFF0000FFFF);
    bits = (bits | (bits >> 16)) & UINT64_C(0x00000000FFFFFFFF);
    return bits;
}

/// Eight units as a portable 16-byte vector.
typedef uint16_t bytescan_u16x8 __attribute__((vector_size(16)));

/// The eight units at `units`, at any alignment.
__attribute__((always_inline)) static inline bytescan_u16x8 bytescan_u16x8_load(const uint16_t *units) {
    bytescan_u16x8 vector;
    memcpy(&vector, units, sizeof vector);
    return vector;
}

/// The packed pair with portable 16-byte vectors (SSE2 on x86-64, NEON on arm64).
static size_t bytescan_u16_pair_vector(const bytescan_u16_pair *pair, const uint16_t *text,
                                       size_t position, size_t end) {
    if (end - position >= 8) {
        bytescan_u16x8 unit1 = (bytescan_u16x8){0} + pair->unit1;
        bytescan_u16x8 unit2 = (bytescan_u16x8){0} + pair->unit2;
        size_t last = end - 8;
        while (position < end) {
            size_t window = position <= last ? position : last;
            bytescan_u16x8 hits = (bytescan_u16x8)(bytescan_u16x8_load(text + window + pair->offset1) == unit1)
                & (bytescan_u16x8)(bytescan_u16x8_load(text + window + pair->offset2) == unit2);
            uint64_t words[2];
            memcpy(words, &hits, sizeof words);
            if ((words[0] | words[1]) != 0) {
                uint64_t lanes = 0;
                for (int lane = 0; lane < 8; lane++) {
                    lanes |= (uint64_t)(hits[lane] != 0) << lane;
                }
                lanes &= ~UINT64_C(0) << (position - window);
                size_t found = bytescan_u16_pair_confirm(pair, text, window, lanes);
                if (found != SIZE_MAX) {
                    return found;
                }
            }
            position = window + 8;
        }
        return end;
    }
    return bytescan_u16_pair_scalar(pair, text, position, end);
}

#if defined(__x86_64__)

/// The candidates among the 16 positions at `window`: two bits per position, the even ones
/// kept by the caller.
__attribute__((target("avx2"), always_inline)) static inline uint32_t
bytescan_u16_pair_avx2_lanes(const uint16_t *window, size_t offset1, size_t offset2, __m256i unit1,
                             __m256i unit2) {
    __m256i first = _mm256_cmpeq_epi16(_mm256_loadu_si256((const __m256i *)(window + offset1)), unit1);
    __m256i second = _mm256_cmpeq_epi16(_mm256_loadu_si256((const __m256i *)(window + offset2)), unit2);
    return (uint32_t)_mm256_movemask_epi8(_mm256_and_si256(first, second));
}

/// The packed pair with AVX2: 16 positions per vector, two vectors per step.
__attribute__((target("avx2"))) static size_t
bytescan_u16_pair_avx2(const bytescan_u16_pair *pair, const uint16_t *text, size_t position,
                       size_t end) {
    if (end - position >= 16) {
        __m256i unit1 = _mm256_set1_epi16((short)pair->unit1);
        __m256i unit2 = _mm256_set1_epi16((short)pair->unit2);
        size_t offset1 = pair->offset1, offset2 = pair->offset2;
        size_t last = end - 16;
        while (last >= 16 && position <= last - 16) {
            uint64_t bytes = bytescan_u16_pair_avx2_lanes(text + position, offset1, offset2, unit1, unit2)
                | (uint64_t)bytescan_u16_pair_avx2_lanes(text + position + 16, offset1, offset2, unit1, unit2) << 32;
            if (bytes != 0) {
                size_t found = bytescan_u16_pair_confirm(pair, text, position, bytescan_u16_even_bits(bytes));
                if (found != SIZE_MAX) {
                    return found;
                }
            }
            position += 32;
        }
        while (position < end) {
            size_t window = position <= last ? position : last;
            uint64_t lanes = bytescan_u16_even_bits(
                bytescan_u16_pair_avx2_lanes(text + window, offset1, offset2, unit1, unit2));
            lanes &= ~UINT64_C(0) << (position - window);
            size_t found = bytescan_u16_pair_confirm(pair, text, window, lanes);
            if (found != SIZE_MAX) {
                return found;
            }
            position = window + 16;
        }
        return end;
    }
    return bytescan_u16_pair_scalar(pair, text, position, end);
}

/// The packed pair with AVX-512BW: 32 positions per vector, two vectors per step.
__attribute__((target("avx512f,avx512bw"))) static size_t
bytescan_u16_pair_avx512(const bytescan_u16_pair *pair, const uint16_t *text, size_t position,
                         size_t end) {
    if (end - position >= 32) {
        __m512i unit1 = _mm512_set1_epi16((short)pair->unit1);
        __m512i unit2 = _mm512_set1_epi16((short)pair->unit2);
        size_t offset1 = pair->offset1, offset2 = pair->offset2;
        size_t last = end - 32;
        // Two vectors per step where they fit, tested together: most steps have no candidate.
        while (last >= 32 && position <= last - 32) {
            const uint16_t *at = text + position;
            uint64_t first = _mm512_mask_cmpeq_epi16_mask(
                _mm512_cmpeq_epi16_mask(_mm512_loadu_si512((const void *)(at + offset1)), unit1),
                _mm512_loadu_si512((const void *)(at + offset2)), unit2);
            uint64_t second = _mm512_mask_cmpeq_epi16_mask(
                _mm512_cmpeq_epi16_mask(_mm512_loadu_si512((const void *)(at + 32 + offset1)), unit1),
                _mm512_loadu_si512((const void *)(at + 32 + offset2)), unit2);
            if ((first | second) != 0) {
                size_t found = bytescan_u16_pair_confirm(pair, text, position, first | second << 32);
                if (found != SIZE_MAX) {
                    return found;
                }
            }
            position += 64;
        }
        while (position < end) {
            size_t window = position <= last ? position : last;
            const uint16_t *at = text + window;
            uint64_t lanes = _mm512_mask_cmpeq_epi16_mask(
                _mm512_cmpeq_epi16_mask(_mm512_loadu_si512((const void *)(at + offset1)), unit1),
                _mm512_loadu_si512((const void *)(at + offset2)), unit2);
            if (lanes != 0) {
                lanes &= ~UINT64_C(0) << (position - window);
                size_t found = bytescan_u16_pair_confirm(pair, text, window, lanes);
                if (found != SIZE_MAX) {
                    return found;
                }
            }
            position = window + 32;
        }
        return end;
    }
    return bytescan_u16_pair_scalar(pair, text, position, end);
}

#endif // defined(__x86_64__)

bool bytescan_u16_kernel_available(int kernel) {
    switch (kernel) {
    case BYTESCAN_U16_KERNEL_SCALAR:
    case BYTESCAN_U16_KERNEL_VECTOR:
        return true;
#if defined(__x86_64__)
    case BYTESCAN_U16_KERNEL_AVX2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2");
    case BYTESCAN_U16_KERNEL_AVX512:
        // As for the byte scan (see bytescan.c): only where VBMI marks a processor whose clock
        // 512-bit instructions do not lower.
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
            && __builtin_cpu_supports("avx512vbmi");
#endif
    default:
        return false;
    }
}

/// The kernel the UTF-16 searches use, chosen on the first call (0 until then). Threads that
/// race on the first call choose the same one, so relaxed order suffices.
static _Atomic(int) bytescan_u16_chosen = 0;

/// The fastest kernel this processor runs.
static inline int bytescan_u16_chosen_kernel(void) {
    int kernel = atomic_load_explicit(&bytescan_u16_chosen, memory_order_relaxed);
    if (kernel == 0) {
        kernel = bytescan_u16_kernel_available(BYTESCAN_U16_KERNEL_AVX512) ? BYTESCAN_U16_KERNEL_AVX512
                 : bytescan_u16_kernel_available(BYTESCAN_U16_KERNEL_AVX2) ? BYTESCAN_U16_KERNEL_AVX2
                                                                           : BYTESCAN_U16_KERNEL_VECTOR;
        atomic_store_explicit(&bytescan_u16_chosen, kernel, memory_order_relaxed);
    }
    return kernel;
}

size_t bytescan_u16_find_literal_using(int kernel, const uint16_t *base, size_t start,
                                       size_t count, const uint16_t *literal, size_t length,
                                       size_t offset1, size_t offset2) {
    if (length == 0 || length > count || start > count - length || offset1 >= length
        || offset2 >= length) {
        return count;
    }
    bytescan_u16_pair pair = {literal, length, offset1, offset2, literal[offset1], literal[offset2]};
    // The positions at which the literal fits; the probes read only units of the literal.
    size_t end = count - length + 1;
    size_t found;
    switch (kernel) {
#if defined(__x86_64__)
    case BYTESCAN_U16_KERNEL_AVX512:
        found = bytescan_u16_pair_avx512(&pair, base, start, end);
        break;
    case BYTESCAN_U16_KERNEL_AVX2:
        found = bytescan_u16_pair_avx2(&pair, base, start, end);
        break;
#endif
    case BYTESCAN_U16_KERNEL_VECTOR:
        found = bytescan_u16_pair_vector(&pair, base, start, end);
        break;
    default:
        found = bytescan_u16_pair_scalar(&pair, base, start, end);
        break;
    }
    return found < end ? found : count;
}

size_t bytescan_u16_find_literal(const uint16_t *base, size_t start, size_t count,
                                 const uint16_t *literal, size_t length, size_t offset1,
                                 size_t offset2) {
    return bytescan_u16_find_literal_using(bytescan_u16_chosen_kernel(), base, start, count,
                                           literal, length, offset1, offset2);
}

// MARK: - Teddy

/// The most units of a literal whose folded bytes are fingerprinted.
#define BYTESCAN_U16_TEDDY_MASK_UNITS 3

/// A set of UTF-16 literals prepared for the search (see include/bytescan.h).
struct bytescan_u16_teddy {
    /// For each unit of the mask, the buckets accepting each low nibble of the folded byte,
    /// then each high one.
    uint8_t low[BYTESCAN_U16_TEDDY_MASK_UNITS][16];
    uint8_t high[BYTESCAN_U16_TEDDY_MASK_UNITS][16];
    /// For each unit of the mask, the buckets of the literals that end before it.
    uint8_t past_end[BYTESCAN_U16_TEDDY_MASK_UNITS];
    /// The number of units of the mask, 1 to 3.
    size_t mask_length;
    /// The literals of each bucket, in increasing order: `members[bucket_start[b] ..<
    /// bucket_start[b + 1]]`.
    uint8_t bucket_start[BYTESCAN_TEDDY_BUCKETS + 1];
    uint8_t members[BYTESCAN_TEDDY_MOST_LITERALS];
    /// Where each literal's units lie in `units`, and their number.
    size_t offsets[BYTESCAN_TEDDY_MOST_LITERALS];
    size_t lengths[BYTESCAN_TEDDY_MOST_LITERALS];
    size_t count;
    uint16_t *units;
};

/// The byte a unit is fingerprinted by: its low byte XORed with its high byte.
static inline uint8_t bytescan_u16_fold(uint16_t unit) {
    return (uint8_t)(unit ^ (unit >> 8));
}

/// True when literal `a` sorts before literal `b` by its units (then by index).
static bool bytescan_u16_teddy_precedes(const bytescan_u16_teddy *teddy, size_t a, size_t b) {
    size_t common = teddy->lengths[a] < teddy->lengths[b] ? teddy->lengths[a] : teddy->lengths[b];
    for (size_t index = 0; index < common; index++) {
        uint16_t x = teddy->units[teddy->offsets[a] + index];
        uint16_t y = teddy->units[teddy->offsets[b] + index];
        if (x != y) {
            return x < y;
        }
    }
    return teddy->lengths[a] != teddy->lengths[b] ? teddy->lengths[a] < teddy->lengths[b] : a < b;
}

bytescan_u16_teddy *bytescan_u16_teddy_create(const uint16_t *units, const size_t *lengths,
                                              size_t count) {
    if (count == 0 || count > BYTESCAN_TEDDY_MOST_LITERALS) {
        return NULL;
    }
    size_t total = 0;
    size_t longest = 0;
    for (size_t index = 0; index < count; index++) {
        if (lengths[index] == 0) {
            return NULL;
        }
        total += lengths[index];
        longest = lengths[index] > longest ? lengths[index] : longest;
    }
    bytescan_u16_teddy *teddy = calloc(1, sizeof *teddy);
    if (teddy == NULL) {
        return NULL;
    }
    teddy->units = malloc(total * sizeof(uint16_t));
    if (teddy->units == NULL) {
        free(teddy);
        return NULL;
    }
    memcpy(teddy->units, units, total * sizeof(uint16_t));
    teddy->count = count;
    teddy->mask_length = longest < BYTESCAN_U16_TEDDY_MASK_UNITS ? longest : BYTESCAN_U16_TEDDY_MASK_UNITS;
    size_t offset = 0;
    for (size_t index = 0; index < count; index++) {
        teddy->offsets[index] = offset;
        teddy->lengths[index] = lengths[index];
        offset += lengths[index];
    }
    // The literals sorted by their units, so that those sharing a prefix share a bucket and
    // its fingerprints stay narrow; dealt into the buckets in contiguous runs.
    uint8_t order[BYTESCAN_TEDDY_MOST_LITERALS];
    for (size_t index = 0; index < count; index++) {
        size_t place = index;
        while (place > 0 && bytescan_u16_teddy_precedes(teddy, index, order[place - 1])) {
            order[place] = order[place - 1];
            place--;
        }
        order[place] = (uint8_t)index;
    }
    size_t bucket_count = count < BYTESCAN_TEDDY_BUCKETS ? count : BYTESCAN_TEDDY_BUCKETS;
    size_t member = 0;
    for (size_t bucket = 0; bucket < BYTESCAN_TEDDY_BUCKETS; bucket++) {
        teddy->bucket_start[bucket] = (uint8_t)member;
        if (bucket >= bucket_count) {
            continue;
        }
        uint8_t bit = (uint8_t)(1u << bucket);
        size_t first = count * bucket / bucket_count, after = count * (bucket + 1) / bucket_count;
        // The bucket's members in increasing order of index, so that the first to occur at a
        // position is the first in priority order.
        uint8_t sorted[BYTESCAN_TEDDY_MOST_LITERALS];
        size_t members = 0;
        for (size_t dealt = first; dealt < after; dealt++) {
            size_t literal = order[dealt];
            size_t place = members++;
            while (place > 0 && sorted[place - 1] > literal) {
                sorted[place] = sorted[place - 1];
                place--;
            }
            sorted[place] = (uint8_t)literal;
            for (size_t index = 0; index < teddy->mask_length; index++) {
                if (index < teddy->lengths[literal]) {
                    uint8_t byte = bytescan_u16_fold(teddy->units[teddy->offsets[literal] + index]);
                    teddy->low[index][byte & 15] |= bit;
                    teddy->high[index][byte >> 4] |= bit;
                } else {
                    // Past the literal's end any unit may follow.
                    for (size_t nibble = 0; nibble < 16; nibble++) {
                        teddy->low[index][nibble] |= bit;
                        teddy->high[index][nibble] |= bit;
                    }
                    teddy->past_end[index] |= bit;
                }
            }
        }
        memcpy(teddy->members + member, sorted, members);
        member += members;
    }
    teddy->bucket_start[BYTESCAN_TEDDY_BUCKETS] = (uint8_t)member;
    return teddy;
}

void bytescan_u16_teddy_free(bytescan_u16_teddy *teddy) {
    if (teddy != NULL) {
        free(teddy->units);
        free(teddy);
    }
}

/// The first literal in order, of the buckets `buckets`, that occurs at `position` wholly
/// before `count`; `BYTESCAN_TEDDY_MOST_LITERALS` when none does.
__attribute__((always_inline)) static inline size_t
bytescan_u16_teddy_verify(const bytescan_u16_teddy *teddy, unsigned buckets, const uint16_t *text,
                          size_t position, size_t count) {
    size_t found = BYTESCAN_TEDDY_MOST_LITERALS;
    for (; buckets != 0; buckets &= buckets - 1) {
        unsigned bucket = (unsigned)__builtin_ctz(buckets);
        for (size_t member = teddy->bucket_start[bucket]; member < teddy->bucket_start[bucket + 1];
             member++) {
            size_t literal = teddy->members[member];
            if (literal >= found) {
                break;  // The bucket's later members come later in order too.
            }
            size_t length = teddy->lengths[literal];
            if (length <= count - position
                && memcmp(text + position, teddy->units + teddy->offsets[literal],
                          length * sizeof(uint16_t)) == 0) {
                found = literal;
                break;
            }
        }
    }
    return found;
}

/// The search one position at a time, from `position` below `count`.
static size_t bytescan_u16_teddy_scalar(const bytescan_u16_teddy *teddy, const uint16_t *text,
                                        size_t position, size_t count, size_t *literal) {
    for (; position < count; position++) {
        unsigned buckets = 0xFF;
        for (size_t index = 0; index < teddy->mask_length && buckets != 0; index++) {
            if (position + index >= count) {
                buckets &= teddy->past_end[index];
                continue;
            }
            uint8_t byte = bytescan_u16_fold(text[position + index]);
            buckets &= teddy->low[index][byte & 15] & teddy->high[index][byte >> 4];
        }
        if (buckets != 0) {
            size_t found = bytescan_u16_teddy_verify(teddy, buckets, text, position, count);
            if (found < BYTESCAN_TEDDY_MOST_LITERALS) {
                *literal = found;
                return position;
            }
        }
    }
    return count;
}

/// Compares the candidates `candidates` (bit `i` for `window + i`) whose bucket sets are in
/// the low bytes of `lanes`; the first occurrence's start, or SIZE_MAX.
__attribute__((always_inline)) static inline size_t
bytescan_u16_teddy_confirm(const bytescan_u16_teddy *teddy, const uint16_t *text, size_t window,
                           size_t count, const uint16_t *lanes, uint64_t candidates,
                           size_t *literal) {
    for (; candidates != 0; candidates &= candidates - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(candidates);
        size_t found = bytescan_u16_teddy_verify(teddy, lanes[lane] & 0xFF, text, window + lane, count);
        if (found < BYTESCAN_TEDDY_MOST_LITERALS) {
            *literal = found;
            return window + lane;
        }
    }
    return SIZE_MAX;
}

#if defined(__x86_64__)

/// True when the processor has SSSE3 (`pshufb`), for Teddy's 16-byte kernel.
static bool bytescan_u16_ssse3_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("ssse3");
}

/// The bucket sets of the 8 positions at `text`, in the low byte of each 16-bit lane.
__attribute__((target("ssse3"), always_inline)) static inline __m128i
bytescan_u16_teddy_ssse3_buckets(const uint16_t *text, const __m128i *low, const __m128i *high,
                                 size_t mask_length) {
    const __m128i byte_mask = _mm_set1_epi16(0x00FF);
    const __m128i nibble = _mm_set1_epi16(0x000F);
    __m128i buckets = byte_mask;
    for (size_t index = 0; index < mask_length; index++) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(text + index));
        __m128i folded = _mm_and_si128(_mm_xor_si128(chunk, _mm_srli_epi16(chunk, 8)), byte_mask);
        __m128i lows = _mm_and_si128(folded, nibble);
        __m128i highs = _mm_srli_epi16(folded, 4);
        buckets = _mm_and_si128(buckets, _mm_and_si128(_mm_shuffle_epi8(low[index], lows),
                                                       _mm_shuffle_epi8(high[index], highs)));
    }
    return buckets;
}

/// The search with SSSE3, 8 positions per vector.
__attribute__((target("ssse3"), always_inline)) static inline size_t
bytescan_u16_teddy_ssse3(const bytescan_u16_teddy *teddy, const uint16_t *text, size_t position,
                         size_t count, size_t mask_length, size_t *literal) {
    __m128i low[BYTESCAN_U16_TEDDY_MASK_UNITS], high[BYTESCAN_U16_TEDDY_MASK_UNITS];
    for (size_t index = 0; index < mask_length; index++) {
        low[index] = _mm_loadu_si128((const __m128i *)teddy->low[index]);
        high[index] = _mm_loadu_si128((const __m128i *)teddy->high[index]);
    }
    // A vector at `position` reads up to `position + 7 + mask_length - 1`.
    if (count >= 8 + mask_length - 1) {
        size_t last = count - 8 - (mask_length - 1);
        uint16_t lanes[8];
        while (position <= last + 7) {
            size_t window = position <= last ? position : last;
            __m128i buckets = bytescan_u16_teddy_ssse3_buckets(text + window, low, high, mask_length);
            uint64_t candidates = bytescan_u16_even_bits(
                (uint16_t)~_mm_movemask_epi8(_mm_cmpeq_epi16(buckets, _mm_setzero_si128())));
            candidates &= ~UINT64_C(0) << (position - window);
            if (candidates != 0) {
                _mm_storeu_si128((__m128i *)lanes, buckets);
                size_t found = bytescan_u16_teddy_confirm(teddy, text, window, count, lanes, candidates, literal);
                if (found != SIZE_MAX) {
                    return found;
                }
            }
            position = window + 8;
        }
    }
    // The positions where only a literal shorter than the mask fits.
    return bytescan_u16_teddy_scalar(teddy, text, position, count, literal);
}

/// The bucket sets of the 16 positions at `text`, in the low byte of each 16-bit lane
/// (`vpshufb` looks up in each 16-byte half, so the tables are in both halves).
__attribute__((target("avx2"), always_inline)) static inline __m256i
bytescan_u16_teddy_avx2_buckets(const uint16_t *text, const __m256i *low, const __m256i *high,
                                size_t mask_length) {
    const __m256i byte_mask = _mm256_set1_epi16(0x00FF);
    const __m256i nibble = _mm256_set1_epi16(0x000F);
    __m256i buckets = byte_mask;
    for (size_t index = 0; index < mask_length; index++) {
        __m256i chunk = _mm256_loadu_si256((const __m256i *)(text + index));
        __m256i folded = _mm256_and_si256(_mm256_xor_si256(chunk, _mm256_srli_epi16(chunk, 8)), byte_mask);
        __m256i lows = _mm256_and_si256(folded, nibble);
        __m256i highs = _mm256_srli_epi16(folded, 4);
        buckets = _mm256_and_si256(buckets, _mm256_and_si256(_mm256_shuffle_epi8(low[index], lows),
                                                             _mm256_shuffle_epi8(high[index], highs)));
    }
    return buckets;
}

/// The search with AVX2, 16 positions per vector, two vectors per step.
__attribute__((target("avx2"), always_inline)) static inline size_t
bytescan_u16_teddy_avx2(const bytescan_u16_teddy *teddy, const uint16_t *text, size_t position,
                        size_t count, size_t mask_length, size_t *literal) {
    __m256i low[BYTESCAN_U16_TEDDY_MASK_UNITS], high[BYTESCAN_U16_TEDDY_MASK_UNITS];
    for (size_t index = 0; index < mask_length; index++) {
        low[index] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)teddy->low[index]));
        high[index] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)teddy->high[index]));
    }
    // A vector at `position` reads up to `position + 15 + mask_length - 1`.
    if (count >= 16 + mask_length - 1) {
        size_t last = count - 16 - (mask_length - 1);
        uint16_t lanes[32];
        while (last >= 16 && position <= last - 16) {
            __m256i first = bytescan_u16_teddy_avx2_buckets(text + position, low, high, mask_length);
            __m256i second = bytescan_u16_teddy_avx2_buckets(text + position + 16, low, high, mask_length);
            __m256i both = _mm256_or_si256(first, second);
            if (!_mm256_testz_si256(both, both)) {
                uint64_t bytes = (uint32_t)~_mm256_movemask_epi8(_mm256_cmpeq_epi16(first, _mm256_setzero_si256()))
                    | (uint64_t)(uint32_t)~_mm256_movemask_epi8(_mm256_cmpeq_epi16(second, _mm256_setzero_si256())) << 32;
                _mm256_storeu_si256((__m256i *)lanes, first);
                _mm256_storeu_si256((__m256i *)(lanes + 16), second);
                size_t found = bytescan_u16_teddy_confirm(teddy, text, position, count, lanes,
                                                          bytescan_u16_even_bits(bytes), literal);
                if (found != SIZE_MAX) {
                    return found;
                }
            }
            position += 32;
        }
        while (position <= last + 15) {
            size_t window = position <= last ? position : last;
            __m256i buckets = bytescan_u16_teddy_avx2_buckets(text + window, low, high, mask_length);
            uint64_t candidates = bytescan_u16_even_bits(
                (uint32_t)~_mm256_movemask_epi8(_mm256_cmpeq_epi16(buckets, _mm256_setzero_si256())));
            candidates &= ~UINT64_C(0) << (position - window);
            if (candidates != 0) {
                _mm256_storeu_si256((__m256i *)lanes, buckets);
                size_t found = bytescan_u16_teddy_confirm(teddy, text, window, count, lanes, candidates, literal);
                if (found != SIZE_MAX) {
                    return found;
                }
            }
            position = window + 16;
        }
    }
    return bytescan_u16_teddy_scalar(teddy, text, position, count, literal);
}

/// The bucket sets of the 32 positions at `text`, in the low byte of each 16-bit lane.
__attribute__((target("avx512f,avx512bw"), always_inline)) static inline __m512i
bytescan_u16_teddy_avx512_buckets(const uint16_t *text, const __m512i *low, const __m512i *high,
                                  size_t mask_length) {
    const __m512i byte_mask = _mm512_set1_epi16(0x00FF);
    const __m512i nibble = _mm512_set1_epi16(0x000F);
    __m512i buckets = byte_mask;
    for (size_t index = 0; index < mask_length; index++) {
        __m512i chunk = _mm512_loadu_si512((const void *)(text + index));
        __m512i folded = _mm512_and_si512(_mm512_xor_si512(chunk, _mm512_srli_epi16(chunk, 8)), byte_mask);
        __m512i lows = _mm512_and_si512(folded, nibble);
        __m512i highs = _mm512_srli_epi16(folded, 4);
        buckets = _mm512_and_si512(buckets, _mm512_and_si512(_mm512_shuffle_epi8(low[index], lows),
                                                             _mm512_shuffle_epi8(high[index], highs)));
    }
    return buckets;
}

/// The search with AVX-512BW, 32 positions per vector.
__attribute__((target("avx512f,avx512bw"), always_inline)) static inline size_t
bytescan_u16_teddy_avx512(const bytescan_u16_teddy *teddy, const uint16_t *text, size_t position,
                          size_t count, size_t mask_length, size_t *literal) {
    __m512i low[BYTESCAN_U16_TEDDY_MASK_UNITS], high[BYTESCAN_U16_TEDDY_MASK_UNITS];
    for (size_t index = 0; index < mask_length; index++) {
        low[index] = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)teddy->low[index]));
        high[index] = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)teddy->high[index]));
    }
    // A vector at `position` reads up to `position + 31 + mask_length - 1`.
    if (count >= 32 + mask_length - 1) {
        size_t last = count - 32 - (mask_length - 1);
        uint16_t lanes[32];
        while (position <= last + 31) {
            size_t window = position <= last ? position : last;
            __m512i buckets = bytescan_u16_teddy_avx512_buckets(text + window, low, high, mask_length);
            uint64_t candidates = _mm512_test_epi16_mask(buckets, buckets);
            candidates &= ~UINT64_C(0) << (position - window);
            if (candidates != 0) {
                _mm512_storeu_si512((void *)lanes, buckets);
                size_t found = bytescan_u16_teddy_confirm(teddy, text, window, count, lanes, candidates, literal);
                if (found != SIZE_MAX) {
                    return found;
                }
            }
            position = window + 32;
        }
    }
    return bytescan_u16_teddy_scalar(teddy, text, position, count, literal);
}

/// Each vector search compiled apart for each mask length.
__attribute__((target("ssse3"))) static size_t
bytescan_u16_teddy_find_ssse3(const bytescan_u16_teddy *teddy, const uint16_t *text, size_t start,
                              size_t count, size_t *literal) {
    switch (teddy->mask_length) {
    case 1: return bytescan_u16_teddy_ssse3(teddy, text, start, count, 1, literal);
    case 2: return bytescan_u16_teddy_ssse3(teddy, text, start, count, 2, literal);
    default: return bytescan_u16_teddy_ssse3(teddy, text, start, count, 3, literal);
    }
}

__attribute__((target("avx2"))) static size_t
bytescan_u16_teddy_find_avx2(const bytescan_u16_teddy *teddy, const uint16_t *text, size_t start,
                             size_t count, size_t *literal) {
    switch (teddy->mask_length) {
    case 1: return bytescan_u16_teddy_avx2(teddy, text, start, count, 1, literal);
    case 2: return bytescan_u16_teddy_avx2(teddy, text, start, count, 2, literal);
    default: return bytescan_u16_teddy_avx2(teddy, text, start, count, 3, literal);
    }
}

__attribute__((target("avx512f,avx512bw"))) static size_t
bytescan_u16_teddy_find_avx512(const bytescan_u16_teddy *teddy, const uint16_t *text, size_t start,
                               size_t count, size_t *literal) {
    switch (teddy->mask_length) {
    case 1: return bytescan_u16_teddy_avx512(teddy, text, start, count, 1, literal);
    case 2: return bytescan_u16_teddy_avx512(teddy, text, start, count, 2, literal);
    default: return bytescan_u16_teddy_avx512(teddy, text, start, count, 3, literal);
    }
}

#endif // defined(__x86_64__)

size_t bytescan_u16_teddy_find_using(int kernel, const bytescan_u16_teddy *teddy,
                                     const uint16_t *base, size_t start, size_t count,
                                     size_t *literal) {
    size_t ignored;
    literal = literal == NULL ? &ignored : literal;
    if (start >= count) {
        return count;
    }
    switch (kernel) {
#if defined(__x86_64__)
    case BYTESCAN_U16_KERNEL_AVX512:
        return bytescan_u16_teddy_find_avx512(teddy, base, start, count, literal);
    case BYTESCAN_U16_KERNEL_AVX2:
        return bytescan_u16_teddy_find_avx2(teddy, base, start, count, literal);
    case BYTESCAN_U16_KERNEL_VECTOR:
        // SSSE3, which every processor with AVX2 has; without it, one position at a time.
        if (bytescan_u16_ssse3_available()) {
            return bytescan_u16_teddy_find_ssse3(teddy, base, start, count, literal);
        }
        return bytescan_u16_teddy_scalar(teddy, base, start, count, literal);
#endif
    default:
        return bytescan_u16_teddy_scalar(teddy, base, start, count, literal);
    }
}

size_t bytescan_u16_teddy_find(const bytescan_u16_teddy *teddy, const uint16_t *base,
                               size_t start, size_t count, size_t *literal) {
    return bytescan_u16_teddy_find_using(bytescan_u16_chosen_kernel(), teddy, base, start, count,
                                         literal);
}
