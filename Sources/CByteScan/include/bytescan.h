// bytescan: the hot loop of the packed-pair prefilter of ICURegex's line search, in C.
//
// Why a shim at all: Swift cannot compile one function for AVX2 and choose it at run time.
// Its SIMD types compile for the target's baseline (SSE2 on x86-64), and a whole build for
// AVX2 would not run on older x86-64 machines. C can: clang's `target("avx2")` attribute
// compiles a single function for AVX2 (or AVX-512BW), and `__builtin_cpu_supports` decides
// once, at run time, which one to call. Everything else (building the probes, confirming
// hits) stays in Swift.
//
// A probe is two bytes at two distances from a probe position; a side accepts the bytes `b`
// with `(b | fold) == value`, so an exact side has fold 0. The scan tests every probe at 64
// consecutive probe positions, a window, at a time, and reports the first window with a hit
// as a 64-bit mask of its positions.
//
// Teddy, the search for 2 to 64 literals by nibble fingerprints (bytescan_teddy.c), is here
// for the same reason: its `pshufb` lookups need SSSE3 or AVX2, chosen at run time.
//
// The literal searches in UTF-16 text (bytescan_utf16.c), a packed pair for one literal and
// Teddy for several, are here for the same reason.
//
// Three smaller pieces are here for like reasons: widening runs of ASCII bytes to UTF-16,
// which ICURegex's transcoding of Swift strings spends most of its time in; the automata's
// skip over bytes that cannot start a match, which stops often and must then find the first
// hit in a vector from its bit mask (`movemask`), which Swift's vectors do not give; and the
// search back for a line's start, glibc's `memrchr`, which Swift's Glibc module does not
// import.
//
// Every symbol starts with `bytescan_` (or `BYTESCAN_`).

#ifndef BYTESCAN_H
#define BYTESCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The number of probe positions in a window: the bits of `bytescan_window.lanes`.
#define BYTESCAN_WINDOW_SIZE 64

/// The number of copies of each byte in a probe: one for each lane of the widest vector.
#define BYTESCAN_SPLAT_SIZE 32

/// Two bytes that an occurrence holds at two distances from its probe position, each side
/// accepting the bytes `b` with `(b | fold) == value`. The bytes are stored once per vector
/// lane, so that a scan loads them instead of broadcasting them on every call; make one with
/// `bytescan_probe_init`.
typedef struct bytescan_probe {
    /// The first side's value, in every lane.
    uint8_t value1[BYTESCAN_SPLAT_SIZE];
    /// The first side's fold mask, in every lane (0 for an exact side).
    uint8_t fold1[BYTESCAN_SPLAT_SIZE];
    /// The second side's value, in every lane.
    uint8_t value2[BYTESCAN_SPLAT_SIZE];
    /// The second side's fold mask, in every lane (0 for an exact side).
    uint8_t fold2[BYTESCAN_SPLAT_SIZE];
    /// The distance from the probe position to the first side's byte.
    size_t offset1;
    /// The distance from the probe position to the second side's byte.
    size_t offset2;
} bytescan_probe;

/// A scan's answer: the window of probe positions from `position` whose bits are set in
/// `lanes` (bit `i` for `position + i`) hold a hit; when `lanes` is 0, no position hit and
/// `position` is the first one the scan did not test.
typedef struct bytescan_window {
    /// The probe position of bit 0 of `lanes`, or where the scan stopped.
    size_t position;
    /// The positions of the window that hit.
    uint64_t lanes;
} bytescan_window;

/// The implementations of the scan, to test each one: `bytescan_find` uses the best one the
/// processor runs.
enum {
    /// AVX2, 32 positions per vector (x86-64 only, when the processor has it).
    BYTESCAN_KERNEL_AVX2 = 1,
    /// Portable 16-byte vectors: SSE2 on x86-64, NEON on arm64, scalar code elsewhere.
    BYTESCAN_KERNEL_VECTOR = 2,
    /// AVX-512BW, 64 positions per vector (x86-64 only, when the processor has it and is
    /// one on which 512-bit integer instructions cost little clock: see bytescan.c).
    BYTESCAN_KERNEL_AVX512 = 3,
};

