// bytescan_widen.c: ASCII bytes widened to UTF-16 units, sixteen at a time, with portable
// vectors (clang's and GCC's vector extensions: SSE2 on x86-64, NEON on arm64). See
// include/bytescan.h.

#include "bytescan.h"

#include <string.h>

typedef uint8_t bytescan_bytes16 __attribute__((vector_size(16)));
typedef uint16_t bytescan_units16 __attribute__((vector_size(32)));

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
