// bytescan_teddy.c: Teddy, the search for a few dozen literals at once by packed nibble
// fingerprints (Geoff Langdale's algorithm from Hyperscan, as rust-lang/aho-corasick's
// `packed::teddy` has it), with SSSE3 or AVX2 chosen at run time and a scalar loop elsewhere.
// See include/bytescan.h for why this is C.
//
// The literals are dealt into eight buckets. For each of the first `mask_length` bytes of a
// literal (1 to 3), two tables of sixteen bytes give, for each value of a byte's low nibble
// and of its high nibble, the set of buckets (one bit each) holding a literal with that
// nibble there. At a text position, the buckets whose literals may start there are the AND,
// over the mask's bytes `i`, of `low[i][text[p + i] & 15]` and `high[i][text[p + i] >> 4]`:
// a literal of bucket `b` that starts at `p` has each of those nibbles, so bit `b` survives
// every AND. `pshufb` looks the sixteen (or thirty-two) nibbles of a vector up at once, so a
// vector of positions costs a few instructions per mask byte whatever the number of literals.
// A surviving bit is a candidate, never an answer: the bucket's literals are compared there.
//
// Why the answer is exact: a position is reported only after a literal was compared with
// the bytes there in full, and every position that holds an occurrence keeps its bucket's
// bit, so it is compared. A literal shorter than the mask accepts every nibble past its end,
// so its positions keep their bit too; one that ignores ASCII case accepts both high nibbles
// of each of its letters (`A`-`Z` and `a`-`z` share their low nibbles). Positions are tested
// in increasing order, and the first compared occurrence is the first occurrence.

#include "bytescan.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

/// The mask's bytes: the most leading bytes of a literal whose nibbles are tested.
#define BYTESCAN_TEDDY_MASK_BYTES 3

/// A set of literals prepared for the search (see include/bytescan.h).
struct bytescan_teddy {
    /// For each byte of the mask, the buckets accepting each low nibble, then each high one.
    uint8_t low[BYTESCAN_TEDDY_MASK_BYTES][16];
    uint8_t high[BYTESCAN_TEDDY_MASK_BYTES][16];
    /// For each byte of the mask, the buckets of the literals that end before it.
    uint8_t past_end[BYTESCAN_TEDDY_MASK_BYTES];
    /// The number of bytes of the mask, 1 to 3.
    size_t mask_length;
    /// The literals of each bucket: `members[bucket_start[b] ..< bucket_start[b + 1]]`.
    uint8_t bucket_start[BYTESCAN_TEDDY_BUCKETS + 1];
    uint8_t members[BYTESCAN_TEDDY_MOST_LITERALS];
    /// Where each literal's bytes lie in `bytes` (and its fold bytes in `folds`), their number,
    /// and whether it ignores ASCII case.
    size_t offsets[BYTESCAN_TEDDY_MOST_LITERALS];
    size_t lengths[BYTESCAN_TEDDY_MOST_LITERALS];
    /// The offset in each literal of the bytes its fingerprint holds.
    size_t anchors[BYTESCAN_TEDDY_MOST_LITERALS];
    bool ignores_case[BYTESCAN_TEDDY_MOST_LITERALS];
    size_t count;
    /// The literals' bytes, one after another, and for each byte 0x20 when it is a letter of
    /// a literal that ignores ASCII case (the text's byte ORed with it must equal it), else 0.
    uint8_t *bytes;
    uint8_t *folds;
};

/// True when `byte` is a lower-case ASCII letter.
static inline bool bytescan_teddy_is_lower(uint8_t byte) {
    return byte >= 'a' && byte <= 'z';
}

/// Sets bucket `bucket`'s bit in the entries of mask byte `index` for `byte`, and for its
/// upper case when `ignores_case` and it is a letter.
static void bytescan_teddy_accept(bytescan_teddy *teddy, size_t index, uint8_t byte,
                                  bool ignores_case, uint8_t bucket_bit) {
    teddy->low[index][byte & 15] |= bucket_bit;
    teddy->high[index][byte >> 4] |= bucket_bit;
    if (ignores_case && bytescan_teddy_is_lower(byte)) {
        teddy->high[index][(byte ^ 0x20) >> 4] |= bucket_bit;
    }
}

/// True when `bytescan_teddy_create` deals literal `a` into buckets before literal `b`:
/// shorter than the mask first (they accept any byte past their end, so they are kept apart
/// from the others where the buckets suffice), then by their bytes, so that literals sharing a
/// prefix share a bucket and its fingerprints stay narrow.
static bool bytescan_teddy_precedes(const bytescan_teddy *teddy, size_t a, size_t b) {
    bool a_short = teddy->lengths[a] < teddy->mask_length;
    bool b_short = teddy->lengths[b] < teddy->mask_length;
    if (a_short != b_short) {
        return a_short;
    }
    size_t common = teddy->lengths[a] < teddy->lengths[b] ? teddy->lengths[a] : teddy->lengths[b];
    int order = memcmp(teddy->bytes + teddy->offsets[a], teddy->bytes + teddy->offsets[b], common);
    return order != 0 ? order < 0 : a < b;
}

