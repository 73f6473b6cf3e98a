#include "filemapping.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// The mappings that the handler knows: a fixed table, since the handler may not allocate.
// A slot is free when its start is 0. Registration claims a free slot by storing its start
// with a compare and swap, then publishes its end; the handler accepts an address between
// the two.
#define FILEMAPPING_SLOTS 64

static struct {
    _Atomic uintptr_t start;
    _Atomic uintptr_t end;
    _Atomic bool damaged;
} filemapping_registry[FILEMAPPING_SLOTS];

static struct sigaction filemapping_previous_action;
static bool filemapping_handler_installed;
static size_t filemapping_page_size;

static void filemapping_handle_sigbus(int signal, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int slot = 0; slot < FILEMAPPING_SLOTS; slot++) {
        uintptr_t start = atomic_load(&filemapping_registry[slot].start);
        uintptr_t end = atomic_load(&filemapping_registry[slot].end);
        if (start == 0 || address < start || address >= end) continue;
        uintptr_t page = address & ~(uintptr_t)(filemapping_page_size - 1);
        // mmap is a plain system call on Linux, safe in a handler in practice although POSIX
        // does not list it among the async-signal-safe functions.
        void *zeros = mmap((void *)page, filemapping_page_size, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (zeros == MAP_FAILED) break;
        atomic_store(&filemapping_registry[slot].damaged, true);
        return;  // The faulting load runs again and reads a zero.
    }
    // Not a page of ours: as if this handler had not been installed.
    if (filemapping_previous_action.sa_flags & SA_SIGINFO) {
        filemapping_previous_action.sa_sigaction(signal, info, context);
        return;
    }
    if (filemapping_previous_action.sa_handler == SIG_DFL
        || filemapping_previous_action.sa_handler == SIG_IGN) {
        // Returning runs the faulting load again, which now takes the default action.
        struct sigaction fallback;
        memset(&fallback, 0, sizeof fallback);
        fallback.sa_handler = SIG_DFL;
        sigaction(SIGBUS, &fallback, NULL);
        return;
    }
    filemapping_previous_action.sa_handler(signal);
}

static void filemapping_install_handler(void) {
    filemapping_page_size = (size_t)sysconf(_SC_PAGESIZE);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = filemapping_handle_sigbus;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    filemapping_handler_installed = sigaction(SIGBUS, &action, &filemapping_previous_action) == 0;
}

// Where a mapping starts, and the batches its pages are given back in: a page table's span (2
// MiB on x86-64 and arm64). The page cache keeps a file in folios of up to 2 MiB, aligned in
// the file (a file read from disk is mostly in 2 MiB folios), and a fault maps a whole folio
// when it lies within one page table: a 2 MiB folio by one entry of the table above, at the
// cost of one fault. Mapped 1 MiB past a multiple of the span, as before, every 2 MiB folio
// straddled two page tables and was mapped 64 KiB a fault (the kernel's fault-around): on 256
// MiB in 2 MiB folios, twelve times the faults and twice the CPU time of a scan in this place,
// which is rg's (Benchmarks/results/2026-11-30-cli10). Given back in whole spans from the
// mapping's start, a folio mapped whole is given back whole, once the search has left it, and
// never mapped again; the mapping then keeps up to two spans resident (the one searched, and
// the one before it until the search is past the lines it holds), where 256 KiB batches kept
// about 300 KiB: 2 to 3.3 MiB more peak memory (10 to 12.3 MiB, 13.4 where the file is in 2
// MiB folios), against rg's whole file.
#define FILEMAPPING_PAGE_TABLE_SPAN ((size_t)2 << 20)

filemapping_mapping filemapping_map(int descriptor, size_t size) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, filemapping_install_handler);
    filemapping_mapping mapping = {NULL, 0, 0, 0, -1};
    if (!filemapping_handler_installed || size == 0) return mapping;

    size_t page = filemapping_page_size;
    size_t length = (size + page - 1) / page * page + page;
    // Zeros first, then the file over their start: the page after the file stays zeros. The
    // zeros are asked for with room to place their start, and the room is given back.
    size_t reserved = length + FILEMAPPING_PAGE_TABLE_SPAN;
    unsigned char *reservation = mmap(NULL, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (reservation == MAP_FAILED) return mapping;
    unsigned char *base = (unsigned char *)(((uintptr_t)reservation + FILEMAPPING_PAGE_TABLE_SPAN - 1)
                                            & ~(uintptr_t)(FILEMAPPING_PAGE_TABLE_SPAN - 1));
    if (base > reservation) munmap(reservation, (size_t)(base - reservation));
    if (reservation + reserved > base + length) munmap(base + length, (size_t)(reservation + reserved - (base + length)));
    if (mmap(base, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, descriptor, 0) == MAP_FAILED) {
        munmap(base, length);
        return mapping;
    }
    for (int slot = 0; slot < FILEMAPPING_SLOTS; slot++) {
        uintptr_t free_start = 0;
        if (atomic_compare_exchange_strong(&filemapping_registry[slot].start, &free_start, (uintptr_t)base)) {
            atomic_store(&filemapping_registry[slot].damaged, false);
            atomic_store(&filemapping_registry[slot].end, (uintptr_t)base + length);
            madvise(base, size, MADV_SEQUENTIAL);
            mapping.base = base;
            mapping.size = size;
            mapping.length = length;
            mapping.slot = slot;
            return mapping;
        }
    }
    munmap(base, length);  // Every slot is in use.
    return mapping;
}

void filemapping_unmap(filemapping_mapping *mapping) {
    if (mapping->base == NULL) return;
    atomic_store(&filemapping_registry[mapping->slot].end, 0);
    atomic_store(&filemapping_registry[mapping->slot].start, 0);
    munmap(mapping->base, mapping->length);
    mapping->base = NULL;
}

bool filemapping_touch(const filemapping_mapping *mapping, const unsigned char *start, size_t count,
                       size_t *first_nul) {
    if (first_nul != NULL) {
        const unsigned char *nul = count > 0 ? memchr(start, 0, count) : NULL;
        *first_nul = nul != NULL ? (size_t)(nul - start) : count;
    } else if (count > 0) {
        size_t page = filemapping_page_size;
        const volatile unsigned char *bytes = start;
        for (size_t offset = 0; offset < count; offset += page) (void)bytes[offset];
        (void)bytes[count - 1];
    }
    return !atomic_load(&filemapping_registry[mapping->slot].damaged);
}

void filemapping_release(filemapping_mapping *mapping, const unsigned char *end) {
    // Whole spans from the mapping's start (see FILEMAPPING_PAGE_TABLE_SPAN).
    size_t until = (size_t)(end - mapping->base) / FILEMAPPING_PAGE_TABLE_SPAN * FILEMAPPING_PAGE_TABLE_SPAN;
    if (until > mapping->released) {
        madvise(mapping->base + mapping->released, until - mapping->released, MADV_DONTNEED);
        mapping->released = until;
    }
}