/// Fills `probe` with sides (`offset1`, `value1`, `fold1`) and (`offset2`, `value2`, `fold2`).
/// Lives in C, next to the scan, because the layout of the lane copies is the scan's business.
void bytescan_probe_init(bytescan_probe *probe, size_t offset1, uint8_t value1, uint8_t fold1,
                         size_t offset2, uint8_t value2, uint8_t fold2);

/// The first window of probe positions from `start` (below `end`) in which some probe accepts
/// both its bytes or, when `non_ascii`, the byte at the position is 0x80 or more. The caller
/// makes sure that every byte a probe reads from a position below `end` lies in the text at
/// `base`. A window holds the positions from its `position` on; its bits below `start` and
/// from `end` on are clear, and its position may lie before `start` (the last window of a scan
/// overlaps the one before it). Without a hit, the answer's `position` is `end` (or `start`
/// when that is later), unless fewer than 64 positions lie below `end`: then it is `start`,
/// and the caller tests those positions itself.
/// In C because the AVX2 version must be chosen at run time, which Swift cannot do.
bytescan_window bytescan_find(const void *base, size_t start, size_t end,
                              const bytescan_probe *probes, size_t probe_count, bool non_ascii);

/// The offset of the first occurrence of the `length` bytes at `literal` (at least one)
/// that starts at or after `start` and lies wholly in the `count` bytes at `base`, or `count`
/// when there is none. `probe` holds two of the literal's bytes, exact (fold 0), at their
/// offsets in it: the windows of `bytescan_find` propose its positions and each is compared
/// here, so that a search for one common literal does not return to the caller for every
/// proposal, most of which are occurrences.
size_t bytescan_find_literal(const void *base, size_t start, size_t count,
                             const bytescan_probe *probe, const uint8_t *literal, size_t length);

/// The occurrences that `bytescan_find_literal` finds one call at a time, from `start` on,
/// in order: the offsets of at most `capacity` of them are stored at `found` and their number
/// is returned; `*scanned` is set to the offset before which every occurrence was stored
/// (`count` when the scan reached the end). One call serves many occurrences of a common
/// literal, where `bytescan_find_literal` starts a scan, and compares, for each.
size_t bytescan_find_literals(const void *base, size_t start, size_t count, const bytescan_probe *probe,
                              const uint8_t *literal, size_t length, size_t *found, size_t capacity,
                              size_t *scanned);

/// `bytescan_find_literals` with `kernel` (which must be available), for the tests.
size_t bytescan_find_literals_using(int kernel, const void *base, size_t start, size_t count,
                                    const bytescan_probe *probe, const uint8_t *literal,
                                    size_t length, size_t *found, size_t capacity,
                                    size_t *scanned);

/// `bytescan_find_literals` and the offset of the first zero byte (NUL) at or after `start`
/// in the `count` bytes at `base` (`*first_nul`; `count` when there is none), in one pass:
/// the windows that test the literal's probe test their bytes for zero too. Every byte from
/// `start` to `count` is read for the NUL, those past `*scanned` (when `capacity` ran out)
/// too. For the searcher's first read of a block, which must know where the block's first
/// NUL lies (it makes the input binary from that block on, as in GNU grep) before its first
/// line is reported: one pass over the block finds both, and its lines' questions are
/// answered from `found`.
size_t bytescan_find_literals_and_nul(const void *base, size_t start, size_t count,
                                      const bytescan_probe *probe, const uint8_t *literal,
                                      size_t length, size_t *found, size_t capacity,
                                      size_t *scanned, size_t *first_nul);

/// `bytescan_find_literals_and_nul` with `kernel` (which must be available), for the tests.
size_t bytescan_find_literals_and_nul_using(int kernel, const void *base, size_t start,
                                            size_t count, const bytescan_probe *probe,
                                            const uint8_t *literal, size_t length, size_t *found,
                                            size_t capacity, size_t *scanned,
                                            size_t *first_nul);

/// A run of whole lines (see `bytescan_line_run`).
typedef struct bytescan_run {
    /// The offset just past the run's last terminator: the start of the line after it.
    size_t end;
    /// The number of lines in the run.
    size_t lines;
} bytescan_run;