/// Deals the literals `order[from ..< to]` into the `bucket_count` buckets from `first_bucket`,
/// in contiguous runs as even as the numbers allow, and sets their bits in the tables.
static void bytescan_teddy_deal(bytescan_teddy *teddy, const uint8_t *order, size_t from,
                                size_t to, size_t first_bucket, size_t bucket_count) {
    size_t number = to - from;
    for (size_t slot = 0; slot < bucket_count; slot++) {
        size_t bucket = first_bucket + slot;
        uint8_t bit = (uint8_t)(1u << bucket);
        teddy->bucket_start[bucket] = (uint8_t)(from + number * slot / bucket_count);
        for (size_t dealt = from + number * slot / bucket_count;
             dealt < from + number * (slot + 1) / bucket_count; dealt++) {
            size_t literal = order[dealt];
            teddy->members[dealt] = (uint8_t)literal;
            for (size_t index = 0; index < teddy->mask_length; index++) {
                if (index < teddy->lengths[literal]) {
                    size_t at = teddy->offsets[literal] + teddy->anchors[literal] + index;
                    bytescan_teddy_accept(teddy, index, teddy->bytes[at], teddy->ignores_case[literal], bit);
                } else {
                    // Past a short literal's end, any byte.
                    for (size_t nibble = 0; nibble < 16; nibble++) {
                        teddy->low[index][nibble] |= bit;
                        teddy->high[index][nibble] |= bit;
                    }
                    teddy->past_end[index] |= bit;
                }
            }
        }
    }
}

bytescan_teddy *bytescan_teddy_create(const uint8_t *bytes, const size_t *lengths,
                                      const size_t *anchors, const bool *ignores_ascii_case,
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
    size_t mask_length = longest < BYTESCAN_TEDDY_MASK_BYTES ? longest : BYTESCAN_TEDDY_MASK_BYTES;
    for (size_t index = 0; index < count; index++) {
        size_t anchor = anchors == NULL ? 0 : anchors[index];
        if (anchor != 0 && anchor + mask_length > lengths[index]) {
            return NULL;
        }
    }
    bytescan_teddy *teddy = calloc(1, sizeof *teddy);
    if (teddy == NULL) {
        return NULL;
    }
    teddy->bytes = malloc(total);
    teddy->folds = malloc(total);
    if (teddy->bytes == NULL || teddy->folds == NULL) {
        bytescan_teddy_free(teddy);
        return NULL;
    }
    teddy->count = count;
    teddy->mask_length = mask_length;
    size_t offset = 0;
    size_t short_count = 0;
    for (size_t index = 0; index < count; index++) {
        teddy->offsets[index] = offset;
        teddy->lengths[index] = lengths[index];
        teddy->anchors[index] = anchors == NULL ? 0 : anchors[index];
        teddy->ignores_case[index] = ignores_ascii_case[index];
        for (size_t at = 0; at < lengths[index]; at++) {
            uint8_t byte = bytes[offset + at];
            bool folds = ignores_ascii_case[index] && bytescan_teddy_is_lower(byte);
            teddy->bytes[offset + at] = byte;
            teddy->folds[offset + at] = folds ? 0x20 : 0;
        }
        offset += lengths[index];
        short_count += lengths[index] < teddy->mask_length;
    }

    // Sorted (by insertion: there are at most 64), then dealt into buckets: the short ones
    // into buckets of their own, a share in proportion to their number (at least one), the
    // others into the rest.
    uint8_t order[BYTESCAN_TEDDY_MOST_LITERALS];
    for (size_t index = 0; index < count; index++) {
        size_t at = index;
        for (; at > 0 && bytescan_teddy_precedes(teddy, index, order[at - 1]); at--) {
            order[at] = order[at - 1];
        }
        order[at] = (uint8_t)index;
    }
    if (short_count > 0 && short_count < count) {
        size_t short_buckets = (BYTESCAN_TEDDY_BUCKETS * short_count + count - 1) / count;
        short_buckets = short_buckets < BYTESCAN_TEDDY_BUCKETS ? short_buckets : BYTESCAN_TEDDY_BUCKETS - 1;
        bytescan_teddy_deal(teddy, order, 0, short_count, 0, short_buckets);
        bytescan_teddy_deal(teddy, order, short_count, count, short_buckets,
                            BYTESCAN_TEDDY_BUCKETS - short_buckets);
    } else {
        bytescan_teddy_deal(teddy, order, 0, count, 0, BYTESCAN_TEDDY_BUCKETS);
    }
    teddy->bucket_start[BYTESCAN_TEDDY_BUCKETS] = (uint8_t)count;
    return teddy;
}
void bytescan_teddy_free(bytescan_teddy *teddy) {
    if (teddy != NULL) {
        free(teddy->bytes);
        free(teddy->folds);
        free(teddy);
    }
}

