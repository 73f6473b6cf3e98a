// Truncation under PMD-mapped folios: maps a file cached in 2 MiB folios (filemapping.c), reads
// its first 40 MiB, truncates it to 33 MiB + 100 bytes (inside a 2 MiB folio), and reads on:
// the mapping must be damaged, with no crash. Usage: truncate-pmd FILE (a 64 MiB copy).
#define _GNU_SOURCE
#include "filemapping.h"
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
    int fd = open(argv[1], O_RDWR);
    size_t size = (size_t)lseek(fd, 0, SEEK_END);
    filemapping_mapping m = filemapping_map(fd, size);
    printf("base %% 2 MiB = %zu\n", (size_t)((uintptr_t)m.base % (2 << 20)));
    size_t nul;
    printf("first 40 MiB read, intact: %d\n", filemapping_touch(&m, m.base, 40 << 20, &nul));
    FILE *f = fopen("/proc/self/smaps_rollup", "r"); char line[256];
    while (fgets(line, sizeof line, f)) if (strstr(line, "FilePmdMapped") || strstr(line, "Rss:")) fputs(line, stdout);
    fclose(f);
    if (ftruncate(fd, (33 << 20) + 100) != 0) perror("ftruncate");
    printf("after truncating to 33 MiB + 100 bytes, the first 33 MiB read, intact: %d\n", filemapping_touch(&m, m.base, 33 << 20, NULL));
    printf("a byte 4 KiB past the new end read, intact: %d\n", filemapping_touch(&m, m.base + (33 << 20) + 4096, 1, NULL));
    printf("the byte at 35 MiB: %d (0: zeros), intact: %d\n", m.base[35 << 20], filemapping_touch(&m, m.base, 0, NULL));
    filemapping_unmap(&m);
    return 0;
}
