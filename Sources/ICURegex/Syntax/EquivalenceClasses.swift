import CICUShim
import Synchronization

/// How a POSIX equivalence class `[=c=]` reads in the locale GNU grep runs in (its
/// `LC_COLLATE`).
///
/// glibc's C, POSIX and C.UTF-8 locales have no collation: `[=c=]` is `c` alone, and only a
/// single byte is accepted. Every other glibc locale weighs characters by ISO 14651's table
/// (with the locale's tailoring), and `[=c=]` holds every character of the same first-level
/// weight as `c`: `[[=a=]]` in en_US.UTF-8 matches `a`, `A`, `à`, `Å`, `ª`, `ａ`, `ⓐ`, `⒜`, `𝐚`…
/// ICU's collator for the same language at primary strength, with punctuation and symbols
/// ignorable (shifted, up to the symbols), weighs them so too. Measured against glibc 2.36
/// in en_US.UTF-8 (`Tools/measure-equivalence-classes.c`) over 538 characters `c` (ASCII,
/// Latin-1 and Latin Extended, 300 drawn from the assigned code points) and every assigned
/// code point: each of the 483 classes of a letter, digit or currency sign holds all of
/// glibc's members (12,522 in all) and 639 more, digits and letters of scripts that glibc's
/// table leaves out or of newer Unicode; of the 55 classes of punctuation and symbols (which
/// glibc weighs as nothing, so that each holds about 8,262 characters), 94% of glibc's
/// members are ICU's too.
package enum EquivalenceClasses: Sendable, Equatable {
    /// C.UTF-8: `[=c=]` is the single-byte character `c`.
    case codePoints
    /// A collating locale, by its ICU locale ID (`en_US`, `tr_TR`): `[=c=]` is every character
    /// that locale's collation weighs as `c` at the first level.
    case collation(locale: String)

    /// The ICU locale ID of the glibc locale name `name` (`en_US.UTF-8`, `tr_TR.utf8@euro`),
    /// or nil for a locale without collation (C, POSIX, C.UTF-8), where classes are
    /// ``codePoints``.
    package static func collatingLocale(glibcName name: String) -> String? {
        let language = name.prefix { $0 != "." && $0 != "@" }
        guard !language.isEmpty, language != "C", language != "POSIX" else { return nil }
        return String(language)
    }

    /// The ICU set items (ranges of `\x{…}`) of the characters in `scalar`'s class in `locale`,
    /// nil when ICU has no collator for it. Computed once per locale and character (tens of
    /// milliseconds: every assigned code point is compared).
    static func members(of scalar: Unicode.Scalar, locale: String) -> String? {
        let key = CacheKey(locale: locale, scalar: scalar)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        var ranges = [UInt32](repeating: 0, count: 512)
        var count = ranges.withUnsafeMutableBufferPointer {
            icushim_primary_equivalents(locale, scalar.value, $0.baseAddress, Int32($0.count))
        }
        if count > Int32(ranges.count) {
            ranges = [UInt32](repeating: 0, count: Int(count))
            count = ranges.withUnsafeMutableBufferPointer {
                icushim_primary_equivalents(locale, scalar.value, $0.baseAddress, Int32($0.count))
            }
        }
        guard count >= 0 else { return nil }
        var items = ""
        for index in stride(from: 0, to: Int(count), by: 2) {
            guard let first = Unicode.Scalar(ranges[index]), let last = Unicode.Scalar(ranges[index + 1]) else { continue }
            items += POSIXPatternTranslator.hexEscape(first)
            if last != first { items += "-" + POSIXPatternTranslator.hexEscape(last) }
        }
        cache.withLock { $0[key] = items }
        return items
    }

    private struct CacheKey: Hashable {
        var locale: String
        var scalar: Unicode.Scalar
    }

    /// The classes computed so far: a pattern is read twice (by the syntax check and by the
    /// translation), and `-f` files may repeat a class.
    private static let cache = Mutex<[CacheKey: String]>([:])
}