/// True when the eight bytes at `text` are those at `bytes`, each ORed first with its byte at
/// `folds` when `ignores_case`.
__attribute__((always_inline)) static inline bool
bytescan_teddy_word_matches(const uint8_t *text, const uint8_t *bytes, const uint8_t *folds, bool ignores_case) {
    uint64_t word, expected, fold = 0;
    memcpy(&word, text, 8);
    memcpy(&expected, bytes, 8);
    if (ignores_case) {
        memcpy(&fold, folds, 8);
    }
    return (word | fold) == expected;
}

/// True when literal `literal` occurs at `position` of the `count` bytes at `text`.
__attribute__((always_inline)) static inline bool
bytescan_teddy_occurs(const bytescan_teddy *teddy, size_t literal, const uint8_t *text,
                      size_t position, size_t count) {
    size_t length = teddy->lengths[literal];
    if (count - position < length) {
        return false;
    }
    const uint8_t *bytes = teddy->bytes + teddy->offsets[literal];
    const uint8_t *folds = teddy->folds + teddy->offsets[literal];
    if (length >= 8) {
        // The first eight bytes and the last eight (which overlap them up to 16 bytes) as
        // words, without a call: a candidate that holds no occurrence differs in one of them
        // most often, and they are the whole literal up to 16 bytes.
        bool ignores_case = teddy->ignores_case[literal];
        if (!bytescan_teddy_word_matches(text + position, bytes, folds, ignores_case)
            || !bytescan_teddy_word_matches(text + position + length - 8, bytes + length - 8, folds + length - 8, ignores_case)) {
            return false;
        }
        if (length <= 16) {
            return true;
        }
    }
    if (!teddy->ignores_case[literal]) {
        return memcmp(text + position, bytes, length) == 0;
    }
    for (size_t at = 0; at < length; at++) {
        if ((uint8_t)(text[position + at] | folds[at]) != bytes[at]) {
            return false;
        }
    }
    return true;
}

/// An occurrence found: where it starts, and which literal it is.
typedef struct bytescan_teddy_hit {
    size_t start;
    size_t literal;
} bytescan_teddy_hit;

/// The earliest-starting occurrence (the literal of lowest index among those starting there)
/// of a literal of the buckets `buckets` whose fingerprint lies at `position` and that starts
/// at or after `start`; its `literal` is `BYTESCAN_TEDDY_MOST_LITERALS` when there is none.
__attribute__((always_inline)) static inline bytescan_teddy_hit
bytescan_teddy_verify(const bytescan_teddy *teddy, unsigned buckets, const uint8_t *text,
                      size_t start, size_t position, size_t count) {
    bytescan_teddy_hit found = {SIZE_MAX, BYTESCAN_TEDDY_MOST_LITERALS};
    for (; buckets != 0; buckets &= buckets - 1) {
        unsigned bucket = (unsigned)__builtin_ctz(buckets);
        for (size_t member = teddy->bucket_start[bucket]; member < teddy->bucket_start[bucket + 1];
             member++) {
            size_t literal = teddy->members[member];
            size_t anchor = teddy->anchors[literal];
            if (position - start < anchor) {
                continue;  // It would start before `start`.
            }
            size_t at = position - anchor;
            if ((at < found.start || (at == found.start && literal < found.literal))
                && bytescan_teddy_occurs(teddy, literal, text, at, count)) {
                found = (bytescan_teddy_hit){at, literal};
            }
        }
    }
    return found;
}

/// The buckets whose fingerprints accept position `position`, from the tables one byte at a
/// time; the mask's bytes past `count` accept nothing but short literals' buckets.
static inline unsigned bytescan_teddy_scalar_buckets(const bytescan_teddy *teddy,
                                                     const uint8_t *text, size_t position,
                                                     size_t count) {
    unsigned buckets = 0xFF;
    for (size_t index = 0; index < teddy->mask_length; index++) {
        if (position + index >= count) {
            // Only a literal that ends before here can occur.
            buckets &= teddy->past_end[index];
            continue;
        }
        uint8_t byte = text[position + index];
        buckets &= teddy->low[index][byte & 15] & teddy->high[index][byte >> 4];
    }
    return buckets;
}

/// The start of the occurrence that the position `position` (below `count`) holds, read one
/// position at a time (see `bytescan_teddy_find`), with its literal in `*literal`; `count` when
/// it holds none.
__attribute__((always_inline)) static inline size_t
bytescan_teddy_try_position(const bytescan_teddy *teddy, const uint8_t *text, size_t start,
                            size_t position, size_t count, size_t *literal) {
    unsigned buckets = bytescan_teddy_scalar_buckets(teddy, text, position, count);
    if (buckets == 0) {
        return count;
    }
    bytescan_teddy_hit found = bytescan_teddy_verify(teddy, buckets, text, start, position, count);
    if (found.literal >= BYTESCAN_TEDDY_MOST_LITERALS) {
        return count;
    }
    *literal = found.literal;
    return found.start;
}

/// The search one position at a time, from `position` below `count`: for blocks too short for
/// a vector, the positions after the last vector, and processors without SSSE3.
static size_t bytescan_teddy_find_scalar(const bytescan_teddy *teddy, const uint8_t *text,
                                         size_t start, size_t position, size_t count,
                                         size_t *literal) {
    for (; position < count; position++) {
        size_t found = bytescan_teddy_try_position(teddy, text, start, position, count, literal);
        if (found < count) {
            return found;
        }
    }
    return count;
}

