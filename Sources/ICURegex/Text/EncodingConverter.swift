import CICUShim

/// An ICU converter from one charset to UTF-8, for input that a line search reads in another
/// encoding (icugrep's `--encoding`, and files that start with a UTF-16 or UTF-32 byte-order
/// mark). Not thread-safe: one per input.
package final class EncodingConverter {
    private let handle: OpaquePointer

    /// Opens a converter from the charset `name` (any ICU converter name or alias), or returns
    /// nil when ICU knows no such charset.
    package init?(charset name: String) {
        var code: Int32 = 0
        guard let handle = icushim_converter_open(name, &code) else { return nil }
        self.handle = handle
    }

    deinit {
        icushim_converter_close(handle)
    }

    /// True when ICU has a converter for `name`.
    package static func isKnown(_ name: String) -> Bool {
        EncodingConverter(charset: name) != nil
    }

    /// The outcome of one ``convert(_:into:flush:)``.
    package struct Progress {
        /// The source bytes used.
        package var consumed: Int
        /// The UTF-8 bytes written.
        package var produced: Int
        /// ICU's error code when conversion failed for a reason other than a full target.
        package var errorCode: Int32
    }

    /// Converts from `source` into `target` until one runs out. `flush` says that `source`
    /// holds the last bytes of the input. Ill-formed input becomes U+FFFD.
    package func convert(_ source: UnsafeRawBufferPointer, into target: UnsafeMutableRawBufferPointer, flush: Bool) -> Progress {
        let sourceBase = source.baseAddress?.assumingMemoryBound(to: CChar.self)
        let targetBase = target.baseAddress!.assumingMemoryBound(to: CChar.self)
        var sourcePointer: UnsafePointer<CChar>? = sourceBase
        var targetPointer: UnsafeMutablePointer<CChar>? = targetBase
        let code = icushim_converter_to_utf8(
            handle, &sourcePointer, sourceBase.map { $0 + source.count }, &targetPointer, targetBase + target.count, flush
        )
        let consumed = sourceBase.map { sourcePointer! - $0 } ?? 0
        let produced = targetPointer! - targetBase
        let bufferOverflow: Int32 = 15  // U_BUFFER_OVERFLOW_ERROR: the target is full.
        return Progress(consumed: consumed, produced: produced, errorCode: code > 0 && code != bufferOverflow ? code : 0)
    }

    /// The charset named by a UTF-16 or UTF-32 byte-order mark at the start of `bytes`, and the
    /// mark's length; nil for any other start, a UTF-8 mark included (it stays part of the first
    /// line, as in grep).
    ///
    /// ICU is asked only when the first byte may start such a mark (FE FF, FF FE, 00 00 FE FF
    /// or FF FE 00 00): most inputs are then told apart without ICU, which a search that needs
    /// none otherwise had to load for this question alone.
    package static func unicodeSignature(_ bytes: UnsafeRawBufferPointer) -> (charset: String, length: Int)? {
        guard let base = bytes.baseAddress, bytes.count >= 2 else { return nil }
        guard bytes[0] == 0xFE || bytes[0] == 0xFF || bytes[0] == 0x00 else { return nil }
        var length: Int32 = 0
        let checked = Int32(min(bytes.count, 4))
        guard let name = icushim_detect_unicode_signature(base.assumingMemoryBound(to: CChar.self), checked, &length) else {
            return nil
        }
        let charset = String(cString: name)
        guard charset.hasPrefix("UTF-16") || charset.hasPrefix("UTF-32") else { return nil }
        return (charset, Int(length))
    }
}
