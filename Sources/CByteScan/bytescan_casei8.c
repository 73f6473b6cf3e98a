// bytescan_casei8.c: the scan of UTF-8 text for the places where a case-insensitive match of a
// few literals may be (see include/bytescan_casei8.h), thirty-two bytes at a time with portable
// vectors (clang's and GCC's vector extensions), compiled twice: once for AVX2
// (`target("avx2")`, one 256-bit register per block) and once for any processor, the choice
// made on the first call as bytescan.c makes its own.
//
// Each literal has two probes, each a byte offset from the literal's start with the few bytes
// its character's spellings have there (a pair of bytes that differ in bit 0x20 alone, as `a`
// and `A` or the second bytes of `ш` and `Ш`, is one compare with 0x20 ORed in). Every
// compared character's spellings have one length, so the offset falls on the same byte of
// the same character in every spelling of the literal. A place passes when both of a
// literal's probes do; it is a place only when every compared character of the literal then
// is one of its spellings. So every occurrence is found (its probes pass), and nothing else
// is reported, but for the characters that fold to ASCII and the three-byte variants of
// Cyrillic letters, which are reported wherever they stand.

#include "bytescan.h"
#include "bytescan_casei8.h"

#include <stdatomic.h>
#include <string.h>

/// Thirty-two bytes, and the lanes of a compare of two such vectors (all ones or zero).
typedef uint8_t casei8_bytes __attribute__((vector_size(32)));
typedef int8_t casei8_lanes __attribute__((vector_size(32)));

#define CASEI8_INLINE static inline __attribute__((always_inline))

// The vectors are passed only between these functions, all inlined (see bytescan_casei16.c).
#pragma clang diagnostic ignored "-Wpsabi"
#pragma GCC diagnostic ignored "-Wpsabi"

bool bytescan_casei8_is_ascii_folding(const uint8_t *base, size_t position, size_t end) {
    size_t left = end - position;
    const uint8_t *text = base + position;
    if (left < 2) {
        return false;
    }
    switch (text[0]) {
    case 0xC3: // U+00DF
        return text[1] == 0x9F;
    case 0xC4: // U+0130
        return text[1] == 0xB0;
    case 0xC5: // U+0149, U+017F
        return text[1] == 0x89 || text[1] == 0xBF;
    case 0xC7: // U+01F0
        return text[1] == 0xB0;
    case 0xE1: // U+1E96 to U+1E9A, U+1E9E
        return left >= 3 && text[1] == 0xBA && ((text[2] >= 0x96 && text[2] <= 0x9A) || text[2] == 0x9E);
    case 0xE2: // U+212A
        return left >= 3 && text[1] == 0x84 && text[2] == 0xAA;
    case 0xEF: // U+FB00 to U+FB06
        return left >= 3 && text[1] == 0xAC && text[2] >= 0x80 && text[2] <= 0x86;
    default:
        return false;
    }
}

bool bytescan_casei8_is_long_variant(const uint8_t *base, size_t position, size_t end) {
    return end - position >= 3 && base[position] == 0xE1 && base[position + 1] == 0xB2 && base[position + 2] >= 0x80
        && base[position + 2] <= 0x88;
}

/// `byte` in every lane.
CASEI8_INLINE casei8_bytes casei8_splat(uint8_t byte) {
    casei8_bytes bytes;
    for (int lane = 0; lane < 32; lane++) {
        bytes[lane] = byte;
    }
    return bytes;
}

/// The thirty-two bytes at `text`.
CASEI8_INLINE casei8_bytes casei8_load(const uint8_t *text) {
    casei8_bytes bytes;
    memcpy(&bytes, text, sizeof bytes);
    return bytes;
}

/// True when some lane is set.
CASEI8_INLINE bool casei8_any(casei8_lanes lanes) {
    uint64_t words[4];
    memcpy(words, &lanes, sizeof words);
    return (words[0] | words[1] | words[2] | words[3]) != 0;
}

/// The lanes whose byte is the first byte of one of the characters of
/// `bytescan_casei8_is_ascii_folding`.
CASEI8_INLINE casei8_lanes casei8_ascii_folding_lanes(casei8_bytes bytes) {
    casei8_lanes lanes = (casei8_lanes)((bytes - casei8_splat(0xC3)) < casei8_splat(3));
    lanes |= bytes == casei8_splat(0xC7);
    lanes |= (casei8_lanes)((bytes - casei8_splat(0xE1)) < casei8_splat(2));
    lanes |= bytes == casei8_splat(0xEF);
    return lanes;
}

/// The probes of a set as the loop compares them: each entry's value and fold in every lane.
typedef struct casei8_prepared_probe {
    size_t offset;
    size_t count;
    casei8_bytes value[BYTESCAN_CASEI8_VARIANTS];
    casei8_bytes fold[BYTESCAN_CASEI8_VARIANTS];
} casei8_prepared_probe;

/// The lanes of the thirty-two places at `text` where `probe` passes.
CASEI8_INLINE casei8_lanes casei8_probe_lanes(const uint8_t *text, const casei8_prepared_probe *probe) {
    casei8_bytes bytes = casei8_load(text + probe->offset);
    casei8_lanes lanes = (bytes | probe->fold[0]) == probe->value[0];
    for (size_t entry = 1; entry < probe->count; entry++) {
        lanes |= (bytes | probe->fold[entry]) == probe->value[entry];
    }
    return lanes;
}