/// Compares the candidates of a vector of positions from `position`, whose bucket sets are
/// `lanes` and nonzero where `candidates` has a bit; returns the start of the occurrence of the
/// first one that holds one (see `bytescan_teddy_find`), or `count` when none does.
__attribute__((always_inline)) static inline size_t
bytescan_teddy_confirm(const bytescan_teddy *teddy, const uint8_t *text, size_t start,
                       size_t position, size_t count, const uint8_t *lanes, uint64_t candidates,
                       size_t *literal) {
    for (; candidates != 0; candidates &= candidates - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(candidates);
        bytescan_teddy_hit found = bytescan_teddy_verify(teddy, lanes[lane], text, start, position + lane, count);
        if (found.literal < BYTESCAN_TEDDY_MOST_LITERALS) {
            *literal = found.literal;
            return found.start;
        }
    }
    return count;
}

size_t bytescan_teddy_find_among(const bytescan_teddy *teddy, const void *base, size_t start,
                                 const size_t *candidates, size_t candidate_count, size_t limit,
                                 size_t count, size_t *literal) {
    const uint8_t *text = base;
    size_t ignored;
    literal = literal == NULL ? &ignored : literal;
    for (size_t index = 0; index < candidate_count; index++) {
        size_t position = candidates[index];
        if (position >= limit || position >= count) {
            break;
        }
        if (position < start) {
            continue;
        }
        size_t found = bytescan_teddy_try_position(teddy, text, start, position, count, literal);
        if (found < count) {
            return found;
        }
    }
    return count;
}

#if defined(__x86_64__)

/// The bucket sets of the 16 positions at `text` (SSSE3's `pshufb` looks the nibbles up).
__attribute__((target("ssse3"), always_inline)) static inline __m128i
bytescan_teddy_ssse3_buckets(const uint8_t *text, const __m128i *low, const __m128i *high,
                             size_t mask_length) {
    const __m128i nibble = _mm_set1_epi8(0x0F);
    __m128i buckets = _mm_set1_epi8((char)0xFF);
    for (size_t index = 0; index < mask_length; index++) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(text + index));
        __m128i lows = _mm_and_si128(chunk, nibble);
        __m128i highs = _mm_and_si128(_mm_srli_epi16(chunk, 4), nibble);
        buckets = _mm_and_si128(buckets, _mm_and_si128(_mm_shuffle_epi8(low[index], lows),
                                                       _mm_shuffle_epi8(high[index], highs)));
    }
    return buckets;
}

/// The search with 16-byte SSSE3 vectors, `mask_length` known when inlined: the positions
/// from `from` (at or after `start`) are scanned, for occurrences that start at or after
/// `start`.
__attribute__((target("ssse3"), always_inline)) static inline size_t
bytescan_teddy_ssse3(const bytescan_teddy *teddy, const uint8_t *text, size_t start, size_t from,
                     size_t count, size_t mask_length, size_t *literal) {
    size_t position = from;
    __m128i low[BYTESCAN_TEDDY_MASK_BYTES], high[BYTESCAN_TEDDY_MASK_BYTES];
    for (size_t index = 0; index < mask_length; index++) {
        low[index] = _mm_loadu_si128((const __m128i *)teddy->low[index]);
        high[index] = _mm_loadu_si128((const __m128i *)teddy->high[index]);
    }
    // A vector at `position` reads up to `position + 15 + mask_length - 1`.
    if (count < 16 + mask_length - 1 || position >= count) {
        return bytescan_teddy_find_scalar(teddy, text, start, position, count, literal);
    }
    size_t last = count - 16 - (mask_length - 1);
    uint8_t lanes[16];
    while (position <= last) {
        __m128i buckets = bytescan_teddy_ssse3_buckets(text + position, low, high, mask_length);
        uint64_t candidates = (uint16_t)~_mm_movemask_epi8(_mm_cmpeq_epi8(buckets, _mm_setzero_si128()));
        if (candidates != 0) {
            _mm_storeu_si128((__m128i *)lanes, buckets);
            size_t found = bytescan_teddy_confirm(teddy, text, start, position, count, lanes, candidates, literal);
            if (found < count) {
                return found;
            }
        }
        position += 16;
    }
    // The positions from `position` to `last + 15` (the last where a literal of the mask's
    // length fits) in one vector that overlaps the one before; then those where only a short
    // literal fits, one at a time.
    if (position <= last + 15) {
        __m128i buckets = bytescan_teddy_ssse3_buckets(text + last, low, high, mask_length);
        uint64_t candidates = (uint16_t)~_mm_movemask_epi8(_mm_cmpeq_epi8(buckets, _mm_setzero_si128()));
        candidates &= ~UINT64_C(0) << (position - last);
        if (candidates != 0) {
            _mm_storeu_si128((__m128i *)lanes, buckets);
            size_t found = bytescan_teddy_confirm(teddy, text, start, last, count, lanes, candidates, literal);
            if (found < count) {
                return found;
            }
        }
        position = last + 16;
    }
    return bytescan_teddy_find_scalar(teddy, text, start, position, count, literal);
}

