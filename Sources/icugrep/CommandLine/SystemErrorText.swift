import Glibc

/// The C library's descriptions of system errors, as GNU grep prints them.
enum SystemErrorText {
    /// The text for the `errno` value `errorNumber`, such as `No such file or directory`.
    static func describe(_ errorNumber: Int32) -> String {
        String(cString: strerror(errorNumber))
    }
}
