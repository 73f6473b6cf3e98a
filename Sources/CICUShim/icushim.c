// icushim.c: the only file that includes ICU's headers. See include/icushim.h for why.

#include "icushim.h"

#include <unicode/uchar.h>
#include <unicode/ucnv.h>
#include <unicode/ucol.h>
#include <unicode/uregex.h>
#include <unicode/ustring.h>
#include <unicode/utext.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <dlfcn.h>
#include <unistd.h>
#include <pthread.h>
#include <stdio.h>
#include <unicode/uvernum.h>

// MARK: - Loading ICU

// ICU is opened at the first call that needs it (dlopen), not linked: loading and relocating
// libicuuc and libicui18n costs more at start-up than a whole search of a small file, and
// many searches (a literal, --help, --version) never call ICU. Every ICU function the shim
// calls is in this list, and called through ICU(name); its pointer is looked up by ICU's
// versioned name (uregex_open_72: the headers rename each function to it), in the libraries
// of the version whose headers were compiled with.
#define ICUSHIM_ICU_FUNCTIONS(X) \
    X(u_errorName) \
    X(u_foldCase) \
    X(u_charType) \
    X(u_getVersion) \
    X(u_hasBinaryProperty) \
    X(u_strFoldCase) \
    X(u_versionToString) \
    X(ucnv_close) \
    X(ucnv_convertEx) \
    X(ucnv_detectUnicodeSignature) \
    X(ucnv_open) \
    X(ucol_close) \
    X(ucol_open) \
    X(ucol_setAttribute) \
    X(ucol_setMaxVariable) \
    X(ucol_strcoll) \
    X(uregex_clone) \
    X(uregex_close) \
    X(uregex_end64) \
    X(uregex_find64) \
    X(uregex_findNext) \
    X(uregex_groupCount) \
    X(uregex_groupNumberFromName) \
    X(uregex_lookingAt64) \
    X(uregex_hitEnd) \
    X(uregex_matches64) \
    X(uregex_open) \
    X(uregex_requireEnd) \
    X(uregex_setFindProgressCallback) \
    X(uregex_setMatchCallback) \
    X(uregex_setRegion64) \
    X(uregex_setStackLimit) \
    X(uregex_setText) \
    X(uregex_setTimeLimit) \
    X(uregex_setUText) \
    X(uregex_start64) \
    X(uregex_useAnchoringBounds) \
    X(uregex_useTransparentBounds) \
    X(utext_close) \
    X(utext_openUTF8) \
    X(utext_setup)

#define ICUSHIM_POINTER(function) static __typeof__(&function) icushim_icu_##function;
ICUSHIM_ICU_FUNCTIONS(ICUSHIM_POINTER)

#define ICUSHIM_STRING(text) #text
// The name of `function` as the library exports it: the argument is expanded first, so
// `uregex_open` becomes "uregex_open_72".
#define ICUSHIM_SYMBOL(function) ICUSHIM_STRING(function)
// The library `name` of the ICU version the shim was compiled against, by its soname.
#define ICUSHIM_LIBRARY(name) "lib" name ".so." U_ICU_VERSION_SHORT

static pthread_once_t icushim_icu_once = PTHREAD_ONCE_INIT;

// Opens ICU's libraries (libicuuc first, then libicui18n, which needs it) and looks up every
// function; exits as the dynamic loader does (status 127) when one cannot be found.
static void icushim_open_icu(void) {
    void *common = dlopen(ICUSHIM_LIBRARY("icuuc"), RTLD_NOW | RTLD_LOCAL);
    void *i18n = common ? dlopen(ICUSHIM_LIBRARY("icui18n"), RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!i18n) {
        fprintf(stderr, "error while loading ICU: %s\n", dlerror());
        _exit(127);
    }
#define ICUSHIM_RESOLVE(function)                                                                 \
    icushim_icu_##function = (__typeof__(&function))dlsym(i18n, ICUSHIM_SYMBOL(function));      \
    if (!icushim_icu_##function) {                                                               \
        fprintf(stderr, "error while loading ICU: no %s in %s\n", ICUSHIM_SYMBOL(function),     \
                ICUSHIM_LIBRARY("icui18n"));                                                     \
        _exit(127);                                                                              \
    }
    ICUSHIM_ICU_FUNCTIONS(ICUSHIM_RESOLVE)
#undef ICUSHIM_RESOLVE
}

// The ICU function `function`, ICU opened first if it is not yet.
#define ICU(function) (pthread_once(&icushim_icu_once, icushim_open_icu), icushim_icu_##function)

