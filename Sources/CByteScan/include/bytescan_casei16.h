// bytescan_casei16.h: the scan of UTF-16 text for the places where a case-insensitive match of
// a few literals may be. C for the same reason as the byte scan (see bytescan.h): the loop
// must be compiled for AVX2 and chosen at run time, which Swift cannot do.

#ifndef BYTESCAN_CASEI16_H
#define BYTESCAN_CASEI16_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// The most literals a set holds.
#define BYTESCAN_CASEI16_LITERALS 8
/// The most positions of a literal that are compared; a longer literal is looked for by its
/// first positions, which accepts every place where it occurs and more.
#define BYTESCAN_CASEI16_POSITIONS 32
/// The most units a position accepts.
#define BYTESCAN_CASEI16_VARIANTS 4

/// One side of a literal's probe: a text unit passes when, ORed with `fold[i]`, it equals
/// `value[i]` for one of the first `count` entries.
typedef struct bytescan_casei16_probe {
    size_t offset;
    size_t count;
    uint16_t value[BYTESCAN_CASEI16_VARIANTS];
    uint16_t fold[BYTESCAN_CASEI16_VARIANTS];
} bytescan_casei16_probe;

/// Literals whose every position accepts a few UTF-16 units (the case variants of its
/// character), for `bytescan_casei16_find`. Filled by Swift (`UTF16CaseInsensitiveScanner`).
typedef struct bytescan_casei16_set {
    /// The number of literals, 1 to `BYTESCAN_CASEI16_LITERALS`.
    size_t literal_count;
    /// The positions of each literal that are compared, 1 to `BYTESCAN_CASEI16_POSITIONS`.
    size_t lengths[BYTESCAN_CASEI16_LITERALS];
    /// The units each position of each literal accepts, the last repeated to fill the row.
    uint16_t variants[BYTESCAN_CASEI16_LITERALS][BYTESCAN_CASEI16_POSITIONS][BYTESCAN_CASEI16_VARIANTS];
    /// The two probes of each literal, both units of which a place must pass to be verified.
    bytescan_casei16_probe first[BYTESCAN_CASEI16_LITERALS];
    bytescan_casei16_probe second[BYTESCAN_CASEI16_LITERALS];
    /// The largest offset of a probe plus one, over all literals.
    size_t probe_reach;
    /// True when the positions of the characters outside ASCII whose full case folding holds
    /// an ASCII character (`ß`, `ſ`, the Kelvin sign, `ﬁ`...) are places too.
    bool ascii_folding;
} bytescan_casei16_set;

/// The first place at or after `start` and before `end` in `base`: the start of an occurrence
/// of one of `set`'s literals that ends by `end` (each position holding one of the units it
/// accepts), or, with `ascii_folding`, the position of a character whose full case folding
/// holds ASCII; `end` when there is none.
size_t bytescan_casei16_find(const uint16_t *base, size_t start, size_t end,
                             const bytescan_casei16_set *set);

/// `bytescan_casei16_find` with the portable vectors even where AVX2 runs, for the tests.
size_t bytescan_casei16_find_portable(const uint16_t *base, size_t start, size_t end,
                                      const bytescan_casei16_set *set);

/// True when `unit` is one of the characters outside ASCII whose full case folding holds an
/// ASCII character (all are in the Basic Multilingual Plane).
bool bytescan_casei16_is_ascii_folding(uint16_t unit);

#endif