/// What `bytescan_line_run` looks for.
typedef enum bytescan_line_goal {
    /// The longest run of lines that each hold an occurrence.
    BYTESCAN_RUN_HOLDING,
    /// The longest run of lines that each hold none.
    BYTESCAN_RUN_LACKING,
} bytescan_line_goal;

/// For `goal`, the longest run of whole lines from `start` (the start of a line) in the
/// `count` bytes at `base`, which end with `terminator`, that each hold an occurrence of the
/// `length` bytes at `literal` (at least one, none of them `terminator`), or each hold none:
/// its end is `start` when the first line breaks it. `probe` holds two of the literal's
/// bytes, exact, as for `bytescan_find_literal`.
/// Each window of 64 positions is tested for the literal and for the terminator, and its
/// lines are taken from the two bit masks: `-v` with a literal that most lines hold then
/// makes no call per line. (Where the literal is rare, `bytescan_find_literal`, which tests
/// only for it, finds the lines that hold it sooner.)
bytescan_run bytescan_line_run(const void *base, size_t start, size_t count,
                               const bytescan_probe *probe, const uint8_t *literal, size_t length,
                               uint8_t terminator, bytescan_line_goal goal);

/// `bytescan_line_run` with the implementation `kernel`, which must be available.
/// In C, next to `bytescan_line_run`, for the tests of each implementation.
bytescan_run bytescan_line_run_using(int kernel, const void *base, size_t start, size_t count,
                                     const bytescan_probe *probe, const uint8_t *literal,
                                     size_t length, uint8_t terminator, bytescan_line_goal goal);

/// True when `kernel` (a `BYTESCAN_KERNEL_` value) runs on this processor.
/// In C, next to `bytescan_find`, for the tests of each implementation of the scan.
bool bytescan_kernel_available(int kernel);

/// `bytescan_find` with the implementation `kernel`, which must be available.
/// In C, next to `bytescan_find`, for the tests of each implementation of the scan.
bytescan_window bytescan_find_using(int kernel, const void *base, size_t start, size_t end,
                                    const bytescan_probe *probes, size_t probe_count,
                                    bool non_ascii);

/// The most ranges of a `bytescan_byte_ranges`.
#define BYTESCAN_BYTE_RANGES 4

/// Up to `BYTESCAN_BYTE_RANGES` ranges of bytes, each byte stored once per vector lane, so
/// that a scan loads them instead of broadcasting them on every call; make one with
/// `bytescan_byte_ranges_init`.
typedef struct bytescan_byte_ranges {
    /// Each range's lowest byte, in every lane.
    uint8_t lower[BYTESCAN_BYTE_RANGES][16];
    /// Each range's highest byte minus its lowest, in every lane.
    uint8_t width[BYTESCAN_BYTE_RANGES][16];
    /// The number of ranges.
    size_t count;
} bytescan_byte_ranges;

/// Fills `ranges` with the `count` (at most `BYTESCAN_BYTE_RANGES`) ranges `lower[i]` to
/// `upper[i]`, inclusive.
void bytescan_byte_ranges_init(bytescan_byte_ranges *ranges, const uint8_t *lower,
                               const uint8_t *upper, size_t count);

/// The offset of the first byte in `start..<end` of `bytes` that lies in one of `ranges`, or
/// `end`: the skip of the automata's start state over bytes that cannot start a match.
size_t bytescan_first_in_ranges(const uint8_t *bytes, size_t start, size_t end,
                                const bytescan_byte_ranges *ranges);

/// The offset of the first UTF-16 unit in `start..<end` of `units` that is 0x80 or above or
/// lies in one of `ranges` (of ASCII characters), or `end`: the skip of the match automaton's
/// start state over ASCII characters that cannot start a match, in UTF-16.
size_t bytescan_first_unit_in_ranges(const uint16_t *units, size_t start, size_t end,
                                     const bytescan_byte_ranges *ranges);

/// The offset of the first byte in `start..<end` of `bytes` that is 0x80 or above or lies in
/// one of `ranges` (of ASCII characters), or `end`: the pass of a one-pass run over a loop's
/// ASCII characters in UTF-8, as `bytescan_first_unit_in_ranges` passes over them in UTF-16.
size_t bytescan_first_byte_outside_ascii_or_in_ranges(const uint8_t *bytes, size_t start, size_t end,
                                                      const bytescan_byte_ranges *ranges);