_Static_assert(ICUSHIM_FLAG_UNIX_LINES == UREGEX_UNIX_LINES, "flag mismatch");
_Static_assert(ICUSHIM_FLAG_CASE_INSENSITIVE == UREGEX_CASE_INSENSITIVE, "flag mismatch");
_Static_assert(ICUSHIM_FLAG_COMMENTS == UREGEX_COMMENTS, "flag mismatch");
_Static_assert(ICUSHIM_FLAG_MULTILINE == UREGEX_MULTILINE, "flag mismatch");
_Static_assert(ICUSHIM_FLAG_LITERAL == UREGEX_LITERAL, "flag mismatch");
_Static_assert(ICUSHIM_FLAG_DOTALL == UREGEX_DOTALL, "flag mismatch");
_Static_assert(ICUSHIM_FLAG_UWORD == UREGEX_UWORD, "flag mismatch");
_Static_assert(ICUSHIM_FLAG_ERROR_ON_UNKNOWN_ESCAPES == UREGEX_ERROR_ON_UNKNOWN_ESCAPES,
               "flag mismatch");

// MARK: - Regular expressions

// ICU's two progress callbacks, turned into the shim's one.
typedef struct {
    icushim_progress_callback callback;
    void *context;
} icushim_progress;

struct icushim_regex {
    URegularExpression *regex;
    // The progress callback of the walk, which ICU's callbacks call.
    icushim_progress progress;
    // The text handle for texts that uregex_setText cannot take (longer than INT32_MAX UTF-16
    // units, or UTF-8). Kept here so that setting a text allocates nothing after the first time.
    UText text;
    bool text_is_open;
    // A valid pointer for empty texts: ICU rejects a NULL text even when its length is 0.
    uint16_t empty_text;
    // The time limit for a search of an empty text, in ICU's steps (0: none). Each text gets
    // this plus one step per 1,024 units, so that the limit stops runaway backtracking without
    // cutting short a legitimate search of a very large text.
    int32_t base_time_limit;
    // The time limit last given to ICU, so that texts of similar size do not set it again.
    int64_t applied_time_limit;
    // The wall-clock limit of one search, in nanoseconds (0: none), enforced by ICU's match
    // callback, which ICU calls every TIMER_INITIAL_VALUE (10,000) backtracking-state saves,
    // however long the text.
    int64_t wall_time_limit;
    // When the search under way must stop, on CLOCK_MONOTONIC in nanoseconds; 0 until the
    // search's first match callback sets it, so that a search that never calls back (most
    // searches) costs no clock reading.
    int64_t deadline;
    // The search under way was stopped by the wall-clock limit (ICU then reports
    // U_REGEX_STOPPED_BY_CALLER, which the shim turns into U_REGEX_TIME_OUT).
    bool wall_time_exceeded;
    // Whether the walk's progress callback wants match-progress calls too.
    bool match_progress;
    // The count of ICU's match callbacks (each one 10,000 backtracking-state saves) that the
    // pattern's matchers share (see icushim_regex_set_work_counter), or NULL.
    int64_t *work_counter;
};

enum { ICUSHIM_UNITS_PER_EXTRA_STEP = 1024 };

// Sets ICU's time limit for a text of `length` units from the matcher's base limit.
static void icushim_apply_time_limit(icushim_regex *regex, int64_t length, UErrorCode *status) {
    if (regex->base_time_limit == 0) {
        return;
    }
    int64_t limit = regex->base_time_limit + length / ICUSHIM_UNITS_PER_EXTRA_STEP;
    if (limit > INT32_MAX) {
        limit = INT32_MAX;
    }
    if (limit != regex->applied_time_limit) {
        ICU(uregex_setTimeLimit)(regex->regex, (int32_t)limit, status);
        regex->applied_time_limit = limit;
    }
}

// The current time on the monotonic clock, in nanoseconds.
static int64_t icushim_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

// Starts the wall-clock limit of one search (a find, a findNext or a whole match).
static inline void icushim_search_begins(icushim_regex *regex) {
    regex->deadline = 0;
    regex->wall_time_exceeded = false;
}

// The status of a search just ended: a stop by the wall-clock limit is a time-out.
static inline UErrorCode icushim_search_status(const icushim_regex *regex, UErrorCode status) {
    if (status == U_REGEX_STOPPED_BY_CALLER && regex->wall_time_exceeded) {
        return U_REGEX_TIME_OUT;
    }
    return status;
}

// MARK: - Long UTF-16 texts

// ICU's own UTF-16 text provider (utext_openUChars), like uregex_setText, takes at most
// INT32_MAX units. For longer texts the shim has a provider of its own: native indexes are
// UTF-16 offsets, and each chunk is a window straight into the caller's buffer, so nothing is
// copied. A chunk never splits a surrogate pair (it grows by the one unit that would), so
// neighbouring chunks may share a unit.

