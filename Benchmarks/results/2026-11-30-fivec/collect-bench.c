// collect-bench: the time of Teddy's candidate-and-NUL scan (bytescan_teddy_collect_avx2) alone,
// on the five names of issue 26's rows, over the first BYTES of a file read into memory (1 MiB:
// the loop's own cost, the bytes in the cache; 0 or absent: the whole file, from memory), in
// 96 KiB blocks as icugrep scans them. Prints the fastest of REPEATS passes, each over the bytes
// PASSES times. Compile it against one version of bytescan_teddy.c:
//
//   cc -O2 -I Sources/CByteScan/include -DTEDDY_SOURCE='"path/to/bytescan_teddy.c"' \
//      -o collect-bench Benchmarks/results/2026-11-30-fivec/collect-bench.c
//   ./collect-bench /tmp/bench/en-256M.txt 1048576 64 60
#define _GNU_SOURCE
#include TEDDY_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    int fd = open(argv[1], O_RDONLY);
    struct stat st;
    fstat(fd, &st);
    size_t n = argc > 2 && atol(argv[2]) > 0 ? (size_t)atol(argv[2]) : (size_t)st.st_size;
    int passes = argc > 3 ? atoi(argv[3]) : 1, repeats = argc > 4 ? atoi(argv[4]) : 10;
    uint8_t *text = malloc(n + 64);
    for (size_t read_bytes = 0; read_bytes < n;) {
        ssize_t k = pread(fd, text + read_bytes, n - read_bytes, (off_t)read_bytes);
        if (k <= 0) return 1;
        read_bytes += (size_t)k;
    }
    const char *names[] = {"Sherlock Holmes", "John Watson", "Irene Adler", "Inspector Lestrade", "Professor Moriarty"};
    uint8_t bytes[128];
    size_t lengths[5], anchors[5] = {0}, offset = 0;
    bool ignores_case[5] = {false};
    for (int i = 0; i < 5; i++) {
        lengths[i] = strlen(names[i]);
        memcpy(bytes + offset, names[i], lengths[i]);
        offset += lengths[i];
    }
    bytescan_teddy *teddy = bytescan_teddy_create(bytes, lengths, anchors, ignores_case, 5);
    size_t *found = malloc(sizeof(size_t) * 4096), block = 96 * 1024, total = 0;
    double best = 1e9;
    for (int repeat = 0; repeat < repeats; repeat++) {
        double started = now_ms();
        total = 0;
        for (int pass = 0; pass < passes; pass++) {
            for (size_t at = 0; at + block <= n; at += block) {
                size_t scanned, nul;
                total += bytescan_teddy_collect_avx2(teddy, text + at, 0, block, found, 4096, &scanned, &nul);
            }
        }
        double elapsed = now_ms() - started;
        best = elapsed < best ? elapsed : best;
    }
    printf("fastest %.2f ms, %zu candidates a pass\n", best, total / (size_t)passes);
    return 0;
}