/// The offset of the last `byte` in `start..<end` of `bytes`, or -1 when there is none: the
/// search back for the start of the line that holds a candidate.
ptrdiff_t bytescan_last_of(const uint8_t *bytes, size_t start, size_t end, uint8_t byte);

/// The offset of the first `terminator` at or after `start` in the `count` bytes at `bytes`,
/// or `count` when there is none, with `*ascii` set to whether every byte from `start` to it
/// is ASCII (below 0x80): the end of a line to print and whether it can hold an encoding
/// error, in one pass over its bytes. Sixteen bytes at a time.
size_t bytescan_line_end_ascii(const uint8_t *bytes, size_t start, size_t count, uint8_t terminator,
                               bool *ascii);

/// Widens the ASCII bytes at the start of `source` (`count` bytes) to UTF-16 units at
/// `target`, sixteen at a time, and returns how many it widened: a multiple of 16, stopping
/// before the first block of sixteen that holds a byte above 0x7F or runs past `count`.
size_t bytescan_widen_ascii(const uint8_t *source, size_t count, uint16_t *target);

/// Widens the `count` bytes at `source`, every one of them ASCII (below 0x80: not checked), to
/// UTF-16 units at `target`: sixteen at a time, then the last sixteen again, overlapping the
/// block before them, for a remainder (each unit written is its byte's, so a unit written
/// twice is written the same), and a text of fewer than sixteen bytes eight and eight, or one
/// by one below eight.
void bytescan_widen_all_ascii(const uint8_t *source, size_t count, uint16_t *target);

/// True when `bytes[0..<count]` hold an encoding error as glibc's UTF-8 decoder (`mbrlen`, which
/// GNU grep asks) sees one: a byte that cannot start a character (`80`-`BF`, `C0`, `C1`, `FE`,
/// `FF`), a character cut short (also by `count`), an overlong form, or a surrogate (`ED A0`-
/// `ED BF`). The old forms of up to six bytes, up to U+7FFFFFFF, are characters, as in glibc.
/// Text of ASCII and two-byte characters is checked sixteen bytes at a time.
bool bytescan_has_utf8_error(const uint8_t *bytes, size_t count);
/// The offset of the first byte of 0x80 or more (a byte outside ASCII) at or after `start`
/// in the `count` bytes at `bytes`, or `count` when there is none: bytes before it are ASCII,
/// which holds no encoding error. Sixty-four bytes at a time.
size_t bytescan_first_non_ascii(const uint8_t *bytes, size_t start, size_t count);

/// The most literals of a `bytescan_teddy`.
#define BYTESCAN_TEDDY_MOST_LITERALS 64

/// The number of buckets of a `bytescan_teddy`: the bits of a fingerprint's byte.
#define BYTESCAN_TEDDY_BUCKETS 8

/// Up to `BYTESCAN_TEDDY_MOST_LITERALS` literals prepared for Teddy, the search for all of them
/// at once by nibble fingerprints of their first bytes (bytescan_teddy.c tells how, and why
/// its answers are exact). Make one with `bytescan_teddy_create`; it is read only afterwards,
/// so threads may share it.
typedef struct bytescan_teddy bytescan_teddy;

/// The implementations of Teddy, to test each one: `bytescan_teddy_find` uses the best one
/// the processor runs.
enum {
    /// One position at a time, from the same tables: any processor.
    BYTESCAN_TEDDY_KERNEL_SCALAR = 1,
    /// 16 positions per vector (x86-64 with SSSE3).
    BYTESCAN_TEDDY_KERNEL_SSSE3 = 2,
    /// 32 positions per vector, two vectors per step (x86-64 with AVX2).
    BYTESCAN_TEDDY_KERNEL_AVX2 = 3,
};

/// The Teddy search for the `count` literals (1 to `BYTESCAN_TEDDY_MOST_LITERALS`) whose bytes
/// lie one after another at `bytes`, literal `i` taking `lengths[i]` bytes (at least one).
/// Literal `i`'s fingerprint holds its bytes from `anchors[i]` on (NULL: all from 0), an offset
/// that leaves at least three bytes, or all of them when the longest literal is shorter, to
/// the literal's end: its rarest bytes, for a search with fewer candidates. Literal `i` is
/// matched ignoring ASCII case when `ignores_ascii_case[i]`, and must then be in lower case: a
/// byte `a`-`z` of it matches itself and its upper case, any other byte only itself. NULL when
/// the counts or anchors are out of range or memory runs out; free it with
/// `bytescan_teddy_free`.
bytescan_teddy *bytescan_teddy_create(const uint8_t *bytes, const size_t *lengths,
                                      const size_t *anchors, const bool *ignores_ascii_case,
                                      size_t count);

