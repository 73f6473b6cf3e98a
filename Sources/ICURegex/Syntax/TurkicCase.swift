/// The case pairs of the letter i in glibc's Turkish, Azeri and related locales (`tr_TR`,
/// `az_AZ`, `crh_UA`, `ku_TR`, `tt_RU@iqtelif`), where `towupper` maps `i` to `İ` (U+0130) and
/// `towlower` maps `I` to `ı` (U+0131): ignoring case, GNU grep matches `i` and `İ` for either,
/// and `I` and `ı` for either, and never `i` for `I`.
///
/// ICU's case-insensitive matching folds without a locale (`I` is `i`, `ı` and `İ` only
/// themselves), so a translation for such a locale writes each of the four letters as an
/// explicit set with case-insensitivity turned off inside it, `(?-i:[iİ])`; the other letters
/// keep ICU's folding, which agrees with glibc's for them. The line search reads those groups
/// as it reads any ICU pattern (the flag groups are part of its syntax), so its prefilter and
/// automata need no rule of their own.
package enum TurkicCase {
    /// The four letters whose case the locale maps differently: `i`, `I`, `ı`, `İ`.
    package static let letters: Set<Unicode.Scalar> = ["i", "I", "\u{131}", "\u{130}"]

    /// The letters that `scalar` matches ignoring case in such a locale, itself included; nil
    /// for a scalar that is not one of ``letters``.
    package static func caseVariants(of scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
        switch scalar {
        case "i", "\u{130}": return ["i", "\u{130}"]
        case "I", "\u{131}": return ["I", "\u{131}"]
        default: return nil
        }
    }

    /// The ICU pattern that matches what `scalar` matches ignoring case in such a locale, in a
    /// pattern compiled case-insensitively; nil for a scalar that is not one of ``letters``.
    package static func pattern(for scalar: Unicode.Scalar) -> String? {
        guard let variants = caseVariants(of: scalar) else { return nil }
        return explicitSet(variants)
    }

    /// An ICU pattern matching exactly `members` (some of ``letters``), case-insensitivity
    /// turned off; nil when `members` is empty.
    package static func explicitSet(_ members: some Sequence<Unicode.Scalar>) -> String? {
        let sorted = Set(members).sorted()
        guard !sorted.isEmpty else { return nil }
        return "(?-i:[" + sorted.map(POSIXPatternTranslator.setLiteral).joined() + "])"
    }

    /// `text`, a fixed string (`-F`), as an ICU pattern matching it ignoring case in such a
    /// locale: the four letters as ``pattern(for:)`` writes them, everything else quoted.
    package static func fixedStringPattern(_ text: String) -> String {
        var result = ""
        var run = ""
        func flush() {
            if !run.isEmpty { result += PatternAssembler.quoted(run) }
            run = ""
        }
        for scalar in text.unicodeScalars {
            if let letter = pattern(for: scalar) {
                flush()
                result += letter
            } else {
                run.unicodeScalars.append(scalar)
            }
        }
        flush()
        return result
    }

    /// Which of ``letters`` glibc's class `name` (`alpha`, `upper`…) holds ignoring case: all
    /// four for the classes of letters (with `-i`, `[:upper:]` and `[:lower:]` are `[:alpha:]`),
    /// none for the others.
    package static func members(ofClassNamed name: String) -> Set<Unicode.Scalar> {
        ["alpha", "alnum", "upper", "lower", "print", "graph"].contains(name) ? letters : []
    }

    /// True when `text`, a fixed string, holds one of the four letters.
    package static func holdsLetter(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: letters.contains)
    }
}
