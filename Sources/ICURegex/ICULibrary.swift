import CICUShim

/// The ICU library that ICURegex runs on.
package enum ICULibrary {
    /// The version of the ICU library in use, such as `72.1`.
    package static var version: String {
        // ICU's version strings fit in 20 bytes with their NUL.
        var buffer = [CChar](repeating: 0, count: 32)
        buffer.withUnsafeMutableBufferPointer { pointer in
            icushim_icu_version(pointer.baseAddress, Int32(pointer.count))
        }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
