import CFileMapping
import Glibc
import ICURegex

/// The bytes of one input as UTF-8: read from a file descriptor, and converted by ICU when
/// `--encoding` names a charset or the input starts with a UTF-16 or UTF-32 byte-order mark,
/// or transcoded where every byte is a character (``ByteCharacterTranscoder``).
///
/// A large regular file read as UTF-8 is mapped into memory instead of read, and searched
/// where it lies: reading it would copy every byte once more. A file that shrinks while it is
/// mapped ends its search with an error (see ``shrank``) instead of a crash.
final class InputSource {
    /// The bytes asked for by each read, the block size of GNU grep 3.8: a NUL byte makes the
    /// block it is read in, and what follows, binary, so equal blocks give equal output.
    static let readSize = 96 * 1024

    /// The smallest file that is mapped rather than read.
    static let smallestMappedFile = 1 << 20
    /// The file descriptor read from.
    let descriptor: Int32

    /// The converter in use, if the input is not read as UTF-8.
    private var converter: EncodingConverter?
    /// Where bytes are characters, the transcoder of each block read: the input is then
    /// neither mapped nor converted, and holds no byte-order mark.
    private let transcoder: ByteCharacterTranscoder?
    /// True until the first read: the moment to look for a byte-order mark.
    private var atStart = true
    /// True when a byte-order mark may choose a converter (no `--encoding` was given).
    private let detectsSignature: Bool

    /// Raw bytes read but not yet converted.
    private var raw: UnsafeMutableRawBufferPointer
    private var rawStart = 0
    private var rawEnd = 0
    private var rawAtEnd = false

    /// The `errno` of the last failed read.
    private(set) var errorNumber: Int32 = 0
    /// True when the failed read was a mapped file that had shrunk: a page of it that the
    /// file no longer holds was touched.
    private(set) var shrank = false

    /// The offset in the last block of its first zero byte, when ``readBlock(into:limit:findsNUL:callerReadsBlock:)``
    /// was asked to find it and there is one.
    private(set) var firstNUL: Int?

    /// The file mapped into memory, if it is.
    private var mapping = filemapping_mapping(base: nil, size: 0, length: 0, released: 0, slot: -1)

    /// The size of the regular file read from its start, as fstat(2) gave it; nil for other
    /// inputs.
    private let fileSize: Int?
    /// The bytes read from the descriptor so far.
    private var bytesRead = 0
    /// True once a read returned fewer bytes than asked and brought ``bytesRead`` to
    /// ``fileSize``: the file ended there, and the read that would return 0 is not made.
    private var reachedFileSize = false

    /// Creates a source for `descriptor`, converting from `encoding` when given. `fileSize`
    /// is the size of a regular file read from its start, which spares most small files the
    /// second read(2) that only finds the end (a read of a regular file returns fewer bytes
    /// than asked only at its end); nil when the input is anything else.
    /// With `transcoder` (and no `encoding`), each byte is read as a character
    /// (``ByteCharacterTranscoder``), which the transcoder starts over for.
    /// Returns nil when ICU has no converter for `encoding`.
    init?(descriptor: Int32, encoding: String?, fileSize: Int? = nil, transcoder: ByteCharacterTranscoder? = nil) {
        self.descriptor = descriptor
        self.fileSize = fileSize
        self.transcoder = transcoder
        transcoder?.reset()
        if transcoder != nil {
            detectsSignature = false
        } else if let encoding {
            guard let converter = EncodingConverter(charset: encoding) else { return nil }
            self.converter = converter
            detectsSignature = false
        } else {
            detectsSignature = true
        }
        raw = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        if encoding == nil, transcoder == nil, let fileSize, fileSize >= Self.smallestMappedFile {
            mapping = filemapping_map(descriptor, fileSize)
        }
    }

    deinit {
        raw.deallocate()
        filemapping_unmap(&mapping)
    }

