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

// One text's part of a rebar model: 0 count, 1 count-spans, 2 and 4 count-captures.
static int64_t rebar_text(URegularExpression *regex, const uint16_t *text, int32_t length, int32_t model,
                          int32_t groups, UErrorCode *status) {
    uregex_setText(regex, text, length, status);
    int64_t count = 0;
    while (U_SUCCESS(*status) && uregex_findNext(regex, status)) {
        if (model == 0) {
            count += 1;
        } else if (model == 1) {
            count += uregex_end(regex, 0, status) - uregex_start(regex, 0, status);
        } else {
            for (int32_t group = 0; group <= groups; group++) {
                if (uregex_start(regex, group, status) >= 0) count += 1;
            }
        }
    }
    return count;
}

int64_t rawicu_rebar_model(rawicu_regex *regex, const uint16_t *text, int32_t length, int32_t model,
                           int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t groups = uregex_groupCount(icu(regex), &status);
    int64_t count = 0;
    if (model < 3) {
        count = rebar_text(icu(regex), text, length, model, groups, &status);
    } else {
        int32_t start = 0;
        while (start < length && U_SUCCESS(status)) {
            int32_t end = start;
            while (end < length && text[end] != '\n') end++;
            int32_t next = end < length ? end + 1 : end;
            if (end > start && text[end - 1] == '\r') end--;
            if (model == 3) {
                uregex_setText(icu(regex), text + start, end - start, &status);
                if (uregex_find(icu(regex), 0, &status)) count += 1;
            } else {
                count += rebar_text(icu(regex), text + start, end - start, 2, groups, &status);
            }
            start = next;
        }
    }
    *error_code = U_FAILURE(status) ? (int32_t)status : 0;
    return U_FAILURE(status) ? -1 : count;
}
