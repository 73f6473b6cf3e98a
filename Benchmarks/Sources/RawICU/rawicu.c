#include "rawicu.h"

#include <unicode/uregex.h>

// The opaque handle is ICU's own pointer: no allocation or indirection of ours.
static URegularExpression *icu(rawicu_regex *regex) { return (URegularExpression *)regex; }

rawicu_regex *rawicu_open(const uint16_t *pattern, int32_t length, uint32_t flags,
                          int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    UParseError parse_error;
    URegularExpression *regex = uregex_open(pattern, length, flags, &parse_error, &status);
    *error_code = (int32_t)status;
    return U_SUCCESS(status) ? (rawicu_regex *)regex : NULL;
}

void rawicu_close(rawicu_regex *regex) { uregex_close(icu(regex)); }

bool rawicu_first_match(rawicu_regex *regex, const uint16_t *text, int32_t length,
                        int32_t *match_start, int32_t *match_end, int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    uregex_setText(icu(regex), text, length, &status);
    UBool found = uregex_find(icu(regex), 0, &status);
    if (found && U_SUCCESS(status)) {
        *match_start = uregex_start(icu(regex), 0, &status);
        *match_end = uregex_end(icu(regex), 0, &status);
    }
    *error_code = U_FAILURE(status) ? (int32_t)status : 0;
    return found && U_SUCCESS(status);
}

int64_t rawicu_count_matches(rawicu_regex *regex, const uint16_t *text, int32_t length, int32_t group,
                             int64_t *checksum, int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    uregex_setText(icu(regex), text, length, &status);
    int64_t count = 0;
    int64_t sum = 0;
    while (U_SUCCESS(status) && uregex_findNext(icu(regex), &status)) {
        count += 1;
        sum += uregex_start(icu(regex), 0, &status);
        sum += uregex_end(icu(regex), 0, &status);
        if (group != 0) {
            sum += uregex_start(icu(regex), group, &status);
            sum += uregex_end(icu(regex), group, &status);
        }
    }
    *checksum += sum;
    *error_code = U_FAILURE(status) ? (int32_t)status : 0;
    return U_FAILURE(status) ? -1 : count;
}

int32_t rawicu_replace_all(rawicu_regex *regex, const uint16_t *text, int32_t length,
                           const uint16_t *replacement, int32_t replacement_length, uint16_t *destination,
                           int32_t capacity, int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    uregex_setText(icu(regex), text, length, &status);
    int32_t written = uregex_replaceAll(icu(regex), replacement, replacement_length, destination, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
        *error_code = 0;
        return written;
    }
    *error_code = U_FAILURE(status) ? (int32_t)status : 0;
    return U_FAILURE(status) ? -1 : written;
}
