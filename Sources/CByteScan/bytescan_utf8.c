// bytescan_utf8.c: the first encoding error in UTF-8 as glibc's decoder sees one, for icugrep's
// GNU grep rule that a line holding one is not printed. See include/bytescan.h.

#include "bytescan.h"

#include <string.h>

typedef uint8_t bytescan_utf8_bytes16 __attribute__((vector_size(16)));
typedef int8_t bytescan_utf8_mask16 __attribute__((vector_size(16)));

/// Checks the sixteen bytes at `bytes`, which start a character, for text of ASCII and
/// two-byte characters only: returns how many bytes hold whole characters without an error
/// (16, or 15 when the last byte starts a character that goes on), 0 when a byte of another
/// kind (the lead byte of a longer character, `C0`, `C1`, `F8`–`FF`) needs the character by
/// character reading, and -1 for an error (a continuation byte without its lead, or a lead
/// without its continuation).
static inline int bytescan_utf8_two_byte_chunk(const uint8_t *bytes) {
    bytescan_utf8_bytes16 chunk;
    memcpy(&chunk, bytes, sizeof chunk);
    bytescan_utf8_mask16 lead = (bytescan_utf8_mask16)((chunk >= 0xC2) & (chunk <= 0xDF));
    bytescan_utf8_mask16 other = (bytescan_utf8_mask16)(chunk >= 0xC0) & ~lead;
    bytescan_utf8_mask16 continuation = (bytescan_utf8_mask16)((chunk & 0xC0) == 0x80);
    uint64_t words[2];
    memcpy(words, &other, sizeof words);
    if ((words[0] | words[1]) != 0) return 0;
    // Each byte after a lead byte must be a continuation byte, and every continuation byte
    // must follow a lead byte: the lead bytes moved one place on are the continuation bytes.
    // The first byte starts a character, so nothing before it is a lead byte.
    bytescan_utf8_mask16 zero = {0};
    bytescan_utf8_mask16 expected = __builtin_shufflevector(
        lead, zero, 16, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14);
    bytescan_utf8_mask16 wrong = expected ^ continuation;
    memcpy(words, &wrong, sizeof words);
    if ((words[0] | words[1]) != 0) return -1;
    // A lead byte in the last place: its continuation is the next chunk's first byte, read
    // again there as the start of a character.
    return lead[15] ? 15 : 16;
}

bool bytescan_has_utf8_error(const uint8_t *bytes, size_t count) {
    size_t index = 0;
    while (index < count) {
        // ASCII and two-byte characters (Latin, Greek, Cyrillic, Hebrew, Arabic…) sixteen
        // bytes at a time.
        while (index + 16 <= count) {
            int checked = bytescan_utf8_two_byte_chunk(bytes + index);
            if (checked < 0) return true;
            if (checked == 0) break;
            index += (size_t)checked;
        }
        // Then character by character: to the end, or until a character that the chunks
        // read (ASCII or two bytes) starts with sixteen bytes left.
        while (index < count) {
            uint8_t lead = bytes[index];
            if (lead < 0x80) {
                index += 1;
                if (index + 16 <= count && bytes[index] < 0xE0) break;
                continue;
            }
            // Two bytes, the common form, first.
            if (lead >= 0xC2 && lead <= 0xDF) {
                if (index + 1 >= count || (bytes[index + 1] & 0xC0) != 0x80) return true;
                index += 2;
                if (index + 16 <= count && bytes[index] < 0xE0) break;
                continue;
            }
            size_t length;
            // The second byte's range: narrower after the lead bytes of overlong forms and of
            // surrogates.
            uint8_t second_low = 0x80, second_high = 0xBF;
            switch (lead) {
            case 0xE0: length = 3; second_low = 0xA0; break;
            case 0xED: length = 3; second_high = 0x9F; break;
            case 0xF0: length = 4; second_low = 0x90; break;
            case 0xF8: length = 5; second_low = 0x88; break;
            case 0xFC: length = 6; second_low = 0x84; break;
            case 0xFD: length = 6; break;
            default:
                if (lead >= 0xE1 && lead <= 0xEF) length = 3;
                else if (lead >= 0xF1 && lead <= 0xF7) length = 4;
                else if (lead >= 0xF9 && lead <= 0xFB) length = 5;
                else return true; // 80-BF, C0, C1, FE, FF: no lead byte.
            }
            if (count - index < length) return true;
            uint8_t second = bytes[index + 1];
            if (second < second_low || second > second_high) return true;
            for (size_t offset = 2; offset < length; offset++) {
                if ((bytes[index + offset] & 0xC0) != 0x80) return true;
            }
            index += length;
            if (index + 16 <= count && bytes[index] < 0xE0) break;
        }
    }
    return false;
}

size_t bytescan_first_non_ascii(const uint8_t *bytes, size_t start, size_t count) {
    size_t index = start;
    // Four vectors ORed together: one test of their high bits for sixty-four bytes.
    while (count - index >= 64 && index < count) {
        bytescan_utf8_bytes16 a, b, c, d;
        memcpy(&a, bytes + index, 16);
        memcpy(&b, bytes + index + 16, 16);
        memcpy(&c, bytes + index + 32, 16);
        memcpy(&d, bytes + index + 48, 16);
        bytescan_utf8_bytes16 any = (a | b) | (c | d);
        uint64_t words[2];
        memcpy(words, &any, sizeof words);
        if (((words[0] | words[1]) & 0x8080808080808080u) != 0) break;
        index += 64;
    }
    while (count - index >= 16 && index < count) {
        uint64_t words[2];
        memcpy(words, bytes + index, sizeof words);
        if (((words[0] | words[1]) & 0x8080808080808080u) != 0) break;
        index += 16;
    }
    if (index < count && count - index < 16 && count - start >= 16) {
        // Fewer than sixteen bytes left, all tested in the last sixteen of the range at once
        // (those before them tested already), rather than one by one: the tail of each line
        // that `FileSearcher` checks before printing it.
        uint64_t words[2];
        memcpy(words, bytes + count - 16, sizeof words);
        if (((words[0] | words[1]) & 0x8080808080808080u) == 0) return count;
    }
    for (; index < count; index++) {
        if (bytes[index] >= 0x80) return index;
    }
    return count;
}
