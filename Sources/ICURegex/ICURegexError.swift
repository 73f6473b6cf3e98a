import CICUShim

/// An error from ICU's regular-expression engine, with the position in the pattern when ICU
/// reports one.
///
/// Like swift-system's `Errno`, each failure has a Swift name, and each name documents the
/// ICU `UErrorCode` it stands for. Catch a specific one with a pattern:
///
/// ```swift
/// do {
///     _ = try RegexPattern("(")
/// } catch ICURegexError.mismatchedParenthesis {
///     // ...
/// }
/// ```
///
/// An error describes itself in words, with its place in the pattern, such as "unbalanced
/// parentheses at offset 1"; ``reason`` gives the words alone, and ``icuName`` ICU's name of
/// the code.
///
/// Two errors are equal when their codes are equal: the position in the pattern is context,
/// not identity.
public struct ICURegexError: Error, RawRepresentable, Hashable, Sendable {
    /// ICU's `UErrorCode` value.
    public let rawValue: Int32

    /// The 1-based line of the pattern where compilation failed, when ICU says.
    public var patternLine: Int?

    /// The offset, in UTF-16 code units from the start of `patternLine`, where compilation
    /// failed, when ICU says.
    public var patternOffset: Int?

    /// Creates an error from ICU's `UErrorCode` value.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Creates an error from ICU's `UErrorCode` value and the position in the pattern.
    public init(rawValue: Int32, patternLine: Int?, patternOffset: Int?) {
        self.rawValue = rawValue
        self.patternLine = patternLine
        self.patternOffset = patternOffset
    }

    /// ICU's symbolic name for the code, such as `U_REGEX_MISMATCHED_PAREN`.
    public var icuName: String {
        String(cString: icushim_error_name(rawValue))
    }

    /// Compares codes only: the position in the pattern does not take part.
    public static func == (lhs: ICURegexError, rhs: ICURegexError) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    /// Lets `catch ICURegexError.timeLimitExceeded` match any error with that code.
    public static func ~= (lhs: ICURegexError, rhs: any Error) -> Bool {
        guard let rhs = rhs as? ICURegexError else { return false }
        return lhs == rhs
    }

    // MARK: General failures

    /// An argument was not valid, such as a negative length (`U_ILLEGAL_ARGUMENT_ERROR`).
    public static var illegalArgument: ICURegexError { .init(rawValue: 1) }

    /// ICU could not allocate memory (`U_MEMORY_ALLOCATION_ERROR`).
    public static var memoryAllocation: ICURegexError { .init(rawValue: 7) }

    /// An index was outside the text (`U_INDEX_OUTOFBOUNDS_ERROR`).
    public static var indexOutOfBounds: ICURegexError { .init(rawValue: 8) }

    /// The operation is not supported in this context (`U_UNSUPPORTED_ERROR`).
    public static var unsupported: ICURegexError { .init(rawValue: 16) }

    // MARK: Pattern errors

    /// An internal error in ICU's regular-expression engine (`U_REGEX_INTERNAL_ERROR`).
    public static var internalError: ICURegexError { .init(rawValue: 0x10300) }

    /// A syntax error in the pattern (`U_REGEX_RULE_SYNTAX`).
    public static var syntax: ICURegexError { .init(rawValue: 0x10301) }

    /// The matcher was in a state that does not allow the operation (`U_REGEX_INVALID_STATE`).
    public static var invalidState: ICURegexError { .init(rawValue: 0x10302) }

    /// An unrecognized backslash escape sequence (`U_REGEX_BAD_ESCAPE_SEQUENCE`).
    public static var badEscapeSequence: ICURegexError { .init(rawValue: 0x10303) }

    /// An incorrect Unicode property, such as `\p{Nonsense}` (`U_REGEX_PROPERTY_SYNTAX`).
    public static var propertySyntax: ICURegexError { .init(rawValue: 0x10304) }

    /// A feature ICU does not implement (`U_REGEX_UNIMPLEMENTED`).
    public static var unimplemented: ICURegexError { .init(rawValue: 0x10305) }

    /// Parentheses that do not pair up (`U_REGEX_MISMATCHED_PAREN`).
    public static var mismatchedParenthesis: ICURegexError { .init(rawValue: 0x10306) }

    /// A decimal number that is too large (`U_REGEX_NUMBER_TOO_BIG`).
    public static var numberTooBig: ICURegexError { .init(rawValue: 0x10307) }

    /// An error in a `{min,max}` interval (`U_REGEX_BAD_INTERVAL`).
    public static var badInterval: ICURegexError { .init(rawValue: 0x10308) }

    /// In `{min,max}`, max is less than min (`U_REGEX_MAX_LT_MIN`).
    public static var maxLessThanMin: ICURegexError { .init(rawValue: 0x10309) }

    /// A back-reference to a capture group that does not exist (`U_REGEX_INVALID_BACK_REF`).
    public static var invalidBackReference: ICURegexError { .init(rawValue: 0x1030A) }

    /// An invalid inline match-mode flag (`U_REGEX_INVALID_FLAG`).
    public static var invalidFlag: ICURegexError { .init(rawValue: 0x1030B) }

