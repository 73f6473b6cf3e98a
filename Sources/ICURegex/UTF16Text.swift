import CICUShim

/// Searches of Swift strings, which are stored as UTF-8, through ICU, which matches UTF-16.
///
/// Because a search range is searched as a text of its own, only that range is transcoded,
/// into a temporary buffer (on the stack when it is small). Offsets in the result are UTF-16
/// offsets into the range, as in Foundation, and are turned back into indices of the string.
enum UTF16Text {
    /// Transcodes `string[range]` to UTF-16, calls `body` with the units and the range to
    /// search within them, and converts the UTF-16 result back to string indices.
    static func search(
        _ string: String,
        range: Range<String.Index>?,
        _ body: (UnsafeBufferPointer<UInt16>, Range<Int>) throws(ICURegexError) -> UTF16Range
    ) throws(ICURegexError) -> Range<String.Index>? {
        let bounds = range ?? string.startIndex..<string.endIndex
        // A whole string's bounds are always on scalars; a given range's may not be.
        let isScalarAligned =
            range == nil
            || (bounds.lowerBound.samePosition(in: string.unicodeScalars) != nil
                && bounds.upperBound.samePosition(in: string.unicodeScalars) != nil)
        if isScalarAligned {
            // Native strings keep their UTF-8 contiguous: slice it by offsets, with no
            // Substring and no copy. (Bridged strings take the general path below.)
            let utf8View = string.utf8
            let lower = utf8View.distance(from: utf8View.startIndex, to: bounds.lowerBound)
            let upper = lower + utf8View.distance(from: bounds.lowerBound, to: bounds.upperBound)
            let outcome = utf8View.withContiguousStorageIfAvailable { whole in
                searchTranscodingRange(string, bounds: bounds, utf8: UnsafeBufferPointer(rebasing: whole[lower..<upper]), body)
            }
            if let outcome {
                return try outcome.get()
            }
        }
        return try searchTranscodingWhole(string, bounds: bounds, body).get()
    }

    /// The usual path: the range starts and ends on Unicode scalars, so its UTF-8 bytes
    /// (`utf8`) are transcoded by themselves.
    private static func searchTranscodingRange(
        _ string: String,
        bounds: Range<String.Index>,
        utf8: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt16>, Range<Int>) throws(ICURegexError) -> UTF16Range
    ) -> Result<Range<String.Index>?, ICURegexError> {
        withUTF16(of: utf8) { units in
            let found: UTF16Range
            do throws(ICURegexError) {
                found = try body(units, 0..<units.count)
            } catch {
                return .failure(error)
            }
            guard let match = found.range else { return .success(nil) }
            // Every scalar took one byte: UTF-16 offsets are UTF-8 offsets, which index in O(1).
            if units.count == utf8.count {
                let lower = string.utf8.index(bounds.lowerBound, offsetBy: match.lowerBound)
                let upper = string.utf8.index(lower, offsetBy: match.count)
                return .success(lower..<upper)
            }
            let view = string.utf16
            let lower = view.index(bounds.lowerBound, offsetBy: match.lowerBound)
            let upper = view.index(lower, offsetBy: match.count)
            return .success(lower..<upper)
        }
    }

    /// The rare path: a bound falls inside a scalar (between the two halves of a surrogate
    /// pair), so the whole string is transcoded and searched from that UTF-16 offset.
    private static func searchTranscodingWhole(
        _ string: String,
        bounds: Range<String.Index>,
        _ body: (UnsafeBufferPointer<UInt16>, Range<Int>) throws(ICURegexError) -> UTF16Range
    ) -> Result<Range<String.Index>?, ICURegexError> {
        let view = string.utf16
        let units = Array(view)
        let lower = view.distance(from: view.startIndex, to: bounds.lowerBound)
        let upper = view.distance(from: view.startIndex, to: bounds.upperBound)
        return units.withUnsafeBufferPointer { units in
            let found: UTF16Range
            do throws(ICURegexError) {
                found = try body(units, lower..<upper)
            } catch {
                return .failure(error)
            }
            guard let match = found.range else { return .success(nil) }
            let start = view.index(view.startIndex, offsetBy: match.lowerBound)
            return .success(start..<view.index(start, offsetBy: match.count))
        }
    }

    /// Calls `body` with the UTF-16 form of the well-formed UTF-8 in `utf8`.
    static func withUTF16<Result>(
        of utf8: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt16>) -> Result
    ) -> Result {
        // Each UTF-8 byte yields at most one UTF-16 unit.
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(utf8.count, 1)) { buffer in
            // Widen the ASCII prefix here (short texts are often all ASCII, and a call into
            // ICU costs more than the loop); ICU converts the rest.
            let asciiCount = asciiPrefixLength(utf8)
            let target = buffer.baseAddress!
            let source = utf8.baseAddress!
            for index in 0..<asciiCount {
                target[index] = UInt16(source[index])  // a loop the compiler vectorizes
            }
            var count = asciiCount
            if asciiCount < utf8.count {
                let rest = UnsafeBufferPointer(rebasing: utf8[asciiCount...])
                let converted = rest.withMemoryRebound(to: CChar.self) { bytes in
                    icushim_utf8_to_utf16(
                        bytes.baseAddress, Int64(bytes.count),
                        buffer.baseAddress! + asciiCount, Int64(buffer.count - asciiCount))
                }
                precondition(converted >= 0, "UTF16Text: a Swift string held ill-formed UTF-8")
                count += Int(converted)
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The number of leading ASCII bytes in `utf8`, checked eight bytes at a time.
    @inline(__always)
    static func asciiPrefixLength(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= utf8.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 { break }
            index += 8
        }
        while index < utf8.count, base[index] < 0x80 {
            index += 1
        }
        return index
    }
}
