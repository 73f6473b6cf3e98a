# Folio sizes of a file's page cache (run as root): maps the first LIMIT bytes, reads each page,
# and reads its page frame's flags in /proc/kpageflags (bit 16: a compound page's tail).
# Usage: python3 folios.py FILE [LIMIT]
import collections, mmap, os, struct, sys

path = sys.argv[1]
limit = int(sys.argv[2]) if len(sys.argv) > 2 else 1 << 30
file = open(path, 'rb')
size = min(os.fstat(file.fileno()).st_size, limit)
mapping = mmap.mmap(file.fileno(), size, prot=mmap.PROT_READ)
for offset in range(0, size, 4096):
    mapping[offset]
start = int([l for l in open('/proc/self/maps') if path in l][0].split('-')[0], 16)
pagemap, flags = open('/proc/self/pagemap', 'rb'), open('/proc/kpageflags', 'rb')
folios, run = collections.Counter(), 0
for page in range(size // 4096):
    pagemap.seek((start // 4096 + page) * 8)
    entry = struct.unpack('Q', pagemap.read(8))[0]
    if not entry >> 63 & 1:
        continue
    flags.seek((entry & ((1 << 55) - 1)) * 8)
    if struct.unpack('Q', flags.read(8))[0] >> 16 & 1:
        run += 1
        continue
    if run:
        folios[run] += 1
    run = 1
folios[run] += 1
for pages in sorted(folios):
    print(f"folio of {pages * 4} KiB: {folios[pages]}")
