import Foundation

/// One text in each form that the peers search: a Swift `String`, a UTF-16 buffer for
/// ICURegex's compiled patterns and raw ICU, and an `NSString` for Foundation.
///
/// Every form is made once, before any measurement, so that no benchmark pays for another's
/// conversion.
public final class Haystack: @unchecked Sendable {
    // @unchecked: nothing here changes after init; the buffer is only ever read.

    /// The text as a Swift string.
    public let string: String

    /// The text's UTF-16 code units. Allocated once and never freed: a haystack lives as long
    /// as the benchmark process.
    public let utf16: UnsafeBufferPointer<UInt16>

    /// The text as an `NSString` that stores UTF-16, Foundation's best case: its searches need
    /// no transcoding.
    public let nsString: NSString

    /// Makes the three forms of `string`.
    public init(_ string: String) {
        self.string = string
        let units = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(string.utf16.count, 1))
        _ = units.initialize(from: string.utf16)
        self.utf16 = UnsafeBufferPointer(rebasing: units[..<string.utf16.count])
        self.nsString = NSString(characters: units.baseAddress!, length: string.utf16.count)
    }

    /// The length in UTF-16 code units.
    public var count: Int { utf16.count }

    /// The size in UTF-8 bytes.
    public var byteCount: Int { string.utf8.count }

    /// The UTF-16 units of `range` as a string, for checking what a peer matched.
    public func text(of range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: utf16[range]), as: UTF16.self)
    }
}
