/// Joins the digits of `-NUM` options into context lengths, as GNU grep's
/// `get_nondigit_option` does.
///
/// Digits that follow each other in one command-line element form one number (`-12` is 12);
/// a digit in a new element, or after another option letter, starts a new number (`-1 -5` is
/// 5, and so is `-1n5`). The last number wins. Leading zeros are dropped, and a number of more
/// than 21 digits is an error reported with the first 21 and `...`.
struct ContextDigitAccumulator {
    /// The most digits grep keeps before calling the number invalid (the size of the text of
    /// the largest `intmax_t`, with its sign and terminator).
    static let maximumDigitCount = 21

    /// The digits of the number being read.
    private var digits = ""
    /// The element the last digit came from, when the last option was a digit.
    private var lastDigitElementIndex: Int?
    /// The context length of the last complete or partial number, if any.
    private(set) var contextLength: Int?

    /// Adds one digit found in the element at `elementIndex`; throws when the number has grown
    /// too long.
    mutating func addDigit(_ digit: Character, elementIndex: Int) throws(CommandLineError) {
        if lastDigitElementIndex != elementIndex {
            digits = ""
        } else if digits == "0" {
            // Suppress leading zeros, so that 00000000000000000000001 is fine.
            digits = ""
        }
        if digits.count == Self.maximumDigitCount {
            throw .fatal("\(digits)...: invalid context length argument")
        }
        digits.append(digit)
        lastDigitElementIndex = elementIndex
        contextLength = DecimalArgument.value(of: digits)
    }

    /// Notes that an option other than a digit came, which ends the number being read.
    mutating func endNumber() {
        lastDigitElementIndex = nil
    }
}