enum { ICUSHIM_LONG_TEXT_CHUNK = 1 << 16 };

// Makes the chunk the window that holds the unit at `index` (0 <= index < length).
static void icushim_long_text_set_chunk(UText *ut, int64_t index) {
    const UChar *text = (const UChar *)ut->context;
    int64_t length = ut->a;
    int64_t start = index - index % ICUSHIM_LONG_TEXT_CHUNK;
    int64_t limit = start + ICUSHIM_LONG_TEXT_CHUNK < length ? start + ICUSHIM_LONG_TEXT_CHUNK : length;
    if (start > 0 && U16_IS_TRAIL(text[start]) && U16_IS_LEAD(text[start - 1])) {
        start -= 1;
    }
    if (limit < length && U16_IS_LEAD(text[limit - 1]) && U16_IS_TRAIL(text[limit])) {
        limit += 1;
    }
    ut->chunkContents = text + start;
    ut->chunkNativeStart = start;
    ut->chunkNativeLimit = limit;
    ut->chunkLength = (int32_t)(limit - start);
    ut->nativeIndexingLimit = ut->chunkLength;
}

// UTextAccess: a chunk with text at `index` (forward) or before it (backward); false, with the
// position pinned to the nearest end, when there is no such text.
static UBool U_CALLCONV icushim_long_text_access(UText *ut, int64_t index, UBool forward) {
    int64_t length = ut->a;
    index = index < 0 ? 0 : index > length ? length : index;
    UBool found = true;
    if (forward && (index < ut->chunkNativeStart || index >= ut->chunkNativeLimit)) {
        found = index < length;
        if (length > 0) {
            icushim_long_text_set_chunk(ut, found ? index : length - 1);
        }
    } else if (!forward && (index <= ut->chunkNativeStart || index > ut->chunkNativeLimit)) {
        found = index > 0;
        if (length > 0) {
            icushim_long_text_set_chunk(ut, found ? index - 1 : 0);
        }
    }
    ut->chunkOffset = (int32_t)(index - ut->chunkNativeStart);
    return found;
}

static int64_t U_CALLCONV icushim_long_text_length(UText *ut) {
    return ut->a;
}

static UText *U_CALLCONV icushim_long_text_clone(UText *dest, const UText *src, UBool deep,
                                                 UErrorCode *status) {
    if (U_FAILURE(*status)) {
        return dest;
    }
    if (deep) {
        // The text belongs to the caller; a deep clone would have to copy gigabytes.
        *status = U_UNSUPPORTED_ERROR;
        return dest;
    }
    dest = ICU(utext_setup)(dest, 0, status);
    if (U_FAILURE(*status)) {
        return dest;
    }
    // As ICU's shallow clones do: copy the struct, but keep how `dest` was allocated.
    int32_t flags = dest->flags;
    int32_t size = src->sizeOfStruct < dest->sizeOfStruct ? src->sizeOfStruct : dest->sizeOfStruct;
    memcpy(dest, src, (size_t)size);
    dest->flags = flags;
    dest->pExtra = NULL;
    dest->extraSize = 0;
    return dest;
}

static int32_t U_CALLCONV icushim_long_text_extract(UText *ut, int64_t start, int64_t limit,
                                                    UChar *dest, int32_t capacity,
                                                    UErrorCode *status) {
    if (U_FAILURE(*status)) {
        return 0;
    }
    if (capacity < 0 || (dest == NULL && capacity > 0) || start > limit) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    int64_t length = ut->a;
    start = start < 0 ? 0 : start > length ? length : start;
    limit = limit < start ? start : limit > length ? length : limit;
    if (limit - start > INT32_MAX) {
        *status = U_INDEX_OUTOFBOUNDS_ERROR;
        return 0;
    }
    int32_t count = (int32_t)(limit - start);
    memcpy(dest, (const UChar *)ut->context + start,
           (size_t)(count < capacity ? count : capacity) * sizeof(UChar));
    icushim_long_text_access(ut, limit, true);
    // NUL-terminate when there is room, and report as ICU's extract functions do.
    if (count < capacity) {
        dest[count] = 0;
    } else if (count == capacity) {
        *status = U_STRING_NOT_TERMINATED_WARNING;
    } else {
        *status = U_BUFFER_OVERFLOW_ERROR;
    }
    return count;
}

static int64_t U_CALLCONV icushim_long_text_offset_to_native(const UText *ut) {
    return ut->chunkNativeStart + ut->chunkOffset;
}