/// The bucket sets of the 32 positions at `text` (AVX2's `vpshufb` looks the nibbles up in
/// each 16-byte half, so the tables are in both halves).
__attribute__((target("avx2"), always_inline)) static inline __m256i
bytescan_teddy_avx2_buckets(const uint8_t *text, const __m256i *low, const __m256i *high,
                            size_t mask_length) {
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    __m256i buckets = _mm256_set1_epi8((char)0xFF);
    for (size_t index = 0; index < mask_length; index++) {
        __m256i chunk = _mm256_loadu_si256((const __m256i *)(text + index));
        __m256i lows = _mm256_and_si256(chunk, nibble);
        __m256i highs = _mm256_and_si256(_mm256_srli_epi16(chunk, 4), nibble);
        buckets = _mm256_and_si256(buckets, _mm256_and_si256(_mm256_shuffle_epi8(low[index], lows),
                                                             _mm256_shuffle_epi8(high[index], highs)));
    }
    return buckets;
}

/// The candidate positions among the bucket sets `buckets`: a bit for each nonzero lane.
__attribute__((target("avx2"), always_inline)) static inline uint64_t
bytescan_teddy_avx2_candidates(__m256i buckets) {
    return (uint32_t)~_mm256_movemask_epi8(_mm256_cmpeq_epi8(buckets, _mm256_setzero_si256()));
}

/// The search with 32-byte AVX2 vectors, two per step, `mask_length` known when inlined: the
/// positions from `from` (at or after `start`) are scanned, as in `bytescan_teddy_ssse3`.
__attribute__((target("avx2"), always_inline)) static inline size_t
bytescan_teddy_avx2(const bytescan_teddy *teddy, const uint8_t *text, size_t start, size_t from,
                    size_t count, size_t mask_length, size_t *literal) {
    size_t position = from;
    __m256i low[BYTESCAN_TEDDY_MASK_BYTES], high[BYTESCAN_TEDDY_MASK_BYTES];
    for (size_t index = 0; index < mask_length; index++) {
        low[index] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)teddy->low[index]));
        high[index] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)teddy->high[index]));
    }
    // A vector at `position` reads up to `position + 31 + mask_length - 1`.
    if (count < 32 + mask_length - 1 || position >= count) {
        return bytescan_teddy_find_scalar(teddy, text, start, position, count, literal);
    }
    size_t last = count - 32 - (mask_length - 1);
    uint8_t lanes[64];
    // Two vectors per step where they fit, tested together: most steps have no candidate.
    while (last >= 32 && position <= last - 32) {
        __m256i first = bytescan_teddy_avx2_buckets(text + position, low, high, mask_length);
        __m256i second = bytescan_teddy_avx2_buckets(text + position + 32, low, high, mask_length);
        if (!_mm256_testz_si256(_mm256_or_si256(first, second), _mm256_or_si256(first, second))) {
            uint64_t candidates = bytescan_teddy_avx2_candidates(first)
                | bytescan_teddy_avx2_candidates(second) << 32;
            _mm256_storeu_si256((__m256i *)lanes, first);
            _mm256_storeu_si256((__m256i *)(lanes + 32), second);
            size_t found = bytescan_teddy_confirm(teddy, text, start, position, count, lanes, candidates, literal);
            if (found < count) {
                return found;
            }
        }
        position += 64;
    }
    while (position <= last) {
        __m256i buckets = bytescan_teddy_avx2_buckets(text + position, low, high, mask_length);
        uint64_t candidates = bytescan_teddy_avx2_candidates(buckets);
        if (candidates != 0) {
            _mm256_storeu_si256((__m256i *)lanes, buckets);
            size_t found = bytescan_teddy_confirm(teddy, text, start, position, count, lanes, candidates, literal);
            if (found < count) {
                return found;
            }
        }
        position += 32;
    }
    // As in `bytescan_teddy_ssse3`: one overlapping vector, then the short literals' positions.
    if (position <= last + 31) {
        __m256i buckets = bytescan_teddy_avx2_buckets(text + last, low, high, mask_length);
        uint64_t candidates = bytescan_teddy_avx2_candidates(buckets);
        candidates &= ~UINT64_C(0) << (position - last);
        if (candidates != 0) {
            _mm256_storeu_si256((__m256i *)lanes, buckets);
            size_t found = bytescan_teddy_confirm(teddy, text, start, last, count, lanes, candidates, literal);
            if (found < count) {
                return found;
            }
        }
        position = last + 32;
    }
    return bytescan_teddy_find_scalar(teddy, text, start, position, count, literal);
}

/// `bytescan_teddy_ssse3` compiled apart for each mask length.
__attribute__((target("ssse3"))) static size_t
bytescan_teddy_find_ssse3(const bytescan_teddy *teddy, const uint8_t *text, size_t start,
                          size_t from, size_t count, size_t *literal) {
    switch (teddy->mask_length) {
    case 1: return bytescan_teddy_ssse3(teddy, text, start, from, count, 1, literal);
    case 2: return bytescan_teddy_ssse3(teddy, text, start, from, count, 2, literal);
    default: return bytescan_teddy_ssse3(teddy, text, start, from, count, 3, literal);
    }
}