/// Frees `teddy` (NULL is ignored).
void bytescan_teddy_free(bytescan_teddy *teddy);

/// The start of an occurrence of one of the literals of `teddy` that starts at or after
/// `start` and lies wholly in the `count` bytes at `base`, or `count` when there is none; when
/// there is one and `literal` is not NULL, it receives the literal's index. The occurrence is
/// the first one when every anchor is 0; otherwise it is the first whose fingerprint the scan
/// meets, and it starts inside the first occurrence (the first occurrence's fingerprint lies
/// at or after this one's, and within the first occurrence): no line ends between the two.
/// In C because its vector code must be chosen at run time, which Swift cannot do.
size_t bytescan_teddy_find(const bytescan_teddy *teddy, const void *base, size_t start,
                           size_t count, size_t *literal);

/// True when the Teddy implementation `kernel` (a `BYTESCAN_TEDDY_KERNEL_` value) runs here.
bool bytescan_teddy_kernel_available(int kernel);

/// `bytescan_teddy_find` with the implementation `kernel`, which must be available; for the
/// tests of each implementation.
size_t bytescan_teddy_find_using(int kernel, const bytescan_teddy *teddy, const void *base,
                                 size_t start, size_t count, size_t *literal);

/// `bytescan_teddy_find` that scans the positions from `from` (at or after `start`; `start`
/// when lower) only, for occurrences that start at or after `start`: the same answer when no
/// position from `start` to `from` holds an occurrence, as `bytescan_teddy_collect_and_nul`
/// and `bytescan_teddy_find_among` tell.
size_t bytescan_teddy_find_from(const bytescan_teddy *teddy, const void *base, size_t start,
                                size_t from, size_t count, size_t *literal);

/// `bytescan_teddy_find_from` with the implementation `kernel`, for the tests.
size_t bytescan_teddy_find_from_using(int kernel, const bytescan_teddy *teddy, const void *base,
                                      size_t start, size_t from, size_t count, size_t *literal);

/// Scans the `count` bytes at `base` from `start` once, for the candidates of `teddy` and for
/// the first zero byte (NUL): stores at `found`, in increasing order and up to `capacity` of
/// them, the positions from `start` whose fingerprint matches a bucket (candidates, not yet
/// compared with a literal), and returns their number; `*scanned` receives the position up to
/// which every candidate was stored (each position from `start` below it that is not stored
/// is no candidate), and `*first_nul` the offset of the first NUL at or after `start`, or
/// `count` when there is none (every byte from `start` is read for it, also past `*scanned`).
/// A position's fingerprint reads the mask's bytes from it, so a candidate near a shorter
/// range's end may differ: a search of a range that ends earlier scans its last
/// three positions (the most bytes of a mask) itself. The block's first read finds both the NUL,
/// which GNU grep's rules need before any of its lines is reported, and the candidates; with
/// AVX2 only (elsewhere no candidate is stored and `*scanned` is `start`).
size_t bytescan_teddy_collect_and_nul(const bytescan_teddy *teddy, const void *base, size_t start,
                                      size_t count, size_t *found, size_t capacity,
                                      size_t *scanned, size_t *first_nul);

/// The answer of `bytescan_teddy_find` from `start` among the candidate positions
/// `candidates[0 ..< candidate_count]` (ascending, as `bytescan_teddy_collect_and_nul` stores
/// them) below `limit`: each is tested as the search tests a position, in order, and the first
/// occurrence found is returned (its literal in `*literal` when not NULL); `count` when none
/// of them holds one. The same answer as the search's when every position from `start` to
/// `limit` that is not among them is no candidate, and `limit` leaves a mask's bytes (three)
/// before `count`; the positions from `limit` are then the caller's to search.
size_t bytescan_teddy_find_among(const bytescan_teddy *teddy, const void *base, size_t start,
                                 const size_t *candidates, size_t candidate_count, size_t limit,
                                 size_t count, size_t *literal);

