// bytescan_lines.c: the backward search for a line's start. See include/bytescan.h for why
// this is C.

#define _GNU_SOURCE
#include "bytescan.h"

#include <stddef.h>
#include <string.h>

ptrdiff_t bytescan_last_of(const uint8_t *bytes, size_t start, size_t end, uint8_t byte) {
    if (end <= start) {
        return -1;
    }
    const uint8_t *found = memrchr(bytes + start, byte, end - start);
    return found == NULL ? -1 : found - bytes;
}