/// True when literal `literal` of `set` occurs at `position`, ending by `end`.
CASEI8_INLINE bool casei8_occurs(const uint8_t *base, size_t position, size_t end, const bytescan_casei8_set *set,
                                 size_t literal) {
    if (end - position < set->byte_lengths[literal]) {
        return false;
    }
    size_t count = set->character_counts[literal];
    for (size_t index = 0; index < count; index++) {
        const bytescan_casei8_character *character = &set->characters[literal][index];
        uint32_t spelled = 0;
        for (uint32_t byte = 0; byte < character->length; byte++) {
            spelled |= (uint32_t)base[position + character->offset + byte] << (8 * byte);
        }
        const uint32_t *accepted = character->variants;
        if (spelled != accepted[0] && spelled != accepted[1] && spelled != accepted[2] && spelled != accepted[3]) {
            return false;
        }
    }
    return true;
}

/// True when `position` is a place (see `bytescan_casei8_find`).
CASEI8_INLINE bool casei8_is_place(const uint8_t *base, size_t position, size_t end, const bytescan_casei8_set *set) {
    if (set->ascii_folding && bytescan_casei8_is_ascii_folding(base, position, end)) {
        return true;
    }
    if (set->long_variants && bytescan_casei8_is_long_variant(base, position, end)) {
        return true;
    }
    for (size_t literal = 0; literal < set->literal_count; literal++) {
        if (casei8_occurs(base, position, end, set, literal)) {
            return true;
        }
    }
    return false;
}

/// Copies `probe` into `prepared`, each entry in every lane.
CASEI8_INLINE void casei8_prepare(casei8_prepared_probe *prepared, const bytescan_casei8_probe *probe) {
    prepared->offset = probe->offset;
    prepared->count = probe->count;
    for (size_t entry = 0; entry < probe->count; entry++) {
        prepared->value[entry] = casei8_splat(probe->value[entry]);
        prepared->fold[entry] = casei8_splat(probe->fold[entry]);
    }
}

/// The scan, inlined into each compiled copy.
CASEI8_INLINE size_t casei8_find(const uint8_t *base, size_t start, size_t end, const bytescan_casei8_set *set) {
    casei8_prepared_probe first[BYTESCAN_CASEI8_LITERALS];
    casei8_prepared_probe second[BYTESCAN_CASEI8_LITERALS];
    size_t literal_count = set->literal_count;
    for (size_t literal = 0; literal < literal_count; literal++) {
        casei8_prepare(&first[literal], &set->first[literal]);
        casei8_prepare(&second[literal], &set->second[literal]);
    }
    size_t position = start;
    // Every load of the block at `position` reads below `end`.
    while (position < end && end - position >= 31 + set->probe_reach) {
        casei8_lanes lanes = casei8_probe_lanes(base + position, &first[0])
            & casei8_probe_lanes(base + position, &second[0]);
        for (size_t literal = 1; literal < literal_count; literal++) {
            lanes |= casei8_probe_lanes(base + position, &first[literal])
                & casei8_probe_lanes(base + position, &second[literal]);
        }
        if (set->ascii_folding) {
            lanes |= casei8_ascii_folding_lanes(casei8_load(base + position));
        }
        if (set->long_variants) {
            lanes |= casei8_load(base + position) == casei8_splat(0xE1);
        }
        if (casei8_any(lanes)) {
            for (int lane = 0; lane < 32; lane++) {
                if (lanes[lane] != 0 && casei8_is_place(base, position + (size_t)lane, end, set)) {
                    return position + (size_t)lane;
                }
            }
        }
        position += 32;
    }
    for (; position < end; position++) {
        if (casei8_is_place(base, position, end, set)) {
            return position;
        }
    }
    return end;
}

size_t bytescan_casei8_find_portable(const uint8_t *base, size_t start, size_t end,
                                     const bytescan_casei8_set *set) {
    return casei8_find(base, start, end, set);
}

#if defined(__x86_64__)
/// The scan compiled for AVX2.
__attribute__((target("avx2"))) static size_t casei8_find_avx2(const uint8_t *base, size_t start, size_t end,
                                                               const bytescan_casei8_set *set) {
    return casei8_find(base, start, end, set);
}
#endif

typedef size_t (*casei8_implementation)(const uint8_t *, size_t, size_t, const bytescan_casei8_set *);

/// The implementation the scan uses, chosen on the first call (NULL until then).
static _Atomic(casei8_implementation) casei8_chosen = NULL;

size_t bytescan_casei8_find(const uint8_t *base, size_t start, size_t end, const bytescan_casei8_set *set) {
    casei8_implementation chosen = atomic_load_explicit(&casei8_chosen, memory_order_relaxed);
    if (chosen == NULL) {
        chosen = bytescan_casei8_find_portable;
#if defined(__x86_64__)
        if (bytescan_kernel_available(BYTESCAN_KERNEL_AVX2)) {
            chosen = casei8_find_avx2;
        }
#endif
        atomic_store_explicit(&casei8_chosen, chosen, memory_order_relaxed);
    }
    return chosen(base, start, end, set);
}