    /// Puts the input's next block of UTF-8, up to `limit` bytes, in use at the end of
    /// `buffer`: revealed in place when the file is mapped, read into the buffer's storage
    /// otherwise (after `buffer.makeRoom(limit, ...)`). Returns its size, 0 at the end of the
    /// input, or -1 on a read error (see ``errorNumber`` and ``shrank``). When `findsNUL` is
    /// true, ``firstNUL`` says where the block's first zero byte is: that search is the
    /// first pass over a mapped block's bytes, the one that brings its pages in. The caller
    /// ends the buffer's view of a mapped file (`endView()`) before it releases the source.
    ///
    /// A mapped block's pages are read before it is returned, so that a file that shrank is
    /// noticed before any of the block is used, unless `callerReadsBlock`: then the caller
    /// reads every byte of the block first (a scan that finds the block's NUL and more in one
    /// pass, where the search of the NUL alone would be a pass of its own, the one that
    /// brings the pages in) and asks ``blockIsIntact`` before it uses any.
    ///
    /// Where bytes are characters, `limit` bytes are read, as GNU grep reads its blocks, and
    /// transcoded to up to three times as many: the buffer makes room for them.
    func readBlock(into buffer: inout InputBuffer, limit: Int, findsNUL: Bool, callerReadsBlock: Bool = false) -> Int {
        firstNUL = nil
        if let transcoder {
            buffer.makeRoom(3 * limit, discarding: 0)
            let start = buffer.base + buffer.count
            var count = readSystem(into: UnsafeMutableRawBufferPointer(rebasing: buffer.freeSpace[..<limit]))
            if count > 0 {
                count = transcoder.transcode(start, count: count)
                if findsNUL, let nul = memchr(start, 0, count) {
                    firstNUL = start.distance(to: UnsafeMutableRawPointer(nul))
                }
                buffer.count += count
            }
            transcoder.noteRead(end: buffer.base + buffer.count, bufferedCount: buffer.count, readCount: count)
            return count
        }
        if mapping.base != nil {
            if atStart {
                atStart = false
                let start = UnsafeRawBufferPointer(start: mapping.base, count: min(mapping.size, 4))
                if EncodingConverter.unicodeSignature(start) != nil {
                    // UTF-16 or UTF-32: read and converted from the descriptor's start.
                    filemapping_unmap(&mapping)
                    atStart = true
                    return readBlock(into: &buffer, limit: limit, findsNUL: findsNUL, callerReadsBlock: callerReadsBlock)
                }
                buffer.view(UnsafeMutableRawPointer(mapping.base!), count: mapping.size)
            }
            // The pages before the bytes in use, in batches (see filemapping_release): a mapped
            // file's pages count toward the process's resident memory while they are mapped.
            filemapping_release(&mapping, buffer.base.assumingMemoryBound(to: UInt8.self))
            let blockStart = buffer.base + buffer.count
            let count = buffer.revealViewedBytes(upTo: limit)
            if callerReadsBlock { return count }
            var nulOffset = 0
            let intact = findsNUL
                ? filemapping_touch(&mapping, blockStart.assumingMemoryBound(to: UInt8.self), count, &nulOffset)
                : filemapping_touch(&mapping, blockStart.assumingMemoryBound(to: UInt8.self), count, nil)
            guard intact else {
                shrank = true
                return -1
            }
            if findsNUL && nulOffset < count { firstNUL = nulOffset }
            return count
        }
        let count = read(into: UnsafeMutableRawBufferPointer(rebasing: buffer.freeSpace[..<limit]))
        if count > 0 {
            if findsNUL, let nul = memchr(buffer.base + buffer.count, 0, count) {
                firstNUL = (buffer.base + buffer.count).distance(to: UnsafeMutableRawPointer(nul))
            }
            buffer.count += count
        }
        return count
    }

    /// After a block read with `callerReadsBlock` and read by the caller: false when the file
    /// shrank while mapped (a page it no longer holds was read as zeros; see ``shrank``, which
    /// is then set), true otherwise.
    func blockIsIntact() -> Bool {
        guard mapping.base != nil, !filemapping_touch(&mapping, nil, 0, nil) else { return true }
        shrank = true
        return false
    }

    /// Reads the next bytes of UTF-8 into `target`: the number of bytes, 0 at the end of the
    /// input, or -1 on a read error (see ``errorNumber``). Like read(2), a call may return
    /// fewer bytes than fit.
    private func read(into target: UnsafeMutableRawBufferPointer) -> Int {
        if converter == nil {
            let count = readSystem(into: target)
            guard atStart else { return count }
            atStart = false
            guard count > 0, detectsSignature,
                let signature = EncodingConverter.unicodeSignature(UnsafeRawBufferPointer(rebasing: target[..<count])),
                let converter = EncodingConverter(charset: signature.charset)
            else { return count }
            // A UTF-16 or UTF-32 input: keep what was read, without the mark, to convert.
            self.converter = converter
            allocateRaw(capacity: max(target.count, count))
            let kept = count - signature.length
            raw.baseAddress!.copyMemory(from: target.baseAddress! + signature.length, byteCount: kept)
            rawStart = 0
            rawEnd = kept
        }
        return readConverted(into: target)
    }

    private func allocateRaw(capacity: Int) {
        if raw.count < capacity {
            raw.deallocate()
            raw = .allocate(byteCount: capacity, alignment: 16)
        }
    }

    private func readConverted(into target: UnsafeMutableRawBufferPointer) -> Int {
        atStart = false
        allocateRaw(capacity: target.count)
        while true {
            if rawStart == rawEnd && !rawAtEnd {
                let count = readSystem(into: raw)
                if count < 0 { return -1 }
                rawStart = 0
                rawEnd = count
                rawAtEnd = count == 0
            }
            let progress = converter!.convert(
                UnsafeRawBufferPointer(rebasing: raw[rawStart..<rawEnd]), into: target, flush: rawAtEnd
            )
            rawStart += progress.consumed
            if progress.errorCode != 0 {
                errorNumber = EILSEQ
                return -1
            }
            if progress.produced > 0 { return progress.produced }
            if rawAtEnd { return 0 }
        }
    }

    /// One read(2), retried when interrupted; 0 without a read once the file reached its size.
    private func readSystem(into target: UnsafeMutableRawBufferPointer) -> Int {
        if reachedFileSize { return 0 }
        while true {
            let count = Glibc.read(descriptor, target.baseAddress, target.count)
            if count >= 0 {
                bytesRead += count
                reachedFileSize = count > 0 && count < target.count && bytesRead == fileSize
                return count
            }
            if errno != EINTR {
                errorNumber = errno
                return -1
            }
        }
    }
}