    /// A look-behind whose match length has no bounded maximum (`U_REGEX_LOOK_BEHIND_LIMIT`).
    public static var lookBehindLimit: ICURegexError { .init(rawValue: 0x1030C) }

    /// A set that contains strings, which ICU's patterns do not allow
    /// (`U_REGEX_SET_CONTAINS_STRING`).
    public static var setContainsString: ICURegexError { .init(rawValue: 0x1030D) }

    /// A bracket expression with no closing bracket (`U_REGEX_MISSING_CLOSE_BRACKET`).
    public static var missingCloseBracket: ICURegexError { .init(rawValue: 0x1030F) }

    /// A character range `[x-y]` whose x is greater than y (`U_REGEX_INVALID_RANGE`).
    public static var invalidRange: ICURegexError { .init(rawValue: 0x10310) }

    /// A pattern whose size or complexity exceeds ICU's limits (`U_REGEX_PATTERN_TOO_BIG`),
    /// such as groups and bracket expressions nested more than 99 deep (which ICU 72 itself
    /// reports as ``internalError``).
    public static var patternTooBig: ICURegexError { .init(rawValue: 0x10314) }

    /// An invalid name for a named capture group (`U_REGEX_INVALID_CAPTURE_GROUP_NAME`).
    public static var invalidCaptureGroupName: ICURegexError { .init(rawValue: 0x10315) }

    // MARK: Search limits

    /// The search used more backtracking stack than its limit allows
    /// (`U_REGEX_STACK_OVERFLOW`). See ``RegexPattern/Limits``.
    public static var stackLimitExceeded: ICURegexError { .init(rawValue: 0x10311) }

    /// The search ran longer than its time limit (`U_REGEX_TIME_OUT`). See
    /// ``RegexPattern/Limits``.
    public static var timeLimitExceeded: ICURegexError { .init(rawValue: 0x10312) }

    /// A progress callback stopped the search (`U_REGEX_STOPPED_BY_CALLER`); only
    /// ICURegexFoundation's `NSRegularExpression` drop-in installs one.
    public static var stoppedByCaller: ICURegexError { .init(rawValue: 0x10313) }

    /// True for the two errors that mean a search hit one of its limits rather than a fault in
    /// the pattern: ``timeLimitExceeded`` and ``stackLimitExceeded``.
    public var isLimitExceeded: Bool {
        self == .timeLimitExceeded || self == .stackLimitExceeded
    }
}

extension ICURegexError {
    /// What went wrong, in words, such as "unbalanced parentheses"; ICU's name of the code
    /// (``icuName``) for a code that has no words here.
    public var reason: String {
        Self.reasons[self] ?? icuName
    }

    /// The words for the errors that compiling a pattern and searching with it report, and
    /// for two codes without a name (ICU says U_REGEX_OCTAL_TOO_BIG no longer occurs).
    private static let reasons: [ICURegexError: String] = [
        .internalError: "internal error in ICU's regular-expression engine",
        .syntax: "syntax error in the pattern",
        .invalidState: "the matcher is in a state that does not allow this",
        .badEscapeSequence: "unrecognized backslash escape sequence",
        .propertySyntax: "incorrect Unicode property",
        .unimplemented: "use of a feature ICU does not implement",
        .mismatchedParenthesis: "unbalanced parentheses",
        .numberTooBig: "decimal number too large",
        .badInterval: "error in a {min,max} interval",
        .maxLessThanMin: "in a {min,max} interval, max is less than min",
        .invalidBackReference: "back-reference to a capture group that does not exist",
        .invalidFlag: "invalid flag in a (?flags) group",
        .lookBehindLimit: "look-behind pattern without a bounded maximum length",
        .setContainsString: "a set expression may not contain strings",
        ICURegexError(rawValue: 0x1030E): "octal character constant too big",  // U_REGEX_OCTAL_TOO_BIG
        .missingCloseBracket: "missing closing bracket of a set expression",
        .invalidRange: "in a character range [x-y], x is greater than y",
        .stackLimitExceeded: "the match needed more backtracking stack than allowed",
        .timeLimitExceeded: "the match took longer than the time limit",
        .stoppedByCaller: "the match was stopped",
        .patternTooBig: "pattern too large, too complex or too deeply nested",
        .invalidCaptureGroupName: "invalid capture group name",
        .illegalArgument: "illegal argument",
        .memoryAllocation: "out of memory",
        ICURegexError(rawValue: 10): "invalid character in the pattern",  // U_INVALID_CHAR_FOUND
        .indexOutOfBounds: "index outside the text",
        .unsupported: "operation not supported",
    ]
}

extension ICURegexError: CustomStringConvertible {
    /// What went wrong in words (``reason``) and, for pattern errors, where in the pattern it
    /// was found: "unbalanced parentheses at offset 3".
    public var description: String {
        var text = reason
        if let patternOffset {
            text += " at offset \(patternOffset)"
            if let patternLine, patternLine > 1 {
                text += " of line \(patternLine)"
            }
        }
        return text
    }
}