static int32_t U_CALLCONV icushim_long_text_native_to_utf16(const UText *ut, int64_t index) {
    return (int32_t)(index - ut->chunkNativeStart);
}

static const UTextFuncs icushim_long_text_funcs = {
    sizeof(UTextFuncs),
    0, 0, 0,
    icushim_long_text_clone,
    icushim_long_text_length,
    icushim_long_text_access,
    icushim_long_text_extract,
    NULL, // replace: the text is read-only
    NULL, // copy
    icushim_long_text_offset_to_native,
    icushim_long_text_native_to_utf16,
    NULL, // close: the text belongs to the caller
    NULL, NULL, NULL,
};

// Opens `ut` on `length` UTF-16 units at `text`, for any length.
static void icushim_long_text_open(UText *ut, const UChar *text, int64_t length,
                                   UErrorCode *status) {
    ICU(utext_setup)(ut, 0, status);
    if (U_FAILURE(*status)) {
        return;
    }
    ut->pFuncs = &icushim_long_text_funcs;
    ut->providerProperties = 1 << UTEXT_PROVIDER_STABLE_CHUNKS;
    ut->context = text;
    ut->a = length;
    ut->chunkContents = text;
    ut->chunkNativeStart = 0;
    ut->chunkNativeLimit = 0;
    ut->chunkLength = 0;
    ut->chunkOffset = 0;
    ut->nativeIndexingLimit = 0;
    icushim_long_text_access(ut, 0, true);
}

static icushim_regex *icushim_wrap(URegularExpression *regex) {
    icushim_regex *wrapper = calloc(1, sizeof *wrapper);
    if (wrapper == NULL) {
        ICU(uregex_close)(regex);
        return NULL;
    }
    wrapper->regex = regex;
    UText initial = UTEXT_INITIALIZER;
    wrapper->text = initial;
    return wrapper;
}

icushim_regex *icushim_regex_open(const uint16_t *pattern, int32_t length, uint32_t flags,
                                  int32_t *error_code, int32_t *error_line,
                                  int32_t *error_offset) {
    static const UChar empty_group[] = {'(', '?', ':', ')'};
    if (length == 0) {
        pattern = empty_group;
        length = 4;
        flags &= ~(uint32_t)UREGEX_LITERAL;
    }
    UParseError parse_error;
    memset(&parse_error, 0, sizeof parse_error);
    parse_error.offset = -1;
    UErrorCode status = U_ZERO_ERROR;
    URegularExpression *regex = ICU(uregex_open)(pattern, length, flags, &parse_error, &status);
    *error_code = (int32_t)status;
    *error_line = parse_error.line;
    *error_offset = parse_error.offset;
    if (U_FAILURE(status)) {
        return NULL;
    }
    icushim_regex *wrapper = icushim_wrap(regex);
    if (wrapper == NULL) {
        *error_code = U_MEMORY_ALLOCATION_ERROR;
    }
    return wrapper;
}

icushim_regex *icushim_regex_clone(const icushim_regex *source, int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    URegularExpression *regex = ICU(uregex_clone)(source->regex, &status);
    *error_code = (int32_t)status;
    if (U_FAILURE(status)) {
        return NULL;
    }
    icushim_regex *wrapper = icushim_wrap(regex);
    if (wrapper == NULL) {
        *error_code = U_MEMORY_ALLOCATION_ERROR;
    }
    return wrapper;
}

void icushim_regex_close(icushim_regex *regex) {
    if (regex == NULL) {
        return;
    }
    ICU(uregex_close)(regex->regex);
    if (regex->text_is_open) {
        ICU(utext_close)(&regex->text);
    }
    free(regex);
}

int32_t icushim_regex_set_limits(icushim_regex *regex, int32_t time_limit, int32_t stack_limit) {
    UErrorCode status = U_ZERO_ERROR;
    if (time_limit < 0) {
        return U_ILLEGAL_ARGUMENT_ERROR;
    }
    regex->base_time_limit = time_limit;
    regex->applied_time_limit = time_limit;
    ICU(uregex_setTimeLimit)(regex->regex, time_limit, &status);
    ICU(uregex_setStackLimit)(regex->regex, stack_limit, &status);
    return (int32_t)status;
}

