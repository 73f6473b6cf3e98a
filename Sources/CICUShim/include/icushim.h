// icushim: the C layer between Swift and the system ICU.
//
// Why a shim at all:
// - ICU's C functions are macros that append the library version (`uregex_open` is really
//   `uregex_open_72`), and Swift cannot import function-like macros.
// - Foundation on Linux bundles its own copy of ICU. If Swift sees the system ICU headers in a
//   module that also imports Foundation, the two definitions of types such as `UErrorCode`
//   clash and compilation fails. So this header is opaque: it names no ICU type, and only
//   icushim.c includes <unicode/...>.
//
// Every symbol starts with `icushim_` (or `ICUSHIM_`). Error codes are ICU's `UErrorCode`
// values passed as `int32_t`: zero is success, positive values are failures, negative values
// are warnings. Lengths and offsets are in the units of the text: UTF-16 code units for UTF-16
// text, bytes for UTF-8 text.

#ifndef ICUSHIM_H
#define ICUSHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Regular expressions

/// A compiled ICU regular expression together with its matcher state and a reusable text
/// handle. Not thread-safe: use one per thread, made with `icushim_regex_clone`.
typedef struct icushim_regex icushim_regex;

/// The compile flags, equal to ICU's `URegexpFlag` values (checked at compile time in icushim.c).
enum {
    ICUSHIM_FLAG_UNIX_LINES = 1,               // UREGEX_UNIX_LINES
    ICUSHIM_FLAG_CASE_INSENSITIVE = 2,         // UREGEX_CASE_INSENSITIVE
    ICUSHIM_FLAG_COMMENTS = 4,                 // UREGEX_COMMENTS
    ICUSHIM_FLAG_MULTILINE = 8,                // UREGEX_MULTILINE
    ICUSHIM_FLAG_LITERAL = 16,                 // UREGEX_LITERAL
    ICUSHIM_FLAG_DOTALL = 32,                  // UREGEX_DOTALL
    ICUSHIM_FLAG_UWORD = 256,                  // UREGEX_UWORD
    ICUSHIM_FLAG_ERROR_ON_UNKNOWN_ESCAPES = 512 // UREGEX_ERROR_ON_UNKNOWN_ESCAPES
};

/// Compiles `pattern` (UTF-16, `length` units, which may be 0) with `flags`.
/// Returns NULL on failure and sets `*error_code`; for syntax errors `*error_line` (1-based,
/// or 0 when ICU does not say) and `*error_offset` (UTF-16 units into that line, or -1) tell
/// where. An empty pattern compiles to one that matches the empty string (ICU itself rejects a
/// zero-length pattern, so the shim compiles `(?:)` in its place).
icushim_regex *icushim_regex_open(const uint16_t *pattern, int32_t length, uint32_t flags,
                                  int32_t *error_code, int32_t *error_line,
                                  int32_t *error_offset);

/// Makes an independent matcher for the same compiled pattern (ICU shares the pattern itself).
/// Cloning one source from several threads at once is safe. Returns NULL on failure.
icushim_regex *icushim_regex_clone(const icushim_regex *source, int32_t *error_code);

/// Frees a matcher made by `icushim_regex_open` or `icushim_regex_clone`. NULL is ignored.
void icushim_regex_close(icushim_regex *regex);

/// Sets the limits for every later search: `time_limit` in ICU's match-engine steps (0 means
/// none) and `stack_limit` in bytes of backtracking stack (0 means none). A search of a text of
/// n units may take `time_limit + n / 1024` steps, so that large texts are not cut short.
/// Returns an error code.
int32_t icushim_regex_set_limits(icushim_regex *regex, int32_t time_limit, int32_t stack_limit);

/// Sets a wall-clock limit for every later search (each find, find-next or whole match on its
/// own): `nanoseconds` on the monotonic clock, 0 for none. ICU's match callback, which ICU
/// calls every 10,000 saves of backtracking state whatever the text's length, checks it, so a
/// runaway search stops within about the limit (plus one callback interval) even on a text of
/// hundreds of megabytes; a search stopped so fails with U_REGEX_TIME_OUT, like ICU's own step
/// limit. The clock is read only by searches long enough to call back. Returns an error code.
int32_t icushim_regex_set_wall_time_limit(icushim_regex *regex, int64_t nanoseconds);

/// Counts ICU's work on every later search into `*counter` (NULL: none), shared by the
/// matchers of one pattern, from any thread: ICU's match callback, which ICU calls every
/// 10,000 saves of backtracking state whatever the text's length, adds one to it. A search
/// that saves fewer states (most searches) adds nothing and costs nothing more; one on which
/// ICU backtracks heavily over a short text (`.*.*=.*` on 10,000 units: half a second, some
/// 5,000 calls) shows its work there at once. `*counter` must outlive every search. Read it
/// with `icushim_work_count`. Returns an error code.
int32_t icushim_regex_set_work_counter(icushim_regex *regex, int64_t *counter);