/// `bytescan_teddy_avx2` compiled apart for each mask length.
__attribute__((target("avx2"))) static size_t
bytescan_teddy_find_avx2(const bytescan_teddy *teddy, const uint8_t *text, size_t start,
                         size_t from, size_t count, size_t *literal) {
    switch (teddy->mask_length) {
    case 1: return bytescan_teddy_avx2(teddy, text, start, from, count, 1, literal);
    case 2: return bytescan_teddy_avx2(teddy, text, start, from, count, 2, literal);
    default: return bytescan_teddy_avx2(teddy, text, start, from, count, 3, literal);
    }
}

/// How far ahead of its vector `bytescan_teddy_collect_avx2` asks for the text's bytes, as
/// `BYTESCAN_COLLECT_PREFETCH_DISTANCE` does for the single literal's scan.
#define BYTESCAN_TEDDY_PREFETCH_DISTANCE 1024

/// The bucket sets of mask byte `index` for the 32 bytes whose low and high nibbles are
/// `lows` and `highs`.
__attribute__((target("avx2"), always_inline)) static inline __m256i
bytescan_teddy_avx2_byte_buckets(__m256i lows, __m256i highs, const __m256i *low, const __m256i *high,
                                 size_t index) {
    return _mm256_and_si256(_mm256_shuffle_epi8(low[index], lows), _mm256_shuffle_epi8(high[index], highs));
}

/// `later`'s lanes moved up by `lanes` (1 or 2, known when inlined), the lanes that enter at
/// the bottom taken from the top of `earlier`: the vector of the same values for the positions
/// `lanes` bytes further on.
__attribute__((target("avx2"), always_inline)) static inline __m256i
bytescan_teddy_avx2_shift_in(__m256i later, __m256i earlier, size_t lanes) {
    // `earlier`'s upper half, then `later`'s lower half: what enters each half of `later`.
    __m256i seam = _mm256_permute2x128_si256(earlier, later, 0x21);
    return lanes == 1 ? _mm256_alignr_epi8(later, seam, 15) : _mm256_alignr_epi8(later, seam, 14);
}

/// The bucket sets of the positions that the 32 bytes `chunk` end the mask of (lane `j` for
/// the position `mask_length - 1` before byte `j`), `mask_length` known when inlined:
/// `previous0` and `previous1` hold the sets of mask bytes 0 and 1 of the 32 bytes before
/// `chunk`, and receive `chunk`'s.
__attribute__((target("avx2"), always_inline)) static inline __m256i
bytescan_teddy_avx2_ending_buckets(__m256i chunk, const __m256i *low, const __m256i *high, size_t mask_length,
                                   __m256i *previous0, __m256i *previous1) {
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    __m256i lows = _mm256_and_si256(chunk, nibble);
    __m256i highs = _mm256_and_si256(_mm256_srli_epi16(chunk, 4), nibble);
    __m256i sets0 = bytescan_teddy_avx2_byte_buckets(lows, highs, low, high, 0);
    __m256i buckets = sets0;
    if (mask_length == 2) {
        __m256i sets1 = bytescan_teddy_avx2_byte_buckets(lows, highs, low, high, 1);
        buckets = _mm256_and_si256(sets1, bytescan_teddy_avx2_shift_in(sets0, *previous0, 1));
    } else if (mask_length == 3) {
        __m256i sets1 = bytescan_teddy_avx2_byte_buckets(lows, highs, low, high, 1);
        __m256i sets2 = bytescan_teddy_avx2_byte_buckets(lows, highs, low, high, 2);
        buckets = _mm256_and_si256(sets2, _mm256_and_si256(bytescan_teddy_avx2_shift_in(sets1, *previous1, 1),
                                                           bytescan_teddy_avx2_shift_in(sets0, *previous0, 2)));
        *previous1 = sets1;
    }
    *previous0 = sets0;
    return buckets;
}

/// For the 32 bytes `chunk` at `position`, whose ending bucket sets are `buckets`: notes their
/// first NUL in `*nul` when it is still `SIZE_MAX`, and stores the candidates (but those of the
/// lanes in `excluded`) after the `*stored` ones. False, with `*scanned` at the candidate that
/// found no room, when `capacity` are stored.
__attribute__((target("avx2"), always_inline)) static inline bool
bytescan_teddy_avx2_keep(__m256i chunk, __m256i buckets, size_t position, size_t mask_length, uint32_t excluded,
                         size_t *nul, size_t *found, size_t *stored, size_t capacity, size_t *scanned) {
    if (*nul == SIZE_MAX) {
        uint32_t zero_lanes = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(chunk, _mm256_setzero_si256()));
        if (zero_lanes != 0) {
            *nul = position + (size_t)__builtin_ctz(zero_lanes);
        }
    }
    uint32_t candidates = (uint32_t)bytescan_teddy_avx2_candidates(buckets) & ~excluded;
    for (; candidates != 0; candidates &= candidates - 1) {
        size_t candidate = position + (size_t)__builtin_ctz(candidates) - (mask_length - 1);
        if (*stored == capacity) {
            *scanned = candidate;
            return false;
        }
        found[(*stored)++] = candidate;
    }
    return true;
}

