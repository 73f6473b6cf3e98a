import CByteScan

/// Searches of Swift strings, which are stored as UTF-8, through ICU, which matches UTF-16.
///
/// Because a search range is searched as a text of its own, only that range is transcoded,
/// into a temporary buffer (on the stack when it is small). Offsets in the result are UTF-16
/// offsets into the range, as in Foundation, and are turned back into indices of the string.
package enum UTF16Text {
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
            let count = transcode(utf8, into: buffer.baseAddress!)
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Widens `ascii`, bytes every one of which is ASCII (below 0x80: the caller knows it, as
    /// of a string with as many UTF-8 bytes as UTF-16 units), to as many UTF-16 units at
    /// `target`. The bytes' units are the bytes themselves, so that the sixteen-byte vectors of
    /// ``transcode(_:into:)`` cover a text to its end (the last block overlapping the one
    /// before it), without that loop's search for the end of a run of ASCII and its tail
    /// widened eight and one at a time: about 180 instructions of a line of 60 characters
    /// there, 60 here.
    package static func widenASCII(_ ascii: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt16>) {
        guard let source = ascii.baseAddress else { return }
        bytescan_widen_all_ascii(source, ascii.count, target)
    }

    /// Transcodes the well-formed UTF-8 of a Swift string to UTF-16 at `target`, which has room
    /// for `utf8.count` units, and returns the number of units written.
    ///
    /// (Package-wide for the tests, which check it against the standard library's
    /// transcoding. `ICURegularExpression` widened an ASCII string's lines with it, where a
    /// byte-by-byte loop took about 6% of rebar's `unicode-character-data/parse-line`; it now
    /// widens them with ``widenASCII(_:into:)``.)
    ///
    /// Swift guarantees that a string's UTF-8 is well-formed, so there is nothing to validate:
    /// runs of ASCII go sixteen bytes at a time, widened as one vector, and the rest is decoded
    /// scalar by scalar, the vector tried only where a run of ASCII starts. (Trying it before
    /// every scalar, `ICURegularExpression.numberOfMatches` of a literal in the 1.5 MB of
    /// Russian subtitles took 6.4 times raw ICU's 0.95 ms, most of it here; 4.0 times since.) (ICU's
    /// converter validates every byte and took twice as long on English subtitles; the
    /// validating ``UTF8Decoding``, which raw input needs, took 1.3 to 1.4 times as long on
    /// Russian text and 1.6 times as long on Chinese.)
    package static func transcode(_ utf8: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt16>) -> Int {
        guard let source = utf8.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(source)
        let end = utf8.count
        var input = 0
        var output = 0
        while input < end {
            let lead = UInt32(source[input])
            if lead < 0x80 {
                // A run of ASCII: widened sixteen bytes at a time, then eight, then one by one
                // to its end. Only a run starts the vector (a text of non-ASCII letters with
                // single spaces between words calls it once a word, not once a letter).
                if input + 16 <= end {
                    let widened = bytescan_widen_ascii(source + input, end - input, target + output)
                    input += widened
                    output += widened
                }
                while input + 8 <= end,
                    raw.loadUnaligned(fromByteOffset: input, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    for offset in 0..<8 {
                        target[output + offset] = UInt16(source[input + offset])
                    }
                    input += 8
                    output += 8
                }
                while input < end, source[input] < 0x80 {
                    target[output] = UInt16(source[input])
                    input += 1
                    output += 1
                }
                continue
            }
            let scalar: UInt32
            switch lead {
            case ..<0xE0:
                scalar = (lead & 0x1F) << 6 | UInt32(source[input + 1] & 0x3F)
                input += 2
            case ..<0xF0:
                scalar = (lead & 0x0F) << 12 | UInt32(source[input + 1] & 0x3F) << 6
                    | UInt32(source[input + 2] & 0x3F)
                input += 3
            default:
                scalar = (lead & 0x07) << 18 | UInt32(source[input + 1] & 0x3F) << 12
                    | UInt32(source[input + 2] & 0x3F) << 6 | UInt32(source[input + 3] & 0x3F)
                input += 4
            }
            if scalar < 0x1_0000 {
                target[output] = UInt16(truncatingIfNeeded: scalar)
                output += 1
            } else {
                let offset = scalar - 0x1_0000
                target[output] = UInt16(truncatingIfNeeded: 0xD800 + (offset >> 10))
                target[output + 1] = UInt16(truncatingIfNeeded: 0xDC00 + (offset & 0x3FF))
                output += 2
            }
        }
        return output
    }
}

extension UTF16 {
    /// The code point of the surrogate pair `lead`, `trail`.
    @inline(__always)
    static func scalarValue(lead: UInt16, trail: UInt16) -> UInt32 {
        0x10000 + (UInt32(lead - 0xD800) << 10) + UInt32(trail - 0xDC00)
    }
}

extension UTF16Text {
    /// Transcodes the UTF-8 of `string[bounds]` into `target`, which has room for as many units
    /// as the range has UTF-8 bytes (each byte gives at most one unit), and returns the number
    /// of units written; nil when a bound falls inside a scalar (between the halves of a
    /// surrogate pair) or the string's UTF-8 is not contiguous (a bridged string), where the
    /// caller copies the string's UTF-16 view instead.
    package static func transcode(
        _ string: String, bounds: Range<String.Index>, into target: UnsafeMutablePointer<UInt16>
    ) -> Int? {
        guard bounds.lowerBound.samePosition(in: string.unicodeScalars) != nil,
            bounds.upperBound.samePosition(in: string.unicodeScalars) != nil
        else { return nil }
        return string.utf8[bounds].withContiguousStorageIfAvailable { transcode($0, into: target) }
    }

    /// Calls `body` with the UTF-16 code units `utf16Offsets` of `string` (offsets from its
    /// start), transcoded from its UTF-8 where ``transcode(_:bounds:into:)`` can, and copied from
    /// its UTF-16 view otherwise.
    package static func withUnits<Result>(
        of string: String, utf16Offsets: Range<Int>, _ body: (UnsafeBufferPointer<UInt16>) throws -> Result
    ) rethrows -> Result {
        let view = string.utf16
        let lower = view.index(view.startIndex, offsetBy: utf16Offsets.lowerBound)
        let upper = view.index(lower, offsetBy: utf16Offsets.count)
        let utf8Count = string.utf8.distance(from: lower, to: upper)
        let transcoded = try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(utf8Count, 1)) { buffer in
            try transcode(string, bounds: lower..<upper, into: buffer.baseAddress!).map { count in
                try body(UnsafeBufferPointer(rebasing: buffer[..<count]))
            }
        }
        if let transcoded { return transcoded }
        return try Array(view[lower..<upper]).withUnsafeBufferPointer(body)
    }
}
