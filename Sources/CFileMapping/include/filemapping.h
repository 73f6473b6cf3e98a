// filemapping: large input files read through mmap(2), guarded against SIGBUS.
//
// Why C: a file mapped into memory raises SIGBUS when a page past the file's end is touched,
// which happens when another program truncates the file during the search. The handler that
// turns this into an error must run on the signal's own terms (async-signal-safe, no lazily
// initialized globals, no allocation), which Swift code cannot promise. Everything else
// (when to map, how the mapped bytes are searched) stays in Swift.
//
// The handler maps a page of zeros over a faulting page of a registered mapping and marks the
// mapping damaged, so that the faulting load completes; the searcher reads each block's
// pages (`filemapping_touch`) before it searches them and stops with an error when the
// mapping is damaged, so that no zero byte is ever searched. A fault anywhere else is passed
// on to the handler that was installed before, or to the default action.
//
// Every symbol starts with `filemapping_`.

#ifndef FILEMAPPING_H
#define FILEMAPPING_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A mapping of a whole file, followed by at least one writable page of zeros.
typedef struct filemapping_mapping {
    /// The file's first byte; NULL when the mapping failed.
    unsigned char *base;
    /// The file's size: the bytes from `base` that hold the file.
    size_t size;
    /// The bytes mapped from `base`: `size` rounded up to pages, and at least one more page.
    size_t length;
    /// The bytes from `base` whose pages were given back (`filemapping_release`).
    size_t released;
    /// The registration of the mapping with the SIGBUS handler.
    int slot;
} filemapping_mapping;

/// Maps the `size` bytes of the regular file open as `descriptor` for reading. The mapping is
/// private and writable: a write changes this process's copy of the page, never the file.
/// The bytes from `size` to `length` are zeros, so a search may write a byte after the file
/// and vector loads may read past its end. Returns a mapping whose `base` is NULL when the
/// file cannot be mapped (then read it instead), as when too many mappings are open.
filemapping_mapping filemapping_map(int descriptor, size_t size);

/// Unmaps `mapping` and ends its registration.
void filemapping_unmap(filemapping_mapping *mapping);

/// Reads every page of `start..<start + count` in `mapping`, so that a page the file no longer
/// holds raises its SIGBUS here, and returns false when the mapping is damaged: a page was
/// replaced by zeros, now or before. When `first_nul` is not NULL, the pages are read by a
/// search for the first zero byte, whose offset from `start` (or `count` when there is none)
/// it stores there: the pass that binary detection makes over the bytes in any case. A zero
/// found in a damaged mapping may be one of the replaced page's. With `count` 0 nothing is
/// read: the answer for pages the caller has read itself.
bool filemapping_touch(const filemapping_mapping *mapping, const unsigned char *start, size_t count,
                       size_t *first_nul);

/// Gives back the memory of the bytes of `mapping` before `end`, which will not be read again,
/// in whole batches of 2 MiB from its start (a multiple of 2 MiB, so that a page-cache folio
/// mapped whole is given back whole): they count toward the process's resident memory until
/// then.
void filemapping_release(filemapping_mapping *mapping, const unsigned char *end);

#ifdef __cplusplus
}
#endif

#endif
