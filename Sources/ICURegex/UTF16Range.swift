/// A range in UTF-16 code units, as a location and a length: the shape of Foundation's
/// `NSRange`, without Foundation.
///
/// "Not found" is ``notFound``: a location of `Int.max` (Foundation's `NSNotFound`) and a
/// length of 0.
public struct UTF16Range: Hashable, Sendable {
    /// The offset of the first code unit.
    public var location: Int

    /// The number of code units.
    public var length: Int

    /// Creates a range from a location and a length.
    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }

    /// Creates a range that covers `range`.
    public init(_ range: Range<Int>) {
        self.init(location: range.lowerBound, length: range.count)
    }

    /// The value for "no match": location `Int.max`, which equals Foundation's `NSNotFound`,
    /// and length 0.
    public static let notFound = UTF16Range(location: Int.max, length: 0)

    /// True when this is ``notFound``.
    public var isNotFound: Bool { location == Int.max }

    /// The range as a `Range<Int>`, or nil for ``notFound``.
    public var range: Range<Int>? {
        isNotFound ? nil : location..<(location + length)
    }
}