/// `bytescan_teddy_collect_and_nul` with the implementation `kernel`, for the tests.
size_t bytescan_teddy_collect_and_nul_using(int kernel, const bytescan_teddy *teddy,
                                            const void *base, size_t start, size_t count,
                                            size_t *found, size_t capacity, size_t *scanned,
                                            size_t *first_nul);

/// The implementations of the UTF-16 searches (`bytescan_u16_find_literal`,
/// `bytescan_u16_teddy_find`), to test each one: the searches use the best one the processor
/// runs.
enum {
    /// One position at a time: any processor.
    BYTESCAN_U16_KERNEL_SCALAR = 1,
    /// Portable 16-byte vectors for the packed pair (SSE2 on x86-64, NEON on arm64), SSSE3 for
    /// Teddy (one position at a time without it).
    BYTESCAN_U16_KERNEL_VECTOR = 2,
    /// AVX2, 16 units per vector (x86-64 only, when the processor has it).
    BYTESCAN_U16_KERNEL_AVX2 = 3,
    /// AVX-512BW, 32 units per vector (x86-64 only, where the byte scan's AVX-512 runs).
    BYTESCAN_U16_KERNEL_AVX512 = 4,
};

/// True when the UTF-16 implementation `kernel` (a `BYTESCAN_U16_KERNEL_` value) runs here.
bool bytescan_u16_kernel_available(int kernel);

/// The first start at or after `start` of an occurrence of the `length` units at `literal`
/// that lies wholly in the `count` units at `base`, or `count` when there is none (or when
/// `length` is 0). A packed pair: the units of the literal at `offset1` and `offset2` (both
/// below `length`, its rarest two) are compared at many positions at once, and the literal at
/// each position where both are equal (bytescan_utf16.c tells why the answer is exact).
/// In C because its vector code must be chosen at run time, which Swift cannot do.
size_t bytescan_u16_find_literal(const uint16_t *base, size_t start, size_t count,
                                 const uint16_t *literal, size_t length, size_t offset1,
                                 size_t offset2);

/// `bytescan_u16_find_literal` with the implementation `kernel`, which must be available; for
/// the tests of each implementation.
size_t bytescan_u16_find_literal_using(int kernel, const uint16_t *base, size_t start,
                                       size_t count, const uint16_t *literal, size_t length,
                                       size_t offset1, size_t offset2);

/// Up to `BYTESCAN_TEDDY_MOST_LITERALS` UTF-16 literals prepared for Teddy over UTF-16 (nibble
/// fingerprints of their first units, bytescan_utf16.c tells how). Read only once made, so
/// threads may share it.
typedef struct bytescan_u16_teddy bytescan_u16_teddy;

/// The Teddy search for the `count` UTF-16 literals (1 to `BYTESCAN_TEDDY_MOST_LITERALS`) whose
/// units lie one after another at `units`, literal `i` taking `lengths[i]` units (at least
/// one). NULL when the counts are out of range or memory runs out; free it with
/// `bytescan_u16_teddy_free`.
bytescan_u16_teddy *bytescan_u16_teddy_create(const uint16_t *units, const size_t *lengths,
                                              size_t count);

/// Frees `teddy` (NULL is ignored).
void bytescan_u16_teddy_free(bytescan_u16_teddy *teddy);

/// The start of the first occurrence of one of the literals of `teddy` that starts at or after
/// `start` and lies wholly in the `count` units at `base`, or `count` when there is none; when
/// there is one and `literal` is not NULL, it receives the index of the first literal in their
/// order that occurs there.
size_t bytescan_u16_teddy_find(const bytescan_u16_teddy *teddy, const uint16_t *base,
                               size_t start, size_t count, size_t *literal);

/// `bytescan_u16_teddy_find` with the implementation `kernel`, which must be available; for
/// the tests of each implementation.
size_t bytescan_u16_teddy_find_using(int kernel, const bytescan_u16_teddy *teddy,
                                     const uint16_t *base, size_t start, size_t count,
                                     size_t *literal);

#ifdef __cplusplus
}
#endif

#endif // BYTESCAN_H
