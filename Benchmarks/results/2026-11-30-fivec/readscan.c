// readscan: the file read with read(2) into one buffer of CHUNK KiB and scanned there by the same
// 64-byte AVX2 loop as 2026-11-30-cli10/mapscan.c, against mapscan's `rg` and `huge` variants.
// Build: cc -O2 -mavx2 -o readscan readscan.c   Run: perf stat -e task-clock ./readscan CHUNK FILE
#define _GNU_SOURCE
#include <fcntl.h>
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
static size_t scan(const unsigned char *p, size_t n) {
    __m256i needle = _mm256_set1_epi8('H');
    size_t count = 0, i = 0;
    for (; i + 64 <= n; i += 64) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(p + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(p + i + 32));
        count += __builtin_popcount((uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, needle))) + __builtin_popcount((uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, needle)));
    }
    return count;
}
int main(int argc, char **argv) {
    size_t chunk = (size_t)atol(argv[1]) << 10;
    int fd = open(argv[2], O_RDONLY);
    unsigned char *buf = aligned_alloc(4096, chunk);
    size_t total = 0; ssize_t k;
    while ((k = read(fd, buf, chunk)) > 0) total += scan(buf, (size_t)k);
    printf("%zu\n", total);
}
