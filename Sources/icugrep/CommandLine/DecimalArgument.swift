/// Reads a decimal option argument as GNU grep does with gnulib's `xstrtoimax(text, 0, 10, ...)`.
///
/// Leading white space and one `+` or `-` sign are allowed; then at least one digit and
/// nothing else. A number too large in magnitude is clamped to `Int.max` or `Int.min` rather
/// than rejected, as `xstrtoimax` reports an overflow with the clamped value.
enum DecimalArgument {
    /// The value of `text`, or nil when it is not a decimal number.
    static func value(of text: String) -> Int? {
        var bytes = Substring(text).utf8[...]
        // strtol skips what C's isspace accepts in the C locale.
        while let first = bytes.first, isCWhiteSpace(first) {
            bytes = bytes.dropFirst()
        }
        var isNegative = false
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            isNegative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        guard !bytes.isEmpty else { return nil }
        var magnitude: Int = 0
        var overflowed = false
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            let (product, productOverflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, sumOverflow) = product.addingReportingOverflow(digit)
            if productOverflow || sumOverflow {
                overflowed = true
            } else {
                magnitude = sum
            }
        }
        if overflowed {
            return isNegative ? Int.min : Int.max
        }
        return isNegative ? -magnitude : magnitude
    }

    /// True for the bytes C's `isspace` accepts in the C locale: space, `\t`, `\n`, `\v`, `\f`
    /// and `\r`.
    private static func isCWhiteSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D)
    }
}
