import CByteScan

/// Encoding errors in UTF-8 as glibc's decoder (`mbrlen`, which GNU grep asks) sees them: a
/// byte that cannot start a character (`80`–`BF`, `C0`, `C1`, `FE`, `FF`), a character cut
/// short (also by the end of the bytes), an overlong form, or a surrogate (`ED A0`–`ED BF`).
/// glibc accepts the old forms of up to six bytes, up to U+7FFFFFFF, so they are no errors here
/// either.
///
/// icugrep holds back a line to print that holds one, as GNU grep 3.8 does in a UTF-8 locale
/// (its `SearchPolicy.holdsBackEncodingErrors`).
package enum UTF8EncodingErrors {
    /// True when `bytes` hold an encoding error (`bytescan_has_utf8_error`, in C: text of
    /// ASCII and two-byte characters is checked sixteen bytes at a time).
    @inline(__always)
    package static func contained(in bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return bytescan_has_utf8_error(base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// The offset of the first byte outside ASCII at or after `start` in `bytes`, or
    /// `bytes.count` (`bytescan_first_non_ascii`, in C: sixty-four bytes at a time). The
    /// bytes before it hold no encoding error.
    @inline(__always)
    package static func firstNonASCII(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
        return bytescan_first_non_ascii(base.assumingMemoryBound(to: UInt8.self), start, bytes.count)
    }
}