// Makes `text` the text of the next find (see icushim_regex_find_in_utf16).
static int32_t icushim_regex_set_text_utf16(icushim_regex *regex, const uint16_t *text,
                                            int64_t length) {
    UErrorCode status = U_ZERO_ERROR;
    if (length < 0) {
        return U_ILLEGAL_ARGUMENT_ERROR;
    }
    if (text == NULL) {
        if (length != 0) {
            return U_ILLEGAL_ARGUMENT_ERROR;
        }
        text = &regex->empty_text;
    }
    icushim_apply_time_limit(regex, length, &status);
    if (length <= INT32_MAX) {
        // The fast path: ICU matches a UTF-16 text held in one chunk without the UText
        // indirection.
        ICU(uregex_setText)(regex->regex, text, (int32_t)length, &status);
        return (int32_t)status;
    }
    icushim_long_text_open(&regex->text, text, length, &status);
    if (U_FAILURE(status)) {
        return (int32_t)status;
    }
    regex->text_is_open = true;
    ICU(uregex_setUText)(regex->regex, &regex->text, &status);
    return (int32_t)status;
}

// Makes `text` the text of the next find (see icushim_regex_find_in_utf8).
static int32_t icushim_regex_set_text_utf8(icushim_regex *regex, const char *text, int64_t length) {
    UErrorCode status = U_ZERO_ERROR;
    if (length < 0 || (text == NULL && length != 0)) {
        return U_ILLEGAL_ARGUMENT_ERROR;
    }
    if (text == NULL) {
        text = (const char *)&regex->empty_text;
    }
    icushim_apply_time_limit(regex, length, &status);
    ICU(utext_openUTF8)(&regex->text, text, length, &status);
    if (U_FAILURE(status)) {
        return (int32_t)status;
    }
    regex->text_is_open = true;
    ICU(uregex_setUText)(regex->regex, &regex->text, &status);
    return (int32_t)status;
}

// Finds the first match at or after `from` in the text set last.
static bool icushim_regex_find(icushim_regex *regex, int64_t from, int64_t *match_start,
                               int64_t *match_end, int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    icushim_search_begins(regex);
    UBool found = ICU(uregex_find64)(regex->regex, from, &status);
    status = icushim_search_status(regex, status);
    if (U_FAILURE(status) || !found) {
        *error_code = U_FAILURE(status) ? (int32_t)status : 0;
        return false;
    }
    *match_start = ICU(uregex_start64)(regex->regex, 0, &status);
    *match_end = ICU(uregex_end64)(regex->regex, 0, &status);
    *error_code = U_FAILURE(status) ? (int32_t)status : 0;
    return U_SUCCESS(status);
}

bool icushim_regex_find_in_utf16(icushim_regex *regex, const uint16_t *text, int64_t length,
                                 int64_t from, int64_t *match_start, int64_t *match_end,
                                 int32_t *error_code) {
    int32_t status = icushim_regex_set_text_utf16(regex, text, length);
    if (status > 0) {
        *error_code = status;
        return false;
    }
    return icushim_regex_find(regex, from, match_start, match_end, error_code);
}

bool icushim_regex_find_in_utf8(icushim_regex *regex, const char *text, int64_t length,
                                int64_t from, int64_t *match_start, int64_t *match_end,
                                int32_t *error_code) {
    int32_t status = icushim_regex_set_text_utf8(regex, text, length);
    if (status > 0) {
        *error_code = status;
        return false;
    }
    return icushim_regex_find(regex, from, match_start, match_end, error_code);
}

// MARK: - Walking every match

int32_t icushim_regex_group_count(icushim_regex *regex) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t count = ICU(uregex_groupCount)(regex->regex, &status);
    return U_SUCCESS(status) ? count : 0;
}

int32_t icushim_regex_group_number(icushim_regex *regex, const uint16_t *name, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    static const UChar empty = 0;
    int32_t number = ICU(uregex_groupNumberFromName)(regex->regex, name ? name : &empty, length, &status);
    return U_SUCCESS(status) ? number : -1;
}

// Restores the bounds a region may have changed: setting a text resets the region but not them.
static void icushim_regex_reset_bounds(icushim_regex *regex) {
    UErrorCode status = U_ZERO_ERROR;
    ICU(uregex_useTransparentBounds)(regex->regex, false, &status);
    ICU(uregex_useAnchoringBounds)(regex->regex, true, &status);
}

int32_t icushim_regex_begin_utf16(icushim_regex *regex, const uint16_t *text, int64_t length) {
    icushim_regex_reset_bounds(regex);
    return icushim_regex_set_text_utf16(regex, text, length);
}

int32_t icushim_regex_begin_utf8(icushim_regex *regex, const char *text, int64_t length) {
    if (length > INT32_MAX) {
        return U_ILLEGAL_ARGUMENT_ERROR;
    }
    icushim_regex_reset_bounds(regex);
    return icushim_regex_set_text_utf8(regex, text, length);
}

