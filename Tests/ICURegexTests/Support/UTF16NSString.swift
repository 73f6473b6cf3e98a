import Foundation

/// An `NSString` that holds its UTF-16 code units exactly as given, lone surrogates included.
///
/// On Linux, `NSString(characters:length:)` stores a Swift `String` and so turns every lone
/// surrogate into U+FFFD. This subclass overrides the two primitive methods of the class
/// cluster instead, as Apple's `NSString` subclasses do.
final class UTF16NSString: NSString {
    let units: [unichar]

    init(_ units: [unichar]) {
        self.units = units
        // The only designated initializer Foundation exports on Linux; the storage it fills is
        // never read, because `length` and `character(at:)` are overridden.
        super.init(characters: units, length: units.count)
    }

    convenience init(_ string: String) {
        self.init(Array(string.utf16))
    }

    required init(string aString: String) {
        units = Array(aString.utf16)
        super.init(characters: units, length: units.count)
    }

    required init?(coder: NSCoder) {
        fatalError("UTF16NSString does not support NSCoding")
    }

    required init(itemProviderData data: Data, typeIdentifier: String) throws {
        fatalError("UTF16NSString does not support item providers")
    }

    required convenience init(stringLiteral value: StaticString) {
        self.init(value.description)
    }

    required convenience init(extendedGraphemeClusterLiteral value: StaticString) {
        self.init(value.description)
    }

    required convenience init(unicodeScalarLiteral value: StaticString) {
        self.init(value.description)
    }

    override var length: Int { units.count }

    override func character(at index: Int) -> unichar { units[index] }
}
