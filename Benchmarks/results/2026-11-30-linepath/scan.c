#define _GNU_SOURCE
#include <fcntl.h>
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#define BLOCK ((size_t)96 << 10)
static size_t O1 = 0, O2 = 3; static uint8_t V1 = 'H', V2 = 'm';
static size_t hits_total, nul_total;
static size_t found[4096];
__attribute__((noinline)) static size_t v0(const uint8_t *b, size_t start, size_t end, size_t *nulp) {
  __m256i a1 = _mm256_set1_epi8(V1), a2 = _mm256_set1_epi8(V2), z = _mm256_setzero_si256();
  size_t n = 0, nul = SIZE_MAX;
  for (size_t p = start; p + 64 <= end; p += 64) {
    const uint8_t *w = b + p;
    __builtin_prefetch(w + 1024);
    __m256i l = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O1)), a1), _mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O2)), a2));
    __m256i h = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O1+32)), a1), _mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O2+32)), a2));
    __m256i lanes = _mm256_or_si256(l, h);
    if (nul == SIZE_MAX) {
      __m256i m = _mm256_min_epu8(_mm256_loadu_si256((void*)w), _mm256_loadu_si256((void*)(w+32)));
      lanes = _mm256_or_si256(lanes, _mm256_cmpeq_epi8(m, z));
    }
    if (_mm256_testz_si256(lanes, lanes)) continue;
    uint64_t bits = (uint32_t)_mm256_movemask_epi8(l) | (uint64_t)(uint32_t)_mm256_movemask_epi8(h) << 32;
    for (; bits; bits &= bits - 1) found[n++ & 4095] = p + __builtin_ctzll(bits);
    if (nul == SIZE_MAX) { uint64_t zb = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_loadu_si256((void*)w), z)) | (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+32)), z)) << 32; if (zb) nul = p + __builtin_ctzll(zb); }
  }
  *nulp = nul; return n;
}
// NUL from the offset1 loads
__attribute__((noinline)) static size_t v1(const uint8_t *b, size_t start, size_t end, size_t *nulp) {
  __m256i a1 = _mm256_set1_epi8(V1), a2 = _mm256_set1_epi8(V2), z = _mm256_setzero_si256();
  size_t n = 0, nul = SIZE_MAX;
  for (size_t p = start; p + 64 <= end; p += 64) {
    const uint8_t *w = b + p;
    __builtin_prefetch(w + 1024);
    __m256i x0 = _mm256_loadu_si256((void*)(w+O1)), x1 = _mm256_loadu_si256((void*)(w+O1+32));
    __m256i l = _mm256_and_si256(_mm256_cmpeq_epi8(x0, a1), _mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O2)), a2));
    __m256i h = _mm256_and_si256(_mm256_cmpeq_epi8(x1, a1), _mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O2+32)), a2));
    __m256i lanes = _mm256_or_si256(l, h);
    if (nul == SIZE_MAX) lanes = _mm256_or_si256(lanes, _mm256_cmpeq_epi8(_mm256_min_epu8(x0, x1), z));
    if (_mm256_testz_si256(lanes, lanes)) continue;
    uint64_t bits = (uint32_t)_mm256_movemask_epi8(l) | (uint64_t)(uint32_t)_mm256_movemask_epi8(h) << 32;
    for (; bits; bits &= bits - 1) found[n++ & 4095] = p + __builtin_ctzll(bits);
    if (nul == SIZE_MAX) { uint64_t zb = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x0, z)) | (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x1, z)) << 32; if (zb) nul = p + O1 + __builtin_ctzll(zb); }
  }
  *nulp = nul; return n;
}
// 128 bytes a step, NUL from offset1 loads, one test
__attribute__((noinline)) static size_t v2(const uint8_t *b, size_t start, size_t end, size_t *nulp) {
  __m256i a1 = _mm256_set1_epi8(V1), a2 = _mm256_set1_epi8(V2), z = _mm256_setzero_si256();
  size_t n = 0, nul = SIZE_MAX;
  for (size_t p = start; p + 128 <= end; p += 128) {
    const uint8_t *w = b + p;
    __builtin_prefetch(w + 1024);
    __builtin_prefetch(w + 1024 + 64);
    __m256i x0 = _mm256_loadu_si256((void*)(w+O1)), x1 = _mm256_loadu_si256((void*)(w+O1+32));
    __m256i x2 = _mm256_loadu_si256((void*)(w+O1+64)), x3 = _mm256_loadu_si256((void*)(w+O1+96));
    __m256i c0 = _mm256_and_si256(_mm256_cmpeq_epi8(x0, a1), _mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O2)), a2));
    __m256i c1 = _mm256_and_si256(_mm256_cmpeq_epi8(x1, a1), _mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O2+32)), a2));
    __m256i c2 = _mm256_and_si256(_mm256_cmpeq_epi8(x2, a1), _mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O2+64)), a2));
    __m256i c3 = _mm256_and_si256(_mm256_cmpeq_epi8(x3, a1), _mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O2+96)), a2));
    __m256i lanes = _mm256_or_si256(_mm256_or_si256(c0, c1), _mm256_or_si256(c2, c3));
    if (nul == SIZE_MAX) lanes = _mm256_or_si256(lanes, _mm256_cmpeq_epi8(_mm256_min_epu8(_mm256_min_epu8(x0, x1), _mm256_min_epu8(x2, x3)), z));
    if (_mm256_testz_si256(lanes, lanes)) continue;
    uint64_t bits = (uint32_t)_mm256_movemask_epi8(c0) | (uint64_t)(uint32_t)_mm256_movemask_epi8(c1) << 32;
    for (; bits; bits &= bits - 1) found[n++ & 4095] = p + __builtin_ctzll(bits);
    bits = (uint32_t)_mm256_movemask_epi8(c2) | (uint64_t)(uint32_t)_mm256_movemask_epi8(c3) << 32;
    for (; bits; bits &= bits - 1) found[n++ & 4095] = p + 64 + __builtin_ctzll(bits);
  }
  *nulp = nul; return n;
}
// rg-like: 32 bytes, no NUL, no prefetch
__attribute__((noinline)) static size_t vrg(const uint8_t *b, size_t start, size_t end, size_t *nulp) {
  __m256i a1 = _mm256_set1_epi8(V1), a2 = _mm256_set1_epi8(V2);
  size_t n = 0;
  for (size_t p = start; p + 32 <= end; p += 32) {
    const uint8_t *w = b + p;
    uint32_t m = _mm256_movemask_epi8(_mm256_and_si256(_mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O1)), a1), _mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O2)), a2)));
    for (; m; m &= m - 1) found[n++ & 4095] = p + __builtin_ctz(m);
  }
  *nulp = SIZE_MAX; return n;
}
// v0 without prefetch
__attribute__((noinline)) static size_t v0np(const uint8_t *b, size_t start, size_t end, size_t *nulp) {
  __m256i a1 = _mm256_set1_epi8(V1), a2 = _mm256_set1_epi8(V2), z = _mm256_setzero_si256();
  size_t n = 0, nul = SIZE_MAX;
  for (size_t p = start; p + 64 <= end; p += 64) {
    const uint8_t *w = b + p;
    __m256i l = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O1)), a1), _mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O2)), a2));
    __m256i h = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O1+32)), a1), _mm256_cmpeq_epi8(_mm256_loadu_si256((void*)(w+O2+32)), a2));
    __m256i lanes = _mm256_or_si256(l, h);
    if (nul == SIZE_MAX) {
      __m256i m = _mm256_min_epu8(_mm256_loadu_si256((void*)w), _mm256_loadu_si256((void*)(w+32)));
      lanes = _mm256_or_si256(lanes, _mm256_cmpeq_epi8(m, z));
    }
    if (_mm256_testz_si256(lanes, lanes)) continue;
    uint64_t bits = (uint32_t)_mm256_movemask_epi8(l) | (uint64_t)(uint32_t)_mm256_movemask_epi8(h) << 32;
    for (; bits; bits &= bits - 1) found[n++ & 4095] = p + __builtin_ctzll(bits);
  }
  *nulp = nul; return n;
}
typedef size_t (*fn)(const uint8_t *, size_t, size_t, size_t *);
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
int main(int argc, char **argv) {
  const char *v = argv[1]; int passes = atoi(argv[3]);
  fn f = !strcmp(v,"v0") ? v0 : !strcmp(v,"v1") ? v1 : !strcmp(v,"v2") ? v2 : !strcmp(v,"rg") ? vrg : v0np;
  int fd = open(argv[2], O_RDONLY); struct stat st; fstat(fd, &st); size_t size = st.st_size;
  const uint8_t *m = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
  double best = 1e9;
  for (int k = 0; k < passes; k++) {
    double t0 = now();
    for (size_t at = 0; at < size; at += BLOCK) { size_t e = at + BLOCK < size - 16 ? at + BLOCK : size - 16; size_t nul; hits_total += f(m, at, e, &nul); nul_total += nul; }
    double t = now() - t0; if (t < best) best = t;
  }
  printf("%s %.2f ms %zu\n", v, best, hits_total);
}