int32_t icushim_regex_set_region(icushim_regex *regex, int64_t start, int64_t limit,
                                 bool transparent_bounds, bool anchoring_bounds) {
    UErrorCode status = U_ZERO_ERROR;
    ICU(uregex_setRegion64)(regex->regex, start, limit, &status);
    ICU(uregex_useTransparentBounds)(regex->regex, transparent_bounds, &status);
    ICU(uregex_useAnchoringBounds)(regex->regex, anchoring_bounds, &status);
    return (int32_t)status;
}

bool icushim_regex_find_next(icushim_regex *regex, int64_t *match_start, int64_t *match_end,
                             int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    icushim_search_begins(regex);
    UBool found = ICU(uregex_findNext)(regex->regex, &status);
    status = icushim_search_status(regex, status);
    if (U_FAILURE(status) || !found) {
        *error_code = U_FAILURE(status) ? (int32_t)status : 0;
        return false;
    }
    *match_start = ICU(uregex_start64)(regex->regex, 0, &status);
    *match_end = ICU(uregex_end64)(regex->regex, 0, &status);
    *error_code = U_FAILURE(status) ? (int32_t)status : 0;
    return U_SUCCESS(status);
}

bool icushim_regex_find_from(icushim_regex *regex, int64_t from, int64_t *match_start,
                             int64_t *match_end, int32_t *error_code) {
    return icushim_regex_find(regex, from, match_start, match_end, error_code);
}

bool icushim_regex_match_whole(icushim_regex *regex, int64_t *match_start, int64_t *match_end,
                               int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    icushim_search_begins(regex);
    UBool found = ICU(uregex_matches64)(regex->regex, -1, &status);
    status = icushim_search_status(regex, status);
    if (U_FAILURE(status) || !found) {
        *error_code = U_FAILURE(status) ? (int32_t)status : 0;
        return false;
    }
    *match_start = ICU(uregex_start64)(regex->regex, 0, &status);
    *match_end = ICU(uregex_end64)(regex->regex, 0, &status);
    *error_code = U_FAILURE(status) ? (int32_t)status : 0;
    return U_SUCCESS(status);
}

bool icushim_regex_looking_at_from(icushim_regex *regex, int64_t from, int64_t *match_start,
                                   int64_t *match_end, int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    icushim_search_begins(regex);
    UBool found = ICU(uregex_lookingAt64)(regex->regex, from, &status);
    status = icushim_search_status(regex, status);
    if (U_FAILURE(status) || !found) {
        *error_code = U_FAILURE(status) ? (int32_t)status : 0;
        return false;
    }
    *match_start = ICU(uregex_start64)(regex->regex, 0, &status);
    *match_end = ICU(uregex_end64)(regex->regex, 0, &status);
    *error_code = U_FAILURE(status) ? (int32_t)status : 0;
    return U_SUCCESS(status);
}

void icushim_regex_group_bounds(icushim_regex *regex, int32_t count, int64_t *bounds) {
    // ICU is loaded once for all the groups (a pattern may have dozens, read at every match),
    // and a group that did not take part costs no call for its end.
    __typeof__(&uregex_start64) start64 = ICU(uregex_start64);
    __typeof__(&uregex_end64) end64 = icushim_icu_uregex_end64;
    for (int32_t group = 0; group < count; group++) {
        UErrorCode status = U_ZERO_ERROR;
        int64_t start = start64(regex->regex, group, &status);
        int64_t end = start < 0 ? -1 : end64(regex->regex, group, &status);
        if (U_FAILURE(status) || start < 0 || end < start) {
            start = -1;
            end = -1;
        }
        bounds[2 * group] = start;
        bounds[2 * group + 1] = end;
    }
}

int32_t icushim_regex_end_flags(icushim_regex *regex) {
    UErrorCode status = U_ZERO_ERROR;
    UBool hit_end = ICU(uregex_hitEnd)(regex->regex, &status);
    UBool require_end = ICU(uregex_requireEnd)(regex->regex, &status);
    if (U_FAILURE(status)) {
        return 0;
    }
    return (hit_end ? 1 : 0) | (require_end ? 2 : 0);
}

static UBool U_CALLCONV icushim_find_progress(const void *context, int64_t index) {
    const icushim_progress *progress = context;
    return progress->callback(progress->context, index);
}