/// The value of a counter given to `icushim_regex_set_work_counter`, read atomically.
static inline int64_t icushim_work_count(const int64_t *counter) {
    return __atomic_load_n(counter, __ATOMIC_RELAXED);
}

/// Searches `text` (UTF-16, `length` units, any length including more than INT32_MAX) for the
/// first match that starts at or after `from`. Returns true and sets `*match_start` and
/// `*match_end` when there is one. On failure (a time-out, a stack overflow, a bad offset)
/// returns false and sets `*error_code`; otherwise `*error_code` is 0. `text` may be NULL when
/// `length` is 0.
///
/// Text before `from` is still visible to look-behind and `\b`; `^` matches only at offset 0
/// (or after a line end in multiline mode). ICU keeps a pointer to `text` until the next search
/// or icushim_regex_close, but reads it only during this call. Setting the text and finding are
/// one call, so one search costs one call across the language boundary.
bool icushim_regex_find_in_utf16(icushim_regex *regex, const uint16_t *text, int64_t length,
                                 int64_t from, int64_t *match_start, int64_t *match_end,
                                 int32_t *error_code);

/// The same for `text` in UTF-8 (`length` bytes; ill-formed sequences read as U+FFFD), with
/// byte offsets. ICU's UTF-8 text takes at most INT32_MAX bytes: a longer text gives
/// U_ILLEGAL_ARGUMENT_ERROR (1).
bool icushim_regex_find_in_utf8(icushim_regex *regex, const char *text, int64_t length,
                                int64_t from, int64_t *match_start, int64_t *match_end,
                                int32_t *error_code);

// MARK: - Walking every match

// A walk sets a text once and then asks for each match in turn, as ICU's `findNext` loop
// does (after an empty match the next search starts one code point further on), reading the
// capture groups of each. These calls serve the library's all-matches sequences and its
// NSRegularExpression drop-in, which must see exactly what ICU's own loop sees.

/// The number of capture groups in the pattern (not counting the whole match).
int32_t icushim_regex_group_count(icushim_regex *regex);

/// The number of the capture group named `name` (UTF-16, `length` units), or -1 when the
/// pattern has no group of that name.
int32_t icushim_regex_group_number(icushim_regex *regex, const uint16_t *name, int32_t length);

/// Makes `text` (UTF-16, `length` units, any length) the text of the following
/// `icushim_regex_find_next` calls, searching all of it with ICU's default opaque, anchoring
/// bounds, and forgets any previous match. Returns an error code. `text` must stay valid until
/// the walk ends (the next text, or close).
int32_t icushim_regex_begin_utf16(icushim_regex *regex, const uint16_t *text, int64_t length);

/// The same for `text` in UTF-8 (at most INT32_MAX bytes), with byte offsets.
int32_t icushim_regex_begin_utf8(icushim_regex *regex, const char *text, int64_t length);

/// Limits the walk begun last to the region [`start`, `limit`) of its text, as
/// `NSRegularExpression` does for a range of a string: with `transparent_bounds`,
/// look-around and `\b` see the text outside the region; without `anchoring_bounds`, `^` and
/// `$` match only at the text's own ends (and at line ends with multiline). Returns an error
/// code.
int32_t icushim_regex_set_region(icushim_regex *regex, int64_t start, int64_t limit,
                                 bool transparent_bounds, bool anchoring_bounds);

/// Finds the next match of the walk (`uregex_findNext`). Returns true and sets `*match_start`
/// and `*match_end`; otherwise returns false with `*error_code` set to 0 (no more matches) or
/// to the failure (a limit, or U_REGEX_STOPPED_BY_CALLER from a progress callback).
bool icushim_regex_find_next(icushim_regex *regex, int64_t *match_start, int64_t *match_end,
                             int32_t *error_code);

/// Finds the first match that starts at or after `from` in the walk's text (`uregex_find64`,
/// which starts afresh: `\G` then matches only at the text's start).
bool icushim_regex_find_from(icushim_regex *regex, int64_t from, int64_t *match_start,
                             int64_t *match_end, int32_t *error_code);

/// Whether the whole of the walk's text (or its region) matches (`uregex_matches64`), with the
/// bounds in `*match_start` and `*match_end`.
bool icushim_regex_match_whole(icushim_regex *regex, int64_t *match_start, int64_t *match_end,
                               int32_t *error_code);

/// Whether a match of the walk's pattern starts at `from` (`uregex_lookingAt64`, which resets
/// the region to the whole text, so that look-behind, `^` and `\b` see the text before `from`),
/// with the bounds in `*match_start` and `*match_end`.
bool icushim_regex_looking_at_from(icushim_regex *regex, int64_t from, int64_t *match_start,
                                   int64_t *match_end, int32_t *error_code);

