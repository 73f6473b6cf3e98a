import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The regular-expression engine under Foundation's `NSString.range(of:options:range:)` on
/// Linux (CoreFoundation's `_CFRegularExpression`, with Foundation's bundled ICU), called
/// directly on a `CFString` that holds the UTF-16 units of the search range verbatim.
///
/// Why: Linux Foundation's regular-expression search first converts the `NSString` to a Swift
/// `String`, which turns every lone surrogate into U+FFFD, so for texts with lone surrogates its
/// answer is not the one Apple's Foundation gives. Below that conversion, Foundation hands the
/// engine a string without contiguous UTF-16 storage, so the engine copies the range into a
/// buffer of its own and searches that buffer whole: the range is a text of its own. This
/// reference does the same with the units as they are. The differential test checks that it
/// agrees with `NSString.range(of:)` on every text without lone surrogates.
///
/// The functions are found with `dlsym` in the Foundation already loaded; `reference` is nil
/// when they are missing (another platform or toolchain), and the tests that need it skip.
struct CoreFoundationRegex {
    private typealias CreateString = @convention(c) (UnsafeRawPointer?, UnsafePointer<UInt16>?, Int) -> UnsafeMutableRawPointer?
    private typealias Release = @convention(c) (UnsafeRawPointer?) -> Void
    private typealias CreateRegex = @convention(c) (
        UnsafeRawPointer?, UnsafeRawPointer?, UInt, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> UnsafeMutableRawPointer?
    /// `void (*)(void *context, CFRange *ranges, CFIndex count, flags, Boolean *stop)`.
    private typealias MatchCallback = @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, Int, UInt, UnsafeMutablePointer<UInt8>?
    ) -> Void
    /// `_CFRegularExpressionEnumerateMatchesInString(regex, string, options, CFRange range,
    /// context, callback)`. The `CFRange` argument (two `CFIndex` values) is declared as two
    /// `Int` parameters: on x86-64 (System V) and AArch64 a 16-byte struct of two integers is
    /// passed in the same two registers as two separate integers.
    private typealias Enumerate = @convention(c) (
        UnsafeMutableRawPointer?, UnsafeRawPointer?, UInt, Int, Int, UnsafeMutableRawPointer?, MatchCallback?
    ) -> Void

    private let createString: CreateString
    private let release: Release
    private let createRegex: CreateRegex
    private let enumerate: Enumerate

    /// The reference, or nil when this Foundation does not have the functions.
    static func load() -> CoreFoundationRegex? {
        #if (os(Linux) || os(Android)) && (arch(x86_64) || arch(arm64))
        guard let process = dlopen(nil, RTLD_NOW),
            let createString = dlsym(process, "CFStringCreateWithCharacters"),
            let release = dlsym(process, "CFRelease"),
            let createRegex = dlsym(process, "_CFRegularExpressionCreate"),
            let enumerate = dlsym(process, "_CFRegularExpressionEnumerateMatchesInString")
        else { return nil }
        return CoreFoundationRegex(
            createString: unsafeBitCast(createString, to: CreateString.self),
            release: unsafeBitCast(release, to: Release.self),
            createRegex: unsafeBitCast(createRegex, to: CreateRegex.self),
            enumerate: unsafeBitCast(enumerate, to: Enumerate.self)
        )
        #else
        return nil
        #endif
    }

    /// The first match of `pattern` in `units[range]`, searched as a text of its own and
    /// unanchored, as Foundation's engine finds it; `nil` when the pattern does not compile;
    /// `NSNotFound` when there is no match.
    func firstMatch(of pattern: String, caseInsensitive: Bool, in units: [UInt16], range: NSRange) -> NSRange? {
        let patternUnits = Array(pattern.utf16)
        guard let patternString = patternUnits.withUnsafeBufferPointer({ createString(nil, $0.baseAddress, $0.count) }) else {
            return nil
        }
        defer { release(patternString) }
        // _kCFRegularExpressionCaseInsensitive is 1 << 0.
        guard let regex = createRegex(nil, patternString, caseInsensitive ? 1 : 0, nil) else { return nil }
        defer { release(regex) }
        let searched = units[range.location..<(range.location + range.length)]
        guard let text = searched.withUnsafeBufferPointer({ createString(nil, $0.baseAddress, $0.count) }) else {
            return nil
        }
        defer { release(text) }
        var found = NSRange(location: NSNotFound, length: 0)
        withUnsafeMutablePointer(to: &found) { found in
            enumerate(regex, text, 0, 0, range.length, UnsafeMutableRawPointer(found)) {
                context, ranges, count, _, stop in
                guard let context, let ranges, count > 0 else { return }
                let found = context.assumingMemoryBound(to: NSRange.self)
                found.pointee = NSRange(location: ranges[0], length: ranges[1])
                stop?.pointee = 1
            }
        }
        if found.location != NSNotFound { found.location += range.location }
        return found
    }
}