// ICU's match callback, installed while there is a work counter, a wall-clock limit or a walk
// wants match progress: counts ICU's work, checks the search's deadline (set at its first
// call), then asks the walk's progress callback.
static UBool U_CALLCONV icushim_match_callback(const void *context, int32_t steps) {
    (void)steps;
    icushim_regex *regex = (icushim_regex *)context;
    if (regex->work_counter != NULL) {
        __atomic_fetch_add(regex->work_counter, 1, __ATOMIC_RELAXED);
    }
    if (regex->wall_time_limit > 0) {
        int64_t now = icushim_now();
        if (regex->deadline == 0) {
            // Saturated: a limit of years must not wrap around to the past.
            regex->deadline = regex->wall_time_limit > INT64_MAX - now ? INT64_MAX : now + regex->wall_time_limit;
        } else if (now >= regex->deadline) {
            regex->wall_time_exceeded = true;
            return false;
        }
    }
    if (regex->match_progress && regex->progress.callback != NULL) {
        return regex->progress.callback(regex->progress.context, -1);
    }
    return true;
}

// Installs or removes ICU's match callback as the work counter, the wall-clock limit and the
// walk's progress callback need.
static void icushim_update_match_callback(icushim_regex *regex, UErrorCode *status) {
    bool needed = regex->work_counter != NULL || regex->wall_time_limit > 0
        || (regex->match_progress && regex->progress.callback != NULL);
    ICU(uregex_setMatchCallback)(regex->regex, needed ? icushim_match_callback : NULL, needed ? regex : NULL,
                            status);
}

int32_t icushim_regex_set_progress_callback(icushim_regex *regex,
                                            icushim_progress_callback callback, void *context,
                                            bool find_progress, bool match_progress) {
    UErrorCode status = U_ZERO_ERROR;
    icushim_progress *progress = &regex->progress;
    progress->callback = callback;
    progress->context = context;
    bool installs = callback != NULL;
    ICU(uregex_setFindProgressCallback)(regex->regex, installs && find_progress ? icushim_find_progress : NULL,
                                   installs && find_progress ? progress : NULL, &status);
    regex->match_progress = installs && match_progress;
    icushim_update_match_callback(regex, &status);
    return (int32_t)status;
}

int32_t icushim_regex_set_wall_time_limit(icushim_regex *regex, int64_t nanoseconds) {
    UErrorCode status = U_ZERO_ERROR;
    if (nanoseconds < 0) {
        return U_ILLEGAL_ARGUMENT_ERROR;
    }
    regex->wall_time_limit = nanoseconds;
    icushim_update_match_callback(regex, &status);
    return (int32_t)status;
}

int32_t icushim_regex_set_work_counter(icushim_regex *regex, int64_t *counter) {
    UErrorCode status = U_ZERO_ERROR;
    regex->work_counter = counter;
    icushim_update_match_callback(regex, &status);
    return (int32_t)status;
}

const char *icushim_error_name(int32_t error_code) {
    return ICU(u_errorName)((UErrorCode)error_code);
}

int32_t icushim_compiled_major_version(void) {
    return U_ICU_VERSION_MAJOR_NUM;
}

void icushim_icu_version(char *buffer, int32_t capacity) {
    UVersionInfo version;
    char text[U_MAX_VERSION_STRING_LENGTH];
    ICU(u_getVersion)(version);
    ICU(u_versionToString)(version, text);
    if (capacity > 0) {
        strncpy(buffer, text, (size_t)capacity - 1);
        buffer[capacity - 1] = '\0';
    }
}

// MARK: - Character conversion

enum { ICUSHIM_PIVOT_CAPACITY = 1024 };

struct icushim_converter {
    UConverter *source;
    UConverter *utf8;
    UChar pivot[ICUSHIM_PIVOT_CAPACITY];
    UChar *pivot_source;
    UChar *pivot_target;
};

