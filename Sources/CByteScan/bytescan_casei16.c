// bytescan_casei16.c: the scan of UTF-16 text for the places where a case-insensitive match of
// a few literals may be (see include/bytescan_casei16.h), sixteen positions at a time with
// portable vectors (clang's and GCC's vector extensions), compiled twice: once for AVX2
// (`target("avx2")`, one 256-bit register per sixteen units) and once for any processor, the
// choice made on the first call as bytescan.c makes its own.
//
// Each literal has two probes, each one of its positions with the few units that position
// accepts (a pair of units that differ in bit 0x20 alone, as `a` and `A` or `ш` and `Ш`, is one
// compare with 0x20 ORed in). A place passes when both of a literal's probes do; it is a
// place only when every position of the literal then holds a unit it accepts. So every
// occurrence is found (its probes pass), and nothing else is reported, but for the characters
// that fold to ASCII, which are reported wherever they stand.

#include "bytescan.h"
#include "bytescan_casei16.h"

#include <stdatomic.h>
#include <string.h>

/// Sixteen UTF-16 units, and the lanes of a compare of two such vectors (all ones or zero).
typedef uint16_t casei16_units __attribute__((vector_size(32)));
typedef int16_t casei16_lanes __attribute__((vector_size(32)));

#define CASEI16_INLINE static inline __attribute__((always_inline))

// The vectors are passed only between these functions, all inlined: no call with the AVX
// calling convention (which the portable copy lacks) is ever made, and the warning about it
// would be noise.
#pragma clang diagnostic ignored "-Wpsabi"
#pragma GCC diagnostic ignored "-Wpsabi"

bool bytescan_casei16_is_ascii_folding(uint16_t unit) {
    switch (unit) {
    case 0x00DF: case 0x0130: case 0x0149: case 0x017F: case 0x01F0:
    case 0x1E96: case 0x1E97: case 0x1E98: case 0x1E99: case 0x1E9A: case 0x1E9E:
    case 0x212A:
    case 0xFB00: case 0xFB01: case 0xFB02: case 0xFB03: case 0xFB04: case 0xFB05: case 0xFB06:
        return true;
    default:
        return false;
    }
}

/// `unit` in every lane.
CASEI16_INLINE casei16_units casei16_splat(uint16_t unit) {
    casei16_units units;
    for (int lane = 0; lane < 16; lane++) {
        units[lane] = unit;
    }
    return units;
}

/// The sixteen units at `text`.
CASEI16_INLINE casei16_units casei16_load(const uint16_t *text) {
    casei16_units units;
    memcpy(&units, text, sizeof units);
    return units;
}

/// True when some lane is set.
CASEI16_INLINE bool casei16_any(casei16_lanes lanes) {
    uint64_t words[4];
    memcpy(words, &lanes, sizeof words);
    return (words[0] | words[1] | words[2] | words[3]) != 0;
}

/// The lanes whose unit is one of the characters of `bytescan_casei16_is_ascii_folding`.
CASEI16_INLINE casei16_lanes casei16_ascii_folding_lanes(casei16_units units) {
    casei16_lanes lanes = units == casei16_splat(0x00DF);
    lanes |= units == casei16_splat(0x0130);
    lanes |= units == casei16_splat(0x0149);
    lanes |= units == casei16_splat(0x017F);
    lanes |= units == casei16_splat(0x01F0);
    lanes |= (units - casei16_splat(0x1E96)) < casei16_splat(5);
    lanes |= units == casei16_splat(0x1E9E);
    lanes |= units == casei16_splat(0x212A);
    lanes |= (units - casei16_splat(0xFB00)) < casei16_splat(7);
    return lanes;
}

/// The probes of a set as the loop compares them: each entry's value and fold in every lane.
typedef struct casei16_prepared_probe {
    size_t offset;
    size_t count;
    casei16_units value[BYTESCAN_CASEI16_VARIANTS];
    casei16_units fold[BYTESCAN_CASEI16_VARIANTS];
} casei16_prepared_probe;

/// The lanes of the sixteen places at `text` where `probe` passes.
CASEI16_INLINE casei16_lanes casei16_probe_lanes(const uint16_t *text, const casei16_prepared_probe *probe) {
    casei16_units units = casei16_load(text + probe->offset);
    casei16_lanes lanes = (units | probe->fold[0]) == probe->value[0];
    for (size_t entry = 1; entry < probe->count; entry++) {
        lanes |= (units | probe->fold[entry]) == probe->value[entry];
    }
    return lanes;
}