/// Writes the start and end of capture groups 0 through `count - 1` of the last match into
/// `bounds` (2 × `count` values); -1 for a group that did not take part.
void icushim_regex_group_bounds(icushim_regex *regex, int32_t count, int64_t *bounds);

/// Whether the last search reached the end of the text (`uregex_hitEnd`) and whether more text
/// could have made its match fail (`uregex_requireEnd`), as bits 1 and 2.
int32_t icushim_regex_end_flags(icushim_regex *regex);

/// Called with ICU's progress: `index` is the next start position of a find (a find-progress
/// call) or -1 (a match-progress call, every few thousand steps of matching). Returning false
/// stops the search with U_REGEX_STOPPED_BY_CALLER.
typedef bool (*icushim_progress_callback)(void *context, int64_t index);

/// Installs `callback` for the find progress (when `find_progress`) and the match progress
/// (when `match_progress`) of the walk; NULL removes both. Returns an error code.
int32_t icushim_regex_set_progress_callback(icushim_regex *regex,
                                            icushim_progress_callback callback, void *context,
                                            bool find_progress, bool match_progress);

/// ICU's symbolic name for an error code, such as "U_REGEX_MISMATCHED_PAREN".
const char *icushim_error_name(int32_t error_code);

/// Writes the version of the ICU library in use (such as "72.1"), NUL-terminated, into
/// `buffer` of `capacity` bytes (20 always suffice). For icugrep's `--version` output, through
/// ICURegex.
void icushim_icu_version(char *buffer, int32_t capacity);

/// The major version of the ICU whose headers the shim was compiled with, which is the one it
/// opens (such as 72); known without opening ICU. Tables generated from one ICU are used only
/// with that version.
int32_t icushim_compiled_major_version(void);

// MARK: - Character conversion

/// A converter from one ICU charset to UTF-8, with its pivot buffer. Not thread-safe.
typedef struct icushim_converter icushim_converter;

/// Opens a converter from the charset `name` (any ICU converter name or alias) to UTF-8.
/// Returns NULL and sets `*error_code` when the name is unknown.
icushim_converter *icushim_converter_open(const char *name, int32_t *error_code);

/// Frees a converter. NULL is ignored.
void icushim_converter_close(icushim_converter *converter);

/// Converts from `*source` up to `source_limit` into `*target` up to `target_limit`, advancing
/// both pointers. `flush` is true for the last piece of input. Returns an error code; 15
/// (U_BUFFER_OVERFLOW_ERROR) means the target filled up: empty it and call again with the rest.
/// Ill-formed input becomes U+FFFD.
int32_t icushim_converter_to_utf8(icushim_converter *converter, const char **source,
                                  const char *source_limit, char **target, char *target_limit,
                                  bool flush);

/// Detects a Unicode byte-order mark at the start of `bytes`. Returns the charset name (such
/// as "UTF-16LE") and sets `*signature_length`, or returns NULL when there is none.
const char *icushim_detect_unicode_signature(const char *bytes, int32_t length,
                                             int32_t *signature_length);

// MARK: - Case folding

/// Writes the full default case folding of `code_point` (as `u_strFoldCase` with
/// U_FOLD_CASE_DEFAULT computes it; one or more code points, such as "ss" for U+00DF) into
/// `out` of `capacity` code points, and returns how many it has (more than `capacity` means
/// it was cut short; 3 always suffice). Surrogate code points fold to themselves. Exists so
/// that the tests can check the committed table of case-fold variants, which the line search's
/// case-insensitive prefilter relies on, against the ICU actually in use.
int32_t icushim_fold_case(uint32_t code_point, uint32_t *out, int32_t capacity);

/// The simple default case folding of `code_point` (`u_foldCase` with U_FOLD_CASE_DEFAULT),
/// which ICU's regular expressions use for a lone pattern character. Exists so that the line
/// search's automaton can tell, with `-i`, which characters a pattern's literal accepts, and
/// for the same tests as `icushim_fold_case`.
uint32_t icushim_simple_fold_case(uint32_t code_point);

#ifdef __cplusplus
}
#endif

// MARK: - Collation

/// The characters that ICU's collator for `locale` (an ICU locale ID such as "en_US") weighs
/// as `code_point` at the first level, with punctuation and symbols ignorable as in glibc's
/// locales: written to `ranges` as pairs of first and last code points, in order (U+000A and
/// surrogates left out). Returns the number of values (twice the ranges), which may exceed
/// `capacity` (then call again with more room), or -1 when ICU has no collator for it or
/// `code_point` is not a scalar. Looks at every assigned code point: tens of milliseconds.
int32_t icushim_primary_equivalents(const char *locale, uint32_t code_point, uint32_t *ranges, int32_t capacity);

#endif // ICUSHIM_H
