// bytescan_utf8.c: the first encoding error in UTF-8 as glibc's decoder sees one, for icugrep's
// GNU grep rule that a line holding one is not printed. See include/bytescan.h.

#include "bytescan.h"

#include <string.h>

/// True when the eight bytes at `bytes` are all ASCII.
static inline bool bytescan_ascii8(const uint8_t *bytes) {
    uint64_t word;
    memcpy(&word, bytes, sizeof word);
    return (word & UINT64_C(0x8080808080808080)) == 0;
}

bool bytescan_has_utf8_error(const uint8_t *bytes, size_t count) {
    size_t index = 0;
    while (index < count) {
        // ASCII sixteen bytes at a time, then eight.
        while (index + 16 <= count && bytescan_ascii8(bytes + index) && bytescan_ascii8(bytes + index + 8)) {
            index += 16;
        }
        if (index + 8 <= count && bytescan_ascii8(bytes + index)) {
            index += 8;
        }
        // Then character by character, until an ASCII byte starts another stretch.
        while (index < count) {
            uint8_t lead = bytes[index];
            if (lead < 0x80) {
                index += 1;
                if (index + 8 <= count && bytescan_ascii8(bytes + index)) break;
                continue;
            }
            // The common forms first: two bytes (Latin, Greek, Cyrillic, Hebrew, Arabic…) and
            // three bytes outside the overlong and surrogate ranges (most of the BMP).
            if (lead >= 0xC2 && lead <= 0xDF) {
                if (index + 1 >= count || (bytes[index + 1] & 0xC0) != 0x80) return true;
                index += 2;
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
        }
    }
    return false;
}