/// True when literal `literal` of `set` occurs at `position`, ending by `end`.
CASEI16_INLINE bool casei16_occurs(const uint16_t *base, size_t position, size_t end,
                                   const bytescan_casei16_set *set, size_t literal) {
    size_t length = set->lengths[literal];
    if (end - position < length) {
        return false;
    }
    for (size_t offset = 0; offset < length; offset++) {
        uint16_t unit = base[position + offset];
        const uint16_t *accepted = set->variants[literal][offset];
        if (unit != accepted[0] && unit != accepted[1] && unit != accepted[2] && unit != accepted[3]) {
            return false;
        }
    }
    return true;
}

/// True when `position` is a place (see `bytescan_casei16_find`).
CASEI16_INLINE bool casei16_is_place(const uint16_t *base, size_t position, size_t end,
                                     const bytescan_casei16_set *set) {
    if (set->ascii_folding && bytescan_casei16_is_ascii_folding(base[position])) {
        return true;
    }
    for (size_t literal = 0; literal < set->literal_count; literal++) {
        if (casei16_occurs(base, position, end, set, literal)) {
            return true;
        }
    }
    return false;
}

/// Copies `probe` into `prepared`, each entry in every lane.
CASEI16_INLINE void casei16_prepare(casei16_prepared_probe *prepared, const bytescan_casei16_probe *probe) {
    prepared->offset = probe->offset;
    prepared->count = probe->count;
    for (size_t entry = 0; entry < probe->count; entry++) {
        prepared->value[entry] = casei16_splat(probe->value[entry]);
        prepared->fold[entry] = casei16_splat(probe->fold[entry]);
    }
}

/// The scan, inlined into each compiled copy.
CASEI16_INLINE size_t casei16_find(const uint16_t *base, size_t start, size_t end,
                                   const bytescan_casei16_set *set) {
    casei16_prepared_probe first[BYTESCAN_CASEI16_LITERALS];
    casei16_prepared_probe second[BYTESCAN_CASEI16_LITERALS];
    size_t literal_count = set->literal_count;
    for (size_t literal = 0; literal < literal_count; literal++) {
        casei16_prepare(&first[literal], &set->first[literal]);
        casei16_prepare(&second[literal], &set->second[literal]);
    }
    // Below a unit of U+00DF, no unit is a character that folds to ASCII.
    casei16_units lowest_folding = casei16_splat(0x00DF);
    size_t position = start;
    // Every load of the block at `position` reads below `end`.
    while (position < end && end - position >= 15 + set->probe_reach) {
        casei16_lanes lanes = casei16_probe_lanes(base + position, &first[0])
            & casei16_probe_lanes(base + position, &second[0]);
        for (size_t literal = 1; literal < literal_count; literal++) {
            lanes |= casei16_probe_lanes(base + position, &first[literal])
                & casei16_probe_lanes(base + position, &second[literal]);
        }
        if (set->ascii_folding) {
            casei16_units units = casei16_load(base + position);
            casei16_lanes high = units >= lowest_folding;
            if (casei16_any(high)) {
                lanes |= casei16_ascii_folding_lanes(units);
            }
        }
        if (casei16_any(lanes)) {
            for (int lane = 0; lane < 16; lane++) {
                if (lanes[lane] != 0 && casei16_is_place(base, position + (size_t)lane, end, set)) {
                    return position + (size_t)lane;
                }
            }
        }
        position += 16;
    }
    for (; position < end; position++) {
        if (casei16_is_place(base, position, end, set)) {
            return position;
        }
    }
    return end;
}

size_t bytescan_casei16_find_portable(const uint16_t *base, size_t start, size_t end,
                                      const bytescan_casei16_set *set) {
    return casei16_find(base, start, end, set);
}

#if defined(__x86_64__)
/// The scan compiled for AVX2.
__attribute__((target("avx2"))) static size_t casei16_find_avx2(const uint16_t *base, size_t start, size_t end,
                                                                const bytescan_casei16_set *set) {
    return casei16_find(base, start, end, set);
}
#endif

typedef size_t (*casei16_implementation)(const uint16_t *, size_t, size_t, const bytescan_casei16_set *);

/// The implementation the scan uses, chosen on the first call (NULL until then).
static _Atomic(casei16_implementation) casei16_chosen = NULL;

size_t bytescan_casei16_find(const uint16_t *base, size_t start, size_t end, const bytescan_casei16_set *set) {
    casei16_implementation chosen = atomic_load_explicit(&casei16_chosen, memory_order_relaxed);
    if (chosen == NULL) {
        chosen = bytescan_casei16_find_portable;
#if defined(__x86_64__)
        if (bytescan_kernel_available(BYTESCAN_KERNEL_AVX2)) {
            chosen = casei16_find_avx2;
        }
#endif
        atomic_store_explicit(&casei16_chosen, chosen, memory_order_relaxed);
    }
    return chosen(base, start, end, set);
}