/// The candidates and the first NUL of `bytescan_teddy_collect_and_nul` with AVX2,
/// `mask_length` known when inlined.
///
/// Each vector of text is loaded once (as rust-lang/aho-corasick's Teddy does): its nibbles
/// are looked up in every mask byte's tables, and lane `j` of the result tests the position
/// `mask_length - 1` before it, whose mask byte `i` is the vector's byte `j - (mask_length -
/// 1) + i`; the lanes below `mask_length - 1` take that byte's sets from the previous
/// vector's, kept for it. So a vector at `position` decides the positions from
/// `position - (mask_length - 1)` (those before `start` are left out in the first vector)
/// and reads no byte past `position + 31`. The NUL test reads the same vectors. Two vectors
/// are tested at once where they fit: most hold neither a candidate nor a NUL.
__attribute__((target("avx2"), always_inline)) static inline size_t
bytescan_teddy_collect_avx2_masked(const bytescan_teddy *teddy, const uint8_t *text, size_t start,
                                   size_t count, size_t mask_length, size_t *found,
                                   size_t capacity, size_t *scanned, size_t *first_nul) {
    __m256i low[BYTESCAN_TEDDY_MASK_BYTES], high[BYTESCAN_TEDDY_MASK_BYTES];
    for (size_t index = 0; index < mask_length; index++) {
        low[index] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)teddy->low[index]));
        high[index] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)teddy->high[index]));
    }
    size_t stored = 0;
    size_t nul = SIZE_MAX;
    size_t position = start;
    *scanned = start;
    if (count - start >= 32) {
        const __m256i zero = _mm256_setzero_si256();
        // The sets of mask bytes 0 and 1 of the vector before (before the first vector, any:
        // the lanes that read them are left out).
        __m256i previous0 = zero, previous1 = zero;
        // The lanes of the next vector whose positions lie before `start`.
        uint32_t before_start = (1u << (mask_length - 1)) - 1;
        for (; count - position >= 64; position += 64) {
            __builtin_prefetch(text + position + BYTESCAN_TEDDY_PREFETCH_DISTANCE);
            __m256i first = _mm256_loadu_si256((const __m256i *)(text + position));
            __m256i second = _mm256_loadu_si256((const __m256i *)(text + position + 32));
            __m256i first_buckets = bytescan_teddy_avx2_ending_buckets(first, low, high, mask_length, &previous0, &previous1);
            __m256i second_buckets = bytescan_teddy_avx2_ending_buckets(second, low, high, mask_length, &previous0, &previous1);
            __m256i flagged = _mm256_or_si256(first_buckets, second_buckets);
            if (nul == SIZE_MAX) {
                // A lane of the lesser bytes is zero where either vector's is.
                flagged = _mm256_or_si256(flagged, _mm256_cmpeq_epi8(_mm256_min_epu8(first, second), zero));
            }
            if (_mm256_testz_si256(flagged, flagged)) {
                before_start = 0;
                continue;
            }
            if (!bytescan_teddy_avx2_keep(first, first_buckets, position, mask_length, before_start, &nul, found,
                                          &stored, capacity, scanned)
                || !bytescan_teddy_avx2_keep(second, second_buckets, position + 32, mask_length, 0, &nul, found,
                                             &stored, capacity, scanned)) {
                // Every candidate before that one is kept: the search goes on from it, and
                // the rest of the block is read for the NUL alone.
                goto nul_only;
            }
            before_start = 0;
        }
        for (; count - position >= 32; position += 32) {
            __m256i chunk = _mm256_loadu_si256((const __m256i *)(text + position));
            __m256i buckets = bytescan_teddy_avx2_ending_buckets(chunk, low, high, mask_length, &previous0, &previous1);
            if (!bytescan_teddy_avx2_keep(chunk, buckets, position, mask_length, before_start, &nul, found, &stored,
                                          capacity, scanned)) {
                goto nul_only;
            }
            before_start = 0;
        }
        // The last vector decided the positions up to its last byte's less the mask's others.
        *scanned = position - (mask_length - 1);
    }
nul_only:
    if (nul == SIZE_MAX) {
        const uint8_t *rest = memchr(text + position, 0, count - position);
        nul = rest != NULL ? (size_t)(rest - text) : count;
    }
    *first_nul = nul;
    return stored;
}

/// `bytescan_teddy_collect_avx2_masked` compiled apart for each mask length.
__attribute__((target("avx2"))) static size_t
bytescan_teddy_collect_avx2(const bytescan_teddy *teddy, const uint8_t *text, size_t start,
                            size_t count, size_t *found, size_t capacity, size_t *scanned,
                            size_t *first_nul) {
    switch (teddy->mask_length) {
    case 1: return bytescan_teddy_collect_avx2_masked(teddy, text, start, count, 1, found, capacity, scanned, first_nul);
    case 2: return bytescan_teddy_collect_avx2_masked(teddy, text, start, count, 2, found, capacity, scanned, first_nul);
    default: return bytescan_teddy_collect_avx2_masked(teddy, text, start, count, 3, found, capacity, scanned, first_nul);
    }
}

