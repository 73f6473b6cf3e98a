// bytescan_casei8.h: the scan of UTF-8 text for the places where a case-insensitive match of a
// few literals may be, the counterpart of bytescan_casei16.h for text that is searched in its
// UTF-8. C for the same reason as the byte scan (see bytescan.h): the loop must be compiled for
// AVX2 and chosen at run time, which Swift cannot do.

#ifndef BYTESCAN_CASEI8_H
#define BYTESCAN_CASEI8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// The most literals a set holds.
#define BYTESCAN_CASEI8_LITERALS 8
/// The most characters of a literal that are compared; a longer literal is looked for by its
/// first characters, which accepts every place where it occurs and more.
#define BYTESCAN_CASEI8_CHARACTERS 16
/// The most spellings a character accepts.
#define BYTESCAN_CASEI8_VARIANTS 4

/// One side of a literal's probe: the byte at `offset` from a place passes when, ORed with
/// `fold[i]`, it equals `value[i]` for one of the first `count` entries.
typedef struct bytescan_casei8_probe {
    size_t offset;
    size_t count;
    uint8_t value[BYTESCAN_CASEI8_VARIANTS];
    uint8_t fold[BYTESCAN_CASEI8_VARIANTS];
} bytescan_casei8_probe;

/// One compared character of a literal: it starts `offset` bytes after the literal's start and
/// every spelling it accepts has `length` bytes (1 to 4), each spelling's bytes packed into
/// an integer, the first byte lowest, the last spelling repeated to fill the row.
typedef struct bytescan_casei8_character {
    uint32_t offset;
    uint32_t length;
    uint32_t variants[BYTESCAN_CASEI8_VARIANTS];
} bytescan_casei8_character;

/// Literals whose every compared character accepts a few spellings of one byte length (the
/// case variants of the character), for `bytescan_casei8_find`. Filled by Swift
/// (`UTF8CaseInsensitiveScanner`).
typedef struct bytescan_casei8_set {
    /// The number of literals, 1 to `BYTESCAN_CASEI8_LITERALS`.
    size_t literal_count;
    /// The compared characters of each literal, 1 to `BYTESCAN_CASEI8_CHARACTERS`, and their
    /// bytes.
    size_t character_counts[BYTESCAN_CASEI8_LITERALS];
    size_t byte_lengths[BYTESCAN_CASEI8_LITERALS];
    bytescan_casei8_character characters[BYTESCAN_CASEI8_LITERALS][BYTESCAN_CASEI8_CHARACTERS];
    /// The two probes of each literal, both bytes of which a place must pass to be verified.
    bytescan_casei8_probe first[BYTESCAN_CASEI8_LITERALS];
    bytescan_casei8_probe second[BYTESCAN_CASEI8_LITERALS];
    /// The largest offset of a probe plus one, over all literals.
    size_t probe_reach;
    /// True when the first bytes of the characters outside ASCII whose full case folding
    /// holds an ASCII character (`ß`, `ſ`, the Kelvin sign, `ﬁ`...) are places too.
    bool ascii_folding;
    /// True when the first bytes of U+1C80 to U+1C88 (old spellings of в, д, о, с, т, ъ, ѣ and
    /// ꙋ, three bytes where the letters' other variants have two) are places too.
    bool long_variants;
} bytescan_casei8_set;

/// The first place at or after `start` and before `end` in the UTF-8 `base`: the start of an
/// occurrence of one of `set`'s literals that ends by `end` (each compared character spelled
/// as one of its variants), or, with `ascii_folding`, the first byte of a character whose full
/// case folding holds ASCII, or, with `long_variants`, of one of U+1C80 to U+1C88; `end` when
/// there is none.
size_t bytescan_casei8_find(const uint8_t *base, size_t start, size_t end, const bytescan_casei8_set *set);

/// `bytescan_casei8_find` with the portable vectors even where AVX2 runs, for the tests.
size_t bytescan_casei8_find_portable(const uint8_t *base, size_t start, size_t end,
                                     const bytescan_casei8_set *set);

/// True when the UTF-8 at `base[position..<end]` starts with one of the characters outside
/// ASCII whose full case folding holds an ASCII character (those of
/// `bytescan_casei16_is_ascii_folding`).
bool bytescan_casei8_is_ascii_folding(const uint8_t *base, size_t position, size_t end);

/// True when the UTF-8 at `base[position..<end]` starts with one of U+1C80 to U+1C88.
bool bytescan_casei8_is_long_variant(const uint8_t *base, size_t position, size_t end);

#endif
