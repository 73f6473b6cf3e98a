// bytescan_widen.c: ASCII bytes widened to UTF-16 units, sixteen at a time, with portable
// vectors (clang's and GCC's vector extensions: SSE2 on x86-64, NEON on arm64). See
// include/bytescan.h.

#include "bytescan.h"

#include <string.h>

typedef uint8_t bytescan_bytes16 __attribute__((vector_size(16)));
typedef uint16_t bytescan_units16 __attribute__((vector_size(32)));
typedef uint8_t bytescan_bytes8 __attribute__((vector_size(8)));
typedef uint16_t bytescan_units8 __attribute__((vector_size(16)));

size_t bytescan_widen_ascii(const uint8_t *source, size_t count, uint16_t *target) {
    size_t done = 0;
    while (done + 16 <= count) {
        bytescan_bytes16 bytes;
        memcpy(&bytes, source + done, sizeof bytes);
        uint64_t words[2];
        memcpy(words, &bytes, sizeof words);
        if (((words[0] | words[1]) & UINT64_C(0x8080808080808080)) != 0) {
            break;
        }
        bytescan_units16 units = __builtin_convertvector(bytes, bytescan_units16);
        memcpy(target + done, &units, sizeof units);
        done += 16;
    }
    return done;
}

/// The sixteen bytes at `source` widened to the sixteen units at `target`.
static inline void widen16(const uint8_t *source, uint16_t *target) {
    bytescan_bytes16 bytes;
    memcpy(&bytes, source, sizeof bytes);
    bytescan_units16 units = __builtin_convertvector(bytes, bytescan_units16);
    memcpy(target, &units, sizeof units);
}

/// The eight bytes at `source` widened to the eight units at `target`.
static inline void widen8(const uint8_t *source, uint16_t *target) {
    bytescan_bytes8 bytes;
    memcpy(&bytes, source, sizeof bytes);
    bytescan_units8 units = __builtin_convertvector(bytes, bytescan_units8);
    memcpy(target, &units, sizeof units);
}

void bytescan_widen_all_ascii(const uint8_t *source, size_t count, uint16_t *target) {
    if (count >= 16) {
        size_t done = 0;
        for (; done + 16 <= count; done += 16) {
            widen16(source + done, target + done);
        }
        if (done < count) {
            widen16(source + count - 16, target + count - 16);
        }
    } else if (count >= 8) {
        widen8(source, target);
        widen8(source + count - 8, target + count - 8);
    } else {
        for (size_t index = 0; index < count; index++) {
            target[index] = source[index];
        }
    }
}