#endif // defined(__x86_64__)

bool bytescan_teddy_kernel_available(int kernel) {
    switch (kernel) {
    case BYTESCAN_TEDDY_KERNEL_SCALAR:
        return true;
#if defined(__x86_64__)
    case BYTESCAN_TEDDY_KERNEL_SSSE3:
        __builtin_cpu_init();
        return __builtin_cpu_supports("ssse3");
    case BYTESCAN_TEDDY_KERNEL_AVX2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2");
#endif
    default:
        return false;
    }
}

/// `bytescan_teddy_find_from_using` without the position to scan from: the scan starts at
/// `start`.
size_t bytescan_teddy_find_using(int kernel, const bytescan_teddy *teddy, const void *base,
                                 size_t start, size_t count, size_t *literal) {
    return bytescan_teddy_find_from_using(kernel, teddy, base, start, start, count, literal);
}

size_t bytescan_teddy_find_from_using(int kernel, const bytescan_teddy *teddy, const void *base,
                                      size_t start, size_t from, size_t count, size_t *literal) {
    size_t ignored;
    literal = literal == NULL ? &ignored : literal;
    from = from < start ? start : from;
    if (from >= count) {
        return count;
    }
    switch (kernel) {
#if defined(__x86_64__)
    case BYTESCAN_TEDDY_KERNEL_AVX2:
        return bytescan_teddy_find_avx2(teddy, base, start, from, count, literal);
    case BYTESCAN_TEDDY_KERNEL_SSSE3:
        return bytescan_teddy_find_ssse3(teddy, base, start, from, count, literal);
#endif
    default:
        return bytescan_teddy_find_scalar(teddy, base, start, from, count, literal);
    }
}

/// The kernel `bytescan_teddy_find` uses, chosen on the first call (0 until then). Threads
/// that race on the first call choose the same one, so relaxed order suffices.
static _Atomic(int) bytescan_teddy_chosen = 0;

/// The kernel `bytescan_teddy_find` uses (see `bytescan_teddy_chosen`).
static inline int bytescan_teddy_chosen_kernel(void) {
    int kernel = atomic_load_explicit(&bytescan_teddy_chosen, memory_order_relaxed);
    if (kernel == 0) {
        kernel = bytescan_teddy_kernel_available(BYTESCAN_TEDDY_KERNEL_AVX2)    ? BYTESCAN_TEDDY_KERNEL_AVX2
                 : bytescan_teddy_kernel_available(BYTESCAN_TEDDY_KERNEL_SSSE3) ? BYTESCAN_TEDDY_KERNEL_SSSE3
                                                                                : BYTESCAN_TEDDY_KERNEL_SCALAR;
        atomic_store_explicit(&bytescan_teddy_chosen, kernel, memory_order_relaxed);
    }
    return kernel;
}

size_t bytescan_teddy_find(const bytescan_teddy *teddy, const void *base, size_t start,
                           size_t count, size_t *literal) {
    return bytescan_teddy_find_from_using(bytescan_teddy_chosen_kernel(), teddy, base, start, start,
                                          count, literal);
}

size_t bytescan_teddy_find_from(const bytescan_teddy *teddy, const void *base, size_t start,
                                size_t from, size_t count, size_t *literal) {
    return bytescan_teddy_find_from_using(bytescan_teddy_chosen_kernel(), teddy, base, start, from,
                                          count, literal);
}

size_t bytescan_teddy_collect_and_nul_using(int kernel, const bytescan_teddy *teddy,
                                            const void *base, size_t start, size_t count,
                                            size_t *found, size_t capacity, size_t *scanned,
                                            size_t *first_nul) {
    const uint8_t *text = base;
    if (start >= count) {
        *scanned = count;
        *first_nul = count;
        return 0;
    }
#if defined(__x86_64__)
    if (kernel == BYTESCAN_TEDDY_KERNEL_AVX2) {
        return bytescan_teddy_collect_avx2(teddy, text, start, count, found, capacity, scanned,
                                           first_nul);
    }
#endif
    (void)teddy;
    (void)found;
    (void)capacity;
    // Elsewhere the NUL alone: no candidate is known, and the search scans every position.
    *scanned = start;
    const uint8_t *nul = memchr(text + start, 0, count - start);
    *first_nul = nul != NULL ? (size_t)(nul - text) : count;
    return 0;
}

size_t bytescan_teddy_collect_and_nul(const bytescan_teddy *teddy, const void *base, size_t start,
                                      size_t count, size_t *found, size_t capacity,
                                      size_t *scanned, size_t *first_nul) {
    return bytescan_teddy_collect_and_nul_using(bytescan_teddy_chosen_kernel(), teddy, base, start,
                                                count, found, capacity, scanned, first_nul);
}
