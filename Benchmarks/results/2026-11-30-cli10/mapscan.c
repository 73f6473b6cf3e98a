// mapscan: the kernel's share of scanning a mapped file as icugrep does, and variants.
//
// Maps a file, runs a 64-byte AVX2 loop (counts bytes equal to 'H') over it in 96 KiB blocks,
// gives back the pages behind the scan every 256 KiB, and unmaps it. The variant (argv[1])
// changes how the file is mapped, brought in and given back; the loop is the same in all, so
// a difference in CPU time is the kernel's.
//
//   base       as icugrep (filemapping.c): zeros reserved, the file mapped over them
//              MAP_PRIVATE, PROT_READ|PROT_WRITE, 1 MiB past a 2 MiB boundary, MADV_SEQUENTIAL
//              and MADV_NOHUGEPAGE; MADV_DONTNEED every 256 KiB behind the scan.
//   popN       base, and MADV_POPULATE_READ of the next N MiB window ahead of the scan,
//              issued when the scan enters a window (the first window before the scan).
//   shared     base with the file mapped MAP_SHARED, PROT_READ.
//   sharedpopN shared and popN.
//   munmap     base, giving back with munmap of the 256 KiB behind instead of MADV_DONTNEED.
//   winN       no whole mapping: each N MiB window mmapped MAP_SHARED|MAP_POPULATE, PROT_READ,
//              scanned and unmapped.
//   aligned    base without the 1 MiB offset (the mapping 2 MiB-aligned).
//   plain      base without the madvise calls (SEQUENTIAL, NOHUGEPAGE).
//   keep       base, never giving back until the unmap at the end (as rg).
//   huge       aligned, MADV_HUGEPAGE instead of MADV_NOHUGEPAGE (2 MiB folios of the page cache
//              may then be mapped by one page-table entry), given back every 2 MiB.
//   hugekeep   huge, never giving back until the unmap at the end.
//   free       base, giving back with MADV_FREE (which the kernel refuses for a file's pages:
//              EINVAL, reported once; the pages then stay until the unmap).
//   twice      keep, and the whole file scanned a second time, its pages all mapped: the
//              second scan's time is the loop's alone.
//   rg         as rg: MAP_SHARED PROT_READ of the file alone, no advice, unmapped at the end.
//
// Build: cc -O2 -mavx2 -o mapscan mapscan.c
// Run:   perf stat -e task-clock ./mapscan VARIANT /tmp/bench/en-256M.txt
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

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif

#define SPAN ((size_t)2 << 20)
#define BLOCK ((size_t)96 << 10)
#define RELEASE ((size_t)256 << 10)

static size_t scan(const unsigned char *p, size_t n) {
    __m256i needle = _mm256_set1_epi8('H');
    size_t count = 0, i = 0;
    for (; i + 64 <= n; i += 64) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(p + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(p + i + 32));
        uint32_t ma = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, needle));
        uint32_t mb = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, needle));
        count += (size_t)__builtin_popcount(ma) + (size_t)__builtin_popcount(mb);
    }
    for (; i < n; i++) count += p[i] == 'H';
    return count;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: mapscan VARIANT FILE\n"); return 2; }
    const char *v = argv[1];
    int fd = open(argv[2], O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) { perror("open"); return 2; }
    size_t size = (size_t)st.st_size, page = (size_t)sysconf(_SC_PAGESIZE);
    size_t total = 0;

    size_t window = 0;
    if (sscanf(v, "win%zu", &window) == 1) {
        window <<= 20;
        for (size_t at = 0; at < size; at += window) {
            size_t n = size - at < window ? size - at : window;
            unsigned char *w = mmap(NULL, n, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, (off_t)at);
            if (w == MAP_FAILED) { perror("mmap"); return 2; }
            total += scan(w, n);
            munmap(w, n);
        }
        printf("%zu\n", total);
        return 0;
    }

    int shared = strncmp(v, "shared", 6) == 0 || strcmp(v, "rg") == 0;
    size_t populate = 0;
    if (sscanf(v, "pop%zu", &populate) != 1) sscanf(v, "sharedpop%zu", &populate);
    populate <<= 20;
    int huge = strncmp(v, "huge", 4) == 0;
    int aligned = strcmp(v, "aligned") == 0 || strcmp(v, "rg") == 0 || huge;
    int advise = strcmp(v, "plain") != 0 && strcmp(v, "rg") != 0;
    int keep = strcmp(v, "keep") == 0 || strcmp(v, "rg") == 0 || strcmp(v, "hugekeep") == 0;
    size_t batch = huge ? SPAN : RELEASE;
    int unmaps = strcmp(v, "munmap") == 0;
    int frees = strcmp(v, "free") == 0;
    if (strcmp(v, "twice") == 0) keep = 1;

    size_t length = (size + page - 1) / page * page + page;
    size_t reserved = length + SPAN + SPAN / 2;
    unsigned char *r = mmap(NULL, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    unsigned char *base = (unsigned char *)((((uintptr_t)r + SPAN - 1) & ~(uintptr_t)(SPAN - 1)) + (aligned ? 0 : SPAN / 2));
    if (base > r) munmap(r, (size_t)(base - r));
    if (r + reserved > base + length) munmap(base + length, (size_t)(r + reserved - (base + length)));
    int prot = shared ? PROT_READ : PROT_READ | PROT_WRITE;
    if (mmap(base, size, prot, (shared ? MAP_SHARED : MAP_PRIVATE) | MAP_FIXED, fd, 0) == MAP_FAILED) { perror("mmap"); return 2; }
    if (advise) {
        madvise(base, size, MADV_SEQUENTIAL);
        madvise(base, size, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
    }
    size_t released = 0, populated = 0;
    for (size_t at = 0; at < size; at += BLOCK) {
        if (!keep) {
            size_t until = at / batch * batch;
            if (until > released) {
                if (unmaps) munmap(base + released, until - released);
                else if (frees) {
                    static int reported;
                    if (madvise(base + released, until - released, MADV_FREE) != 0 && !reported++) perror("MADV_FREE");
                }
                else madvise(base + released, until - released, MADV_DONTNEED);
                released = until;
            }
        }
        if (populate && at + BLOCK > populated && populated < size) {
            // Keep one window populated ahead of the block about to be scanned.
            size_t upto = (at + BLOCK) / populate * populate + 2 * populate;
            if (upto > size) upto = size;
            size_t from = populated / page * page;
            if (madvise(base + from, (upto - from + page - 1) / page * page, MADV_POPULATE_READ) != 0) perror("populate");
            populated = upto;
        }
        size_t n = size - at < BLOCK ? size - at : BLOCK;
        total += scan(base + at, n);
    }
    if (strcmp(v, "twice") == 0) total += scan(base, size);
    munmap(base + released, length - released);
    printf("%zu\n", total);
    return 0;
}
