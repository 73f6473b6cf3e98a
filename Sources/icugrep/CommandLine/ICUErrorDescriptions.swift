/// Plain-language descriptions of the errors ICU reports for a regular expression, keyed by
/// ICU's name of the error code.
enum ICUErrorDescriptions {
    /// The description for the ICU error `name` (such as `U_REGEX_MISMATCHED_PAREN`), or nil
    /// when there is none.
    static func description(ofICUError name: String) -> String? {
        descriptions[name]
    }

    /// The descriptions of the errors of `uregex_open` and of matching.
    private static let descriptions: [String: String] = [
        "U_REGEX_INTERNAL_ERROR": "internal error in ICU's regular-expression engine",
        "U_REGEX_RULE_SYNTAX": "syntax error in the pattern",
        "U_REGEX_INVALID_STATE": "the matcher is in a state that does not allow this",
        "U_REGEX_BAD_ESCAPE_SEQUENCE": "unrecognized backslash escape sequence",
        "U_REGEX_PROPERTY_SYNTAX": "incorrect Unicode property",
        "U_REGEX_UNIMPLEMENTED": "use of a feature ICU does not implement",
        "U_REGEX_MISMATCHED_PAREN": "unbalanced parentheses",
        "U_REGEX_NUMBER_TOO_BIG": "decimal number too large",
        "U_REGEX_BAD_INTERVAL": "error in a {min,max} interval",
        "U_REGEX_MAX_LT_MIN": "in a {min,max} interval, max is less than min",
        "U_REGEX_INVALID_BACK_REF": "back-reference to a capture group that does not exist",
        "U_REGEX_INVALID_FLAG": "invalid flag in a (?flags) group",
        "U_REGEX_LOOK_BEHIND_LIMIT": "look-behind pattern without a bounded maximum length",
        "U_REGEX_SET_CONTAINS_STRING": "a set expression may not contain strings",
        "U_REGEX_OCTAL_TOO_BIG": "octal character constant too big",
        "U_REGEX_MISSING_CLOSE_BRACKET": "missing closing bracket of a set expression",
        "U_REGEX_INVALID_RANGE": "in a character range [x-y], x is greater than y",
        "U_REGEX_STACK_OVERFLOW": "the match needed more backtracking stack than allowed",
        "U_REGEX_TIME_OUT": "the match took longer than the time limit",
        "U_REGEX_STOPPED_BY_CALLER": "the match was stopped",
        "U_REGEX_PATTERN_TOO_BIG": "pattern too large or too complex",
        "U_REGEX_INVALID_CAPTURE_GROUP_NAME": "invalid capture group name",
        "U_ILLEGAL_ARGUMENT_ERROR": "illegal argument",
        "U_MEMORY_ALLOCATION_ERROR": "out of memory",
        "U_INVALID_CHAR_FOUND": "invalid character in the pattern",
    ]
}
