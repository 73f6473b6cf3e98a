/// The UTF-8 offset of each UTF-16 offset of `string` at which a character starts, and of the
/// string's end (index `string.utf16.count`); -1 at the offset of a surrogate pair's second
/// half, where no character starts. Differential tests use it to compare a match found in the
/// UTF-16 text with one found in the UTF-8 text.
public func utf8OffsetsOfUTF16Offsets(in string: String) -> [Int] {
    var offsets = [Int](repeating: -1, count: string.utf16.count + 1)
    var unitOffset = 0
    var byteOffset = 0
    for scalar in string.unicodeScalars {
        offsets[unitOffset] = byteOffset
        unitOffset += UTF16.width(scalar)
        byteOffset += UTF8.width(scalar)
    }
    offsets[unitOffset] = byteOffset
    return offsets
}

/// The UTF-16 offset of each UTF-8 offset of `string` at which a character starts, and of the
/// string's end (index `string.utf8.count`); -1 inside a character: the inverse of
/// ``utf8OffsetsOfUTF16Offsets(in:)``, to read a match found in the UTF-8 text in UTF-16 offsets.
public func utf16OffsetsOfUTF8Offsets(in string: String) -> [Int] {
    var offsets = [Int](repeating: -1, count: string.utf8.count + 1)
    var byteOffset = 0
    var unitOffset = 0
    for scalar in string.unicodeScalars {
        offsets[byteOffset] = unitOffset
        byteOffset += UTF8.width(scalar)
        unitOffset += UTF16.width(scalar)
    }
    offsets[byteOffset] = unitOffset
    return offsets
}
