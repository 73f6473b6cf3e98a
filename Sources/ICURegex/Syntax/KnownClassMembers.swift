import CICUShim

/// The code points of a class known without ICU, so that searching for it neither loads ICU
/// nor asks it: a bracket class that only lists characters and ranges of them (`[0-9]`,
/// `[^A-Za-z_]`, `[?!]`, `[,，]`), read by ICU's rules, or one of the classes whose ranges were
/// generated from ICU (``ICUClassRanges``: `\w`, `\s`, `\d`, `\h`, `\v`, their negations, `.`,
/// and the classes the readings of `\b` use), when the ICU in use is the version they were
/// generated from.
///
/// A bracket class is read only when each of its items is a character, escaped ASCII
/// punctuation (`\-`, `\]`, `\.`) or a range of two of them, after an optional `^`. Anything
/// else leaves the class to ICU, which is then asked as for every other class: escapes that
/// name a character or a class (`\t`, `\x41`, `\p{…}`), nested sets and their operators
/// (`[[a-z]&&[^q]]`, `--`), POSIX names (`[:alpha:]`), strings (`{ab}`), `$`, white space, a `-`
/// or `^` that is not a range or the negation, and a range whose ends are out of order (an
/// error that ICU reports). So do the options that change what a class holds or how it is
/// read: free spacing (`x`) and a literal pattern, and ignoring case, except for the generated
/// classes that hold the same code points either way.
package struct KnownClassMembers: Equatable, Sendable {
    /// Sorted, disjoint ranges with gaps between them: the code points the class holds, or,
    /// when ``isNegated``, those it does not.
    package let ranges: [ClosedRange<UInt32>]
    /// True when the class holds every code point outside ``ranges`` (`[^…]`, `\W`), surrogate
    /// code points included (as ICU's complement of a set does).
    package let isNegated: Bool

    /// The code points of the class `text`, compiled with `options`; nil when the class is
    /// neither one of ``ICUClassRanges`` nor a list of characters and ranges, or `options`
    /// change its meaning.
    package init?(classText text: String, options: RegexPattern.Options) {
        guard options.isDisjoint(with: [.allowCommentsAndWhitespace, .ignoreMetacharacters]) else { return nil }
        let ignoringCase = options.contains(.caseInsensitive)
        if let generated = Self.generatedRanges[GeneratedKey(text: text, mode: LineMode(text: text, options: options))],
            !ignoringCase || generated.holdsIgnoringCase
        {
            self.ranges = generated.ranges
            self.isNegated = generated.isNegated
            return
        }
        guard !ignoringCase else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 3, scalars.first == "[", scalars.last == "]" else { return nil }
        let end = scalars.count - 1
        var index = 1
        let isNegated = scalars[index] == "^"
        if isNegated { index += 1 }
        // `[:` opens a POSIX name in ICU.
        guard index < end, scalars[index] != ":" else { return nil }

        /// The character at `index`, plain or escaped punctuation, and the index after it.
        func character(at index: Int) -> (value: UInt32, next: Int)? {
            guard index < end else { return nil }
            let scalar = scalars[index]
            if scalar == "\\" {
                guard index + 1 < end else { return nil }
                let escaped = scalars[index + 1]
                guard escaped.isASCII, escaped.properties.isPatternSyntax else { return nil }
                return (escaped.value, index + 2)
            }
            guard !scalar.properties.isPatternWhitespace, !Self.setSyntax.contains(scalar) else { return nil }
            return (scalar.value, index + 1)
        }

        var listed: [ClosedRange<UInt32>] = []
        while index < end {
            guard let low = character(at: index) else { return nil }
            index = low.next
            if index < end && scalars[index] == "-" {
                guard let high = character(at: index + 1), low.value <= high.value else { return nil }
                index = high.next
                listed.append(low.value...high.value)
            } else {
                listed.append(low.value...low.value)
            }
        }
        listed.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        for range in listed {
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
        self.isNegated = isNegated
    }

    /// What a class of ``ICUClassRanges`` depends on besides its text: only `.` depends on the
    /// options, by the line separators it does not match.
    package enum LineMode: Hashable, Sendable {
        /// Any options.
        case any
        /// `.` without options: every code point but ICU's line separators.
        case lineSeparators
        /// `.` with `.useUnixLineSeparators`: every code point but `\n`.
        case unixLines
        /// `.` with `.dotMatchesLineSeparators`: every code point.
        case dotMatchesAll

        /// The mode of the class `text` compiled with `options`.
        init(text: String, options: RegexPattern.Options) {
            if text != "." {
                self = .any
            } else if options.contains(.dotMatchesLineSeparators) {
                self = .dotMatchesAll
            } else if options.contains(.useUnixLineSeparators) {
                self = .unixLines
            } else {
                self = .lineSeparators
            }
        }
    }

    private struct GeneratedKey: Hashable {
        let text: String
        let mode: LineMode
    }

    /// The ranges of ``ICUClassRanges``, by class, built at first use; none when the ICU in use
    /// is another version than the one they were generated from.
    private static let generatedRanges: [GeneratedKey: GeneratedClass] = {
        guard icushim_compiled_major_version() == ICUClassRanges.icuMajorVersion else { return [:] }
        var table: [GeneratedKey: GeneratedClass] = [:]
        for (text, mode, holdsIgnoringCase, list, isNegated) in ICUClassRanges.classes {
            let bounds = ICUClassRanges.rangeLists[list]
            let ranges = stride(from: 0, to: bounds.count, by: 2).map { bounds[$0]...bounds[$0 + 1] }
            table[GeneratedKey(text: text, mode: mode)] = GeneratedClass(
                ranges: ranges, isNegated: isNegated, holdsIgnoringCase: holdsIgnoringCase)
        }
        return table
    }()

    /// A class of ``ICUClassRanges``, read.
    private struct GeneratedClass {
        let ranges: [ClosedRange<UInt32>]
        let isNegated: Bool
        let holdsIgnoringCase: Bool
    }

    /// True when the ICU in use is the version ``ICUClassRanges`` was generated from, so that
    /// its classes are known without ICU.
    package static var usesGeneratedRanges: Bool { !generatedRanges.isEmpty }

    /// The characters that mean something in a set, unescaped: nesting, negation, ranges, set
    /// operators, variables and anchors, strings, POSIX names.
    private static let setSyntax: Set<Unicode.Scalar> = ["[", "]", "^", "-", "&", "$", "{", "}", ":", "\\"]

    /// True when the class holds the code point `value`.
    package func contains(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        let inRanges = low < ranges.count && ranges[low].contains(value)
        return inRanges != isNegated
    }
}
