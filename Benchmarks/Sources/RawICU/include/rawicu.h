// rawicu: ICU's regular expressions called from C with nothing in between, the floor that
// ICURegex's Swift layer is measured against.
//
// The header names no ICU type (the handle is opaque), for the same reason as the library's
// own shim: Swift must not see the system ICU's headers next to the ICU that Foundation
// bundles. Texts are UTF-16 and shorter than 2^31 units, which is all uregex_setText takes.

#ifndef RAWICU_H
#define RAWICU_H

#include <stdbool.h>
#include <stdint.h>

/// A compiled ICU regular expression with its matcher state (a `URegularExpression`).
typedef struct rawicu_regex rawicu_regex;

/// Compiles `pattern` (UTF-16) with ICU's `URegexpFlag` bits in `flags` (2 is
/// UREGEX_CASE_INSENSITIVE). Returns NULL and sets `*error_code` when ICU rejects it.
rawicu_regex *rawicu_open(const uint16_t *pattern, int32_t length, uint32_t flags,
                          int32_t *error_code);

/// Frees a regular expression made by `rawicu_open`.
void rawicu_close(rawicu_regex *regex);

/// The whole of one first-match search: uregex_setText, uregex_find from 0, uregex_start and
/// uregex_end. Returns true and sets the match's UTF-16 offsets when there is one; returns
/// false when there is none or ICU fails (`*error_code` tells which; 0 means no match).
bool rawicu_first_match(rawicu_regex *regex, const uint16_t *text, int32_t length,
                        int32_t *match_start, int32_t *match_end, int32_t *error_code);

/// Every match of `text`, as ICU's own loop finds them: uregex_setText, then uregex_findNext
/// until it finds nothing, reading uregex_start and uregex_end of group 0 and, when `group` is
/// not 0, of that group too, for each match. Returns the number of matches and adds every
/// bound read to `*checksum` (so that no read can be left out); -1 when ICU fails
/// (`*error_code` tells why).
int64_t rawicu_count_matches(rawicu_regex *regex, const uint16_t *text, int32_t length, int32_t group,
                             int64_t *checksum, int32_t *error_code);

/// ICU's own replacement of every match: uregex_setText, then uregex_replaceAll with the
/// template `replacement` (ICU's syntax: `$0` is the whole match) into `destination`, which
/// holds `capacity` units. Returns the length of the result (more than `capacity` when it did
/// not fit), or -1 when ICU fails otherwise (`*error_code` tells why).
int32_t rawicu_replace_all(rawicu_regex *regex, const uint16_t *text, int32_t length,
                           const uint16_t *replacement, int32_t replacement_length, uint16_t *destination,
                           int32_t capacity, int32_t *error_code);

/// The measured part of one of rebar's benchmark models (its `MODELS.md`), as rebar's own ICU
/// runner computes it: `model` 0 is `count` (the number of matches), 1 `count-spans` (the sum of
/// the matches' lengths in UTF-16 units), 2 `count-captures` (the number of groups, the whole
/// match included, that took part in each match), 3 `grep` (the number of lines with a match)
/// and 4 `grep-captures` (`count-captures` summed over the lines). The line models search each
/// line of `text` alone (uregex_setText on it), without its `\n` and a `\r` before that.
/// Returns the count, or -1 when ICU fails (`*error_code` tells why).
int64_t rawicu_rebar_model(rawicu_regex *regex, const uint16_t *text, int32_t length, int32_t model,
                           int32_t *error_code);

#endif // RAWICU_H
