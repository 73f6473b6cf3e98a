import Glibc
import ICURegex

/// Where an ``OutputBuffer`` sends its bytes when it flushes.
enum OutputDestination {
    /// A file descriptor, written with write(2): standard output or standard error.
    case fileDescriptor(Int32)
    /// A function that receives each flushed chunk, for tests and for collecting the output of
    /// one file before writing it in order.
    case collector((UnsafeRawBufferPointer) -> Void)
}

/// Why writing to an ``OutputBuffer``'s destination failed.
struct OutputWriteFailure: Error {
    /// The `errno` value of the failed write(2).
    var errorNumber: Int32

    /// True when the reader went away (EPIPE): grep dies of SIGPIPE silently, so icugrep stops
    /// without a message.
    var isBrokenPipe: Bool { errorNumber == EPIPE }
}

/// A growable byte buffer in front of an ``OutputDestination``, so that output reaches the
/// destination in large chunks rather than one system call per line.
///
/// Appending never fails: after a write fails, ``failure`` is set and later bytes are dropped.
/// Callers check ``failure`` at convenient points (after each line or file) and stop.
final class OutputBuffer {
    /// The destination of flushed bytes.
    let destination: OutputDestination

    /// The number of buffered bytes at which ``flushIfFull()`` writes them out.
    let flushThreshold: Int

    /// The first write error, if any; once set, nothing more is written.
    private(set) var failure: OutputWriteFailure?

    /// The bytes flushed so far (written, or given to the collector).
    private var flushedBytes = 0
    /// The bytes appended so far, flushed or not.
    var bytesAppended: Int { flushedBytes + count }

    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    /// Creates an empty buffer for `destination` that flushes at `flushThreshold` bytes.
    init(destination: OutputDestination, flushThreshold: Int = 64 * 1024) {
        self.destination = destination
        self.flushThreshold = flushThreshold
        capacity = flushThreshold * 2
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity {
            grow(toHold: count + extra)
        }
    }

    private func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    /// Appends one byte.
    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    /// Appends the bytes of `bytes`.
    @inline(__always)
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        if bytes.count >= flushThreshold {
            // A long line: write it straight through instead of copying it into the buffer.
            flush()
            write(UnsafeRawBufferPointer(start: base, count: bytes.count))
            flushedBytes += bytes.count
            return
        }
        reserve(bytes.count)
        (storage + count).update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    /// Appends the bytes of `bytes`.
    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Takes back the bytes appended since the buffer held `bytesAppended` bytes, which must
    /// not have been flushed since (only ``flush()`` and ``flushIfFull()`` flush), and returns
    /// them.
    func removeBytes(appendedSince mark: Int) -> [UInt8] {
        let length = bytesAppended - mark
        precondition(length >= 0 && length <= count, "OutputBuffer: bytes taken back after a flush")
        count -= length
        return Array(UnsafeBufferPointer(start: storage + count, count: length))
    }

    /// Appends `value` in decimal, right-aligned in a field of `width` characters (padded with
    /// spaces), like printf's `%*d`.
    func appendDecimal(_ value: Int, width: Int = 0) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch, enough for Int.min
        withUnsafeMutableBytes(of: &digits) { scratch in
            var magnitude = value.magnitude
            var position = scratch.count
            repeat {
                position -= 1
                scratch[position] = UInt8(truncatingIfNeeded: magnitude % 10) + UInt8(ascii: "0")
                magnitude /= 10
            } while magnitude != 0
            if value < 0 {
                position -= 1
                scratch[position] = UInt8(ascii: "-")
            }
            let length = scratch.count - position
            if width > length {
                for _ in 0..<(width - length) { append(UInt8(ascii: " ")) }
            }
            append(UnsafeRawBufferPointer(rebasing: scratch[position...]))
        }
    }

    /// Writes the buffered bytes out when there are at least ``flushThreshold`` of them.
    @inline(__always)
    func flushIfFull() {
        if count >= flushThreshold {
            flush()
        }
    }

    /// Writes every buffered byte to the destination.
    func flush() {
        guard count > 0 else { return }
        write(UnsafeRawBufferPointer(start: storage, count: count))
        flushedBytes += count
        count = 0
    }

    /// Sends `bytes` to the destination, retrying short writes and interrupted calls.
    private func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let base = bytes.baseAddress else { return }
        switch destination {
        case .collector(let collect):
            collect(bytes)
        case .fileDescriptor(let descriptor):
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = OutputWriteFailure(errorNumber: errno)
                    return
                }
                offset += written
            }
        }
    }
}