icushim_converter *icushim_converter_open(const char *name, int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter *source = ICU(ucnv_open)(name, &status);
    if (U_FAILURE(status)) {
        *error_code = (int32_t)status;
        return NULL;
    }
    UConverter *utf8 = ICU(ucnv_open)("UTF-8", &status);
    if (U_FAILURE(status)) {
        ICU(ucnv_close)(source);
        *error_code = (int32_t)status;
        return NULL;
    }
    icushim_converter *converter = calloc(1, sizeof *converter);
    if (converter == NULL) {
        ICU(ucnv_close)(source);
        ICU(ucnv_close)(utf8);
        *error_code = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    converter->source = source;
    converter->utf8 = utf8;
    converter->pivot_source = converter->pivot;
    converter->pivot_target = converter->pivot;
    *error_code = 0;
    return converter;
}

void icushim_converter_close(icushim_converter *converter) {
    if (converter == NULL) {
        return;
    }
    ICU(ucnv_close)(converter->source);
    ICU(ucnv_close)(converter->utf8);
    free(converter);
}

int32_t icushim_converter_to_utf8(icushim_converter *converter, const char **source,
                                  const char *source_limit, char **target, char *target_limit,
                                  bool flush) {
    UErrorCode status = U_ZERO_ERROR;
    ICU(ucnv_convertEx)(converter->utf8, converter->source, target, target_limit, source,
                   source_limit, converter->pivot, &converter->pivot_source,
                   &converter->pivot_target, converter->pivot + ICUSHIM_PIVOT_CAPACITY,
                   false, flush, &status);
    return (int32_t)status;
}

const char *icushim_detect_unicode_signature(const char *bytes, int32_t length,
                                             int32_t *signature_length) {
    UErrorCode status = U_ZERO_ERROR;
    const char *name = ICU(ucnv_detectUnicodeSignature)(bytes, length, signature_length, &status);
    if (U_FAILURE(status)) {
        return NULL;
    }
    return name;
}

// MARK: - Case folding

int32_t icushim_fold_case(uint32_t code_point, uint32_t *out, int32_t capacity) {
    if (code_point > 0x10FFFF) {
        return 0;
    }
    if (U_IS_SURROGATE(code_point)) {
        // A lone surrogate is not a string ICU folds; it stands for itself.
        if (capacity > 0) {
            out[0] = code_point;
        }
        return 1;
    }
    UChar source[2];
    int32_t source_length = 0;
    U16_APPEND_UNSAFE(source, source_length, (UChar32)code_point);
    UChar folded[16];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = ICU(u_strFoldCase)(folded, 16, source, source_length, U_FOLD_CASE_DEFAULT, &status);
    if (U_FAILURE(status)) {
        return 0;
    }
    int32_t count = 0;
    for (int32_t index = 0; index < length;) {
        UChar32 scalar;
        U16_NEXT(folded, index, length, scalar);
        if (count < capacity) {
            out[count] = (uint32_t)scalar;
        }
        count += 1;
    }
    return count;
}

uint32_t icushim_simple_fold_case(uint32_t code_point) {
    return (uint32_t)ICU(u_foldCase)((UChar32)code_point, U_FOLD_CASE_DEFAULT);
}

// MARK: - Collation

int32_t icushim_primary_equivalents(const char *locale, uint32_t code_point, uint32_t *ranges, int32_t capacity) {
    if (code_point > 0x10FFFF || U_IS_SURROGATE(code_point)) {
        return -1;
    }
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ICU(ucol_open)(locale, &status);
    if (U_FAILURE(status) || !collator) {
        return -1;
    }
    // glibc's locales weigh punctuation and symbols as nothing at the first level; ICU's
    // shifted handling of variable characters up to the symbols does so.
    ICU(ucol_setAttribute)(collator, UCOL_STRENGTH, UCOL_PRIMARY, &status);
    ICU(ucol_setAttribute)(collator, UCOL_ALTERNATE_HANDLING, UCOL_SHIFTED, &status);
    ICU(ucol_setMaxVariable)(collator, UCOL_REORDER_CODE_SYMBOL, &status);
    if (U_FAILURE(status)) {
        ICU(ucol_close)(collator);
        return -1;
    }
    UChar source[2];
    int32_t source_length = 0;
    U16_APPEND_UNSAFE(source, source_length, (UChar32)code_point);
    // Unified ideographs and unassigned code points are weighed by their code point alone: none
    // equals another character, so only an ideograph's own kind is compared with it.
    UBool ideograph = ICU(u_hasBinaryProperty)((UChar32)code_point, UCHAR_UNIFIED_IDEOGRAPH);
    int32_t count = 0;
    int64_t open = -1;
    for (UChar32 candidate = 0; candidate <= 0x110000; candidate++) {
        UBool equal = 0;
        if (candidate <= 0x10FFFF && !U_IS_SURROGATE(candidate) && candidate != '\n') {
            if (candidate == (UChar32)code_point) {
                equal = 1;
            } else if (ICU(u_charType)(candidate) != U_UNASSIGNED
                       && ICU(u_hasBinaryProperty)(candidate, UCHAR_UNIFIED_IDEOGRAPH) == ideograph) {
                UChar text[2];
                int32_t length = 0;
                U16_APPEND_UNSAFE(text, length, candidate);
                equal = ICU(ucol_strcoll)(collator, source, source_length, text, length) == UCOL_EQUAL;
            }
        }
        if (equal && open < 0) {
            open = candidate;
        } else if (!equal && open >= 0) {
            if (count + 2 <= capacity) {
                ranges[count] = (uint32_t)open;
                ranges[count + 1] = (uint32_t)(candidate - 1);
            }
            count += 2;
            open = -1;
        }
    }
    ICU(ucol_close)(collator);
    return count;
}
